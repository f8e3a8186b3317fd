package amdgpu

import (
	"slices"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// The verifiers of lib/Dialect/TritonAMDGPU/IR/Dialect.cpp that are not
// about layouts: upcasts, packed-transposed loads, TDM copies, barriers.

func init() {
	UpcastMXFP.Def.Verify = chain(UpcastMXFP.Def.Verify, verifyUpcastMXFP)
	ScaledUpcastFp4.Def.Verify = chain(ScaledUpcastFp4.Def.Verify, verifyScaledUpcastFp4)
	LocalLoadPackedTransposed.Def.Verify = chain(LocalLoadPackedTransposed.Def.Verify, verifyLocalLoadPackedTransposed)
	AsyncTDMCopyGlobalToLocal.Def.Verify = chain(AsyncTDMCopyGlobalToLocal.Def.Verify, verifyTDMLoad)
	AsyncTDMCopyLocalToGlobal.Def.Verify = chain(AsyncTDMCopyLocalToGlobal.Def.Verify, verifyTDMStore)
	for _, d := range []*ir.OpDef{InitBarrier.Def, WaitBarrier.Def, ArriveBarrier.Def, AsyncCopyMbarrierArrive.Def} {
		d.Verify = chain(barrierTypeFirst, d.Verify)
	}
}

// chain runs the verifiers in order and returns the first error.
func chain(fs ...func(*ir.Operation) error) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		for _, f := range fs {
			if f == nil {
				continue
			}
			if err := f(op); err != nil {
				return err
			}
		}
		return nil
	}
}

// barrierTypeFirst is verifyBarrierType on operand 0.
func barrierTypeFirst(op *ir.Operation) error {
	if op.NumOperands() == 0 {
		return nil
	}
	t, _ := op.Operand(0).Type().(*ttg.MemDescType)
	if t == nil || !ir.IsInteger(t.Elem, 64) || !slices.Equal(t.Dims, []int64{1}) {
		return ir.OpErrorf(op, "barrier allocation must be a descriptor of 1xi64 type")
	}
	return nil
}

func verifyUpcastMXFP(op *ir.Operation) error {
	x, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	scale, _ := op.Operand(1).Type().(*ir.RankedTensorType)
	if x == nil || scale == nil {
		return nil
	}
	ctx := op.Context()
	switch x.Elem {
	case ir.BF16Type(ctx), ir.F16Type(ctx), ir.I8(ctx), ir.Float(ctx, ir.F8E4M3FN), ir.Float(ctx, ir.F8E5M2):
	default:
		return ir.OpErrorf(op, "element type of the first operand must be bf16/fp16, OCP fp8/bf8 or i8")
	}
	if scale.Elem != ir.I8(ctx) {
		return ir.OpErrorf(op, "element type of the second operand must be uint8")
	}
	xs, ss := x.Dims, scale.Dims
	if len(xs) != len(ss) || len(xs) < 2 {
		return ir.OpErrorf(op, "operands must have the same number of dimensions, at least 2")
	}
	fp := fpTypeOf(op)
	if fp != tt.ElemE2M1 && fp != tt.ElemE4M3 && fp != tt.ElemE5M2 {
		return ir.OpErrorf(op, "NYI: fpType must be E2M1, E4M3, or E5M2")
	}
	if (x.Encoding == nil) != (scale.Encoding == nil) {
		return ir.OpErrorf(op, "Expected either both or neither operands to have an encoding")
	}
	if x.Encoding == nil {
		return nil
	}
	dot, ok := x.Encoding.(*ttg.DotOperandEncoding)
	if !ok {
		return ir.OpErrorf(op, "Expected a DotOperandEncodingAttr for values")
	}
	switch scale.Encoding.(type) {
	case *ttg.BlockedEncoding, *ttg.LinearEncoding:
	default:
		return ir.OpErrorf(op, "Expected a BlockOperandEncoding or LinearOperandEncoding for scales")
	}
	packed := int64(1)
	if fp == tt.ElemE2M1 {
		packed = 2
	}
	batch := 0
	if len(xs) == 3 {
		batch = 1
	}
	kIdx, mnIdx := batch, 1+batch
	if dot.OpIdx == 0 {
		kIdx, mnIdx = 1+batch, batch
	}
	if xs[kIdx] != (32/packed)*ss[len(ss)-1] {
		return ir.OpErrorf(op, "K dimension of first operand must be 16 times larger than last/K dimension of the second operand")
	}
	if batch == 1 && xs[0] != ss[0] {
		return ir.OpErrorf(op, "batch dimension must match between operands")
	}
	if xs[mnIdx] != ss[batch] {
		return ir.OpErrorf(op, "M/N dimension must match between operands")
	}
	return nil
}

