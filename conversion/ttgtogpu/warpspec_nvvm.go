package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/nvvm"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// The ops of convert-warp-specialize-to-llvm in each form: tt's gpu
// dialect for tt's kernels, Triton's NVVM and LLVM ops (as its
// ConvertWarpSpecializeToLLVM.cpp builds them) for Triton's LLVM-dialect
// functions, so that Triton's lit test of the pass runs on tt.

func (w *wsLowering) barrierName() string {
	if w.nvvm {
		return nvvm.Barrier0Op.Name
	}
	return gpu.BarrierOp.Name
}

// nvvmNamedBarrier is bar.sync id, threads; a one-warp group syncs its
// warp (bar.warp.sync), as Triton does.
func (w *wsLowering) nvvmNamedBarrier(b *ir.Builder, loc ir.Location, id, threads int) {
	if threads == 32 {
		nvvm.NewBarWarpSync(b, loc, w.c32(b, loc, -1))
		return
	}
	nvvm.NewBarrier(b, loc, w.c32(b, loc, id), w.c32(b, loc, threads))
}

func (w *wsLowering) threadID(b *ir.Builder, loc ir.Location) ir.Value {
	if w.nvvm {
		return b.CreateOp("nvvm.read.ptx.sreg.tid.x", loc, nil, []ir.Type{w.i32}).Result(0)
	}
	return gpu.NewThreadID(b, loc, gpu.DimX).Result(0)
}

// nvvmUniform is lane 0's copy of v: ptxas then knows it is uniform.
func (w *wsLowering) nvvmUniform(b *ir.Builder, loc ir.Location, v ir.Value) ir.Value {
	return b.CreateOp(nvvm.ShflOp.Name, loc,
		[]ir.Value{w.c32(b, loc, -1), v, w.c32(b, loc, 0), w.c32(b, loc, w.lanes-1)}, []ir.Type{w.i32},
		ir.NamedAttr{Name: "kind", Value: nvvm.Kind(w.ctx, "shfl_kind", "idx")}).Result(0)
}

// nvvmSharedBase is @global_smem + offset.
func (w *wsLowering) nvvmSharedBase(b *ir.Builder, loc ir.Location, offset int) ir.Value {
	if offset == 0 {
		return w.smemAddr
	}
	return llvm.NewGEP(b, loc, llvm.Ptr(w.ctx, llvm.SharedAddrSpace), w.i8, w.smemAddr, offset).Result(0)
}

func (w *wsLowering) nvvmStatePtr(b *ir.Builder, loc ir.Location, rel ir.Value) ir.Value {
	base := w.nvvmSharedBase(b, loc, w.stateOffset)
	if rel == nil {
		return base
	}
	return llvm.NewGEP(b, loc, llvm.Ptr(w.ctx, llvm.SharedAddrSpace), w.i8, base, rel).Result(0)
}

// stateBase is the address of the state bytes (nil for tt's form, which
// addresses each byte from the shared base).
func (w *wsLowering) stateBase(b *ir.Builder, loc ir.Location) ir.Value {
	if w.nvvm {
		return w.nvvmSharedBase(b, loc, w.stateOffset)
	}
	return nil
}

// stateSlot is the address of worker warp i's state byte.
func (w *wsLowering) stateSlot(b *ir.Builder, loc ir.Location, base ir.Value, i int) ir.Value {
	if w.nvvm {
		if i == 0 {
			return base
		}
		return llvm.NewGEP(b, loc, llvm.Ptr(w.ctx, llvm.SharedAddrSpace), w.i8, base, i).Result(0)
	}
	return w.statePtr(b, loc, w.c32(b, loc, i))
}

// nvvmCapturePtr is the address of capture j in Triton's packed struct.
func (w *wsLowering) nvvmCapturePtr(b *ir.Builder, loc ir.Location, base ir.Value, ws *ir.Operation, j int) ir.Value {
	st := llvm.Struct(w.ctx, ws.OperandTypes(), true)
	return llvm.NewGEP(b, loc, llvm.Ptr(w.ctx, llvm.SharedAddrSpace), st, base, 0, j).Result(0)
}

