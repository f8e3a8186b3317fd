package pipeliner

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "triton-nvidia-tma-lowering",
		DisplayName: "TritonNvidiaGPUTMALoweringPass",
		Summary:     "lower to TMA load/store operations",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return LowerTMA(op) }
		},
	})
}

// LowerTMA rewrites the tensor-descriptor ops of module into TMA ops
// (Triton's TritonNvidiaGPUTMALoweringPass): loads and gathers become a
// TMA copy into a fresh shared buffer completing on a fresh mbarrier,
// stores, reductions and scatters a copy of the value into shared memory,
// a proxy fence and a TMA store followed by a store wait, and
// tt.make_tensor_descriptor a descriptor written into global scratch.
// Like Triton's greedy rewrite, it then folds and deduplicates constants
// module-wide.
func LowerTMA(module *ir.Operation) error {
	var ops []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		switch op.Name() {
		case "tt.descriptor_load", "tt.descriptor_gather", "tt.descriptor_store", "tt.descriptor_reduce",
			"tt.descriptor_scatter", "tt.make_tensor_descriptor":
			ops = append(ops, op)
		}
	})
	for _, op := range ops {
		if err := lowerTMAOp(op); err != nil {
			return err
		}
	}
	return foldModule(module)
}

// foldModule folds constants, erases dead ops and deduplicates constants
// under root: what MLIR's greedy driver does with an empty pattern set.
func foldModule(root *ir.Operation) error {
	cfg := pattern.Config{MaxIterations: 10, Simplify: pattern.SimplifyNormal}
	_, err := pattern.ApplyGreedily(root, pattern.Freeze(nil), cfg)
	return err
}

func lowerTMAOp(op *ir.Operation) error {
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPoint(op)
	loc := op.Loc()
	desc := op.Operand(0)
	switch op.Name() {
	case "tt.descriptor_load":
		return lowerTMALoad(b, op, func(bar, buf, pred ir.Value) {
			coords := translateTMAIndices(b, loc, desc, op.Operands()[1:])
			ttng.NewAsyncTMACopyGlobalToLocal(b, loc, desc, coords, bar, buf, pred)
		})
	case "tt.descriptor_gather":
		return lowerTMALoad(b, op, func(bar, buf, pred ir.Value) {
			ttng.NewAsyncTMAGather(b, loc, desc, op.Operand(1), op.Operand(2), bar, buf, pred)
		})
	case "tt.descriptor_store":
		return lowerTMAStore(b, op, op.Operand(1), func(buf ir.Value) {
			coords := translateTMAIndices(b, loc, desc, op.Operands()[2:])
			ttng.NewAsyncTMACopyLocalToGlobal(b, loc, desc, coords, buf)
		})
	case "tt.descriptor_reduce":
		return lowerTMAStore(b, op, op.Operand(1), func(buf ir.Value) {
			coords := translateTMAIndices(b, loc, desc, op.Operands()[2:])
			ttng.NewAsyncTMAReduce(b, loc, op.Attr("kind"), desc, coords, buf)
		})
	case "tt.descriptor_scatter":
		return lowerTMAStore(b, op, op.Operand(3), func(buf ir.Value) {
			ttng.NewAsyncTMAScatter(b, loc, desc, op.Operand(1), op.Operand(2), buf)
		})
	case "tt.make_tensor_descriptor":
		ptr := newGlobalScratchAlloc(b, loc, tmaSizeBytes, tmaAlign)
		if op.HasAttr(ttg.AttrTensormapPool) {
			ptr.DefiningOp().SetAttr(ttg.AttrTensormapPool, ir.Unit(b.Ctx))
		}
		if err := createTMADesc(b, ptr, op); err != nil {
			return err
		}
		ttng.NewTensormapFenceproxyAcquire(b, loc, ptr)
		d := ttng.NewReinterpretTensorDescriptor(b, loc, ptr, op.Result(0).Type())
		ir.ReplaceAllUsesWith(op.Result(0), d.Result(0))
		op.Erase()
	}
	return nil
}

// lowerTMALoad replaces a descriptor load or gather by a TMA copy into a
// new buffer, waited for on a new barrier, and reads of the buffer.
func lowerTMALoad(b *ir.Builder, op *ir.Operation, copyOp func(bar, buf, pred ir.Value)) error {
	ctx := op.Context()
	loc := op.Loc()
	t := op.Result(0).Type().(*ir.RankedTensorType)
	enc, err := ttg.DescriptorSharedEncoding(op.Operand(0).Type().(*tt.TensorDescType), t)
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	buf := ttg.NewLocalAlloc(b, loc, ttg.SharedMemDesc(ctx, t.Dims, t.Elem, enc, true), nil).Result(0)
	barType := ttg.SharedMemDesc(ctx, []int64{1}, ir.I64(ctx), ttg.UnswizzledShared(ctx, []int{0}, ttg.DefaultCGA(1)), true)
	bar := ttg.NewLocalAlloc(b, loc, barType, nil).Result(0)
	ttng.NewInitBarrier(b, loc, bar, 1)
	shapePerCTA := ttg.ShapePerCTA(enc.CGA().CTASplitNum(), t.Dims)
	bytes := int(product(shapePerCTA)) * ir.BitWidth(t.Elem) / 8
	pred := constBool(b, loc, true)
	ttng.NewBarrierExpect(b, loc, bar, bytes, pred)
	copyOp(bar, buf, pred)
	phase := constI32(b, loc, 0)
	ttng.NewWaitBarrier(b, loc, bar, phase, nil, nil)
	ttng.NewInvalBarrier(b, loc, bar)
	replaceUsesWithLocalLoad(b, op.Result(0), buf, nil)
	op.Erase()
	return nil
}

// lowerTMAStore replaces a descriptor store, reduction or scatter of src
// by a copy of src into shared memory and a TMA store of it.
func lowerTMAStore(b *ir.Builder, op *ir.Operation, src ir.Value, storeOp func(buf ir.Value)) error {
	ctx := op.Context()
	loc := op.Loc()
	t := src.Type().(*ir.RankedTensorType)
	enc, err := ttg.DescriptorSharedEncoding(op.Operand(0).Type().(*tt.TensorDescType), t)
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	buf := ttg.NewLocalAlloc(b, loc, ttg.SharedMemDesc(ctx, t.Dims, t.Elem, enc, false), src).Result(0)
	ttng.NewFenceAsyncShared(b, loc, false)
	storeOp(buf)
	ttng.NewTMAStoreWait(b, loc, 0)
	op.Erase()
	return nil
}
