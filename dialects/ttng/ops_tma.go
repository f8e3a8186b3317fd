package ttng

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// TMA (Tensor Memory Accelerator) copies between global memory, addressed
// through tensor descriptors, and shared memory.

func tensorDesc(name string) asmfmt.Value {
	return asmfmt.Value{Name: name, Constraint: tensorDescC, Class: tensorDescClass}
}

func coords(name string) asmfmt.Value {
	return asmfmt.Value{Name: name, Kind: asmfmt.Variadic, Constraint: ttg.I32C, Infer: ttg.Fixed(ttg.I32)}
}

// AsyncTMACopyGlobalToLocal is `ttng.async_tma_copy_global_to_local
// %desc[%x, %y] %buf, %bar, %pred : !tt.tensordesc<...>, !ttg.memdesc<...>
// -> !ttg.memdesc<...>`.
var AsyncTMACopyGlobalToLocal = define("async_tma_copy_global_to_local", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{tensorDesc("desc"), coords("coord"), memdesc("barrier"), memdesc("result"), i1Operand("pred")},
	Attrs: []asmfmt.Attr{
		ttg.DefaultAttr(ttg.EnumAttrSpec("cache", memory.CacheModifierEnum), ttg.I32Default(int64(memory.CacheNone))),
		ttg.DefaultAttr(ttg.EnumAttrSpec("evict", memory.EvictionPolicyEnum), ttg.I32Default(int64(memory.EvictNormal))),
		ttg.DefaultAttr(ttg.BoolAttr("isVolatile"), ttg.BoolDefault(false)),
	},
	Format: "$desc `[` $coord `]` $result `,` $barrier `,` $pred " +
		"oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict) " +
		"attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier)) `->` qualified(type($result))",
	Verify: func(op *ir.Operation) error {
		ops := op.Operands()
		bar, res := ops[len(ops)-3], ops[len(ops)-2]
		if err := verifyBarrierType(op, bar); err != nil {
			return err
		}
		if n := len(ops) - 4; n < 1 || n > 5 {
			return ir.OpErrorf(op, "TMA copies must have between 1 and 5 coordinates")
		}
		if !memdescOf(res).Mutable {
			return ir.OpErrorf(op, "Cannot store into immutable memory")
		}
		if _, ok := memdescOf(res).Encoding.(*ttg.NVMMASharedEncoding); !ok {
			return ir.OpErrorf(op, "TMA result must have NVMMA shared layout")
		}
		return nil
	},
})

// AsyncTMACopyLocalToGlobal is `ttng.async_tma_copy_local_to_global
// %desc[%x, %y] %buf : !tt.tensordesc<...>, !ttg.memdesc<...>`.
var AsyncTMACopyLocalToGlobal = define("async_tma_copy_local_to_global", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{tensorDesc("desc"), coords("coord"), memdesc("src")},
	Format:   "$desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))",
})

// AsyncTMAReduce is `ttng.async_tma_reduce KIND, %desc[%x] %buf : ...`.
var AsyncTMAReduce = define("async_tma_reduce", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{tensorDesc("desc"), coords("coord"), memdesc("src")},
	Attrs:    []asmfmt.Attr{ttg.EnumAttrSpec("kind", tt.DescriptorReduceKindEnum)},
	Format:   "$kind `,` $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))",
})

// AsyncTMAGather is `ttng.async_tma_gather %desc[%xs, %y] %buf, %bar, %pred
// : types`.
var AsyncTMAGather = define("async_tma_gather", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{tensorDesc("desc"), {Name: "x_offsets", Constraint: ttg.TensorC}, i32Operand("y_offset"),
		memdesc("barrier"), memdesc("result"), i1Operand("pred")},
	Format: "$desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred attr-dict `:` type(operands)",
	Verify: func(op *ir.Operation) error {
		if err := verifyBarrierType(op, op.Operand(3)); err != nil {
			return err
		}
		if !memdescOf(op.Operand(4)).Mutable {
			return ir.OpErrorf(op, "cannot store into immutable memory")
		}
		return nil
	},
})

// AsyncTMAScatter is `ttng.async_tma_scatter %desc[%xs, %y] %buf : types`.
var AsyncTMAScatter = define("async_tma_scatter", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{tensorDesc("desc"), {Name: "x_offsets", Constraint: ttg.TensorC}, i32Operand("y_offset"), memdesc("src")},
	Format:   "$desc `[` $x_offsets `,` $y_offset `]` $src attr-dict `:` type(operands)",
})

