package amd

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "optimize-amd-lds-usage",
		DisplayName: "OptimizeAMDLDSUsage",
		Summary:     "Minimize LDS usage",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			arch := fs.String("target-arch", "", "gfx target device architecture, e.g., gfx942")
			limit := fs.Int("lds-limit", 0, "custom limit of LDS consumption, if not provided, maximum LDS size is used")
			return func(op *ir.Operation, _ *passmgr.State) error { return OptimizeLDSUsage(op, *arch, *limit) }
		},
	})
}

// PaddedScratchAttr marks a layout conversion whose scratch buffer is
// padded rather than swizzled (Triton's AttrSharedMemPadded). tt lowers
// every conversion through the swizzled plan, so the attribute only
// records optimize-amd-lds-usage's choice.
const PaddedScratchAttr = "amdg.use_padded_scratch_shmem"

// LDSSize is the LDS a workgroup can use on an ISA family, in bytes.
func LDSSize(isa amdgpu.ISAFamily) int {
	switch isa {
	case amdgpu.GFX1250:
		return 320 * 1024
	case amdgpu.CDNA4:
		return 160 * 1024
	}
	return 64 * 1024
}

// OptimizeLDSUsage is Triton 3.6's optimize-amd-lds-usage, the first step
// of AMD's make_llir: when the module's shared memory (allocated with
// AMD's scratch sizes) exceeds the LDS limit (limit bytes, or the
// architecture's LDS), each layout conversion whose scratch buffer is
// larger than the room the other live buffers leave is split in two
// conversions through an intermediate layout (the source's, the
// destination's or a plain blocked layout, with every factorization of
// the warps over the dims) whose two scratch buffers, live one after the
// other, both fit; a padded scratch is chosen when only it fits.
func OptimizeLDSUsage(module *ir.Operation, arch string, limit int) error {
	if limit == 0 {
		if arch == "" {
			return ir.OpErrorf(module, "missing gfx* target for pass optimize-amd-lds-usage")
		}
		limit = LDSSize(amdgpu.DeduceISAFamily(arch))
	}
	alloc, err := allocation.Analyze(module, allocation.Options{Scratch: amdScratchSize})
	if err != nil {
		return err
	}
	if alloc.SharedMemorySize() <= limit {
		return nil
	}
	for _, fn := range alloc.Graph.Roots {
		a := alloc.Func(fn)
		if a == nil {
			continue
		}
		type candidate struct {
			cvt    *ir.Operation
			target int
		}
		var cands []candidate
		live := a.LiveBuffers()
		ir.WalkOps(fn, func(op *ir.Operation) {
			if op.Name() != "ttg.convert_layout" {
				return
			}
			src, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
			dst, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
			if !ok1 || !ok2 || !ttg.NeedsSharedMemory(src, dst) {
				return
			}
			buf := a.ScratchOf(op)
			if buf == nil {
				return
			}
			// Optimistically, every buffer above this one could move down:
			// the scratch may take what it has minus the excess.
			peak := 0
			for _, b := range live[op] {
				peak = max(peak, b.Interval().End)
			}
			target := max(0, buf.Size-(peak-limit))
			if buf.Size > target {
				cands = append(cands, candidate{op, target})
			}
		})
		for _, c := range cands {
			if err := fitConversion(c.cvt, c.target, limit); err != nil {
				return err
			}
		}
	}
	return nil
}

// amdScratchSize is AMD's scratch sizing (AMDAllocationAnalysisScratchSize
// Fn): a conversion marked PaddedScratchAttr takes the padded scratch.
func amdScratchSize(op *ir.Operation) (int, error) {
	if op.Name() == "ttg.convert_layout" && op.HasAttr(PaddedScratchAttr) {
		return cvtScratchBytes(op, op.Operand(0).Type(), op.Result(0).Type(), true)
	}
	return allocation.DefaultScratchSize(op)
}

// cvtScratchBytes is the scratch of a conversion, padded or swizzled.
func cvtScratchBytes(at *ir.Operation, srcT, dstT ir.Type, padded bool) (int, error) {
	src, ok1 := srcT.(*ir.RankedTensorType)
	dst, ok2 := dstT.(*ir.RankedTensorType)
	if !ok1 || !ok2 || !ttg.NeedsSharedMemory(src, dst) {
		return 0, nil
	}
	if !padded {
		return allocation.ConvertScratchBytes(at, srcT, dstT, linearlayout.SharedInstrs{})
	}
	elems := 1
	for _, d := range paddedRepShape(src, dst) {
		elems *= d
	}
	return elems * scratchBits(src.Elem) / 8, nil
}

