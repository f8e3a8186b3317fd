package pattern

import "github.com/ttcompiler/tt/ir"

// Listener observes every IR change made through a Rewriter.
type Listener interface {
	OpInserted(op *ir.Operation)
	OpModified(op *ir.Operation)
	// OpErased is called before op is erased, while it still holds its
	// operands.
	OpErased(op *ir.Operation)
	OpReplaced(op *ir.Operation, vals []ir.Value)
}

// Rewriter implements ir.Rewriter, reporting every change to a Listener.
type Rewriter struct {
	b        *ir.Builder
	listener Listener
	failures []string
}

var _ ir.Rewriter = (*Rewriter)(nil)

// NewRewriter returns a rewriter whose changes are reported to l (which
// may be nil).
func NewRewriter(ctx *ir.Context, l Listener) *Rewriter {
	r := &Rewriter{b: ir.NewBuilder(ctx), listener: l}
	r.b.Listener = func(op *ir.Operation) {
		if r.listener != nil {
			r.listener.OpInserted(op)
		}
	}
	return r
}

func (r *Rewriter) B() *ir.Builder { return r.b }

func (r *Rewriter) Create(st *ir.OperationState) *ir.Operation { return r.b.Create(st) }

func (r *Rewriter) notifyModified(op *ir.Operation) {
	if r.listener != nil {
		r.listener.OpModified(op)
	}
}

func (r *Rewriter) ReplaceOp(op *ir.Operation, vals []ir.Value) {
	if len(vals) != op.NumResults() {
		panic("pattern: ReplaceOp with the wrong number of values")
	}
	if r.listener != nil {
		r.listener.OpReplaced(op, vals)
	}
	for i, v := range vals {
		r.ReplaceAllUsesWith(op.Result(i), v)
	}
	r.EraseOp(op)
}

func (r *Rewriter) ReplaceOpWithOp(op, newOp *ir.Operation) { r.ReplaceOp(op, newOp.Results()) }

func (r *Rewriter) EraseOp(op *ir.Operation) {
	// Erase nested ops first (post-order, at every depth), so listeners see
	// each one: a driver must not keep an op of an erased region on its
	// worklist.
	for _, reg := range op.Regions() {
		for _, b := range reg.Blocks() {
			for o := b.Last(); o != nil; {
				prev := o.Prev()
				o.DropAllReferences()
				r.EraseOp(o)
				o = prev
			}
		}
	}
	r.eraseSingle(op)
}

func (r *Rewriter) eraseSingle(op *ir.Operation) {
	if r.listener != nil {
		r.listener.OpErased(op)
	}
	op.Erase()
}

func (r *Rewriter) ReplaceAllUsesWith(from, to ir.Value) {
	// Walk the use list in order, taking each next use before Set moves
	// the current one to to's list.
	for u := from.FirstUse(); u != nil; {
		next := u.NextUse()
		owner := u.Owner()
		u.Set(to)
		r.notifyModified(owner)
		u = next
	}
}

func (r *Rewriter) ReplaceUsesIf(from, to ir.Value, pred func(*ir.OpOperand) bool) {
	for _, u := range ir.Uses(from) {
		if pred(u) {
			owner := u.Owner()
			u.Set(to)
			r.notifyModified(owner)
		}
	}
}

func (r *Rewriter) ModifyInPlace(op *ir.Operation, fn func()) {
	fn()
	r.notifyModified(op)
}

func (r *Rewriter) InlineBlockBefore(src *ir.Block, before *ir.Operation, args []ir.Value) {
	for i, a := range src.Arguments() {
		if i < len(args) {
			r.ReplaceAllUsesWith(a, args[i])
		}
	}
	dst := before.Block()
	for _, op := range src.Ops() {
		op.Remove()
		dst.InsertBefore(op, before)
		if r.listener != nil {
			r.listener.OpInserted(op)
		}
	}
	src.Erase()
}

func (r *Rewriter) MergeBlocks(src, dst *ir.Block, args []ir.Value) {
	for i, a := range src.Arguments() {
		if i < len(args) {
			r.ReplaceAllUsesWith(a, args[i])
		}
	}
	for _, op := range src.Ops() {
		op.Remove()
		dst.Append(op)
		if r.listener != nil {
			r.listener.OpInserted(op)
		}
	}
	src.Erase()
}

func (r *Rewriter) InlineRegionBefore(src *ir.Region, dst *ir.Region, before *ir.Block) {
	for _, b := range append([]*ir.Block(nil), src.Blocks()...) {
		b.Detach()
		dst.InsertBefore(b, before)
	}
}

func (r *Rewriter) SplitBlock(b *ir.Block, before *ir.Operation) *ir.Block {
	return b.SplitBefore(before)
}

func (r *Rewriter) EraseBlock(b *ir.Block) {
	for o := b.Last(); o != nil; {
		prev := o.Prev()
		r.EraseOp(o)
		o = prev
	}
	b.Erase()
}

func (r *Rewriter) NotifyMatchFailure(op *ir.Operation, reason string) bool {
	r.failures = append(r.failures, op.Name()+": "+reason)
	return false
}