// TMAStoreWait is `ttng.async_tma_store_wait {pendings = N : i32}`.
var TMAStoreWait = define("async_tma_store_wait", 0, asmfmt.Spec{
	Attrs:  []asmfmt.Attr{ttg.I32Attr("pendings")},
	Format: "attr-dict",
})

// ReinterpretTensorDescriptor is `%d = ttng.reinterpret_tensor_descriptor %p
// : !tt.ptr<i8> to !tt.tensordesc<...>`.
var ReinterpretTensorDescriptor = define("reinterpret_tensor_descriptor", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "rawDesc", Constraint: ttg.PtrC, Class: ttg.PtrClass}},
	Results:  []asmfmt.Value{tensorDesc("result")},
	Format:   "$rawDesc attr-dict `:` qualified(type($rawDesc)) `to` qualified(type($result))",
})

// TensormapCreate is `ttng.tensormap_create %desc, %addr, [box], [dims],
// [strides], [elem strides] {...} : (...) -> ()`.
var TensormapCreate = define("tensormap_create", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{
		{Name: "desc_ptr", Constraint: ttg.PtrC}, {Name: "global_address", Constraint: ttg.PtrC},
		coords("box_dim"), coords("global_dim"),
		{Name: "global_stride", Kind: asmfmt.Variadic, Constraint: ttg.I64C, Infer: ttg.Fixed(ttg.I64)},
		coords("element_stride"),
	},
	Attrs:    []asmfmt.Attr{ttg.I32Attr("elem_type"), ttg.I32Attr("interleave_layout"), ttg.I32Attr("swizzle_mode"), ttg.I32Attr("fill_mode")},
	Segments: true,
	Format: "$desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` $global_dim `]` `,` " +
		"`[` $global_stride `]` `,` `[` $element_stride `]` attr-dict `:` functional-type(operands, results)",
	Verify: func(op *ir.Operation) error {
		seg, _ := op.Attr(asmfmt.SegmentsAttr).(*ir.DenseArrayAttr)
		if seg == nil || len(seg.Ints) != 6 {
			return nil
		}
		rank := seg.Ints[2]
		if seg.Ints[3] != rank {
			return ir.Errorf(op.Loc(), "Rank mismatch for global dim. Got %d but expected %d", seg.Ints[3], rank)
		}
		if seg.Ints[4]+1 != rank {
			return ir.Errorf(op.Loc(), "Rank mismatch for global stride. Got %d but expected %d", seg.Ints[4], rank-1)
		}
		if seg.Ints[5] != rank {
			return ir.Errorf(op.Loc(), "Rank mismatch for element stride. Got %d but expected %d", seg.Ints[5], rank)
		}
		return nil
	},
})

// TensormapFenceproxyAcquire is `ttng.tensormap_fenceproxy_acquire %p :
// !tt.ptr<i8>`.
var TensormapFenceproxyAcquire = define("tensormap_fenceproxy_acquire", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "desc_ptr", Constraint: ttg.PtrC, Class: ttg.PtrClass}},
	Format:   "$desc_ptr attr-dict `:` qualified(type($desc_ptr))",
})

func init() {
	// Each hook builds its list in one allocation.
	AsyncTMACopyGlobalToLocal.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		n := op.NumOperands()
		return append(buf, global(ir.Read, op.Operand(0)), shared(ir.Write, op.Operand(n-3)), shared(ir.Write, op.Operand(n-2)))
	}
	AsyncTMACopyLocalToGlobal.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, global(ir.Read, op.Operand(0)), global(ir.Write, op.Operand(0)), shared(ir.Read, op.Operand(op.NumOperands()-1)))
	}
	// A reduction reads its source buffer as a store does (Triton's
	// MemRead<SharedMemory> on $src): the barrier analysis must see the
	// read, or the writes that fill the buffer race with the TMA.
	AsyncTMAReduce.Def.AppendEffects = AsyncTMACopyLocalToGlobal.Def.AppendEffects
	AsyncTMAGather.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, global(ir.Read, op.Operand(0)), shared(ir.Write, op.Operand(3)), shared(ir.Write, op.Operand(4)))
	}
	AsyncTMAScatter.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, global(ir.Read, op.Operand(0)), global(ir.Write, op.Operand(0)), shared(ir.Read, op.Operand(3)))
	}
	TMAStoreWait.Def.AppendEffects = sharedOrderingEffects
	TensormapCreate.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, global(ir.Read, op.Operand(0)), global(ir.Write, op.Operand(0)))
	}
	TensormapFenceproxyAcquire.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, global(ir.Write, op.Operand(0)))
	}
}
