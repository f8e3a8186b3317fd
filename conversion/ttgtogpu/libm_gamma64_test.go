package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// Models of libdevice's f64 __nv_lgamma and __nv_tgamma (libm_gamma64.go),
// transcribed from their libdevice code in plain Go float64 arithmetic:
// math.FMA for fma.rn.d and for a product that LLVM (and contractFMA)
// fuses into the sum it feeds, an explicit conversion where a product
// must round on its own (mul.rn.d, and plain products Go could otherwise
// fuse), rcp.approx.ftz.d as the simulator takes it (log64Reciprocal).
// The pieces libdevice inlines from its other functions are their models:
// __nv_log (libdeviceLogF64), __nv_exp (pow64Exp) and
// __internal_accurate_pow (libdevicePowAbsF64); __internal_log_ext_prec,
// which pow's model keeps inside, is transcribed again here from
// __nv_tgamma's copy.

func gamma64Bits(b uint64) float64 { return math.Float64frombits(b) }

// gamma64Halve is x with its exponent one less, through the high word.
func gamma64Halve(x float64) float64 { return log64OfWords(log64Lo(x), log64Hi(x)-0x100000) }

// lgamma64Pos is __internal_lgamma_pos of a >= 0 (not NaN).
func lgamma64Pos(a float64) float64 {
	switch hi := int32(log64Hi(a)); {
	case hi >= 0x40200000:
		r := log64Reciprocal(a)
		s := log64Poly([]uint64{0xBF5AC321034783F9, 0x3F4B68B992738FBF, 0xBF4380D01E4F7B8C, 0x3F4A019FA29F7264,
			0xBF66C16C16B2ACEC, 0x3FB5555555555545}, float64(r*r))
		s = math.FMA(s, r, gamma64Bits(0x3FED67F1C864BEAE))
		h := gamma64Halve(libdeviceLogF64(a))
		y := a - 0.5
		if math.IsInf(a, 1) {
			return a
		}
		return math.FMA(h, y, -a) + math.FMA(h, y, s)
	case hi >= 0x40080000:
		t := a - 3
		num := log64Poly([]uint64{0xC0AF7040BB18FB05, 0xC1122B7730207EF3, 0xC1585A0DB81DE7D0, 0xC18A992B8BA94677,
			0xC1AAC5CB6957CC20, 0xC1BC0E2B308774BE, 0xC1C6BA13DCAE7F67, 0xC1CCF33B9C3D120C}, t)
		den := t - gamma64Bits(0x408FF62E0BE189FE)
		for _, k := range []uint64{0xC10074FACE10C93F, 0xC151B662F8D75791, 0xC18EE64AB4D207F7, 0xC1B9051687C9951A,
			0xC1D2B866BF0B853D, 0xC1D4E2130E9DC133} {
			den = math.FMA(den, t, gamma64Bits(k))
		}
		return num/den + t
	case hi >= 0x3FF80000:
		t := a - 2
		return float64(log64Poly([]uint64{0x3E452636124338B3, 0xBE71FA71D78C0EE2, 0x3E8D111F31E61306,
			0xBEA0502BBE1B2706, 0x3EB06850B2970292, 0xBEC108474875033D, 0x3ED24ACCC62909DC, 0xBEE3CB25209E63BE,
			0x3EF581CBBC8CDC7B, 0xBF078E04B85C7597, 0x3F1A12730CF45051, 0xBF2D3FD354062012, 0x3F40B36B0B4DE323,
			0xBF538AC5C6D0317A, 0x3F67ADD6EAAB19FC, 0xBF7E404FC20E4D5B, 0x3F951322AC7DA390, 0xBFB13E001A5578A3,
			0x3FD4A34CC4A60FA3, 0x3FDB0EE6072093CF}, t) * t)
	case hi >= 0x3FE66666:
		t := 1 - a
		return float64(log64Poly([]uint64{0x3F881F6D2A4C4310, 0x3FA3EB504359EB88, 0x3FAE35D8DEB06317,
			0x3FAED469A8B6ECCE, 0x3FACC1B1C357BEFE, 0x3FAD7154DB67F79F, 0x3FAFCC622CF2F7BB, 0x3FB11747A4D1CC43,
			0x3FB24CE16A21B8AC, 0x3FB3B1C21A7BCB00, 0x3FB556723452ED57, 0x3FB748C00891544F, 0x3FB9A0207808CF40,
			0x3FBC80673B8AE26B, 0x3FC010B364B7E555, 0x3FC2703A1D239658, 0x3FC5B40CB1137E6E, 0x3FCA8B9C17AC4F03,
			0x3FD151322AC7CB52, 0x3FD9A4D55BEAB1D4, 0x3FEA51A6625307D6, 0x3FE2788CFC6FB619}, t) * t)
	}
	p := log64Poly([]uint64{0xBE7844988BFE6590, 0x3EA7B77CEB0625E8, 0xBE998C69C8710CC4, 0xBEF6527A5A11CF6E,
		0x3F20EC2950B1B5DE, 0xBF2C4D80C24BA278, 0xBF5315B4E8CC0D09, 0x3F7D917F15D50020, 0xBF83B4ABB41CB6FA,
		0xBFA59AF1275B7120, 0x3FC5512321A168A0, 0xBFA5815E8FDCE74C, 0xBFE4FCF4026ADD1A, 0x3FE2788CFC6FB5C8}, a)
	return -libdeviceLogF64(math.FMA(float64(p*a), a, a))
}

