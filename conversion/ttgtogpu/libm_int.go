package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's integer functions, each in the instructions its libdevice
// body compiles to, so that tt's results are the hardware's as Triton's
// are:
//
//	__nv_brev, __nv_brevll     bit reversal (llvm.bitreverse: brev.b32/.b64)
//	__nv_clz, __nv_clzll       leading zeros (clz.b32/.b64; 32 or 64 for 0)
//	__nv_ffs                   one more than the position of the lowest set
//	                           bit, 0 for 0: bfind.shiftamt of the reversed
//	                           bits (as libdevice's inline assembly) plus 1
//	__nv_ffsll                 64 less the leading zeros of the lowest set bit
//	                           (x & -x), as libdevice computes it
//	__nv_byte_perm             prmt.b32 with the selector's sign-replicate bits
//	                           and upper half cleared (c & 0x7777)
//	__nv_hadd, __nv_uhadd      (a + b) >> 1 without overflow: (a & b) + ((a ^ b) >> 1)
//	__nv_rhadd, __nv_urhadd    (a + b + 1) >> 1: (a | b) - ((a ^ b) >> 1);
//	                           arithmetic shifts for the signed ones
//	__nv_mul24, __nv_umul24    the product of the low 24 bits, sign- or
//	                           zero-extended, modulo 2^32
//	__nv_sad, __nv_usad        c + |a - b| (sad.s32, sad.u32)
//
// None depends on the FTZ reflect. The gpu ops all have AMDGCN lowerings,
// so these compile for AMD targets too.

var _ = registerLibm(func() {
	int2 := func(f func(e *emitter, a, b ir.Value) ir.Value) libdeviceAlgorithm {
		return func(e *emitter, a []ir.Value, _ bool) ir.Value { return f(e, a[0], a[1]) }
	}
	int1 := func(f func(e *emitter, a ir.Value) ir.Value) libdeviceAlgorithm {
		return func(e *emitter, a []ir.Value, _ bool) ir.Value { return f(e, a[0]) }
	}
	brev := int1(func(e *emitter, x ir.Value) ir.Value { return e.intrinsic("bitreverse", x.Type(), x) })
	clz := int1(func(e *emitter, x ir.Value) ir.Value { return gpu.NewClz(e.b, e.loc, x).Result(0) })
	sad := func(unsigned bool) libdeviceAlgorithm {
		return func(e *emitter, a []ir.Value, _ bool) ir.Value {
			return gpu.NewSad(e.b, e.loc, a[0], a[1], a[2], unsigned).Result(0)
		}
	}
	for name, f := range map[string]libdeviceAlgorithm{
		"__nv_brev": brev, "__nv_brevll": brev,
		"__nv_clz": clz, "__nv_clzll": clz,
		"__nv_ffs":   int1((*emitter).ffsLibdevice),
		"__nv_ffsll": int1((*emitter).ffsllLibdevice),
		"__nv_byte_perm": func(e *emitter, a []ir.Value, _ bool) ir.Value {
			return e.prmt(a[0], a[1], e.andC(a[2], 0x7777))
		},
		"__nv_hadd":   int2(func(e *emitter, a, b ir.Value) ir.Value { return e.halfAdd(a, b, false, false) }),
		"__nv_rhadd":  int2(func(e *emitter, a, b ir.Value) ir.Value { return e.halfAdd(a, b, false, true) }),
		"__nv_uhadd":  int2(func(e *emitter, a, b ir.Value) ir.Value { return e.halfAdd(a, b, true, false) }),
		"__nv_urhadd": int2(func(e *emitter, a, b ir.Value) ir.Value { return e.halfAdd(a, b, true, true) }),
		"__nv_mul24":  int2(func(e *emitter, a, b ir.Value) ir.Value { return e.mul24(a, b, false) }),
		"__nv_umul24": int2(func(e *emitter, a, b ir.Value) ir.Value { return e.mul24(a, b, true) }),
		"__nv_sad":    sad(false),
		"__nv_usad":   sad(true),
	} {
		libdeviceAlgorithms[name] = f
	}
	for name, sig := range map[string]string{
		"__nv_brev": "ii", "__nv_brevll": "ll", "__nv_clz": "ii", "__nv_clzll": "li",
		"__nv_ffs": "ii", "__nv_ffsll": "li", "__nv_byte_perm": "iiii",
		"__nv_hadd": "iii", "__nv_rhadd": "iii", "__nv_uhadd": "iii", "__nv_urhadd": "iii",
		"__nv_mul24": "iii", "__nv_umul24": "iii", "__nv_sad": "iiii", "__nv_usad": "iiii",
	} {
		externSignatures[name] = sig
	}
})

// ffsLibdevice is __nv_ffs: bfind.shiftamt of the reversed bits is the
// position of the lowest set bit (0xFFFFFFFF for 0), plus one.
func (e *emitter) ffsLibdevice(x ir.Value) ir.Value {
	rev := e.intrinsic("bitreverse", x.Type(), x)
	return e.addC(gpu.NewBfind(e.b, e.loc, rev, true, true).Result(0), 1)
}

// ffsllLibdevice is __nv_ffsll: 64 less the leading zeros of x & -x (64
// for 0).
func (e *emitter) ffsllLibdevice(x ir.Value) ir.Value {
	low := e.and(x, e.sub(e.cInt(x.Type(), 0), x))
	return e.sub(e.i32c(64), gpu.NewClz(e.b, e.loc, low).Result(0))
}

// halfAdd is the average of a and b rounded down, or up with up, in
// libdevice's overflow-free form; the halving shift is logical for
// unsigned operands, arithmetic for signed ones.
func (e *emitter) halfAdd(a, b ir.Value, unsigned, up bool) ir.Value {
	d := e.xor(a, b)
	one := e.cInt(a.Type(), 1)
	if unsigned {
		d = e.lshr(d, one)
	} else {
		d = e.ashr(d, one)
	}
	if up {
		return e.sub(e.or(a, b), d)
	}
	return e.add(e.and(a, b), d)
}

// mul24 is the product of a's and b's low 24 bits, each sign-extended (or
// zero-extended when unsigned), modulo 2^32.
func (e *emitter) mul24(a, b ir.Value, unsigned bool) ir.Value {
	low := func(v ir.Value) ir.Value {
		if unsigned {
			return e.andC(v, 0xFFFFFF)
		}
		return e.ashr(e.shlC(v, 8), e.cInt(v.Type(), 8))
	}
	return e.mul(low(a), low(b))
}
