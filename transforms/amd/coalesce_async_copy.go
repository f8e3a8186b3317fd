package amd

import (
	"flag"
	"math/bits"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-coalesce-async-copy",
		DisplayName: "TritonAMDGPUCoalesceAsyncCopy",
		Summary:     "Improve coalescing for async global to local copies",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			arch := fs.String("arch-generation-name", "", "GFX generation name of target device.")
			return func(op *ir.Operation, _ *passmgr.State) error { return CoalesceAsyncCopy(op, *arch) }
		},
	})
}

// CoalesceAsyncCopy is Triton 3.6's tritonamdgpu-coalesce-async-copy
// (CDNA3 and CDNA4): a direct-to-LDS load must write each warp's data to
// consecutive LDS addresses with one load width. An async copy whose
// registers do not map that way gets a source layout that does: for a
// swizzled buffer the blocked layout holds only as many contiguous
// elements per thread as one supported load moves; for a padded buffer a
// linear layout follows the buffer's own element order (registers, then
// lanes, then warps). Source, mask and other are converted and the copy's
// contiguity set.
func CoalesceAsyncCopy(module *ir.Operation, arch string) error {
	isa := amdgpu.DeduceISAFamily(arch)
	if isa != amdgpu.CDNA3 && isa != amdgpu.CDNA4 {
		return nil
	}
	ai := axisinfo.Analyze(module, axisinfo.AMDVisitor)
	contig := map[*ir.Operation]int{}
	for _, cp := range opsNamed(module, "ttg.async_copy_global_to_local") {
		c := ttg.AsyncCopyOp{Operation: cp}
		n := 1
		if _, ok := c.Src().Type().(*ir.RankedTensorType); ok {
			n = ai.Contiguity(c.Src())
		}
		if m := c.Mask(); m != nil {
			n = min(n, ai.MaskAlignment(m))
		}
		contig[cp] = n
	}
	var err error
	rewrite := func(op *ir.Operation, rw ir.Rewriter) bool {
		n, ok := contig[op]
		if !ok {
			if err == nil {
				err = ir.OpErrorf(op, "No contiguity information about the copy op")
			}
			return false
		}
		return coalesceCopy(op, rw, isa, n)
	}
	if e := applyGreedily(module, []ir.RewritePattern{ir.NewPattern("CoalesceAsyncCopyWrites", "ttg.async_copy_global_to_local", 1, rewrite)}); e != nil {
		return e
	}
	return err
}

