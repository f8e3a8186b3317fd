package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's conversions between integers and floats, f64 to f32 in a
// chosen rounding, and its reinterpretations of bits. Each of libdevice's
// bodies is one NVVM intrinsic, and each is one gpu.cvt here, the PTX cvt
// that intrinsic selects:
//
//   - __nv_{float,double}2{int,uint,ll,ull}_{rn,rz,rd,ru}: cvt.rni (rzi,
//     rmi, rpi) to s32, u32, s64 or u64: rounded to an integer, clamped to
//     the integer type's range, NaN to 0. The f32 forms are cvt.*.ftz under
//     the FTZ reflect (a subnormal operand counts as a zero: float2int_rd
//     of -1e-40 is 0, not -1).
//   - __nv_double2float_{rn,rz,rd,ru}: cvt.rn (rz, rm, rp).f32.f64, .ftz
//     under the FTZ reflect (a subnormal result becomes a zero of its
//     sign).
//   - __nv_{int,uint,ll,ull}2float_*, __nv_{ll,ull}2double_*,
//     __nv_{int,uint}2double_rn: cvt.rn (rz, rm, rp) of the signed or
//     unsigned integer.
//   - __nv_llrint (d2ll.rn), __nv_llrintf (f2ll.rn, .ftz under the FTZ
//     reflect; libdevice's other branch, an emulation, is for __CUDA_ARCH
//     5.x; tt targets sm_70 and newer).
//
// Others are a few operations: __nv_llround adds ±0.5 rounded toward zero
// and truncates, i.e. rounds half away from zero, converted by cvt.rzi
// (saturating, NaN to 0): here llvm.round then cvt.rzi.s64.f64, the same
// values (tt's PTX for llvm.round adds 0.5 to |x| toward zero too, and
// keeps x from 2^52 on). __nv_llroundf rounds half away from zero in
// integer arithmetic, ±inf and values beyond the i64 range to its limits
// and NaN to INT64_MIN: here llvm.round, cvt.rzi.s64.f32 (which clamps
// alike) and NaN selected.
// __nv_nearbyint is cvt.rni.f64.f64 (llvm.roundeven). The rest are
// bitcasts and the f64's 32-bit words.
//
// Signless IR: the unsigned forms take and give i32 and i64 ("i", "l" in
// externSignatures, as Triton's uint32 and uint64 lower).
//
// On AMD (no libdevice) the same gpu.cvt ops are lowered by targets/llvmir
// in LLVM's operations (saturating conversions of the rounded value;
// directed roundings of integers by stepping the nearest value); the FTZ
// reflect is not applied there (AMD keeps f32 subnormals, as tt's flushed
// functions do).

// libdeviceRoundings are libdevice's rounding suffixes.
var libdeviceRoundings = map[string]gpu.Rounding{"rn": gpu.RoundRN, "rz": gpu.RoundRZ, "rd": gpu.RoundRM, "ru": gpu.RoundRP}

