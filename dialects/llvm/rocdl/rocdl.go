// Package rocdl defines the subset of MLIR's ROCDL dialect that Triton's
// LLVM-dialect dumps for AMD GPUs contain, with MLIR's exact syntax, so
// that those dumps parse, verify and print back unchanged. (MLIR keeps
// ROCDL beside the LLVM dialect; so does tt.)
//
//	%i = rocdl.workitem.id.x : i32          (workitem.id, workgroup.id, x/y/z)
//	rocdl.barrier / rocdl.s.barrier / rocdl.s.waitcnt 49279
//	%r = rocdl.update.dpp %old, %src with 78, 15, 15, false : i32
//	%l = rocdl.readlane %v, %lane : (i32, i32) -> i32
//	%p = rocdl.ds_bpermute %addr, %v : (i32, i32) -> i32
//	%b = rocdl.ballot %pred : i64
//	%r = rocdl.make.buffer.rsrc %base, %stride, %num, %flags : <1> to <8>
//	%v = rocdl.raw.ptr.buffer.load %rsrc, %off, %soff, %aux : vector<4xf32>
//	rocdl.raw.ptr.buffer.store %v, %rsrc, %off, %soff, %aux : vector<4xf32>
//
// tt's own lowering does not produce rocdl ops: it emits target-neutral
// `gpu` ops, which targets/llvmir maps to AMDGPU intrinsics.
package rocdl

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Dialect is the rocdl dialect; it depends on llvm.
var Dialect = &ir.Dialect{Name: "rocdl", Dependents: []*ir.Dialect{llvm.Dialect}}

// Load registers the rocdl (and llvm) dialects in ctx.
func Load(ctx *ir.Context) { ctx.Load(Dialect) }

func width(n int) *asmfmt.Constraint {
	return &asmfmt.Constraint{Summary: itoa(n) + "-bit signless integer", Check: func(t ir.Type) bool { return ir.IsInteger(t, n) }}
}

var (
	i32C = width(32)
	anyC = &asmfmt.Constraint{Summary: "LLVM dialect-compatible type", Check: llvm.IsCompatibleType}
	ptrC = &asmfmt.Constraint{Summary: "LLVM pointer type", Check: func(t ir.Type) bool {
		_, ok := t.(*llvm.PointerType)
		return ok
	}}
	ptrClass = &asmfmt.Class{
		Is:    func(t ir.Type) bool { _, ok := t.(*llvm.PointerType); return ok },
		Parse: llvm.ParsePtrType,
	}
	intC = &asmfmt.Constraint{Summary: "integer", Check: func(t ir.Type) bool {
		_, ok := t.(*ir.IntegerType)
		return ok
	}}
)

func fixed(t func(*ir.Context) ir.Type) func(*ir.Context, func(string) ir.Type) ir.Type {
	return func(ctx *ir.Context, _ func(string) ir.Type) ir.Type { return t(ctx) }
}

func sameAs(name string) func(*ir.Context, func(string) ir.Type) ir.Type {
	return func(_ *ir.Context, known func(string) ir.Type) ir.Type { return known(name) }
}

func i1(ctx *ir.Context) ir.Type  { return ir.I1(ctx) }
func i16(ctx *ir.Context) ir.Type { return ir.I16(ctx) }
func i32(ctx *ir.Context) ir.Type { return ir.I32(ctx) }
func i64(ctx *ir.Context) ir.Type { return ir.I64(ctx) }
func rsrcPtr(ctx *ir.Context) ir.Type {
	return llvm.Ptr(ctx, 8)
}

func typedAttr(name string, t func(*ir.Context) ir.Type, bits int) asmfmt.Attr {
	return asmfmt.Attr{Name: name, Kind: asmfmt.TypedAttr, Type: t, Check: func(a ir.Attribute) bool {
		ia, ok := a.(*ir.IntegerAttr)
		return ok && ir.IsInteger(ia.Typ, bits)
	}, Summary: itoa(bits) + "-bit signless integer attribute"}
}

func define(name string, traits ir.Traits, spec asmfmt.Spec) *ir.OpDef {
	def := Dialect.NewOp(name, traits)
	asmfmt.Install(def, spec)
	return def
}

func init() {
	for _, n := range []string{"workitem.id", "workgroup.id", "workgroup.dim", "grid.dim"} {
		for _, d := range []string{"x", "y", "z"} {
			def := Dialect.NewOp(n+"."+d, ir.Pure)
			def.Inherent = []string{"range"}
			def.Parse = llvm.ParseRangedRegister
			def.Print = llvm.PrintRangedRegister
			def.Verify = llvm.VerifyRangedRegister
		}
	}
}