func libdeviceLgamma64(a float64) float64 {
	ax := math.Abs(a)
	if !(ax <= math.Inf(1)) {
		return a + a
	}
	t := lgamma64Pos(ax)
	switch {
	case int32(log64Hi(a)) >= 0:
		return t
	case ax == math.Trunc(ax):
		return math.Inf(1)
	case int32(log64Hi(ax)) < 0x3C000000:
		return -libdeviceLogF64(ax)
	}
	u := gamma64Bits(0x400921FB54442D18) / float64(math.Abs(libdeviceSinCosPi(ax, false))*ax)
	return libdeviceLogF64(u) - t
}

// gamma64LogExt is __internal_log_ext_prec of a positive finite a: its
// logarithm as a double-double (hi, lo).
func gamma64LogExt(a float64) (hi, lo float64) {
	ahi, alo := log64Hi(a), log64Lo(a)
	expo := int32(ahi >> 20)
	if expo == 0 {
		s := a * 0x1p54
		ahi, alo = log64Hi(s), log64Lo(s)
		expo = int32(ahi>>20) - 54
	}
	ex := expo - 1023
	mhi := ahi&0x800FFFFF | 0x3FF00000
	if mhi > 0x3FF6A09E {
		mhi, ex = mhi-0x100000, ex+1
	}
	m := log64OfWords(alo, mhi)
	f := m - 1
	r := log64Reciprocal(m + 1)
	q := float64(f * r)
	s := math.FMA(f, r, q) // q + q, fused
	s2 := float64(s * s)
	p := log64Poly([]uint64{0x3EB0F5FF7D2CAFE2, 0x3ED0F5D241AD3B5A, 0x3EF3B20A75488A3F, 0x3F1745CDE4FAECD5,
		0x3F3C71C7258A578B, 0x3F6249249242B910, 0x3F89999999999DFB}, s2)
	num := math.FMA(-s, f, float64(2*(f-s)))
	sErr := float64(r * num)
	twelfth := gamma64Bits(0x3FB5555555555555)
	// 1/12 + p s2 and its rounding error as a double-double, the
	// products fused.
	top := math.FMA(p, s2, twelfth)
	cHi, cLo := pow64TwoSum(top, math.FMA(p, s2, twelfth-top)+0+gamma64Bits(0xBC46A4CB00B9E7B0))
	sq := float64(s * s)
	sqLo := math.FMA(s, log64OfWords(log64Lo(sErr), log64Hi(sErr)+0x100000), math.FMA(s, s, -sq))
	cube := float64(sq * s)
	cubeLo := math.FMA(sqLo, s, math.FMA(sq, sErr, math.FMA(sq, s, -cube)))
	tt := float64(cHi * cube)
	tHi, tLo := pow64TwoSum(tt, math.FMA(cLo, cube, math.FMA(cHi, cubeLo, math.FMA(cHi, cube, -tt))))
	u := s + tHi
	lnHi, lnLo := pow64TwoSum(u, math.FMA(r, num, s-u+tHi+tLo)) // + sErr, fused
	ef := log64OfWords(uint32(ex)^0x80000000, 0x43300000) - log64OfWords(0x80000000, 0x43300000)
	ln2Hi, ln2Lo := gamma64Bits(0x3FE62E42FEFA39EF), gamma64Bits(0x3C7ABC9E3B39803F)
	head := math.FMA(ef, ln2Hi, lnHi)
	lost := math.FMA(-ef, ln2Hi, head) - lnHi
	return pow64TwoSum(head, math.FMA(ef, ln2Lo, lnLo-lost))
}

