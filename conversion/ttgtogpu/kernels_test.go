package ttgtogpu_test

import (
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
				var loads int
				for _, ld := range ops(lowered, "gpu.load") {
					if p, ok := ld.Operand(0).Type().(*llvm.PointerType); ok && p.AddrSpace == llvm.GlobalAddrSpace {
						loads++
						if vec4 := ld.NumResults() == 4; vec4 != c.wantVec4 {
							t.Errorf("global load of %d words, want vectors of 4: %v", ld.NumResults(), c.wantVec4)
						}
					}
				}
				if loads != c.loadsPerT {
					t.Errorf("%d global loads per thread, want %d", loads, c.loadsPerT)
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
