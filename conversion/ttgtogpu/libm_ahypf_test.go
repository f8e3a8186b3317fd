package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/numeric"
)

// A Go model of libdevice's __nv_asinhf and __nv_acoshf under the FTZ
// reflect, transcribed from their libdevice code as libm_expf_test.go
// models expf: .ftz operations flush subnormal operands and results, plain
// ones do not, add.rz and mul.rz round the exact result toward zero, and
// lg2.approx, sqrt.approx and rcp.approx are the exact value rounded, as
// the simulator takes them. Their log1pf is libdeviceLog1pf; acoshf's logf
// is libdeviceLogf (libm_ahypf.go says why its fmas need no .ftz).

func libdeviceAsinhf(x float32) float32 {
	ln2 := f32bits(0x3FE62E4300000000)
	a := float32(math.Abs(float64(ftz32(x)))) // fabs.ftz
	var r float32
	if a > 0x1p126 {
		lg2 := ftz32(float32(math.Log2(float64(a)))) // lg2.approx.ftz
		r = ftz32(ln2 + ftz32(ln2*lg2))              // add.rn.ftz
	} else {
		inv := 1 / a
		root := ftz32(float32(math.Sqrt(float64(fmaFTZ(inv, inv, 1))))) // sqrt.approx.ftz
		rcp := ftz32(float32(1 / float64(ftz32(inv+root))))             // rcp.approx.ftz
		r = libdeviceLog1pf(fmaFTZ(a, rcp, a))
	}
	if a <= float32(math.Inf(1)) {
		r = math.Float32frombits(math.Float32bits(r) | math.Float32bits(x)&0x80000000)
	}
	return r
}

func libdeviceAcoshf(x float32) float32 {
	t := x - 1
	if math.Float32bits(t) > 0x4B000000 {
		return f32bits(0x3FE62E4300000000) + libdeviceLogf(t, false)
	}
	xt := ftz32(numeric.F32Directed(float64(ftz32(x))*float64(ftz32(t)), numeric.RTZ)) // mul.rz.ftz
	root := ftz32(float32(math.Sqrt(float64(ftz32(xt + t)))))                          // add.rn.ftz, sqrt.approx.ftz
	return libdeviceLog1pf(t + root)
}

// TestLibdeviceAsinhAcoshF32Sim: __nv_asinhf and __nv_acoshf on NVIDIA,
// lowered and run in the simulator, give the model's bits for every input
// (specials, subnormals, both sides of each function's switch between its
// two paths: |x| = 2^126 for asinhf, x - 1 = 2^23 for acoshf), and the
// model is within libdevice's documented bounds of the correctly rounded
// value (asinhf 3 ulps, acoshf 4) where that is normal.
func TestLibdeviceAsinhAcoshF32Sim(t *testing.T) {
	x := libdeviceF32Inputs(2048)
	rng := rand.New(rand.NewSource(13))
	for i := 0; i < 400; i++ {
		x = append(x,
			float64(float32(1+rng.Float64()*0x1p-8)),                            // acosh near 1
			float64(float32(math.Exp2(rng.Float64()*30))),                       // acosh's two paths, asinh's large values
			float64(float32(math.Exp2(120+rng.Float64()*8))),                    // asinh around 2^126
			float64(float32((rng.Float64()-0.5)*math.Exp2(-rng.Float64()*140))), // asinh near 0
		)
	}
	for _, v := range []float64{0x1p126, 0x1p23 + 1, 0x1p23 + 2, 0x1p23, 1 + 0x1p-23, 1 - 0x1p-24, 0x1p24, math.MaxFloat32} {
		next := float64(math.Nextafter32(float32(v), float32(math.Inf(1))))
		prev := float64(math.Nextafter32(float32(v), 0))
		x = append(x, v, -v, next, -next, prev, -prev)
	}
	for len(x) < 4096 { // a power-of-two tile
		x = append(x, float64(float32(rng.NormFloat64()*4)))
	}
	syms := []string{"__nv_asinhf", "__nv_acoshf"}
	models := []func(float32) float32{libdeviceAsinhf, libdeviceAcoshf}
	exact := []func(float64) float64{math.Asinh, math.Acosh}
	bounds := []float64{3, 4}
	res := externCase{args: []string{"f32"}, res: "f32", syms: syms}.run(t, sm90, [][]float64{x})
	checkUnaryF32Models(t, x, res, syms, models, exact, bounds)
}
