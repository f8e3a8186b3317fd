package ttg

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Ops that allocate shared (and global scratch) memory and move tensors
// between registers and shared memory.

// ConvertLayout is `ttg.convert_layout %x : tensor<..., #a> -> tensor<...,
// #b>`: the same tensor in another layout.
var ConvertLayout = Define(Dialect, "convert_layout", ir.Pure|ir.SameOperandsAndResultShape|ir.SameOperandsAndResultElementType, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Constraint: TensorC}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: TensorC}},
	Format:   "$src attr-dict `:` type($src) `->` type($result)",
})

// LocalAlloc is `ttg.local_alloc [%init] : (tensor<...>) ->
// !ttg.memdesc<...>`: a shared-memory buffer, optionally initialized from a
// tensor (then immutable).
var LocalAlloc = Define(Dialect, "local_alloc", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Kind: asmfmt.Optional, Constraint: TensorC}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: MemDescC}},
	Attrs:    []asmfmt.Attr{OptionalAttr(I32Attr("alignment"))},
	Format:   "($src^)? attr-dict `:` functional-type(operands, results)",
	Verify:   verifyLocalAlloc,
})

// LocalDealloc is `ttg.local_dealloc %buf : !ttg.memdesc<...>`.
var LocalDealloc = Define(Dialect, "local_dealloc", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Constraint: MemDescC, Class: MemDescClass}},
	Format:   "$src attr-dict `:` qualified(type($src))",
})

// LocalLoad is `ttg.local_load %buf [token %t] : !ttg.memdesc<...> ->
// tensor<...>`: shared memory into a distributed tensor.
var LocalLoad = Define(Dialect, "local_load", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{
		{Name: "src", Constraint: MemDescC, Class: MemDescClass},
		{Name: "token", Kind: asmfmt.Optional, Constraint: TokenC, Infer: Fixed(TokenType)},
	},
	Results: []asmfmt.Value{{Name: "result", Constraint: TensorC}},
	Format:  "$src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)",
	Verify:  verifyLocalLoad,
})

// LocalStore is `ttg.local_store %t, %buf : tensor<...> ->
// !ttg.memdesc<...>`.
var LocalStore = Define(Dialect, "local_store", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{
		{Name: "src", Constraint: TensorC},
		{Name: "dst", Constraint: MemDescC, Class: MemDescClass},
	},
	Format: "$src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))",
	Verify: verifyLocalStore,
})

// GlobalScratchAlloc is `ttg.global_scratch_alloc {alignment, nbytes} :
// !tt.ptr<i8>`: a program-private global buffer.
var GlobalScratchAlloc = Define(Dialect, "global_scratch_alloc", 0, asmfmt.Spec{
	Results: []asmfmt.Value{{Name: "result", Constraint: PtrC, Class: PtrClass}},
	Attrs:   []asmfmt.Attr{I32Attr("nbytes"), I32Attr("alignment")},
	Format:  "attr-dict `:` qualified(type($result))",
})

func init() {
	AttachLocalLoadLike(LocalLoad.Def)
	LocalAlloc.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		t, ok := op.Result(0).Type().(*MemDescType)
		if !ok || (!t.Mutable && !op.HasAttr("allocation.offset")) {
			return buf
		}
		alloc := ir.Effect{Kind: ir.Allocate, Resource: SharedMemoryResource, Value: op.Result(0)}
		if op.NumOperands() > 0 {
			return append(buf, alloc, ir.Effect{Kind: ir.Write, Resource: SharedMemoryResource, Value: op.Result(0)})
		}
		return append(buf, alloc)
	}
	LocalAlloc.Def.Fold = foldLocalAlloc
	LocalDealloc.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Free, Resource: SharedMemoryResource, Value: op.Operand(0)})
	}
	LocalLoad.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Read, Resource: SharedMemoryResource, Value: op.Operand(0)})
	}
	LocalStore.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Write, Resource: SharedMemoryResource, Value: op.Operand(1)})
	}
	GlobalScratchAlloc.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Allocate, Resource: GlobalMemoryResource, Value: op.Result(0)})
	}
}

