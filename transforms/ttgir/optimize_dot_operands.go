package ttgir

import (
	"flag"
	"slices"
	"sync"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
	"github.com/ttcompiler/tt/transforms"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-optimize-dot-operands",
		DisplayName: "TritonGPUOptimizeDotOperands",
		Summary:     "fuse transpositions",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			// Triton 3.6 declares the option but no pattern reads it.
			fs.Bool("hoist-layout-conversion", true, "whether to move conver to dot operand earlier pass elementwise ops")
			return func(op *ir.Operation, _ *passmgr.State) error { return OptimizeDotOperands(op) }
		},
	})
}

// OptimizeDotOperands is Triton 3.6's tritongpu-optimize-dot-operands: after
// canonicalizing the module, transposes and reshapes on the way into shared
// memory become memdesc views of a buffer stored untransposed (wgmma and
// tcgen05 read either order), a register transpose feeding an mma.sync
// operand is done by a transposed shared-memory read instead, and
// tcgen05 block scales reshaped and transposed in registers are read by
// tcgen05 straight from their shared buffer.
func OptimizeDotOperands(module *ir.Operation) error {
	if err := transforms.Canonicalize(module); err != nil {
		return err
	}
	return applyFrozen(module, dotOperandSet())
}

// dotOperandSet is the pass's patterns, frozen once.
var dotOperandSet = sync.OnceValue(func() *pattern.FrozenSet {
	patterns := []ir.RewritePattern{
		ir.NewPattern("SwizzleShmemConvert", "ttg.convert_layout", 1, swizzleShmemConvert),
		ir.NewPattern("FuseTransMMAV3Plus", "ttg.local_alloc", 1, fuseTransMMAV3Plus),
		ir.NewPattern("ReshapeMemDesc", "ttg.local_alloc", 1, reshapeMemDesc),
		ir.NewPattern("UseShmemForScales", "ttng.tc_gen5_mma_scaled", 1, useShmemForScales),
	}
	patterns = append(patterns, ttg.ConvertLayoutPatterns...)
	return pattern.Freeze(patterns)
})

// singleUser returns the only user of op's results, or nil.
func singleUser(op *ir.Operation) *ir.Operation {
	if op.NumResults() != 1 {
		return nil
	}
	uses := ir.Uses(op.Result(0))
	if len(uses) != 1 {
		return nil
	}
	return uses[0].Owner()
}

func isTranspose2D(op *ir.Operation) bool {
	if op == nil || op.Name() != "tt.trans" {
		return false
	}
	return slices.Equal((tt.TransOp{Operation: op}).Order(), []int64{1, 0})
}

// swizzleShmemConvert rewrites dot(cvt(trans(x))) into
// dot(cvt(local_load(memdesc_trans(local_alloc(x))))), the buffer swizzled
// for the transposed read of the mma.sync operand.
func swizzleShmemConvert(op *ir.Operation, rw ir.Rewriter) bool {
	user := singleUser(op)
	if user == nil || user.Name() != "tt.dot" {
		return false
	}
	trans := op.Operand(0).DefiningOp()
	if !isTranspose2D(trans) {
		return false
	}
	srcT := trans.Operand(0).Type().(*ir.RankedTensorType)
	if c := trans.Operand(0).DefiningOp(); c != nil && c.Name() == "ttg.convert_layout" {
		srcT = c.Operand(0).Type().(*ir.RankedTensorType)
	}
	loadT := op.Result(0).Type().(*ir.RankedTensorType)
	dot, ok := loadT.Encoding.(*ttg.DotOperandEncoding)
	if !ok {
		return false
	}
	ctx := op.Context()
	cga := ttg.CGAOf(srcT.Encoding, srcT.Rank()).Transposed([]int{1, 0})
	enc := ttg.SwizzledForDotOperand(ctx, dot, srcT.Dims, ttg.OrderForMemory(srcT.Encoding, srcT.Dims), cga, ir.BitWidth(srcT.Elem), true)
	b := rw.B()
	defer b.Restore()()
	b.SetInsertionPoint(trans)
	alloc := ttg.NewLocalAlloc(b, trans.Loc(), ttg.SharedMemDesc(ctx, srcT.Dims, srcT.Elem, enc, false), trans.Operand(0))
	mt, err := ttg.NewMemDescTrans(b, trans.Loc(), alloc.Result(0), []int{1, 0})
	if err != nil {
		rw.EraseOp(alloc)
		return false
	}
	load := ttg.NewLocalLoad(b, trans.Loc(), loadT, mt.Result(0), nil)
	rw.ModifyInPlace(op, func() { op.SetOperand(0, load.Result(0)) })
	return true
}

