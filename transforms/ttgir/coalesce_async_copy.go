package ttgir

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-coalesce-async-copy",
		DisplayName: "TritonGPUCoalesceAsyncCopy",
		Summary:     "Improve coalescing for async global to local copies",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return CoalesceAsyncCopy(op) }
		},
	})
}

// CoalesceAsyncCopy is Triton 3.6's tritongpu-coalesce-async-copy. A
// cp.async both loads and stores, so it moves no more contiguous elements
// than the shared buffer keeps contiguous: when a thread's blocked source
// holds more along the fastest dim (an i8 tile kept 16-wide in registers,
// 8-wide in a swizzled buffer), it would issue several narrow copies per
// thread and break coalescing. Such copies get their source, mask and
// other converted to a blocked layout clipped to the copyable width.
func CoalesceAsyncCopy(module *ir.Operation) error {
	return applyPatterns(module, []ir.RewritePattern{
		ir.NewPattern("ClipAsyncCopySizePerThread", "ttg.async_copy_global_to_local", 1, clipAsyncCopy),
	})
}

func clipAsyncCopy(op *ir.Operation, rw ir.Rewriter) bool {
	cp := ttg.AsyncCopyOp{Operation: op}
	srcT, ok := cp.Src().Type().(*ir.RankedTensorType)
	if !ok {
		return false
	}
	blocked, ok := srcT.Encoding.(*ttg.BlockedEncoding)
	if !ok {
		return false
	}
	dstT := cp.Dst().Type().(*ttg.MemDescType)
	if _, ok := dstT.Encoding.(*ttg.SwizzledSharedEncoding); !ok {
		return false
	}
	regs, err := ttg.TypeLinearLayout(srcT)
	if err != nil {
		return false
	}
	shared, err := ttg.TypeLinearLayout(dstT)
	if err != nil {
		return false
	}
	toShared, err := regs.InvertAndCompose(shared)
	if err != nil {
		return false
	}
	copyContig := toShared.NumConsecutiveInOut()
	contig := ttg.ContigPerThread(srcT.Encoding, srcT.Dims)
	fastest := blocked.Order[0]
	if contig[fastest] <= copyContig {
		return false
	}
	contig[fastest] = copyContig
	warps, err := numWarpsAt(op)
	if err != nil {
		return false
	}
	ctx := op.Context()
	enc := ttg.BlockedForShapeCGA(ctx, srcT.Dims, contig, blocked.Order, warps, ttg.ThreadsPerWarp(ttg.ModuleOf(op)), blocked.CGALayout)
	b := rw.B()
	convert := func(v ir.Value) ir.Value {
		if v == nil {
			return nil
		}
		return ttg.NewConvertLayout(b, op.Loc(), v, withEncoding(ctx, v.Type(), enc)).Result(0)
	}
	src, mask, other := convert(cp.Src()), convert(cp.Mask()), convert(cp.Other())
	// Triton asks its axis analysis, made before the rewrite, for the
	// contiguity of the new source and mask: values it has no facts about,
	// for which it answers 1. So the copy's contiguity is 1, and the
	// analysis need not run.
	const contiguity = 1
	rw.ModifyInPlace(op, func() {
		op.SetOperand(0, src)
		i := 2
		if mask != nil {
			op.SetOperand(i, mask)
			i++
		}
		if other != nil {
			op.SetOperand(i, other)
		}
		op.SetAttr("contiguity", ir.I32Attr(ctx, contiguity))
	})
	return true
}