func coalesceCopy(op *ir.Operation, rw ir.Rewriter, isa amdgpu.ISAFamily, loadContig int) bool {
	ctx := op.Context()
	cp := ttg.AsyncCopyOp{Operation: op}
	src, mask, other := cp.Src(), cp.Mask(), cp.Other()
	srcT := src.Type().(*ir.RankedTensorType)
	dstT := cp.Dst().Type().(*ttg.MemDescType)
	blocked, ok := srcT.Encoding.(*ttg.BlockedEncoding)
	if !ok {
		return false
	}
	padded, isPadded := dstT.Encoding.(*ttg.PaddedSharedEncoding)
	if _, sw := dstT.Encoding.(*ttg.SwizzledSharedEncoding); !sw && !isPadded {
		return false
	}
	regLL, err := ttg.ToLinearLayout(srcT.Encoding, srcT.Dims)
	if err != nil {
		return false
	}
	var shared linearlayout.LinearLayout
	if isPadded {
		shared, err = padded.LinearComponent()
	} else {
		shared, err = ttg.ToLinearLayout(dstT.Encoding, dstT.Dims)
	}
	if err != nil {
		return false
	}
	regToShared, err := regLL.InvertAndCompose(shared)
	if err != nil {
		return false
	}
	loadContig = min(loadContig, regToShared.NumConsecutiveInOut())
	loadContig = isa.FitDirectToLDSVec(loadContig, ir.BitWidth(dstT.Elem))
	if loadContig == 0 {
		return false
	}
	numWarps, _ := ttg.LookupNumWarps(op)
	tpw := ttg.ThreadsPerWarp(ttg.ModuleOf(op))
	if writesCoalesced(regToShared, tpw, loadContig) {
		return false
	}
	var newEnc ir.Attribute
	if !isPadded {
		cpt := ttg.ContigPerThread(srcT.Encoding, srcT.Dims)
		cpt[blocked.Order[0]] = loadContig
		newEnc = ttg.BlockedForShapeCGA(ctx, srcT.Dims, cpt, blocked.Order, numWarps, tpw, blocked.CGALayout)
	} else {
		offset := shared.DimBases(linearlayout.Offset)
		lc, lt, lw := bits.Len(uint(loadContig))-1, bits.Len(uint(tpw))-1, bits.Len(uint(numWarps))-1
		if len(offset) < lc+lt {
			return false
		}
		take := func(n int) [][]int32 {
			n = min(n, len(offset))
			out := offset[:n]
			offset = offset[n:]
			return out
		}
		reg := append([][]int32(nil), take(lc)...)
		lane := take(lt)
		warp := append([][]int32(nil), take(lw)...)
		for len(warp) < lw {
			warp = append(warp, make([]int32, srcT.Rank()))
		}
		reg = append(reg, offset...)
		enc := ttg.NewLinear(ctx, reg, lane, warp, blocked.CGALayout.Bases, srcT.Rank())
		newLL, err := enc.ToLinearLayout(srcT.Dims)
		if err != nil {
			return false
		}
		if nts, err := newLL.InvertAndCompose(shared); err != nil || nts.NumConsecutiveInOut() < loadContig {
			return false
		}
		newEnc = enc
	}
	if newEnc == srcT.Encoding {
		return false
	}
	b := rw.B()
	conv := func(v ir.Value) ir.Value {
		t := v.Type().(*ir.RankedTensorType)
		return ttg.NewConvertLayout(b, op.Loc(), v, ir.RankedTensor(ctx, t.Dims, t.Elem, newEnc)).Result(0)
	}
	newSrc := conv(src)
	var newMask, newOther ir.Value
	if mask != nil {
		newMask = conv(mask)
	}
	if other != nil {
		newOther = conv(other)
	}
	rw.ModifyInPlace(op, func() {
		for i, v := range op.Operands() {
			switch v {
			case src:
				op.SetOperand(i, newSrc)
			case mask:
				if mask != nil {
					op.SetOperand(i, newMask)
				}
			case other:
				if other != nil {
					op.SetOperand(i, newOther)
				}
			}
		}
		op.SetAttr("contiguity", ir.I32Attr(ctx, int64(loadContig)))
	})
	return true
}

// writesCoalesced reports whether the registers of each lane (vec of
// them) and the lanes of a warp fill consecutive LDS elements, with warps
// apart by whole warp-sized blocks (Triton's
// canCoalesceWriteIntoSharedMemory).
func writesCoalesced(regToShared linearlayout.LinearLayout, tpw, vec int) bool {
	contig := regToShared.NumConsecutiveInOut()
	if vec != contig {
		return false
	}
	out := regToShared.OutDimNames()[0]
	if regToShared.HasInDim(linearlayout.Lane) {
		for i := 0; i < regToShared.InDimSizeLog2(linearlayout.Lane); i++ {
			if int(regToShared.BasisComponent(linearlayout.Lane, i, out)) != contig<<i {
				return false
			}
		}
	}
	mask := int32(tpw*contig - 1)
	if regToShared.HasInDim(linearlayout.Warp) {
		for i := 0; i < regToShared.InDimSizeLog2(linearlayout.Warp); i++ {
			if regToShared.BasisComponent(linearlayout.Warp, i, out)&mask != 0 {
				return false
			}
		}
	}
	return true
}