// foldLocalAlloc folds local_alloc(local_load(buf)) to buf when the
// allocation is immutable and of buf's type.
func foldLocalAlloc(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	t, ok := op.Result(0).Type().(*MemDescType)
	if !ok || t.Mutable || op.NumOperands() == 0 {
		return nil
	}
	load := op.Operand(0).DefiningOp()
	if load == nil || load.Name() != "ttg.local_load" {
		return nil
	}
	if src := load.Operand(0); src.Type() == op.Result(0).Type() {
		return []ir.FoldResult{{Value: src}}
	}
	return nil
}

func memdescOf(v ir.Value) *MemDescType {
	t, _ := v.Type().(*MemDescType)
	return t
}

// verifyMemoryOpTypes checks that a tensor and a buffer agree on element
// type and shape.
func verifyMemoryOpTypes(op *ir.Operation, src, dst ir.Type) error {
	srcElem, dstElem := ir.ElementTypeOrSelf(src), ir.ElementTypeOrSelf(dst)
	if md, ok := dst.(*MemDescType); ok {
		dstElem = md.Elem
	}
	if md, ok := src.(*MemDescType); ok {
		srcElem = md.Elem
	}
	if srcElem != dstElem {
		return ir.OpErrorf(op, "source element type %s must match destination element type %s", asm.TypeString(src), asm.TypeString(dstElem))
	}
	ss, ds := shapeOf(src), shapeOf(dst)
	if !equalInt64s(ss, ds) {
		return ir.OpErrorf(op, "source shape [%s] must match [destination shape %s]", joinInts(ss), joinInts(ds))
	}
	return nil
}

func shapeOf(t ir.Type) []int64 {
	if md, ok := t.(*MemDescType); ok {
		return md.Dims
	}
	return ir.ShapeOf(t)
}

// verifySharedMemoryRank checks that a tensor and a buffer's encoding have
// the same rank.
func verifySharedMemoryRank(op *ir.Operation, t *ir.RankedTensorType, md *MemDescType, what string) error {
	enc, ok := md.Encoding.(LayoutEncoding)
	if !ok {
		return ir.OpErrorf(op, "expected memdesc to have a shared memory encoding")
	}
	if t.Rank() != enc.Rank() {
		return ir.OpErrorf(op, "%s has rank %d but memdesc encoding has rank %d", what, t.Rank(), enc.Rank())
	}
	return nil
}

func verifyLocalAlloc(op *ir.Operation) error {
	md := memdescOf(op.Result(0))
	if _, ok := md.MemorySpace.(*SharedMemorySpace); !ok {
		return ir.OpErrorf(op, "should create a buffer of shared memory")
	}
	var src ir.Value
	if op.NumOperands() > 0 {
		src = op.Operand(0)
		if err := verifySharedMemoryRank(op, src.Type().(*ir.RankedTensorType), md, "source"); err != nil {
			return err
		}
	}
	return verifyAllocOp(op, src, md)
}

// verifyAllocOp is shared by local_alloc and ttng.tmem_alloc.
func verifyAllocOp(op *ir.Operation, src ir.Value, md *MemDescType) error {
	if !equalInt64s(md.Dims, md.AllocShape) {
		return ir.OpErrorf(op, "result shape and its alloc shape must match")
	}
	if src == nil {
		if !md.Mutable {
			return ir.OpErrorf(op, "uninitialized alloc must have a mutable memdesc type")
		}
		return nil
	}
	return verifyMemoryOpTypes(op, src.Type(), md)
}

func verifyLocalLoad(op *ir.Operation) error {
	md := memdescOf(op.Operand(0))
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	if err := verifySharedMemoryRank(op, rt, md, "result"); err != nil {
		return err
	}
	return verifyMemoryOpTypes(op, md, rt)
}

func verifyLocalStore(op *ir.Operation) error {
	md := memdescOf(op.Operand(1))
	if !md.Mutable {
		return ir.OpErrorf(op, "Cannot store into immutable memory")
	}
	rt := op.Operand(0).Type().(*ir.RankedTensorType)
	if err := verifySharedMemoryRank(op, rt, md, "source"); err != nil {
		return err
	}
	return verifyMemoryOpTypes(op, rt, md)
}
