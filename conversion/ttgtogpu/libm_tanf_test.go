package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"sync"
	"testing"
)

// A Go model of libdevice's __nv_tanf under the FTZ reflect, transcribed
// from its libdevice code: the .ftz fma and mul flush subnormal operands
// and results, plain multiplies do not, and rcp.approx.ftz is taken as the
// simulator takes it (the exact value, rounded). The Payne-Hanek
// reduction is modelled from its definition, x times 2/pi's first 192 bits
// in big integers, rather than by libdevice's word-by-word steps (which
// the emitter follows), so that the two check each other.

// twoOverPi192 is floor(2/pi 2^192): the 192 bits of 2/pi that libdevice's
// table holds.
var twoOverPi192 = sync.OnceValue(func() *big.Int {
	v := new(big.Float).SetPrec(400).Quo(big.NewFloat(2), gaussPi(400))
	n, _ := v.SetMantExp(v, 192).Int(nil)
	return n
})

// tanfReduceHuge is libdevice's Payne-Hanek reduction of a finite x with
// |x| >= 105615: with y = |x| T, T = twoOverPi192 2^-192, the 64 bits of
// y from 2^1 down to 2^-62 are the quadrant (two bits) and a 62-bit
// fraction; a fraction of 1/2 or more rounds the quadrant up and is
// complemented (the reduced argument then negative). The fraction is
// turned into radians as libdevice does: its 64-bit integer converted to
// f64, times pi/2 2^-62 in f64, rounded to f32.
func tanfReduceHuge(x float32) (q int32, t float32) {
	bits := math.Float32bits(x)
	m := new(big.Int).SetUint64(uint64(bits&0x7FFFFF | 0x800000)) // |x| = m 2^(E-150)
	p := new(big.Int).Mul(m, twoOverPi192())
	// y 2^62 = m T 2^(E-150+62) = p 2^(E-280); E - 280 < 0.
	p.Rsh(p, uint(280-int(bits>>23&255)))
	w := new(big.Int).And(p, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
	q = int32(w>>62) + int32(w>>61&1)
	f := w << 2
	negX := bits>>31 != 0
	negT := negX
	if w>>61&1 != 0 {
		f, negT = ^f, !negX
	}
	t = float32(float64(int64(f)) * math.Float64frombits(0x3BF921FB54442D19))
	if negX {
		q = -q
	}
	if negT {
		t = -t
	}
	return q, t
}

func libdeviceTanf(a float32) float32 {
	var q int32
	var t float32
	switch abs := math.Abs(float64(ftz32(a))); {
	case math.IsInf(abs, 0):
		q, t = 0, mulFTZ(a, 0)
	case abs >= 105615:
		q, t = tanfReduceHuge(a)
	default:
		if qf := ftz32(float32(a * f32bits(0x3FE45F3060000000))); qf == qf {
			q = int32(math.RoundToEven(float64(qf)))
		}
		t = a
		for _, c := range []uint64{0xBFF921FB40000000, 0xBE74442D00000000, 0xBCF84698A0000000} {
			t = fmaFTZ(float32(q), f32bits(c), t)
		}
	}
	t2 := float32(t * t)
	p := fmaFTZ(f32bits(0x3F83200000000000), t2, f32bits(0x3F6AC00000000000))
	for _, c := range []uint64{0x3F98E00000000000, 0x3FAB600000000000, 0x3FC1128700000000, 0x3FD5555100000000} {
		p = fmaFTZ(p, t2, f32bits(c))
	}
	r := fmaFTZ(p, mulFTZ(t2, t), t)
	if float32(math.Abs(float64(ftz32(t)))) == f32bits(0x3F40168780000000) {
		r = t
	}
	if q&1 != 0 {
		r = rcpFTZ(-r)
	}
	return r
}

// TestLibdeviceTanF32Sim: __nv_tanf on NVIDIA, lowered and run in the
// simulator, gives the model's bits for every input (specials,
// subnormals, arguments next to multiples of pi/2, on either side of the
// Payne-Hanek threshold and up to the largest float, the one argument
// libdevice leaves unchanged), and the model is within libdevice's
// documented 4 ulps of the correctly rounded tangent where that is normal.
func TestLibdeviceTanF32Sim(t *testing.T) {
	x := libdeviceF32Inputs(2048)
	rng := rand.New(rand.NewSource(23))
	next := func(v float32, ulps int32) float64 {
		return float64(math.Float32frombits(uint32(int32(math.Float32bits(v)) + ulps)))
	}
	for i := 0; i < 256; i++ { // next to the poles and zeros k pi/2
		k := float64(rng.Intn(1 << (1 + i%17)))
		v := float32(k * math.Pi / 2)
		x = append(x, next(v, int32(rng.Intn(5)-2)), -next(v, int32(rng.Intn(3)-1)))
	}
	for i := 0; i < 512; i++ { // the huge path at every exponent
		x = append(x, float64(float32(math.Copysign(math.Ldexp(1+rng.Float64(), 16+rng.Intn(112)), rng.Float64()-0.5))))
	}
	for _, v := range []float32{105615, f32bits(0x3F40168780000000), 0x1p-63, 0x1p-64, 1e-20, math.MaxFloat32,
		0.7853982, 1.5707964, 3.1415927, 4.712389, 1e38} {
		x = append(x, float64(v), next(v, 1), next(v, -1), -float64(v), -next(v, -1))
	}
	for len(x) < 4096 { // a power-of-two tile
		x = append(x, float64(float32(rng.NormFloat64()*10)))
	}
	res := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_tanf"}}.run(t, sm90, [][]float64{x})
	worst, worstAt, mismatches := 0.0, 0.0, 0
	for i, v := range x {
		v := float32(v)
		got, want := float32(res.sim[0][i]), libdeviceTanf(v)
		if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
			if mismatches++; mismatches <= 5 {
				t.Errorf("__nv_tanf(%g) = %g (%#x), libdevice %g (%#x)", v, got, math.Float32bits(got), want, math.Float32bits(want))
			}
		}
		if v != v || math.IsInf(float64(v), 0) || math.Abs(float64(v)) < 0x1p-126 {
			continue
		}
		e := bigTan(float64(v))
		if math.Abs(e) < 0x1p-126 || math.Abs(e) > math.MaxFloat32 {
			continue
		}
		if u := ulpDistance32(float32(e), want); u > worst {
			worst, worstAt = u, float64(v)
		}
	}
	if mismatches > 0 {
		t.Errorf("__nv_tanf: %d of %d results differ from libdevice's", mismatches, len(x))
	}
	if worst > 4 {
		t.Errorf("__nv_tanf: the model is %g ulps from the correctly rounded value at %g, libdevice's bound is 4", worst, worstAt)
	}
	t.Logf("__nv_tanf: at most %g ulps from the correctly rounded value (at %g)", worst, worstAt)
}