func fpTypeOf(op *ir.Operation) tt.ScaleDotElemType {
	if a, ok := op.Attr("fp_type").(*ir.IntegerAttr); ok {
		return tt.ScaleDotElemType(a.Int())
	}
	return -1
}

// UpcastMXFPOutputType is UpcastMXFPOp::deduceOutputType: the type of
// upcasting x (of element kind in) to out. For e2m1 the K dimension
// doubles and so does the dot operand's kWidth.
func UpcastMXFPOutputType(ctx *ir.Context, x *ir.RankedTensorType, in tt.ScaleDotElemType, out ir.Type) *ir.RankedTensorType {
	if in != tt.ElemE2M1 && in != tt.ElemE4M3 && in != tt.ElemE5M2 {
		return x
	}
	factor := int64(1)
	if in == tt.ElemE2M1 {
		factor = 2
	}
	dot, ok := x.Encoding.(*ttg.DotOperandEncoding)
	if !ok {
		// Triton returns the input shape here (its doubled copy is unused).
		return ir.RankedTensor(ctx, x.Dims, out, nil)
	}
	shape := slices.Clone(x.Dims)
	batch := 0
	if len(shape) == 3 {
		batch = 1
	}
	k := batch
	if dot.OpIdx == 0 {
		k = 1 + batch
	}
	shape[k] *= factor
	enc := ttg.NewDotOperand(ctx, dot.OpIdx, dot.Parent, dot.KWidth*int(factor))
	return ir.RankedTensor(ctx, shape, out, enc)
}

func verifyScaledUpcastFp4(op *ir.Operation) error {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	scale, _ := op.Operand(1).Type().(*ir.RankedTensorType)
	out, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if in == nil || scale == nil || out == nil {
		return nil
	}
	if !slices.Equal(out.Dims, scale.Dims) {
		return ir.Errorf(op.Loc(), "scale and output should have the same shape")
	}
	rank := in.Rank()
	if rank != out.Rank() {
		return ir.Errorf(op.Loc(), "source rank %d != result rank %d", rank, out.Rank())
	}
	axis := int64(-1)
	if a, ok := op.Attr("axis").(*ir.IntegerAttr); ok {
		axis = a.Int()
	}
	if axis < 0 || axis >= int64(rank) {
		return ir.Errorf(op.Loc(), "axis %d out of range for rank %d", axis, rank)
	}
	for i := 0; i < rank; i++ {
		s, r := in.Dims[i], out.Dims[i]
		if int64(i) == axis {
			if r != 2*s {
				return ir.Errorf(op.Loc(), "axis %d dimension must be 2x source dimension (src=%d, dst=%d)", axis, s, r)
			}
		} else if r != s {
			return ir.Errorf(op.Loc(), "dimension %d mismatch (src=%d, dst=%d, axis=%d)", i, s, r, axis)
		}
	}
	return nil
}

