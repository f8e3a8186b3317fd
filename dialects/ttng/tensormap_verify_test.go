package ttng_test

import "testing"

// TestTensormapCreateOperandTypes: ttng.tensormap_create takes its global
// strides as i64 and its extents and element strides as i32 (Triton's
// Variadic<I64> and Variadic<I32>); a stride of another width was
// accepted and reached the lowering, whose gpu.tensormap_replace then
// failed verification after convert-triton-gpu-to-gpu (found by the fuzz
// harness: tutorial 06's device-descriptor attention with every i64 made
// i8).
func TestTensormapCreateOperandTypes(t *testing.T) {
	create := func(strideType, dimType string) string {
		return `tt.func @f(%p: !tt.ptr<i8>, %a: !tt.ptr<f16>, %n: ` + dimType + `, %s: ` + strideType + `) {
    ttng.tensormap_create %p, %a, [%n, %n], [%n, %n], [%s], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, ` +
			dimType + `, ` + dimType + `, ` + dimType + `, ` + dimType + `, ` + strideType + `, ` + dimType + `, ` + dimType + `) -> ()
    tt.return
  }`
	}
	for _, c := range []struct{ name, stride, dim, want string }{
		{"ok", "i64", "i32", ""},
		{"i8 stride", "i8", "i32", "'ttng.tensormap_create' op operand #6 must be 64-bit signless integer, but got 'i8'"},
		{"i32 stride", "i32", "i32", "'ttng.tensormap_create' op operand #6 must be 64-bit signless integer, but got 'i32'"},
		{"i64 extents", "i64", "i64", "'ttng.tensormap_create' op operand #2 must be 32-bit signless integer, but got 'i64'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkVerifyError(t, verifyMMA(t, "  "+create(c.stride, c.dim)), c.want)
		})
	}
}
