package asm

import (
	"math"

	"github.com/ttcompiler/tt/ir"
)

// floatSem describes a small binary floating-point format for the parser
// and printer (literal rounding, hex bit patterns).
type floatSem struct {
	expBits, manBits int
	bias             int
	ieee             bool // has infinities and IEEE NaNs
	nanAllOnes       bool // FN: the all-ones pattern (with any sign) is NaN
	nanNegZero       bool // FNUZ: 0x80 is the only NaN, no negative zero
	unsigned         bool // no sign bit (E8M0)
	noZero           bool // E8M0 has no zero
}

var floatSems = map[ir.FloatKind]floatSem{
	ir.F16:           {expBits: 5, manBits: 10, bias: 15, ieee: true},
	ir.BF16:          {expBits: 8, manBits: 7, bias: 127, ieee: true},
	ir.TF32:          {expBits: 8, manBits: 10, bias: 127, ieee: true},
	ir.F8E5M2:        {expBits: 5, manBits: 2, bias: 15, ieee: true},
	ir.F8E4M3:        {expBits: 4, manBits: 3, bias: 7, ieee: true},
	ir.F8E3M4:        {expBits: 3, manBits: 4, bias: 3, ieee: true},
	ir.F8E4M3FN:      {expBits: 4, manBits: 3, bias: 7, nanAllOnes: true},
	ir.F8E5M2FNUZ:    {expBits: 5, manBits: 2, bias: 16, nanNegZero: true},
	ir.F8E4M3FNUZ:    {expBits: 4, manBits: 3, bias: 8, nanNegZero: true},
	ir.F8E4M3B11FNUZ: {expBits: 4, manBits: 3, bias: 11, nanNegZero: true},
	ir.F8E8M0FNU:     {expBits: 8, manBits: 0, bias: 127, unsigned: true, noZero: true, nanAllOnes: true},
	ir.F4E2M1FN:      {expBits: 2, manBits: 1, bias: 1},
	ir.F6E2M3FN:      {expBits: 2, manBits: 3, bias: 1},
	ir.F6E3M2FN:      {expBits: 3, manBits: 2, bias: 3},
}

func (s floatSem) width() int {
	w := 1 + s.expBits + s.manBits
	if s.unsigned {
		w--
	}
	return w
}

// maxFinite returns the largest finite value of the format.
func (s floatSem) maxFinite() float64 {
	maxExp := 1<<s.expBits - 1
	man := 1<<s.manBits - 1
	switch {
	case s.ieee:
		maxExp--
	case s.nanAllOnes && !s.unsigned:
		man-- // all-ones mantissa at max exponent is NaN
	case s.unsigned:
		maxExp-- // 0xFF is NaN
	}
	return math.Ldexp(1+float64(man)/float64(int(1)<<s.manBits), maxExp-s.bias)
}

func (s floatSem) decode(bits uint64) float64 {
	w := s.width()
	sign := 1.0
	if !s.unsigned && bits>>(w-1)&1 == 1 {
		sign = -1
	}
	exp := int(bits>>s.manBits) & (1<<s.expBits - 1)
	man := bits & (1<<s.manBits - 1)
	maxExp := 1<<s.expBits - 1
	switch {
	case s.nanNegZero && bits == 1<<(w-1):
		return math.NaN()
	case s.ieee && exp == maxExp:
		if man == 0 {
			return sign * math.Inf(1)
		}
		return math.NaN()
	case s.nanAllOnes && exp == maxExp && man == 1<<s.manBits-1:
		return math.NaN()
	case s.unsigned:
		return math.Ldexp(1, exp-s.bias)
	}
	if exp == 0 {
		return sign * math.Ldexp(float64(man), 1-s.bias-s.manBits)
	}
	return sign * math.Ldexp(float64(man|1<<s.manBits), exp-s.bias-s.manBits)
}

// round rounds v to the nearest representable value (ties to even); ok is
// false if v overflows a format without infinities.
func (s floatSem) round(v float64) (float64, bool) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return v, s.ieee || math.IsNaN(v)
	}
	a := math.Abs(v)
	if a == 0 {
		if s.nanNegZero {
			return 0, true
		}
		return v, !s.noZero
	}
	_, e2 := math.Frexp(a)
	e := e2 - 1
	emin := 1 - s.bias
	if e < emin {
		e = emin
	}
	quantum := math.Ldexp(1, e-s.manBits)
	r := math.RoundToEven(a/quantum) * quantum
	if r > s.maxFinite() {
		if s.ieee {
			return math.Copysign(math.Inf(1), v), true
		}
		return 0, false
	}
	if s.nanNegZero && r == 0 {
		return 0, true
	}
	return math.Copysign(r, v), true
}

func (s floatSem) encode(v float64) uint64 {
	w := s.width()
	var sign uint64
	if !s.unsigned && math.Signbit(v) {
		sign = 1 << (w - 1)
	}
	maxExp := 1<<s.expBits - 1
	switch {
	case math.IsNaN(v):
		if s.nanNegZero {
			return 1 << (w - 1)
		}
		if s.ieee {
			return uint64(maxExp)<<s.manBits | 1<<(s.manBits-1)
		}
		return uint64(1)<<w - 1&^sign
	case math.IsInf(v, 0):
		return sign | uint64(maxExp)<<s.manBits
	case v == 0:
		if s.nanNegZero {
			return 0
		}
		return sign
	}
	a := math.Abs(v)
	if s.unsigned {
		_, e2 := math.Frexp(a)
		return uint64(e2 - 1 + s.bias)
	}
	_, e2 := math.Frexp(a)
	e := e2 - 1
	if e < 1-s.bias {
		man := uint64(a / math.Ldexp(1, 1-s.bias-s.manBits))
		return sign | man
	}
	man := uint64(a/math.Ldexp(1, e-s.manBits)) &^ (1 << s.manBits)
	return sign | uint64(e+s.bias)<<s.manBits | man
}

// decodeFloat converts a bit pattern of kind k into its value.
func decodeFloat(k ir.FloatKind, bits uint64) (float64, bool) {
	switch k {
	case ir.F32:
		return float64(math.Float32frombits(uint32(bits))), true
	case ir.F64:
		return math.Float64frombits(bits), true
	}
	s, ok := floatSems[k]
	if !ok {
		return 0, false
	}
	return s.decode(bits), true
}

// encodeFloat converts a value (already representable) into kind k's bits.
func encodeFloat(k ir.FloatKind, v float64) (uint64, bool) {
	switch k {
	case ir.F32:
		return uint64(math.Float32bits(float32(v))), true
	case ir.F64:
		return math.Float64bits(v), true
	}
	s, ok := floatSems[k]
	if !ok {
		return 0, false
	}
	return s.encode(v), true
}

// roundFloat rounds v to the nearest value of kind k.
func roundFloat(k ir.FloatKind, v float64) (float64, bool) {
	switch k {
	case ir.F32:
		return float64(float32(v)), true
	case ir.F64:
		return v, true
	}
	s, ok := floatSems[k]
	if !ok {
		return 0, false
	}
	return s.round(v)
}

// RoundFloat rounds v to the nearest value representable in float type t
// (ties to even). Values too large for a format without infinities become
// NaN, as APFloat does. It is exported for constant folding.
func RoundFloat(t *ir.FloatType, v float64) float64 {
	r, ok := roundFloat(t.Kind, v)
	if !ok {
		return math.NaN()
	}
	return r
}
