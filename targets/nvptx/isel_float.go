package nvptx

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// fastmath returns the op's fast-math flags.
func fastmath(op *ir.Operation) llvm.FastmathFlags {
	if a, ok := op.Attr(llvm.FastmathFlagsAttrName).(*llvm.FastmathAttr); ok {
		return a.Flags
	}
	return llvm.FastmathNone
}

// roundSuffix is the rounding modifier of add/sub/mul: `.rn` pins the
// rounding and forbids ptxas from contracting a mul and an add into an fma;
// it is left out when the op allows contraction (LLVM's `contract` flag)
// or the emitter was asked to fuse as Triton does (enable_fp_fusion).
func (f *fn) roundSuffix(op *ir.Operation) string {
	if f.m.opts.FPFusion || fastmath(op)&llvm.FastmathContract != 0 {
		return ""
	}
	return ".rn"
}

// native reports whether PTX has the float instruction for t on this
// architecture; f16 and bf16 ops it lacks are computed in f32.
func (f *fn) native(ins string, t ir.Type) bool {
	switch floatKind(t) {
	case ir.F32, ir.F64:
		return true
	case ir.F16:
		return true
	case ir.BF16:
		switch ins {
		case "add", "sub", "mul", "setp":
			return f.m.arch.sm >= 90
		case "fma", "min", "max", "neg", "abs":
			return f.m.arch.sm >= 80
		}
	}
	return false
}

// toF32 returns an f32 register holding the f16/bf16 (or f32) value v.
func (f *fn) toF32(v *value) string {
	if floatKind(v.typ) == ir.F32 {
		return f.reg(v)
	}
	r := f.regs.alloc(classF32)
	f.inss("cvt.f32.%s %s, %s", ftype(v.typ), r, f.reg(v))
	return r
}

// fromF32 rounds the f32 register r to the 16-bit float dst.
func (f *fn) fromF32(dst *value, r string) {
	f.inss("cvt.rn.%s.f32 %s, %s", ftype(dst.typ), dst.reg, r)
}

// viaF32 computes a 16-bit float op in f32: widen, compute into a fresh
// f32 register, round once.
func (f *fn) viaF32(dst *value, xs []*value, compute func(d string, srcs []string)) {
	srcs := make([]string, len(xs))
	for i, x := range xs {
		srcs[i] = f.toF32(x)
	}
	r := f.regs.alloc(classF32)
	compute(r, srcs)
	f.fromF32(dst, r)
}

func (f *fn) emitFloatBinary(op *ir.Operation) error {
	return f.elementwise(op, func(d *value, xs []*value) error {
		t := d.typ
		ft := ftype(t)
		if ft == "" {
			return errUnsupported(op, t)
		}
		rnd := f.roundSuffix(op)
		if ft == "f16" || ft == "bf16" {
			rnd = ".rn" // 16-bit results must round here, not after a fused op
		}
		var ins string
		switch op.Name() {
		case "llvm.fadd":
			ins = "add"
		case "llvm.fsub":
			ins = "sub"
		case "llvm.fmul":
			ins = "mul"
		case "llvm.fdiv":
			return f.emitDiv(op, d, xs)
		case "llvm.frem":
			return f.emitRem(d, xs)
		}
		if f.native(ins, t) {
			f.inss("%s%s.%s %s, %s, %s", ins, rnd, ft, d.reg, f.reg(xs[0]), f.src(xs[1]))
			return nil
		}
		if ft == "bf16" && f.native("fma", t) {
			// One fma rounds once, exactly as the missing instruction would:
			// a+b = fma(a, 1, b), a-b = fma(b, -1, a), a*b = fma(a, b, -0).
			switch ins {
			case "add":
				f.inss("fma.rn.bf16 %s, %s, %s, %s", d.reg, f.reg(xs[0]), f.bits16(0x3F80), f.reg(xs[1]))
			case "sub":
				f.inss("fma.rn.bf16 %s, %s, %s, %s", d.reg, f.reg(xs[1]), f.bits16(0xBF80), f.reg(xs[0]))
			case "mul":
				f.inss("fma.rn.bf16 %s, %s, %s, %s", d.reg, f.reg(xs[0]), f.reg(xs[1]), f.bits16(0x8000))
			}
			return nil
		}
		f.viaF32(d, xs, func(r string, s []string) { f.inss("%s.rn.f32 %s, %s, %s", ins, r, s[0], s[1]) })
		return nil
	})
}

