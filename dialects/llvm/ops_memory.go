package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Memory: load, store, atomicrmw, cmpxchg, fence (getelementptr is in
// gep.go).

// LoadOp is `llvm.load %p : !llvm.ptr<1> -> f32`.
var LoadOp = define("load", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{val("addr", cPtr)},
	Results:  []asmfmt.Value{val("res", cLoadable)},
	Attrs: []asmfmt.Attr{
		i64Attr("alignment", true), unitAttr("volatile_"), unitAttr("nontemporal"),
		unitAttr("invariant"), unitAttr("invariantGroup"),
		enumAttr("ordering", AtomicOrderingEnum, true), strAttr("syncscope", true),
	},
	Format: "(`volatile` $volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? " +
		"(`invariant` $invariant^)? (`invariant_group` $invariantGroup^)? attr-dict `:` qualified(type($addr)) `->` type($res)",
	Verify: func(op *ir.Operation) error {
		return verifyAtomicAccess(op, op.Result(0).Type(), []AtomicOrdering{Release, AcqRel})
	},
})

// StoreOp is `llvm.store %v, %p : f32, !llvm.ptr<1>`.
var StoreOp = define("store", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{val("value", cLoadable), val("addr", cPtr)},
	Attrs: []asmfmt.Attr{
		i64Attr("alignment", true), unitAttr("volatile_"), unitAttr("nontemporal"),
		unitAttr("invariantGroup"),
		enumAttr("ordering", AtomicOrderingEnum, true), strAttr("syncscope", true),
	},
	Format: "(`volatile` $volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? " +
		"(`invariant_group` $invariantGroup^)? attr-dict `:` type($value) `,` qualified(type($addr))",
	Verify: func(op *ir.Operation) error {
		return verifyAtomicAccess(op, op.Operand(0).Type(), []AtomicOrdering{Acquire, AcqRel})
	},
})

// verifyAtomicAccess checks the rules of atomic loads and stores: an
// alignment, a supported type, and an allowed ordering.
func verifyAtomicAccess(op *ir.Operation, t ir.Type, forbidden []AtomicOrdering) error {
	ord := AtomicOrdering(enumOf(op, "ordering", int64(NotAtomic)))
	if ord == NotAtomic {
		if op.Attr("syncscope") != nil {
			return ir.OpErrorf(op, "expected syncscope to be null for non-atomic access")
		}
		return nil
	}
	for _, f := range forbidden {
		if ord == f {
			return ir.OpErrorf(op, "unsupported ordering '%s'", AtomicOrderingEnum.KeywordOf(int64(ord)))
		}
	}
	if !isAtomicScalar(t) {
		return ir.OpErrorf(op, "unsupported type %s for atomic access", asm.TypeString(t))
	}
	if op.Attr("alignment") == nil {
		return ir.OpErrorf(op, "expected alignment for atomic access")
	}
	return nil
}

func isAtomicScalar(t ir.Type) bool {
	switch t := t.(type) {
	case *PointerType:
		return true
	case *ir.IntegerType:
		return t.Width >= 8 && t.Width&(t.Width-1) == 0
	case *ir.FloatType:
		return isLLVMFloat(t)
	}
	return false
}

// memResource names the memory an LLVM pointer type points into.
func memResource(t ir.Type) string {
	if p, ok := ScalarOf(t).(*PointerType); ok {
		switch p.AddrSpace {
		case GlobalAddrSpace:
			return "global"
		case SharedAddrSpace:
			return "shared"
		}
	}
	return ""
}

func appendAccessEffects(buf []ir.Effect, op *ir.Operation, ptr ir.Value, kinds ...ir.EffectKind) []ir.Effect {
	for _, k := range kinds {
		buf = append(buf, ir.Effect{Kind: k, Resource: memResource(ptr.Type()), Value: ptr})
	}
	// Volatile and ordered accesses must not move across each other:
	// model them as also writing memory in general.
	if op.Attr("volatile_") != nil || enumOf(op, "ordering", 0) > int64(Monotonic) {
		buf = append(buf, ir.Effect{Kind: ir.Write})
	}
	return buf
}

// AtomicRMWOp is `llvm.atomicrmw fadd %p, %v acq_rel : !llvm.ptr<1>, f32`.
var AtomicRMWOp = define("atomicrmw", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{val("ptr", cPtr), val("val", cAtomicRMW)},
	Results:  []asmfmt.Value{{Name: "res", Constraint: cAtomicRMW, Infer: sameAs("val")}},
	Attrs: []asmfmt.Attr{
		enumAttr("bin_op", AtomicBinOpEnum, false), enumAttr("ordering", AtomicOrderingEnum, false),
		strAttr("syncscope", true), i64Attr("alignment", true), unitAttr("volatile_"),
	},
	Format: "(`volatile` $volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict `:` " +
		"qualified(type($ptr)) `,` type($val)",
	Verify: verifyAtomicRMW,
})

