package nvptx

import (
	"fmt"
	"math"
	"strconv"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
)

// value is what an SSA value became: a register, a constant (printed as an
// immediate where PTX takes one, moved into a register where it does not),
// or, for an aggregate, its members.
type value struct {
	typ   ir.Type // the scalar type (or the aggregate type when parts != nil)
	reg   string  // the register; "" for constants and aggregates
	konst *konst
	parts []*value
}

// konst is a scalar constant: its bit pattern in the type's width, or
// undef (any value: the emitter uses zero).
type konst struct {
	bits  uint64
	undef bool
}

func (v *value) isConst() bool { return v.konst != nil }

// leaves returns the scalar leaves of v in memory order, a list its
// callers only read. It is small enough to be inlined, so that a scalar's
// one-element list stays on the caller's stack where the caller keeps no
// reference to it (most do: the edge copies, the accumulator webs,
// bitcasts).
func (v *value) leaves() []*value {
	if v.parts == nil {
		return []*value{v}
	}
	return v.aggregateLeaves()
}

// aggregateLeaves returns the leaves of an aggregate: its members when
// they are all scalars (a vector's lanes, most often), without a copy.
func (v *value) aggregateLeaves() []*value {
	nested := false
	for _, p := range v.parts {
		nested = nested || p.parts != nil
	}
	if !nested {
		return v.parts
	}
	var out []*value
	for _, p := range v.parts {
		out = append(out, p.leaves()...)
	}
	return out
}

func constValue(t ir.Type, bits uint64) *value {
	if w := bitWidth(t); w > 0 && w < 64 {
		bits &= 1<<uint(w) - 1
	}
	return &value{typ: t, konst: &konst{bits: bits}}
}

// undefValue builds an undef value of any type (aggregates get undef
// members).
func undefValue(t ir.Type) (*value, error) {
	if isAggregate(t) {
		v := &value{typ: t}
		for _, e := range elementTypes(t) {
			p, err := undefValue(e)
			if err != nil {
				return nil, err
			}
			v.parts = append(v.parts, p)
		}
		return v, nil
	}
	if _, ok := scalarClass(t); !ok {
		return nil, fmt.Errorf("unsupported type %s", asm.TypeString(t))
	}
	return &value{typ: t, konst: &konst{undef: true}}, nil
}

// attrBits returns the bit pattern of a scalar constant attribute of type t.
func attrBits(a ir.Attribute, t ir.Type) (uint64, error) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return a.Uint(), nil
	case *ir.FloatAttr:
		return floatBits(a.Value, t)
	}
	return 0, fmt.Errorf("unsupported constant %s", asm.AttrString(a))
}

// floatBits encodes x in the format of t (x is exact in it: the attribute
// was rounded on creation).
func floatBits(x float64, t ir.Type) (uint64, error) {
	switch floatKind(t) {
	case ir.F64:
		return math.Float64bits(x), nil
	case ir.F32:
		return uint64(math.Float32bits(float32(x))), nil
	case ir.F16:
		return uint64(numeric.F16FromFloat64(x, numeric.RNE)), nil
	case ir.BF16:
		return uint64(numeric.BF16FromFloat64(x, numeric.RNE)), nil
	case ir.F8E4M3FN:
		return uint64(numeric.F8E4M3FNFromFloat32(float32(x), numeric.RNE)), nil
	case ir.F8E5M2:
		return uint64(numeric.F8E5M2FromFloat32(float32(x), numeric.RNE)), nil
	}
	return 0, fmt.Errorf("unsupported float constant of type %s", asm.TypeString(t))
}

// immediate prints a constant as a PTX immediate for a register of class
// c: decimal integers, 0fXXXXXXXX / 0dXXXXXXXXXXXXXXXX floats, hex for
// 16-bit values (f16 has no immediate syntax; its bits do), -1/0 for
// predicates.
func immediate(k *konst, t ir.Type, c regClass) string {
	bits := k.bits
	if k.undef {
		bits = 0
	}
	switch c {
	case classPred:
		if bits&1 != 0 {
			return "-1"
		}
		return "0"
	case classF32:
		return hexImmediate("0f", uint64(uint32(bits)), 8)
	case classF64:
		return hexImmediate("0d", bits, 16)
	case classB16:
		if _, ok := t.(*ir.FloatType); ok {
			return hexImmediate("0x", uint64(uint16(bits)), 4)
		}
		return strconv.FormatInt(int64(int16(uint16(signExtend(bits, bitWidth(t))))), 10)
	case classB32:
		return strconv.FormatInt(int64(int32(uint32(bits))), 10)
	}
	return strconv.FormatInt(int64(bits), 10)
}

// hexImmediate is prefix and the low digits hex digits of v, upper case
// and zero-padded (fmt's %0<digits>X, without its formatting machinery:
// constants are printed for every instruction that takes one).
func hexImmediate(prefix string, v uint64, digits int) string {
	var b [2 + 16]byte
	n := copy(b[:], prefix)
	for i := digits - 1; i >= 0; i-- {
		b[n+i] = "0123456789ABCDEF"[v&15]
		v >>= 4
	}
	return string(b[:n+digits])
}

func signExtend(bits uint64, w int) uint64 {
	if w <= 0 || w >= 64 {
		return bits
	}
	s := uint(64 - w)
	return uint64(int64(bits<<s) >> s)
}

// zero is the immediate 0 of a register class.
func zero(c regClass) string { return immediate(&konst{}, nil, c) }