var _ = registerLibm(func() {
	reg := func(name, sig string, f libdeviceAlgorithm) {
		libdeviceAlgorithms[name] = f
		externSignatures[name] = sig
	}
	// Float -> integer, every rounding.
	for _, c := range []struct {
		name, sig string
		unsigned  bool
	}{
		{"float2int", "fi", false}, {"float2uint", "fi", true}, {"float2ll", "fl", false}, {"float2ull", "fl", true},
		{"double2int", "di", false}, {"double2uint", "di", true}, {"double2ll", "dl", false}, {"double2ull", "dl", true},
	} {
		for sfx, r := range libdeviceRoundings {
			unsigned, res := c.unsigned, c.sig[1]
			reg("__nv_"+c.name+"_"+sfx, c.sig, func(e *emitter, a []ir.Value, ftz bool) ir.Value {
				return e.cvtFloatToInt(a[0], e.sigType(res), r, unsigned, ftz)
			})
		}
	}
	// Integer -> float.
	for _, c := range []struct {
		name, sig string
		unsigned  bool
		sfxs      []string
	}{
		{"int2float", "if", false, nil}, {"uint2float", "if", true, nil},
		{"ll2float", "lf", false, nil}, {"ull2float", "lf", true, nil},
		{"ll2double", "ld", false, nil}, {"ull2double", "ld", true, nil},
		{"int2double", "id", false, []string{"rn"}}, {"uint2double", "id", true, []string{"rn"}},
	} {
		sfxs := c.sfxs
		if sfxs == nil {
			sfxs = []string{"rn", "rz", "rd", "ru"}
		}
		for _, sfx := range sfxs {
			r, unsigned, res := libdeviceRoundings[sfx], c.unsigned, c.sig[1]
			reg("__nv_"+c.name+"_"+sfx, c.sig, func(e *emitter, a []ir.Value, _ bool) ir.Value {
				return gpu.NewCvt(e.b, e.loc, e.sigType(res), gpu.CvtOptions{Rounding: r, Unsigned: unsigned}, a[0]).Result(0)
			})
		}
	}
	// f64 -> f32.
	for sfx, r := range libdeviceRoundings {
		reg("__nv_double2float_"+sfx, "df", func(e *emitter, a []ir.Value, ftz bool) ir.Value {
			return gpu.NewCvt(e.b, e.loc, e.f32(), gpu.CvtOptions{Rounding: r, FTZ: e.flushesF32(ftz)}, a[0]).Result(0)
		})
	}
	// Bits.
	bitcast := func(res byte) libdeviceAlgorithm {
		return func(e *emitter, a []ir.Value, _ bool) ir.Value { return e.bitcast(a[0], e.sigType(res)) }
	}
	for name, sig := range map[string]string{
		"__nv_float_as_int": "fi", "__nv_float_as_uint": "fi", "__nv_int_as_float": "if", "__nv_uint_as_float": "if",
		"__nv_double_as_longlong": "dl", "__nv_longlong_as_double": "ld",
	} {
		reg(name, sig, bitcast(sig[1]))
	}
	reg("__nv_double2loint", "di", func(e *emitter, a []ir.Value, _ bool) ir.Value {
		lo, _ := e.wordsOfF64(a[0])
		return lo
	})
	reg("__nv_double2hiint", "di", func(e *emitter, a []ir.Value, _ bool) ir.Value { return e.highWordOfF64(a[0]) })
	reg("__nv_hiloint2double", "iid", func(e *emitter, a []ir.Value, _ bool) ir.Value { return e.f64OfWords(a[1], a[0]) })
	// Rounding to integers.
	reg("__nv_llrint", "dl", func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return e.cvtFloatToInt(a[0], e.i64(), gpu.RoundRN, false, ftz)
	})
	reg("__nv_llrintf", "fl", func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return e.cvtFloatToInt(a[0], e.i64(), gpu.RoundRN, false, ftz)
	})
	reg("__nv_llround", "dl", func(e *emitter, a []ir.Value, _ bool) ir.Value {
		return e.cvtFloatToInt(e.intrinsic("round", a[0].Type(), a[0]), e.i64(), gpu.RoundRZ, false, false)
	})
	reg("__nv_llroundf", "fl", func(e *emitter, a []ir.Value, _ bool) ir.Value {
		x := a[0]
		r := e.cvtFloatToInt(e.intrinsic("round", x.Type(), x), e.i64(), gpu.RoundRZ, false, false)
		return e.selectV(e.fcmp(llvm.FCmpUNO, x, x), e.cInt(e.i64(), math.MinInt64), r)
	})
	reg("__nv_nearbyint", "dd", func(e *emitter, a []ir.Value, _ bool) ir.Value {
		return e.intrinsic("roundeven", a[0].Type(), a[0])
	})
})

// sigType is the type of an externSignatures letter.
func (e *emitter) sigType(letter byte) ir.Type {
	switch letter {
	case 'i':
		return e.i32()
	case 'l':
		return e.i64()
	case 'f':
		return e.f32()
	}
	return e.f64()
}

// flushesF32 is whether a libdevice conversion flushes f32 subnormals:
// under the FTZ reflect, on targets that link libdevice.
func (e *emitter) flushesF32(ftz bool) bool { return ftz && e.l.target.libdeviceMath() }

// cvtFloatToInt is PTX's cvt.r*i of x (f32 or f64) to the integer type
// to: x rounded to an integer in the direction r, clamped to to's signed
// or unsigned range, NaN to 0; .ftz (f32 only) where ftz and the target
// flushes.
func (e *emitter) cvtFloatToInt(x ir.Value, to ir.Type, r gpu.Rounding, unsigned, ftz bool) ir.Value {
	o := gpu.CvtOptions{Rounding: r, Unsigned: unsigned, FTZ: isF32(x.Type()) && e.flushesF32(ftz)}
	return gpu.NewCvt(e.b, e.loc, to, o, x).Result(0)
}
