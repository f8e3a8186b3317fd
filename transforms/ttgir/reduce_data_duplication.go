package ttgir

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-reduce-data-duplication",
		DisplayName: "TritonGPUReduceDataDuplication",
		Summary:     "Reduce data duplication in register by decomposing convert[distributed -> dotOperand] into convert[distributed -> shared -> dotOperand]",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error {
				ReduceDataDuplication(op)
				return nil
			}
		},
	})
}

// ReduceDataDuplication rewrites every conversion of a register tensor to
// a dot operand layout that needs shared memory into an explicit
// ttg.local_alloc (in the swizzled layout the operand wants) and
// ttg.local_load, so later passes can share and pipeline the staging
// (Triton's TritonGPUReduceDataDuplication). Conversions that only move
// data within threads or warps are left alone.
func ReduceDataDuplication(module *ir.Operation) {
	ctx := module.Context()
	var cvts []*ir.Operation
	ir.Walk(module, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "ttg.convert_layout" {
			cvts = append(cvts, op)
		}
		return ir.Advance
	})
	for _, cvt := range cvts {
		src, ok1 := cvt.Operand(0).Type().(*ir.RankedTensorType)
		dst, ok2 := cvt.Result(0).Type().(*ir.RankedTensorType)
		if !ok1 || !ok2 {
			continue
		}
		if _, isShared := src.Encoding.(ttg.SharedLayout); isShared {
			continue
		}
		dot, ok := dst.Encoding.(*ttg.DotOperandEncoding)
		if !ok || !ttg.NeedsSharedMemory(src, dst) {
			continue
		}
		order := ttg.OrderForMemory(src.Encoding, src.Dims)
		enc := ttg.SwizzledForDotOperand(ctx, dot, src.Dims, order, ttg.CGAOf(src.Encoding, src.Rank()), ir.BitWidth(src.Elem), false)
		memTy := ttg.SharedMemDesc(ctx, dst.Dims, dst.Elem, enc, false)
		b := ir.NewBuilder(ctx)
		b.SetInsertionPoint(cvt)
		alloc := ttg.NewLocalAlloc(b, cvt.Loc(), memTy, cvt.Operand(0))
		load := ttg.NewLocalLoad(b, cvt.Loc(), dst, alloc.Result(0), nil)
		ir.ReplaceAllUsesWith(cvt.Result(0), load.Result(0))
		cvt.Erase()
	}
}