// bits16 returns a b16 register holding a constant bit pattern.
func (f *fn) bits16(bits uint16) string {
	r := f.regs.alloc(classB16)
	f.ins("mov.b16 %s, 0x%04X", r, bits)
	return r
}

// emitDiv: IEEE division (div.rn) unless the op allows approximate
// functions (`afn`), then div.approx.
func (f *fn) emitDiv(op *ir.Operation, d *value, xs []*value) error {
	mode := ".rn"
	if fastmath(op)&llvm.FastmathAFN != 0 {
		mode = ".approx"
	}
	switch ft := ftype(d.typ); ft {
	case "f32":
		f.inss("div%s.f32 %s, %s, %s", mode, d.reg, f.reg(xs[0]), f.src(xs[1]))
	case "f64":
		f.inss("div.rn.f64 %s, %s, %s", d.reg, f.reg(xs[0]), f.src(xs[1]))
	default:
		f.viaF32(d, xs, func(r string, s []string) { f.inss("div%s.f32 %s, %s, %s", mode, r, s[0], s[1]) })
	}
	return nil
}

// emitRem computes LLVM's frem (C fmod): a - trunc(a/b)*b, and a itself
// when b is infinite (where the formula would give NaN).
func (f *fn) emitRem(d *value, xs []*value) error {
	ft := ftype(d.typ)
	compute := func(r, a, b, t string) {
		c := classF32
		if t == "f64" {
			c = classF64
		}
		q := f.regs.alloc(c)
		f.inss("div.rn.%s %s, %s, %s", t, q, a, b)
		f.inss("cvt.rzi.%s.%s %s, %s", t, t, q, q)
		f.inss("neg.%s %s, %s", t, q, q)
		f.inss("fma.rn.%s %s, %s, %s, %s", t, r, q, b, a)
		abs := f.regs.alloc(c)
		f.inss("abs.%s %s, %s", t, abs, b)
		p := f.regs.alloc(classPred)
		inf := "0f7F800000"
		if t == "f64" {
			inf = "0d7FF0000000000000"
		}
		f.inss("setp.eq.%s %s, %s, %s", t, p, abs, inf)
		f.inss("selp.%s %s, %s, %s, %s", t, r, a, r, p)
	}
	switch ft {
	case "f32", "f64":
		compute(d.reg, f.reg(xs[0]), f.reg(xs[1]), ft)
	default:
		f.viaF32(d, xs, func(r string, s []string) { compute(r, s[0], s[1], "f32") })
	}
	return nil
}

func (f *fn) emitFNeg(op *ir.Operation) error {
	return f.elementwise(op, func(d *value, xs []*value) error {
		return f.signOp(op, d, xs[0], "neg")
	})
}

// signOp is fneg and fabs: sign-bit operations, exact for every value
// (NaN included).
func (f *fn) signOp(op *ir.Operation, d, x *value, ins string) error {
	switch ft := ftype(d.typ); ft {
	case "f32", "f64":
		f.inss("%s.%s %s, %s", ins, ft, d.reg, f.reg(x))
	case "f16", "bf16":
		if ins == "neg" {
			f.inss("xor.b16 %s, %s, 0x8000", d.reg, f.reg(x))
		} else {
			f.inss("and.b16 %s, %s, 0x7FFF", d.reg, f.reg(x))
		}
	default:
		return errUnsupported(op, d.typ)
	}
	return nil
}

