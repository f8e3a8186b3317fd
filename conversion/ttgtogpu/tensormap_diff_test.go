package ttgtogpu_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Triton's test_trans_4d (perm [1, 2, 3, 0]) at a small shape: the kernel
// makes both descriptors itself, so the TTGIR pipeline writes their tensor
// maps into global scratch (ttg.global_scratch_alloc +
// ttng.tensormap_create) and the simulator decodes what the kernel's
// gpu.tensormap_replace ops wrote; the interpreter runs the TTIR.
const trans4dTTIR = `
module {
  tt.func public @kernel(%In: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %Out: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %c0_i32 = arith.constant 0 : i32
    %c128_i32 = arith.constant 128 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    %c8_i32 = arith.constant 8 : i32
    %c64_i64 = arith.constant 64 : i64
    %c32_i64 = arith.constant 32 : i64
    %c8_i64 = arith.constant 8 : i64
    %c1_i64 = arith.constant 1 : i64
    %in = tt.make_tensor_descriptor %In, [%c2_i32, %c2_i32, %c4_i32, %c8_i32], [%c64_i64, %c32_i64, %c8_i64, %c1_i64] : <i32>, <tensor<2x2x4x8xsi32>>
    %out = tt.make_tensor_descriptor %Out, [%c128_i32], [%c1_i64] : <i32>, <tensor<128xsi32>>
    %v = tt.descriptor_load %in[%c0_i32, %c0_i32, %c0_i32, %c0_i32] : !tt.tensordesc<tensor<2x2x4x8xsi32>> -> tensor<2x2x4x8xi32>
    %t = tt.trans %v {order = array<i32: 1, 2, 3, 0>} : tensor<2x2x4x8xi32> -> tensor<2x4x8x2xi32>
    %r = tt.reshape %t : tensor<2x4x8x2xi32> -> tensor<128xi32>
    tt.descriptor_store %out[%c0_i32], %r : !tt.tensordesc<tensor<128xsi32>>, tensor<128xi32>
    tt.return
  }
}
`

func TestInKernelTensorDescriptorSim(t *testing.T) {
	for _, warps := range []string{"4", "8"} {
		t.Run("warps="+warps, func(t *testing.T) {
			m := parse(t, trans4dTTIR)
			ref := m.Clone(nil)
			runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps="+warps+" capability=90 num-stages=3}")
			in := make([]int32, 128)
			for i := range in {
				in[i] = int32(i*7 + 3)
			}
			diffRefCheck(t, ref, m, "kernel", [3]int{2, 1, 1}, []diffArg{i32Buf(in), zeroBuf("i32", 128)}, 0, func(lowered *ir.Operation) {
				if n := count(lowered, gpu.TensormapReplaceOp.Name); n != fieldsOfRank(4)+fieldsOfRank(1) {
					t.Errorf("%d gpu.tensormap_replace ops, want one per field of the two maps", n)
				}
				if n := count(lowered, gpu.TensormapCpFenceproxyOp.Name); n != 2 {
					t.Errorf("%d gpu.tensormap_cp_fenceproxy ops, want 2", n)
				}
			})
		})
	}
}

// A template whose kernel never sets a field (here the rank) does not
// decode: the simulator does not make up the fields the hardware needs.
func TestInKernelTensorDescriptorMissingField(t *testing.T) {
	m := parse(t, trans4dTTIR)
	runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=4 capability=90 num-stages=3}")
	lower(t, m)
	var kfn *ir.Operation
	var rank []*ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "llvm.func" {
			kfn = op
		}
		if op.Name() == gpu.TensormapReplaceOp.Name && (gpu.TensormapReplaceView{Operation: op}).Field() == "rank" {
			rank = append(rank, op)
		}
	})
	if len(rank) != 2 {
		t.Fatalf("%d rank fields set, want 2", len(rank))
	}
	for _, op := range rank {
		op.Erase()
	}
	err := launchLowered(m, kfn, [3]int{1, 1, 1}, []diffArg{i32Buf(make([]int32, 128)), zeroBuf("i32", 128)})
	if err == nil || !strings.Contains(err.Error(), "tensor map") {
		t.Fatalf("want a tensor map error, got %v", err)
	}
}

// fieldsOfRank is the number of fields a tensor map of rank r sets: the
// address, the rank, r box sizes, r sizes, r-1 strides, r element strides
// and the four immediates.
func fieldsOfRank(r int) int { return 2 + 4*r - 1 + 4 }