// scratchBits is Triton's getBitwidth: pointers take 64 bits, nothing
// takes less than a byte.
func scratchBits(elem ir.Type) int {
	if _, ok := elem.(interface{ Pointee() ir.Type }); ok {
		return 64
	}
	return max(ir.BitWidth(elem), 8)
}

// shapePerCTATile is, per dim, the elements one repetition of a layout
// covers (size per thread x threads x warps).
func shapePerCTATile(t *ir.RankedTensorType) []int {
	spt := ttg.SizePerThread(t.Encoding, t.Dims)
	tpw := ttg.ThreadsPerWarpOf(t.Encoding, t.Dims)
	wpc := ttg.WarpsPerCTAOf(t.Encoding, t.Dims)
	out := make([]int, len(spt))
	for d := range out {
		out[d] = spt[d] * tpw[d] * wpc[d]
	}
	return out
}

// paddedRepShape is the padded scratch of a conversion (AMD's
// getScratchConfigForCvt): per dim the larger of the two layouts'
// repetition tiles, the fastest dim of the destination padded by the
// wider of the read and write vectors.
func paddedRepShape(src, dst *ir.RankedTensorType) []int {
	rank := src.Rank()
	srcShape := ttg.ShapePerCTA(ttg.CGAOf(src.Encoding, rank).CTASplitNum(), src.Dims)
	dstShape := ttg.ShapePerCTA(ttg.CGAOf(dst.Encoding, rank).CTASplitNum(), dst.Dims)
	srcTile, dstTile := shapePerCTATile(src), shapePerCTATile(dst)
	rep := make([]int, rank)
	for d := range rep {
		rep[d] = max(min(int(srcShape[d]), srcTile[d]), min(int(dstShape[d]), dstTile[d]))
	}
	inOrd, outOrd := ttg.Order(src.Encoding, src.Dims), ttg.Order(dst.Encoding, dst.Dims)
	inner := rank - 1
	inVec, outVec := 1, 1
	if outOrd[0] == inner {
		outVec = ttg.ContigPerThread(dst.Encoding, dst.Dims)[outOrd[0]]
		if inOrd[0] == inner {
			inVec = ttg.ContigPerThread(src.Encoding, src.Dims)[inOrd[0]]
		}
	}
	inVec = min(inVec, rep[outOrd[0]], 128/scratchBits(src.Elem))
	outVec = min(outVec, rep[outOrd[0]], 128/scratchBits(dst.Elem))
	total := 1
	for _, d := range rep {
		total *= d
	}
	if rank <= 1 || total == rep[outOrd[0]] {
		return rep
	}
	rep[outOrd[0]] += max(inVec, outVec)
	return rep
}

// powerOf2Factorizations lists the ways of writing n (a power of two) as
// a product of rank powers of two, the first dim varying slowest.
func powerOf2Factorizations(n, rank int) [][]int {
	twos := 0
	for m := n; m > 1; m >>= 1 {
		twos++
	}
	var out [][]int
	cur := make([]int, rank)
	var step func(rest, dim int)
	step = func(rest, dim int) {
		if dim == rank {
			if rest == 0 {
				out = append(out, append([]int(nil), cur...))
			}
			return
		}
		cur[dim] = 1
		for i := 0; i <= rest; i++ {
			step(rest-i, dim+1)
			cur[dim] *= 2
		}
	}
	step(twos, 0)
	return out
}

// withWarps is layout with warpsPerCTA warps (createTmpLayout); nil for
// layouts it does not rebuild (linear layouts and others).
func withWarps(ctx *ir.Context, layout ir.Attribute, warps []int) ir.Attribute {
	switch l := layout.(type) {
	case *ttg.AMDMfmaEncoding:
		return ttg.NewAMDMfma(ctx, l.Version, warps, l.InstrShape, l.IsTransposed, l.CGALayout, l.TilesPerWarp, l.ElementBitWidth)
	case *ttg.AMDWmmaEncoding:
		return ttg.NewAMDWmma(ctx, l.Version, l.IsTranspose, warps, l.TilesPerWarp, l.CGALayout, l.InstrShape)
	case *ttg.BlockedEncoding:
		return ttg.NewBlocked(ctx, l.SizePerThread, l.ThreadsPerWarp, warps, l.Order, l.CGALayout)
	case *ttg.DotOperandEncoding:
		if p := withWarps(ctx, l.Parent, warps); p != nil {
			return ttg.NewDotOperand(ctx, l.OpIdx, p, l.KWidth)
		}
	case *ttg.SliceEncoding:
		w := append(append(append([]int(nil), warps[:l.Dim]...), 1), warps[l.Dim:]...)
		if p, ok := withWarps(ctx, l.Parent, w).(ttg.DistributedLayout); ok && p != nil {
			return ttg.NewSlice(ctx, l.Dim, p)
		}
	}
	return nil
}

