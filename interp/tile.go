package interp

import (
	"github.com/ttcompiler/tt/ir"
)

// tiledView is a strided view of a tensor in global memory, as block
// pointers and tensor descriptors describe it: element (i0, i1, ...) of
// the global tensor lives at base + sum(i_d * strides[d]) * size.
type tiledView struct {
	base    uint64
	elem    *Elem
	shape   []int64
	strides []int64
}

// inBounds reports whether coordinate c lies inside dimension d.
func (v *tiledView) inBounds(d int, c int64) bool { return c >= 0 && c < v.shape[d] }

// tileLoad reads the block of the given shape whose first element is at
// origin. Coordinates outside the view in a checked dimension read the
// padding (0, or NaN when nanPad is set for a float element); unchecked
// dimensions are addressed as computed (an address outside the buffer is
// an error). out gives the result's shape (same element count).
func (x *execCtx) tileLoad(op *ir.Operation, v *tiledView, origin []int64, block []int, checked func(d int) bool, nanPad bool, out []int) (*Tensor, error) {
	r := newTensor(v.elem, out)
	size := v.elem.Size()
	n := numel(block)
	idx := make([]int, len(block))
	for i := 0; i < n; i++ {
		addr, inside := v.base, true
		for d, k := range idx {
			c := origin[d] + int64(k)
			if checked(d) && !v.inBounds(d, c) {
				inside = false
				break
			}
			addr += uint64(c*v.strides[d]) * uint64(size)
		}
		if inside {
			b, err := resolve(x.l.bufs, addr, size)
			if err != nil {
				return nil, x.failAt(op, i, block, "load: %v", err)
			}
			readElem(r, i, b)
		} else if nanPad && v.elem.isFloat() {
			setFloat(r, i, nan64)
		}
		for d := len(idx) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < block[d] {
				break
			}
			idx[d] = 0
		}
	}
	return r, nil
}

// tileStore writes src (block-shaped, any shape with as many elements) to
// the block at origin, skipping elements outside a checked dimension. With
// rmw set, each element is combined atomically with memory instead.
func (x *execCtx) tileStore(op *ir.Operation, v *tiledView, origin []int64, block []int, checked func(d int) bool, src *Tensor, rmw rmwFn) error {
	size := v.elem.Size()
	n := numel(block)
	idx := make([]int, len(block))
	for i := 0; i < n; i++ {
		addr, inside := v.base, true
		for d, k := range idx {
			c := origin[d] + int64(k)
			if checked(d) && !v.inBounds(d, c) {
				inside = false
				break
			}
			addr += uint64(c*v.strides[d]) * uint64(size)
		}
		if inside {
			if rmw != nil {
				val := src.bitsAt(i)
				if _, err := x.atomic(addr, v.elem, func(old uint64) (uint64, bool) { return rmw(old, val), true }); err != nil {
					return x.failAt(op, i, block, "reduce: %v", err)
				}
			} else {
				b, err := resolve(x.l.bufs, addr, size)
				if err != nil {
					return x.failAt(op, i, block, "store: %v", err)
				}
				writeElem(b, src, i)
			}
		}
		for d := len(idx) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < block[d] {
				break
			}
			idx[d] = 0
		}
	}
	return nil
}
