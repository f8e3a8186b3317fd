package ttgtogpu_test

import (
	"testing"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// A choice between tensor descriptors, as test_make_tensor_descriptor_loop_carried
// makes one (an scf.if yielding the descriptor made in the kernel or the
// loop-carried one, which the TTGIR pipeline's canonicalization turns into
// arith.select): a descriptor is its tensor map's address, so the choice
// selects addresses. Here even iterations read A's map, odd ones B's, and
// each column block of the output shows which map was read. The
// interpreter runs the TTIR, where the choice is still the scf.if.
const descSelectTTIR = `
module {
  tt.func public @kernel(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %o: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c32 = arith.constant 32 : i32
    %c128 = arith.constant 128 : i32
    %c128_i64 = arith.constant 128 : i64
    %c1_i64 = arith.constant 1 : i64
    %da = tt.make_tensor_descriptor %a, [%c8, %c128], [%c128_i64, %c1_i64] : <f32>, <tensor<8x32xf32>>
    %db = tt.make_tensor_descriptor %b, [%c8, %c128], [%c128_i64, %c1_i64] : <f32>, <tensor<8x32xf32>>
    %do = tt.make_tensor_descriptor %o, [%c8, %c128], [%c128_i64, %c1_i64] : <f32>, <tensor<8x32xf32>>
    scf.for %i = %c0 to %c4 step %c1 : i32 {
      %r = arith.remsi %i, %c2 : i32
      %even = arith.cmpi eq, %r, %c0 : i32
      %d = scf.if %even -> (!tt.tensordesc<tensor<8x32xf32>>) {
        scf.yield %da : !tt.tensordesc<tensor<8x32xf32>>
      } else {
        scf.yield %db : !tt.tensordesc<tensor<8x32xf32>>
      }
      %col = arith.muli %i, %c32 : i32
      %v = tt.descriptor_load %d[%c0, %col] : !tt.tensordesc<tensor<8x32xf32>> -> tensor<8x32xf32>
      tt.descriptor_store %do[%c0, %col], %v : !tt.tensordesc<tensor<8x32xf32>>, tensor<8x32xf32>
    }
    tt.return
  }
}
`

func TestTensorDescSelectSim(t *testing.T) {
	m := parse(t, descSelectTTIR)
	ref := m.Clone(nil)
	runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=4 capability=90 num-stages=3}")
	a, b := make([]float32, 8*128), make([]float32, 8*128)
	for i := range a {
		a[i], b[i] = float32(i), float32(-i-1)
	}
	diffRefCheck(t, ref, m, "kernel", [3]int{1, 1, 1}, []diffArg{f32Buf(a), f32Buf(b), zeroBuf("f32", 8*128)}, 0, func(lowered *ir.Operation) {
		n := 0
		for _, op := range ops(lowered, "llvm.select") {
			if _, ok := op.Result(0).Type().(*llvm.PointerType); ok {
				n++
			}
		}
		if n == 0 {
			t.Error("no llvm.select of tensor map addresses")
		}
	})
}
