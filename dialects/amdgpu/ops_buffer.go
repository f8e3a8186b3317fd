package amdgpu

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Buffer ops address global memory as a scalar base pointer plus a tensor of
// i32 offsets (AMD raw buffer instructions: out-of-bounds reads return 0).

func ptrFromElem(name string) func(*ir.Context, func(string) ir.Type) ir.Type {
	return ttg.Derived(name, func(ctx *ir.Context, t ir.Type) ir.Type {
		return tt.GlobalPtr(ctx, ir.ElementTypeOrSelf(t))
	})
}

func sameShape(name string, elem func(*ir.Context) ir.Type) func(*ir.Context, func(string) ir.Type) ir.Type {
	return ttg.Derived(name, func(ctx *ir.Context, t ir.Type) ir.Type {
		if rt, ok := t.(*ir.RankedTensorType); ok {
			return ir.RankedTensor(ctx, rt.Dims, elem(ctx), rt.Encoding)
		}
		return elem(ctx)
	})
}

var (
	ptrOperand = func(name, from string) asmfmt.Value {
		return asmfmt.Value{Name: name, Constraint: ttg.PtrC, Class: ttg.PtrClass, Infer: ptrFromElem(from)}
	}
	offsetsOperand = func(from string) asmfmt.Value {
		return asmfmt.Value{Name: "offsets", Constraint: ttg.TensorC, Infer: sameShape(from, ttg.I32)}
	}
	maskOperand = func(from string) asmfmt.Value {
		return asmfmt.Value{Name: "mask", Kind: asmfmt.Optional, Constraint: ttg.I1TensorC, Infer: sameShape(from, ttg.I1)}
	}
	strideOperand = asmfmt.Value{Name: "stride", Kind: asmfmt.Optional, Constraint: ttg.I32C, Infer: ttg.Fixed(ttg.I32)}
	cacheAttr     = ttg.DefaultAttr(ttg.EnumAttrSpec("cache", memory.CacheModifierEnum), ttg.I32Default(int64(memory.CacheNone)))
)

// BufferLoad is `%v = amdg.buffer_load %base[%offsets][, %mask][, %other]
// [cacheModifier = c] [stride = %s] : tensor<...>`.
var BufferLoad = define("buffer_load", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{ptrOperand("ptr", "result"), offsetsOperand("result"), strideOperand, maskOperand("result"),
		{Name: "other", Kind: asmfmt.Optional, Constraint: ttg.TensorC, Infer: ttg.SameAs("result")}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: ttg.TensorC}},
	Attrs:    []asmfmt.Attr{cacheAttr},
	Segments: true,
	Format: "$ptr `[` $offsets `]` (`,` $mask^)? (`,` $other^)? oilist(`cacheModifier` `=` $cache) " +
		"(`stride` `=` $stride^)? attr-dict `:` type($result)",
})

// BufferLoadToLocal is `%tok = amdg.buffer_load_to_local %base[%offsets]
// [mask = %m] [other = %o] [stride = %s] [cacheModifier = c] into %buf :
// <T>[tensor<...>] T? -> <...>`: a direct-to-LDS load.
var BufferLoadToLocal = define("buffer_load_to_local", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{
		{Name: "dest", Constraint: ttg.MemDescC, Class: ttg.MemDescClass},
		{Name: "ptr", Constraint: ttg.PtrC, Class: ttg.PtrClass},
		{Name: "offsets", Constraint: ttg.TensorC},
		maskOperand("offsets"),
		{Name: "other", Kind: asmfmt.Optional, Constraint: ttg.TensorC},
		strideOperand,
	},
	Results: []asmfmt.Value{{Name: "token", Constraint: ttg.TokenC, Infer: ttg.Fixed(ttg.TokenType)}},
	Attrs: []asmfmt.Attr{cacheAttr,
		ttg.DefaultAttr(ttg.I32Attr("contiguity"), ttg.I32Default(1))},
	Segments: true,
	Format: "$ptr `[` $offsets `]` (`mask` `=` $mask^)? (`other` `=` $other^)? (`stride` `=` $stride^)? " +
		"oilist(`cacheModifier` `=` $cache) `into` $dest attr-dict `:` type($ptr) `[` type($offsets) `]` type($other) `->` type($dest)",
})

