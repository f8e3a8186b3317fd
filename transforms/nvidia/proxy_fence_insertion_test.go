package nvidia

import (
	"flag"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	_ "github.com/ttcompiler/tt/transforms/allocate"
)

// TestProxyFencePassOffsets: before the allocation (no ttg.shared) the
// pass allocates by itself, and a TMA destination reusing a dead staging
// buffer's bytes gets a fence; after it, the pass reads the offsets the
// allocation recorded, here apart, and the copy needs none. Below sm_90
// nothing happens.
func TestProxyFencePassOffsets(t *testing.T) {
	const src = `#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32 SHARED} {
  tt.func @f(%d: !tt.tensordesc<tensor<64x64xf32, #shared>>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %out: !tt.ptr<f32>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %a = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    %v = ttg.local_load %a : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> tensor<32x64xf32, #blocked>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #blocked>
    tt.store %p, %v : tensor<32x64x!tt.ptr<f32>, #blocked>
    %b = ttg.local_alloc {allocation.offset = 16384 : i32} : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%c0, %c0] %b, %bar, %true : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    tt.return
  }
}`
	for _, c := range []struct {
		name, shared, pipeline string
		fences                 int
	}{
		{"allocated by the pass", "", "builtin.module(triton-nvidia-gpu-proxy-fence-insertion)", 1},
		{"recorded offsets apart", `, ttg.shared = 65536 : i32`, "builtin.module(triton-nvidia-gpu-proxy-fence-insertion)", 0},
		{"sm_80", "", "builtin.module(triton-nvidia-gpu-proxy-fence-insertion{compute-capability=80})", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkFences(t, nil, strings.Replace(src, " SHARED", c.shared, 1), c.pipeline, c.fences)
		})
	}
}

// TestProxyFenceReusesRecordedAllocation: after allocate-shared-memory-nv
// the pass reads the allocation it recorded from the pass manager's cache
// (global scratch allocation in between keeps it), and allocates again
// once a pass changed the recorded offsets. allocate-shared-memory-nv
// places the TMA destination %b over the dead staging buffer %a: a fence.
// The test pass then records %b apart from %a, where no fence is needed;
// declaring the cached allocation preserved while doing so (which is
// false) shows the cached one is what the pass reads.
func TestProxyFenceReusesRecordedAllocation(t *testing.T) {
	const src = `#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @f(%d: !tt.tensordesc<tensor<64x64xf32, #shared>>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %out: !tt.ptr<f32>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    %v = ttg.local_load %a : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> tensor<32x64xf32, #blocked>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #blocked>
    tt.store %p, %v : tensor<32x64x!tt.ptr<f32>, #blocked>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%c0, %c0] %b, %bar, %true : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    tt.return
  }
}`
	moveApart := func(preserve bool) func(*flag.FlagSet) passmgr.RunFunc {
		return func(*flag.FlagSet) passmgr.RunFunc {
			return func(m *ir.Operation, st *passmgr.State) error {
				var allocs []*ir.Operation
				ir.WalkOps(m, func(op *ir.Operation) {
					if op.Name() == "ttg.local_alloc" {
						allocs = append(allocs, op)
					}
				})
				allocs[1].SetAttr(allocation.OffsetAttr, ir.I32Attr(m.Context(), 32768))
				m.SetAttr("ttg.shared", ir.I32Attr(m.Context(), 65536))
				if preserve {
					passmgr.Preserve[allocation.NvidiaRecorded](st)
				}
				return nil
			}
		}
	}
	reg := passmgr.NewRegistry()
	for _, name := range []string{"allocate-shared-memory-nv", "tritongpu-global-scratch-memory-allocation", "triton-nvidia-gpu-proxy-fence-insertion"} {
		reg.Register(passmgr.Default.Lookup(name))
	}
	reg.Register(&passmgr.Pass{Name: "test-move-apart", Anchor: "builtin.module", Build: moveApart(false)},
		&passmgr.Pass{Name: "test-move-apart-preserving", Anchor: "builtin.module", Build: moveApart(true)})
	for _, c := range []struct {
		name, pipeline string
		fences         int
	}{
		{"recorded allocation reused", "allocate-shared-memory-nv,tritongpu-global-scratch-memory-allocation,triton-nvidia-gpu-proxy-fence-insertion", 1},
		{"offsets changed since", "allocate-shared-memory-nv,test-move-apart,triton-nvidia-gpu-proxy-fence-insertion", 0},
		{"stale allocation declared preserved", "allocate-shared-memory-nv,test-move-apart-preserving,triton-nvidia-gpu-proxy-fence-insertion", 1},
		{"another capability", "allocate-shared-memory-nv,test-move-apart-preserving,triton-nvidia-gpu-proxy-fence-insertion{compute-capability=100}", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkFences(t, reg, src, "builtin.module("+c.pipeline+")", c.fences)
		})
	}
}

// checkFences runs pipeline (passes of reg, nil for the default registry)
// on the module src and checks that it leaves want proxy fences.
func checkFences(t *testing.T, reg *passmgr.Registry, src, pipeline string, want int) {
	t.Helper()
	m, err := asm.ParseString(all.NewContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := passmgr.Parse(reg, pipeline)
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m, nil); err != nil {
		t.Fatal(err)
	}
	n := 0
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "ttng.fence_async_shared" {
			n++
		}
	})
	if n != want {
		t.Errorf("%d fences, want %d\n%s", n, want, asm.Sprint(m, asm.PrintConfig{}))
	}
}
