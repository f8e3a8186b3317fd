package ttgtogpu

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Triton's AMD backend spells the functions of its libdevice module in
// ROCm's device library (OCML: __ocml_exp_f32, __ocml_pown_f64) and in a
// few helpers of its own (__triton_hip_fabs, __triton_hip_llrint), where
// the NVIDIA backend calls libdevice's __nv_ symbols: the same functions
// under other names. tt computes each with the code of the libdevice
// function of the same meaning (on AMD targets tt's own algorithms, which
// keep libdevice's documented accuracy; not OCML's bits).

// ocmlIrregular are the OCML names whose libdevice names are not
// __nv_NAME (f64) and __nv_NAMEf (f32): {f32, f64}.
var ocmlIrregular = map[string][2]string{
	"isinf":   {"__nv_isinff", "__nv_isinfd"},
	"isnan":   {"__nv_isnanf", "__nv_isnand"},
	"signbit": {"__nv_signbitf", "__nv_signbitd"},
	"pown":    {"__nv_powif", "__nv_powi"},
	"i0":      {"__nv_cyl_bessel_i0f", "__nv_cyl_bessel_i0"},
	"i1":      {"__nv_cyl_bessel_i1f", "__nv_cyl_bessel_i1"},
}

// tritonHIPHelpers are the __triton_hip_ helpers' libdevice names by the
// element type of their first operand ("f32", "f64", "i32", "i64").
var tritonHIPHelpers = map[string]map[string]string{
	"fabs":          {"f32": "__nv_fabsf", "f64": "__nv_fabs"},
	"iabs":          {"i32": "__nv_abs", "i64": "__nv_llabs"},
	"fast_expf":     {"f32": "__nv_fast_expf"},
	"fast_fdividef": {"f32": "__nv_fast_fdividef"},
	"fast_tanhf":    {"f32": "__nv_tanhf"},
	"llrint":        {"f32": "__nv_llrintf", "f64": "__nv_llrint"},
}

// libdeviceNameOf is the libdevice symbol of an OCML or __triton_hip_
// symbol whose first operand has element type operand; other symbols are
// their own.
func libdeviceNameOf(sym string, operand ir.Type) string {
	letter := map[byte]string{'f': "f32", 'd': "f64", 'i': "i32", 'l': "i64"}[sigLetter(operand)]
	if name, ok := strings.CutPrefix(sym, "__triton_hip_"); ok {
		if nv, ok := tritonHIPHelpers[name][letter]; ok {
			return nv
		}
		return sym
	}
	name, ok := strings.CutPrefix(sym, "__ocml_")
	if !ok {
		return sym
	}
	base, width := name, 0
	if b, ok := strings.CutSuffix(name, "_f32"); ok {
		base, width = b, 32
	} else if b, ok := strings.CutSuffix(name, "_f64"); ok {
		base, width = b, 64
	} else {
		return sym
	}
	if pair, ok := ocmlIrregular[base]; ok {
		return pair[width/64]
	}
	if width == 32 {
		return "__nv_" + base + "f"
	}
	return "__nv_" + base
}
