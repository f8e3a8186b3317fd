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

func repeat(v ir.Value, n int) []ir.Value {
	out := make([]ir.Value, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// TestTensorCoreBuilders builds every tensor-core, async-copy and barrier
// op with its builder, verifies the function and checks the printed form,
// the views and the memory effects passes rely on.
func TestTensorCoreBuilders(t *testing.T) {
	ctx := newContext()
	loc := ir.Unknown(ctx)
	b := ir.NewBuilder(ctx)
	m := builtin.NewModule(ctx, loc)
	b.SetInsertionPointToEnd(builtin.Body(m))
	f16, f32, i32, i64, i1 := ir.F16Type(ctx), ir.F32Type(ctx), ir.I32(ctx), ir.I64(ctx), ir.I1(ctx)
	p1, p3, p0 := llvm.Ptr(ctx, 1), llvm.Ptr(ctx, 3), llvm.Ptr(ctx, 0)
	fn := llvm.NewFunc(b, loc, "k", llvm.Func(ctx, llvm.Void(ctx), []ir.Type{p1, p3, p0, i1, f16, f32, i32}, false), false)
	args := fn.Region(0).Front().Arguments()
	g, s, mp, pred, h, x, w := args[0], args[1], args[2], args[3], args[4], args[5], args[6]
	b.SetInsertionPointToEnd(fn.Region(0).Front())

	mma := gpu.NewMMASync(b, loc, gpu.Shape{M: 16, N: 8, K: 16}, gpu.MMATypes{D: gpu.MMAF32, A: gpu.MMAF16, B: gpu.MMAF16}, false,
		repeat(h, 8), repeat(h, 4), repeat(x, 4))
	ld := gpu.NewLdMatrix(b, loc, s, f16, 8, true)
	st := gpu.NewStMatrix(b, loc, s, ld.Results()[:4], false)
	cp := gpu.NewCpAsync(b, loc, s, g, w, pred, 16, memory.CacheCG)
	gpu.NewCpAsyncCommit(b, loc)
	gpu.NewCpAsyncWait(b, loc, 2)
	gpu.NewCpAsyncWaitAll(b, loc)
	desc := gpu.NewWGMMADesc(b, loc, s, gpu.DescLayout{Swizzle: 128, LBO: 16, SBO: 1024}).Result(0)
	gpu.NewWGMMAFence(b, loc)
	no := llvm.NewIntConstant(b, loc, i1, 0).Result(0)
	first := gpu.NewWGMMA(b, loc, gpu.Shape{M: 64, N: 16, K: 16}, gpu.MMATypes{D: gpu.MMAF32, A: gpu.MMAF16, B: gpu.MMAF16},
		gpu.WGMMAOptions{TransB: true}, []ir.Value{desc}, desc, no, nil)
	second := gpu.NewWGMMA(b, loc, gpu.Shape{M: 64, N: 16, K: 16}, gpu.MMATypes{D: gpu.MMAF32, A: gpu.MMAF16, B: gpu.MMAF16},
		gpu.WGMMAOptions{}, repeat(w, 4), desc, pred, first.Results())
	gpu.NewWGMMACommit(b, loc)
	wait := gpu.NewWGMMAWait(b, loc, 0, second.Results())
	gpu.NewMBarrierInit(b, loc, s, pred, 1)
	gpu.NewFenceMBarrierInit(b, loc)
	gpu.NewMBarrierArriveExpectTx(b, loc, s, pred, 8192)
	tl := gpu.NewTMALoad(b, loc, s, s, mp, []ir.Value{w, w}, pred)
	gpu.NewMBarrierArrive(b, loc, s, nil, 1)
	mw := gpu.NewMBarrierWait(b, loc, s, w, nil)
	gpu.NewMBarrierInval(b, loc, s, pred)
	ca := gpu.NewCpAsyncMBarrierArrive(b, loc, s, nil, false)
	cn := gpu.NewCpAsyncMBarrierArrive(b, loc, s, pred, true)
	gpu.NewFenceProxyAsync(b, loc)
	ts := gpu.NewTMAStore(b, loc, g, []ir.Value{w}, s, nil)
	tr := gpu.NewTMAReduce(b, loc, "xor", mp, []ir.Value{w, w}, s, pred)
	gpu.NewBulkCommit(b, loc)
	bw := gpu.NewBulkWait(b, loc, 0, true)
	gpu.NewTMAPrefetch(b, loc, mp, nil)
	gpu.NewNamedBarrier(b, loc, w, w, false)
	gpu.NewNamedBarrier(b, loc, w, w, true)
	sm := gpu.NewSetMaxNReg(b, loc, true, 232)
	gpu.NewElectSync(b, loc)
	llvm.NewReturn(b, loc, nil)
	_ = i64

	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, asm.Sprint(m, asm.PrintConfig{}))
	}
	out := asm.Sprint(m, asm.PrintConfig{})
	for _, want := range []string{
		"gpu.mma_sync m16n8k16 f32.f16.f16 [%arg4, %arg4, %arg4, %arg4, %arg4, %arg4, %arg4, %arg4], [%arg4, %arg4, %arg4, %arg4], [%arg5, %arg5, %arg5, %arg5]",
		"gpu.ldmatrix %arg1 {trans} : !llvm.ptr<3> -> f16, f16, f16, f16, f16, f16, f16, f16",
		"gpu.cp_async %arg1, %arg0, %arg6, %arg3 {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>, i32, i1",
		"gpu.cp_async_wait 2", "gpu.cp_async_wait all",
		"gpu.wgmma_desc %arg1 {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64",
		"gpu.wgmma m64n16k16 f32.f16.f16 %2, %2, %3 {trans_b}",
		"gpu.wgmma m64n16k16 f32.f16.f16 [%arg6, %arg6, %arg6, %arg6], %2, %arg3, [%4#0,",
		"gpu.wgmma_wait 0, %5#0,",
		"gpu.tma_load %arg1, %arg1, %arg2[%arg6, %arg6], %arg3 : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr",
		"gpu.tma_store %arg0[%arg6], %arg1 : !llvm.ptr<1>, !llvm.ptr<3>",
		"gpu.tma_reduce xor %arg2[%arg6, %arg6], %arg1, %arg3 : !llvm.ptr, !llvm.ptr<3>",
		"gpu.cp_async_mbarrier_arrive %arg1 : !llvm.ptr<3>", "gpu.cp_async_mbarrier_arrive %arg1, %arg3 {noinc} : !llvm.ptr<3>",
		"gpu.bulk_wait 0 {read}", "gpu.setmaxnreg inc 232", "gpu.named_barrier_arrive %arg6, %arg6",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}

	if v := (gpu.MMASyncView{mma}); len(v.A()) != 8 || len(v.B()) != 4 || len(v.C()) != 4 || v.Satfinite() {
		t.Errorf("mma_sync view wrong")
	}
	if !gpu.Trans(ld) || gpu.Trans(st) || gpu.MatrixCount(ld.ResultTypes()) != 4 {
		t.Errorf("ldmatrix/stmatrix accessors wrong")
	}
	if c := (gpu.CpAsyncView{cp}); c.SrcSize() != w || c.Pred() != pred || c.Size() != 16 || c.Cache() != memory.CacheCG {
		t.Errorf("cp_async view wrong")
	}
	if v := (gpu.WGMMAView{first}); v.AInRegisters() || len(v.C()) != 0 || v.ScaleD() != no || !gpu.WGMMAOptionsOf(first).TransB {
		t.Errorf("wgmma view wrong (descriptor A)")
	}
	if v := (gpu.WGMMAView{second}); !v.AInRegisters() || len(v.A()) != 4 || v.B() != desc || len(v.C()) != 8 {
		t.Errorf("wgmma view wrong (register A)")
	}
	if gpu.Pending(wait) != 0 || wait.NumResults() != 8 || gpu.Pending(bw) != 0 || !gpu.WaitsForRead(bw) {
		t.Errorf("wait accessors wrong")
	}
	if v := (gpu.TMAView{tl}); v.Map() != mp || v.Barrier() != s || len(v.Coords()) != 2 || v.Pred() != pred {
		t.Errorf("tma_load view wrong")
	}
	if v := (gpu.TMAView{ts}); v.Map() != g || v.Shared() != s || len(v.Coords()) != 1 || v.Pred() != nil || v.Barrier() != nil {
		t.Errorf("tma_store view wrong")
	}
	if v := (gpu.TMAView{tr}); v.Map() != mp || v.Shared() != s || len(v.Coords()) != 2 || v.Pred() != pred || v.Barrier() != nil || gpu.TMAReduceKind(tr) != "xor" {
		t.Errorf("tma_reduce view wrong")
	}
	if gpu.BarrierPred(mw) != nil || gpu.MaxNRegs(sm) != 232 || !gpu.IncreasesRegs(sm) {
		t.Errorf("mbarrier/setmaxnreg accessors wrong")
	}
	if gpu.NoIncrement(ca) || gpu.BarrierPred(ca) != nil || !gpu.NoIncrement(cn) || gpu.BarrierPred(cn) != pred {
		t.Errorf("cp_async_mbarrier_arrive accessors wrong")
	}
	if l := gpu.DescLayoutOf(desc.DefiningOp()); l.Bits() != 1<<16|64<<32|1<<62 {
		t.Errorf("descriptor bits = %#x", l.Bits())
	}

	// Passes must neither erase nor move the asynchronous and ordering
	// ops; mma_sync may be erased when unused but never speculated.
	ir.WalkOps(m, func(o *ir.Operation) {
		switch o.Name() {
		case "gpu.mma_sync", "gpu.elect_sync":
			if !ir.WouldBeTriviallyDead(o) || ir.IsSpeculatable(o) {
				t.Errorf("%s: want erasable when unused and not speculatable", o.Name())
			}
		case "gpu.wgmma_desc":
			if !ir.IsSpeculatable(o) {
				t.Errorf("%s: want pure", o.Name())
			}
		case "gpu.ldmatrix":
			if es, ok := ir.MemoryEffects(o); !ok || len(es) != 1 || es[0].Kind != ir.Read || es[0].Resource != "shared" {
				t.Errorf("ldmatrix effects = %v", es)
			}
		default:
			if strings.HasPrefix(o.Name(), "gpu.") && ir.WouldBeTriviallyDead(o) {
				t.Errorf("%s would be erased when unused", o.Name())
			}
		}
	})
}
