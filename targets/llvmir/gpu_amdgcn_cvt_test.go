package llvmir_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/numeric"
)

// TestAMDGCNNarrowingSemantics runs the AMDGCN lowering of gpu.cvt's
// narrowings (plain LLVM integer and float operations) on the host with
// lli and compares every result with an independent reference: numeric's
// round-toward-zero conversions for f16 and bf16, math/big for f32, and
// rm/rp derived from rz by the sign and exactness of the input.
func TestAMDGCNNarrowingSemantics(t *testing.T) {
	if lli() == "" {
		t.Skip("lli not found: the AMDGCN narrowings are checked against goldens only")
	}
	inputs := narrowingInputs()
	type fn struct {
		name, src, to, bits string
		ref                 func(float64, string) (uint64, bool) // bits, NaN
	}
	var fns []fn
	for _, mode := range []string{"rn", "rz", "rm", "rp"} {
		fns = append(fns,
			fn{"f16_" + mode, "f32", "f16", "i16", func(v float64, m string) (uint64, bool) { return narrowRef(v, m, 16) }},
			fn{"bf16_" + mode, "f32", "bf16", "i16", func(v float64, m string) (uint64, bool) { return narrowRef(v, m, 8) }},
			fn{"f32_" + mode, "f64", "f32", "i32", func(v float64, m string) (uint64, bool) { return narrowRef(v, m, 32) }})
	}
	var mlir strings.Builder
	mlir.WriteString("module {\n")
	for _, f := range fns {
		mode := f.name[strings.IndexByte(f.name, '_')+1:]
		fmt.Fprintf(&mlir, `  llvm.func @%[1]s(%%x: %[2]s) -> %[4]s {
    %%r = gpu.cvt %%x {rounding = %[5]s} : %[2]s -> %[3]s
    %%b = llvm.bitcast %%r : %[3]s to %[4]s
    llvm.return %%b : %[4]s
  }
`, f.name, f.src, f.to, f.bits, mode)
	}
	mlir.WriteString("}\n")
	ll := gfx942LLVM(t, "narrow.mlir", mlir.String())
	// The host runs the functions: drop the AMDGCN triple, and call each on
	// every input, printing the result bits.
	prog := strings.Replace(ll, `target triple = "amdgcn-amd-amdhsa"`, "", 1)
	var main strings.Builder
	main.WriteString("@fmt = private constant [6 x i8] c\"%llx\\0A\\00\"\ndeclare i32 @printf(i8*, ...)\ndefine i32 @main() {\n")
	var want []string
	n := 0
	for _, f := range fns {
		mode := f.name[strings.IndexByte(f.name, '_')+1:]
		for _, v := range inputs {
			if f.src == "f32" && float64(float32(v)) != v && !math.IsNaN(v) {
				continue // f32 sources take f32 inputs only
			}
			arg := fmt.Sprintf("double 0x%016X", math.Float64bits(v))
			if f.src == "f32" {
				// LLVM writes float constants as the double of the same value.
				arg = fmt.Sprintf("float 0x%016X", math.Float64bits(float64(float32(v))))
			}
			bits, nan := f.ref(v, mode)
			key := fmt.Sprintf("%s(%v)", f.name, v)
			if nan {
				want = append(want, key+" nan")
			} else {
				want = append(want, fmt.Sprintf("%s %x", key, bits))
			}
			fmt.Fprintf(&main, "  %%r%[1]d = call %[2]s @%[3]s(%[4]s)\n  %%z%[1]d = zext %[2]s %%r%[1]d to i64\n"+
				"  %%p%[1]d = call i32 (i8*, ...) @printf(i8* getelementptr ([6 x i8], [6 x i8]* @fmt, i32 0, i32 0), i64 %%z%[1]d)\n",
				n, f.bits, f.name, arg)
			n++
		}
	}
	main.WriteString("  ret i32 0\n}\n")
	got := runLLI(t, prog+main.String(), len(want))
	bad := 0
	for i, w := range want {
		key, exp, _ := strings.Cut(w, " ")
		var g uint64
		fmt.Sscanf(got[i], "%x", &g)
		ok := fmt.Sprintf("%x", g) == exp
		if exp == "nan" {
			ok = isNaNBits(key, g)
		}
		if !ok {
			if bad++; bad <= 10 {
				t.Errorf("%s = %#x, want %s", key, g, exp)
			}
		}
	}
	t.Logf("%d conversions checked, %d wrong", len(want), bad)
}

