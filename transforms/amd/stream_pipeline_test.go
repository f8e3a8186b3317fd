package amd_test

import (
	"os"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// TestChainedDotsLoadWithoutLDSCopy: in the chained-dot schedule, a load
// whose user is no dot operand (a tt.trans) gets no LDS copy and stays a
// global load in the loop; it was erased with the loads that were
// replaced, leaving the tt.trans reading nothing (fuzz seed 240).
func TestChainedDotsLoadWithoutLDSCopy(t *testing.T) {
	src, err := os.ReadFile("testdata/chained-dots-trans-operand.mlir")
	if err != nil {
		t.Fatal(err)
	}
	m := parse(t, string(src))
	run(t, m, "tritonamdgpu-pipeline{use_async_copy=false use_pingpong=true}")
	var loop *ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "scf.for" {
			loop = op
		}
	})
	if loop == nil {
		t.Fatal("no loop after the pipeline")
	}
	loads, stores := 0, 0
	ir.WalkOps(loop, func(op *ir.Operation) {
		switch op.Name() {
		case "tt.load":
			loads++
		case "ttg.local_store":
			stores++
		}
	})
	if loads != 2 || stores != 1 {
		t.Errorf("the loop has %d global loads and %d LDS stores, want 2 (K's load kept, V's copy) and 1 (V's)", loads, stores)
	}
}
