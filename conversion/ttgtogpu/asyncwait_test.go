package ttgtogpu_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// TestAsyncWaitMutations lowers Triton's pipelined f32 matmul (two-stage
// cp.async pipeline, testdata/cases/matmul_f32_ieee.ttgir), checks that
// it computes the interpreter's result, then breaks its synchronization
// one way at a time and requires each broken kernel to compute a wrong
// result or fail in the simulator: the in-loop cp.async.wait_group
// removed or keeping more groups in flight than the pipeline allows, the
// final wait removed, the barrier after the in-loop wait removed. A
// simulator in which copies landed early, or a lowering whose waits did
// not matter, would let one of them through.
func TestAsyncWaitMutations(t *testing.T) {
	m := parseFile(t, "../../testdata/cases/matmul_f32_ieee.ttgir")
	grid := [3]int{6, 1, 1}
	args := f32MatmulArgs(rand.New(rand.NewSource(13)))
	ref := cloneArgs(args)
	interpret(t, m.Clone(nil), "grouped_matmul_kernel", grid, ref)
	lower(t, m)
	want, err := tryLowered(m, "grouped_matmul_kernel", grid, args)
	if err != nil {
		t.Fatal(err)
	}
	if msg := compareBuf("f32", ref[2].buf, want[2], 0); msg != "" {
		t.Fatalf("the intact kernel: %s", msg)
	}
	// The waits: one in the loop (keeping the next stage's two groups in
	// flight) and one after it.
	loopWait, lastWait := -1, -1
	waits := ops(m, gpu.CpAsyncWaitOp.Name)
	for i, w := range waits {
		if gpu.Pending(w) > 0 {
			loopWait = i
		} else {
			lastWait = i
		}
	}
	if len(waits) != 2 || loopWait < 0 || lastWait < 0 {
		t.Fatalf("want a cp.async wait with groups in flight in the loop and a final one, got %d waits", len(waits))
	}
	pending := gpu.Pending(waits[loopWait])
	wait := func(mi *ir.Operation, i int) *ir.Operation { return ops(mi, gpu.CpAsyncWaitOp.Name)[i] }
	mutations := []struct {
		name string
		edit func(mi *ir.Operation)
	}{
		{"loop wait removed", func(mi *ir.Operation) { wait(mi, loopWait).Erase() }},
		{fmt.Sprintf("loop wait keeps %d groups", pending+1), func(mi *ir.Operation) {
			wait(mi, loopWait).SetAttr("pending", ir.I32Attr(mi.Context(), int64(pending+1)))
		}},
		{fmt.Sprintf("loop wait keeps %d groups", pending+2), func(mi *ir.Operation) {
			wait(mi, loopWait).SetAttr("pending", ir.I32Attr(mi.Context(), int64(pending+2)))
		}},
		{"final wait removed", func(mi *ir.Operation) { wait(mi, lastWait).Erase() }},
		{"barrier after the loop wait removed", func(mi *ir.Operation) {
			w := wait(mi, loopWait)
			for op := w.Next(); op != nil; op = op.Next() {
				if op.Name() == gpu.BarrierOp.Name {
					op.Erase()
					return
				}
			}
			t.Fatal("no barrier after the loop's wait in its block")
		}},
	}
	for _, mu := range mutations {
		t.Run(mu.name, func(t *testing.T) {
			mi := m.Clone(ir.NewMapping())
			mu.edit(mi)
			got, err := tryLowered(mi, "grouped_matmul_kernel", grid, args)
			switch {
			case err != nil:
				t.Logf("fails: %v", err)
			case bytes.Equal(got[2], want[2]):
				t.Errorf("the kernel still computes the right result")
			default:
				t.Logf("wrong result: %s", compareBuf("f32", want[2], got[2], 0))
			}
		})
	}
}

// tryLowered runs the lowered module m in the simulator on copies of
// args (and global scratch where the kernel takes it) and returns the
// buffers, or the simulator's error.
func tryLowered(m *ir.Operation, kernel string, grid [3]int, args []diffArg) ([][]byte, error) {
	kfn := loweredKernel(m, kernel)
	if kfn == nil {
		return nil, fmt.Errorf("no llvm.func @%s after lowering", kernel)
	}
	got := cloneArgs(args)
	err := launchLowered(m, kfn, grid, got)
	bufs := make([][]byte, len(got))
	for i, a := range got {
		bufs[i] = a.buf
	}
	return bufs, err
}
