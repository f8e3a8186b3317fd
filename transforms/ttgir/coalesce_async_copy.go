package ttgir

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/axisinfo"
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
//
// The axis analysis runs at the first copy the driver visits: a kernel
// without cp.async (TMA loads, or none pipelined) does not pay for it
// (3% of the 128x128 pairs matmul's compile).
func CoalesceAsyncCopy(module *ir.Operation) error {
	var ai *axisinfo.Module
	clip := func(op *ir.Operation, rw ir.Rewriter) bool {
		if ai == nil {
			ai = axisinfo.Analyze(module)
		}
		return clipAsyncCopy(op, rw, ai)
	}
	return applyPatterns(module, []ir.RewritePattern{
		ir.NewPattern("ClipAsyncCopySizePerThread", "ttg.async_copy_global_to_local", 1, clip),
	})
}

func clipAsyncCopy(op *ir.Operation, rw ir.Rewriter, ai *axisinfo.Module) bool {
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
	// The converted values are new to the axis analysis, which then knows
	// nothing of their alignment (so the copy's contiguity drops to 1, as
	// in Triton).
	contiguity := ai.Contiguity(src)
	if mask != nil {
		contiguity = min(contiguity, ai.MaskAlignment(mask))
	}
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
		op.SetAttr("contiguity", ir.I32Attr(ctx, int64(contiguity)))
	})
	return true
}
