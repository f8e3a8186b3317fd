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
	memo := map[ir.Value]*memView{}
	var err error
	ir.WalkOps(l.module, func(op *ir.Operation) {
		if err != nil {
			return
		}
		for i, v := range op.Operands() {
			if _, ok := v.Type().(*ttg.MemDescType); !ok {
				continue
			}
			var mv memView
			if mv, err = viewOf(v, memo, map[ir.Value]bool{}); err != nil {
				err = ir.OpErrorf(op, "%v", err)
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
// view of the values its predecessors pass, which must agree.
func viewOf(v ir.Value, memo map[ir.Value]*memView, visiting map[ir.Value]bool) (memView, error) {
	if m := memo[v]; m != nil {
		return *m, nil
	}
	mt, _ := v.Type().(*ttg.MemDescType)
	rank := 0
	if mt != nil {
		rank = len(mt.Dims)
	}
	zero := memView{offsets: make([]int64, rank)}
	var res memView
	switch def := v.DefiningOp(); {
	case def == nil:
		if visiting[v] {
			return zero, nil // a loop: the other predecessors decide
		}
		visiting[v] = true
		var err error
		if res, err = blockArgView(v, zero, memo, visiting); err != nil {
			return memView{}, err
		}
	case def.Name() == "ttg.memdesc_subslice":
		src, err := viewOf(def.Operand(0), memo, visiting)
		if err != nil {
			return memView{}, err
		}
		offs, _ := def.Attr("offsets").(*ir.DenseArrayAttr)
		if offs == nil || len(offs.Ints) != len(src.offsets) {
			return memView{}, viewError("ttg.memdesc_subslice without offsets of its rank")
		}
		res = memView{offsets: slices.Clone(src.offsets)}
		for i, o := range offs.Ints {
			res.offsets[i] += o
		}
	case def.Name() == "ttg.memdesc_trans":
		src, err := viewOf(def.Operand(0), memo, visiting)
		if err != nil {
			return memView{}, err
		}
		order, _ := def.Attr("order").(*ir.DenseArrayAttr)
		if order == nil || len(order.Ints) != len(src.offsets) {
			return memView{}, viewError("ttg.memdesc_trans without an order of its rank")
		}
		res = memView{offsets: make([]int64, len(order.Ints))}
		for i, o := range order.Ints {
			res.offsets[i] = src.offsets[o]
		}
	case def.Name() == "ttg.memdesc_index", def.Name() == "ttg.memdesc_reshape", def.Name() == "ttg.memdesc_reinterpret":
		// A new root (index) or the same bytes in other coordinates: only
		// from a view that starts at its buffer.
		src, err := viewOf(def.Operand(0), memo, visiting)
		if err != nil {
			return memView{}, err
		}
		if !src.isZero() {
			return memView{}, viewError(def.Name() + " of a sub-view (ttg.memdesc_subslice with offsets " + fmtInts(src.offsets) + ") is not supported")
		}
		res = zero
	default:
		res = zero
	}
	memo[v] = &res
	return res, nil
}

// blockArgView is the view of a block argument: that of every value the
// predecessors pass to it, which must be the same.
func blockArgView(arg ir.Value, zero memView, memo map[ir.Value]*memView, visiting map[ir.Value]bool) (memView, error) {
	ba, ok := arg.(*ir.BlockArgument)
	if !ok {
		return zero, nil
	}
	blk := ba.Owner()
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
			v, err := viewOf(in, memo, visiting)
			if err != nil {
				return memView{}, err
			}
			if res != nil && !slices.Equal(res.offsets, v.offsets) {
				return memView{}, viewError("a block argument receives sub-views with different offsets (" +
					fmtInts(res.offsets) + " and " + fmtInts(v.offsets) + ")")
			}
			res = &v
		}
	}
	if res == nil {
		return zero, nil
	}
	return *res, nil
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
