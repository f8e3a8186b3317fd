package ttgtogpu_test

import (
	"encoding/binary"
	"math"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// kernels is shared/kernels beside the checkout; tests skip without it.
const kernels = "../../../shared/kernels/"

func TestVectorAddKernel(t *testing.T) {
	m := parseFile(t, kernels+"vector_add_f32_b1024.ttgir")
	lower(t, m)
	t.Log(print(m))
}

func TestSoftmaxKernel(t *testing.T) {
	m := parseFile(t, kernels+"softmax_f32_b1024_w4.ttgir")
	lower(t, m)
	t.Log(print(m))
}

func TestVectorAddDiff(t *testing.T) {
	m := parseFile(t, kernels+"vector_add_f32_b1024.ttgir")
	r := rand.New(rand.NewSource(1))
	n := 2496
	diffTest(t, m, "add_kernel", [3]int{3, 1, 1}, []diffArg{
		f32Buf(randF32(r, n, 10)), f32Buf(randF32(r, n, 10)), zeroBuf("f32", n), intArg(int64(n)),
	}, 0)
}

func TestSoftmaxDiff(t *testing.T) {
	m := parseFile(t, kernels+"softmax_f32_b1024_w4.ttgir")
	r := rand.New(rand.NewSource(2))
	rows, cols := 3, 992
	diffTest(t, m, "softmax_kernel", [3]int{rows, 1, 1}, []diffArg{
		zeroBuf("f32", rows*1024), f32Buf(randF32(r, rows*1024, 5)), intArg(1024), intArg(1024), intArg(int64(cols)),
	}, 8)
}

// TestAMDVectorAddDiff lowers Triton's own gfx942 TTGIR of vector_add
// (64-lane wavefronts, one element per thread) and checks it against the
// interpreter.
func TestAMDVectorAddDiff(t *testing.T) {
	m := parseFile(t, kernels+"amd/amd_vector_add.ttgir")
	if ttg.ThreadsPerWarp(m) != 64 {
		t.Fatalf("Triton's gfx942 TTGIR has %d threads per warp", ttg.ThreadsPerWarp(m))
	}
	r := rand.New(rand.NewSource(3))
	n := 2496
	diffTest(t, m, "add_kernel", [3]int{3, 1, 1}, []diffArg{
		f32Buf(randF32(r, n, 10)), f32Buf(randF32(r, n, 10)), zeroBuf("f32", n), intArg(int64(n)),
	}, 0)
}

// TestAMDKernelsFromTTIRDiff compiles the gfx942 seed kernels' TTIR with
// the AMD pipelines (Triton's TTGIR of softmax uses buffer ops, which tt's
// pipeline does not make yet) and checks the lowered kernels.
func TestAMDKernelsFromTTIRDiff(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	t.Run("vector_add", func(t *testing.T) {
		m := parseFile(t, kernels+"amd/amd_vector_add.ttir")
		runPipeline(t, m, gfx942.pipeline(4))
		n := 3000
		diffTest(t, m, "add_kernel", [3]int{3, 1, 1}, []diffArg{
			f32Buf(randF32(r, n, 10)), f32Buf(randF32(r, n, 10)), zeroBuf("f32", n), intArg(int64(n)),
		}, 0)
	})
	t.Run("softmax", func(t *testing.T) {
		m := parseFile(t, kernels+"amd/amd_softmax.ttir")
		runPipeline(t, m, gfx942.pipeline(4))
		rows, cols := 3, 1000
		diffTest(t, m, "softmax_kernel", [3]int{rows, 1, 1}, []diffArg{
			zeroBuf("f32", rows*1024), f32Buf(randF32(r, rows*1024, 5)), intArg(1024), intArg(1024), intArg(int64(cols)),
		}, 8)
	})
}

// TestAMDBufferOpsDiff lowers Triton's own gfx942 TTGIR of softmax, whose
// global accesses are amdg.buffer_load/buffer_store: as shared/kernels/amd
// has it (one element per thread) and as Triton's pass dump has it at the
// end of make_ttgir (divisibility hints: 4-element vectors). The reference
// is the interpreter on the kernel's TTIR.
func TestAMDBufferOpsDiff(t *testing.T) {
	dump := func(t *testing.T) string {
		b, err := os.ReadFile(kernels + "passes/softmax.gfx942.passes.mlir")
		if err != nil {
			t.Skipf("%v", err)
		}
		s := string(b)
		i := strings.Index(s, "IR Dump Before OptimizeAMDLDSUsage")
		if i < 0 {
			t.Fatal("no IR before optimize-amd-lds-usage in the dump")
		}
		s = s[strings.IndexByte(s[i:], '\n')+i+1:]
		return s[:strings.Index(s, "// -----//")]
	}
	for _, c := range []struct {
		name      string
		ttgir     func(*testing.T) string
		wantVec4  bool
		loadsPerT int
	}{
		{"amd_softmax", func(t *testing.T) string { return readKernel(t, "amd/amd_softmax.ttgir") }, false, 4},
		{"passes_dump", dump, true, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, c.ttgir(t))
			if count(m, "amdg.buffer_load") != 1 || count(m, "amdg.buffer_store") != 1 {
				t.Fatalf("Triton's TTGIR has %d buffer loads and %d stores", count(m, "amdg.buffer_load"), count(m, "amdg.buffer_store"))
			}
			ref := parseFile(t, kernels+"amd/amd_softmax.ttir")
			r := rand.New(rand.NewSource(8))
			rows, cols := 3, 1000
			args := []diffArg{zeroBuf("f32", rows*1024), f32Buf(randF32(r, rows*1024, 5)), intArg(1024), intArg(1024), intArg(int64(cols))}
			want, got := cloneArgs(args), cloneArgs(args)
			interpret(t, ref, "softmax_kernel", [3]int{rows, 1, 1}, want)
			simulateLowered(t, m, "softmax_kernel", [3]int{rows, 1, 1}, got, func(lowered *ir.Operation) {
				// The buffer ops stay buffer accesses (with the hardware's
				// range check), not plain global loads.
				var loads int
				for _, ld := range ops(lowered, "gpu.buffer_load") {
					loads++
					if vec4 := ld.NumResults() == 4; vec4 != c.wantVec4 {
						t.Errorf("buffer load of %d words, want vectors of 4: %v", ld.NumResults(), c.wantVec4)
					}
				}
				if loads != c.loadsPerT {
					t.Errorf("%d buffer loads per thread, want %d", loads, c.loadsPerT)
				}
				for _, ld := range ops(lowered, "gpu.load") {
					if p, ok := ld.Operand(0).Type().(*llvm.PointerType); ok && p.AddrSpace == llvm.GlobalAddrSpace {
						t.Errorf("a plain global load is left: %s", ld.Name())
					}
				}
			})
			if msg := compareBuf("f32", want[0].buf, got[0].buf, 8); msg != "" {
				t.Errorf("softmax output: %s", msg)
			}
		})
	}
}

