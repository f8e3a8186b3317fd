package interp

import (
	"math"
)

// The libdevice functions beyond extern.go's: conversions between
// integers and floats in each rounding direction, the f64 word functions,
// the norms, jn and yn, and a few integer ones. As there, values follow
// each function's definition: exact conversions are exact, the
// approximate functions (rcp64h, fast_fdividef) their exact values.

func init() {
	dirs := map[string]roundDir{"rn": rn, "rz": rz, "rd": rd, "ru": ru}
	for suffix, d := range dirs {
		d := d
		// f64 to f32: the f64 value, exact, rounded once.
		externs["__nv_double2float_"+suffix] = func(r *Tensor, a []*Tensor, i int) {
			setRounded(r, i, floatAt(a[0], i), 0, d)
		}
		// Integers to floats: the integer as its nearest float64 and the
		// exact remainder, rounded once in direction d.
		for _, cv := range []struct {
			name     string
			unsigned bool
		}{{"__nv_int2float_", false}, {"__nv_uint2float_", true}, {"__nv_ll2float_", false}, {"__nv_ull2float_", true},
			{"__nv_int2double_", false}, {"__nv_uint2double_", true}, {"__nv_ll2double_", false}, {"__nv_ull2double_", true}} {
			unsigned := cv.unsigned
			externs[cv.name+suffix] = func(r *Tensor, a []*Tensor, i int) {
				s, e := intAsFloat(a[0].Bits[i], a[0].Elem.Width, unsigned)
				setRounded(r, i, s, e, d)
			}
		}
	}

	// The words of an f64.
	externs["__nv_double2hiint"] = func(r *Tensor, a []*Tensor, i int) {
		r.Bits[i] = trunc(a[0].bitsAt(i)>>32, r.Elem.Width)
	}
	externs["__nv_double2loint"] = func(r *Tensor, a []*Tensor, i int) {
		r.Bits[i] = trunc(a[0].bitsAt(i), r.Elem.Width)
	}
	externs["__nv_hiloint2double"] = func(r *Tensor, a []*Tensor, i int) {
		r.setBits(i, uint64(uint32(a[0].Bits[i]))<<32|uint64(uint32(a[1].Bits[i])))
	}

	// Round half away from zero, then a saturating 64-bit integer.
	llround := func(r *Tensor, a []*Tensor, i int) {
		r.Bits[i] = floatToInt(math.Round(floatAt(a[0], i)), r.Elem.Width, true)
	}
	externs["__nv_llround"], externs["__nv_llroundf"] = llround, llround

	// 24-bit multiplies: the low 32 bits of the product of the operands'
	// low 24 bits (sign-extended for mul24).
	externs["__nv_mul24"] = func(r *Tensor, a []*Tensor, i int) {
		x, y := int64(sext(a[0].Bits[i], 24)), int64(sext(a[1].Bits[i], 24))
		r.Bits[i] = trunc(uint64(x*y), r.Elem.Width)
	}
	externs["__nv_umul24"] = func(r *Tensor, a []*Tensor, i int) {
		r.Bits[i] = trunc((a[0].Bits[i]&0xFFFFFF)*(a[1].Bits[i]&0xFFFFFF), r.Elem.Width)
	}

	externs["__nv_fast_fdividef"] = externs["__nv_fdividef"]
	externs["__nv_rcp64h"] = func(r *Tensor, a []*Tensor, i int) { setFloat(r, i, 1/floatAt(a[0], i)) }
	externs["__nv_frsqrt_rn"] = func(r *Tensor, a []*Tensor, i int) { setFloat(r, i, 1/math.Sqrt(floatAt(a[0], i))) }

	// Norms of 2, 3 and 4 values, and their reciprocals.
	norm := func(a []*Tensor, i int) float64 {
		n := 0.0
		for _, t := range a {
			n = math.Hypot(n, floatAt(t, i))
		}
		return n
	}
	for _, name := range []string{"norm3d", "norm4d"} {
		addMathExtern(name, func(r *Tensor, a []*Tensor, i int) { setFloat(r, i, norm(a, i)) })
	}
	for _, name := range []string{"rhypot", "rnorm3d", "rnorm4d"} {
		addMathExtern(name, func(r *Tensor, a []*Tensor, i int) { setFloat(r, i, 1/norm(a, i)) })
	}

	// Bessel functions of integer order n (the first operand).
	externs["__nv_jnf"] = func(r *Tensor, a []*Tensor, i int) {
		setFloat(r, i, math.Jn(int(int32(a[0].Bits[i])), floatAt(a[1], i)))
	}
	externs["__nv_ynf"] = func(r *Tensor, a []*Tensor, i int) {
		setFloat(r, i, math.Yn(int(int32(a[0].Bits[i])), floatAt(a[1], i)))
	}
	externs["__nv_jn"], externs["__nv_yn"] = externs["__nv_jnf"], externs["__nv_ynf"]

	// OCML's pown is libdevice's powi.
	externs["__ocml_pown_f32"], externs["__ocml_pown_f64"] = externs["__nv_powif"], externs["__nv_powi"]
}

// intAsFloat is the integer of width w held in bits (unsigned or signed)
// as its float64 rounded to nearest, s, and the exact remainder e =
// integer - s (exact in float64: below 2^11 in magnitude).
func intAsFloat(bits uint64, w int, unsigned bool) (s, e float64) {
	if unsigned {
		v := trunc(bits, w)
		s = float64(v)
		if s >= 0x1p64 {
			return s, -float64(-v) // s = 2^64: the remainder v - 2^64 < 0
		}
		u := uint64(s)
		if u >= v {
			return s, -float64(u - v)
		}
		return s, float64(v - u)
	}
	v := int64(sext(bits, w))
	s = float64(v)
	if s >= 0x1p63 {
		return s, float64(v - math.MaxInt64 - 1) // s = 2^63: v - 2^63 < 0
	}
	return s, float64(v - int64(s))
}
