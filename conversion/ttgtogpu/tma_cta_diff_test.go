package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// TMA copies of buffers the CTAs of a cluster split (ttg.num-ctas = 2, 4),
// the kernels of Triton's test_tensor_descriptor_load/store at
// num_ctas=2 reduced to one TTIR: the kernel makes two descriptors
// (tensor maps in global scratch, one per CTA), TMA-loads the block of
// program p at rows p*BM, columns BN (the last row out of bounds for the
// second program: TMA fills zeros), stores it through pointers, and
// TMA-stores it back at the same place of a second tensor. make_ttgir at
// num-ctas=2 (or 4) splits the block between the CTAs (plan-cta), so each
// CTA copies its share at its own coordinates; the interpreter runs the
// TTIR one program per cluster.

// tmaCTAKernel is the TTIR for a BMxBN block of elem over an MxN tensor
// whose rows are N elements apart.
func tmaCTAKernel(elem string, bm, bn int) string {
	r := strings.NewReplacer("ELEM", elem, "BM", fmt.Sprint(bm), "BN", fmt.Sprint(bn))
	return r.Replace(`
module {
  tt.func public @kernel(%in: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %out: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %back: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %M: i32, %N: i32) {
    %c1_i64 = arith.constant 1 : i64
    %blockM = arith.constant BM : i32
    %blockN = arith.constant BN : i32
    %bn = arith.constant dense<BN> : tensor<BMx1xi32>
    %sN = arith.extsi %N : i32 to i64
    %din = tt.make_tensor_descriptor %in, [%M, %N], [%sN, %c1_i64] : <ELEM>, <tensor<BMxBNxELEM>>
    %dback = tt.make_tensor_descriptor %back, [%M, %N], [%sN, %c1_i64] : <ELEM>, <tensor<BMxBNxELEM>>
    %p = tt.get_program_id x : i32
    %row = arith.muli %p, %blockM : i32
    %v = tt.descriptor_load %din[%row, %blockN] : !tt.tensordesc<tensor<BMxBNxELEM>> -> tensor<BMxBNxELEM>
    %r = tt.make_range {end = BM : i32, start = 0 : i32} : tensor<BMxi32>
    %r1 = tt.expand_dims %r {axis = 1 : i32} : tensor<BMxi32> -> tensor<BMx1xi32>
    %rows = tt.splat %row : i32 -> tensor<BMx1xi32>
    %r2 = arith.addi %r1, %rows : tensor<BMx1xi32>
    %r3 = arith.muli %r2, %bn : tensor<BMx1xi32>
    %cols = tt.make_range {end = BN : i32, start = 0 : i32} : tensor<BNxi32>
    %cols1 = tt.expand_dims %cols {axis = 0 : i32} : tensor<BNxi32> -> tensor<1xBNxi32>
    %a = tt.broadcast %r3 : tensor<BMx1xi32> -> tensor<BMxBNxi32>
    %b = tt.broadcast %cols1 : tensor<1xBNxi32> -> tensor<BMxBNxi32>
    %idx = arith.addi %a, %b : tensor<BMxBNxi32>
    %base = tt.splat %out : !tt.ptr<ELEM> -> tensor<BMxBNx!tt.ptr<ELEM>>
    %ptrs = tt.addptr %base, %idx : tensor<BMxBNx!tt.ptr<ELEM>>, tensor<BMxBNxi32>
    tt.store %ptrs, %v : tensor<BMxBNx!tt.ptr<ELEM>>
    tt.descriptor_store %dback[%row, %blockN], %v : !tt.tensordesc<tensor<BMxBNxELEM>>, tensor<BMxBNxELEM>
    tt.return
  }
}
`)
}

// tmaCTACase is one block shape on clusters of ctas CTAs; split is a dim
// the CTAs split.
type tmaCTACase struct {
	elem   string
	bm, bn int
	split  int
	ctas   int
}

