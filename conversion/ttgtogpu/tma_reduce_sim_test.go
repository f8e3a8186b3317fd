package ttgtogpu_test

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// TMA reductions end to end: Triton's test_tensor_descriptor_reduce
// kernel shape (a block loaded, then reduced into the output through a
// descriptor the kernel makes) through tt's sm_90 TTIR and TTGIR
// pipelines, lowered to gpu.tma_reduce and run in the simulator, against
// the interpreter's tt.descriptor_reduce. The output descriptor has 12
// of the buffer's 16 rows, so the second row of tiles is half out of
// bounds: those elements must be dropped, and rows 12..15 kept. With
// programs along z, several reduce into the same tile (integer kinds
// only, where the order does not change the result).
const tmaReduceTTIR = `
module {
  tt.func public @kernel(%A: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %Out: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}) {
    %c8 = arith.constant 8 : i32
    %c12 = arith.constant 12 : i32
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %c64_i64 = arith.constant 64 : i64
    %c1_i64 = arith.constant 1 : i64
    %pm = tt.get_program_id x : i32
    %pn = tt.get_program_id y : i32
    %mo = arith.muli %pm, %c8 : i32
    %no = arith.muli %pn, %c32 : i32
    %a = tt.make_tensor_descriptor %A, [%c16, %c64], [%c64_i64, %c1_i64] : <ELEM>, <tensor<8x32xDESC>>
    %o = tt.make_tensor_descriptor %Out, [%c12, %c64], [%c64_i64, %c1_i64] : <ELEM>, <tensor<8x32xDESC>>
    %v = tt.descriptor_load %a[%mo, %no] : !tt.tensordesc<tensor<8x32xDESC>> -> tensor<8x32xELEM>
    tt.descriptor_reduce KIND, %o[%mo, %no], %v : !tt.tensordesc<tensor<8x32xDESC>>, tensor<8x32xELEM>
    tt.return
  }
}
`

func TestTMAReduceSim(t *testing.T) {
	for _, c := range []struct {
		kind, elem, desc, buf string
		z                     int
	}{
		{"add", "i32", "si32", "i32", 3},
		{"min", "i32", "si32", "i32", 2},
		{"max", "i32", "ui32", "i32", 2}, // unsigned: a u32 map, u32 compares
		{"xor", "i32", "si32", "i32", 3},
		{"and", "i32", "si32", "i32", 1},
		{"or", "i32", "si32", "i32", 1},
		{"add", "f32", "f32", "f32", 1},
		{"add", "f16", "f16", "f16", 1},
		{"max", "bf16", "bf16", "bf16", 1},
		{"min", "f16", "f16", "f16", 1},
	} {
		t.Run(c.kind+"_"+c.desc, func(t *testing.T) {
			src := strings.NewReplacer("ELEM", c.elem, "DESC", c.desc, "KIND", c.kind).Replace(tmaReduceTTIR)
			m := parse(t, src)
			ref := m.Clone(nil)
			runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=4 capability=90 num-stages=3}")
			r := rand.New(rand.NewSource(int64(len(c.kind) * 31 * len(c.desc))))
			a, out := reduceBuf(r, c.buf, 16*64), reduceBuf(r, c.buf, 16*64)
			diffRefCheck(t, ref, m, "kernel", [3]int{2, 2, c.z}, []diffArg{a, out}, 0, func(lowered *ir.Operation) {
				if n := count(lowered, gpu.TMAReduceOp.Name); n != 1 {
					t.Errorf("%d gpu.tma_reduce ops, want 1", n)
				}
			})
		})
	}
}

// reduceBuf is n random elements: integers of both signs over the whole
// 32-bit range (so signed and unsigned min/max differ), floats small
// integers and halves, exact in every format, with some NaNs for f16.
func reduceBuf(r *rand.Rand, kind string, n int) diffArg {
	switch kind {
	case "i32":
		v := make([]int32, n)
		for i := range v {
			v[i] = int32(r.Uint32())
		}
		return i32Buf(v)
	case "f32":
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(r.Intn(64)-32) / 2
		}
		return f32Buf(v)
	}
	b := make([]byte, 2*n)
	for i := 0; i < n; i++ {
		x := float32(r.Intn(64)-32) / 2
		h := numeric.F16FromFloat32(x, numeric.RNE)
		if kind == "bf16" {
			h = numeric.BF16FromFloat32(x, numeric.RNE)
		}
		binary.LittleEndian.PutUint16(b[2*i:], h)
	}
	if kind != "f16" && kind != "bf16" {
		panic(fmt.Sprintf("reduceBuf: %s", kind))
	}
	return diffArg{buf: b, kind: kind}
}

