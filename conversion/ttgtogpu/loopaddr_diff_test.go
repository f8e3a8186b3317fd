package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// TestLoopAddressesDiff lowers attention (head dims 64 and 128) with
// reassociate-loop-addresses on and off (its environment override) and
// runs two heads of a 384-long sequence (three query blocks, six key
// blocks) against the interpreter: the rewritten addresses load the same
// K and V blocks. With the pass on, the loop body must do less address
// arithmetic than without it, so that the comparison covers rewritten
// code.
func TestLoopAddressesDiff(t *testing.T) {
	for _, c := range attentionKernels {
		work := map[string]int{}
		for _, mode := range []string{"off", "on"} {
			t.Run(fmt.Sprintf("%s/%s", c.name, mode), func(t *testing.T) {
				t.Setenv("TT_X_LOOP_ADDRESSES", mode)
				m := parseFile(t, kernels+"perf/"+c.name+".ttir")
				ttir := m.Clone(nil)
				runPipeline(t, m, fmt.Sprintf("ttir-pipeline{capability=90},ttgir-pipeline{num-warps=%d capability=90}", c.warps))
				args, grid := attentionArgs(rand.New(rand.NewSource(31)), c.d, 384, 2)
				ref := cloneArgs(args)
				interpret(t, ttir, "attention_kernel", grid, ref)
				got := cloneArgs(args)
				simulateLowered(t, m, "attention_kernel", grid, got, func(low *ir.Operation) { work[mode] = latchAddressOps(low) })
				if msg := compareHalf(ref[3].buf, got[3].buf, 2e-3); msg != "" {
					t.Error(msg)
				}
			})
		}
		t.Logf("%s: address ops in the loop body: %d with the pass, %d without", c.name, work["on"], work["off"])
		if work["on"] >= work["off"] {
			t.Errorf("%s: %d address ops in the loop with reassociate-loop-addresses, %d without", c.name, work["on"], work["off"])
		}
	}
}

// latchAddressOps counts the integer adds, subs, muls and shifts and the
// GEPs in the blocks that branch back to an earlier block (loop bodies).
func latchAddressOps(m *ir.Operation) int {
	n := 0
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() != "llvm.func" || op.NumRegions() == 0 {
			return
		}
		order := map[*ir.Block]int{}
		for i, b := range op.Region(0).Blocks() {
			order[b] = i
		}
		for _, b := range op.Region(0).Blocks() {
			back := false
			for _, s := range b.Successors() {
				back = back || order[s] <= order[b]
			}
			if !back {
				continue
			}
			for x := b.First(); x != nil; x = x.Next() {
				switch x.Name() {
				case "llvm.add", "llvm.sub", "llvm.mul", "llvm.shl", "llvm.getelementptr":
					n++
				}
			}
		}
	})
	return n
}
