package gpu

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Float arithmetic with an explicit rounding mode, as libdevice's
// functions use it (PTX add.rz, fma.rm, div.rp, sqrt.rz, the .ftz forms
// under Triton's FTZ reflect, and add.rn and mul.rn, which ptxas never
// fuses into an fma); LLVM's fadd, fmul and fma round to nearest, keep
// subnormals, and may be fused:
//
//	%r = gpu.fadd %a, %b {rounding = rz, ftz} : f32       a + b
//	%r = gpu.fsub %a, %b {rounding = rp} : f32            a - b
//	%r = gpu.fmul %a, %b {rounding = rn} : f32            a * b
//	%r = gpu.fma %a, %b, %c {rounding = rm, ftz} : f32    a * b + c, rounded once
//	%r = gpu.fdiv %a, %b {rounding = rz} : f32            a / b
//	%r = gpu.frcp %a {rounding = rn, ftz} : f32           1 / a
//	%r = gpu.fsqrt %a {rounding = rm} : f32               sqrt(a)
//	%r = gpu.saturate %a {ftz} : f32                      a clamped to [0, 1], NaN to 0
//	%r = gpu.fdiv %a, %b {rounding = rp} : f64            (f64: no ftz, no saturate)
//
// `rounding` (rn, rz, rm, rp) is required on the arithmetic ops: the
// exact result rounded to nearest even, toward zero, toward -inf or
// toward +inf, IEEE 754's correctly rounded operations (PTX's div, rcp
// and sqrt with a rounding mode are, unlike their .approx and .full
// forms). `ftz` flushes subnormal operands and results to zeros of their
// sign. A NaN result is the canonical NaN. All are Pure.
var (
	FAddOp     = rounded("fadd", 2, true)
	FSubOp     = rounded("fsub", 2, true)
	FMulOp     = rounded("fmul", 2, true)
	FMAOp      = rounded("fma", 3, true)
	FDivOp     = rounded("fdiv", 2, true)
	FRcpOp     = rounded("frcp", 1, true)
	FSqrtOp    = rounded("fsqrt", 1, true)
	SaturateOp = rounded("saturate", 1, false)
)

// RoundedOps are the ops above.
var RoundedOps = []*ir.OpDef{FAddOp, FSubOp, FMulOp, FMAOp, FDivOp, FRcpOp, FSqrtOp, SaturateOp}

func roundedOptions(rounding bool) []option {
	if rounding {
		return []option{enumOpt("rounding", RoundingEnum, 0, true), flag("ftz")}
	}
	return []option{flag("ftz")}
}

func rounded(name string, arity int, rounding bool) *ir.OpDef {
	def := Dialect.NewOp(name, ir.Pure|ir.SameOperandsAndResultType)
	opts := roundedOptions(rounding)
	def.Inherent = inherentNames(opts)
	def.Parse = parseSameTypeWith(arity, func(p ir.OpParser, st *ir.OperationState) error { return parseOptions(p, st, opts) })
	def.Print = func(p ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		printOptions(p, op, opts)
		p.WriteString(" : ")
		p.PrintType(op.Result(0).Type())
	}
	def.Verify = func(op *ir.Operation) error {
		if err := counts(op, arity, 1); err != nil {
			return err
		}
		if err := verifyOptions(op, opts); err != nil {
			return err
		}
		if rounding {
			switch Rounding(enumOf(op, "rounding", 0)) {
			case RoundRN, RoundRZ, RoundRM, RoundRP:
			default:
				return ir.OpErrorf(op, "requires rounding rn, rz, rm or rp")
			}
		}
		k, ok := floatKind(op.Result(0).Type())
		switch {
		case ok && k == ir.F32:
		case ok && k == ir.F64 && rounding:
			if FTZ(op) {
				return ir.OpErrorf(op, "ftz applies to f32 only")
			}
		case rounding:
			return ir.OpErrorf(op, "operates on f32 or f64, got '%s'", asm.TypeString(op.Result(0).Type()))
		default:
			return ir.OpErrorf(op, "operates on f32, got '%s'", asm.TypeString(op.Result(0).Type()))
		}
		return nil
	}
	return def
}

// NewRounded builds one of RoundedOps of args with rounding r
// (gpu.saturate ignores r), flushing subnormals when ftz.
func NewRounded(b *ir.Builder, loc ir.Location, def *ir.OpDef, r Rounding, ftz bool, args ...ir.Value) *ir.Operation {
	var attrs []ir.NamedAttr
	if def != SaturateOp {
		attrs = append(attrs, ir.NamedAttr{Name: "rounding", Value: enumAttr(b.Ctx, r)})
	}
	if ftz {
		attrs = append(attrs, ir.NamedAttr{Name: "ftz", Value: ir.Unit(b.Ctx)})
	}
	return b.CreateOp(def.Name, loc, args, []ir.Type{args[0].Type()}, attrs...)
}

// RoundingOf is a rounded op's rounding mode (RoundNone for gpu.saturate).
func RoundingOf(op *ir.Operation) Rounding { return Rounding(enumOf(op, "rounding", 0)) }