func readKernel(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(kernels + name)
	if err != nil {
		t.Skipf("%v", err)
	}
	return string(b)
}

// TestAMDMatmulMFMADiff compiles shared/kernels/amd's f16 matmul (Triton's
// TTIR for gfx942: 128x128x64 tiles on 4 wavefronts) through the AMD
// pipelines and runs it in the simulator against the interpreter, on
// ragged 160x144x96 matrices (masked tiles at every edge, two K
// iterations of which the second is partial). Each wavefront's 64x64
// quarter is 2x2 MFMA 32x32x8 tiles, each fed 8 times per K iteration:
// 32 gpu.mfma per loop body, as Triton's AMDGCN has 32 v_mfma.
func TestAMDMatmulMFMADiff(t *testing.T) {
	m := parseFile(t, kernels+"amd/amd_matmul_f16.ttir")
	runPipeline(t, m, gfx942.pipeline(4))
	r := rand.New(rand.NewSource(14))
	M, N, K := 160, 144, 96
	args := []diffArg{
		f16Buf(randF32(r, M*K, 1)), f16Buf(randF32(r, K*N, 1)), zeroBuf("f16", M*N),
		intArg(int64(M)), intArg(int64(N)), intArg(int64(K)),
		intArg(int64(K)), intArg(1), intArg(int64(N)), intArg(1), intArg(int64(N)), intArg(1),
	}
	diffTestCheck(t, m, "matmul_kernel", [3]int{4, 1, 1}, args, 2, func(lowered *ir.Operation) {
		if n := count(lowered, "gpu.mfma"); n != 32 {
			t.Errorf("%d gpu.mfma per thread, want 2x2 tiles of 32x32 x 8 k steps", n)
		}
	})
}

