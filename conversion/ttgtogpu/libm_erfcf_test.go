package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// A Go model of libdevice's __nv_erfcf under the FTZ reflect, transcribed
// from its libdevice code: the .ftz fma and mul flush subnormal operands
// and results, plain adds and multiplies do not, and rcp.approx.ftz and
// ex2.approx.ftz are taken as the simulator takes them (the exact value,
// rounded).

func libdeviceErfcf(x float32) float32 {
	a := float32(math.Abs(float64(ftz32(x))))
	// t = (a - 4)/(a + 4), corrected once from its residual.
	rs := rcpFTZ(a + 4)
	t := mulFTZ(a-4, rs)
	res := fmaFTZ(-4, t+1, a)
	res = fmaFTZ(-t, a, res)
	t = fmaFTZ(rs, res, t)
	p := fmaFTZ(f32bits(0x3F4D341220000000), t, f32bits(0x3F7CDC0B60000000))
	for _, c := range []uint64{0xBF903F6960000000, 0x3FA2A6E760000000, 0xBFB10F8B40000000, 0x3FB8043AA0000000,
		0xBFB9DA8480000000, 0x3FB16E9BC0000000, 0x3F8F7E2E00000000, 0xBFC1DF1A80000000, 0x3FF3BA5920000000} {
		p = fmaFTZ(p, t, f32bits(c))
	}
	// erfcx(a) = p/(1 + 2a), corrected once.
	rd := rcpFTZ(fmaFTZ(2, a, 1))
	w := mulFTZ(p, rd)
	res = fmaFTZ(a, float32(-2*w), p) - w
	erfcx := fmaFTZ(res, rd, w)
	// e^(-a^2) = 2^j 2^((-a^2 - j ln2) log2(e)), times 1 + -a^2's rounding error.
	log2e := math.Float32frombits(0x3FB8AA3B)
	na2 := float32(-a * a)
	j := float32(math.Trunc(float64(mulFTZ(na2, log2e))))
	if math.Abs(float64(j)) > 126 {
		j = float32(math.Copysign(126, float64(j)))
	}
	r := fmaFTZ(j, -math.Float32frombits(0x3F317218), na2)
	r = fmaFTZ(j, -math.Float32frombits(0xB102E308), r)
	scale := math.Float32frombits(math.Float32bits(j+12583039) << 23)
	head := float32(ex2FTZ(float32(r*log2e)) * scale)
	v := float32(erfcx * fmaFTZ(head, fmaFTZ(-a, a, -na2), head))
	if a > f32bits(0x40241C2900000000) {
		v = 0
	}
	if x < 0 {
		v = 2 - v
	}
	return v
}

// TestLibdeviceErfcF32Sim: __nv_erfcf on NVIDIA, lowered and run in the
// simulator, gives the model's bits for every input (specials,
// subnormals, results in the subnormals and the cut to 0 at 10.055,
// negative arguments up to 2), and the model is within libdevice's
// documented 4 ulps of the correctly rounded erfc where that is normal.
func TestLibdeviceErfcF32Sim(t *testing.T) {
	x := libdeviceF32Inputs(2048)
	rng := rand.New(rand.NewSource(29))
	for i := 0; i < 640; i++ { // erfc's range, the subnormal results and near 0
		x = append(x, float64(float32(rng.Float64()*15-4)), float64(float32(9+rng.Float64()*1.2)),
			float64(float32((rng.Float64()-0.5)*0x1p-10)))
	}
	x = append(x, 4, -4, 10.055, 10.055001, 10.054999, 9.19, 9.2, 9.3, 9.4, 0x1p-126, -0x1p-126, 0x1p-130, -0x1p-130)
	for len(x) < 4096 { // a power-of-two tile
		x = append(x, float64(float32(rng.NormFloat64()*3)))
	}
	res := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_erfcf"}}.run(t, sm90, [][]float64{x})
	worst, worstAt, mismatches := 0.0, 0.0, 0
	for i, v := range x {
		v := float32(v)
		got, want := float32(res.sim[0][i]), libdeviceErfcf(v)
		if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
			if mismatches++; mismatches <= 5 {
				t.Errorf("__nv_erfcf(%g) = %g (%#x), libdevice %g (%#x)", v, got, math.Float32bits(got), want, math.Float32bits(want))
			}
		}
		e := math.Erfc(float64(v))
		if v != v || math.Abs(e) < 0x1p-126 {
			continue
		}
		if u := ulpDistance32(float32(e), want); u > worst {
			worst, worstAt = u, float64(v)
		}
	}
	if mismatches > 0 {
		t.Errorf("__nv_erfcf: %d of %d results differ from libdevice's", mismatches, len(x))
	}
	if worst > 4 {
		t.Errorf("__nv_erfcf: the model is %g ulps from the correctly rounded value at %g, libdevice's bound is 4", worst, worstAt)
	}
	t.Logf("__nv_erfcf: at most %g ulps from the correctly rounded value (at %g)", worst, worstAt)
}
