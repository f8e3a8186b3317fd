package ttng

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// mbarrier ops: an mbarrier is a 1xi64 buffer in shared memory.

// InitBarrier is `ttng.init_barrier %bar, COUNT : !ttg.memdesc<1xi64, ...>`.
var InitBarrier = define("init_barrier", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("alloc")},
	Attrs:    []asmfmt.Attr{ttg.I32Attr("count")},
	Format:   "$alloc `,` $count attr-dict `:` qualified(type($alloc))",
	Verify:   func(op *ir.Operation) error { return verifyBarrierType(op, op.Operand(0)) },
})

// InvalBarrier is `ttng.inval_barrier %bar : ...`.
var InvalBarrier = define("inval_barrier", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("alloc")},
	Format:   "$alloc attr-dict `:` qualified(type($alloc))",
	Verify:   func(op *ir.Operation) error { return verifyBarrierType(op, op.Operand(0)) },
})

// BarrierExpect is `ttng.barrier_expect %bar, BYTES, %pred : ...`.
var BarrierExpect = define("barrier_expect", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("alloc"), i1Operand("pred")},
	Attrs:    []asmfmt.Attr{ttg.I32Attr("size")},
	Format:   "$alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))",
	Verify:   func(op *ir.Operation) error { return verifyBarrierType(op, op.Operand(0)) },
})

// WaitBarrier is `ttng.wait_barrier %bar, %phase[, %pred] [deps %d...] :
// types`.
var WaitBarrier = define("wait_barrier", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{
		memdesc("alloc"), i32Operand("phase"),
		{Name: "pred", Kind: asmfmt.Optional, Constraint: ttg.I1C, Infer: ttg.Fixed(ttg.I1)},
		{Name: "deps", Kind: asmfmt.Variadic, Constraint: ttg.MemDescC},
	},
	Segments: true,
	Format:   "$alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict `:` qualified(type($alloc)) (`,` type($deps)^)?",
	Verify:   func(op *ir.Operation) error { return verifyBarrierType(op, op.Operand(0)) },
})

// ArriveBarrier is `ttng.arrive_barrier %bar, COUNT[, %pred] : ...`.
var ArriveBarrier = define("arrive_barrier", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("alloc"), {Name: "pred", Kind: asmfmt.Optional, Constraint: ttg.I1C, Infer: ttg.Fixed(ttg.I1)}},
	Attrs:    []asmfmt.Attr{ttg.I32Attr("count")},
	Format:   "$alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))",
	Verify: func(op *ir.Operation) error {
		if err := verifyBarrierType(op, op.Operand(0)); err != nil {
			return err
		}
		if c, _ := op.Attr("count").(*ir.IntegerAttr); c != nil && c.Int() < 1 {
			return ir.OpErrorf(op, "count must be greater than or equal to 1")
		}
		return nil
	},
})

// AsyncCopyMbarrierArrive is `ttng.async_copy_mbarrier_arrive %bar : ...`.
var AsyncCopyMbarrierArrive = define("async_copy_mbarrier_arrive", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("barrier")},
	Attrs:    []asmfmt.Attr{{Name: "noIncrement", Kind: asmfmt.UnitAttr, Optional: true}},
	Format:   "$barrier attr-dict `:` qualified(type($barrier))",
})

func init() {
	write := func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, shared(ir.Write, op.Operand(0)))
	}
	rw := func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, shared(ir.Read, op.Operand(0)), shared(ir.Write, op.Operand(0)))
	}
	InitBarrier.Def.AppendEffects = write
	InvalBarrier.Def.AppendEffects = write
	BarrierExpect.Def.AppendEffects = write
	WaitBarrier.Def.AppendEffects = rw
	ArriveBarrier.Def.AppendEffects = rw
	AsyncCopyMbarrierArrive.Def.AppendEffects = write
}
