package pipeliner

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-fuse-nested-loops",
		DisplayName: "TritonGPUFuseNestedLoops",
		Summary:     "fuse nested loops for pipelining",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error {
				FuseNestedLoops(op)
				return nil
			}
		},
	})
}

// Loop nest fusion (Triton's TritonGPUFuseNestedLoops): a loop nest
//
//	for i: prologue0(i); for j0: body0(i, j0); epilogue1(i); ... ; epilogue(i)
//
// whose inner loop bounds do not depend on i (or can be recomputed from i
// alone) becomes one loop over all the inner iterations, with a counter T
// running over an outer iteration's inner iterations, each prologue,
// inner body and epilogue in an scf.if on T. One flat loop is what the
// software pipeliner can overlap across outer iterations (persistent
// matmul kernels). Only nests marked tt.flatten with one inner loop are
// fused, unless the test attribute ttg.always-fuse asks for any nest.

const (
	attrFlatten     = "tt.flatten"
	attrMustExecute = "ttg.must-execute"
	attrAlwaysFuse  = "ttg.always-fuse"
)

// loopNode is a loop of a nest and the loops immediately nested in it.
type loopNode struct {
	loop     *ir.Operation
	children []*loopNode
}

// loopNest is a tree of loops.
type loopNest struct {
	root  *loopNode
	nodes int
}

// findLoopNests collects the loop nests under container: a loop and the
// loops reachable from it without crossing another op with regions (which
// starts new nests).
func findLoopNests(container *ir.Operation, nests *[]*loopNest) {
	ir.Walk(container, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op == container || op.Name() != "scf.for" {
			return ir.Advance
		}
		nest := &loopNest{root: &loopNode{loop: op}, nodes: 1}
		constructLoopNest(nest.root, nest, nests)
		*nests = append(*nests, nest)
		return ir.Skip
	})
}

func constructLoopNest(parent *loopNode, nest *loopNest, nests *[]*loopNest) {
	ir.Walk(parent.loop, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op == parent.loop {
			return ir.Advance
		}
		if op.Name() == "scf.for" {
			child := &loopNode{loop: op}
			nest.nodes++
			parent.children = append(parent.children, child)
			constructLoopNest(child, nest, nests)
			return ir.Skip
		}
		if op.NumRegions() > 0 {
			findLoopNests(op, nests)
			return ir.Skip
		}
		return ir.Advance
	})
}

// logue is a prologue or epilogue: a range of ops of the outer body, and
// the results of them used after the range.
type logue struct {
	ops     []*ir.Operation
	outputs []ir.Value
}

// newLogue makes a logue of the ops from begin up to (not including) end.
func newLogue(dom *ir.DominanceInfo, begin, end *ir.Operation) *logue {
	l := &logue{}
	for op := begin; op != nil && op != end; op = op.Next() {
		l.ops = append(l.ops, op)
	}
	if len(l.ops) == 0 {
		return l
	}
	last := l.ops[len(l.ops)-1]
	for _, op := range l.ops {
		for _, r := range op.Results() {
			for _, u := range ir.Users(r) {
				if dom.OpDominates(last, u) {
					l.outputs = append(l.outputs, r)
					break
				}
			}
		}
	}
	return l
}

func (l *logue) outputTypes() []ir.Type {
	var ts []ir.Type
	for _, v := range l.outputs {
		ts = append(ts, v.Type())
	}
	return ts
}

// moveInto appends the logue's ops to blk.
func (l *logue) moveInto(blk *ir.Block) {
	for _, op := range l.ops {
		op.Remove()
		blk.Append(op)
	}
}

// replaceOutputs makes the uses of the outputs outside region r use vals.
func (l *logue) replaceOutputs(vals []ir.Value, r *ir.Region) {
	for i, out := range l.outputs {
		ir.ReplaceUsesIf(out, vals[i], func(u *ir.OpOperand) bool {
			return !r.IsAncestorOf(u.Owner().ParentRegion())
		})
	}
}

// canHoistLoopBoundComputation: side-effect free (or only reading) ops on
// scalars, including integer divisions the loop bounds never divide by
// zero.
func canHoistLoopBoundComputation(op *ir.Operation) bool {
	scalar := func(t ir.Type) bool {
		switch t.(type) {
		case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
			return true
		}
		_, isPtr := t.(*tt.PointerType)
		return isPtr
	}
	if !ir.IsMemoryEffectFree(op) && !onlyReads(op) {
		return false
	}
	for _, t := range op.OperandTypes() {
		if !scalar(t) {
			return false
		}
	}
	for _, t := range op.ResultTypes() {
		if !scalar(t) {
			return false
		}
	}
	return true
}

// onlyReads reports whether op has effects and all of them are reads.
func onlyReads(op *ir.Operation) bool {
	es, ok := ir.MemoryEffects(op)
	if !ok || len(es) == 0 {
		return false
	}
	for _, e := range es {
		if e.Kind != ir.Read {
			return false
		}
	}
	return true
}