// fuseTransMMAV3Plus rewrites alloc(trans(x)) feeding a wgmma or tcgen05
// operand into memdesc_trans(alloc(x)): those instructions read either
// order, so the data need not be transposed in registers.
func fuseTransMMAV3Plus(op *ir.Operation, rw ir.Rewriter) bool {
	if op.NumOperands() == 0 {
		return false
	}
	user := singleUser(op)
	if user == nil || (user.Name() != "ttng.warp_group_dot" && user.Name() != "ttng.tc_gen5_mma" && user.Name() != "ttng.tc_gen5_mma_scaled") {
		return false
	}
	trans := op.Operand(0).DefiningOp()
	if !isTranspose2D(trans) {
		return false
	}
	allocT := op.Result(0).Type().(*ttg.MemDescType)
	enc, ok := allocT.Encoding.(*ttg.NVMMASharedEncoding)
	if !ok {
		return false
	}
	srcT := trans.Operand(0).Type().(*ir.RankedTensorType)
	ctx := op.Context()
	inner, err := ttg.InferTransEncoding(ctx, enc, srcT.Dims, []int{1, 0})
	if err != nil {
		return false
	}
	b := rw.B()
	innerT := ttg.MemDesc(ctx, srcT.Dims, srcT.Elem, inner, allocT.MemorySpace, false, nil)
	alloc := ttg.NewLocalAlloc(b, op.Loc(), innerT, trans.Operand(0))
	mt, err := ttg.NewMemDescTrans(b, op.Loc(), alloc.Result(0), []int{1, 0})
	if err != nil {
		rw.EraseOp(alloc)
		return false
	}
	rw.ReplaceOp(op, mt.Results())
	return true
}

// reshapeMemDesc rewrites alloc(reshape(x)) into memdesc_reshape(alloc(x))
// when the buffer of x's shape still has an nvmma_shared layout.
func reshapeMemDesc(op *ir.Operation, rw ir.Rewriter) bool {
	if op.NumOperands() == 0 {
		return false
	}
	reshape := op.Operand(0).DefiningOp()
	if reshape == nil || reshape.Name() != "tt.reshape" {
		return false
	}
	allocT := op.Result(0).Type().(*ttg.MemDescType)
	srcT := reshape.Operand(0).Type().(*ir.RankedTensorType)
	innerT, err := ttg.InferMemDescReshapeType(op.Context(), allocT, srcT.Dims)
	if err != nil {
		return false
	}
	if _, ok := innerT.Encoding.(*ttg.NVMMASharedEncoding); !ok {
		return false
	}
	b := rw.B()
	alloc := ttg.NewLocalAlloc(b, op.Loc(), innerT, reshape.Operand(0))
	r := b.CreateOp("ttg.memdesc_reshape", op.Loc(), alloc.Results(), []ir.Type{allocT})
	rw.ReplaceOp(op, r.Results())
	return true
}

// useShmemForScales lets tcgen05 read block scales straight from the
// shared buffer they were loaded into: a tmem_alloc of
// reshape(trans(reshape(local_load(buf)))) in the canonical 5-D scale
// arrangement becomes the same reshapes and transpose as memdesc views of
// buf, when buf keeps 512 scales contiguous.
func useShmemForScales(op *ir.Operation, rw ir.Rewriter) bool {
	first := 3 + len(ttng.TCGen5MMAScaled.Operand(op, "acc_dep"))
	changed := false
	for i := first; i < first+2; i++ {
		t, ok := op.Operand(i).Type().(*ttg.MemDescType)
		if !ok {
			continue
		}
		if _, ok := t.Encoding.(*ttng.TensorMemoryScalesEncoding); !ok {
			continue
		}
		if scalesFromShmem(op, i, rw) {
			changed = true
		}
	}
	return changed
}

