package ttgtogpu_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// TestWarpgroupReductionSim runs Triton's test_warpgroup_reduction kernel
// (four partitions of 4, 4, 2 and 1 warps, each summing its quarter of
// the input) lowered through the dispatch loop in the simulator, and
// checks its sums as the Python test does.
func TestWarpgroupReductionSim(t *testing.T) {
	m := parseFile(t, "../../tools/tttranslate/testdata/warpspec/warpgroup_reduction.ttgir")
	in := make([]int32, 1024)
	for i := range in {
		in[i] = int32(i)
	}
	args := []diffArg{i32Buf(in), zeroBuf("i32", 4)}
	simulateLowered(t, m, "kernel", [3]int{1, 1, 1}, args, func(m *ir.Operation) {
		if a, ok := m.Attr("ttg.total-num-warps").(*ir.IntegerAttr); !ok || a.Int() != 12 {
			t.Errorf("ttg.total-num-warps = %v, want 12 (4 default warps, and 7 partition warps padded to two warpgroups)", m.Attr("ttg.total-num-warps"))
		}
		if n := count(m, "ttg.warp_specialize"); n != 0 {
			t.Errorf("%d ttg.warp_specialize left after the lowering", n)
		}
	})
	for i := 0; i < 4; i++ {
		want := int32(0)
		for j := 256 * i; j < 256*(i+1); j++ {
			want += int32(j)
		}
		if got := int32(binary.LittleEndian.Uint32(args[1].buf[4*i:])); got != want {
			t.Errorf("output[%d] = %d, want %d", i, got, want)
		}
	}
}

// TestWarpSpecializeNeedsWarpGroups: the conversion refuses a
// warp_specialize whose warps were not assigned, naming the pass.
func TestWarpSpecializeNeedsWarpGroups(t *testing.T) {
	m := parseFile(t, "../../tools/tttranslate/testdata/warpspec/warpgroup_reduction.ttgir")
	runPipeline(t, m, "allocate-shared-memory-nv,convert-scf-to-cf")
	err := lowerOwnErr(m)
	if err == nil || !strings.Contains(err.Error(), "run tritongpu-allocate-warp-groups") {
		t.Fatalf("got %v, want the missing warpGroupStartIds reported", err)
	}
}

func lowerOwnErr(m *ir.Operation) error {
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+ttgtogpu.PassName+")")
	if err != nil {
		return err
	}
	return pm.Run(m, passmgr.DefaultConfig())
}

// TestProducerConsumerDiff: a one-warp producer partition fills a shared
// buffer and arrives on an mbarrier; the default warps wait and store
// it. The simulator (with its race detector, which orders the
// partitions' accesses only through the mbarrier and the dispatch
// barriers) must agree with the interpreter; the buffer and the mbarrier
// reach the partition through the capture memory.
func TestProducerConsumerDiff(t *testing.T) {
	m := parseFile(t, "testdata/warpspec/producer_consumer.ttgir")
	in := make([]float32, 128)
	for i := range in {
		in[i] = float32(i) - 17.5
	}
	args := []diffArg{f32Buf(in), zeroBuf("f32", 128)}
	diffTestCheck(t, m, "producer_consumer", [3]int{1, 1, 1}, args, 0, func(m *ir.Operation) {
		if n := count(m, "gpu.mbarrier_wait"); n == 0 {
			t.Errorf("no gpu.mbarrier_wait in the lowered kernel")
		}
	})
	ref := cloneArgs(args)
	interpret(t, parseFile(t, "testdata/warpspec/producer_consumer.ttgir"), "producer_consumer", [3]int{1, 1, 1}, ref)
	if got := binary.LittleEndian.Uint32(ref[1].buf[4*5:]); math.Float32frombits(got) != 2*in[5] {
		t.Errorf("interpreter: out[5] = %v, want %v", math.Float32frombits(got), 2*in[5])
	}
}

// TestTwoWarpSpecializeDiff: two warp_specialize ops in one kernel (the
// workers go back to the dispatch loop between them, idle ones included),
// results yielded by the default region, a computed capture, and
// setmaxnreg from requestedRegisters, against the interpreter.
func TestTwoWarpSpecializeDiff(t *testing.T) {
	m := parseFile(t, "testdata/warpspec/two_ws.ttgir")
	args := []diffArg{zeroBuf("i32", 132), intArg(5)}
	diffTestCheck(t, m, "two_ws", [3]int{1, 1, 1}, args, 0, func(m *ir.Operation) {
		if n := count(m, "gpu.setmaxnreg"); n == 0 {
			t.Errorf("no gpu.setmaxnreg for requestedRegisters")
		}
	})
	// The simulator agreed with the interpreter; the interpreter's values
	// are the kernel's.
	ref := cloneArgs(args)
	interpret(t, parseFile(t, "testdata/warpspec/two_ws.ttgir"), "two_ws", [3]int{1, 1, 1}, ref)
	want := map[int]int32{0: 42, 1: 35, 2: 2016 + 35, 3: 42, 4: 0, 131: 127}
	for i, w := range want {
		if got := int32(binary.LittleEndian.Uint32(ref[0].buf[4*i:])); got != w {
			t.Errorf("out[%d] = %d, want %d", i, got, w)
		}
	}
}

