package nvptx

import (
	"strings"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// fastMathPTX names the PTX instruction of each gpu fast-math op.
var fastMathPTX = map[string]string{
	"gpu.ex2_approx":      "ex2.approx",
	"gpu.lg2_approx":      "lg2.approx",
	"gpu.rsqrt_approx":    "rsqrt.approx",
	"gpu.rcp_approx":      "rcp.approx",
	"gpu.sqrt_approx":     "sqrt.approx",
	"gpu.sin_approx":      "sin.approx",
	"gpu.cos_approx":      "cos.approx",
	"gpu.tanh_approx":     "tanh.approx",
	"gpu.div_full":        "div.full",
	"gpu.div_approx":      "div.approx",
	"gpu.min_xorsign_abs": "min",
}

// emitFastMath prints the approximate instruction. PTX fixes where .ftz
// may appear: tanh has none; f64 rcp.approx exists only with it; bf16 ex2
// only with it.
func (f *fn) emitFastMath(op *ir.Operation) error {
	ins := fastMathPTX[op.Name()]
	if op.Name() == "gpu.min_xorsign_abs" && f.m.arch.sm < 86 {
		return ir.OpErrorf(op, "min.xorsign.abs needs sm_86 or later, not sm_%d", f.m.arch.sm)
	}
	return f.elementwise(op, func(d *value, xs []*value) error {
		ft := ftype(d.typ)
		ftz := gpu.FTZ(op)
		switch {
		case op.Name() == "gpu.tanh_approx", op.Name() == "gpu.min_xorsign_abs":
			ftz = false
		case ft == "f64" && op.Name() == "gpu.rcp_approx", ft == "bf16" && op.Name() == "gpu.ex2_approx":
			ftz = true
		case ft == "f16":
			ftz = false
		}
		if (ft == "bf16") && f.m.arch.sm < 90 {
			f.viaF32(d, xs, func(r string, s []string) {
				f.inss("%s.f32 %s, %s", ins, r, strings.Join(s, ", "))
			})
			return nil
		}
		mod := ""
		if ftz {
			mod = ".ftz"
		}
		if gpu.NaN(op) {
			mod += ".NaN"
		}
		srcs := make([]string, len(xs))
		for i, x := range xs {
			srcs[i] = f.src(x)
		}
		if op.Name() == "gpu.min_xorsign_abs" {
			mod += ".xorsign.abs" // after .ftz and .NaN
		}
		f.inss("%s%s.%s %s, %s", ins, mod, ft, d.reg, strings.Join(srcs, ", "))
		return nil
	})
}

func (f *fn) emitMulHi(op *ir.Operation) error {
	kind := byte('s')
	if gpu.Unsigned(op) {
		kind = 'u'
	}
	return f.elementwise(op, func(d *value, xs []*value) error {
		f.inss("mul.hi.%s %s, %s, %s", itype(kind, d.typ), d.reg, f.reg(xs[0]), f.src(xs[1]))
		return nil
	})
}

func (f *fn) emitPrmt(op *ir.Operation) error {
	return f.elementwise(op, func(d *value, xs []*value) error {
		f.inss("prmt.b32 %s, %s, %s, %s", d.reg, f.reg(xs[0]), f.src(xs[1]), f.src(xs[2]))
		return nil
	})
}

func (f *fn) emitBfe(op *ir.Operation) error {
	kind := byte('s')
	if gpu.Unsigned(op) {
		kind = 'u'
	}
	return f.elementwise(op, func(d *value, xs []*value) error {
		f.inss("bfe.%s %s, %s, %s, %s", itype(kind, d.typ), d.reg, f.reg(xs[0]), f.src(xs[1]), f.src(xs[2]))
		return nil
	})
}

// roundedPTX names the PTX instruction of each rounded arithmetic op.
var roundedPTX = map[string]string{
	gpu.FAddOp.Name:  "add",
	gpu.FSubOp.Name:  "sub",
	gpu.FMulOp.Name:  "mul",
	gpu.FMAOp.Name:   "fma",
	gpu.FDivOp.Name:  "div",
	gpu.FRcpOp.Name:  "rcp",
	gpu.FSqrtOp.Name: "sqrt",
}

// emitRounded prints gpu.fadd, gpu.fsub, gpu.fmul, gpu.fma, gpu.fdiv,
// gpu.frcp and gpu.fsqrt with their rounding mode (div.rz.ftz.f32,
// sqrt.rp.f64), and gpu.saturate as cvt.sat. The modifier is printed for
// rn too: ptxas never contracts an add or mul that names its rounding
// into an fma, and FPFusion (roundSuffix) drops it only from llvm.fadd
// and llvm.fmul.
func (f *fn) emitRounded(op *ir.Operation) error {
	mods := roundingModifiers(gpu.RoundingOf(op), gpu.FTZ(op))
	return f.elementwise(op, func(d *value, xs []*value) error {
		if op.Name() == gpu.SaturateOp.Name {
			f.inss("cvt%s.sat.f32.f32 %s, %s", mods, d.reg, f.reg(xs[0]))
			return nil
		}
		srcs := []string{f.reg(xs[0])}
		for _, x := range xs[1:] {
			srcs = append(srcs, f.src(x))
		}
		ty := "f32"
		if t, ok := op.Result(0).Type().(*ir.FloatType); ok && t.Kind == ir.F64 {
			ty = "f64"
		}
		f.inss("%s%s.%s %s, %s", roundedPTX[op.Name()], mods, ty, d.reg, strings.Join(srcs, ", "))
		return nil
	})
}

// roundingModifiers renders a rounding mode (none for RoundNone) and ftz
// in PTX's order, which every instruction taking both shares (.rz.ftz).
func roundingModifiers(r gpu.Rounding, ftz bool) string {
	var s string
	if r != gpu.RoundNone {
		s = "." + r.String()
	}
	if ftz {
		s += ".ftz"
	}
	return s
}

// cvtModifiers renders rounding, ftz, relu and satfinite in PTX's order.
func cvtModifiers(o gpu.CvtOptions) string {
	var b strings.Builder
	b.WriteString(roundingModifiers(o.Rounding, o.FTZ))
	if o.Relu {
		b.WriteString(".relu")
	}
	if o.Satfinite {
		b.WriteString(".satfinite")
	}
	return b.String()
}

// fp8Name is PTX's name of an fp8 format ("" for other types).
func fp8Name(t ir.Type) string { return gpu.FP8FormatOf(floatKind(t)).String() }

// emitCvt: packed results come out of PTX with operand a in the upper
// half, so the operands go in reverse order (element 0 is the low half).
func (f *fn) emitCvt(op *ir.Operation) error {
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	d, err := f.result(op, 0)
	if err != nil {
		return err
	}
	o := gpu.CvtOptionsOf(op)
	mods := cvtModifiers(o)
	if o.Satfinite || o.Relu {
		f.requirePTX(81) // .satfinite and .relu on f16/bf16 conversions
	}
	ins := op.OperandTypes()
	out := op.Result(0).Type()
	switch gpu.ClassifyCvt(ins, out) {
	case gpu.CvtNarrow, gpu.CvtWiden:
		f.inss("cvt%s.%s.%s %s, %s", mods, ftype(out), ftype(ins[0]), d.reg, f.reg(xs[0]))
	case gpu.CvtPackF32:
		if ir.IsInteger(out, 16) { // a pair of fp8's bits
			if err := f.requireSM(op, 89, "conversion to fp8"); err != nil {
				return err
			}
			f.ins("cvt%s.%sx2.f32 %s, %s, %s", mods, gpu.FP8FormatOf(gpu.CvtResultPairKind(op)), d.reg, f.reg(xs[1]), f.reg(xs[0]))
			return nil
		}
		elem := d.parts[0].typ
		dst := fp8Name(elem) + "x2"
		c := classB16
		if dst == "x2" {
			dst, c = ftype(elem)+"x2", classB32
		}
		if dst == "e4m3x2" || dst == "e5m2x2" {
			if err := f.requireSM(op, 89, "conversion to fp8"); err != nil {
				return err
			}
		}
		w := f.regs.alloc(c)
		f.inss("cvt%s.%s.f32 %s, %s, %s", mods, dst, w, f.reg(xs[1]), f.reg(xs[0]))
		f.unpackWord(d.leaves(), w, c)
	case gpu.CvtF16x2ToF8:
		if err := f.requireSM(op, 89, "conversion to fp8"); err != nil {
			return err
		}
		src := f.packed(xs[0].leaves(), classB32)
		w := f.regs.alloc(classB16)
		f.inss("cvt%s.%sx2.f16x2 %s, %s", mods, fp8Name(d.parts[0].typ), w, src)
		f.unpackWord(d.leaves(), w, classB16)
	case gpu.CvtF8x2ToF16:
		if err := f.requireSM(op, 89, "conversion from fp8"); err != nil {
			return err
		}
		src := f.packed(xs[0].leaves(), classB16)
		w := f.regs.alloc(classB32)
		f.ins("cvt%s.f16x2.%sx2 %s, %s", mods, gpu.FP8FormatOf(gpu.CvtSourceFP8(op)), w, src)
		f.unpackWord(d.leaves(), w, classB32)
	case gpu.CvtFloatToInt, gpu.CvtIntToFloat:
		f.emitCvtIntFloat(d, xs[0], o)
	default:
		return ir.OpErrorf(op, "the PTX emitter does not support this gpu.cvt")
	}
	return nil
}