func verifyAtomicRMW(op *ir.Operation) error {
	vt := op.Operand(1).Type()
	if op.Result(0).Type() != vt {
		return ir.OpErrorf(op, "failed to verify that result #0 and operand #1 have the same type")
	}
	kind := AtomicBinOp(enumOf(op, "bin_op", 0))
	switch {
	case kind == AtomicXchg:
		if !isAtomicScalar(vt) {
			return ir.OpErrorf(op, "unexpected LLVM IR type for 'xchg' bin_op")
		}
	case kind == AtomicFAdd || kind == AtomicFSub || kind == AtomicFMax || kind == AtomicFMin || kind > 18:
		if !IsFloatLike(vt) {
			return ir.OpErrorf(op, "expected LLVM IR floating point type")
		}
	default:
		it, ok := vt.(*ir.IntegerType)
		if !ok || it.Width < 8 || it.Width&(it.Width-1) != 0 {
			return ir.OpErrorf(op, "expected LLVM IR integer type")
		}
	}
	if AtomicOrdering(enumOf(op, "ordering", 0)) < Monotonic {
		return ir.OpErrorf(op, "expected at least 'monotonic' ordering")
	}
	return nil
}

// AtomicCmpXchgOp is `llvm.cmpxchg %p, %cmp, %new acq_rel monotonic :
// !llvm.ptr<1>, i32`; its result is `!llvm.struct<(i32, i1)>`.
var AtomicCmpXchgOp = define("cmpxchg", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{val("ptr", cPtr), {Name: "cmp", Constraint: cCmpXchg, Infer: sameAs("val")}, val("val", cCmpXchg)},
	Results: []asmfmt.Value{{Name: "res", Constraint: cStruct, Infer: func(ctx *ir.Context, known func(string) ir.Type) ir.Type {
		if t := known("val"); t != nil {
			return Struct(ctx, []ir.Type{t, ir.I1(ctx)}, false)
		}
		return nil
	}}},
	Attrs: []asmfmt.Attr{
		enumAttr("success_ordering", AtomicOrderingEnum, false), enumAttr("failure_ordering", AtomicOrderingEnum, false),
		strAttr("syncscope", true), i64Attr("alignment", true), unitAttr("weak"), unitAttr("volatile_"),
	},
	Format: "(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val (`syncscope` `(` $syncscope^ `)`)? " +
		"$success_ordering $failure_ordering attr-dict `:` qualified(type($ptr)) `,` type($val)",
	Verify: func(op *ir.Operation) error {
		vt := op.Operand(2).Type()
		if op.Operand(1).Type() != vt {
			return ir.OpErrorf(op, "failed to verify that operand #1 and operand #2 have the same type")
		}
		if op.Result(0).Type() != Struct(op.Context(), []ir.Type{vt, ir.I1(op.Context())}, false) {
			return ir.OpErrorf(op, "failed to verify that result #0 has an LLVM struct type consisting of the type of operand #2 and a bool")
		}
		s := AtomicOrdering(enumOf(op, "success_ordering", 0))
		f := AtomicOrdering(enumOf(op, "failure_ordering", 0))
		if s < Monotonic || f < Monotonic {
			return ir.OpErrorf(op, "ordering must be at least 'monotonic'")
		}
		if f == Release || f == AcqRel {
			return ir.OpErrorf(op, "failure ordering cannot be 'release' or 'acq_rel'")
		}
		return nil
	},
})

// FenceOp is `llvm.fence syncscope("agent") acq_rel`.
var FenceOp = define("fence", 0, asmfmt.Spec{
	Attrs:  []asmfmt.Attr{enumAttr("ordering", AtomicOrderingEnum, false), strAttr("syncscope", true)},
	Format: "(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict",
	Verify: func(op *ir.Operation) error {
		switch AtomicOrdering(enumOf(op, "ordering", 0)) {
		case NotAtomic, Unordered, Monotonic:
			return ir.OpErrorf(op, "can be given only acquire, release, acq_rel, and seq_cst orderings")
		}
		return nil
	},
})

func init() {
	LoadOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return appendAccessEffects(buf, op, op.Operand(0), ir.Read)
	}
	StoreOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return appendAccessEffects(buf, op, op.Operand(1), ir.Write)
	}
	AtomicRMWOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return appendAccessEffects(buf, op, op.Operand(0), ir.Read, ir.Write)
	}
	AtomicCmpXchgOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return appendAccessEffects(buf, op, op.Operand(0), ir.Read, ir.Write)
	}
	FenceOp.AppendEffects = func(_ *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Read}, ir.Effect{Kind: ir.Write})
	}
}
