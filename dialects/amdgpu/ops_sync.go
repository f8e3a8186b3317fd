package amdgpu

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Synchronization, scheduling hints and TDM (tensor data mover) copies.

// InstructionSchedHint is `amdg.instruction_sched_hint {variant =
// #amdg.SchedHintVariant<...>}`.
var InstructionSchedHint = define("instruction_sched_hint", 0, asmfmt.Spec{
	Attrs:  []asmfmt.Attr{{Name: "variant", Check: isSchedHint, Summary: "Instruction Scheduling Hints for AMD GPUs"}},
	Format: "attr-dict",
})

func isSchedHint(a ir.Attribute) bool { _, ok := a.(*SchedHintVariantAttr); return ok }

// CondBarrier is `amdg.cond_barrier %pred`: a barrier for the warps whose
// predicate is true.
var CondBarrier = define("cond_barrier", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "pred", Constraint: ttg.I1C, Infer: ttg.Fixed(ttg.I1)}},
	Format:   "$pred attr-dict",
})

// AsyncWait is `%t = amdg.async_wait [%tokens] {num_inst = N : i32}`.
var AsyncWait = define("async_wait", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "asyncToken", Kind: asmfmt.Variadic, Constraint: ttg.TokenC, Infer: ttg.Fixed(ttg.TokenType)}},
	Results:  []asmfmt.Value{{Name: "retToken", Constraint: ttg.TokenC, Infer: ttg.Fixed(ttg.TokenType)}},
	Attrs:    []asmfmt.Attr{ttg.I32Attr("num_inst")},
	Format:   "($asyncToken^)? attr-dict",
})

// AsyncTDMWait is `%t = amdg.async_tdm_wait %tokens {num = N : i32}`.
var AsyncTDMWait = define("async_tdm_wait", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "asyncToken", Kind: asmfmt.Variadic, Constraint: ttg.TokenC, Infer: ttg.Fixed(ttg.TokenType)}},
	Results:  []asmfmt.Value{{Name: "retToken", Constraint: ttg.TokenC, Infer: ttg.Fixed(ttg.TokenType)}},
	Attrs:    []asmfmt.Attr{ttg.I32Attr("num")},
	Format:   "$asyncToken attr-dict",
})

// MemoryCounterWait is `amdg.memory_counter_wait [load(N)] [store(N)]
// [ds(N)]`.
var MemoryCounterWait = define("memory_counter_wait", 0, asmfmt.Spec{
	Attrs: []asmfmt.Attr{ttg.OptionalAttr(ttg.I32Attr("load")), ttg.OptionalAttr(ttg.I32Attr("store")),
		ttg.OptionalAttr(ttg.I32Attr("ds"))},
	Format: "oilist( `load` `(` $load `)` | `store` `(` $store `)` | `ds` `(` $ds `)` ) attr-dict",
})

// AsyncTDMCopyGlobalToLocal is `%tok = amdg.async_tdm_copy_global_to_local
// %desc[%i...] into %buf, %pred [, barrier = %b] : ... -> ...`.
var AsyncTDMCopyGlobalToLocal = define("async_tdm_copy_global_to_local", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{
		{Name: "desc", Constraint: &asmfmt.Constraint{Summary: "tensor descriptor", Check: func(ir.Type) bool { return true }}},
		{Name: "indices", Kind: asmfmt.Variadic, Constraint: ttg.I32C, Infer: ttg.Fixed(ttg.I32)},
		{Name: "result", Constraint: ttg.MemDescC, Class: ttg.MemDescClass},
		{Name: "pred", Constraint: ttg.I1C, Infer: ttg.Fixed(ttg.I1)},
		{Name: "barrier", Kind: asmfmt.Optional, Constraint: ttg.MemDescC},
	},
	Results:  []asmfmt.Value{{Name: "token", Constraint: ttg.TokenC, Infer: ttg.Fixed(ttg.TokenType)}},
	Segments: true,
	Format: "$desc `[` $indices `]` `into` $result `,` $pred (`,` `barrier` `=` $barrier^)? " +
		"attr-dict `:` qualified(type($desc)) (`,` qualified(type($barrier))^)? `->` qualified(type($result))",
})

// AsyncTDMCopyLocalToGlobal is `amdg.async_tdm_copy_local_to_global
// %desc[%i...] from %buf : ... -> ...`.
var AsyncTDMCopyLocalToGlobal = define("async_tdm_copy_local_to_global", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{
		{Name: "desc"},
		{Name: "indices", Kind: asmfmt.Variadic, Constraint: ttg.I32C, Infer: ttg.Fixed(ttg.I32)},
		{Name: "src", Constraint: ttg.MemDescC, Class: ttg.MemDescClass},
	},
	Format: "$desc `[` $indices `]` `from` $src attr-dict `:` qualified(type($src)) `->` qualified(type($desc))",
})