// isFuncArg reports whether arg is an argument of a function.
func isFuncArg(arg *ir.BlockArgument) bool {
	p := blockOwner(arg.Owner())
	return p != nil && (p.Name() == "tt.func" || p.Name() == "func.func")
}

// intWidth is the width of an integer or index type (index counts as 64).
func intWidth(t ir.Type) int {
	if _, ok := t.(*ir.IndexType); ok {
		return 64
	}
	if it, ok := t.(*ir.IntegerType); ok {
		return it.Width
	}
	return 64
}

// fuseBuilder builds at one location.
type fuseBuilder struct {
	*ir.Builder
	loc ir.Location
}

func (b *fuseBuilder) bin(name string, x, y ir.Value) ir.Value {
	return arith.NewBinary(b.Builder, name, b.loc, x, y).Result(0)
}

func (b *fuseBuilder) cmp(p arith.CmpIPredicate, x, y ir.Value) ir.Value {
	return arith.NewCmpI(b.Builder, b.loc, p, x, y).Result(0)
}

func (b *fuseBuilder) cst(t ir.Type, v int64) ir.Value {
	return arith.ConstantInt(b.Builder, b.loc, v, t)
}

// numIters builds ceildiv(ub - lb, step).
func (b *fuseBuilder) numIters(lb, ub, step ir.Value) ir.Value {
	return b.bin("arith.ceildivsi", b.bin("arith.subi", ub, lb), step)
}

// castInt converts an integer or index value to type t if needed.
func (b *fuseBuilder) castInt(v ir.Value, t ir.Type) ir.Value { return castInt(b.Builder, b.loc, v, t) }

// poisonOrZero builds a value never read on live paths: zero for integer
// and float scalars and tensors (which ptxas handles better), else poison.
func (b *fuseBuilder) poisonOrZero(t ir.Type) ir.Value {
	elem := ir.ElementTypeOrSelf(t)
	var zero ir.Attribute
	switch elem.(type) {
	case *ir.IntegerType, *ir.IndexType:
		zero = arith.IntAttr(b.Ctx, elem, 0)
	case *ir.FloatType:
		zero = arith.FloatAttr(b.Ctx, elem, 0)
	}
	if zero == nil {
		return ub.NewPoison(b.Builder, b.loc, t, nil).Result(0)
	}
	if rt, ok := t.(*ir.RankedTensorType); ok {
		zero = ir.DenseSplat(b.Ctx, rt, zero)
	} else if t != elem {
		return ub.NewPoison(b.Builder, b.loc, t, nil).Result(0)
	}
	return arith.NewConstant(b.Builder, b.loc, zero).Result(0)
}

// newIfOp creates an scf.if with the given result types and empty regions.
func newIfOp(b *ir.Builder, loc ir.Location, cond ir.Value, types []ir.Type) *ir.Operation {
	st := ir.NewState(b.Ctx, "scf.if", loc)
	st.Operands = []ir.Value{cond}
	st.Types = types
	st.AddRegion()
	st.AddRegion()
	return b.Create(st)
}

// innerLoop is a child loop being fused and the ops recomputing its bounds
// from the outer induction variable (none when they are invariant).
type innerLoop struct {
	op     *ir.Operation
	sliced *opSet
}

func (l innerLoop) invariant() bool { return len(l.sliced.list) == 0 }

// FuseNestedLoops fuses the loop nests of module marked for flattening.
func FuseNestedLoops(module *ir.Operation) {
	dom := ir.NewDominanceInfo()
	for _, fn := range module.Region(0).Front().Ops() {
		if fn.Name() != "tt.func" {
			continue
		}
		var nests []*loopNest
		findLoopNests(fn, &nests)
		for _, nest := range nests {
			always := nest.root.loop.HasAttr(attrAlwaysFuse)
			if !always && !(nest.nodes == 2 && len(nest.root.children) == 1 && nest.root.loop.HasAttr(attrFlatten)) {
				continue
			}
			if !always && !preprocessLoopNest(nest, dom) {
				continue
			}
			flattenLoopNest(nest.root, dom)
		}
	}
}

// flattenLoopNest fuses a nest leaf to root.
func flattenLoopNest(node *loopNode, dom *ir.DominanceInfo) {
	for _, c := range node.children {
		flattenLoopNest(c, dom)
	}
	fuseOneLevel(node, dom)
}

// preprocessLoopNest hoists the outer loop's invariant code, sinks what
// only the epilogue needs out of the prologue, and makes the inner loop
// known to run at least once.
func preprocessLoopNest(nest *loopNest, dom *ir.DominanceInfo) bool {
	outer, inner := nest.root.loop, nest.root.children[0].loop
	transforms.HoistLoopInvariants(outer)
	sinkPrologueIntoEpilogue(outer, inner, dom)
	return speculateInnerLoopLength(nest, dom)
}