// skipConverts returns the op defining v, through layout conversions.
func skipConverts(v ir.Value) *ir.Operation {
	for {
		d := v.DefiningOp()
		if d == nil || d.Name() != "ttg.convert_layout" {
			return d
		}
		v = d.Operand(0)
	}
}

func scalesFromShmem(mma *ir.Operation, idx int, rw ir.Rewriter) bool {
	tmem := mma.Operand(idx).DefiningOp()
	if tmem == nil || tmem.Name() != "ttng.tmem_alloc" || tmem.NumOperands() == 0 {
		return false
	}
	shape2D := tmem.Result(0).Type().(*ttg.MemDescType).Dims
	if len(shape2D) != 2 {
		return false
	}
	shape5D := []int64{shape2D[0] / 128, shape2D[1] / 4, 32, 4, 4}
	order := []int64{0, 3, 2, 1, 4}
	r2 := skipConverts(tmem.Operand(0))
	if r2 == nil || r2.Name() != "tt.reshape" || !slices.Equal(ir.ShapeOf(r2.Result(0).Type()), shape2D) {
		return false
	}
	tr := skipConverts(r2.Operand(0))
	if tr == nil || tr.Name() != "tt.trans" || !slices.Equal((tt.TransOp{Operation: tr}).Order(), order) {
		return false
	}
	r5 := skipConverts(tr.Operand(0))
	if r5 == nil || r5.Name() != "tt.reshape" || !slices.Equal(ir.ShapeOf(r5.Result(0).Type()), shape5D) {
		return false
	}
	load := skipConverts(r5.Operand(0))
	if load == nil || load.Name() != "ttg.local_load" {
		return false
	}
	buf := load.Operand(0)
	viaTMA := false
	if alloc := skipConverts(buf); alloc != nil && alloc.Name() == "ttg.local_alloc" && alloc.NumOperands() > 0 {
		d := skipConverts(alloc.Operand(0))
		viaTMA = d != nil && d.Name() == "tt.descriptor_load"
	}
	if !tmemCopyCompatible(buf.Type().(*ttg.MemDescType), viaTMA) {
		return false
	}
	b := rw.B()
	defer b.Restore()()
	b.SetInsertionPoint(tmem)
	v5, err := ttg.NewMemDescReshape(b, r5.Loc(), buf, shape5D)
	if err != nil {
		return false
	}
	vt, err := ttg.NewMemDescTrans(b, tr.Loc(), v5.Result(0), []int{0, 3, 2, 1, 4})
	if err != nil {
		return false
	}
	v2, err := ttg.NewMemDescReshape(b, r2.Loc(), vt.Result(0), shape2D)
	if err != nil {
		return false
	}
	rw.ModifyInPlace(mma, func() { mma.SetOperand(idx, v2.Result(0)) })
	rw.EraseOp(tmem)
	return true
}

// tmemCopyCompatible reports whether tcgen05.cp can copy the scales from
// a buffer of type t: chunks of 512 scales contiguous in its innermost
// dims and, unless TMA wrote it, rank 2 with rows of whole 32x128-bit
// chunks.
func tmemCopyCompatible(t *ttg.MemDescType, viaTMA bool) bool {
	if !innermostContiguous(t, 512) {
		return false
	}
	if viaTMA {
		return true
	}
	if t.Rank() != 2 {
		return false
	}
	return int(t.Dims[t.Rank()-1])*ir.BitWidth(t.Elem)%(32*128) == 0
}

// innermostContiguous reports whether the first n offsets of t's buffer
// hold n consecutive elements in row-major order (Triton's
// isInnermostContiguous).
func innermostContiguous(t *ttg.MemDescType, n int) bool {
	ll, err := ttg.TypeLinearLayout(t)
	if err != nil {
		return false
	}
	outs := ll.OutDimNames()
	rev := make([]string, len(outs))
	for i, o := range outs {
		rev[len(outs)-1-i] = o
	}
	return ll.TransposeOuts(rev).FlattenOuts().NumConsecutiveInOut() >= n
}