// gamma64Stirling is v (1 + r S(r)), r = 1/x, Stirling's series.
func gamma64Stirling(x, v float64) float64 {
	r := log64Reciprocal(x)
	s := log64Poly([]uint64{0xBF64BEE47C38A637, 0x3F73C25DA81303D5, 0xBF6B7C37A96CFC72, 0x3F35A85ABDE1E324,
		0x3F4A8B28F07B3F05, 0xBF0A15D1D45A282F, 0xBF4367D3468CB5BE, 0x3F12471B0E9F1005, 0x3F49B1004744D5C4,
		0xBF2E13CE69AB4B7F, 0xBF65F7268ECF8A01, 0x3F6C71C71C71ACE0, 0x3FB5555555555556}, r)
	return math.FMA(float64(s*r), v, v)
}

var tgamma64Coeffs = []uint64{0x3E381B4960FCF5C9, 0xBE8AF7049AE8A594, 0x3EB301D46D4B22F5, 0xBEB50272AEED0FC4,
	0xBEF51CE1A40516F8, 0x3F20C8AA7419084C, 0xBF2C3650196BAD8A, 0xBF531711365A3E26, 0x3F7D919C52A7DF35,
	0xBF83B4AF28386F4D, 0xBFA59AF103C37B4D, 0x3FC5512320B439EF, 0xBFA5815E8FA26F4F, 0xBFE4FCF4026AFA2B,
	0x3FE2788CFC6FB619, 0x3FF0000000000000}

