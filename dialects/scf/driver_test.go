package scf_test

// A tiny greedy rewrite driver for tests: it folds ops (materializing
// constants through their dialect) and applies canonicalization patterns
// until nothing changes. The real driver lives in package pattern.

import (
	"sort"

	"github.com/ttcompiler/tt/ir"
)

type testRewriter struct {
	b       *ir.Builder
	changed bool
	erased  map[*ir.Operation]bool
}

func newTestRewriter(ctx *ir.Context) *testRewriter {
	return &testRewriter{b: ir.NewBuilder(ctx), erased: map[*ir.Operation]bool{}}
}

func (r *testRewriter) B() *ir.Builder { return r.b }
func (r *testRewriter) Create(st *ir.OperationState) *ir.Operation {
	r.changed = true
	return r.b.Create(st)
}
func (r *testRewriter) ReplaceOp(op *ir.Operation, vals []ir.Value) {
	for i, v := range vals {
		if v != nil {
			ir.ReplaceAllUsesWith(op.Result(i), v)
		}
	}
	r.EraseOp(op)
}
func (r *testRewriter) ReplaceOpWithOp(op, newOp *ir.Operation) { r.ReplaceOp(op, newOp.Results()) }
func (r *testRewriter) EraseOp(op *ir.Operation) {
	r.changed = true
	ir.WalkOps(op, func(o *ir.Operation) { r.erased[o] = true })
	op.Erase()
}
func (r *testRewriter) ReplaceAllUsesWith(from, to ir.Value) {
	r.changed = true
	ir.ReplaceAllUsesWith(from, to)
}
func (r *testRewriter) ReplaceUsesIf(from, to ir.Value, pred func(*ir.OpOperand) bool) {
	r.changed = true
	ir.ReplaceUsesIf(from, to, pred)
}
func (r *testRewriter) ModifyInPlace(op *ir.Operation, fn func()) {
	r.changed = true
	fn()
}
func (r *testRewriter) InlineBlockBefore(src *ir.Block, before *ir.Operation, args []ir.Value) {
	r.changed = true
	for i, a := range src.Arguments() {
		ir.ReplaceAllUsesWith(a, args[i])
	}
	for _, o := range src.Ops() {
		o.Remove()
		before.Block().InsertBefore(o, before)
	}
	src.Erase()
}
func (r *testRewriter) MergeBlocks(src, dst *ir.Block, args []ir.Value) {
	r.changed = true
	for i, a := range src.Arguments() {
		ir.ReplaceAllUsesWith(a, args[i])
	}
	for _, o := range src.Ops() {
		o.Remove()
		dst.Append(o)
	}
	src.Erase()
}
func (r *testRewriter) InlineRegionBefore(src *ir.Region, dst *ir.Region, before *ir.Block) {
	r.changed = true
	tmp := ir.NewRegion()
	tmp.TakeBody(src)
	for _, b := range tmp.Blocks() {
		dst.InsertBefore(b, before)
	}
}
func (r *testRewriter) SplitBlock(b *ir.Block, before *ir.Operation) *ir.Block {
	r.changed = true
	return b.SplitBefore(before)
}
func (r *testRewriter) EraseBlock(b *ir.Block) {
	r.changed = true
	for _, o := range b.Ops() {
		ir.WalkOps(o, func(x *ir.Operation) { r.erased[x] = true })
	}
	b.Erase()
}
func (r *testRewriter) NotifyMatchFailure(*ir.Operation, string) bool { return false }

var _ ir.Rewriter = (*testRewriter)(nil)

func constOperands(op *ir.Operation) []ir.Attribute {
	out := make([]ir.Attribute, op.NumOperands())
	for i := range out {
		if def := op.Operand(i).DefiningOp(); def != nil && def.Has(ir.ConstantLike) {
			out[i] = def.Attr("value")
		}
	}
	return out
}

// tryFold folds op once; it reports whether the IR changed.
func tryFold(r *testRewriter, op *ir.Operation) bool {
	def := op.Def()
	if def.Fold == nil || op.Has(ir.ConstantLike) {
		return false
	}
	res := def.Fold(op, constOperands(op))
	if res == nil {
		return false
	}
	inPlace := len(res) == op.NumResults() && len(res) > 0
	for i, fr := range res {
		if fr.Value != op.Result(i) {
			inPlace = false
		}
	}
	if inPlace {
		return true
	}
	r.b.SetInsertionPoint(op)
	vals := make([]ir.Value, len(res))
	for i, fr := range res {
		if fr.Value != nil {
			vals[i] = fr.Value
			continue
		}
		mat := def.Dialect.MaterializeConstant
		if mat == nil {
			return false
		}
		c := mat(r.b, fr.Attr, op.Result(i).Type(), op.Loc())
		if c == nil {
			return false
		}
		vals[i] = c.Result(0)
	}
	r.ReplaceOp(op, vals)
	return true
}

// canonicalize runs folding and patterns to a fixed point, then erases
// unused pure ops.
func canonicalize(root *ir.Operation, patterns bool) {
	r := newTestRewriter(root.Context())
	for iter := 0; iter < 20; iter++ {
		changed := false
		var ops []*ir.Operation
		ir.Walk(root, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
			if o != root {
				ops = append(ops, o)
			}
			return ir.Advance
		})
		for _, op := range ops {
			if r.erased[op] || op.Block() == nil {
				continue
			}
			if tryFold(r, op) {
				changed = true
				continue
			}
			if !patterns {
				continue
			}
			pats := append([]ir.RewritePattern(nil), op.Def().Canonicalize...)
			sort.SliceStable(pats, func(i, j int) bool { return pats[i].Benefit() > pats[j].Benefit() })
			for _, p := range pats {
				r.b.SetInsertionPoint(op)
				if p.MatchAndRewrite(op, r) {
					changed = true
					break
				}
			}
		}
		// Dead code elimination of side-effect free ops.
		ir.Walk(root, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
			if o != root && o.Block() != nil && !o.ResultsUsed() && triviallyDead(o) {
				r.EraseOp(o)
				changed = true
			}
			return ir.Advance
		})
		if !changed {
			return
		}
	}
}

// triviallyDead reports whether an unused op has no side effects: Pure
// ops, and ops with recursive effects whose nested ops are all free of
// effects (terminators included).
func triviallyDead(op *ir.Operation) bool {
	if op.Has(ir.Terminator) || !op.Registered() {
		return false
	}
	if op.Has(ir.Pure) && op.NumRegions() == 0 {
		return true
	}
	if !op.Has(ir.RecursiveEffects) {
		return false
	}
	dead := true
	ir.WalkNested(op, func(o *ir.Operation) {
		if !o.Registered() || !o.Has(ir.Pure) && !o.Has(ir.RecursiveEffects) {
			dead = false
		}
	})
	return dead
}