// The synchronization ops.
var (
	BarrierOp  = define("barrier", 0, asmfmt.Spec{Format: "attr-dict"})
	SBarrierOp = define("s.barrier", 0, asmfmt.Spec{Format: "attr-dict"})
	SWaitcntOp = define("s.waitcnt", 0, asmfmt.Spec{
		Attrs:  []asmfmt.Attr{typedAttr("bitfield", i32, 32)},
		Format: "$bitfield attr-dict",
	})
	// SchedBarrierOp is `rocdl.sched.barrier MASK`: the backend moves no
	// instruction across it except the kinds MASK allows (0: none).
	SchedBarrierOp = define("sched.barrier", 0, asmfmt.Spec{
		Attrs:  []asmfmt.Attr{typedAttr("mask", i32, 32)},
		Format: "$mask attr-dict",
	})
	// SchedGroupBarrierOp is `rocdl.sched.group.barrier MASK, SIZE, GROUP`:
	// SIZE instructions of the kinds MASK selects form scheduling group
	// GROUP here.
	SchedGroupBarrierOp = define("sched.group.barrier", 0, asmfmt.Spec{
		Attrs: []asmfmt.Attr{typedAttr("mask", i32, 32), typedAttr("size", i32, 32),
			typedAttr("groupId", i32, 32)},
		Format: "$mask `,` $size `,` $groupId attr-dict",
	})
	// SetPrioOp is `rocdl.s.setprio P`: the wave's issue priority (0-3).
	SetPrioOp = define("s.setprio", 0, asmfmt.Spec{
		Attrs:  []asmfmt.Attr{typedAttr("priority", i16, 16)},
		Format: "$priority attr-dict",
	})
)

// The cross-lane ops.
var (
	UpdateDPPOp = define("update.dpp", ir.NoMemoryEffect, asmfmt.Spec{
		Operands: []asmfmt.Value{{Name: "old", Constraint: anyC, Infer: sameAs("src")}, {Name: "src", Constraint: anyC}},
		Results:  []asmfmt.Value{{Name: "res", Constraint: anyC, Infer: sameAs("src")}},
		Attrs: []asmfmt.Attr{typedAttr("dppCtrl", i32, 32), typedAttr("rowMask", i32, 32),
			typedAttr("bankMask", i32, 32), typedAttr("boundCtrl", i1, 1)},
		Format: "attr-dict $old `,` $src `with` $dppCtrl `,` $rowMask `,` $bankMask `,` $boundCtrl `:` type($src)",
	})
	ReadlaneOp = define("readlane", ir.NoMemoryEffect, asmfmt.Spec{
		Operands: []asmfmt.Value{{Name: "src0", Constraint: anyC}, {Name: "src1", Constraint: i32C}},
		Results:  []asmfmt.Value{{Name: "res", Constraint: anyC}},
		Format:   "$src0 `,` $src1 attr-dict `:` `(` type($src0) `,` type($src1) `)` `->` type($res)",
	})
	DsBpermuteOp = define("ds_bpermute", ir.NoMemoryEffect, asmfmt.Spec{
		Operands: []asmfmt.Value{{Name: "index", Constraint: i32C}, {Name: "src", Constraint: anyC}},
		Results:  []asmfmt.Value{{Name: "res", Constraint: anyC}},
		Format:   "$index `,` $src attr-dict `:` `(` type($index) `,` type($src) `)` `->` type($res)",
	})
	BallotOp = define("ballot", ir.NoMemoryEffect, asmfmt.Spec{
		Operands: []asmfmt.Value{{Name: "pred", Constraint: width(1), Infer: fixed(i1)}},
		Results:  []asmfmt.Value{{Name: "res", Constraint: intC}},
		Format:   "$pred attr-dict `:` type($res)",
	})
)

// The buffer ops.
var (
	MakeBufferRsrcOp = define("make.buffer.rsrc", ir.Pure, asmfmt.Spec{
		Operands: []asmfmt.Value{
			{Name: "base", Constraint: ptrC, Class: ptrClass},
			{Name: "stride", Constraint: width(16), Infer: fixed(i16)},
			{Name: "numRecords", Constraint: width(64), Infer: fixed(i64)},
			{Name: "flags", Constraint: i32C, Infer: fixed(i32)},
		},
		Results: []asmfmt.Value{{Name: "res", Constraint: ptrC, Class: ptrClass}},
		Format:  "operands attr-dict `:` type($base) `to` type($res)",
	})
	RawPtrBufferLoadOp = define("raw.ptr.buffer.load", 0, asmfmt.Spec{
		Operands: []asmfmt.Value{
			{Name: "rsrc", Constraint: ptrC, Infer: fixed(rsrcPtr)},
			{Name: "offset", Constraint: i32C, Infer: fixed(i32)},
			{Name: "soffset", Constraint: i32C, Infer: fixed(i32)},
			{Name: "aux", Constraint: i32C, Infer: fixed(i32)},
		},
		Results: []asmfmt.Value{{Name: "res", Constraint: anyC}},
		Format:  "operands attr-dict `:` type($res)",
	})
	RawPtrBufferStoreOp = define("raw.ptr.buffer.store", 0, asmfmt.Spec{
		Operands: []asmfmt.Value{
			{Name: "vdata", Constraint: anyC},
			{Name: "rsrc", Constraint: ptrC, Infer: fixed(rsrcPtr)},
			{Name: "offset", Constraint: i32C, Infer: fixed(i32)},
			{Name: "soffset", Constraint: i32C, Infer: fixed(i32)},
			{Name: "aux", Constraint: i32C, Infer: fixed(i32)},
		},
		Format: "operands attr-dict `:` type($vdata)",
	})
)

func init() {
	rw := func(_ *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Read}, ir.Effect{Kind: ir.Write})
	}
	BarrierOp.AppendEffects = rw
	SBarrierOp.AppendEffects = rw
	SWaitcntOp.AppendEffects = rw
	RawPtrBufferLoadOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Read, Resource: "global"})
	}
	RawPtrBufferStoreOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Write, Resource: "global"})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