// BufferAtomicRMW is `%r = amdg.buffer_atomic_rmw OP, SEM, SCOPE, %v,
// %base[%offsets][, %mask] [stride = %s] : tensor<...>`.
var BufferAtomicRMW = define("buffer_atomic_rmw", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{ptrOperand("ptr", "result"), offsetsOperand("result"),
		{Name: "value", Constraint: ttg.TensorC, Infer: ttg.SameAs("result")}, strideOperand, maskOperand("result")},
	Results: []asmfmt.Value{{Name: "result", Constraint: ttg.TensorC}},
	Attrs: []asmfmt.Attr{ttg.EnumAttrSpec("atomic_rmw_op", memory.RMWOpEnum), ttg.EnumAttrSpec("sem", memory.MemSemanticEnum),
		ttg.EnumAttrSpec("scope", memory.MemSyncScopeEnum)},
	Segments: true,
	Format: "$atomic_rmw_op `,` $sem `,` $scope `,` $value `,` $ptr `[` $offsets `]` (`,` $mask^)? " +
		"(`stride` `=` $stride^)? attr-dict `:` type($result)",
})

// BufferAtomicCAS is `%r = amdg.buffer_atomic_cas SEM, SCOPE, %cmp, %val,
// %base[%offsets] [stride = %s] : tensor<...>`.
var BufferAtomicCAS = define("buffer_atomic_cas", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{ptrOperand("ptr", "result"), offsetsOperand("result"),
		{Name: "cmp", Constraint: ttg.TensorC, Infer: ttg.SameAs("result")},
		{Name: "val", Constraint: ttg.TensorC, Infer: ttg.SameAs("result")}, strideOperand},
	Results: []asmfmt.Value{{Name: "result", Constraint: ttg.TensorC}},
	Attrs:   []asmfmt.Attr{ttg.EnumAttrSpec("sem", memory.MemSemanticEnum), ttg.EnumAttrSpec("scope", memory.MemSyncScopeEnum)},
	Format:  "$sem `,` $scope `,` $cmp `,` $val `,` $ptr `[` $offsets `]` (`stride` `=` $stride^)? attr-dict `:` type($result)",
})

// BufferStore is `amdg.buffer_store %v, %base[%offsets][, %mask]
// [cacheModifier = c] [stride = %s] : tensor<...>`.
var BufferStore = define("buffer_store", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "value", Constraint: ttg.TensorC}, ptrOperand("ptr", "value"), offsetsOperand("value"),
		strideOperand, maskOperand("value")},
	Attrs:    []asmfmt.Attr{cacheAttr},
	Segments: true,
	Format: "$value `,` $ptr `[` $offsets `]` (`,` $mask^)? oilist(`cacheModifier` `=` $cache) " +
		"(`stride` `=` $stride^)? attr-dict `:` type($value)",
})

func init() {
	global := func(i int, kinds ...ir.EffectKind) func(*ir.Operation, []ir.Effect) []ir.Effect {
		return func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
			for _, k := range kinds {
				buf = append(buf, ir.Effect{Kind: k, Resource: ttg.GlobalMemoryResource, Value: op.Operand(i)})
			}
			return buf
		}
	}
	BufferLoad.Def.AppendEffects = global(0, ir.Read)
	BufferLoadToLocal.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(global(1, ir.Read)(op, buf), ir.Effect{Kind: ir.Write, Resource: ttg.SharedMemoryResource, Value: op.Operand(0)})
	}
	BufferAtomicRMW.Def.AppendEffects = global(0, ir.Read, ir.Write)
	BufferAtomicCAS.Def.AppendEffects = global(0, ir.Read, ir.Write)
	BufferStore.Def.AppendEffects = global(1, ir.Write)
}
