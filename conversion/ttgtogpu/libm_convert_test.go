package ttgtogpu_test

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/passmgr"
)

// libdevice's conversions (libm_convert.go) in the simulator, bit for bit
// against references in exact arithmetic (math/big), on raw bit patterns
// of every argument type: random ones, halfway cases, values at and past
// each integer type's range, NaN, ±inf, ±0 and subnormals; under Triton's
// FTZ reflect and without it on sm_90, and on gfx942 (no flushing).

// convWidth is the bytes of an element type.
func convWidth(ty string) int {
	if ty == "f32" || ty == "i32" {
		return 4
	}
	return 8
}

// simulateBits runs syms (one signature) on the raw bit patterns inputs
// (one slice per argument) lowered for tg, with or without the FTZ
// reflect: out[k][i] is symbol k on element i, zero-extended.
func simulateBits(t *testing.T, tg gpuTarget, args []string, res string, syms []string, inputs [][]uint64, ftz bool) [][]uint64 {
	t.Helper()
	n := len(inputs[0])
	c := externCase{args: args, res: res, syms: syms}
	m := ttirKernelFor(t, tg, c.src(n), 4)
	runPipeline(t, m, ttgtogpu.Pipeline(ttgtogpu.Options{Target: ttg.Target(m), NoReflectFTZ: !ftz}, passmgr.Default))
	var bufs []diffArg
	for i, ty := range args {
		w := convWidth(ty)
		b := make([]byte, w*n)
		for j, v := range inputs[i] {
			if w == 4 {
				binary.LittleEndian.PutUint32(b[4*j:], uint32(v))
			} else {
				binary.LittleEndian.PutUint64(b[8*j:], v)
			}
		}
		bufs = append(bufs, diffArg{buf: b, kind: ty})
	}
	rw := convWidth(res)
	bufs = append(bufs, diffArg{buf: make([]byte, rw*n*len(syms)), kind: res})
	if err := launchLowered(m, loweredKernel(m, "ext"), [3]int{1, 1, 1}, bufs); err != nil {
		t.Fatalf("simulate: %v", err)
	}
	out := make([][]uint64, len(syms))
	ob := bufs[len(args)].buf
	for k := range out {
		out[k] = make([]uint64, n)
		for i := range out[k] {
			if rw == 4 {
				out[k][i] = uint64(binary.LittleEndian.Uint32(ob[4*(k*n+i):]))
			} else {
				out[k][i] = binary.LittleEndian.Uint64(ob[8*(k*n+i):])
			}
		}
	}
	return out
}

// convModes are libdevice's rounding suffixes with big.Float's modes.
var convModes = []struct {
	sfx  string
	mode big.RoundingMode
}{{"rn", big.ToNearestEven}, {"rz", big.ToZero}, {"rd", big.ToNegativeInf}, {"ru", big.ToPositiveInf}}

// exactFloat is the finite v exactly.
func exactFloat(v float64) *big.Float { return new(big.Float).SetPrec(2000).SetFloat64(v) }

// roundToInteger is x rounded to an integer in mode m (ToNearestAway:
// halves away from zero).
func roundToInteger(x *big.Float, m big.RoundingMode) *big.Int {
	t, acc := x.Int(nil) // toward zero
	if acc == big.Exact {
		return t
	}
	away := new(big.Int).Add(t, big.NewInt(int64(x.Sign())))
	switch m {
	case big.ToZero:
		return t
	case big.ToNegativeInf:
		if x.Sign() < 0 {
			return away
		}
		return t
	case big.ToPositiveInf:
		if x.Sign() > 0 {
			return away
		}
		return t
	}
	frac := new(big.Float).SetPrec(2000).Sub(x, new(big.Float).SetInt(t))
	switch frac.Abs(frac).Cmp(big.NewFloat(0.5)) {
	case 1:
		return away
	case -1:
		return t
	}
	if m == big.ToNearestAway || t.Bit(0) == 1 {
		return away
	}
	return t
}

