package llvm

import (
	"math"
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// GEPOp is `llvm.getelementptr [inbounds|nusw|nuw] %base[%i, 1] :
// (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32`. Indices mix SSA values and
// integer constants; rawConstantIndices records both, with DynamicIndex
// marking the positions of the SSA values (MLIR's kDynamicIndex).
var GEPOp = custom("getelementptr", ir.Pure, []string{"elem_type", "noWrapFlags", "rawConstantIndices"},
	parseGEP, printGEP, verifyGEP)

// DynamicIndex marks an SSA index in rawConstantIndices.
const DynamicIndex = math.MinInt32

// GEP no-wrap flags (MLIR's GEPNoWrapFlags; inbounds implies nusw).
const (
	GEPNone     = 0
	GEPInbounds = 3
	GEPNUSW     = 2
	GEPNUW      = 4
)

func init() {
	GEPOp.DefaultAttrs = []ir.DefaultAttr{{Name: "noWrapFlags", Value: func(ctx *ir.Context) ir.Attribute { return ir.I32Attr(ctx, 0) }}}
}

func gepFlagsString(f int64) string {
	var parts []string
	if f&GEPInbounds == GEPInbounds {
		parts = append(parts, "inbounds")
	} else if f&GEPNUSW != 0 {
		parts = append(parts, "nusw")
	}
	if f&GEPNUW != 0 {
		parts = append(parts, "nuw")
	}
	return strings.Join(parts, " | ")
}

func parseGEP(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	flags := int64(0)
	for {
		kw, ok := p.ParseOptionalKeyword("inbounds", "nusw", "nuw")
		if !ok {
			break
		}
		switch kw {
		case "inbounds":
			flags |= GEPInbounds
		case "nusw":
			flags |= GEPNUSW
		case "nuw":
			flags |= GEPNUW
		}
		if !p.ParseOptionalVerticalBar() {
			break
		}
	}
	st.AddAttr("noWrapFlags", ir.I32Attr(ctx, flags))
	base, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var dyn []ir.UnresolvedOperand
	var raw []int64
	if err := p.ParseCommaSeparatedList(ir.DelimSquare, func() error {
		if u, ok, err := p.ParseOptionalOperand(); err != nil {
			return err
		} else if ok {
			dyn = append(dyn, u)
			raw = append(raw, DynamicIndex)
			return nil
		}
		loc := p.Loc()
		v, err := p.ParseInteger()
		if err != nil {
			return err
		}
		if v < math.MinInt32+1 || v > math.MaxInt32 {
			return p.ErrorfAt(loc, "constant index out of the i32 range")
		}
		raw = append(raw, v)
		return nil
	}); err != nil {
		return err
	}
	st.AddAttr("rawConstantIndices", ir.DenseI32Array(ctx, raw))
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	loc := p.Loc()
	ins, outs, err := p.ParseFunctionalType()
	if err != nil {
		return err
	}
	if len(ins) != 1+len(dyn) {
		return p.ErrorfAt(loc, "%d operands present, but expected %d", 1+len(dyn), len(ins))
	}
	vals, err := p.ResolveOperands(append([]ir.UnresolvedOperand{base}, dyn...), ins)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, vals...)
	st.Types = append(st.Types, outs...)
	if err := p.ParseComma(); err != nil {
		return err
	}
	et, err := p.ParseType()
	if err != nil {
		return err
	}
	st.AddAttr("elem_type", ir.TypeAttrOf(ctx, et))
	return nil
}

func printGEP(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	if f := gepFlagsString(enumOf(op, "noWrapFlags", 0)); f != "" {
		p.WriteString(f + " ")
	}
	p.PrintOperand(op.Operand(0))
	p.WriteString("[")
	dyn := 1
	for i, v := range GEPRawIndices(op) {
		if i > 0 {
			p.WriteString(", ")
		}
		if v == DynamicIndex && dyn < op.NumOperands() {
			p.PrintOperand(op.Operand(dyn))
			dyn++
		} else {
			p.WriteString(itoa(v))
		}
	}
	p.WriteString("]")
	p.PrintOptionalAttrDict(op.Attrs(), "elem_type", "noWrapFlags", "rawConstantIndices")
	p.WriteString(" : ")
	p.PrintFunctionalType(op)
	p.WriteString(", ")
	if et := GEPElemType(op); et != nil {
		p.PrintType(et)
	}
}

