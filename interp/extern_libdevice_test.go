package interp

import (
	"testing"

	"github.com/ttcompiler/tt/internal/libdevicelist"
)

// TestLibdeviceKnown: every function of Triton 3.6's libdevice modules,
// CUDA's and AMD's (testdata/libdevice), is a function of the
// interpreter.
func TestLibdeviceKnown(t *testing.T) {
	for _, list := range []string{"cuda.txt", "hip.txt"} {
		sigs, err := libdevicelist.Read("../testdata/libdevice/" + list)
		if err != nil {
			t.Fatal(err)
		}
		for _, sig := range sigs {
			if externs[sig.Symbol] == nil {
				t.Errorf("%s: %s is not known to the interpreter", list, sig.Symbol)
			}
		}
		if len(sigs) < 100 {
			t.Errorf("%s: %d functions", list, len(sigs))
		}
	}
}

// TestLibdeviceRest: values of extern_rest.go's functions at the points
// where their rounding or width shows.
func TestLibdeviceRest(t *testing.T) {
	i32, i64 := &Elem{Kind: KInt, Width: 32}, &Elem{Kind: KInt, Width: 64}
	f32, f64 := &Elem{Kind: KF32, Width: 32}, &Elem{Kind: KF64, Width: 64}
	ints := func(e *Elem, v uint64) *Tensor { x := newTensor(e, []int{1}); x.Bits[0] = v; return x }
	dbl := func(v float64) *Tensor { x := newTensor(f64, []int{1}); x.F64[0] = v; return x }
	call := func(sym string, res *Elem, args ...*Tensor) *Tensor {
		r := newTensor(res, []int{1})
		externs[sym](r, args, 0)
		return r
	}
	for _, c := range []struct {
		sym  string
		got  float64
		want float64
	}{
		{"__nv_int2float_rd", float64(call("__nv_int2float_rd", f32, ints(i32, 1<<24+1)).F32[0]), 1 << 24},
		{"__nv_int2float_ru", float64(call("__nv_int2float_ru", f32, ints(i32, 1<<24+1)).F32[0]), 1<<24 + 2},
		{"__nv_ll2double_ru", call("__nv_ll2double_ru", f64, ints(i64, 1<<53+1)).F64[0], 1<<53 + 2},
		{"__nv_ll2double_rz", call("__nv_ll2double_rz", f64, ints(i64, 1<<64-(1<<53+1))).F64[0], -(1 << 53)},
		{"__nv_ull2double_rd", call("__nv_ull2double_rd", f64, ints(i64, 1<<64-1)).F64[0], 1<<64 - 1<<11},
		{"__nv_ull2float_rn", float64(call("__nv_ull2float_rn", f32, ints(i64, 1<<64-1)).F32[0]), 1 << 64},
		{"__nv_double2float_rz", float64(call("__nv_double2float_rz", f32, dbl(1+0x1p-30)).F32[0]), 1},
		{"__nv_double2float_ru", float64(call("__nv_double2float_ru", f32, dbl(1+0x1p-30)).F32[0]), 1 + 0x1p-23},
		{"__nv_hiloint2double", call("__nv_hiloint2double", f64, ints(i32, 0x3FF00000), ints(i32, 1)).F64[0], 1 + 0x1p-52},
		{"__nv_double2hiint", float64(call("__nv_double2hiint", i32, dbl(1)).Bits[0]), 0x3FF00000},
		{"__nv_mul24", float64(int32(call("__nv_mul24", i32, ints(i32, 1<<32-1), ints(i32, 1<<24+3)).Bits[0])), -3},
		{"__nv_umul24", float64(call("__nv_umul24", i32, ints(i32, 1<<24+2), ints(i32, 5)).Bits[0]), 10},
		{"__nv_llround", float64(int64(call("__nv_llround", i64, dbl(-2.5)).Bits[0])), -3},
		{"__nv_norm3d", call("__nv_norm3d", f64, dbl(2), dbl(3), dbl(6)).F64[0], 7},
	} {
		if c.got != c.want {
			t.Errorf("%s: %g, want %g", c.sym, c.got, c.want)
		}
	}
}