// intRange is the signed or unsigned range of width bits.
func intRange(width int, unsigned bool) (lo, hi *big.Int) {
	one := big.NewInt(1)
	if unsigned {
		return big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(one, uint(width)), one)
	}
	hi = new(big.Int).Sub(new(big.Int).Lsh(one, uint(width-1)), one)
	return new(big.Int).Neg(new(big.Int).Add(hi, one)), hi
}

// clampBits is n clamped to [lo, hi], as width bits.
func clampBits(n, lo, hi *big.Int, width int) uint64 {
	if n.Cmp(lo) < 0 {
		n = lo
	}
	if n.Cmp(hi) > 0 {
		n = hi
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(width))
	return new(big.Int).Mod(n, mod).Uint64()
}

// refFloatToInt is PTX's cvt.r*i of the float v (exact in float64) to a
// width-bit integer: rounded in mode m, clamped, NaN to 0.
func refFloatToInt(v float64, width int, unsigned bool, m big.RoundingMode) uint64 {
	lo, hi := intRange(width, unsigned)
	switch {
	case math.IsNaN(v):
		return 0
	case math.IsInf(v, 1):
		return clampBits(hi, lo, hi, width)
	case math.IsInf(v, -1):
		return clampBits(lo, lo, hi, width)
	}
	return clampBits(roundToInteger(exactFloat(v), m), lo, hi, width)
}

// refIntToFloat is the integer n rounded to prec bits in mode m.
func refIntToFloat(n *big.Int, prec uint, m big.RoundingMode) float64 {
	f, _ := new(big.Float).SetPrec(prec).SetMode(m).SetInt(n).Float64() // exact: prec bits, in range
	return f
}

// refF64ToF32 is v rounded to float32 in mode m, subnormal results kept
// (every f32 below 2^-126 a multiple of 2^-149), overflow to ±inf where m
// rounds away from zero and to ±MaxFloat32 where not; with ftz a
// subnormal result is a zero of v's sign.
func refF64ToF32(v float64, m big.RoundingMode, ftz bool) float32 {
	if math.IsNaN(v) || math.IsInf(v, 0) || v == 0 {
		return float32(v)
	}
	_, e := math.Frexp(v) // 2^(e-1) <= |v| < 2^e
	q := max(e-1-23, -149)
	scaled := new(big.Float).SetMantExp(exactFloat(v), -q)
	r := math.Ldexp(float64(roundToInteger(scaled, m).Int64()), q)
	if math.Abs(r) > math.MaxFloat32 {
		toInf := m == big.ToNearestEven || m == big.ToNegativeInf && v < 0 || m == big.ToPositiveInf && v > 0
		if toInf {
			return float32(math.Copysign(math.Inf(1), v))
		}
		return float32(math.Copysign(math.MaxFloat32, v))
	}
	if r == 0 || ftz && math.Abs(r) < 0x1p-126 {
		return float32(math.Copysign(0, v))
	}
	return float32(r)
}

// convF32Inputs are f32 bit patterns for conversions to integers.
func convF32Inputs(r *rand.Rand) []uint64 {
	var fs []float32
	for _, v := range []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), 0.5, -0.5, 1.5, -1.5, 2.5, -2.5,
		0.49999997, -0.49999997, 1, -1, 3.4e38, -3.4e38, 1e-45, -1e-45, 1e-40, -1e-40, 0x1p-126, -0x1p-126,
		0x1.fffffcp-127, -0x1.fffffcp-127, 8388607.5, -8388607.5, 0x1p23, 0x1p24} {
		fs = append(fs, float32(v))
	}
	// At and past each integer range's ends: 2^31, 2^32, 2^63, 2^64 and
	// their f32 neighbours, both signs.
	for _, p := range []int{31, 32, 63, 64} {
		b := math.Float32bits(float32(math.Ldexp(1, p)))
		for d := -2; d <= 2; d++ {
			f := math.Float32frombits(uint32(int(b) + d))
			fs = append(fs, f, -f)
		}
	}
	// Halfway cases: k + 1/2 for integers k of every size f32 holds them.
	for i := 0; i < 200; i++ {
		k := float32(r.Int63n(1 << uint(1+r.Intn(22))))
		h := k + 0.5
		if r.Intn(2) == 0 {
			h = -h
		}
		fs = append(fs, h, math.Nextafter32(h, 0), math.Nextafter32(h, float32(math.Inf(1))))
	}
	out := []uint64{0x7fc00000, 0xffc00000, 0x7f800001, 0x7fffffff} // NaNs
	for _, f := range fs {
		out = append(out, uint64(math.Float32bits(f)))
	}
	for len(out) < 4096 {
		b := r.Uint32()
		switch r.Intn(4) {
		case 0: // magnitudes below 2^65
			b = b&0x807fffff | uint32(r.Intn(65+127))<<23
		case 1: // subnormals
			b &= 0x807fffff
		}
		out = append(out, uint64(b))
	}
	return out
}

