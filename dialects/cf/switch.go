package cf

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// SwitchOpDef is `cf.switch`. Operands: flag, default operands, then the
// case operands (split by case_operand_segments); successors: default,
// then one per case value (case_values, a vector of the flag type).
var SwitchOpDef = Dialect.NewOp("switch", ir.Pure|ir.Terminator|ir.AttrSizedOperandSegments)

func init() {
	SwitchOpDef.Inherent = []string{"case_operand_segments", "case_values", "operandSegmentSizes"}
	SwitchOpDef.Parse = parseSwitch
	SwitchOpDef.Print = printSwitch
	SwitchOpDef.Verify = verifySwitch
}

// SwitchOp is a typed view of cf.switch.
type SwitchOp struct{ *ir.Operation }

// Flag returns the switched-on integer.
func (s SwitchOp) Flag() ir.Value { return s.Operand(0) }

// DefaultOperands returns the operands of the default destination.
func (s SwitchOp) DefaultOperands() []ir.Value {
	seg, _ := s.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if seg == nil || len(seg.Ints) != 3 {
		return nil
	}
	return s.Operands()[1 : 1+seg.Ints[1]]
}

// CaseValues returns the case values (sign-extended).
func (s SwitchOp) CaseValues() []int64 {
	d, ok := s.Attr("case_values").(*ir.DenseElementsAttr)
	if !ok {
		return nil
	}
	out := make([]int64, ir.NumElements(d.Typ.Shape()))
	for i := range out {
		out[i] = d.IntAt(i)
	}
	return out
}

// CaseOperands returns the operands passed to case destination i.
func (s SwitchOp) CaseOperands(i int) []ir.Value {
	seg, _ := s.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	cs, _ := s.Attr("case_operand_segments").(*ir.DenseArrayAttr)
	if seg == nil || cs == nil || len(seg.Ints) != 3 || i >= len(cs.Ints) {
		return nil
	}
	start := 1 + int(seg.Ints[1])
	for j := 0; j < i; j++ {
		start += int(cs.Ints[j])
	}
	end := start + int(cs.Ints[i])
	if start < 0 || end < start || end > s.NumOperands() {
		return nil // the verifier reports the segments
	}
	return s.Operands()[start:end]
}

// NewSwitch builds `cf.switch flag : T, [default: d(dargs), v: dest(args)...]`.
func NewSwitch(b *ir.Builder, loc ir.Location, flag ir.Value, def *ir.Block, defArgs []ir.Value,
	values []int64, dests []*ir.Block, args [][]ir.Value) *ir.Operation {
	st := ir.NewState(b.Ctx, "cf.switch", loc)
	fillSwitch(b.Ctx, st, flag, def, defArgs, values, dests, args)
	return b.Create(st)
}

func fillSwitch(ctx *ir.Context, st *ir.OperationState, flag ir.Value, def *ir.Block, defArgs []ir.Value,
	values []int64, dests []*ir.Block, args [][]ir.Value) {
	st.Operands = append([]ir.Value{flag}, defArgs...)
	st.Successors = append([]*ir.Block{def}, dests...)
	var segs []int64
	n := 0
	for _, a := range args {
		st.Operands = append(st.Operands, a...)
		segs = append(segs, int64(len(a)))
		n += len(a)
	}
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(ctx, []int64{1, int64(len(defArgs)), int64(n)}))
	st.AddAttr("case_operand_segments", ir.DenseI32Array(ctx, segs))
	if len(values) > 0 {
		st.AddAttr("case_values", ir.DenseIntElements(ctx, ir.Vector(ctx, []int64{int64(len(values))}, flag.Type()), values))
	}
}

