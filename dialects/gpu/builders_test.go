package gpu_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestBuilders builds every op with its builder, verifies the result and
// checks the printed form and the accessors.
func TestBuilders(t *testing.T) {
	ctx := newContext()
	loc := ir.Unknown(ctx)
	b := ir.NewBuilder(ctx)
	m := builtin.NewModule(ctx, loc)
	b.SetInsertionPointToEnd(builtin.Body(m))
	f32, i32, i1 := ir.F32Type(ctx), ir.I32(ctx), ir.I1(ctx)
	p1 := llvm.Ptr(ctx, 1)
	fn := llvm.NewFunc(b, loc, "k", llvm.Func(ctx, llvm.Void(ctx), []ir.Type{p1, i1, f32}, false), false)
	fn.SetAttr(gpu.KernelAttr, ir.Unit(ctx))
	args := fn.Region(0).Front().Arguments()
	ptr, pred, x := args[0], args[1], args[2]

	tid := gpu.NewThreadID(b, loc, gpu.DimX).Result(0)
	lane := gpu.NewLaneID(b, loc).Result(0)
	gpu.NewBlockID(b, loc, gpu.DimY)
	gpu.NewGridDim(b, loc, gpu.DimZ)
	gpu.NewBlockDim(b, loc, gpu.DimX)
	smem := gpu.NewSharedBase(b, loc).Result(0)
	gpu.NewBarrier(b, loc)
	width := llvm.NewIntConstant(b, loc, i32, 32).Result(0)
	sh := gpu.NewShuffle(b, loc, gpu.ShuffleDown, x, lane, width)
	gpu.NewBallot(b, loc, pred, i32)
	ld := gpu.NewLoad(b, loc, ptr, pred, []ir.Value{x, x}, []ir.Type{f32, f32}, gpu.MemOptions{Cache: memory.CacheCG, Evict: memory.EvictLast})
	gpu.NewStore(b, loc, smem, pred, []ir.Value{ld.Result(0), ld.Result(1)}, gpu.MemOptions{})
	st1 := gpu.NewStore(b, loc, ptr, nil, []ir.Value{tid}, gpu.MemOptions{Cache: memory.CacheWT})
	rmw := gpu.NewAtomicRMW(b, loc, memory.RMWFAdd, memory.SemAcqRel, memory.ScopeGPU, ptr, x, pred)
	cas := gpu.NewAtomicCAS(b, loc, memory.SemRelaxed, memory.ScopeCTA, ptr, tid, lane, nil)
	e := gpu.NewFastMath(b, loc, gpu.Ex2ApproxOp, true, x).Result(0)
	gpu.NewFastMath(b, loc, gpu.DivFullOp, false, x, e)
	cv := gpu.NewCvt(b, loc, ir.Vector(ctx, []int64{2}, ir.BF16Type(ctx)), gpu.CvtOptions{Rounding: gpu.RoundRN}, x, e)
	gpu.NewMulHi(b, loc, tid, lane, true)
	gpu.NewPrmt(b, loc, tid, lane, width)
	gpu.NewBfe(b, loc, tid, lane, width, false)
	gpu.NewPrintf(b, loc, "%d %f\n", tid, x)
	gpu.NewAssert(b, loc, pred, "oops", "k.py", "k", 3)
	smid := gpu.NewSMID(b, loc)
	nsmid := gpu.NewNumSMIDs(b, loc)
	llvm.NewReturn(b, loc, nil)

	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, asm.Sprint(m, asm.PrintConfig{}))
	}
	out := asm.Sprint(m, asm.PrintConfig{})
	for _, want := range []string{
		"gpu.shuffle down %arg2, %1, %6 : f32",
		"gpu.load %arg0, %arg1, %arg2, %arg2 {space = global, cache = cg, evict = evict_last} : !llvm.ptr<1> -> f32, f32",
		"gpu.store %5, %arg1, %9#0, %9#1 {space = shared} : !llvm.ptr<3>, f32, f32",
		"gpu.store %arg0, %0 {space = global, cache = wt} : !llvm.ptr<1>, i32",
		"gpu.atomic_rmw fadd, acq_rel, gpu, %arg0, %arg2, %arg1 : !llvm.ptr<1>, f32 -> f32",
		"gpu.ex2_approx %arg2 {ftz} : f32",
		"gpu.cvt %arg2, %12 {rounding = rn} : f32, f32 -> vector<2xbf16>",
		`gpu.assert %arg1, "oops", "k.py", 3 {function = "k"}`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if !strings.Contains(out, "attributes {gpu.kernel}") {
		t.Errorf("kernel attribute not printed:\n%s", out)
	}

	if smid.Name() != "gpu.sm_id" || nsmid.Name() != "gpu.num_sm_ids" || !ir.IsInteger(nsmid.Result(0).Type(), 32) {
		t.Errorf("sm_id / num_sm_ids built as %s, %s", asm.Sprint(smid, asm.PrintConfig{}), asm.Sprint(nsmid, asm.PrintConfig{}))
	}

	l := gpu.LoadView{ld}
	if l.Ptr() != ptr || l.Pred() != pred || len(l.Others()) != 2 {
		t.Errorf("load accessors wrong")
	}
	if o := gpu.Options(ld); o.Cache != memory.CacheCG || o.Evict != memory.EvictLast || o.Volatile {
		t.Errorf("load options = %+v", o)
	}
	if s := (gpu.StoreView{st1}); s.Pred() != nil || len(s.Values()) != 1 || gpu.Space(st1) != gpu.SpaceGlobal {
		t.Errorf("store accessors wrong")
	}
	if a := (gpu.AtomicView{rmw}); a.Kind() != memory.RMWFAdd || a.Pred() != pred || a.Value() != x || a.Compare() != nil {
		t.Errorf("atomic_rmw accessors wrong")
	}
	if a := (gpu.AtomicView{cas}); a.Compare() != tid || a.Value() != lane || a.Pred() != nil || a.Scope() != memory.ScopeCTA {
		t.Errorf("atomic_cas accessors wrong")
	}
	if gpu.ShuffleModeOf(sh) != gpu.ShuffleDown || gpu.CvtOptionsOf(cv).Rounding != gpu.RoundRN {
		t.Errorf("shuffle/cvt accessors wrong")
	}
}

