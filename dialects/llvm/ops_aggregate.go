package llvm

import (
	"strconv"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Aggregates and vectors: extractvalue / insertvalue on structs and
// arrays, extractelement / insertelement on vectors.

// ExtractValueOp is `llvm.extractvalue %s[0, 1] : !llvm.struct<...>`.
var ExtractValueOp = custom("extractvalue", ir.Pure, []string{"position"},
	parseExtractValue, printInsertExtract, verifyExtractValue)

// InsertValueOp is `llvm.insertvalue %v, %s[0] : !llvm.struct<...>`.
var InsertValueOp = custom("insertvalue", ir.Pure, []string{"position"},
	parseInsertValue, printInsertExtract, verifyInsertValue)

// ElementAt returns the type at position pos inside an aggregate, or an
// error message.
func ElementAt(t ir.Type, pos []int64) (ir.Type, string) {
	for _, i := range pos {
		switch a := t.(type) {
		case *StructType:
			if i < 0 || i >= int64(len(a.Body)) {
				return nil, "position out of bounds: " + strconv.FormatInt(i, 10)
			}
			t = a.Body[i]
		case *ArrayType:
			if i < 0 || i >= a.Len {
				return nil, "position out of bounds: " + strconv.FormatInt(i, 10)
			}
			t = a.Elem
		default:
			return nil, "expected LLVM IR structure/array type, got: " + asm.TypeString(t)
		}
	}
	return t, ""
}

func parsePosition(p ir.OpParser, st *ir.OperationState) ([]int64, error) {
	var pos []int64
	if err := p.ParseCommaSeparatedList(ir.DelimSquare, func() error {
		v, err := p.ParseInteger()
		pos = append(pos, v)
		return err
	}); err != nil {
		return nil, err
	}
	st.AddAttr("position", ir.DenseI64Array(p.Context(), pos))
	return pos, nil
}

func parseExtractValue(p ir.OpParser, st *ir.OperationState) error {
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	pos, err := parsePosition(p, st)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	loc := p.Loc()
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(c, t)
	if err != nil {
		return err
	}
	et, msg := ElementAt(t, pos)
	if msg != "" {
		return p.ErrorfAt(loc, "%s", msg)
	}
	st.Operands = append(st.Operands, v)
	st.Types = append(st.Types, et)
	return nil
}

func parseInsertValue(p ir.OpParser, st *ir.OperationState) error {
	v, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	pos, err := parsePosition(p, st)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	loc := p.Loc()
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	et, msg := ElementAt(t, pos)
	if msg != "" {
		return p.ErrorfAt(loc, "%s", msg)
	}
	vals, err := p.ResolveOperands([]ir.UnresolvedOperand{c, v}, []ir.Type{t, et})
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, vals...)
	st.Types = append(st.Types, t)
	return nil
}

// printInsertExtract prints both ops; the trailing space is MLIR's (its
// format ends with an empty custom directive).
func printInsertExtract(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	container := op.Operand(0)
	if op.Name() == "llvm.insertvalue" {
		p.PrintOperand(op.Operand(1))
		p.WriteString(", ")
	}
	p.PrintOperand(container)
	p.WriteString("[" + joinInts(Position(op)) + "]")
	p.PrintOptionalAttrDict(op.Attrs(), "position")
	p.WriteString(" : ")
	p.PrintType(container.Type())
	p.WriteString(" ")
}

// Position returns the position of an extractvalue or insertvalue.
func Position(op *ir.Operation) []int64 {
	if a, ok := op.Attr("position").(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

func verifyPosition(op *ir.Operation) (ir.Type, error) {
	a, ok := op.Attr("position").(*ir.DenseArrayAttr)
	if !ok {
		return nil, ir.OpErrorf(op, "requires attribute 'position'")
	}
	if !ir.IsInteger(a.Elem, 64) {
		return nil, ir.OpErrorf(op, "attribute 'position' failed to satisfy constraint: i64 dense array attribute")
	}
	if !IsAggregate(op.Operand(0).Type()) {
		return nil, ir.OpErrorf(op, "operand #0 must be LLVM aggregate type, but got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	et, msg := ElementAt(op.Operand(0).Type(), a.Ints)
	if msg != "" {
		return nil, ir.OpErrorf(op, "%s", msg)
	}
	return et, nil
}

func verifyExtractValue(op *ir.Operation) error {
	if err := counts(op, 1, 1); err != nil {
		return err
	}
	et, err := verifyPosition(op)
	if err != nil {
		return err
	}
	if op.Result(0).Type() != et {
		return ir.OpErrorf(op, "Type mismatch: extracting from %s should produce %s but this op returns %s",
			asm.TypeString(op.Operand(0).Type()), asm.TypeString(et), asm.TypeString(op.Result(0).Type()))
	}
	return nil
}

func verifyInsertValue(op *ir.Operation) error {
	if err := counts(op, 2, 1); err != nil {
		return err
	}
	et, err := verifyPosition(op)
	if err != nil {
		return err
	}
	if op.Operand(1).Type() != et {
		return ir.OpErrorf(op, "Type mismatch: cannot insert %s into %s", asm.TypeString(op.Operand(1).Type()), asm.TypeString(op.Operand(0).Type()))
	}
	if op.Result(0).Type() != op.Operand(0).Type() {
		return ir.OpErrorf(op, "failed to verify that all of {container, res} have same type")
	}
	return nil
}

func joinInts(v []int64) string {
	s := ""
	for i, x := range v {
		if i > 0 {
			s += ", "
		}
		s += strconv.FormatInt(x, 10)
	}
	return s
}

func vectorElem(_ *ir.Context, known func(string) ir.Type) ir.Type {
	if v, ok := known("vector").(*ir.VectorType); ok {
		return v.Elem
	}
	return nil
}

// ExtractElementOp is `llvm.extractelement %v[%i : i32] : vector<4xf32>`.
var ExtractElementOp = define("extractelement", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{val("vector", cVec), val("position", cSignless)},
	Results:  []asmfmt.Value{{Name: "res", Constraint: cAny, Infer: vectorElem}},
	Format:   "$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)",
	Verify: func(op *ir.Operation) error {
		if op.Result(0).Type() != op.Operand(0).Type().(*ir.VectorType).Elem {
			return ir.OpErrorf(op, "failed to verify that result type matches vector element type")
		}
		return nil
	},
})

// InsertElementOp is `llvm.insertelement %x, %v[%i : i32] : vector<4xf32>`.
var InsertElementOp = define("insertelement", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{
		val("vector", cVec),
		{Name: "value", Constraint: cAny, Infer: vectorElem},
		val("position", cSignless),
	},
	Results: []asmfmt.Value{{Name: "res", Constraint: cVec, Infer: sameAs("vector")}},
	Format:  "$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)",
	Verify: func(op *ir.Operation) error {
		vt := op.Operand(0).Type().(*ir.VectorType)
		if op.Operand(1).Type() != vt.Elem {
			return ir.OpErrorf(op, "failed to verify that argument type matches vector element type")
		}
		if op.Result(0).Type() != vt {
			return ir.OpErrorf(op, "failed to verify that all of {res, vector} have same type")
		}
		return nil
	},
})
