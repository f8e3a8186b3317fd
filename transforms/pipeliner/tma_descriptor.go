package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// Writing a TMA descriptor (CUtensorMap) for tt.make_tensor_descriptor
// into a buffer in global memory (Triton's TMAUtilities: createTMADesc).

// TMA descriptors are 128 bytes, aligned to 128.
const (
	tmaSizeBytes = 128
	tmaAlign     = 128
)

// The element types of a TMA descriptor (CUtensorMapDataType).
const (
	tmaU8       = 0
	tmaU16      = 1
	tmaU32      = 2
	tmaS32      = 3
	tmaU64      = 4
	tmaS64      = 5
	tmaF16      = 6
	tmaF32      = 7
	tmaF64      = 9
	tmaBF16     = 10
	tmaB4x16P64 = 14
)

// tmaEncoding returns the swizzle and transposition of a descriptor's
// shared layout; only NVMMA layouts and the unswizzled layout are allowed.
func tmaEncoding(op *ir.Operation, enc ir.Attribute) (nvmma *ttg.NVMMASharedEncoding, err error) {
	if e, ok := enc.(*ttg.NVMMASharedEncoding); ok {
		return e, nil
	}
	if e, ok := enc.(*ttg.SwizzledSharedEncoding); ok && e.Vec == 1 && e.PerPhase == 1 && e.MaxPhase == 1 {
		return nil, nil
	}
	return nil, ir.OpErrorf(op, "Unhandled encoding type")
}

// tmaBlockShape is the box a TMA copy moves: the tensor's shape per CTA
// with every dim at most 256, and the contiguous dim as wide as the
// swizzle.
func tmaBlockShape(op *ir.Operation, shapePerCTA []int64, elemBits int, nvmma *ttg.NVMMASharedEncoding, packedSize bool) ([]int64, error) {
	block := append([]int64(nil), shapePerCTA...)
	swizzleBytes, fp4, transposed := 0, false, false
	if nvmma != nil {
		swizzleBytes, fp4, transposed = nvmma.SwizzlingByteWidth, nvmma.FP4Padded, nvmma.Transposed
		elemBits = nvmma.ElementBitWidth
	}
	contig := len(block) - 1
	if transposed {
		contig = 0
	}
	if fp4 {
		block[contig] *= 2
	}
	for i := range block {
		block[i] = min(block[i], 256)
	}
	if swizzleBytes != 0 {
		size := int64(8*swizzleBytes) / int64(elemBits)
		if block[contig] < size {
			return nil, ir.OpErrorf(op, "Block shape is too small for the swizzle byte size in NVMMA Shared Layout.")
		}
		block[contig] = size
	}
	if fp4 && packedSize {
		block[contig] /= 2
	}
	return block, nil
}

// tmaSwizzleMode is the CUtensorMapSwizzle of a shared layout.
func tmaSwizzleMode(nvmma *ttg.NVMMASharedEncoding) int {
	if nvmma == nil {
		return 0
	}
	switch nvmma.SwizzlingByteWidth {
	case 128:
		return 3
	case 64:
		return 2
	case 32:
		return 1
	}
	return 0
}

// tmaElementType is the CUtensorMapDataType of a descriptor's elements.
func tmaElementType(op *ir.Operation, elem ir.Type, nvmma *ttg.NVMMASharedEncoding) (int, error) {
	if nvmma != nil && nvmma.FP4Padded {
		return tmaB4x16P64, nil
	}
	if ft, ok := elem.(*ir.FloatType); ok {
		switch ft.Kind {
		case ir.BF16:
			return tmaBF16, nil
		case ir.F16:
			return tmaF16, nil
		case ir.F32:
			return tmaF32, nil
		case ir.F64:
			return tmaF64, nil
		}
	}
	signed := false
	if it, ok := elem.(*ir.IntegerType); ok {
		signed = it.Signedness == ir.Signed
	}
	switch ir.BitWidth(elem) / 8 {
	case 1:
		return tmaU8, nil
	case 2:
		return tmaU16, nil
	case 4:
		if signed {
			return tmaS32, nil
		}
		return tmaU32, nil
	case 8:
		if signed {
			return tmaS64, nil
		}
		return tmaU64, nil
	}
	return 0, ir.OpErrorf(op, "Tensor descriptor element type must have size 1, 2, or 4 but got %d", ir.BitWidth(elem)/8)
}

