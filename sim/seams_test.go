package sim

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// The seams the dot path extends, exercised by ops of a test dialect
// defined the way a new exec_*.go file would: a warpgroup collective (as
// wgmma), and an asynchronous shared-memory store whose data lands at a
// wait (as cp.async with commit and wait groups).

var seamsDialect = &ir.Dialect{Name: "simtest"}

var (
	wgSumOp      = seamsDialect.NewOp("wg_sum", 0)      // %s = sum of %x over the warpgroup
	asyncStoreOp = seamsDialect.NewOp("async_store", 0) // shared[%p] = %v, at a later wait
	commitOp     = seamsDialect.NewOp("commit", 0)      // closes the open group
	waitOp       = seamsDialect.NewOp("wait", 0)        // {keep = N}: all but the newest N groups land
)

func init() {
	define(func(c *compiler, in *instr) error {
		in.kind = kindCollective
		in.coll = &collective{scope: scopeWarpgroup, run: func(c *cta, ins []*instr, group []*thread) error {
			var sum uint64
			for _, th := range group {
				sum += th.regs[ins[0].a]
			}
			for _, th := range group {
				th.regs[ins[0].d] = sum & ins[0].mask
			}
			return nil
		}}
		return nil
	}, wgSumOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			e := pendingEffect{op: in.op, land: landShared, addr: th.regs[in.a], n: 4}
			putWord(e.data[:4], th.regs[in.b])
			th.cpAsync.issue(e)
			return nil
		}
		return nil
	}, asyncStoreOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			th.cpAsync.commit()
			return nil
		}
		return nil
	}, commitOp)
	define(func(c *compiler, in *instr) error {
		keep, ok := in.op.Attr("keep").(*ir.IntegerAttr)
		if !ok {
			return fmt.Errorf("simtest.wait needs keep")
		}
		in.step = func(th *thread, in *instr) error { return th.cpAsync.wait(th, int(keep.Int())) }
		return nil
	}, waitOp)
}

func runSeams(t *testing.T, numWarps, shared, n int, body string) ([]uint32, error) {
	t.Helper()
	ctx := all.NewContext()
	ctx.Load(seamsDialect)
	src := fmt.Sprintf(`module attributes {"ttg.num-warps" = %d : i32, ttg.shared = %d : i32, "ttg.threads-per-warp" = 32 : i32} {
  llvm.func @k(%%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %%tid = gpu.thread_id x : i32
    %%tid64 = llvm.zext %%tid : i32 to i64
%s
    llvm.return
  }
}`, numWarps, shared, body)
	m, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: "seams.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(m)
	if err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	mem := NewMemory()
	buf := make([]byte, 4*n)
	err = k.Launch(mem, [3]int{1, 1, 1}, []uint64{mem.Alloc("out", buf)}, Config{})
	out := make([]uint32, n)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(buf[4*i:])
	}
	return out, err
}

func TestWarpgroupCollective(t *testing.T) {
	out, err := runSeams(t, 8, 0, 256, `
    %s = "simtest.wg_sum"(%tid) : (i32) -> i32
    %p = llvm.getelementptr %out[%tid64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
    gpu.store %p, %s {space = global} : !llvm.ptr<1>, i32`)
	if err != nil {
		t.Fatal(err)
	}
	for tid, v := range out {
		g := tid / 128
		want := uint32((128*g + 128*g + 127) * 128 / 2)
		if v != want {
			t.Fatalf("thread %d: warpgroup sum %d, want %d", tid, v, want)
		}
	}
}

func TestAsyncEffectsLandAtTheWait(t *testing.T) {
	// Each thread stores tid into its shared word asynchronously, reads
	// the word before and after waiting, and writes both reads out.
	body := `
    %base = gpu.shared_base : !llvm.ptr<3>
    %sp = llvm.getelementptr %base[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    "simtest.async_store"(%sp, %tid) : (!llvm.ptr<3>, i32) -> ()
    %before = gpu.load %sp {space = shared} : !llvm.ptr<3> -> i32
    "simtest.commit"() : () -> ()
    "simtest.wait"() {keep = 0 : i32} : () -> ()
    %after = gpu.load %sp {space = shared} : !llvm.ptr<3> -> i32
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %i = llvm.mul %tid64, %c2 : i64
    %p = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
    gpu.store %p, %before, %after {space = global} : !llvm.ptr<1>, i32, i32`
	out, err := runSeams(t, 2, 256, 128, body)
	if err != nil {
		t.Fatal(err)
	}
	for tid := 0; tid < 64; tid++ {
		if out[2*tid] != 0 || out[2*tid+1] != uint32(tid) {
			t.Fatalf("thread %d read %d before the wait and %d after, want 0 and %d", tid, out[2*tid], out[2*tid+1], tid)
		}
	}
	// Waiting only for older groups leaves the store pending at exit.
	_, err = runSeams(t, 1, 128, 64, strings.Replace(body, "keep = 0", "keep = 1", 1))
	if err == nil || !strings.Contains(err.Error(), "the thread exited with 1 asynchronous effects not waited for (the first by simtest.async_store at seams.mlir:8:5)") {
		t.Fatalf("got %v", err)
	}
}