func isNaNBits(key string, g uint64) bool {
	switch {
	case strings.HasPrefix(key, "f16"):
		return g&0x7c00 == 0x7c00 && g&0x3ff != 0
	case strings.HasPrefix(key, "bf16"):
		return g == 0x7fff // the canonical NaN, as Triton's AMD lowering makes it
	}
	return g&0x7f800000 == 0x7f800000 && g&0x7fffff != 0
}

// narrowingInputs are the values converted: signed zeros, infinities, a
// NaN, the edges of each format's normal, subnormal and finite ranges and
// their neighbors, halfway cases, and random values over all magnitudes.
func narrowingInputs() []float64 {
	vs := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1, -1, 1.5, 0.1, -0.1,
		65504, 65519, 65520, 65536, 1e5, -1e5, 6.1035156e-05, 5.9604645e-08, 2.9802322e-08, 1e-9, -1e-9,
		3.3895314e38, 3.4e38, math.MaxFloat32, 1e39, -1e39, 1.1754944e-38, 1e-45, 1e-46, -1e-46, 1 + 1.0/1024 + 1.0/2048}
	r := rand.New(rand.NewSource(9))
	for i := 0; i < 200; i++ {
		v := math.Ldexp(r.Float64()+0.5, r.Intn(80)-40)
		if r.Intn(2) == 0 {
			v = -v
		}
		vs = append(vs, v, float64(float32(v)))
	}
	var out []float64
	for _, v := range vs {
		out = append(out, v, -v)
	}
	return out
}

// narrowRef is the reference conversion of v with mode (rn, rz, rm, rp)
// to a format with the given significand bits (16: f16, 8: bf16, 32:
// f32), as bits; nan reports a NaN result.
func narrowRef(v float64, mode string, format int) (uint64, bool) {
	if math.IsNaN(v) {
		return 0, true
	}
	var rn, rz uint64
	var widen func(uint64) float64
	switch format {
	case 16:
		x := float32(v)
		rn, rz = uint64(numeric.F16FromFloat32(x, numeric.RNE)), uint64(numeric.F16FromFloat32(x, numeric.RTZ))
		widen = func(b uint64) float64 { return float64(numeric.F16ToFloat32(uint16(b))) }
	case 8:
		x := float32(v)
		rn, rz = uint64(numeric.BF16FromFloat32(x, numeric.RNE)), uint64(numeric.BF16FromFloat32(x, numeric.RTZ))
		widen = func(b uint64) float64 { return float64(numeric.BF16ToFloat32(uint16(b))) }
	default:
		rn = uint64(math.Float32bits(float32(v)))
		f, _ := new(big.Float).SetPrec(24).SetMode(big.ToZero).SetFloat64(v).Float32()
		switch {
		case math.Abs(v) > math.MaxFloat32 && !math.IsInf(v, 0):
			f = float32(math.Copysign(math.MaxFloat32, v))
		case math.Abs(v) < 0x1p-126:
			// Subnormal results have fewer bits: whole multiples of 2^-149.
			f = float32(math.Trunc(v*0x1p149) * 0x1p-149)
		}
		rz = uint64(math.Float32bits(f))
		widen = func(b uint64) float64 { return float64(math.Float32frombits(uint32(b))) }
	}
	switch mode {
	case "rn":
		return rn, false
	case "rz":
		return rz, false
	}
	// rm and rp: rz where it is exact or already on the right side, else
	// one step away from zero (the sign bit selects the side).
	if widen(rz) == v || (mode == "rm") == (v > 0) {
		return rz, false
	}
	return rz + 1, false
}
