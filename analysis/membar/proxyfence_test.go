package membar_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/analysis/membar"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// proxySrc reads a staging buffer %a through the generic proxy, then TMA
// copies into %b, which the allocation may place over %a once %a is
// dead; BODY is replaced by the case's ops.
const proxySrc = `
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @f(%d: !tt.tensordesc<tensor<64x64xf32, #shared>>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %out: !tt.ptr<f32>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
BODY
    tt.return
  }
}`

// fencesBefore lists the ops that follow each ttng.fence_async_shared.
func fencesBefore(m *ir.Operation) []string {
	var out []string
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "ttng.fence_async_shared" && op.Next() != nil {
			out = append(out, op.Next().Name())
		}
	})
	return out
}

func TestInsertProxyFences(t *testing.T) {
	const load = `    %a = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    %v = ttg.local_load %a : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> tensor<32x64xf32, #blocked>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #blocked>
    tt.store %p, %v : tensor<32x64x!tt.ptr<f32>, #blocked>
`
	const copyB = `    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%c0, %c0] %b, %bar, %true : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
`
	cases := []struct {
		name, body string
		cc         int
		want       string
	}{
		// %a is dead at the copy, so %b reuses its memory: the TMA write
		// comes after the generic read of the same bytes (WAR).
		{"read then TMA write of reused memory", load + copyB, 90, "ttng.async_tma_copy_global_to_local"},
		// A fence already there orders them: no second one.
		{"fence present", load + "    ttng.fence_async_shared {bCluster = false}\n" + copyB, 90, "ttg.local_alloc"},
		// Two TMA writes are both async-proxy: no fence.
		{"TMA after TMA", copyB + strings.NewReplacer("%b ", "%b2 ", "%b,", "%b2,").Replace(copyB), 90, ""},
		// Before sm_90 there is no async proxy.
		{"sm_80", load + copyB, 80, ""},
		// Nothing writes through the async proxy: nothing to fence
		// (WritesThroughAsyncProxy is false).
		{"no TMA write", load, 90, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := asm.ParseString(all.NewContext(), strings.Replace(proxySrc, "BODY", c.body, 1))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := membar.WritesThroughAsyncProxy(m), strings.Contains(c.body, "async_tma_copy"); got != want {
				t.Errorf("WritesThroughAsyncProxy %v, want %v", got, want)
			}
			if err := membar.InsertProxyFences(m, nil, c.cc); err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(fencesBefore(m), " "); got != c.want {
				t.Errorf("fences before %q, want %q\n%s", got, c.want, asm.Sprint(m, asm.PrintConfig{}))
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
		})
	}
}