// emitFloatIntrinsic handles llvm.intr.* float math.
func (f *fn) emitFloatIntrinsic(op *ir.Operation) error {
	return f.elementwise(op, func(d *value, xs []*value) error {
		t := d.typ
		ft := ftype(t)
		if ft == "" {
			return errUnsupported(op, t)
		}
		wide := ft == "f32" || ft == "f64"
		unary := func(ins string) {
			if wide {
				f.inss("%s.%s %s, %s", ins, ft, d.reg, f.reg(xs[0]))
				return
			}
			f.viaF32(d, xs, func(r string, s []string) { f.inss("%s.f32 %s, %s", ins, r, s[0]) })
		}
		approx := func(ins string) error {
			if ft == "f64" {
				return errUnsupported(op, t)
			}
			unary(ins + ".approx")
			return nil
		}
		switch op.Name() {
		case "llvm.intr.fma", "llvm.intr.fmuladd":
			if wide || f.native("fma", t) {
				f.inss("fma.rn.%s %s, %s, %s, %s", ft, d.reg, f.reg(xs[0]), f.src(xs[1]), f.src(xs[2]))
				return nil
			}
			f.viaF32(d, xs, func(r string, s []string) { f.inss("fma.rn.f32 %s, %s, %s, %s", r, s[0], s[1], s[2]) })
		case "llvm.intr.fabs":
			return f.signOp(op, d, xs[0], "abs")
		case "llvm.intr.maxnum", "llvm.intr.minnum", "llvm.intr.maximum", "llvm.intr.minimum":
			return f.emitMinMax(op, d, xs)
		case "llvm.intr.copysign":
			// copysign(mag, sgn); PTX's copysign takes the sign source first.
			if wide {
				f.inss("copysign.%s %s, %s, %s", ft, d.reg, f.reg(xs[1]), f.reg(xs[0]))
				return nil
			}
			mag := f.regs.alloc(classB16)
			sgn := f.regs.alloc(classB16)
			f.inss("and.b16 %s, %s, 0x7FFF", mag, f.reg(xs[0]))
			f.inss("and.b16 %s, %s, 0x8000", sgn, f.reg(xs[1]))
			f.inss("or.b16 %s, %s, %s", d.reg, mag, sgn)
		case "llvm.intr.sqrt":
			if fastmath(op)&llvm.FastmathAFN != 0 && ft != "f64" {
				return approx("sqrt")
			}
			unary("sqrt.rn")
		case "llvm.intr.floor":
			f.roundInt(d, xs, "rmi")
		case "llvm.intr.ceil":
			f.roundInt(d, xs, "rpi")
		case "llvm.intr.trunc":
			f.roundInt(d, xs, "rzi")
		case "llvm.intr.roundeven":
			f.roundInt(d, xs, "rni")
		case "llvm.intr.round":
			f.roundHalfAway(d, xs)
		// PTX has only approximate transcendental instructions; these are
		// what LLVM's NVPTX backend selects for the intrinsics under afn,
		// and what Triton's fast math uses.
		case "llvm.intr.exp2":
			return approx("ex2")
		case "llvm.intr.log2":
			return approx("lg2")
		case "llvm.intr.sin":
			return approx("sin")
		case "llvm.intr.cos":
			return approx("cos")
		case "llvm.intr.exp", "llvm.intr.log":
			if ft == "f64" {
				return errUnsupported(op, t)
			}
			// exp(x) = 2^(x log2 e), log(x) = log2(x) ln 2.
			compute := func(r, x string) {
				tmp := f.regs.alloc(classF32)
				if op.Name() == "llvm.intr.exp" {
					f.inss("mul.f32 %s, %s, 0f3FB8AA3B", tmp, x)
					f.inss("ex2.approx.f32 %s, %s", r, tmp)
					return
				}
				f.inss("lg2.approx.f32 %s, %s", tmp, x)
				f.inss("mul.f32 %s, %s, 0f3F317218", r, tmp)
			}
			if ft == "f32" {
				compute(d.reg, f.reg(xs[0]))
				return nil
			}
			f.viaF32(d, xs, func(r string, s []string) { compute(r, s[0]) })
		default:
			return errUnsupported(op, t)
		}
		return nil
	})
}