// createTMADesc writes the descriptor of mk (a tt.make_tensor_descriptor)
// to the 128-byte global buffer at tmaPtr.
func createTMADesc(b *ir.Builder, tmaPtr ir.Value, mk *ir.Operation) error {
	loc := mk.Loc()
	md := tt.MakeTensorDescOp{Operation: mk}
	descType := mk.Result(0).Type().(*tt.TensorDescType)
	block := descType.Block
	elem := md.Base().Type().(*tt.PointerType).Pointee
	elemSize := ir.BitWidth(elem) / 8
	nvmma, err := tmaEncoding(mk, block.Encoding)
	if err != nil {
		return err
	}
	fp4 := nvmma != nil && nvmma.FP4Padded
	i32 := func(v int64) ir.Value { return constI32(b, loc, int(v)) }
	shapePerCTA := ttg.ShapePerCTA(ttg.CGAOf(block.Encoding, len(block.Dims)).CTASplitNum(), block.Dims)
	blockShape, err := tmaBlockShape(mk, shapePerCTA, ir.BitWidth(elem), nvmma, false)
	if err != nil {
		return err
	}
	contigDimSize := blockShape[len(blockShape)-1]
	if fp4 && contigDimSize != 128 {
		return ir.OpErrorf(mk, "FP4 padded loads require 128 elements or more in the last dim")
	}
	boxDim := []ir.Value{i32(contigDimSize)}
	for k := len(shapePerCTA) - 2; k >= 0; k-- {
		boxDim = append(boxDim, i32(blockShape[k]))
	}
	swizzleMode := tmaSwizzleMode(nvmma)
	elemSizeVal := arith.ConstantInt(b, loc, int64(elemSize), ir.I64(b.Ctx))
	shape, strides := md.Shape(), md.Strides()
	var globalDim []ir.Value
	for i := len(shape) - 1; i >= 0; i-- {
		globalDim = append(globalDim, shape[i])
	}
	var globalStride []ir.Value
	for k := len(strides) - 2; k >= 0; k-- {
		globalStride = append(globalStride, strides[k])
	}
	if fp4 {
		// The dims count bytes; the descriptor counts fp4 elements.
		globalDim[0] = binary(b, "arith.muli", loc, globalDim[0], i32(2))
	}
	one := i32(1)
	elementStride := repeatValue(len(globalDim), one)
	for i := range globalStride {
		globalStride[i] = binary(b, "arith.muli", loc, globalStride[i], elemSizeVal)
	}
	elemType, err := tmaElementType(mk, descType.Block.Elem, nvmma)
	if err != nil {
		return err
	}
	fill := 0
	if p, ok := mk.Attr("padding").(*ir.IntegerAttr); ok && tt.PaddingOption(p.Int()) == tt.PadNaN {
		fill = 1
	}
	ttng.NewTensormapCreate(b, loc, tmaPtr, md.Base(), ttng.TensormapParams{
		BoxDim: boxDim, GlobalDim: globalDim, GlobalStride: globalStride, ElementStride: elementStride,
		ElemType: elemType, SwizzleMode: swizzleMode, FillMode: fill,
	})
	return nil
}

// repeatValue returns n copies of v.
func repeatValue(n int, v ir.Value) []ir.Value {
	out := make([]ir.Value, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// newGlobalScratchAlloc builds `ttg.global_scratch_alloc {nbytes,
// alignment} : !tt.ptr<i8>`.
func newGlobalScratchAlloc(b *ir.Builder, loc ir.Location, nbytes, alignment int) ir.Value {
	ptr := tt.Ptr(b.Ctx, ir.I8(b.Ctx), 1)
	return b.CreateOp("ttg.global_scratch_alloc", loc, nil, []ir.Type{ptr},
		ir.NamedAttr{Name: "nbytes", Value: ir.I32Attr(b.Ctx, int64(nbytes))},
		ir.NamedAttr{Name: "alignment", Value: ir.I32Attr(b.Ctx, int64(alignment))}).Result(0)
}