// convF64Inputs are f64 bit patterns for conversions to integers and
// f32.
func convF64Inputs(r *rand.Rand) []uint64 {
	var fs []float64
	for _, v := range []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), 0.5, -0.5, 1.5, -1.5, 2.5, -2.5,
		0.49999999999999994, -0.49999999999999994, 1, -1, 1e300, -1e300, 5e-324, -5e-324, 1e-310, -1e-310,
		0x1p-1022, 4503599627370495.5, -4503599627370495.5, 0x1p52, 0x1p53,
		2147483647.5, 2147483646.5, -2147483648.5, -2147483649.5, -2147483648.4, 4294967295.5, 4294967294.5,
		// f32's edges: its largest value, halfway to the next binade, the
		// smallest normal and subnormal and their neighbours.
		math.MaxFloat32, -math.MaxFloat32, 0x1.ffffffp127, -0x1.ffffffp127, 0x1.fffffefffffffp127, 0x1p128,
		0x1p-126, -0x1p-126, 0x1.fffffep-127, 0x1.ffffffp-127, 0x1.fffffff8p-127, 0x1p-149, 0x1p-150, 0x1.0000001p-150,
		-0x1p-150, 0x1.8p-149, 0x1p-151, 1e-300, -1e-300} {
		fs = append(fs, v)
	}
	for _, p := range []int{31, 32, 63, 64} {
		b := math.Float64bits(math.Ldexp(1, p))
		for d := -2; d <= 2; d++ {
			f := math.Float64frombits(uint64(int64(b) + int64(d)))
			fs = append(fs, f, -f, f-0.5, -f+0.5)
		}
	}
	for i := 0; i < 300; i++ {
		k := float64(r.Int63n(1 << uint(1+r.Intn(51))))
		h := k + 0.5
		if r.Intn(2) == 0 {
			h = -h
		}
		fs = append(fs, h, math.Nextafter(h, 0), math.Nextafter(h, math.Inf(1)))
		// f32 halfway cases: 25 significant bits ending in 1.
		m := float64(r.Int63n(1<<24)|1<<24) + 0.5*float64(r.Intn(2))
		g := math.Ldexp(m, r.Intn(300)-170)
		fs = append(fs, g, -g, math.Nextafter(g, 0), math.Nextafter(g, math.Inf(1)))
	}
	out := []uint64{0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001, 0x7fffffffffffffff}
	for _, f := range fs {
		out = append(out, math.Float64bits(f))
	}
	for len(out) < 4096 {
		b := r.Uint64()
		switch r.Intn(4) {
		case 0: // magnitudes below 2^65
			b = b&0x800fffffffffffff | uint64(r.Intn(65+1023))<<52
		case 1: // f32's range
			b = b&0x800fffffffffffff | uint64(1023-160+r.Intn(300))<<52
		}
		out = append(out, b)
	}
	return out
}

// convIntInputs are integer bit patterns (width 32 or 64): the ends of
// both ranges, halfway cases for 24 and 53 bits, random values of every
// length.
func convIntInputs(r *rand.Rand, width int) []uint64 {
	mask := uint64(1)<<width - 1
	out := []uint64{0, 1, mask, 2, mask - 1, 1 << (width - 1), 1<<(width-1) - 1, 1<<(width-1) + 1}
	for _, p := range []uint{24, 53} {
		for s := uint(1); int(p+s) <= width && s < 12; s++ {
			base := uint64(1) << (p + s - 1) // p+s bits: s bits below the kept p
			for _, low := range []uint64{1, 1 << (s - 1), 1<<(s-1) - 1, 1<<(s-1) + 1, 3 << (s - 1)} {
				v := base | low&(1<<s-1) | uint64(r.Intn(2))<<s
				out = append(out, v, -v&mask)
			}
		}
	}
	for len(out) < 4096 {
		v := r.Uint64() >> uint(r.Intn(64))
		out = append(out, v&mask)
	}
	return out
}