// roundInt rounds to an integral value in the float format (cvt.rXi).
func (f *fn) roundInt(d *value, xs []*value, mode string) {
	ft := ftype(d.typ)
	if ft == "f32" || ft == "f64" || ft == "f16" {
		f.inss("cvt.%s.%s.%s %s, %s", mode, ft, ft, d.reg, f.reg(xs[0]))
		return
	}
	f.viaF32(d, xs, func(r string, s []string) { f.inss("cvt.%s.f32.f32 %s, %s", mode, r, s[0]) })
}

// roundHalfAway is llvm.round: to the nearest integer, ties away from
// zero: trunc(x + copysign(0.5 - ulp/2, x)) would lose precision for
// large x, so use trunc(|x| + 0.5) with x's sign, and x itself once |x| is
// at least 2^23 (2^52 for f64: already integral). The sum is rounded
// toward zero, as libdevice's round does: to nearest, the largest value
// below 0.5 plus 0.5 would tie up to 1.
func (f *fn) roundHalfAway(d *value, xs []*value) {
	compute := func(r, x, t string) {
		c, half, big := classF32, "0f3F000000", "0f4B000000"
		if t == "f64" {
			c, half, big = classF64, "0d3FE0000000000000", "0d4330000000000000"
		}
		a := f.regs.alloc(c)
		f.inss("abs.%s %s, %s", t, a, x)
		s := f.regs.alloc(c)
		f.inss("add.rz.%s %s, %s, %s", t, s, a, half)
		f.inss("cvt.rzi.%s.%s %s, %s", t, t, s, s)
		f.inss("copysign.%s %s, %s, %s", t, s, x, s)
		p := f.regs.alloc(classPred)
		f.inss("setp.ge.%s %s, %s, %s", t, p, a, big)
		f.inss("selp.%s %s, %s, %s, %s", t, r, x, s, p)
	}
	switch ft := ftype(d.typ); ft {
	case "f32", "f64":
		compute(d.reg, f.reg(xs[0]), ft)
	default:
		f.viaF32(d, xs, func(r string, s []string) { compute(r, s[0], "f32") })
	}
}

// emitMinMax: maxnum/minnum return the non-NaN operand (PTX min/max);
// maximum/minimum propagate NaN (PTX's .NaN variants, which f64 lacks).
func (f *fn) emitMinMax(op *ir.Operation, d *value, xs []*value) error {
	ins := "max"
	if op.Name() == "llvm.intr.minnum" || op.Name() == "llvm.intr.minimum" {
		ins = "min"
	}
	propagate := op.Name() == "llvm.intr.maximum" || op.Name() == "llvm.intr.minimum"
	ft := ftype(d.typ)
	switch {
	case ft == "f64" && propagate:
		m := f.regs.alloc(classF64)
		f.inss("%s.f64 %s, %s, %s", ins, m, f.reg(xs[0]), f.reg(xs[1]))
		p := f.regs.alloc(classPred)
		f.inss("setp.nan.f64 %s, %s, %s", p, f.reg(xs[0]), f.reg(xs[1]))
		n := f.regs.alloc(classF64)
		f.inss("add.rn.f64 %s, %s, %s", n, f.reg(xs[0]), f.reg(xs[1]))
		f.inss("selp.f64 %s, %s, %s, %s", d.reg, n, m, p)
	case ft == "f32" || ft == "f64" || f.native(ins, d.typ):
		nan := ""
		if propagate {
			nan = ".NaN"
		}
		f.inss("%s%s.%s %s, %s, %s", ins, nan, ft, d.reg, f.reg(xs[0]), f.src(xs[1]))
	default:
		nan := ""
		if propagate {
			nan = ".NaN"
		}
		f.viaF32(d, xs, func(r string, s []string) { f.inss("%s%s.f32 %s, %s, %s", ins, nan, r, s[0], s[1]) })
	}
	return nil
}
