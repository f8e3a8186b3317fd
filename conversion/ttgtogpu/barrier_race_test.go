package ttgtogpu_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/sim"
)

// TestRemovedBarrierIsARace lowers kernels that exchange data between
// warps through shared memory (a layout conversion across warps, the
// cross-warp reductions of softmax), removes each gpu.barrier of the
// per-thread IR in turn and runs the result in the simulator. The intact
// kernel runs without a race; removing a barrier that orders a store
// before another warp's load must be reported as a race (each kernel has
// one), and no removal may change the outputs without a race report: the
// race detector is what stands between a missing barrier and a wrong
// answer that happens to come out right in the simulator's order. (A
// removal may be harmless: a barrier that orders nothing is redundant.)
func TestRemovedBarrierIsARace(t *testing.T) {
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		blocked := func(spt, tpw, wpc, order string) string {
			return fmt.Sprintf("#ttg.blocked<{sizePerThread = [%s], threadsPerWarp = [%s], warpsPerCTA = [%s], order = [%s]}>", spt, tpw, wpc, order)
		}
		r := rand.New(rand.NewSource(11))
		t.Run("convert_layout", func(t *testing.T) {
			tpw := "8, 4"
			if tg.lanes == 64 {
				tpw = "16, 4"
			}
			m := parse(t, cvtKernel(tg, blocked("1, 4", tpw, "4, 1", "1, 0"), blocked("4, 1", "4, "+fmt.Sprint(tg.lanes/4), "1, 4", "0, 1"), "f32", 64, 16, 4))
			args := []diffArg{f32Buf(randF32(r, 64*16, 10)), zeroBuf("f32", 64*16)}
			removeEachBarrier(t, m, "cvt", [3]int{1, 1, 1}, args)
		})
		t.Run("softmax", func(t *testing.T) {
			m := parse(t, readKernel(t, "softmax_f32_b1024_w4.ttgir"))
			if tg.name != sm90.name {
				m = parse(t, readKernel(t, "softmax_f32_b1024_w4.ttir"))
				runPipeline(t, m, tg.pipeline(4))
			}
			rows := 2
			args := []diffArg{zeroBuf("f32", rows*1024), f32Buf(randF32(r, rows*1024, 5)), intArg(1024), intArg(1024), intArg(1000)}
			removeEachBarrier(t, m, "softmax_kernel", [3]int{rows, 1, 1}, args)
		})
	})
}

// removeEachBarrier lowers m and checks the removal of each of its
// barriers (see TestRemovedBarrierIsARace).
func removeEachBarrier(t *testing.T, m *ir.Operation, kernel string, grid [3]int, args []diffArg) {
	t.Helper()
	lower(t, m)
	if removeEach(t, m, gpu.BarrierOp.Name, kernel, grid, args) == 0 {
		t.Errorf("removing any of the barriers is not reported as a race")
	}
}

// removeEach runs the lowered m, then m without each op named name in
// turn, and returns how many removals are reported as races; none may
// change the outputs without a race report.
func removeEach(t *testing.T, m *ir.Operation, name, kernel string, grid [3]int, args []diffArg) int {
	t.Helper()
	want := runLowered(t, m, kernel, grid, args, nil)
	n := len(ops(m, name))
	if n == 0 {
		t.Fatalf("the lowered kernel has no %s", name)
	}
	races := 0
	for i := 0; i < n; i++ {
		mi := m.Clone(ir.NewMapping())
		ops(mi, name)[i].Erase()
		var race *sim.RaceError
		got := runLowered(t, mi, kernel, grid, args, &race)
		switch {
		case race != nil:
			races++
			t.Logf("without %s %d: %v", name, i, race)
		default:
			for j := range want {
				if !bytes.Equal(want[j], got[j]) {
					t.Errorf("removing %s %d changed argument #%d without a race report", name, i, j)
				}
			}
		}
	}
	t.Logf("%d of %d %s race when removed", races, n, name)
	return races
}

// runLowered runs the lowered module m in the simulator on copies of
// args and returns the buffers. A race is stored in *race when race is
// not nil; any other error fails the test.
func runLowered(t *testing.T, m *ir.Operation, kernel string, grid [3]int, args []diffArg, race **sim.RaceError) [][]byte {
	t.Helper()
	bufs, err := tryLowered(m, kernel, grid, args)
	if race != nil && errors.As(err, race) {
		return bufs
	}
	if err != nil {
		t.Fatal(err)
	}
	return bufs
}
