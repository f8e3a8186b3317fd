package ttgtogpu

import (
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Views of shared buffers. A `!ttg.memdesc` value converts to one
// address: the start of its root buffer (the ttg.local_alloc, or one
// buffer of a multi-buffered allocation that ttg.memdesc_index selects,
// whose address is additive because buffers are whole). Sub-views keep
// that address: the element at coordinates c of a ttg.memdesc_subslice
// is the root element at c + offsets, and a swizzled layout maps a sum of
// disjoint bit patterns to the XOR of their offsets, not their sum (the
// slice's offsets are multiples of its shape, which the verifier checks),
// so an address is the root address plus (layout(c) XOR layout(offsets)),
// as Triton's SharedMemoryObject XORs its "affine offset". The offsets are
// static, so the conversion records them per memdesc operand before it
// starts, following views back to their root (memview below); each
// access XORs layout(offsets) into its element indices. ttg.memdesc_trans
// and ttg.memdesc_reshape are views of the same bytes in other
// coordinates: the result type's layout describes them, and their
// lowering forwards the address.

// memView is how a memdesc value addresses its root buffer: offsets, in
// the value's own coordinates (the trailing dims of its alloc shape), to
// add to every coordinate.
type memView struct {
	offsets []int64
}

// isZero reports whether the view starts at its buffer's first element.
func (v memView) isZero() bool {
	for _, o := range v.offsets {
		if o != 0 {
			return false
		}
	}
	return true
}

// operandKey names one operand of one op.
type operandKey struct {
	op  *ir.Operation
	idx int
}

// planViews computes the view of every memdesc operand of the module,
// before the conversion replaces the ops that define them.
func (l *lowering) planViews() (map[operandKey]memView, error) {
	out := map[operandKey]memView{}
	memo := map[ir.ValueKey]*memView{}
	var err error
	ir.WalkOps(l.module, func(op *ir.Operation) {
		if err != nil {
			return
		}
		for i, v := range op.Operands() {
			if _, ok := v.Type().(*ttg.MemDescType); !ok {
				continue
			}
			mv, _, verr := viewOf(v, memo, map[ir.ValueKey]bool{})
			if verr == nil && !mv.isZero() && (op.Name() == "tt.call" || op.Name() == "tt.return") {
				// A memdesc crosses calls as its buffer's address alone.
				verr = viewError("a sub-view (offsets " + fmtInts(mv.offsets) + ") cannot be passed to or returned from a function")
			}
			if verr != nil {
				err = ir.OpErrorf(op, "%v", verr)
				return
			}
			out[operandKey{op, i}] = mv
		}
	})
	return out, err
}

// viewError is a failure to follow a view, reported at the op that uses
// it.
type viewError string

func (e viewError) Error() string { return string(e) }

// viewOf follows v back to its root buffer. A block argument takes the
// view of the values its predecessors pass, which must agree; a value
// that comes back around a loop to the argument being resolved is
// pending (it is the argument itself, passed along) and does not count.
func viewOf(v ir.Value, memo map[ir.ValueKey]*memView, visiting map[ir.ValueKey]bool) (_ memView, pending bool, _ error) {
	k := ir.KeyOf(v)
	if m := memo[k]; m != nil {
		return *m, false, nil
	}
	mt, _ := v.Type().(*ttg.MemDescType)
	rank := 0
	if mt != nil {
		rank = len(mt.Dims)
	}
	zero := memView{offsets: make([]int64, rank)}
	def := v.DefiningOp()
	if def == nil {
		if visiting[k] {
			return memView{}, true, nil
		}
		visiting[k] = true
		defer delete(visiting, k)
		res, pending, err := blockArgView(v, memo, visiting)
		if err != nil || pending {
			return memView{}, pending, err
		}
		memo[k] = &res
		return res, false, nil
	}
	var src memView
	switch def.Name() {
	case "ttg.memdesc_subslice", "ttg.memdesc_trans", "ttg.memdesc_index", "ttg.memdesc_reshape", "ttg.memdesc_reinterpret":
		var pending bool
		var err error
		if src, pending, err = viewOf(def.Operand(0), memo, visiting); err != nil {
			return memView{}, false, err
		}
		if pending {
			return memView{}, false, viewError(def.Name() + " of a memdesc carried around a loop changes from one iteration to the next, which is not supported")
		}
	}
	res := zero
	switch def.Name() {
	case "ttg.memdesc_subslice":
		offs, _ := def.Attr("offsets").(*ir.DenseArrayAttr)
		if offs == nil || len(offs.Ints) != len(src.offsets) {
			return memView{}, false, viewError("ttg.memdesc_subslice without offsets of its rank")
		}
		res = memView{offsets: slices.Clone(src.offsets)}
		for i, o := range offs.Ints {
			res.offsets[i] += o
		}
	case "ttg.memdesc_trans":
		order, _ := def.Attr("order").(*ir.DenseArrayAttr)
		if order == nil || len(order.Ints) != len(src.offsets) {
			return memView{}, false, viewError("ttg.memdesc_trans without an order of its rank")
		}
		res = memView{offsets: make([]int64, len(order.Ints))}
		for i, o := range order.Ints {
			res.offsets[i] = src.offsets[o]
		}
	case "ttg.memdesc_index", "ttg.memdesc_reshape", "ttg.memdesc_reinterpret":
		// A new root (index) or the same bytes in other coordinates: only
		// from a view that starts at its buffer.
		if !src.isZero() {
			return memView{}, false, viewError(def.Name() + " of a sub-view (ttg.memdesc_subslice with offsets " + fmtInts(src.offsets) + ") is not supported")
		}
	}
	memo[k] = &res
	return res, false, nil
}

// blockArgView is the view of a block argument: that of every value the
// predecessors pass to it, which must be the same; pending when every
// value is (the argument only comes back to itself so far). Arguments of
// a block without predecessors (a function's) start at their buffers.
func blockArgView(arg ir.Value, memo map[ir.ValueKey]*memView, visiting map[ir.ValueKey]bool) (memView, bool, error) {
	ba, ok := arg.(*ir.BlockArgument)
	if !ok {
		return memView{}, false, nil
	}
	blk := ba.Owner()
	if !blk.HasPredecessors() {
		// A function argument (a callee's shared-memory operands start at
		// their buffers).
		return memView{offsets: make([]int64, len(arg.Type().(*ttg.MemDescType).Dims))}, false, nil
	}
	var res *memView
	for _, pred := range blk.Predecessors() {
		term := pred.Last()
		if term == nil {
			continue
		}
		for si := 0; si < term.NumSuccessors(); si++ {
			if term.Successor(si) != blk {
				continue
			}
			in := successorOperand(term, si, ba.Index())
			if in == nil {
				continue
			}
			v, pending, err := viewOf(in, memo, visiting)
			if err != nil {
				return memView{}, false, err
			}
			if pending {
				continue
			}
			if res != nil && !slices.Equal(res.offsets, v.offsets) {
				return memView{}, false, viewError("a block argument receives sub-views with different offsets (" +
					fmtInts(res.offsets) + " and " + fmtInts(v.offsets) + ")")
			}
			res = &v
		}
	}
	if res == nil {
		return memView{}, true, nil
	}
	return *res, false, nil
}

// successorOperand is the value branch term passes to argument arg of its
// successor si, or nil.
func successorOperand(term *ir.Operation, si, arg int) ir.Value {
	hook := term.Def().SuccessorOperands
	if hook == nil {
		return nil
	}
	idx := hook(term, si)
	if arg >= len(idx) {
		return nil
	}
	return term.Operand(idx[arg])
}

func fmtInts(v []int64) string { return fmt.Sprint(v) }

// viewXor returns the element index the view's offsets add (by XOR) to
// every element of a buffer whose coordinates -> index map is p.
func (p *cvtPlan) viewXor(v memView) int64 {
	if v.isZero() {
		return 0
	}
	c := make([]int32, len(v.offsets))
	for i, o := range v.offsets {
		c[i] = int32(o)
	}
	return p.flat(c)
}

// viewOfOperand returns the recorded view of operand idx of op.
func (l *lowering) viewOfOperand(op *ir.Operation, idx int) memView {
	return l.views[operandKey{op, idx}]
}

// lowerMemDescView lowers the views that keep their root's address
// (memdesc_subslice, memdesc_trans, memdesc_reshape, memdesc_reinterpret):
// the view itself was recorded for the ops that use it.
func (l *lowering) lowerMemDescView(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if _, ok := op.Result(0).Type().(*ttg.MemDescType); !ok {
		return ir.OpErrorf(op, "expected a memdesc result")
	}
	rw.ReplaceOp(op, []ir.Value{rw.Remapped(op.Operand(0))})
	return nil
}
