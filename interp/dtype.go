package interp

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
)

// Kind says how the elements of a tensor are stored.
type Kind uint8

const (
	// KInt is an iN integer (1 <= N <= 64) or index, kept in Tensor.Bits as
	// its low N bits (zero-extended). Signedness belongs to the operation.
	KInt Kind = iota
	// KF32 is f32, kept in Tensor.F32.
	KF32
	// KF64 is f64, kept in Tensor.F64.
	KF64
	// KSmall is a float narrower than 32 bits (f16, bf16, the fp8, fp6 and
	// fp4 types), kept as raw bit patterns in Tensor.Bits so that loads and
	// stores move NaN payloads unchanged, as the GPU does; arithmetic
	// decodes to float32 and rounds back once (exact for + - * / and sqrt,
	// because float32 has more than twice the precision of these formats
	// plus two bits).
	KSmall
	// KPtr is a pointer to a scalar (!tt.ptr<T>), kept in Tensor.Bits in the
	// encoding of pointer.go.
	KPtr
)

// Elem describes a scalar element type.
type Elem struct {
	Kind  Kind
	Width int             // bit width: iN width, 16 for f16, 64 for pointers
	Fmt   *numeric.Format // KSmall only
	// Pointee is the element a KPtr addresses.
	Pointee *Elem
	Type    ir.Type
}

// Size returns the number of bytes an element occupies in memory. i1 is
// stored as one byte, as Triton does.
func (e *Elem) Size() int {
	if e.Kind == KPtr {
		return 8
	}
	return (e.Width + 7) / 8
}

func (e *Elem) String() string { return asm.TypeString(e.Type) }

// isFloat reports whether e is a floating-point type.
func (e *Elem) isFloat() bool { return e.Kind == KF32 || e.Kind == KF64 || e.Kind == KSmall }

// elemCache maps IR types to element descriptions; one per Program, filled
// at compile time and read-only while programs run.
type elemCache map[ir.Type]*Elem

// smallFormat returns the numeric format of a float type narrower than 32
// bits, or nil.
func smallFormat(k ir.FloatKind) *numeric.Format {
	switch k {
	case ir.F16:
		return numeric.F16
	case ir.BF16:
		return numeric.BF16
	case ir.F8E4M3FN:
		return numeric.F8E4M3FN
	case ir.F8E5M2:
		return numeric.F8E5M2
	case ir.F8E4M3FNUZ:
		return numeric.F8E4M3FNUZ
	case ir.F8E5M2FNUZ:
		return numeric.F8E5M2FNUZ
	case ir.F8E4M3B11FNUZ:
		// Triton carries tl.float8e4b15 in this MLIR type; it means bias 15,
		// all patterns finite (see numeric.F8E4B15).
		return numeric.F8E4B15
	case ir.F4E2M1FN:
		return numeric.F4E2M1FN
	case ir.F6E2M3FN:
		return numeric.F6E2M3FN
	case ir.F6E3M2FN:
		return numeric.F6E3M2FN
	}
	return nil
}

// elemOf describes the scalar type t (the element type of a tensor).
func (c elemCache) elemOf(t ir.Type) (*Elem, error) {
	if e, ok := c[t]; ok {
		return e, nil
	}
	var e *Elem
	switch t := t.(type) {
	case *ir.IntegerType:
		if t.Width < 1 || t.Width > 64 {
			return nil, fmt.Errorf("integer type %s is wider than 64 bits", asm.TypeString(t))
		}
		e = &Elem{Kind: KInt, Width: t.Width}
	case *ir.IndexType:
		e = &Elem{Kind: KInt, Width: 64}
	case *ir.FloatType:
		switch t.Kind {
		case ir.F32:
			e = &Elem{Kind: KF32, Width: 32}
		case ir.F64:
			e = &Elem{Kind: KF64, Width: 64}
		default:
			f := smallFormat(t.Kind)
			if f == nil {
				return nil, fmt.Errorf("float type %s is not supported", asm.TypeString(t))
			}
			e = &Elem{Kind: KSmall, Width: f.Bits(), Fmt: f}
		}
	case *tt.PointerType:
		if _, ok := t.Pointee.(*ir.RankedTensorType); ok {
			return nil, fmt.Errorf("block pointer %s is not a scalar type", asm.TypeString(t))
		}
		p, err := c.elemOf(t.Pointee)
		if err != nil {
			return nil, err
		}
		e = &Elem{Kind: KPtr, Width: 64, Pointee: p}
	default:
		return nil, fmt.Errorf("type %s is not a scalar type the interpreter supports", asm.TypeString(t))
	}
	e.Type = t
	c[t] = e
	return e, nil
}

// shapeOf returns the shape of a tensor type (nil for scalars).
func shapeOf(t ir.Type) []int {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil
	}
	s := make([]int, len(rt.Dims))
	for i, d := range rt.Dims {
		s[i] = int(d)
	}
	return s
}
