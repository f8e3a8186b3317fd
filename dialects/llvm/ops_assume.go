package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// AssumeOp is `llvm.intr.assume %cond : i1`, the hint Triton's tl.assume
// emits in TTIR: the optimizer may take the condition as true. It has no
// results and no effect beyond the hint.
var AssumeOp = define("intr.assume", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{val("cond", cI1Scalar)},
	Format:   "$cond attr-dict `:` type($cond)",
})

var cI1Scalar = &asmfmt.Constraint{Summary: "1-bit signless integer", Check: func(t ir.Type) bool { return ir.IsInteger(t, 1) }}
