package scf

import (
	"strconv"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// IndexSwitchOpDef is `scf.index_switch`. Region 0 is the default region,
// then one region per case value (the `cases` array<i64> property).
var IndexSwitchOpDef = Dialect.NewOp("index_switch", ir.RecursiveEffects|ir.SingleBlock|ir.SingleBlockImplicitTerminator)

func init() {
	d := IndexSwitchOpDef
	d.SingleBlockTerminator = "scf.yield"
	d.Inherent = []string{"cases"}
	d.Parse = parseIndexSwitch
	d.Print = printIndexSwitch
	d.Verify = verifyIndexSwitch
}

// syntax: $arg attr-dict (`->` type($results)^)? (`case` N region)* `default` region
func parseIndexSwitch(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	arg, err := p.ParseOperand()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(arg, ir.Index(ctx))
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{v}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if p.ParseOptionalArrow() {
		if st.Types, err = p.ParseTypeList(); err != nil {
			return err
		}
	}
	def := st.AddRegion()
	var cases []int64
	for {
		if _, ok := p.ParseOptionalKeyword("case"); !ok {
			break
		}
		c, err := p.ParseInteger()
		if err != nil {
			return err
		}
		cases = append(cases, c)
		if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
			return err
		}
	}
	if err := p.ParseExpectedKeyword("default"); err != nil {
		return err
	}
	if err := p.ParseRegion(def, nil); err != nil {
		return err
	}
	st.AddAttr("cases", ir.DenseI64Array(ctx, cases))
	return nil
}

func printIndexSwitch(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	if op.NumResults() > 0 {
		p.WriteString(" -> ")
		p.PrintTypes(op.ResultTypes())
	}
	p.WriteString(" ")
	cases, _ := op.Attr("cases").(*ir.DenseArrayAttr)
	for i, r := range op.Regions()[1:] {
		p.PrintNewline()
		if cases != nil && i < len(cases.Ints) {
			p.Printf("case %d ", cases.Ints[i])
		}
		p.PrintRegion(r, false, true)
	}
	p.PrintNewline()
	p.WriteString("default ")
	term := true
	if y := terminatorOf(op.Region(0), "scf.yield"); y != nil {
		term = y.NumOperands() > 0 || len(y.Attrs()) > 0
	}
	p.PrintRegion(op.Region(0), true, term)
}

func verifyIndexSwitch(op *ir.Operation) error {
	if err := arith.CheckCounts(op, 1, -1); err != nil {
		return err
	}
	if _, ok := op.Operand(0).Type().(*ir.IndexType); !ok {
		return ir.OpErrorf(op, "operand #0 must be index, but got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	cases, ok := op.Attr("cases").(*ir.DenseArrayAttr)
	if !ok {
		return ir.OpErrorf(op, "requires attribute 'cases'")
	}
	if op.NumRegions() < 1 {
		return ir.OpErrorf(op, "expected at least 1 region")
	}
	if len(cases.Ints) != op.NumRegions()-1 {
		return ir.OpErrorf(op, "has %d case regions but %d case values", op.NumRegions()-1, len(cases.Ints))
	}
	seen := map[int64]bool{}
	for _, c := range cases.Ints {
		if seen[c] {
			return ir.OpErrorf(op, "has duplicate case value: %d", c)
		}
		seen[c] = true
	}
	for i, r := range op.Regions() {
		if r.NumBlocks() != 1 {
			return regionSizeError(op, i, map[bool]string{true: "defaultRegion", false: "caseRegions"}[i == 0])
		}
		name := "default region"
		if i > 0 {
			name = "case region #" + itoa(i-1)
		}
		last := r.Front().Last()
		if last == nil || last.Def() != YieldOpDef {
			got := "nothing"
			if last != nil {
				got = last.Name()
			}
			return ir.OpErrorf(op, "expected region to end with scf.yield, but got %s", got)
		}
		if last.NumOperands() != op.NumResults() {
			return ir.OpErrorf(op, "expected each region to return %d values, but %s returns %d", op.NumResults(), name, last.NumOperands()).Note(last.Loc(), "see yield operation here")
		}
		for j, t := range op.ResultTypes() {
			if ot := last.Operand(j).Type(); ot != t {
				return ir.OpErrorf(op, "expected result #%d of each region to be '%s'", j, asm.TypeString(t)).Note(last.Loc(), "%s returns '%s' here", name, asm.TypeString(ot))
			}
		}
	}
	return nil
}

func itoa(i int) string { return strconv.Itoa(i) }
