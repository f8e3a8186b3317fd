package numeric

import "math"

// F32Directed rounds v to float32 in mode m (RNE, RTZ, RDN or RUP): the
// float32 nearest v (ties to even), or the nearest one no larger in
// magnitude, no larger, or no smaller. Subnormal results are kept; a
// finite v beyond float32's range gives ±inf where the mode rounds away
// from zero and ±MaxFloat32 where it does not. v is typically an exact
// result rounded to odd in float64 (FMAOdd), whose rounding here is the
// exact result's: float32's neighbours of v are those of the exact value.
func F32Directed(v float64, m RoundingMode) float32 {
	f := float32(v) // to nearest, ties to even
	if m == RNE || math.IsNaN(v) || math.IsInf(v, 0) || float64(f) == v {
		return f
	}
	if math.IsInf(float64(f), 0) { // v overflowed to nearest: start from the largest finite value
		f = float32(math.Copysign(math.MaxFloat32, v))
	}
	above := float64(f) > v
	var down bool // move f one step toward -inf (else toward +inf), or not at all
	switch m {
	case RTZ:
		if math.Abs(float64(f)) <= math.Abs(v) {
			return f
		}
		down = v > 0
	case RDN:
		if !above {
			return f
		}
		down = true
	case RUP:
		if above {
			return f
		}
	default:
		panic("numeric: F32Directed of mode " + m.String())
	}
	if down {
		return math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return math.Nextafter32(f, float32(math.Inf(1)))
}
