//go:build !nonvptx

package ttgtogpu_test

import (
	"strings"
	"testing"
)

// TestLibdeviceConvertPTX: the PTX of the conversions is libdevice's one
// cvt (with .ftz on the f32 sources under the FTZ reflect).
func TestLibdeviceConvertPTX(t *testing.T) {
	for _, c := range []struct {
		arg, res, sym string
		want          []string
	}{
		{"f32", "i32", "__nv_float2int_rd", []string{"cvt.rmi.ftz.s32.f32"}},
		{"f32", "i64", "__nv_float2ull_ru", []string{"cvt.rpi.ftz.u64.f32"}},
		{"f64", "i32", "__nv_double2uint_rn", []string{"cvt.rni.u32.f64"}},
		{"f64", "i64", "__nv_llrint", []string{"cvt.rni.s64.f64"}},
		{"f32", "i64", "__nv_llrintf", []string{"cvt.rni.ftz.s64.f32"}},
		{"f64", "f32", "__nv_double2float_rz", []string{"cvt.rz.ftz.f32.f64"}},
		{"i32", "f32", "__nv_uint2float_rd", []string{"cvt.rm.f32.u32"}},
		{"i64", "f32", "__nv_ll2float_ru", []string{"cvt.rp.f32.s64"}},
		{"i64", "f64", "__nv_ull2double_rz", []string{"cvt.rz.f64.u64"}},
		{"i32", "f64", "__nv_int2double_rn", []string{"cvt.rn.f64.s32"}},
		{"f64", "f64", "__nv_nearbyint", []string{"cvt.rni.f64.f64"}},
		// Half away from zero: |x| + 0.5 rounded toward zero (to nearest,
		// 0.49999999999999994 + 0.5 would be 1), truncated, clamped.
		{"f64", "i64", "__nv_llround", []string{"add.rz.f64", "cvt.rzi.s64.f64"}},
		{"f32", "i64", "__nv_llroundf", []string{"add.rz.f32", "cvt.rzi.s64.f32"}},
	} {
		ptx := externPTX(t, externCase{args: []string{c.arg}, res: c.res, syms: []string{c.sym}}, 128, true)
		for _, w := range c.want {
			if !strings.Contains(ptx, w) {
				t.Errorf("%s: no %s in the PTX:\n%s", c.sym, w, ptx)
			}
		}
	}
}
