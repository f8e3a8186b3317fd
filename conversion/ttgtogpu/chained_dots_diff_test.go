package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// TestAttentionChainedDotsDiff runs attention (head dims 64 and 128) with
// tt-pipeline-chained-dots forced on and off (in the lowering pipeline
// too, through its environment override) against the interpreter running
// the TTIR as written, for
// sequences of 0, 1, 2 and 5 key blocks: the rewritten loop runs its first
// iteration ahead of the loop and the last second dot after it, and an
// empty loop skips both. With the pass on, the loop body issues both dots
// and the first waits with one dot left in flight.
func TestAttentionChainedDotsDiff(t *testing.T) {
	for _, c := range attentionKernels {
		for _, mode := range []string{"on", "off"} {
			for _, seq := range []int{0, 64, 128, 320} {
				t.Run(fmt.Sprintf("%s/%s/seq%d", c.name, mode, seq), func(t *testing.T) {
					t.Setenv("TT_X_CHAINED_DOTS", mode) // the lowering pipeline's own run of the pass too
					m := parseFile(t, kernels+"perf/"+c.name+".ttir")
					ttir := m.Clone(nil) // the reference runs the kernel as written, not the rewritten loop
					runPipeline(t, m, fmt.Sprintf("ttir-pipeline{capability=90},ttgir-pipeline{num-warps=%d capability=90},tt-pipeline-chained-dots{mode=%s}", c.warps, mode))
					dots, inFlight := chainedLoopShape(m)
					if mode == "on" && (dots != 4 || !inFlight) {
						t.Fatalf("want the rewritten loop (4 warp_group_dots, a wait with pendings = 1), got %d dots:\n%s", dots, print(m))
					}
					if mode == "off" && dots != 2 {
						t.Fatalf("mode=off changed the loop:\n%s", print(m))
					}
					r := rand.New(rand.NewSource(int64(98 + seq)))
					rows := max(seq, 128) // Q and O hold a 128-row block even for an empty sequence
					n := rows * c.d
					args := []diffArg{halfRandom(r, n, 1), halfRandom(r, n, 1), halfRandom(r, n, 1), zeroBuf("f16", n),
						intArg(int64(seq)), floatArg(0.125 * 1.4426950408889634)}
					grid := [3]int{max(seq/128, 1), 1, 1}
					ref := cloneArgs(args)
					interpret(t, ttir, "attention_kernel", grid, ref)
					got := cloneArgs(args)
					simulateLowered(t, m, "attention_kernel", grid, got, nil)
					if msg := compareHalf(ref[3].buf, got[3].buf, 2e-3); msg != "" {
						t.Error(msg)
					}
				})
			}
		}
	}
}

// chainedLoopShape counts the module's warp_group_dots and reports
// whether a loop body waits for dots with one left in flight.
func chainedLoopShape(m *ir.Operation) (dots int, inFlight bool) {
	ir.WalkOps(m, func(op *ir.Operation) {
		switch op.Name() {
		case "ttng.warp_group_dot":
			dots++
		case "ttng.warp_group_dot_wait":
			if p, ok := op.Attr("pendings").(*ir.IntegerAttr); ok && p.Int() == 1 && op.ParentOfName("scf.for") != nil {
				inFlight = true
			}
		}
	})
	return dots, inFlight
}
