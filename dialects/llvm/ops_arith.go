package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Integer and float arithmetic: `llvm.add %a, %b : i32`.

func intBinary(name string, traits ir.Traits, flag string) *ir.OpDef {
	spec := asmfmt.Spec{
		Operands: []asmfmt.Value{
			{Name: "lhs", Constraint: cInt, Infer: sameAs("res")},
			{Name: "rhs", Constraint: cInt, Infer: sameAs("res")},
		},
		Results: []asmfmt.Value{val("res", cInt)},
	}
	switch flag {
	case "overflow":
		spec.Attrs = []asmfmt.Attr{overflowAttr()}
		spec.Custom = map[string]asmfmt.Directive{"OverflowFlags": overflowDirective}
		spec.Format = "$lhs `,` $rhs `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($res)"
	case "exact":
		spec.Attrs = []asmfmt.Attr{unitAttr("isExact")}
		spec.Format = "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)"
	case "disjoint":
		spec.Attrs = []asmfmt.Attr{unitAttr("isDisjoint")}
		spec.Format = "(`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)"
	default:
		spec.Format = "$lhs `,` $rhs attr-dict `:` type($res)"
	}
	return define(name, ir.Pure|ir.SameOperandsAndResultType|traits, spec)
}

func floatBinary(name string) *ir.OpDef {
	return define(name, ir.Pure|ir.SameOperandsAndResultType, asmfmt.Spec{
		Operands: []asmfmt.Value{
			{Name: "lhs", Constraint: cFlt, Infer: sameAs("res")},
			{Name: "rhs", Constraint: cFlt, Infer: sameAs("res")},
		},
		Results: []asmfmt.Value{val("res", cFlt)},
		Attrs:   []asmfmt.Attr{fastmathAttr()},
		Format:  "$lhs `,` $rhs attr-dict `:` type($res)",
	})
}

// The integer binary ops.
var (
	AddOp  = intBinary("add", ir.Commutative, "overflow")
	SubOp  = intBinary("sub", 0, "overflow")
	MulOp  = intBinary("mul", ir.Commutative, "overflow")
	UDivOp = intBinary("udiv", 0, "exact")
	SDivOp = intBinary("sdiv", 0, "exact")
	URemOp = intBinary("urem", 0, "")
	SRemOp = intBinary("srem", 0, "")
	AndOp  = intBinary("and", 0, "")
	OrOp   = intBinary("or", 0, "disjoint")
	XOrOp  = intBinary("xor", 0, "")
	ShlOp  = intBinary("shl", 0, "overflow")
	LShrOp = intBinary("lshr", 0, "exact")
	AShrOp = intBinary("ashr", 0, "exact")
)

// The float binary ops and fneg.
var (
	FAddOp = floatBinary("fadd")
	FSubOp = floatBinary("fsub")
	FMulOp = floatBinary("fmul")
	FDivOp = floatBinary("fdiv")
	FRemOp = floatBinary("frem")
	FNegOp = define("fneg", ir.Pure|ir.SameOperandsAndResultType, asmfmt.Spec{
		Operands: []asmfmt.Value{{Name: "operand", Constraint: cFlt, Infer: sameAs("res")}},
		Results:  []asmfmt.Value{val("res", cFlt)},
		Attrs:    []asmfmt.Attr{fastmathAttr()},
		Format:   "$operand attr-dict `:` type($res)",
	})
)

// overflowDirective is custom<OverflowFlags>: ` overflow<nsw, nuw>`, or
// nothing for none.
var overflowDirective = asmfmt.Directive{
	Parse: func(p ir.OpParser, s *asmfmt.ParseState, args []string) error {
		if _, ok := p.ParseOptionalKeyword("overflow"); !ok {
			return nil
		}
		a, err := parseAttribute(p, "overflow", nil)
		if err != nil {
			return err
		}
		s.SetAttr(args[0], a)
		return nil
	},
	Print: func(p ir.OpPrinter, op *ir.Operation, _ asmfmt.Groups, args []string) {
		if a, ok := op.Attr(args[0]).(*OverflowAttr); ok && a.Flags != OverflowNone {
			p.WriteString(" overflow")
			a.PrintParams(p)
		}
	},
}

// SelectOp is `llvm.select %c, %a, %b : i1, T`.
var SelectOp = define("select", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{
		val("condition", cI1Like),
		{Name: "trueValue", Constraint: cAny, Infer: sameAs("res")},
		{Name: "falseValue", Constraint: cAny, Infer: sameAs("res")},
	},
	Results: []asmfmt.Value{val("res", cAny)},
	Attrs:   []asmfmt.Attr{fastmathAttr()},
	Format:  "operands attr-dict `:` type($condition) `,` type($res)",
	Verify: func(op *ir.Operation) error {
		t := op.Result(0).Type()
		if op.Operand(1).Type() != t || op.Operand(2).Type() != t {
			return ir.OpErrorf(op, "failed to verify that all of {trueValue, falseValue, res} have same type")
		}
		if c, ok := op.Operand(0).Type().(*ir.VectorType); ok && !sameShape(c, t) {
			return ir.OpErrorf(op, "expected the condition to be a vector of the result's length")
		}
		return nil
	},
})

// FreezeOp is `llvm.freeze %x : T`.
var FreezeOp = define("freeze", ir.Pure|ir.SameOperandsAndResultType, asmfmt.Spec{
	Operands: []asmfmt.Value{val("val", cAny)},
	Results:  []asmfmt.Value{{Name: "res", Constraint: cAny, Infer: sameAs("val")}},
	Format:   "$val attr-dict `:` type($val)",
})