// checkBits compares results with want, NaN results equal to any NaN
// where anyNaN (f32/f64 results of arithmetic, not bitcasts).
func checkBits(t *testing.T, sym string, in, got, want []uint64, res string, anyNaN bool) {
	t.Helper()
	bad := 0
	for i := range got {
		if got[i] == want[i] {
			continue
		}
		if anyNaN {
			if res == "f32" && math.IsNaN(float64(math.Float32frombits(uint32(got[i])))) && math.IsNaN(float64(math.Float32frombits(uint32(want[i])))) {
				continue
			}
			if res == "f64" && math.IsNaN(math.Float64frombits(got[i])) && math.IsNaN(math.Float64frombits(want[i])) {
				continue
			}
		}
		if bad++; bad <= 5 {
			t.Errorf("%s(%#x) = %#x, want %#x", sym, in[i], got[i], want[i])
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d of %d wrong", sym, bad, len(got))
	}
}

// convTargets are the runs: sm_90 with and without the FTZ reflect, and
// gfx942 (which flushes nothing).
var convTargets = []struct {
	name    string
	tg      gpuTarget
	reflect bool
}{{"sm_90 ftz", sm90, true}, {"sm_90", sm90, false}, {"gfx942", gfx942, true}}

// TestLibdeviceFloatToIntSim: __nv_{float,double}2{int,uint,ll,ull}_* and
// __nv_llrint(f) are PTX's cvt.r*i: rounded to an integer (nearest even,
// toward zero, down, up), clamped to the type's range, NaN to 0; the f32
// forms count a subnormal as a zero of its sign under the FTZ reflect on
// NVIDIA (float2int_rd(-1e-40) = 0, float2uint_ru(1e-40) = 0).
func TestLibdeviceFloatToIntSim(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	inputs := map[string][]uint64{"f32": convF32Inputs(r), "f64": convF64Inputs(r)}
	for _, run := range convTargets {
		t.Run(run.name, func(t *testing.T) {
			flush := run.reflect && run.tg.name == sm90.name
			for _, src := range []struct{ ty, name string }{{"f32", "float"}, {"f64", "double"}} {
				for _, dst := range []struct {
					ty, name string
					unsigned bool
				}{{"i32", "int", false}, {"i32", "uint", true}, {"i64", "ll", false}, {"i64", "ull", true}} {
					var syms []string
					var modes []big.RoundingMode
					for _, m := range convModes {
						syms = append(syms, "__nv_"+src.name+"2"+dst.name+"_"+m.sfx)
						modes = append(modes, m.mode)
					}
					if dst.name == "ll" {
						syms = append(syms, map[string]string{"f32": "__nv_llrintf", "f64": "__nv_llrint"}[src.ty])
						modes = append(modes, big.ToNearestEven)
					}
					in := inputs[src.ty]
					res := simulateBits(t, run.tg, []string{src.ty}, dst.ty, syms, [][]uint64{in}, run.reflect)
					width := 8 * convWidth(dst.ty)
					for k, sym := range syms {
						want := make([]uint64, len(in))
						for i, b := range in {
							v := math.Float64frombits(b)
							if src.ty == "f32" {
								v = float64(math.Float32frombits(uint32(b)))
								if flush && math.Abs(v) < 0x1p-126 {
									v = math.Copysign(0, v)
								}
							}
							want[i] = refFloatToInt(v, width, dst.unsigned, modes[k])
						}
						checkBits(t, sym, in, res[k], want, dst.ty, false)
					}
				}
			}
		})
	}
}

// TestLibdeviceIntToFloatSim: __nv_{int,uint,ll,ull}2float_*,
// __nv_{ll,ull}2double_* and __nv_{int,uint}2double_rn: the signed or
// unsigned integer rounded once to f32 or f64 in each direction (ties to
// even at 2^24 + 1, 2^53 + 1 and the like, UINT64_MAX up to 2^64).
func TestLibdeviceIntToFloatSim(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	for _, run := range convTargets {
		t.Run(run.name, func(t *testing.T) {
			for _, c := range []struct {
				src, name, res string
				unsigned       bool
			}{
				{"i32", "int2float", "f32", false}, {"i32", "uint2float", "f32", true},
				{"i64", "ll2float", "f32", false}, {"i64", "ull2float", "f32", true},
				{"i64", "ll2double", "f64", false}, {"i64", "ull2double", "f64", true},
				{"i32", "int2double", "f64", false}, {"i32", "uint2double", "f64", true},
			} {
				width := 8 * convWidth(c.src)
				in := convIntInputs(r, width)
				modes := convModes
				if c.src == "i32" && c.res == "f64" {
					modes = convModes[:1] // exact: libdevice has _rn only
				}
				var syms []string
				for _, m := range modes {
					syms = append(syms, "__nv_"+c.name+"_"+m.sfx)
				}
				res := simulateBits(t, run.tg, []string{c.src}, c.res, syms, [][]uint64{in}, run.reflect)
				prec := uint(24)
				if c.res == "f64" {
					prec = 53
				}
				for k, sym := range syms {
					want := make([]uint64, len(in))
					for i, b := range in {
						n := new(big.Int).SetUint64(b)
						if !c.unsigned {
							if width == 32 {
								n.SetInt64(int64(int32(b)))
							} else {
								n.SetInt64(int64(b))
							}
						}
						f := refIntToFloat(n, prec, modes[k].mode)
						if c.res == "f32" {
							want[i] = uint64(math.Float32bits(float32(f)))
						} else {
							want[i] = math.Float64bits(f)
						}
					}
					checkBits(t, sym, in, res[k], want, c.res, false)
				}
			}
		})
	}
}

// TestLibdeviceDoubleToFloatSim: __nv_double2float_* is f64 rounded to
// f32 in each direction: subnormal results (multiples of 2^-149), overflow
// to ±inf or ±MaxFloat32 by direction; under the FTZ reflect on NVIDIA a
// subnormal result (after rounding) is a zero of its sign.
func TestLibdeviceDoubleToFloatSim(t *testing.T) {
	r := rand.New(rand.NewSource(13))
	in := convF64Inputs(r)
	for _, run := range convTargets {
		t.Run(run.name, func(t *testing.T) {
			flush := run.reflect && run.tg.name == sm90.name
			var syms []string
			for _, m := range convModes {
				syms = append(syms, "__nv_double2float_"+m.sfx)
			}
			res := simulateBits(t, run.tg, []string{"f64"}, "f32", syms, [][]uint64{in}, run.reflect)
			for k, sym := range syms {
				want := make([]uint64, len(in))
				for i, b := range in {
					want[i] = uint64(math.Float32bits(refF64ToF32(math.Float64frombits(b), convModes[k].mode, flush)))
				}
				checkBits(t, sym, in, res[k], want, "f32", true)
			}
		})
	}
}

// TestLibdeviceRoundToLongSim: __nv_llround and __nv_llroundf round halves
// away from zero and clamp to the i64 range; NaN gives 0 from llround
// (cvt.rzi) and INT64_MIN from llroundf (its integer code). __nv_nearbyint
// rounds to nearest even in f64, zeros keeping the sign.
func TestLibdeviceRoundToLongSim(t *testing.T) {
	r := rand.New(rand.NewSource(14))
	in := map[string][]uint64{"f32": convF32Inputs(r), "f64": convF64Inputs(r)}
	lo, hi := intRange(64, false)
	for _, run := range convTargets {
		t.Run(run.name, func(t *testing.T) {
			for _, c := range []struct{ ty, sym string }{{"f64", "__nv_llround"}, {"f32", "__nv_llroundf"}} {
				res := simulateBits(t, run.tg, []string{c.ty}, "i64", []string{c.sym}, [][]uint64{in[c.ty]}, run.reflect)
				want := make([]uint64, len(in[c.ty]))
				for i, b := range in[c.ty] {
					v := math.Float64frombits(b)
					if c.ty == "f32" {
						v = float64(math.Float32frombits(uint32(b)))
					}
					switch {
					case math.IsNaN(v) && c.ty == "f32":
						want[i] = 1 << 63
					case math.IsNaN(v):
						want[i] = 0
					case math.IsInf(v, 0):
						want[i] = refFloatToInt(v, 64, false, big.ToZero)
					default:
						want[i] = clampBits(roundToInteger(exactFloat(v), big.ToNearestAway), lo, hi, 64)
					}
				}
				checkBits(t, c.sym, in[c.ty], res[0], want, "i64", false)
			}
			res := simulateBits(t, run.tg, []string{"f64"}, "f64", []string{"__nv_nearbyint"}, [][]uint64{in["f64"]}, run.reflect)
			want := make([]uint64, len(in["f64"]))
			for i, b := range in["f64"] {
				v := math.Float64frombits(b)
				if !math.IsNaN(v) && !math.IsInf(v, 0) {
					f, _ := new(big.Float).SetInt(roundToInteger(exactFloat(v), big.ToNearestEven)).Float64()
					v = math.Copysign(f, v)
				}
				want[i] = math.Float64bits(v)
			}
			checkBits(t, "__nv_nearbyint", in["f64"], res[0], want, "f64", true)
		})
	}
}

// TestLibdeviceBitsSim: the reinterpretations keep every bit (NaN
// payloads included), double2hiint/loint are the f64's words and
// hiloint2double(hi, lo) joins them.
func TestLibdeviceBitsSim(t *testing.T) {
	r := rand.New(rand.NewSource(15))
	w32, w64 := make([]uint64, 1024), make([]uint64, 1024)
	for i := range w32 {
		w32[i], w64[i] = uint64(r.Uint32()), r.Uint64()
	}
	w32[0], w32[1], w64[0], w64[1] = 0x7fc00001, 0xffbfffff, 0x7ff0000000000001, 0xfff4000000000000 // NaN payloads
	same := func(v []uint64) []uint64 { return v }
	for _, run := range convTargets {
		t.Run(run.name, func(t *testing.T) {
			for _, c := range []struct {
				arg, res string
				syms     []string
				in       []uint64
				want     func([]uint64) []uint64
			}{
				{"f32", "i32", []string{"__nv_float_as_int", "__nv_float_as_uint"}, w32, same},
				{"i32", "f32", []string{"__nv_int_as_float", "__nv_uint_as_float"}, w32, same},
				{"f64", "i64", []string{"__nv_double_as_longlong"}, w64, same},
				{"i64", "f64", []string{"__nv_longlong_as_double"}, w64, same},
				{"f64", "i32", []string{"__nv_double2loint"}, w64, func(v []uint64) []uint64 {
					out := make([]uint64, len(v))
					for i, b := range v {
						out[i] = b & 0xffffffff
					}
					return out
				}},
				{"f64", "i32", []string{"__nv_double2hiint"}, w64, func(v []uint64) []uint64 {
					out := make([]uint64, len(v))
					for i, b := range v {
						out[i] = b >> 32
					}
					return out
				}},
			} {
				res := simulateBits(t, run.tg, []string{c.arg}, c.res, c.syms, [][]uint64{c.in}, run.reflect)
				for k, sym := range c.syms {
					checkBits(t, sym, c.in, res[k], c.want(c.in), c.res, false)
				}
			}
			hi, lo := make([]uint64, len(w32)), w32
			for i := range hi {
				hi[i] = w64[i] >> 32
			}
			res := simulateBits(t, run.tg, []string{"i32", "i32"}, "f64", []string{"__nv_hiloint2double"}, [][]uint64{hi, lo}, run.reflect)
			want := make([]uint64, len(hi))
			for i := range want {
				want[i] = hi[i]<<32 | lo[i]
			}
			checkBits(t, "__nv_hiloint2double", lo, res[0], want, "f64", false)
		})
	}
}