// sinkPrologueIntoEpilogue moves the pure ops of the prologue whose users
// are all after the inner loop (or being moved) to right after it.
func sinkPrologueIntoEpilogue(outer, inner *ir.Operation, dom *ir.DominanceInfo) {
	inEpilogue := func(op *ir.Operation) bool {
		anc := body(outer).FindAncestorOp(op)
		return anc != nil && anc != inner && inner.IsBeforeInBlock(anc)
	}
	var sunk opSet
	var prologue []*ir.Operation
	for op := body(outer).First(); op != nil && op != inner; op = op.Next() {
		prologue = append(prologue, op)
	}
	for i := len(prologue) - 1; i >= 0; i-- {
		op := prologue[i]
		if !op.Has(ir.Pure) || isDotLike(op) {
			continue
		}
		ok := true
		for _, r := range op.Results() {
			for _, u := range ir.Users(r) {
				if !inEpilogue(u) && !sunk.contains(u) {
					ok = false
				}
			}
		}
		if ok {
			sunk.insert(op)
		}
	}
	if len(sunk.list) == 0 {
		return
	}
	next := inner.Next()
	for _, op := range topologicalOrder(sunk.list) {
		op.MoveBefore(next)
	}
}

// matchPositiveTripCount looks for llvm.intr.assume(ub > lb) (or lb < ub)
// on the loop's bounds.
func matchPositiveTripCount(loop *ir.Operation) bool {
	f := scf.ForOp{Operation: loop}
	lb, ub := f.LowerBound(), f.UpperBound()
	gt, lt := arith.CmpISGT, arith.CmpISLT
	if f.Unsigned() {
		gt, lt = arith.CmpIUGT, arith.CmpIULT
	}
	for _, user := range ir.Users(ub) {
		if user.Name() != "arith.cmpi" {
			continue
		}
		assumed := false
		for _, u := range ir.Users(user.Result(0)) {
			if u.Name() == "llvm.intr.assume" {
				assumed = true
			}
		}
		if !assumed {
			continue
		}
		p := arith.CmpIPredicateOf(user)
		if p == gt && user.Operand(0) == ub && user.Operand(1) == lb ||
			p == lt && user.Operand(0) == lb && user.Operand(1) == ub {
			return true
		}
	}
	return false
}

// speculateInnerLoopLength makes the inner loop known to run at least once:
// directly when an assumption says so, otherwise by versioning the nest on
// the (outer-invariant) inner trip count being zero.
func speculateInnerLoopLength(nest *loopNest, dom *ir.DominanceInfo) bool {
	outer, inner := nest.root.loop, nest.root.children[0].loop
	ctx := outer.Context()
	if matchPositiveTripCount(inner) {
		inner.SetAttr(attrMustExecute, ir.Unit(ctx))
		return true
	}
	f := scf.ForOp{Operation: inner}
	var toHoist opSet
	if !opsToHoistFor(dom, outer, []ir.Value{f.LowerBound(), f.UpperBound(), f.Step()}, &toHoist,
		canHoistLoopBoundComputation, isFuncArg) {
		return false
	}
	hoistOpsBefore(outer, toHoist.list)
	inner.SetAttr(attrMustExecute, ir.Unit(ctx))
	b := &fuseBuilder{ir.NewBuilder(ctx), inner.Loc()}
	b.SetInsertionPoint(outer)
	n := b.numIters(f.LowerBound(), f.UpperBound(), f.Step())
	empty := b.cmp(arith.CmpIEQ, n, b.cst(n.Type(), 0))
	ifOp := newIfOp(b.Builder, b.loc, empty, outer.ResultTypes())
	// Then: the nest without the inner loop.
	thenBlk := ir.NewBlock(ctx, nil, nil)
	ifOp.Region(0).Append(thenBlk)
	m := ir.NewMapping()
	clone := outer.Clone(m)
	thenBlk.Append(clone)
	tb := ir.NewBuilder(ctx)
	tb.SetInsertionPointToEnd(thenBlk)
	scf.NewYield(tb, b.loc, clone.Results())
	cloneInner := findClone(inner, outer, clone)
	inits := scf.ForOp{Operation: cloneInner}.Inits()
	for i, r := range cloneInner.Results() {
		ir.ReplaceAllUsesWith(r, inits[i])
	}
	cloneInner.Erase()
	clone.RemoveAttr(attrWarpSpecialize)
	// Else: the nest itself.
	for i, r := range outer.Results() {
		ir.ReplaceAllUsesWith(r, ifOp.Result(i))
	}
	elseBlk := ir.NewBlock(ctx, nil, nil)
	ifOp.Region(1).Append(elseBlk)
	outer.Remove()
	elseBlk.Append(outer)
	eb := ir.NewBuilder(ctx)
	eb.SetInsertionPointToEnd(elseBlk)
	scf.NewYield(eb, b.loc, outer.Results())
	return true
}

// findClone returns the op of clone at the position op has in orig.
func findClone(op, orig, clone *ir.Operation) *ir.Operation {
	var a, c []*ir.Operation
	ir.WalkOps(orig, func(x *ir.Operation) { a = append(a, x) })
	ir.WalkOps(clone, func(x *ir.Operation) { c = append(c, x) })
	for i, x := range a {
		if x == op && i < len(c) {
			return c[i]
		}
	}
	return nil
}