func (w *wsLowering) load(b *ir.Builder, loc ir.Location, t ir.Type, p ir.Value) ir.Value {
	if w.nvvm {
		return llvm.NewLoad(b, loc, t, p, 0).Result(0)
	}
	return gpu.NewLoad(b, loc, p, nil, nil, []ir.Type{t}, gpu.MemOptions{}).Result(0)
}

func (w *wsLowering) store(b *ir.Builder, loc ir.Location, v, p ir.Value) {
	if w.nvvm {
		llvm.NewStore(b, loc, v, p, 0)
		return
	}
	gpu.NewStore(b, loc, p, nil, []ir.Value{v}, gpu.MemOptions{})
}

// peelCasts is Triton's type conversion of the warp_specialize ops of its
// LLVM-dialect functions: a capture, partition argument, yielded value or
// result that an unrealized_conversion_cast converts between an LLVM type
// and a Triton type takes the LLVM type, and the casts between them go.
func peelCasts(ws *ir.Operation) {
	isCast := func(op *ir.Operation) bool {
		return op != nil && op.Name() == "builtin.unrealized_conversion_cast" && op.NumOperands() == 1 && op.NumResults() == 1
	}
	castInput := func(v ir.Value) ir.Value {
		if r, ok := v.(*ir.OpResult); ok && isCast(r.DefiningOp()) {
			return r.DefiningOp().Operand(0)
		}
		return nil
	}
	// retype gives v (a block argument or result) type t and folds the
	// casts of its users back to t.
	retype := func(v ir.Value, t ir.Type, set func()) {
		set()
		for _, u := range ir.Users(v) {
			if isCast(u) && u.Result(0).Type() == t {
				ir.ReplaceAllUsesWith(u.Result(0), v)
				u.Erase()
			}
		}
	}
	for i := 0; i < ws.NumOperands(); i++ {
		in := castInput(ws.Operand(i))
		if in == nil {
			continue
		}
		ws.SetOperand(i, in)
		for _, r := range ttg.PartitionRegions(ws) {
			a := r.Front().Argument(i)
			retype(a, in.Type(), func() { a.SetType(in.Type()) })
		}
	}
	var yields []*ir.Operation
	for _, blk := range ws.Region(0).Blocks() {
		if t := blk.Terminator(); t != nil && t.Name() == ttg.WarpYield.Def.Name {
			yields = append(yields, t)
		}
	}
	for i := 0; i < ws.NumResults(); i++ {
		var t ir.Type
		for _, y := range yields {
			if in := castInput(y.Operand(i)); in != nil && (t == nil || t == in.Type()) {
				t = in.Type()
				continue
			}
			t = nil
			break
		}
		if t == nil {
			continue
		}
		for _, y := range yields {
			y.SetOperand(i, castInput(y.Operand(i)))
		}
		res := ws.Result(i)
		retype(res, t, func() { res.SetType(t) })
	}
}

// uniqueSharedAddress replaces every other `llvm.mlir.addressof
// @global_smem : !llvm.ptr<3>` of the function (those of the old entry
// block dominate no partition, and the rematerialized captures made
// copies) by the header's, as MLIR's canonicalizer uniques constants.
func (w *wsLowering) uniqueSharedAddress() {
	var dups []*ir.Operation
	ir.WalkOps(w.fn, func(op *ir.Operation) {
		if op.Name() != llvm.AddressOfOp.Name || op.Result(0) == w.smemAddr || op.Result(0).Type() != w.smemAddr.Type() {
			return
		}
		if r, ok := op.Attr("global_name").(*ir.SymbolRefAttr); ok && r.Root == "global_smem" && len(r.Nested) == 0 {
			dups = append(dups, op)
		}
	})
	for _, op := range dups {
		ir.ReplaceAllUsesWith(op.Result(0), w.smemAddr)
		op.Erase()
	}
}