var tmaCTACases = []tmaCTACase{
	{"f32", 8, 32, 0, 2},   // 4x32 per CTA, 128-byte swizzle
	{"f16", 64, 64, 0, 2},  // 32x64 per CTA, 128-byte swizzle
	{"f16", 2, 16, 0, 2},   // one row per CTA, no swizzle
	{"f16", 1, 1024, 1, 2}, // 1x512 per CTA: several boxes each
	{"f32", 512, 32, 0, 2}, // 256x32 per CTA: the 256-row box limit
	{"f16", 64, 64, 0, 4},  // 16x64 per CTA
	{"f32", 8, 32, 0, 4},   // 2x32 per CTA
}

// tmaCTAArgs are the kernel's arguments for two programs: M is one row
// short of two blocks, N three blocks wide.
func tmaCTAArgs(c tmaCTACase) []diffArg {
	M, N := 2*c.bm-1, 3*c.bn
	if c.bm == 1 {
		M = 2
	}
	r := rand.New(rand.NewSource(int64(c.bm*c.bn + len(c.elem))))
	in := ctaInts(r, c.elem, M*N, 100)
	return []diffArg{in, zeroBuf(c.elem, 2*c.bm*c.bn), zeroBuf(c.elem, M*N), intArg(int64(M)), intArg(int64(N))}
}

// tmaCTAModule compiles a case's TTIR to TTGIR at num-ctas=2 and returns
// it with the TTIR (the interpreter's reference).
func tmaCTAModule(t *testing.T, c tmaCTACase) (ref, m *ir.Operation) {
	t.Helper()
	m = parse(t, tmaCTAKernel(c.elem, c.bm, c.bn))
	ref = m.Clone(nil)
	runPipeline(t, m, fmt.Sprintf("ttir-pipeline{capability=90},ttgir-pipeline{num-warps=4 num-ctas=%d capability=90 num-stages=3}", c.ctas))
	// The copies' buffers must be split as the case says, or the test
	// would not exercise the per-CTA copy.
	for _, name := range []string{"ttng.async_tma_copy_global_to_local", "ttng.async_tma_copy_local_to_global"} {
		copies := ops(m, name)
		if len(copies) != 1 {
			t.Fatalf("%d %s, want 1", len(copies), name)
		}
		buf := copies[0].Operand(copies[0].NumOperands() - 1)
		if name == "ttng.async_tma_copy_global_to_local" {
			buf = copies[0].Operand(copies[0].NumOperands() - 2)
		}
		mt := buf.Type().(*ttg.MemDescType)
		split := ttg.CGAOf(mt.Encoding, len(mt.Dims)).CTASplitNum()
		if split[c.split] < 2 {
			t.Fatalf("%s copies a buffer split %v between the CTAs, want a split along dim %d", name, split, c.split)
		}
	}
	return ref, m
}

// TestTMASplitOverCTAsDiff runs every case in the simulator against the
// interpreter.
func TestTMASplitOverCTAsDiff(t *testing.T) {
	for _, c := range tmaCTACases {
		t.Run(fmt.Sprintf("%s_%dx%d_c%d", c.elem, c.bm, c.bn, c.ctas), func(t *testing.T) {
			ref, m := tmaCTAModule(t, c)
			diffRefCheck(t, ref, m, "kernel", [3]int{2, 1, 1}, tmaCTAArgs(c), 0, func(lowered *ir.Operation) {
				if count(lowered, gpu.ClusterBlockRankOp.Name) == 0 {
					t.Errorf("the lowered kernel never reads its rank in the cluster")
				}
			})
		})
	}
}