// TestTurnBarriersLimitPartitions: a kernel whose default warps take turns
// on named barriers gpu.TurnBarrier and the next (the pipeliner's
// ping-pong) leaves its partitions the barriers below them. Thirteen
// partitions (twelve of one warp and one of four, whole warpgroups, so
// that none is added) would give the last one barrier 14: refused with a
// located error, where without the turn barriers they all lower.
func TestTurnBarriersLimitPartitions(t *testing.T) {
	src := func(turns bool) string {
		var sb strings.Builder
		sb.WriteString(`module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k() {
    ttg.warp_specialize()
    default {
`)
		if turns {
			sb.WriteString(`      %id = arith.constant 14 : i32
      %n = arith.constant 128 : i32
      gpu.named_barrier %id, %n
`)
		}
		sb.WriteString("      ttg.warp_yield\n    }\n")
		for i := 0; i < 13; i++ {
			fmt.Fprintf(&sb, "    partition%d() num_warps(%d) {\n      ttg.warp_return\n    }\n", i, 1+3*(i/12))
		}
		sb.WriteString("    : () -> ()\n    tt.return\n  }\n}\n")
		return sb.String()
	}
	for _, turns := range []bool{false, true} {
		m := parse(t, src(turns))
		runPipeline(t, m, "tritongpu-allocate-warp-groups,allocate-shared-memory-nv,convert-scf-to-cf")
		err := lowerOwnErr(m)
		if err == nil {
			pm, perr := passmgr.Parse(passmgr.Default, "builtin.module("+ttgtogpu.WarpSpecializePassName+")")
			if perr != nil {
				t.Fatal(perr)
			}
			err = pm.Run(m, passmgr.DefaultConfig())
		}
		switch {
		case !turns && err != nil:
			t.Errorf("13 partitions without turn barriers: %v", err)
		case turns && (err == nil || !strings.Contains(err.Error(), "cannot support more than 12 warp group partitions")):
			t.Errorf("13 partitions with turn barriers: got %v, want them refused", err)
		}
	}
}

// TestContractionInPartitions: the lowering's fp fusion reaches the code
// of a ttg.warp_specialize's regions (which sit in the op's own blocks
// until the warp-specialization lowering): a product feeding a
// subtraction in the default region and in a partition becomes one fma
// in each, as in the function's own blocks.
func TestContractionInPartitions(t *testing.T) {
	m := parse(t, `#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%out: !tt.ptr<f32>, %x: f32, %y: f32) {
    ttg.warp_specialize(%out, %x, %y)
    default {
      %p = arith.mulf %x, %y : f32
      %d = arith.subf %p, %y : f32
      tt.store %out, %d : !tt.ptr<f32>
      ttg.warp_yield
    }
    partition0(%o: !tt.ptr<f32>, %a: f32, %b: f32) num_warps(4) {
      %p = arith.mulf %a, %b : f32
      %d = arith.subf %b, %p : f32
      tt.store %o, %d : !tt.ptr<f32>
      ttg.warp_return
    } : (!tt.ptr<f32>, f32, f32) -> ()
    tt.return
  }
}`)
	runPipeline(t, m, "tritongpu-allocate-warp-groups,allocate-shared-memory-nv,convert-scf-to-cf")
	if err := lowerOwnErr(m); err != nil {
		t.Fatal(err)
	}
	if n, muls := count(m, "llvm.intr.fma"), count(m, "llvm.fmul"); n != 2 || muls != 0 {
		t.Errorf("%d fma and %d fmul in the lowered regions, want 2 and 0", n, muls)
	}
}

// TestExclusiveWarpSpecializeDiff: two warp_specialize ops in the branches
// of an scf.if (a run dispatches one of them, once, so their partitions
// return at the exit instead of looping), each branch taken, against the
// interpreter.
func TestExclusiveWarpSpecializeDiff(t *testing.T) {
	for _, k := range []int64{5, -5} {
		t.Run(fmt.Sprintf("k=%d", k), func(t *testing.T) {
			m := parseFile(t, "testdata/warpspec/exclusive_ws.ttgir")
			in := make([]int32, 144)
			in[0] = 10
			args := []diffArg{i32Buf(in), intArg(k)}
			diffTestCheck(t, m, "exclusive_ws", [3]int{1, 1, 1}, args, 0, nil)
			ref := cloneArgs(args)
			interpret(t, parseFile(t, "testdata/warpspec/exclusive_ws.ttgir"), "exclusive_ws", [3]int{1, 1, 1}, ref)
			want := map[int]int32{1: 3 * (int32(k) + 10), 2: int32(k) + 10, 3: 496 + int32(k) + 10, 4: 0, 140: 7}
			if k > 0 {
				want = map[int]int32{1: int32(k) + 10, 2: 0, 4: int32(k) + 10, 131: 127 + int32(k) + 10, 140: 7}
			}
			for i, w := range want {
				if got := int32(binary.LittleEndian.Uint32(ref[0].buf[4*i:])); got != w {
					t.Errorf("out[%d] = %d, want %d", i, got, w)
				}
			}
		})
	}
}
