package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/linearlayout"
)

// Tensor descriptors (`!tt.tensordesc<tensor<..., #nvmma_shared>>`) on
// NVIDIA are CUDA tensor maps: 128 opaque bytes a TMA instruction reads.
// A descriptor value lowers to the tensor map's generic address
// (`!llvm.ptr`), as in Triton 3.6.
//
// Kernel ABI. A descriptor parameter of a kernel is the tensor map passed
// by value, as Triton 3.6's launcher passes it: a 128-byte parameter
// aligned to 64 bytes (PTX `.param .align 64 .b8 name[128]`) whose
// address the kernel takes (`cvta.param`, a grid-constant parameter).
// The llvm.func argument is an `!llvm.ptr` with the attributes
// `llvm.byval = !llvm.array<128 x i8>`, `llvm.align = 64` and
// `nvvm.grid_constant`, plus `tt.tensordesc` describing the box the host
// must encode (Triton's tensordesc_meta: swizzle mode, element size and
// TMA type, block size). Triton's frontend passes the descriptor's shape
// and strides as the parameters after it; they are ordinary parameters.
//
// Descriptors built inside a kernel (tt.make_tensor_descriptor) lower
// once the TTGIR pipeline has turned them into ttg.global_scratch_alloc +
// ttng.tensormap_create (tensormap.go); a tt.make_tensor_descriptor left
// in the TTGIR is refused with a located error.

// TensorDescAttr is the llvm.func argument attribute holding a descriptor
// parameter's tensor-map metadata.
const TensorDescAttr = "tt.tensordesc"

// tensorMapBytes is the size of a CUDA tensor map.
const tensorMapBytes = 128

// tensorDescArgAttrs returns the attributes of a kernel's descriptor
// parameter.
func (l *lowering) tensorDescArgAttrs(op *ir.Operation, t *tt.TensorDescType) ([]ir.NamedAttr, error) {
	meta, err := tensorDescMeta(op, t)
	if err != nil {
		return nil, err
	}
	return []ir.NamedAttr{
		{Name: "llvm.align", Value: ir.I32Attr(l.ctx, 64)},
		{Name: "llvm.byval", Value: ir.TypeAttrOf(l.ctx, llvm.Array(l.ctx, ir.I8(l.ctx), tensorMapBytes))},
		{Name: "nvvm.grid_constant", Value: ir.Unit(l.ctx)},
		{Name: TensorDescAttr, Value: meta},
	}, nil
}

// tensorDescMeta is Triton 3.6's tensordesc_meta of a descriptor type:
// swizzle (the TMA swizzle mode: 0 none, 1 32B, 2 64B, 3 128B),
// elem_size (bytes), elem_type (the TMA element type) and block_size
// (the box of one CTA's share of the block, innermost dim last).
func tensorDescMeta(op *ir.Operation, t *tt.TensorDescType) (ir.Attribute, error) {
	block := t.Block
	nv, ok := block.Encoding.(*ttg.NVMMASharedEncoding)
	if !ok {
		return nil, ir.OpErrorf(op, "a tensor descriptor parameter needs an nvmma_shared block layout (run the TTGIR pipeline's descriptor encoding), got %s", asm.TypeString(t))
	}
	if nv.FP4Padded {
		return nil, ir.OpErrorf(op, "fp4-padded tensor descriptors are not supported")
	}
	bits := ir.BitWidth(block.Elem)
	elemType, ok := tmaElementType(block.Elem)
	if !ok {
		return nil, ir.OpErrorf(op, "TMA has no element type for %s", asm.TypeString(block.Elem))
	}
	box, _, _, err := descriptorTMABox(t)
	if err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	modes := map[int]int64{0: 0, 32: 1, 64: 2, 128: 3}
	ctx := op.Context()
	return ir.DictionaryAttrOf(ctx, []ir.NamedAttr{
		{Name: "block_size", Value: ir.DenseI32Array(ctx, box)},
		{Name: "elem_size", Value: ir.I32Attr(ctx, int64(bits/8))},
		{Name: "elem_type", Value: ir.I32Attr(ctx, elemType)},
		{Name: "swizzle", Value: ir.I32Attr(ctx, modes[nv.SwizzlingByteWidth])},
	}), nil
}

// descriptorTMABox returns the box and swizzle width (bytes) of the
// tensor map of an nvmma_shared descriptor type (ok false for another
// layout). With clusters, each CTA copies its share of the block: the
// box is cut from the per-CTA block, as Triton 3.6's getTMABlockShape.
func descriptorTMABox(t *tt.TensorDescType) (box []int64, swizzle int, ok bool, err error) {
	block := t.Block
	nv, ok := block.Encoding.(*ttg.NVMMASharedEncoding)
	if !ok {
		return nil, 0, false, nil
	}
	perCTA := ttg.ShapePerCTA(ttg.CGAOf(block.Encoding, len(block.Dims)).CTASplitNum(), block.Dims)
	box, err = linearlayout.TMABlockShape(perCTA, linearlayout.NVMMASharedParams{SwizzlingByteWidth: nv.SwizzlingByteWidth,
		Transposed: nv.Transposed, ElementBitWidth: nv.ElementBitWidth, FP4Padded: nv.FP4Padded}, false)
	return box, nv.SwizzlingByteWidth, true, err
}

// tmaElementType is CUDA's tensor-map data type of an element (Triton's
// device-side numbering: u8 0, u16 1, u32 2, s32 3, u64 4, s64 5, f16 6,
// f32 7, f64 9, bf16 10).
func tmaElementType(t ir.Type) (int64, bool) {
	switch {
	case isBF16(t):
		return 10, true
	case isF16(t):
		return 6, true
	case isF32(t):
		return 7, true
	case isF64(t):
		return 9, true
	}
	// Signed integers get the signed map types, as Triton's
	// getTMAElementType gives them: TMA reductions (min, max) compare as
	// the map's type says, so an si32 block must not become a u32 map.
	signed := false
	if it, ok := t.(*ir.IntegerType); ok {
		signed = it.Signedness == ir.Signed
	}
	switch ir.BitWidth(t) {
	case 8:
		return 0, true
	case 16:
		return 1, true
	case 32:
		if signed {
			return 3, true
		}
		return 2, true
	case 64:
		if signed {
			return 5, true
		}
		return 4, true
	}
	return 0, false
}

// lowerReinterpretTensorDesc: a descriptor from a global pointer to a
// tensor map is that map's generic address.
func (l *lowering) lowerReinterpretTensorDesc(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	rw.ReplaceOp(op, []ir.Value{e.cast("llvm.addrspacecast", rw.Remapped(op.Operand(0)), llvm.Ptr(l.ctx, llvm.GenericAddrSpace))})
	return nil
}

// refuseInKernelDescriptor reports a tt.make_tensor_descriptor that the
// TTGIR pipeline did not lower.
func (l *lowering) refuseInKernelDescriptor(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	return ir.OpErrorf(op, "tt.make_tensor_descriptor must be lowered to ttg.global_scratch_alloc + ttng.tensormap_create first (triton-nvidia-tma-lowering, then tritongpu-global-scratch-memory-allocation)")
}