// GEPRawIndices returns the rawConstantIndices of a GEP.
func GEPRawIndices(op *ir.Operation) []int64 {
	if a, ok := op.Attr("rawConstantIndices").(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// GEPElemType returns the element type a GEP indexes, or nil.
func GEPElemType(op *ir.Operation) ir.Type {
	if a, ok := op.Attr("elem_type").(*ir.TypeAttr); ok {
		return a.Value
	}
	return nil
}

// GEPIndex is one GEP index: an SSA value or a constant.
type GEPIndex struct {
	Value ir.Value // nil for a constant
	Const int64
}

// GEPIndices returns the indices of a GEP in order.
func GEPIndices(op *ir.Operation) []GEPIndex { return AppendGEPIndices(nil, op) }

// AppendGEPIndices appends the indices of a GEP to out, in order (a caller
// with a buffer on its stack lists them without allocating).
func AppendGEPIndices(out []GEPIndex, op *ir.Operation) []GEPIndex {
	dyn := 1
	for _, v := range GEPRawIndices(op) {
		if v == DynamicIndex && dyn < op.NumOperands() {
			out = append(out, GEPIndex{Value: op.Operand(dyn)})
			dyn++
		} else {
			out = append(out, GEPIndex{Const: v})
		}
	}
	return out
}

func verifyGEP(op *ir.Operation) error {
	if op.NumOperands() < 1 || op.NumResults() != 1 {
		return ir.OpErrorf(op, "expected a base operand and one result")
	}
	base := op.Operand(0).Type()
	if !IsPtrLike(base) {
		return ir.OpErrorf(op, "operand #0 must be LLVM pointer type or LLVM dialect-compatible vector of LLVM pointer type, but got '%s'", asm.TypeString(base))
	}
	for i := 1; i < op.NumOperands(); i++ {
		if t := op.Operand(i).Type(); !IsIntLike(t) {
			return ir.OpErrorf(op, "operand #%d must be signless integer or LLVM dialect-compatible vector of signless integer, but got '%s'", i, asm.TypeString(t))
		}
	}
	res := op.Result(0).Type()
	if !IsPtrLike(res) {
		return ir.OpErrorf(op, "result #0 must be LLVM pointer type or LLVM dialect-compatible vector of LLVM pointer type, but got '%s'", asm.TypeString(res))
	}
	if ScalarOf(res).(*PointerType).AddrSpace != ScalarOf(base).(*PointerType).AddrSpace {
		return ir.OpErrorf(op, "result pointer must be in the address space of the base pointer")
	}
	raw, ok := op.Attr("rawConstantIndices").(*ir.DenseArrayAttr)
	if !ok {
		return ir.OpErrorf(op, "requires attribute 'rawConstantIndices'")
	}
	if a, ok := op.Attr("noWrapFlags").(*ir.IntegerAttr); op.Attr("noWrapFlags") != nil && (!ok || a.Int() < 0 || a.Int() > 7) {
		return ir.OpErrorf(op, "attribute 'noWrapFlags' failed to satisfy constraint: GEP no-wrap flags")
	}
	et := GEPElemType(op)
	if et == nil {
		return ir.OpErrorf(op, "requires attribute 'elem_type'")
	}
	ndyn := 0
	for _, v := range raw.Ints {
		if v == DynamicIndex {
			ndyn++
		}
	}
	if ndyn != op.NumOperands()-1 {
		return ir.OpErrorf(op, "expected as many dynamic indices as specified in 'rawConstantIndices'")
	}
	// Past the first index, struct fields must be indexed by constants
	// (most GEPs have that index alone: nothing to list then).
	if len(raw.Ints) <= 1 {
		return nil
	}
	t := et
	for _, idx := range GEPIndices(op)[1:] {
		switch a := t.(type) {
		case *StructType:
			if idx.Value != nil {
				return ir.OpErrorf(op, "expected index to be an integer constant when indexing into a struct")
			}
			if idx.Const < 0 || idx.Const >= int64(len(a.Body)) {
				return ir.OpErrorf(op, "index %d indexing a struct is out of bounds", idx.Const)
			}
			t = a.Body[idx.Const]
		case *ArrayType:
			t = a.Elem
		case *ir.VectorType:
			t = a.Elem
		default:
			return ir.OpErrorf(op, "type %s cannot be indexed (index #%d)", asm.TypeString(t), 0)
		}
	}
	return nil
}
