package ttg

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Asynchronous copies from global to shared memory (cp.async on NVIDIA,
// global_load_lds on AMD) and their grouping and waiting.

// AsyncCopyGlobalToLocal is `%tok = ttg.async_copy_global_to_local %ptrs,
// %buf [mask %m] [other %o] [cacheModifier = cg] [evictionPolicy = ...] :
// tensor<...x!tt.ptr<T>> -> <...>`.
var AsyncCopyGlobalToLocal = Define(Dialect, "async_copy_global_to_local", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{
		{Name: "src", Constraint: PtrTensorC},
		{Name: "result", Constraint: MemDescC, Class: MemDescClass},
		{Name: "mask", Kind: asmfmt.Optional, Constraint: I1TensorC, Infer: Derived("src", tt.I1SameShape)},
		{Name: "other", Kind: asmfmt.Optional, Constraint: AnyC, Infer: Derived("src", tt.PointeeType)},
	},
	Results: []asmfmt.Value{{Name: "token", Constraint: TokenC, Infer: Fixed(TokenType)}},
	Attrs: []asmfmt.Attr{
		DefaultAttr(EnumAttrSpec("cache", memory.CacheModifierEnum), I32Default(int64(memory.CacheNone))),
		DefaultAttr(EnumAttrSpec("evict", memory.EvictionPolicyEnum), I32Default(int64(memory.EvictNormal))),
		DefaultAttr(BoolAttr("isVolatile"), BoolDefault(false)),
		DefaultAttr(I32Attr("contiguity"), I32Default(1)),
	},
	Segments: true,
	Format: "$src `,` $result (`mask` $mask^)? (`other` $other^)? " +
		"oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict) " +
		"attr-dict `:` type($src) `->` type($result)",
	Verify: func(op *ir.Operation) error {
		if !memdescOf(op.Operand(1)).Mutable {
			return ir.OpErrorf(op, "Cannot store into immutable memory")
		}
		return nil
	},
})

// AsyncWait is `%t = ttg.async_wait [%tokens] {num = N : i32}`: wait until at
// most N copy groups are pending.
var AsyncWait = Define(Dialect, "async_wait", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "asyncToken", Kind: asmfmt.Variadic, Constraint: TokenC, Infer: Fixed(TokenType)}},
	Results:  []asmfmt.Value{{Name: "retToken", Constraint: TokenC, Infer: Fixed(TokenType)}},
	Attrs:    []asmfmt.Attr{I32Attr("num")},
	Format:   "($asyncToken^)? attr-dict",
})

// AsyncCommitGroup is `%g = ttg.async_commit_group [tokens %t...]`.
var AsyncCommitGroup = Define(Dialect, "async_commit_group", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "inputTokens", Kind: asmfmt.Variadic, Constraint: TokenC, Infer: Fixed(TokenType)}},
	Results:  []asmfmt.Value{{Name: "asyncToken", Constraint: TokenC, Infer: Fixed(TokenType)}},
	Format:   "(`tokens` $inputTokens^)? attr-dict",
})

func init() {
	AsyncCopyGlobalToLocal.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Read, Resource: GlobalMemoryResource, Value: op.Operand(0)},
			ir.Effect{Kind: ir.Write, Resource: SharedMemoryResource, Value: op.Operand(1)})
	}
	// MemWaitOpTrait: waits order memory; model them as reading and
	// writing shared memory so that nothing moves across them.
	AsyncWait.Def.AppendEffects = sharedOrderingEffects
}