// A loop that reduces a new 32x64 block into the same tile every
// iteration: the TTGIR pipeline keeps the reduction's buffer across
// iterations (pipelined TMA stores), so each iteration must wait for the
// previous reduction to have read it before refilling it; the simulator
// checks that the buffer is unchanged until the read is retired.
const tmaReduceLoopTTIR = `
module {
  tt.func public @kernel(%out_ptr: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %a_ptr: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c8_i32 = arith.constant 8 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %desc = tt.make_tensor_descriptor %out_ptr, [%c32_i32, %c64_i32], [%c64_i64, %c1_i64] : <i32>, <tensor<32x64xsi32>>
    scf.for %i = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
      %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %n = tt.splat %c64_i32 : i32 -> tensor<32x1xi32>
      %rows = arith.muli %r2, %n : tensor<32x1xi32>
      %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
      %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %rb = tt.broadcast %rows : tensor<32x1xi32> -> tensor<32x64xi32>
      %cb = tt.broadcast %c2 : tensor<1x64xi32> -> tensor<32x64xi32>
      %idx = arith.addi %rb, %cb : tensor<32x64xi32>
      %base = arith.muli %i, %c32_i32 : i32
      %base2 = arith.muli %base, %c64_i32 : i32
      %bs = tt.splat %base2 : i32 -> tensor<32x64xi32>
      %offs = arith.addi %idx, %bs : tensor<32x64xi32>
      %p = tt.splat %a_ptr : !tt.ptr<i32> -> tensor<32x64x!tt.ptr<i32>>
      %ptrs = tt.addptr %p, %offs : tensor<32x64x!tt.ptr<i32>>, tensor<32x64xi32>
      %v = tt.load %ptrs : tensor<32x64x!tt.ptr<i32>>
      tt.descriptor_reduce add, %desc[%c0_i32, %c0_i32], %v : !tt.tensordesc<tensor<32x64xsi32>>, tensor<32x64xi32>
    }
    tt.return
  }
}
`

func TestTMAReduceLoopSim(t *testing.T) {
	m := parse(t, tmaReduceLoopTTIR)
	ref := m.Clone(nil)
	runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=4 capability=90 num-stages=3}")
	r := rand.New(rand.NewSource(7))
	a, out := reduceBuf(r, "i32", 8*32*64), reduceBuf(r, "i32", 32*64)
	diffRefCheck(t, ref, m, "kernel", [3]int{1, 1, 1}, []diffArg{out, a}, 0, func(lowered *ir.Operation) {
		if n := count(lowered, gpu.TMAReduceOp.Name); n < 1 {
			t.Errorf("no gpu.tma_reduce in the loop")
		}
	})
}

// Without the waits that retire a reduction's reads before its buffer is
// refilled, the simulator reports the overwrite.
func TestTMAReduceLoopMissingWait(t *testing.T) {
	m := parse(t, tmaReduceLoopTTIR)
	runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=4 capability=90 num-stages=3}")
	lower(t, m)
	var kfn *ir.Operation
	var waits []*ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		switch op.Name() {
		case "llvm.func":
			kfn = op
		case gpu.BulkWaitOp.Name:
			waits = append(waits, op)
		}
	})
	if len(waits) < 2 {
		t.Fatalf("%d gpu.bulk_wait ops, want one in the loop and one after it", len(waits))
	}
	for _, w := range waits[:len(waits)-1] {
		w.Erase()
	}
	r := rand.New(rand.NewSource(7))
	err := launchLowered(m, kfn, [3]int{1, 1, 1}, []diffArg{reduceBuf(r, "i32", 32*64), reduceBuf(r, "i32", 8*32*64)})
	if err == nil || !strings.Contains(err.Error(), "before a gpu.bulk_wait retired") {
		t.Fatalf("want the overwrite of a buffer the gpu.tma_reduce still reads reported, got %v", err)
	}
}
