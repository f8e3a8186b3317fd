package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
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
		_, on := work["on"]
		if _, off := work["off"]; !on || !off {
			continue // a subtest skipped (no ../shared beside the checkout) or failed before lowering
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

// TestLoopIncrementsDiff lowers Triton 3.6's sm_90 TTGIR of the 128x128x64
// matmul with reassociate-loop-addresses on and off and runs it on a grid
// with ragged edges against the interpreter. Its A and B tile pointers are
// carried by the loop and advanced by a block per iteration: with the pass
// on the copies read the carried pointers themselves (the pass carries the
// advanced pointer), with it off none does.
func TestLoopIncrementsDiff(t *testing.T) {
	for _, mode := range []string{"off", "on"} {
		t.Run(mode, func(t *testing.T) {
			t.Setenv("TT_X_LOOP_ADDRESSES", mode)
			m := parseFile(t, kernels+"matmul_f16_128x128x64_w4_s3.ttgir")
			r := rand.New(rand.NewSource(92))
			M, N, K := 176, 144, 336
			args := []diffArg{halfInts(r, M*K, 2), halfInts(r, K*N, 2), zeroBuf("f16", M*N),
				intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N))}
			diffTestCheck(t, m, "matmul_kernel", [3]int{4, 1, 1}, args, 0, func(low *ir.Operation) {
				want := 0
				if mode == "on" {
					want = 16 // 8 vectors of A and 8 of B per thread
				}
				if n := copiesOfCarriedPointers(low); n != want {
					t.Errorf("%d of the loop's cp_async read a carried pointer, want %d", n, want)
				}
			})
		})
	}
}

// copiesOfCarriedPointers counts the gpu.cp_async whose source address is a
// block argument.
func copiesOfCarriedPointers(m *ir.Operation) int {
	n := 0
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == gpu.CpAsyncOp.Name && op.NumOperands() > 1 && op.Operand(1).DefiningOp() == nil {
			n++
		}
	})
	return n
}