// syntax: $flag `:` type($flag) `,` `[` default: ^bb(...) (, N: ^bb(...))* `]` attr-dict
func parseSwitch(p ir.OpParser, st *ir.OperationState) error {
	f, err := p.ParseOperand()
	if err != nil {
		return err
	}
	ft, err := p.ParseColonType()
	if err != nil {
		return err
	}
	flag, err := p.ResolveOperand(f, ft)
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	if err := p.ParseLSquare(); err != nil {
		return err
	}
	if err := p.ParseExpectedKeyword("default"); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	def, defArgs, err := p.ParseSuccessorAndUseList()
	if err != nil {
		return err
	}
	var values []int64
	var dests []*ir.Block
	var args [][]ir.Value
	for p.ParseOptionalComma() {
		v, err := p.ParseInteger()
		if err != nil {
			return err
		}
		if err := p.ParseColon(); err != nil {
			return err
		}
		d, a, err := p.ParseSuccessorAndUseList()
		if err != nil {
			return err
		}
		values, dests, args = append(values, v), append(dests, d), append(args, a)
	}
	if err := p.ParseRSquare(); err != nil {
		return err
	}
	fillSwitch(p.Context(), st, flag, def, defArgs, values, dests, args)
	return p.ParseOptionalAttrDict(st)
}

func printSwitch(p ir.OpPrinter, op *ir.Operation) {
	s := SwitchOp{op}
	p.WriteString(" ")
	p.PrintOperand(s.Flag())
	p.WriteString(" : ")
	p.PrintType(s.Flag().Type())
	p.WriteString(", [")
	p.PrintNewline()
	p.WriteString("  default: ")
	p.PrintSuccessorAndUseList(op.Successor(0), s.DefaultOperands())
	w := ir.BitWidth(s.Flag().Type())
	for i, v := range s.CaseValues() {
		p.WriteString(",")
		p.PrintNewline()
		// MLIR prints APInt::getLimitedValue(): the zero-extended value.
		p.Printf("  %d: ", ir.Truncate(uint64(v), w))
		p.PrintSuccessorAndUseList(op.Successor(i+1), s.CaseOperands(i))
	}
	p.PrintNewline()
	p.WriteString("]")
	p.PrintOptionalAttrDict(op.DiscardableAttrs(), "case_operand_segments", "case_values", "operandSegmentSizes")
}

func verifySwitch(op *ir.Operation) error {
	if op.NumOperands() < 1 {
		return ir.OpErrorf(op, "expected 1 or more operands, but found 0")
	}
	if !ir.IsInteger(op.Operand(0).Type(), 0) {
		return ir.OpErrorf(op, "operand #0 must be integer, but got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	seg, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	cs, ok2 := op.Attr("case_operand_segments").(*ir.DenseArrayAttr)
	if !ok || len(seg.Ints) != 3 || !ok2 {
		return ir.OpErrorf(op, "requires attribute 'case_operand_segments'")
	}
	s := SwitchOp{op}
	vals := s.CaseValues()
	if d, ok := op.Attr("case_values").(*ir.DenseElementsAttr); ok {
		if et := d.Typ.ElementType(); et != s.Flag().Type() {
			return ir.OpErrorf(op, "'flag' type ('%s') should match case value type ('%s')", asm.TypeString(s.Flag().Type()), asm.TypeString(et))
		}
	}
	if len(vals) != op.NumSuccessors()-1 {
		return ir.OpErrorf(op, "number of case values (%d) should match number of case destinations (%d)", len(vals), op.NumSuccessors()-1)
	}
	if len(cs.Ints) != len(vals) {
		return ir.OpErrorf(op, "number of case operand segments (%d) should match number of case destinations (%d)", len(cs.Ints), len(vals))
	}
	if err := ir.VerifyValueSizeAttr(op, "case_operand_segments", "caseOperands", int(seg.Ints[2])); err != nil {
		return err
	}
	if err := VerifySuccessorOperands(op, 0, s.DefaultOperands()); err != nil {
		return err
	}
	for i := range vals {
		if err := VerifySuccessorOperands(op, i+1, s.CaseOperands(i)); err != nil {
			return err
		}
	}
	return nil
}
