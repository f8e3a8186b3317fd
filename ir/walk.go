package ir

// WalkOrder selects whether Walk visits an op before or after its regions.
type WalkOrder int

const (
	PreOrder WalkOrder = iota
	PostOrder
)

// WalkResult steers a walk.
type WalkResult int

const (
	Advance   WalkResult = iota // continue
	Skip                        // do not visit the regions of this op (pre-order only)
	Interrupt                   // stop the whole walk
)

// Walk visits op and every op nested in it in the given order. It reports
// whether the walk was interrupted. Visiting is robust against the visitor
// erasing or moving the visited op (post-order) or ops after it.
func Walk(op *Operation, order WalkOrder, fn func(*Operation) WalkResult) bool {
	if order == PreOrder {
		switch fn(op) {
		case Interrupt:
			return true
		case Skip:
			return false
		}
	}
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; {
				next := o.next
				// An op without regions is visited once, in either
				// order, and a walk of it would do only that: most
				// ops are such leaves, so they are visited here,
				// without a call of Walk each.
				if len(o.Regions()) == 0 {
					if fn(o) == Interrupt {
						return true
					}
				} else if Walk(o, order, fn) {
					return true
				}
				o = next
			}
		}
	}
	if order == PostOrder {
		return fn(op) == Interrupt
	}
	return false
}

// AnyOp reports whether pred holds for op or an op nested in it, walking
// in pre-order and stopping at the first that does.
func AnyOp(op *Operation, pred func(*Operation) bool) bool {
	return Walk(op, PreOrder, func(o *Operation) WalkResult {
		if pred(o) {
			return Interrupt
		}
		return Advance
	})
}

// WalkOps visits op and all nested ops in pre-order. It is Walk without
// steering (one call per op instead of two: the IR is walked all the time).
func WalkOps(op *Operation, fn func(*Operation)) {
	fn(op)
	WalkNested(op, fn)
}

// WalkNested visits the ops nested in op (not op itself) in pre-order.
func WalkNested(op *Operation, fn func(*Operation)) {
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; {
				next := o.next
				// WalkOps(o, fn), without a call for the ops that
				// have no regions (most of them).
				fn(o)
				if len(o.Regions()) > 0 {
					WalkNested(o, fn)
				}
				o = next
			}
		}
	}
}

// WalkDefinedValues calls fn for every value op and the ops nested in it
// define: their results, and the arguments of their regions' blocks.
func WalkDefinedValues(op *Operation, fn func(Value)) {
	WalkOps(op, func(o *Operation) {
		for _, v := range o.Results() {
			fn(v)
		}
		for _, r := range o.Regions() {
			for _, b := range r.blocks {
				for _, a := range b.Arguments() {
					fn(a)
				}
			}
		}
	})
}