func libdeviceTgamma64(a float64) float64 {
	h := math.Float32frombits(log64Hi(a))
	w := math.Float32frombits
	switch {
	case a >= 0 && h < w(0x40100000):
		s, t := 1.0, a
		if h >= w(0x400C0000) {
			s, t = math.FMA(a, 1, -1), a-1
		}
		for _, b := range []uint32{0x40040000, 0x3FF80000} {
			if h >= w(b) {
				s, t = math.FMA(t, s, -s), t-1
			}
		}
		if h >= w(0x3FE00000) {
			t--
		}
		p := log64Poly(tgamma64Coeffs, t)
		if !(h >= w(0x3FE00000)) {
			p = float64(p * a)
		}
		return s / p
	case a >= 0:
		lnHi, lnLo := gamma64LogExt(a)
		y := a - 0.5
		p := float64(lnHi * y)
		s, sLo := pow64TwoSum(p, math.FMA(lnLo, y, math.FMA(lnHi, y, -p)))
		d := s - a
		hi, lo := pow64TwoSum(d, s-d-a+sLo)
		z := pow64Exp(hi)
		v := math.FMA(lo, z, z)
		v = math.FMA(v, gamma64Bits(0x40040D931FF62706), float64(v*gamma64Bits(0xBCAA6A0D6F814637)))
		if a >= gamma64Bits(0x406573FAE561F648) {
			return math.Inf(1)
		}
		return gamma64Stirling(a, v)
	case !(a < 0):
		return a + a
	case a == math.Trunc(a):
		return gamma64Bits(0xFFF8000000000000)
	case h > w(0xC0100000):
		s, t := a, a
		for _, b := range []uint32{0xC00C0000, 0xC0040000, 0xBFF80000, 0xBFE00000} {
			if h <= w(b) {
				s, t = math.FMA(t, s, s), t+1
			}
		}
		return 1 / float64(s*log64Poly(tgamma64Coeffs, t))
	case h > w(0xC0672000):
		x := math.Abs(a)
		den := float64(gamma64Stirling(x, libdeviceSinCosPi(a, false)) * x)
		shifted := math.FMA(x, gamma64Bits(0x3FF71547652B82FE), gamma64Bits(0x4338000000000000))
		k := int32(log64Lo(shifted))
		kf := shifted - gamma64Bits(0x4338000000000000)
		r := math.FMA(kf, gamma64Bits(0xBFE62E42FEFA39EF), x)
		r = math.FMA(kf, gamma64Bits(0xBC7ABC9E3B39803F), r)
		ex := float64(exp64ModelPoly(r) * log64OfWords(0, uint32(k<<20+0x3FF00000)))
		num := math.FMA(ex, gamma64Bits(0x3FF40D931FF62706), float64(gamma64Bits(0xBC9A6A0D6F814637)*ex))
		q := num / den
		y := x - 0.5
		split := h <= w(0xC061E400)
		if split {
			y = gamma64Halve(y)
		}
		pw := libdevicePowAbsF64(x, -y)
		if split {
			q = float64(q * pw)
		}
		return float64(q * pw)
	}
	f := math.Floor(a)
	if f-2*math.Floor(0.5*f) == 1 {
		return math.Copysign(0, -1)
	}
	return 0
}

// bigTgamma is Gamma(x) rounded to f64: exp of bigLgammaOf with its sign;
// Go's math for NaN, the infinities, the zeros and the poles.
func bigTgamma(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x <= 0 && x == math.Trunc(x) {
		return math.Gamma(x)
	}
	l, sign := bigLgammaOf(x)
	switch lf, _ := l.Float64(); {
	case lf > 720:
		return math.Copysign(math.Inf(1), float64(sign))
	case lf < -760:
		return math.Copysign(0, float64(sign))
	}
	v, _ := bigExpBig(l).Float64()
	return math.Copysign(v, float64(sign))
}