// TestTMASplitOverCTAsRankIgnored is the mutation that must fail: with
// the ranks read as 0, both CTAs copy the first CTA's half, so the second
// half of each block is never loaded nor stored back.
func TestTMASplitOverCTAsRankIgnored(t *testing.T) {
	c := tmaCTACases[0]
	ref, m := tmaCTAModule(t, c)
	want := tmaCTAArgs(c)
	interpret(t, ref, "kernel", [3]int{2, 1, 1}, want)
	got, err := runMutated(t, m, "kernel", [3]int{2, 1, 1}, tmaCTAArgs(c), zeroClusterRank(t))
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 2; i++ {
		if msg := compareBuf(c.elem, want[i].buf, got[i].buf, 0); msg == "" {
			t.Errorf("argument #%d is right with the CTAs' ranks read as 0: the rank does not place the CTA's copy", i)
		}
	}
}

// tmaHostCTAKernel doubles the 64x128 f32 block of program p
// (rows p*64) through descriptors passed to the kernel, at num-ctas = 2
// with the buffers split by CGA (the CGALayout bases).
func tmaHostCTAKernel(cga string) string {
	return strings.ReplaceAll(`
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = @CGA@}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, CGALayout = @CGA@}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @double(%in: !tt.tensordesc<tensor<64x128xf32, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64, %out: !tt.tensordesc<tensor<64x128xf32, #shared>>, %M2: i32, %N2: i32, %sM2: i64, %sN2: i64) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %x = tt.get_program_id x : i32
    %row = arith.muli %x, %c64 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf32, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %in[%row, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<64x128xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf32, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<64x128xf32, #shared, #smem, mutable> -> tensor<64x128xf32, #blocked>
    %w = arith.addf %v, %v : tensor<64x128xf32, #blocked>
    %o = ttg.local_alloc %w : (tensor<64x128xf32, #blocked>) -> !ttg.memdesc<64x128xf32, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %out[%row, %c0] %o : !tt.tensordesc<tensor<64x128xf32, #shared>>, !ttg.memdesc<64x128xf32, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
`, "@CGA@", cga)
}

