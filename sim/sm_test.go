package sim_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// smKernel: thread 0 of CTA (x, y) stores gpu.sm_id at out[i] and
// gpu.num_sm_ids at out[ctas + i], i = x + gx*y its linear index.
var smKernel = module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %bx = gpu.block_id x : i32
    %by = gpu.block_id y : i32
    %gx = gpu.grid_dim x : i32
    %gy = gpu.grid_dim y : i32
    %s = gpu.sm_id : i32
    %n = gpu.num_sm_ids : i32
    %row = llvm.mul %by, %gx : i32
    %i = llvm.add %row, %bx : i32
    %ctas = llvm.mul %gx, %gy : i32
    %j = llvm.add %ctas, %i : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %lead = llvm.icmp "eq" %tid, %c0 : i32
    %ps = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %ps, %lead, %s {space = global} : !llvm.ptr<1>, i32
    %pn = llvm.getelementptr %out[%j] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %pn, %lead, %n {space = global} : !llvm.ptr<1>, i32
    llvm.return
  }`)

// TestSMRegisters: num_sm_ids is the launch's SM count (Config.SMs, or
// DefaultSMs), and a CTA's sm_id its linear index modulo that count.
func TestSMRegisters(t *testing.T) {
	const ctas = 12
	for _, c := range []struct{ cfg, want int }{{0, sim.DefaultSMs}, {5, 5}, {1, 1}, {64, 64}} {
		out, err := launch(t, smKernel, [3]int{4, 3, 1}, 2*ctas, sim.Config{SMs: c.cfg})
		if err != nil {
			t.Fatalf("SMs %d: %v", c.cfg, err)
		}
		for i := 0; i < ctas; i++ {
			if got := int(out[i]); got != i%c.want {
				t.Errorf("SMs %d: CTA %d has sm_id %d, want %d", c.cfg, i, got, i%c.want)
			}
			if got := int(out[ctas+i]); got != c.want {
				t.Errorf("SMs %d: CTA %d reads num_sm_ids %d, want %d", c.cfg, i, got, c.want)
			}
		}
	}
}

// TestSMCountRefused: a negative or too large SM count is an error, not a
// launch.
func TestSMCountRefused(t *testing.T) {
	for _, n := range []int{-1, sim.MaxSMs + 1} {
		_, err := launch(t, smKernel, [3]int{1, 1, 1}, 2, sim.Config{SMs: n})
		if err == nil || !strings.Contains(err.Error(), "cannot be simulated") {
			t.Errorf("SMs %d: %v", n, err)
		}
	}
}