// gamma64Inputs are misc64Inputs (specials, subnormals, every exponent)
// and, for lgamma and tgamma, every branch's range and its ends (by the
// high word for lgamma, the high word's f32 for tgamma), poles and
// half-integers, the zeros of lgamma at 1 and 2 and along the negative
// axis, arguments about 2^-63, lgamma's and tgamma's overflow and
// tgamma's negative ranges down to -190: n of them, a power of two.
func gamma64Inputs(n int) []float64 {
	x := misc64Inputs(n / 4)
	for _, v := range []float64{0.5, 0.7, 1.5, 2.5, 3, 3.5, 4, 8, 0x1p-63, 171.62437695630274, 171.6243769563027, 172,
		-0.5, -1.5, -2.5, -3.5, -4, -143.125, -185, -0x1p-63, -2.4570247382208006, -2.7476826467274127,
		-3.1435474366610146, -3.955294284858598, -4.039361839740537, -2.2637, -23.0001, 1, 2, 2.55e305, 2.6e305,
		-0x1p52 + 0.5, -0x1p51 - 0.5, 0x1p-1022, 0x1p-1074} {
		for k, up, down := 0, v, v; k < 6; k++ {
			x = append(x, up, down)
			up, down = math.Nextafter(up, math.Inf(1)), math.Nextafter(down, math.Inf(-1))
		}
		for _, lo := range []uint64{1, 0xFFFFFFFF} { // the high word's threshold with a low word
			x = append(x, math.Float64frombits(math.Float64bits(v)&^0xFFFFFFFF|lo))
		}
	}
	rng := rand.New(rand.NewSource(47))
	for len(x) < n {
		pole := float64(-rng.Intn(190))
		x = append(x, rng.Float64()*0.7, 0.7+rng.Float64()*0.8, 1.5+rng.Float64()*1.5, 3+rng.Float64()*5,
			8+rng.Float64()*200, -rng.Float64()*4, -4-rng.Float64()*186, pole+(rng.Float64()-0.5)*0x1p-20,
			pole-0.5+(rng.Float64()-0.5)*0x1p-20, -math.Exp(rng.Float64()*-700), math.Exp2(rng.Float64()*1023),
			-math.Exp2(rng.Float64()*53), 1+(rng.Float64()-0.5)*0x1p-20, 2+(rng.Float64()-0.5)*0x1p-20,
			-2.2637-rng.Float64()*20.7364, rng.Float64()*4)
	}
	return x[:n]
}

// TestLibdeviceGammaF64Sim: __nv_lgamma and __nv_tgamma on NVIDIA, lowered
// and run in the simulator, give the models' bits for every input
// (specials, subnormals, every branch and its ends, poles, the
// reflections' quadrants, overflow and underflow), and the models are
// within CUDA's documented bounds of the exact values (bigLgammaOf):
// lgamma 4 ulps outside [-23.0001, -2.2637] and, inside, where lgamma has
// zeros and its relative error no bound, an absolute 2^-44 (measured:
// 2^-46 over 10^5 random inputs there); tgamma 8 ulps (where Gamma is a
// normal f64).
func TestLibdeviceGammaF64Sim(t *testing.T) {
	x := gamma64Inputs(8192)
	syms := []string{"__nv_lgamma", "__nv_tgamma"}
	res := externCase{args: []string{"f64"}, res: "f64", syms: syms}.run(t, sm90, [][]float64{x})
	lg, tg := make([]float64, len(x)), make([]float64, len(x))
	for i, v := range x {
		lg[i], tg[i] = bigLgamma(v, false), bigTgamma(v)
	}
	inside := func(v float64) bool { return v > -23.0001 && v < -2.2637 }
	checkLibdeviceF64Model(t, "__nv_tgamma", res.sim[1], func(i int) float64 { return libdeviceTgamma64(x[i]) },
		func(i int) float64 { return tg[i] }, 8)
	outside := func(i int) float64 {
		if inside(x[i]) {
			return libdeviceLgamma64(x[i]) // compared below
		}
		return lg[i]
	}
	checkLibdeviceF64Model(t, "__nv_lgamma", res.sim[0], func(i int) float64 { return libdeviceLgamma64(x[i]) }, outside, 4)
	// Inside, an absolute bound: lgamma there is a difference of terms up
	// to lgamma(23) = 48.5 (whose ulp is 2^-47), and passes through zeros.
	worst, worstAt := 0.0, 0
	for i, v := range x {
		if inside(v) {
			if d := math.Abs(libdeviceLgamma64(v) - lg[i]); d > worst {
				worst, worstAt = d, i
			}
		}
	}
	if worst > 0x1p-44 {
		t.Errorf("__nv_lgamma: the model is %g from lgamma(%g) inside [-23.0001, -2.2637], more than 2^-44", worst, x[worstAt])
	}
	t.Logf("__nv_lgamma: inside [-23.0001, -2.2637] at most 2^%.2f from lgamma (input %g)", math.Log2(worst), x[worstAt])
}