// TestTMAHostDescriptorSplitOverCTAsSim: with descriptors passed to the
// kernel, the host encodes the tensor map from the parameter's
// block_size, the per-CTA box: each CTA's half (rows or columns) comes
// back doubled, the second program's rows partly out of bounds. A map
// whose box is cut from the whole block (as before the per-CTA box) makes
// the CTA's boxes overrun its half-size buffer, which the simulator
// reports.
func TestTMAHostDescriptorSplitOverCTAsSim(t *testing.T) {
	for _, cga := range []string{"[[1, 0]]", "[[0, 1]]"} {
		t.Run(cga, func(t *testing.T) {
			M, N := 100, 128
			in, out, err := tmaHostRun(t, tmaHostCTAKernel(cga), "double", M, N, [3]int{2, 1, 1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkDoubled(t, in, out, N)
		})
	}
}

// tmaCTAMatmulTTIR is Triton's matmul_kernel_make_tensor_descriptor
// (test_make_tensor_descriptor_matmul) as tt's front end compiles it
// for BMxBNxBK blocks: three descriptors made in the kernel, a loop of
// descriptor loads and tt.dot, a descriptor store of the f16 result.
func tmaCTAMatmulTTIR(bm, bn, bk int) string {
	r := strings.NewReplacer("BM", fmt.Sprint(bm), "BN", fmt.Sprint(bn), "BK", fmt.Sprint(bk), "KM1", fmt.Sprint(bk-1))
	return r.Replace(`
module {
  tt.func public @matmul(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) {
    %km1 = arith.constant KM1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<BMxBNxf32>
    %bk = arith.constant BK : i32
    %one = arith.constant 1 : i32
    %one64 = arith.constant 1 : i64
    %c0 = arith.constant 0 : i32
    %bn = arith.constant BN : i32
    %bm = arith.constant BM : i32
    %pid_m = tt.get_program_id x : i32
    %pid_n = tt.get_program_id y : i32
    %offs_am = arith.muli %pid_m, %bm : i32
    %offs_bn = arith.muli %pid_n, %bn : i32
    %sK = arith.extsi %K : i32 to i64
    %a_desc = tt.make_tensor_descriptor %a_ptr, [%M, %K], [%sK, %one64] : <f16>, <tensor<BMxBKxf16>>
    %sN = arith.extsi %N : i32 to i64
    %b_desc = tt.make_tensor_descriptor %b_ptr, [%K, %N], [%sN, %one64] : <f16>, <tensor<BKxBNxf16>>
    %c_desc = tt.make_tensor_descriptor %c_ptr, [%M, %N], [%sN, %one64] : <f16>, <tensor<BMxBNxf16>>
    %0 = arith.addi %K, %km1 : i32
    %steps = arith.divsi %0, %bk : i32
    %acc:2 = scf.for %k = %c0 to %steps step %one iter_args(%offs_k = %c0, %acc_in = %zero) -> (i32, tensor<BMxBNxf32>)  : i32 {
      %a = tt.descriptor_load %a_desc[%offs_am, %offs_k] : !tt.tensordesc<tensor<BMxBKxf16>> -> tensor<BMxBKxf16>
      %b = tt.descriptor_load %b_desc[%offs_k, %offs_bn] : !tt.tensordesc<tensor<BKxBNxf16>> -> tensor<BKxBNxf16>
      %d = tt.dot %a, %b, %acc_in, inputPrecision = tf32 : tensor<BMxBKxf16> * tensor<BKxBNxf16> -> tensor<BMxBNxf32>
      %next = arith.addi %offs_k, %bk : i32
      scf.yield %next, %d : i32, tensor<BMxBNxf32>
    }
    %c = arith.truncf %acc#1 : tensor<BMxBNxf32> to tensor<BMxBNxf16>
    tt.descriptor_store %c_desc[%offs_am, %offs_bn], %c : !tt.tensordesc<tensor<BMxBNxf16>>, tensor<BMxBNxf16>
    tt.return
  }
}
`)
}

// TestTMAMatmulSplitOverCTAsDiff runs test_make_tensor_descriptor_matmul's
// kernel at num_ctas=2 (8 warps, as the test) through tt's sm_90
// pipelines, pipelined TMA loads feeding wgmma, in the simulator against
// the interpreter, on 2x2 programs and four K steps of small integers
// (exact in f16).
func TestTMAMatmulSplitOverCTAsDiff(t *testing.T) {
	for i, c := range []struct{ bm, bn, bk, stages int }{{64, 128, 32, 4}, {128, 128, 16, 1}, {32, 32, 32, 4}} {
		t.Run(fmt.Sprintf("%dx%dx%d_s%d", c.bm, c.bn, c.bk, c.stages), func(t *testing.T) {
			if testing.Short() && i > 0 {
				t.Skip("one configuration in -short mode")
			}
			m := parse(t, tmaCTAMatmulTTIR(c.bm, c.bn, c.bk))
			ref := m.Clone(nil)
			runPipeline(t, m, fmt.Sprintf("ttir-pipeline{capability=90},ttgir-pipeline{num-warps=8 num-ctas=2 capability=90 num-stages=%d}", c.stages))
			split := 0
			for _, cp := range ops(m, "ttng.async_tma_copy_global_to_local") {
				mt := cp.Operand(cp.NumOperands() - 2).Type().(*ttg.MemDescType)
				for _, n := range ttg.CGAOf(mt.Encoding, len(mt.Dims)).CTASplitNum() {
					if n > 1 {
						split++
					}
				}
			}
			if split == 0 {
				t.Fatalf("no TMA load of a buffer the CTAs split")
			}
			M, N, K := 2*c.bm, 2*c.bn, 4*c.bk
			r := rand.New(rand.NewSource(int64(i)))
			args := []diffArg{halfInts(r, M*K, 2), halfInts(r, K*N, 2), zeroBuf("f16", M*N), intArg(int64(M)), intArg(int64(N)), intArg(int64(K))}
			diffRefCheck(t, ref, m, "matmul", [3]int{2, 2, 1}, args, 0, nil)
		})
	}
}