// TestEffects checks the traits and memory effects that passes rely on.
func TestEffects(t *testing.T) {
	op := parse(t, wrap(`  %0 = gpu.thread_id x : i32
  %1 = gpu.shuffle xor %x, %i, %i : f32
  %2 = gpu.load %p1 {space = global} : !llvm.ptr<1> -> f32
  %3 = gpu.load %p3 {space = shared, volatile} : !llvm.ptr<3> -> f32
  gpu.store %p3, %x {space = shared} : !llvm.ptr<3>, f32
  gpu.barrier
  %4 = gpu.ex2_approx %x : f32
  %5 = gpu.atomic_rmw add, relaxed, gpu, %p1, %i : !llvm.ptr<1>, i32 -> i32
  %6 = gpu.sm_id : i32
  %7 = gpu.num_sm_ids : i32`))
	var ops []*ir.Operation
	ir.WalkOps(op, func(o *ir.Operation) {
		if strings.HasPrefix(o.Name(), "gpu.") {
			ops = append(ops, o)
		}
	})
	dead := []bool{true, true, true, false, false, false, true, false, true, true}
	spec := []bool{true, false, false, false, false, false, true, false, true, true}
	for i, o := range ops {
		if got := ir.WouldBeTriviallyDead(o); got != dead[i] {
			t.Errorf("%s: WouldBeTriviallyDead = %v, want %v", o.Name(), got, dead[i])
		}
		if got := ir.IsSpeculatable(o); got != spec[i] {
			t.Errorf("%s: IsSpeculatable = %v, want %v", o.Name(), got, spec[i])
		}
	}
	if es, ok := ir.MemoryEffects(ops[2]); !ok || len(es) != 1 || es[0].Kind != ir.Read || es[0].Resource != "global" {
		t.Errorf("global load effects = %v", es)
	}
	if es, _ := ir.MemoryEffects(ops[4]); len(es) != 1 || es[0].Kind != ir.Write || es[0].Resource != "shared" {
		t.Errorf("shared store effects = %v", es)
	}
}
