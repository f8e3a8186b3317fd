package nvvm

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// KindAttr is an NVVM enum attribute: `#nvvm.shfl_kind<bfly>`.
type KindAttr struct {
	ir.AttrBase
	Enum  string // "shfl_kind", "vote_sync_kind"
	Value string
}

func (a *KindAttr) Namespace() string { return "nvvm" }
func (a *KindAttr) UniqueKey() any    { return *a }
func (a *KindAttr) Mnemonic() string  { return a.Enum }

// PrintParams prints `<value>`.
func (a *KindAttr) PrintParams(p ir.AsmPrinter) { p.WriteString("<" + a.Value + ">") }

// Kind returns the KindAttr of an enum value.
func Kind(ctx *ir.Context, enum, value string) *KindAttr {
	return ir.Unique(ctx, &KindAttr{Enum: enum, Value: value})
}

var kindCases = map[string][]string{
	"shfl_kind":      {"bfly", "up", "down", "idx"},
	"vote_sync_kind": {"any", "all", "ballot", "uni"},
}

func parseAttribute(p ir.DialectParser, mnemonic string, _ ir.Type) (ir.Attribute, error) {
	cases, ok := kindCases[mnemonic]
	if !ok {
		return nil, p.Errorf("unknown nvvm attribute: %s", mnemonic)
	}
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	loc := p.Loc()
	kw, err := p.ParseKeyword()
	if err != nil {
		return nil, err
	}
	if !contains(cases, kw) {
		return nil, p.ErrorfAt(loc, "expected one of [%s] for %s, got: %s", strings.Join(cases, ", "), mnemonic, kw)
	}
	if err := p.ParseGreater(); err != nil {
		return nil, err
	}
	return Kind(p.Context(), mnemonic, kw), nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ShflOp is `nvvm.shfl.sync  bfly %mask, %val, %offset, %clamp : f32 ->
// f32` (with {return_value_and_is_valid} the result is
// `!llvm.struct<(f32, i1)>`).
var ShflOp = Dialect.NewOp("shfl.sync", 0)

// VoteSyncOp is `nvvm.vote.sync  ballot %mask, %pred -> i32`.
var VoteSyncOp = Dialect.NewOp("vote.sync", 0)

func init() {
	ShflOp.Inherent = []string{"kind", "return_value_and_is_valid"}
	ShflOp.Parse = parseShfl
	ShflOp.Print = printShfl
	ShflOp.Verify = verifyShfl
	ShflOp.AppendEffects = func(_ *ir.Operation, buf []ir.Effect) []ir.Effect { return buf }

	VoteSyncOp.Inherent = []string{"kind"}
	VoteSyncOp.Parse = parseVote
	VoteSyncOp.Print = printVote
	VoteSyncOp.Verify = verifyVote
	VoteSyncOp.AppendEffects = func(_ *ir.Operation, buf []ir.Effect) []ir.Effect { return buf }
}

func parseKind(p ir.OpParser, st *ir.OperationState, enum string) error {
	loc := p.Loc()
	kw, err := p.ParseKeyword()
	if err != nil {
		return err
	}
	if !contains(kindCases[enum], kw) {
		return p.ErrorfAt(loc, "expected one of [%s] for %s, got: %s", strings.Join(kindCases[enum], ", "), enum, kw)
	}
	st.AddAttr("kind", Kind(p.Context(), enum, kw))
	return nil
}

func kindOf(op *ir.Operation) string {
	if k, ok := op.Attr("kind").(*KindAttr); ok {
		return k.Value
	}
	return ""
}

func parseShfl(p ir.OpParser, st *ir.OperationState) error {
	if err := parseKind(p, st, "shfl_kind"); err != nil {
		return err
	}
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(us) != 4 {
		return p.Errorf("expected 4 operands")
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	vt, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	rt, err := p.ParseType()
	if err != nil {
		return err
	}
	i32 := ir.I32(p.Context())
	vals, err := p.ResolveOperands(us, []ir.Type{i32, vt, i32, i32})
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{rt}
	return nil
}

func printShfl(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString("  " + kindOf(op) + " ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs(), "kind")
	p.WriteString(" : ")
	if op.NumOperands() > 1 {
		p.PrintType(op.Operand(1).Type())
	}
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

func verifyShfl(op *ir.Operation) error {
	if op.NumOperands() != 4 || op.NumResults() != 1 {
		return ir.OpErrorf(op, "expected 4 operands and 1 result")
	}
	for _, i := range []int{0, 2, 3} {
		if !i32C.Check(op.Operand(i).Type()) {
			return ir.OpErrorf(op, "operand #%d must be 32-bit signless integer, but got '%s'", i, asm.TypeString(op.Operand(i).Type()))
		}
	}
	if kindOf(op) == "" {
		return ir.OpErrorf(op, "requires attribute 'kind'")
	}
	vt, rt := op.Operand(1).Type(), op.Result(0).Type()
	if op.Attr("return_value_and_is_valid") != nil {
		want := llvmStruct(op.Context(), vt)
		if rt != want {
			return ir.OpErrorf(op, "expected return type to be a two-element struct")
		}
		return nil
	}
	if rt != vt {
		return ir.OpErrorf(op, "expected return type to be of the same type as the value")
	}
	return nil
}

func parseVote(p ir.OpParser, st *ir.OperationState) error {
	if err := parseKind(p, st, "vote_sync_kind"); err != nil {
		return err
	}
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(us) != 2 {
		return p.Errorf("expected 2 operands")
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	rt, err := p.ParseType()
	if err != nil {
		return err
	}
	ctx := p.Context()
	vals, err := p.ResolveOperands(us, []ir.Type{ir.I32(ctx), ir.I1(ctx)})
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{rt}
	return nil
}

func printVote(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString("  " + kindOf(op) + " ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs(), "kind")
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

func verifyVote(op *ir.Operation) error {
	if op.NumOperands() != 2 || op.NumResults() != 1 {
		return ir.OpErrorf(op, "expected 2 operands and 1 result")
	}
	if !i32C.Check(op.Operand(0).Type()) || !i1C.Check(op.Operand(1).Type()) {
		return ir.OpErrorf(op, "expects an i32 mask and an i1 predicate")
	}
	want := ir.I1(op.Context())
	if kindOf(op) == "ballot" {
		want = ir.I32(op.Context())
	}
	if op.Result(0).Type() != ir.Type(want) {
		return ir.OpErrorf(op, "vote.sync '%s' returns an %s", kindOf(op), asm.TypeString(want))
	}
	return nil
}
