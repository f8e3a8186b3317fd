package ttgtogpu

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// tritonHIPLibdevice is every signature of Triton 3.6's AMD libdevice
// module (third_party/amd/language/hip/libdevice.py): the symbol and its
// operand and result types in externSignatures' letters.
var tritonHIPLibdevice = []struct{ sym, sig string }{
	{"__triton_hip_iabs", "ii"}, {"__triton_hip_iabs", "ll"}, {"__triton_hip_fabs", "ff"},
	{"__triton_hip_fabs", "dd"}, {"__ocml_floor_f32", "ff"}, {"__ocml_floor_f64", "dd"},
	{"__ocml_rsqrt_f32", "ff"}, {"__ocml_rsqrt_f64", "dd"}, {"__ocml_ceil_f32", "ff"},
	{"__ocml_ceil_f64", "dd"}, {"__ocml_trunc_f32", "ff"}, {"__ocml_trunc_f64", "dd"},
	{"__ocml_exp2_f32", "ff"}, {"__ocml_exp2_f64", "dd"}, {"__ocml_exp_f32", "ff"},
	{"__ocml_exp_f64", "dd"}, {"__triton_hip_fast_expf", "ff"}, {"__triton_hip_fast_tanhf", "ff"},
	{"__triton_hip_fast_fdividef", "fff"}, {"__ocml_sqrt_f32", "ff"}, {"__ocml_sqrt_f64", "dd"},
	{"__triton_hip_llrint", "fl"}, {"__triton_hip_llrint", "dl"}, {"__ocml_nearbyint_f32", "ff"},
	{"__ocml_nearbyint_f64", "dd"}, {"__ocml_isnan_f32", "fi"}, {"__ocml_isnan_f64", "di"},
	{"__ocml_signbit_f32", "fi"}, {"__ocml_signbit_f64", "di"}, {"__ocml_copysign_f32", "fff"},
	{"__ocml_copysign_f64", "ddd"}, {"__ocml_isinf_f32", "fi"}, {"__ocml_isinf_f64", "di"},
	{"__ocml_nextafter_f32", "fff"}, {"__ocml_nextafter_f64", "ddd"}, {"__ocml_sin_f32", "ff"},
	{"__ocml_sin_f64", "dd"}, {"__ocml_cos_f32", "ff"}, {"__ocml_cos_f64", "dd"},
	{"__ocml_tan_f32", "ff"}, {"__ocml_tan_f64", "dd"}, {"__ocml_log2_f32", "ff"},
	{"__ocml_log2_f64", "dd"}, {"__ocml_cosh_f32", "ff"}, {"__ocml_cosh_f64", "dd"},
	{"__ocml_sinh_f32", "ff"}, {"__ocml_sinh_f64", "dd"}, {"__ocml_tanh_f32", "ff"},
	{"__ocml_tanh_f64", "dd"}, {"__ocml_atan2_f32", "fff"}, {"__ocml_atan2_f64", "ddd"},
	{"__ocml_atan_f32", "ff"}, {"__ocml_atan_f64", "dd"}, {"__ocml_asin_f32", "ff"},
	{"__ocml_asin_f64", "dd"}, {"__ocml_acos_f32", "ff"}, {"__ocml_acos_f64", "dd"},
	{"__ocml_log_f32", "ff"}, {"__ocml_log_f64", "dd"}, {"__ocml_log10_f32", "ff"},
	{"__ocml_log10_f64", "dd"}, {"__ocml_log1p_f32", "ff"}, {"__ocml_log1p_f64", "dd"},
	{"__ocml_acosh_f32", "ff"}, {"__ocml_acosh_f64", "dd"}, {"__ocml_asinh_f32", "ff"},
	{"__ocml_asinh_f64", "dd"}, {"__ocml_atanh_f32", "ff"}, {"__ocml_atanh_f64", "dd"},
	{"__ocml_expm1_f32", "ff"}, {"__ocml_expm1_f64", "dd"}, {"__ocml_hypot_f32", "fff"},
	{"__ocml_hypot_f64", "ddd"}, {"__ocml_j0_f32", "ff"}, {"__ocml_j0_f64", "dd"},
	{"__ocml_j1_f32", "ff"}, {"__ocml_j1_f64", "dd"}, {"__ocml_y0_f32", "ff"},
	{"__ocml_y0_f64", "dd"}, {"__ocml_y1_f32", "ff"}, {"__ocml_y1_f64", "dd"},
	{"__ocml_i0_f32", "ff"}, {"__ocml_i0_f64", "dd"}, {"__ocml_i1_f32", "ff"},
	{"__ocml_i1_f64", "dd"}, {"__ocml_erf_f32", "ff"}, {"__ocml_erf_f64", "dd"},
	{"__ocml_erfinv_f32", "ff"}, {"__ocml_erfinv_f64", "dd"}, {"__ocml_erfc_f32", "ff"},
	{"__ocml_erfc_f64", "dd"}, {"__ocml_erfcx_f32", "ff"}, {"__ocml_erfcx_f64", "dd"},
	{"__ocml_lgamma_f32", "ff"}, {"__ocml_lgamma_f64", "dd"}, {"__ocml_ldexp_f32", "fif"},
	{"__ocml_ldexp_f64", "did"}, {"__ocml_fmod_f32", "fff"}, {"__ocml_fmod_f64", "ddd"},
	{"__ocml_fma_f32", "ffff"}, {"__ocml_fma_f64", "dddd"}, {"__ocml_pown_f32", "fif"},
	{"__ocml_pown_f64", "did"}, {"__ocml_pow_f32", "fff"}, {"__ocml_pow_f64", "ddd"},
	{"__ocml_ilogb_f32", "fi"}, {"__ocml_ilogb_f64", "di"}, {"__ocml_round_f32", "ff"},
	{"__ocml_round_f64", "dd"},
}

// TestOCMLNames: every function of Triton's AMD libdevice module names a
// libdevice function tt computes, of the same types.
func TestOCMLNames(t *testing.T) {
	ctx := ir.NewContext()
	types := map[byte]ir.Type{'f': ir.F32Type(ctx), 'd': ir.F64Type(ctx), 'i': ir.I32(ctx), 'l': ir.I64(ctx)}
	for _, c := range tritonHIPLibdevice {
		nv := libdeviceNameOf(c.sym, types[c.sig[0]])
		if _, ok := externTable()[nv]; !ok {
			t.Errorf("%s (%s): %s is not an extern function tt computes", c.sym, c.sig, nv)
			continue
		}
		if want := externSignatures[nv]; want != c.sig {
			t.Errorf("%s (%s): %s has the signature %q", c.sym, c.sig, nv, want)
		}
	}
	// Other symbols are their own; an unknown OCML function maps to no
	// function tt computes, and is refused under its own name.
	for _, sym := range []string{"__nv_expf", "__ocml_exp", "__triton_hip_nosuch", "foo"} {
		if got := libdeviceNameOf(sym, types['f']); got != sym {
			t.Errorf("libdeviceNameOf(%s) = %s, want the symbol itself", sym, got)
		}
	}
	if _, ok := externTable()[libdeviceNameOf("__ocml_nosuch_f32", types['f'])]; ok {
		t.Errorf("__ocml_nosuch_f32 names a function")
	}
}