func barrierOperand() asmfmt.Value {
	return asmfmt.Value{Name: "alloc", Constraint: ttg.MemDescC, Class: ttg.MemDescClass}
}

func countAtLeastOne(op *ir.Operation) error {
	if c, _ := op.Attr("count").(*ir.IntegerAttr); c != nil && c.Int() < 1 {
		return ir.OpErrorf(op, "count must be greater than or equal to 1")
	}
	return nil
}

// InitBarrier is `amdg.init_barrier %bar, COUNT : !ttg.memdesc<...>`.
var InitBarrier = define("init_barrier", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{barrierOperand()},
	Attrs:    []asmfmt.Attr{ttg.I32Attr("count")},
	Format:   "$alloc `,` $count attr-dict `:` qualified(type($alloc))",
	Verify:   countAtLeastOne,
})

// WaitBarrier is `amdg.wait_barrier %bar, %phase : ...`.
var WaitBarrier = define("wait_barrier", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{barrierOperand(), {Name: "phase", Constraint: ttg.I32C, Infer: ttg.Fixed(ttg.I32)}},
	Format:   "$alloc `,` $phase attr-dict `:` qualified(type($alloc))",
})

// ArriveBarrier is `%r = amdg.arrive_barrier %bar, COUNT : ... -> i32`.
var ArriveBarrier = define("arrive_barrier", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{barrierOperand()},
	Results:  []asmfmt.Value{{Name: "result", Constraint: ttg.I32C}},
	Attrs:    []asmfmt.Attr{ttg.I32Attr("count")},
	Format:   "$alloc `,` $count attr-dict `:` qualified(type($alloc)) `->` type($result)",
	Verify:   countAtLeastOne,
})

// AsyncCopyMbarrierArrive is `amdg.async_copy_mbarrier_arrive %bar : ...`.
var AsyncCopyMbarrierArrive = define("async_copy_mbarrier_arrive", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "barrier", Constraint: ttg.MemDescC, Class: ttg.MemDescClass}},
	Format:   "$barrier attr-dict `:` qualified(type($barrier))",
})

// MaskedLoad and MaskedStore work on LLVM-dialect values (they appear only
// during lowering).
var MaskedLoad = define("masked_load", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "ptr"}, {Name: "mask", Constraint: ttg.I1C}, {Name: "falseVal"},
		{Name: "multicastMask", Kind: asmfmt.Optional}},
	Results: []asmfmt.Value{{Name: "result"}},
	Attrs:   []asmfmt.Attr{cacheAttr, ttg.DefaultAttr(asmfmt.Attr{Name: "forceNoAlias", Kind: asmfmt.UnitAttr}, ttg.BoolDefault(false))},
	Format: "$ptr `,` $mask `,` $falseVal (`,` $multicastMask^)? oilist(`cacheModifier` `=` $cache) " +
		"attr-dict `:` functional-type(operands, results)",
})

// MaskedStore is the store counterpart of MaskedLoad.
var MaskedStore = define("masked_store", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "ptr"}, {Name: "value"}, {Name: "mask", Constraint: ttg.I1C}},
	Attrs:    []asmfmt.Attr{cacheAttr, ttg.DefaultAttr(ttg.BoolAttr("forceNoAlias"), ttg.BoolDefault(false))},
	Format:   "$ptr `,` $value `,` $mask oilist(`cacheModifier` `=` $cache) (`forceNoAlias` $forceNoAlias^)? attr-dict `:` type(operands)",
})

func init() {
	shared := func(kinds ...ir.EffectKind) func(*ir.Operation, []ir.Effect) []ir.Effect {
		return func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
			for _, k := range kinds {
				buf = append(buf, ir.Effect{Kind: k, Resource: ttg.SharedMemoryResource, Value: op.Operand(0)})
			}
			return buf
		}
	}
	InitBarrier.Def.AppendEffects = shared(ir.Write)
	WaitBarrier.Def.AppendEffects = shared(ir.Read, ir.Write)
	ArriveBarrier.Def.AppendEffects = shared(ir.Read, ir.Write)
	AsyncCopyMbarrierArrive.Def.AppendEffects = shared(ir.Read, ir.Write)
	wait := func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Read, Resource: ttg.SharedMemoryResource}, ir.Effect{Kind: ir.Write, Resource: ttg.SharedMemoryResource})
	}
	AsyncWait.Def.AppendEffects = wait
	AsyncTDMWait.Def.AppendEffects = wait
	CondBarrier.Def.AppendEffects = wait
}
