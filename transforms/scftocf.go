package transforms

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/cf"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "convert-scf-to-cf",
		DisplayName: "SCFToControlFlowPass",
		Summary:     "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG",
		Dependent:   []*ir.Dialect{cf.Dialect, arith.Dialect},
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return LowerSCFToCF(op) }
		},
	})
}

// LowerSCFToCF replaces the scf.for, scf.if, scf.while, scf.execute_region
// and scf.index_switch ops nested in op by blocks and cf branches, with
// the block layout of MLIR's SCFToControlFlow patterns. Ops are lowered
// outermost first, in pre-order, as the dialect conversion driver visits
// them; an op whose region shape does not allow the lowering is reported.
func LowerSCFToCF(op *ir.Operation) error {
	var todo []*ir.Operation
	ir.WalkNested(op, func(o *ir.Operation) {
		switch o.Def() {
		case scf.ForOpDef, scf.IfOpDef, scf.WhileOpDef, scf.ExecuteRegionOpDef, scf.IndexSwitchOpDef:
			todo = append(todo, o)
		}
	})
	b := ir.NewBuilder(op.Context())
	for _, o := range todo {
		if o.Block() == nil {
			continue
		}
		var err error
		switch o.Def() {
		case scf.ForOpDef:
			err = lowerFor(b, o)
		case scf.IfOpDef:
			err = lowerIf(b, o)
		case scf.WhileOpDef:
			if isDoWhile(o) {
				err = lowerDoWhile(b, o)
			} else {
				err = lowerWhile(b, o)
			}
		case scf.ExecuteRegionOpDef:
			err = lowerExecuteRegion(b, o)
		case scf.IndexSwitchOpDef:
			err = lowerIndexSwitch(b, o)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// nameAfter gives the values created at op's location the name op's
// results carry: the printer names values after their NameLoc under
// --mlir-use-nameloc-as-prefix, and the parser keeps those names as
// hints on the values rather than as locations.
func nameAfter(op *ir.Operation, vs ...ir.Value) {
	if op.NumResults() == 0 {
		return
	}
	if hint := ir.NameHint(op.Result(0)); hint != "" {
		for _, v := range vs {
			ir.SetNameHint(v, hint)
		}
	}
}

// splitAt splits op's block before op; op starts the returned block.
func splitAt(op *ir.Operation) *ir.Block { return op.Block().SplitBefore(op) }

// inlineRegionBefore moves every block of r before block before.
func inlineRegionBefore(r *ir.Region, before *ir.Block) {
	dst := before.Region()
	for _, blk := range append([]*ir.Block(nil), r.Blocks()...) {
		blk.Detach()
		dst.InsertBefore(blk, before)
	}
}

// replaceAndErase replaces op's results with vals and erases op.
func replaceAndErase(op *ir.Operation, vals []ir.Value) {
	for i, v := range vals {
		ir.ReplaceAllUsesWith(op.Result(i), v)
	}
	op.Erase()
}

// terminatorNamed returns b's terminator if it is the named op.
func terminatorNamed(b *ir.Block, def *ir.OpDef) *ir.Operation {
	if t := b.Last(); t != nil && t.Def() == def {
		return t
	}
	return nil
}

func malformed(op *ir.Operation, what string) error {
	return ir.OpErrorf(op, "cannot be lowered to cf: %s", what)
}

// lowerFor: init block ends with `cf.br ^cond(lb, inits)`; the condition
// block (the old entry block, holding the iv and iter args) compares and
// branches to the body or the end; the last body block steps the iv and
// branches back.
func lowerFor(b *ir.Builder, op *ir.Operation) error {
	loop := scf.ForOp{Operation: op}
	body := op.Region(0)
	if body.Empty() {
		return malformed(op, "empty body")
	}
	cond := body.Front()
	if cond.First() == nil {
		return malformed(op, "body without terminator")
	}
	last := body.Blocks()[body.NumBlocks()-1]
	term := last.Last()
	if term == nil || term.Def() != scf.YieldOpDef {
		return malformed(op, "body does not end in scf.yield")
	}
	loc := op.Loc()
	initBlock := op.Block()
	endBlock := splitAt(op)
	firstBody := cond.SplitBefore(cond.First())
	if last == cond {
		last = firstBody
	}
	inlineRegionBefore(body, endBlock)
	iv := cond.Argument(0)

	b.SetInsertionPointToEnd(last)
	stepped := arith.NewBinary(b, "arith.addi", loc, iv, loop.Step()).Result(0)
	nameAfter(op, stepped)
	carried := append([]ir.Value{stepped}, term.Operands()...)
	propagateLoopAttrs(op, cf.NewBr(b, loc, cond, carried))
	term.Erase()

	b.SetInsertionPointToEnd(initBlock)
	init := append([]ir.Value{loop.LowerBound()}, loop.Inits()...)
	cf.NewBr(b, loc, cond, init)

	b.SetInsertionPointToEnd(cond)
	pred := arith.CmpISLT
	if loop.Unsigned() {
		pred = arith.CmpIULT
	}
	cmp := arith.NewCmpI(b, loc, pred, iv, loop.UpperBound())
	nameAfter(op, cmp.Result(0))
	cf.NewCondBr(b, loc, cmp.Result(0), firstBody, nil, endBlock, nil)

	replaceAndErase(op, cond.Arguments()[1:])
	return nil
}

// lowerIf: the block is split at the if; with results, a continuation
// block with one argument per result branches to the rest; then and else
// blocks end in `cf.br ^continue(yielded)`; the condition block ends in
// cf.cond_br.
func lowerIf(b *ir.Builder, op *ir.Operation) error {
	ifOp := scf.IfOp{Operation: op}
	loc := op.Loc()
	thenRegion, elseRegion := op.Region(0), op.Region(1)
	if thenRegion.Empty() {
		return malformed(op, "empty then region")
	}
	condBlock := op.Block()
	remaining := splitAt(op)
	cont := remaining
	if op.NumResults() > 0 {
		locs := make([]ir.Location, op.NumResults())
		for i := range locs {
			locs[i] = loc
		}
		cont = ir.NewBlock(op.Context(), op.ResultTypes(), locs)
		nameAfter(op, cont.Arguments()...)
		remaining.Region().InsertBefore(cont, remaining)
		b.SetInsertionPointToEnd(cont)
		cf.NewBr(b, loc, remaining, nil)
	}
	branchOut := func(r *ir.Region) error {
		lastBlock := r.Blocks()[r.NumBlocks()-1]
		t := lastBlock.Last()
		if t == nil || t.Def() != scf.YieldOpDef {
			return malformed(op, "region does not end in scf.yield")
		}
		b.SetInsertionPointToEnd(lastBlock)
		cf.NewBr(b, loc, cont, t.Operands())
		t.Erase()
		inlineRegionBefore(r, cont)
		return nil
	}
	thenBlock := thenRegion.Front()
	if err := branchOut(thenRegion); err != nil {
		return err
	}
	elseBlock := cont
	if !elseRegion.Empty() {
		elseBlock = elseRegion.Front()
		if err := branchOut(elseRegion); err != nil {
			return err
		}
	}
	b.SetInsertionPointToEnd(condBlock)
	cf.NewCondBr(b, loc, ifOp.Condition(), thenBlock, nil, elseBlock, nil)
	replaceAndErase(op, cont.Arguments())
	return nil
}

// isDoWhile reports whether the after region only forwards its arguments
// (MLIR's DoWhileLowering applies then, with a higher benefit).
func isDoWhile(op *ir.Operation) bool {
	after := op.Region(1)
	if after.NumBlocks() != 1 {
		return false
	}
	blk := after.Front()
	y := blk.First()
	if y == nil || y != blk.Last() || y.Def() != scf.YieldOpDef || y.NumOperands() != blk.NumArguments() {
		return false
	}
	for i := 0; i < y.NumOperands(); i++ {
		if y.Operand(i) != blk.Argument(i) {
			return false
		}
	}
	return true
}

// lowerWhile: `cf.br ^before(inits)`; the before region's scf.condition
// becomes `cf.cond_br %c, ^after(args), ^continue`; the after region's
// scf.yield becomes `cf.br ^before(yielded)`.
func lowerWhile(b *ir.Builder, op *ir.Operation) error {
	beforeR, afterR := op.Region(0), op.Region(1)
	if beforeR.Empty() || afterR.Empty() {
		return malformed(op, "empty region")
	}
	current := op.Block()
	cont := splitAt(op)
	before, after := beforeR.Front(), afterR.Front()
	beforeLast := beforeR.Blocks()[beforeR.NumBlocks()-1]
	afterLast := afterR.Blocks()[afterR.NumBlocks()-1]
	condOp := terminatorNamed(beforeLast, scf.ConditionOpDef)
	yield := terminatorNamed(afterLast, scf.YieldOpDef)
	if condOp == nil || yield == nil {
		return malformed(op, "regions do not end in scf.condition / scf.yield")
	}
	inlineRegionBefore(afterR, cont)
	inlineRegionBefore(beforeR, after)

	loc := op.Loc()
	b.SetInsertionPointToEnd(current)
	cf.NewBr(b, loc, before, op.Operands())

	args := condOp.Operands()[1:]
	b.SetInsertionPoint(condOp)
	cf.NewCondBr(b, condOp.Loc(), condOp.Operand(0), after, args, cont, nil)
	condOp.Erase()

	b.SetInsertionPoint(yield)
	propagateLoopAttrs(op, cf.NewBr(b, yield.Loc(), before, yield.Operands()))
	yield.Erase()

	replaceAndErase(op, args)
	return nil
}

// propagateLoopAttrs copies the loop's attributes whose value belongs
// to the LLVM dialect (llvm.loop_annotation) to its back-edge branch, the
// latch LLVM's loop metadata goes on, as MLIR's SCFToControlFlow does.
func propagateLoopAttrs(loop, latch *ir.Operation) {
	for _, a := range loop.DiscardableAttrs() {
		if a.Value.Namespace() == "llvm" {
			latch.SetAttr(a.Name, a.Value)
		}
	}
}

// lowerDoWhile inlines only the before region, looping on its condition.
func lowerDoWhile(b *ir.Builder, op *ir.Operation) error {
	beforeR := op.Region(0)
	if beforeR.Empty() {
		return malformed(op, "empty region")
	}
	current := op.Block()
	cont := splitAt(op)
	before := beforeR.Front()
	beforeLast := beforeR.Blocks()[beforeR.NumBlocks()-1]
	condOp := terminatorNamed(beforeLast, scf.ConditionOpDef)
	if condOp == nil {
		return malformed(op, "before region does not end in scf.condition")
	}
	inlineRegionBefore(beforeR, cont)

	b.SetInsertionPointToEnd(current)
	cf.NewBr(b, op.Loc(), before, op.Operands())

	args := condOp.Operands()[1:]
	b.SetInsertionPointToEnd(beforeLast)
	propagateLoopAttrs(op, cf.NewCondBr(b, condOp.Loc(), condOp.Operand(0), before, args, cont, nil))
	condOp.Erase()

	replaceAndErase(op, args)
	return nil
}

// lowerExecuteRegion: branch into the region; its scf.yield terminators
// branch to the continuation block, which receives the results.
func lowerExecuteRegion(b *ir.Builder, op *ir.Operation) error {
	r := op.Region(0)
	if r.Empty() {
		return malformed(op, "empty region")
	}
	loc := op.Loc()
	condBlock := op.Block()
	remaining := splitAt(op)
	b.SetInsertionPointToEnd(condBlock)
	cf.NewBr(b, loc, r.Front(), nil)
	for _, blk := range r.Blocks() {
		if t := terminatorNamed(blk, scf.YieldOpDef); t != nil {
			b.SetInsertionPointToEnd(blk)
			cf.NewBr(b, loc, remaining, t.Operands())
			t.Erase()
		}
	}
	inlineRegionBefore(r, remaining)
	vals := make([]ir.Value, op.NumResults())
	for i := range vals {
		vals[i] = remaining.AddArgument(op.Result(i).Type(), loc)
	}
	nameAfter(op, vals...)
	replaceAndErase(op, vals)
	return nil
}

// lowerIndexSwitch: the continuation block takes the results; each case
// region (then the default) is inlined with its yield turned into a
// branch; the condition block casts the index to i32 and ends in
// cf.switch.
func lowerIndexSwitch(b *ir.Builder, op *ir.Operation) error {
	cases, _ := op.Attr("cases").(*ir.DenseArrayAttr)
	if cases == nil || len(cases.Ints) != op.NumRegions()-1 {
		return malformed(op, "cases do not match the case regions")
	}
	for _, r := range op.Regions() {
		if r.Empty() || terminatorNamed(r.Front(), scf.YieldOpDef) == nil {
			return malformed(op, "region does not end in scf.yield")
		}
	}
	loc := op.Loc()
	condBlock := op.Block()
	cont := splitAt(op)
	var results []ir.Value
	for i := 0; i < op.NumResults(); i++ {
		results = append(results, cont.AddArgument(op.Result(i).Type(), loc))
	}
	nameAfter(op, results...)
	convert := func(r *ir.Region) *ir.Block {
		blk := r.Front()
		y := blk.Last()
		b.SetInsertionPoint(y)
		cf.NewBr(b, y.Loc(), cont, y.Operands())
		y.Erase()
		inlineRegionBefore(r, cont)
		return blk
	}
	var dests []*ir.Block
	for _, r := range op.Regions()[1:] {
		dests = append(dests, convert(r))
	}
	def := convert(op.Region(0))
	b.SetInsertionPointToEnd(condBlock)
	flagVal := arith.NewCast(b, "arith.index_cast", loc, op.Operand(0), ir.I32(op.Context())).Result(0)
	nameAfter(op, flagVal)
	caseArgs := make([][]ir.Value, len(dests))
	cf.NewSwitch(b, loc, flagVal, def, nil, cases.Ints, dests, caseArgs)
	replaceAndErase(op, results)
	return nil
}
