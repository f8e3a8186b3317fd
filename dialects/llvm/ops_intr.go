package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// The `llvm.intr.*` operations the lowering uses: `%r =
// llvm.intr.maxnum(%a, %b) : (f32, f32) -> f32`. Each maps to the LLVM
// intrinsic `llvm.<name>` overloaded on its type.

func intrinsic(name string, arity int, c *asmfmt.Constraint, withFastmath bool) *ir.OpDef {
	names := []string{"in"}
	if arity == 2 {
		names = []string{"a", "b"}
	} else if arity == 3 {
		names = []string{"a", "b", "c"}
	}
	var ops []asmfmt.Value
	for _, n := range names {
		ops = append(ops, val(n, c))
	}
	spec := asmfmt.Spec{
		Operands: ops,
		Results:  []asmfmt.Value{val("res", c)},
		Format:   "`(` operands `)` attr-dict `:` functional-type(operands, results)",
	}
	if withFastmath {
		spec.Attrs = []asmfmt.Attr{fastmathAttr()}
	}
	def := define("intr."+name, ir.Pure|ir.SameOperandsAndResultType, spec)
	intrinsicOps[def.Name] = def
	return def
}

// intrinsicOps maps op names to their defs (IsIntrinsic).
var intrinsicOps = map[string]*ir.OpDef{}

// IsIntrinsic reports whether op is one of the llvm.intr.* operations and
// returns the LLVM intrinsic base name (`llvm.maxnum`).
func IsIntrinsic(op *ir.Operation) (string, bool) {
	if _, ok := intrinsicOps[op.Name()]; !ok {
		return "", false
	}
	return "llvm." + op.Name()[len("llvm.intr."):], true
}

// The float intrinsics.
var (
	FMAOp       = intrinsic("fma", 3, cFlt, true)
	FMulAddOp   = intrinsic("fmuladd", 3, cFlt, true)
	MaxNumOp    = intrinsic("maxnum", 2, cFlt, true)
	MinNumOp    = intrinsic("minnum", 2, cFlt, true)
	MaximumOp   = intrinsic("maximum", 2, cFlt, true)
	MinimumOp   = intrinsic("minimum", 2, cFlt, true)
	CopySignOp  = intrinsic("copysign", 2, cFlt, true)
	PowOp       = intrinsic("pow", 2, cFlt, true)
	FAbsOp      = intrinsic("fabs", 1, cFlt, true)
	SqrtOp      = intrinsic("sqrt", 1, cFlt, true)
	ExpOp       = intrinsic("exp", 1, cFlt, true)
	Exp2Op      = intrinsic("exp2", 1, cFlt, true)
	LogOp       = intrinsic("log", 1, cFlt, true)
	Log2Op      = intrinsic("log2", 1, cFlt, true)
	SinOp       = intrinsic("sin", 1, cFlt, true)
	CosOp       = intrinsic("cos", 1, cFlt, true)
	FloorOp     = intrinsic("floor", 1, cFlt, true)
	CeilOp      = intrinsic("ceil", 1, cFlt, true)
	RoundOp     = intrinsic("round", 1, cFlt, true)
	RoundEvenOp = intrinsic("roundeven", 1, cFlt, true)
	FTruncOp    = intrinsic("trunc", 1, cFlt, true)
)

// The integer intrinsics.
var (
	SMaxOp       = intrinsic("smax", 2, cInt, false)
	SMinOp       = intrinsic("smin", 2, cInt, false)
	UMaxOp       = intrinsic("umax", 2, cInt, false)
	UMinOp       = intrinsic("umin", 2, cInt, false)
	CtPopOp      = intrinsic("ctpop", 1, cInt, false)
	BitReverseOp = intrinsic("bitreverse", 1, cInt, false)
	ByteSwapOp   = intrinsic("bswap", 1, cInt, false)
	FshlOp       = intrinsic("fshl", 3, cInt, false)
	FshrOp       = intrinsic("fshr", 3, cInt, false)
)