func verifyLocalLoadPackedTransposed(op *ir.Operation) error {
	src, _ := op.Operand(0).Type().(*ttg.MemDescType)
	dst, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if src == nil || dst == nil {
		return nil
	}
	dot, ok := dst.Encoding.(*ttg.DotOperandEncoding)
	if !ok {
		return ir.OpErrorf(op, "only works with DotOperandEncodingAttr dst encoding")
	}
	sh, ok := src.Encoding.(*ttg.SwizzledSharedEncoding)
	if !ok {
		return ir.OpErrorf(op, "only works with SwizzledSharedEncodingAttr src encoding")
	}
	batch := len(src.Dims) == 3
	want := slices.Clone(dst.Dims)
	m, k := 0, 1
	if batch {
		m, k = 1, 2
	}
	if len(want) <= k {
		return ir.OpErrorf(op, "Input and output dimensions don't match after packing changes")
	}
	var orderOK bool
	if dot.OpIdx == 0 {
		orderOK = slices.Equal(sh.Order, []int{0, 1}) || (batch && slices.Equal(sh.Order, []int{1, 2, 0}))
		want[m] /= 2
		want[k] *= 2
	} else {
		orderOK = slices.Equal(sh.Order, []int{1, 0}) || (batch && slices.Equal(sh.Order, []int{2, 1, 0}))
		want[m] *= 2
		want[k] /= 2
	}
	if !orderOK {
		return ir.OpErrorf(op, "Order of dimensions don't match expected")
	}
	if !slices.Equal(src.Dims, want) {
		return ir.OpErrorf(op, "Input and output dimensions don't match after packing changes")
	}
	return nil
}

// verifyTDMBlockSize checks every block dimension fits in 16 bits.
func verifyTDMBlockSize(op *ir.Operation, desc ir.Type) error {
	d, ok := desc.(*tt.TensorDescType)
	if !ok || d.Block == nil {
		return nil
	}
	const maxBlock = 1<<16 - 1
	for i, s := range d.Block.Dims {
		if s > maxBlock {
			return ir.OpErrorf(op, "TDM block dimension %d (%d) exceeds maximum size of %d", i, s, maxBlock)
		}
	}
	return nil
}

func verifyTDMLoad(op *ir.Operation) error {
	if err := verifyTDMBlockSize(op, op.Operand(0).Type()); err != nil {
		return err
	}
	smem := AsyncTDMCopyGlobalToLocal.Operand(op, "result")
	if len(smem) == 0 {
		return nil
	}
	t, _ := smem[0].Type().(*ttg.MemDescType)
	if t == nil {
		return nil
	}
	sw, isSw := t.Encoding.(*ttg.SwizzledSharedEncoding)
	if isSw && sw.MaxPhase != 1 {
		return ir.OpErrorf(op, "TDM does not support swizzling")
	}
	pad, isPad := t.Encoding.(*ttg.PaddedSharedEncoding)
	if !isPad && !isSw {
		return ir.OpErrorf(op, "Invalid shared memory layout for TDM")
	}
	if isPad {
		bw := ir.BitWidth(t.Elem)
		for i := range pad.Intervals {
			if pad.Intervals[i]*bw/32 < 2 {
				return ir.OpErrorf(op, "TDM padding interval must be at least 2 dwords")
			}
			if i < len(pad.Paddings) && pad.Paddings[i]*bw/32 < 1 {
				return ir.OpErrorf(op, "TDM padding amount must be at least 1 dword")
			}
		}
	}
	return nil
}

func verifyTDMStore(op *ir.Operation) error {
	if err := verifyTDMBlockSize(op, op.Operand(0).Type()); err != nil {
		return err
	}
	src := AsyncTDMCopyLocalToGlobal.Operand(op, "src")
	if len(src) == 0 {
		return nil
	}
	t, _ := src[0].Type().(*ttg.MemDescType)
	if t == nil {
		return nil
	}
	sw, isSw := t.Encoding.(*ttg.SwizzledSharedEncoding)
	if isSw && sw.MaxPhase != 1 {
		return ir.OpErrorf(op, "TDM does not support swizzling")
	}
	if _, isPad := t.Encoding.(*ttg.PaddedSharedEncoding); isPad {
		return ir.OpErrorf(op, "TDM store does not support padding")
	}
	if !isSw {
		return ir.OpErrorf(op, "Invalid shared memory layout for TDM")
	}
	return nil
}