// fitConversion splits cvt through the intermediate layout whose two
// conversions fit in target bytes with the least LDS, preferring swizzled
// scratch; it leaves cvt when none fits.
func fitConversion(cvt *ir.Operation, target, limit int) error {
	ctx := cvt.Context()
	src := cvt.Operand(0).Type().(*ir.RankedTensorType)
	dst := cvt.Result(0).Type().(*ir.RankedTensorType)
	rank := src.Rank()
	numWarps, _ := ttg.LookupNumWarps(cvt)
	warpSize := 64
	if m := ttg.ModuleOf(cvt); m != nil {
		warpSize = ttg.ThreadsPerWarp(m)
	}
	if numWarps <= 0 || numWarps&(numWarps-1) != 0 {
		return nil
	}
	ones := make([]int, rank)
	tpw := make([]int, rank)
	for d := range ones {
		ones[d], tpw[d] = 1, 1
	}
	if rank == 1 {
		tpw[0] = warpSize
	} else {
		tpw[rank-1] = warpSize / 8
		tpw[rank-2] = warpSize / tpw[rank-1]
	}
	fallback := ttg.NewBlocked(ctx, ones, tpw, ones, ttg.Order(src.Encoding, src.Dims), ttg.CGAOf(src.Encoding, rank))
	var tmps []ir.Attribute
	for _, w := range powerOf2Factorizations(numWarps, rank) {
		for _, l := range []ir.Attribute{src.Encoding, dst.Encoding, fallback} {
			if t := withWarps(ctx, l, w); t != nil {
				tmps = append(tmps, t)
			}
		}
	}
	best, bestLDS, bestPadded := -1, 2*limit, true
	for i, tmp := range tmps {
		mid := ir.RankedTensor(ctx, src.Dims, src.Elem, tmp)
		sw, pad, err := replacementLDS(cvt, src, mid, dst)
		if err != nil {
			return err
		}
		swizzle := sw < target || sw < pad
		lds := pad
		if swizzle {
			lds = sw
		}
		if lds >= target {
			continue
		}
		betterLDS := bestPadded != swizzle && lds < bestLDS
		betterLayout := bestPadded && swizzle
		if betterLDS || betterLayout {
			best, bestLDS, bestPadded = i, lds, !swizzle
		}
	}
	if best < 0 || bestLDS > target {
		return nil
	}
	marked := cvt.HasAttr(PaddedScratchAttr)
	if bestPadded && !marked {
		cvt.SetAttr(PaddedScratchAttr, ir.Unit(ctx))
		n, err := cvtScratchBytes(cvt, src, dst, true)
		if err != nil {
			return err
		}
		if n <= target {
			return nil
		}
	} else if !bestPadded && marked {
		cvt.RemoveAttr(PaddedScratchAttr)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(cvt)
	mid := ir.RankedTensor(ctx, src.Dims, src.Elem, tmps[best])
	first := b.CreateOp("ttg.convert_layout", cvt.Loc(), []ir.Value{cvt.Operand(0)}, []ir.Type{mid}, cvt.Attrs()...)
	second := b.CreateOp("ttg.convert_layout", cvt.Loc(), []ir.Value{first.Result(0)}, []ir.Type{dst}, cvt.Attrs()...)
	ir.ReplaceAllUsesWith(cvt.Result(0), second.Result(0))
	cvt.Erase()
	return nil
}

// replacementLDS is the LDS two conversions through mid need, swizzled
// and padded: the larger of the two scratch buffers.
func replacementLDS(at *ir.Operation, src, mid, dst *ir.RankedTensorType) (swizzled, padded int, err error) {
	for _, pair := range [][2]*ir.RankedTensorType{{src, mid}, {mid, dst}} {
		s, err := cvtScratchBytes(at, pair[0], pair[1], false)
		if err != nil {
			return 0, 0, err
		}
		p, err := cvtScratchBytes(at, pair[0], pair[1], true)
		if err != nil {
			return 0, 0, err
		}
		swizzled, padded = max(swizzled, s), max(padded, p)
	}
	return swizzled, padded, nil
}
