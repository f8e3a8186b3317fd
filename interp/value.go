package interp

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Value is what an SSA value holds while a program runs: a *Tensor (also
// for scalars, as rank-0 tensors), a *MemDesc (ttg shared memory), a
// *BlockPtr (tt.make_tensor_ptr), a *TensorDesc (tt.make_tensor_descriptor)
// or a Token (async tokens).
type Value interface{ isValue() }

// Token is the value of !ttg.async.token and similar ordering tokens; the
// interpreter performs asynchronous operations synchronously, so tokens
// carry nothing.
type Token struct{}

func (Token) isValue() {}

// Tensor is a tensor (or, with an empty Shape, a scalar) in row-major
// order. Exactly one of Bits, F32, F64 is used, as Elem.Kind says. Tensors
// are immutable once an operation has produced them, so operations that
// only reinterpret the shape (reshape, expand_dims, convert_layout) share
// storage.
type Tensor struct {
	Elem  *Elem
	Shape []int
	Bits  []uint64
	F32   []float32
	F64   []float64
}

func (*Tensor) isValue() {}

// Len returns the number of elements.
func (t *Tensor) Len() int {
	switch t.Elem.Kind {
	case KF32:
		return len(t.F32)
	case KF64:
		return len(t.F64)
	}
	return len(t.Bits)
}

// numel returns the number of elements of a shape (1 for scalars).
func numel(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// newTensor allocates a zero tensor.
func newTensor(e *Elem, shape []int) *Tensor {
	return newTensorN(e, shape, numel(shape))
}

// newTensorN allocates n zero elements; shape may disagree with n inside
// vectorized combine regions, where scalars stand for vectors.
func newTensorN(e *Elem, shape []int, n int) *Tensor {
	t := &Tensor{Elem: e, Shape: shape}
	switch e.Kind {
	case KF32:
		t.F32 = make([]float32, n)
	case KF64:
		t.F64 = make([]float64, n)
	default:
		t.Bits = make([]uint64, n)
	}
	return t
}

// withShape returns a tensor sharing t's storage under another shape.
func (t *Tensor) withShape(shape []int) *Tensor {
	c := *t
	c.Shape = shape
	return &c
}

// withElem returns a tensor sharing t's storage with another element type
// of the same storage kind (pointer casts, bitcasts between pointers).
func (t *Tensor) withElem(e *Elem) *Tensor {
	c := *t
	c.Elem = e
	return &c
}

// gather returns a tensor of the given shape whose element i is t's element
// idx[i].
func (t *Tensor) gather(shape []int, idx []int) *Tensor {
	r := newTensorN(t.Elem, shape, len(idx))
	switch t.Elem.Kind {
	case KF32:
		for i, j := range idx {
			r.F32[i] = t.F32[j]
		}
	case KF64:
		for i, j := range idx {
			r.F64[i] = t.F64[j]
		}
	default:
		for i, j := range idx {
			r.Bits[i] = t.Bits[j]
		}
	}
	return r
}

// scatterFrom sets t's element idx[i] to src's element i (t must be
// freshly allocated by the caller: tensors are otherwise immutable).
func (t *Tensor) scatterFrom(src *Tensor, idx []int) {
	switch t.Elem.Kind {
	case KF32:
		for i, j := range idx {
			t.F32[j] = src.F32[i]
		}
	case KF64:
		for i, j := range idx {
			t.F64[j] = src.F64[i]
		}
	default:
		for i, j := range idx {
			t.Bits[j] = src.Bits[i]
		}
	}
}

// clone returns a copy with its own storage.
func (t *Tensor) clone() *Tensor {
	c := *t
	switch t.Elem.Kind {
	case KF32:
		c.F32 = append([]float32(nil), t.F32...)
	case KF64:
		c.F64 = append([]float64(nil), t.F64...)
	default:
		c.Bits = append([]uint64(nil), t.Bits...)
	}
	return &c
}

// copyElem sets dst[i] = src[j].
func copyElem(dst *Tensor, i int, src *Tensor, j int) {
	switch dst.Elem.Kind {
	case KF32:
		dst.F32[i] = src.F32[j]
	case KF64:
		dst.F64[i] = src.F64[j]
	default:
		dst.Bits[i] = src.Bits[j]
	}
}

// broadcastTo expands a one-element tensor to n elements (used where a
// scalar meets a vector inside a vectorized combine region).
func (t *Tensor) broadcastTo(n int) *Tensor {
	if t.Len() == n {
		return t
	}
	r := newTensorN(t.Elem, t.Shape, n)
	for i := 0; i < n; i++ {
		copyElem(r, i, t, 0)
	}
	return r
}

// bitsAt returns element i as a bit pattern of the element's width (floats
// included).
func (t *Tensor) bitsAt(i int) uint64 {
	switch t.Elem.Kind {
	case KF32:
		return uint64(f32bits(t.F32[i]))
	case KF64:
		return f64bits(t.F64[i])
	}
	return t.Bits[i]
}

// setBits sets element i from a bit pattern of the element's width.
func (t *Tensor) setBits(i int, b uint64) {
	switch t.Elem.Kind {
	case KF32:
		t.F32[i] = f32frombits(uint32(b))
	case KF64:
		t.F64[i] = f64frombits(b)
	default:
		t.Bits[i] = b
	}
}

func attrString(a ir.Attribute) string {
	if a == nil {
		return "<nil>"
	}
	return asm.AttrString(a)
}