// TestAMDBufferRangeCheck runs buffer ops whose offsets leave the buffer
// resource (negative offsets are huge unsigned ones): out-of-range loads
// read zeros and out-of-range stores write nothing, masked-off lanes take
// `other`, in the interpreter (amdg.buffer_*) and, lowered to
// gpu.buffer_load/store, in the simulator, with the same results. A
// stride (a cache hint convert-buffer-ops attaches to tiles) leaves the
// addresses as they are: out3 is a copy of in.
func TestAMDBufferRangeCheck(t *testing.T) {
	m := parse(t, `#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @range_check(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %out2: !tt.ptr<f32>, %out3: !tt.ptr<f32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %c32 = arith.constant dense<32> : tensor<64xi32, #blocked>
    %c48 = arith.constant dense<48> : tensor<64xi32, #blocked>
    %other = arith.constant dense<7.000000e+00> : tensor<64xf32, #blocked>
    %off = arith.subi %r, %c32 : tensor<64xi32, #blocked>
    %m = arith.cmpi slt, %r, %c48 : tensor<64xi32, #blocked>
    %v = amdg.buffer_load %in[%off], %m, %other : tensor<64xf32, #blocked>
    amdg.buffer_store %v, %out[%r] : tensor<64xf32, #blocked>
    amdg.buffer_store %v, %out2[%off] : tensor<64xf32, #blocked>
    %stride = arith.constant 8 : i32
    %w = amdg.buffer_load %in[%r] stride = %stride : tensor<64xf32, #blocked>
    amdg.buffer_store %w, %out3[%r] stride = %stride : tensor<64xf32, #blocked>
    tt.return
  }
}`)
	in := make([]float32, 64)
	for i := range in {
		in[i] = float32(i + 1)
	}
	args := []diffArg{f32Buf(in), zeroBuf("f32", 64), zeroBuf("f32", 64), zeroBuf("f32", 64)}
	want := cloneArgs(args)
	interpret(t, m.Clone(nil), "range_check", [3]int{1, 1, 1}, want)
	f32At := func(b []byte, i int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])) }
	for lane := 0; lane < 64; lane++ {
		exp := float32(7) // masked off
		switch {
		case lane < 32:
			exp = 0 // out of range
		case lane < 48:
			exp = in[lane-32]
		}
		if got := f32At(want[1].buf, lane); got != exp {
			t.Fatalf("interpreter: lane %d loaded %v, want %v", lane, got, exp)
		}
		exp2 := float32(0) // out2[i] is written by lane i+32 only
		if lane < 32 {
			exp2 = f32At(want[1].buf, lane+32)
		}
		if got := f32At(want[2].buf, lane); got != exp2 {
			t.Fatalf("interpreter: out2[%d] = %v, want %v", lane, got, exp2)
		}
		if got := f32At(want[3].buf, lane); got != in[lane] {
			t.Fatalf("interpreter: out3[%d] = %v, want %v", lane, got, in[lane])
		}
	}
	got := cloneArgs(args)
	simulateLowered(t, m, "range_check", [3]int{1, 1, 1}, got, func(lowered *ir.Operation) {
		if count(lowered, "gpu.buffer_load") == 0 || count(lowered, "gpu.buffer_store") == 0 {
			t.Error("the buffer ops were not lowered to gpu.buffer_load/store")
		}
	})
	for i := 1; i < 4; i++ {
		if msg := compareBuf("f32", want[i].buf, got[i].buf, 0); msg != "" {
			t.Errorf("argument #%d: %s", i, msg)
		}
	}
}
