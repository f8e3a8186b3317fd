package ttgtogpu_test

import (
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Global scratch in functions other than the kernel (Triton's
// test_tensor_descriptor_in_function and _return_value: noinline helpers
// that make tensor descriptors). The allocation gives each call its
// callee's bytes in the caller's scratch; the callee takes them as its
// last parameter, as Triton 3.6 passes it. Two calls of one helper get
// different bytes, so a helper's map returned to the kernel is still
// there when the kernel uses it, and the second call does not overwrite
// the first's.

// scratchInFunctionTTIR: the helper makes both descriptors and copies
// |in| to out (test_tensor_descriptor_in_function).
const scratchInFunctionTTIR = `
module {
  tt.func public @kernel(%out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %M: i32, %N: i32) {
    tt.call @helper(%out, %in, %M, %N) : (!tt.ptr<f32>, !tt.ptr<f32>, i32, i32) -> ()
    tt.return
  }
  tt.func private @helper(%out: !tt.ptr<f32>, %in: !tt.ptr<f32>, %M: i32, %N: i32) attributes {noinline = true} {
    %c1_i64 = arith.constant 1 : i64
    %c8_i32 = arith.constant 8 : i32
    %c32_i32 = arith.constant 32 : i32
    %n = arith.extsi %N : i32 to i64
    %din = tt.make_tensor_descriptor %in, [%M, %N], [%n, %c1_i64] : <f32>, <tensor<8x32xf32>>
    %dout = tt.make_tensor_descriptor %out, [%M, %N], [%n, %c1_i64] : <f32>, <tensor<8x32xf32>>
    %px = tt.get_program_id x : i32
    %mo = arith.muli %px, %c8_i32 : i32
    %py = tt.get_program_id y : i32
    %no = arith.muli %py, %c32_i32 : i32
    %v = tt.descriptor_load %din[%mo, %no] : !tt.tensordesc<tensor<8x32xf32>> -> tensor<8x32xf32>
    %a = math.absf %v : tensor<8x32xf32>
    tt.descriptor_store %dout[%mo, %no], %a : !tt.tensordesc<tensor<8x32xf32>>, tensor<8x32xf32>
    tt.return
  }
}
`

// scratchReturnTTIR: the helper returns a descriptor it made; the kernel
// calls it for its input and its output (test_tensor_descriptor_return_value,
// whose helper also returns the shape and strides: a struct return, which
// the simulator does not run; the descriptor alone is what matters here).
const scratchReturnTTIR = `
module {
  tt.func public @kernel(%out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %M: i32, %N: i32) {
    %c8_i32 = arith.constant 8 : i32
    %c32_i32 = arith.constant 32 : i32
    %din = tt.call @make(%in, %M, %N) : (!tt.ptr<f32>, i32, i32) -> !tt.tensordesc<tensor<8x32xf32>>
    %dout = tt.call @make(%out, %M, %N) : (!tt.ptr<f32>, i32, i32) -> !tt.tensordesc<tensor<8x32xf32>>
    %px = tt.get_program_id x : i32
    %mo = arith.muli %px, %c8_i32 : i32
    %py = tt.get_program_id y : i32
    %no = arith.muli %py, %c32_i32 : i32
    %v = tt.descriptor_load %din[%mo, %no] : !tt.tensordesc<tensor<8x32xf32>> -> tensor<8x32xf32>
    %a = math.absf %v : tensor<8x32xf32>
    tt.descriptor_store %dout[%mo, %no], %a : !tt.tensordesc<tensor<8x32xf32>>, tensor<8x32xf32>
    tt.return
  }
  tt.func private @make(%p: !tt.ptr<f32>, %M: i32, %N: i32) -> !tt.tensordesc<tensor<8x32xf32>> attributes {noinline = true} {
    %c1_i64 = arith.constant 1 : i64
    %n = arith.extsi %N : i32 to i64
    %d = tt.make_tensor_descriptor %p, [%M, %N], [%n, %c1_i64] : <f32>, <tensor<8x32xf32>>
    tt.return %d : !tt.tensordesc<tensor<8x32xf32>>
  }
}
`

func TestGlobalScratchInCalleeSim(t *testing.T) {
	for _, c := range []struct {
		name, src, callee string
		calls             int
	}{
		{"in-function", scratchInFunctionTTIR, "helper", 1},
		{"return-value", scratchReturnTTIR, "make", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, c.src)
			ref := m.Clone(nil)
			runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=4 capability=90 num-stages=3}")
			const M, N = 32, 128
			r := rand.New(rand.NewSource(5))
			args := []diffArg{zeroBuf("f32", M*N), f32Buf(randF32(r, M*N, 4)), intArg(M), intArg(N)}
			diffRefCheck(t, ref, m, "kernel", [3]int{M / 8, N / 32, 1}, args, 0, func(lowered *ir.Operation) {
				var callee *ir.Operation
				var calls []*ir.Operation
				ir.WalkOps(lowered, func(op *ir.Operation) {
					switch {
					case op.Name() == "llvm.func" && ir.SymbolName(op) == c.callee:
						callee = op
					case op.Name() == "llvm.call":
						calls = append(calls, op)
					}
				})
				if callee == nil || len(calls) != c.calls {
					t.Fatalf("want @%s and %d calls, got %v and %d", c.callee, c.calls, callee != nil, len(calls))
				}
				params := callee.Region(0).Front().ArgumentTypes()
				if p, ok := params[len(params)-1].(*llvm.PointerType); !ok || p.AddrSpace != llvm.GlobalAddrSpace {
					t.Errorf("@%s's last parameter is %v, want the global scratch !llvm.ptr<1>", c.callee, params[len(params)-1])
				}
			})
		})
	}
}
