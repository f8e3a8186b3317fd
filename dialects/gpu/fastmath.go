package gpu

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Fast-math ops, as Triton's lowering uses them (exp(x) is
// ex2_approx(x * log2(e))):
//
//	%r = gpu.ex2_approx %x : f32          2^x
//	%r = gpu.lg2_approx %x {ftz} : f32    log2(x), subnormals flushed to zero
//	%r = gpu.div_full %a, %b : f32        a / b (full range, ~2 ulp)
//	%r = gpu.min_xorsign_abs %a, %b : f32 min(|a|, |b|) with the sign of
//	                                      a xor b; a NaN operand yields
//	                                      the other's magnitude, or with
//	                                      {nan} the canonical NaN
//
// Unary: ex2_approx, lg2_approx, rsqrt_approx, rcp_approx, sqrt_approx,
// sin_approx, cos_approx, tanh_approx; binary: div_full, div_approx,
// min_xorsign_abs (exact; sm_86 and later, where Triton clamps symmetric
// ranges with it). Types: f32 for all; also f16 for min_xorsign_abs, f16
// and bf16 for ex2_approx and tanh_approx,
// f64 for rcp_approx and rsqrt_approx. The `ftz` flag flushes subnormal
// inputs and results to zero (PTX .ftz). All are Pure.

// NaN reports whether gpu.min_xorsign_abs propagates NaN (PTX .NaN).
func NaN(op *ir.Operation) bool { return op.Attr("nan") != nil }

func init() {
	d := MinXorsignAbsOp
	d.Inherent = append(d.Inherent, "nan")
	verify := d.Verify
	d.Verify = func(op *ir.Operation) error {
		if a := op.Attr("nan"); a != nil {
			if _, ok := a.(*ir.UnitAttr); !ok {
				return ir.OpErrorf(op, "attribute 'nan' must be a unit attribute")
			}
		}
		return verify(op)
	}
}

// FastMathOps maps each op name to its def.
var FastMathOps = map[string]*ir.OpDef{}

func fastMath(name string, arity int, types ...ir.FloatKind) *ir.OpDef {
	def := Dialect.NewOp(name, ir.Pure|ir.SameOperandsAndResultType)
	def.Inherent = []string{"ftz"}
	def.Parse = parseSameType(arity)
	def.Print = printSameType
	def.Verify = func(op *ir.Operation) error {
		if err := counts(op, arity, 1); err != nil {
			return err
		}
		if a := op.Attr("ftz"); a != nil {
			if _, ok := a.(*ir.UnitAttr); !ok {
				return ir.OpErrorf(op, "attribute 'ftz' must be a unit attribute")
			}
		}
		t, ok := op.Result(0).Type().(*ir.FloatType)
		if ok {
			for _, k := range types {
				if t.Kind == k {
					return nil
				}
			}
		}
		names := ""
		for i, k := range types {
			if i > 0 {
				names += ", "
			}
			names += k.String()
		}
		return ir.OpErrorf(op, "operates on %s, got '%s'", names, asm.TypeString(op.Result(0).Type()))
	}
	FastMathOps[def.Name] = def
	return def
}

// The fast-math ops.
var (
	Ex2ApproxOp     = fastMath("ex2_approx", 1, ir.F32, ir.F16, ir.BF16)
	Lg2ApproxOp     = fastMath("lg2_approx", 1, ir.F32)
	RsqrtApproxOp   = fastMath("rsqrt_approx", 1, ir.F32, ir.F64)
	RcpApproxOp     = fastMath("rcp_approx", 1, ir.F32, ir.F64)
	SqrtApproxOp    = fastMath("sqrt_approx", 1, ir.F32)
	SinApproxOp     = fastMath("sin_approx", 1, ir.F32)
	CosApproxOp     = fastMath("cos_approx", 1, ir.F32)
	TanhApproxOp    = fastMath("tanh_approx", 1, ir.F32, ir.F16, ir.BF16)
	DivFullOp       = fastMath("div_full", 2, ir.F32)
	DivApproxOp     = fastMath("div_approx", 2, ir.F32)
	MinXorsignAbsOp = fastMath("min_xorsign_abs", 2, ir.F32, ir.F16)
)

// parseSameType parses `%a[, %b...] attr-dict : T` where operands and the
// result all have type T.
func parseSameType(arity int) func(ir.OpParser, *ir.OperationState) error {
	return parseSameTypeWith(arity, func(p ir.OpParser, st *ir.OperationState) error { return p.ParseOptionalAttrDict(st) })
}

// parseSameTypeWith is parseSameType with attrs parsing what comes between
// the operands and the type.
func parseSameTypeWith(arity int, attrs func(ir.OpParser, *ir.OperationState) error) func(ir.OpParser, *ir.OperationState) error {
	return func(p ir.OpParser, st *ir.OperationState) error {
		loc := p.Loc()
		us, err := p.ParseOperandList(ir.DelimNone)
		if err != nil {
			return err
		}
		if len(us) != arity {
			return p.ErrorfAt(loc, "expected %d operands, got %d", arity, len(us))
		}
		if err := attrs(p, st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		ts := make([]ir.Type, arity)
		for i := range ts {
			ts[i] = t
		}
		vals, err := p.ResolveOperands(us, ts)
		if err != nil {
			return err
		}
		st.Operands = vals
		st.Types = []ir.Type{t}
		return nil
	}
}

func printSameType(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

// NewMinXorsignAbs builds gpu.min_xorsign_abs, NaN-propagating when nan.
func NewMinXorsignAbs(b *ir.Builder, loc ir.Location, x, y ir.Value, nan bool) *ir.Operation {
	var attrs []ir.NamedAttr
	if nan {
		attrs = append(attrs, ir.NamedAttr{Name: "nan", Value: ir.Unit(b.Ctx)})
	}
	return b.CreateOp(MinXorsignAbsOp.Name, loc, []ir.Value{x, y}, []ir.Type{x.Type()}, attrs...)
}

// NewFastMath builds one of the fast-math ops (Ex2ApproxOp, DivFullOp,
// ...) on args, flushing subnormals when ftz is set.
func NewFastMath(b *ir.Builder, loc ir.Location, def *ir.OpDef, ftz bool, args ...ir.Value) *ir.Operation {
	var attrs []ir.NamedAttr
	if ftz {
		attrs = append(attrs, ir.NamedAttr{Name: "ftz", Value: ir.Unit(b.Ctx)})
	}
	return b.CreateOp(def.Name, loc, args, []ir.Type{args[0].Type()}, attrs...)
}

// FTZ reports whether an op has the ftz flag.
func FTZ(op *ir.Operation) bool { return op.Attr("ftz") != nil }
