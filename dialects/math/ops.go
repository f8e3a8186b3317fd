package math

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// opKind groups math ops by syntax and type constraints.
type opKind int

const (
	floatUnary   opKind = iota // $x (fastmath)? attr-dict : type
	floatBinary                // $a, $b (fastmath)? attr-dict : type
	floatTernary               // $a, $b, $c (fastmath)? attr-dict : type
	intUnary                   // $x attr-dict : type
	intBinary                  // $a, $b attr-dict : type
	fpowi                      // $a, $b (fastmath)? attr-dict : type($a), type($b)
	classify                   // $x (fastmath)? attr-dict : type($x)  -> i1-like
)

var kinds = map[*ir.OpDef]opKind{}

func newOp(name string, k opKind) *ir.OpDef {
	traits := ir.Pure | ir.Elementwise
	switch k {
	case floatUnary, floatBinary, floatTernary, intUnary, intBinary:
		traits |= ir.SameOperandsAndResultType
	case fpowi:
		traits |= ir.SameOperandsAndResultShape
	}
	d := Dialect.NewOp(name, traits)
	kinds[d] = k
	switch k {
	case floatUnary, floatBinary, floatTernary, fpowi, classify:
		d.Inherent = []string{"fastmath"}
	}
	d.Parse = func(p ir.OpParser, st *ir.OperationState) error { return parseOp(p, st, k) }
	d.Print = func(p ir.OpPrinter, op *ir.Operation) { printOp(p, op, k) }
	d.VerifyInvariants = func(op *ir.Operation) error { return verifyOp(op, k) }
	if len(d.Inherent) > 0 {
		d.DefaultAttrs = []ir.DefaultAttr{{Name: "fastmath", Value: func(ctx *ir.Context) ir.Attribute {
			return arith.FastMath(ctx, arith.FastMathNone)
		}}}
	}
	return d
}

// The math operations.
var (
	AbsFOp      = newOp("absf", floatUnary)
	AcosOp      = newOp("acos", floatUnary)
	AcoshOp     = newOp("acosh", floatUnary)
	AsinOp      = newOp("asin", floatUnary)
	AsinhOp     = newOp("asinh", floatUnary)
	AtanOp      = newOp("atan", floatUnary)
	AtanhOp     = newOp("atanh", floatUnary)
	CbrtOp      = newOp("cbrt", floatUnary)
	CeilOp      = newOp("ceil", floatUnary)
	CosOp       = newOp("cos", floatUnary)
	CoshOp      = newOp("cosh", floatUnary)
	ErfOp       = newOp("erf", floatUnary)
	ErfcOp      = newOp("erfc", floatUnary)
	ExpOp       = newOp("exp", floatUnary)
	Exp2Op      = newOp("exp2", floatUnary)
	ExpM1Op     = newOp("expm1", floatUnary)
	FloorOp     = newOp("floor", floatUnary)
	LogOp       = newOp("log", floatUnary)
	Log10Op     = newOp("log10", floatUnary)
	Log1pOp     = newOp("log1p", floatUnary)
	Log2Op      = newOp("log2", floatUnary)
	RoundOp     = newOp("round", floatUnary)
	RoundEvenOp = newOp("roundeven", floatUnary)
	RsqrtOp     = newOp("rsqrt", floatUnary)
	SinOp       = newOp("sin", floatUnary)
	SinhOp      = newOp("sinh", floatUnary)
	SqrtOp      = newOp("sqrt", floatUnary)
	TanOp       = newOp("tan", floatUnary)
	TanhOp      = newOp("tanh", floatUnary)
	TruncOp     = newOp("trunc", floatUnary)

	Atan2Op    = newOp("atan2", floatBinary)
	CopySignOp = newOp("copysign", floatBinary)
	PowFOp     = newOp("powf", floatBinary)

	FmaOp = newOp("fma", floatTernary)

	AbsIOp   = newOp("absi", intUnary)
	CtlzOp   = newOp("ctlz", intUnary)
	CttzOp   = newOp("cttz", intUnary)
	CtPopOp  = newOp("ctpop", intUnary)
	IPowIOp  = newOp("ipowi", intBinary)
	FPowIOp  = newOp("fpowi", fpowi)
	IsFinite = newOp("isfinite", classify)
	IsInf    = newOp("isinf", classify)
	IsNaN    = newOp("isnan", classify)
	IsNormal = newOp("isnormal", classify)
)

func arity(k opKind) int {
	switch k {
	case floatUnary, intUnary, classify:
		return 1
	case floatTernary:
		return 3
	}
	return 2
}

func parseOp(p ir.OpParser, st *ir.OperationState, k opKind) error {
	var ops []ir.UnresolvedOperand
	for i := 0; i < arity(k); i++ {
		if i > 0 {
			if err := p.ParseComma(); err != nil {
				return err
			}
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		ops = append(ops, u)
	}
	switch k {
	case floatUnary, floatBinary, floatTernary, fpowi, classify:
		if err := arith.ParseOptionalFastMath(p, st); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	types := make([]ir.Type, len(ops))
	for i := range types {
		types[i] = t
	}
	res := t
	switch k {
	case fpowi:
		if err := p.ParseComma(); err != nil {
			return err
		}
		if types[1], err = p.ParseType(); err != nil {
			return err
		}
	case classify:
		if !arith.FloatLike.Pred(t) {
			return p.ErrorfAt(st.Loc, "'operand' must be floating-point-like, but got '%s'", asm.TypeString(t))
		}
		res = arith.I1SameShape(p.Context(), t)
	}
	vals, err := p.ResolveOperands(ops, types)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{res}
	return nil
}

func printOp(p ir.OpPrinter, op *ir.Operation, k opKind) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	arith.PrintOptionalFastMath(p, op)
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" : ")
	switch k {
	case fpowi:
		p.PrintType(op.Operand(0).Type())
		p.WriteString(", ")
		p.PrintType(op.Operand(1).Type())
	case classify:
		p.PrintType(op.Operand(0).Type())
	default:
		p.PrintType(op.Result(0).Type())
	}
}

func verifyOp(op *ir.Operation, k opKind) error {
	if err := arith.CheckCounts(op, arity(k), 1); err != nil {
		return err
	}
	if err := arith.VerifyFastMathAttr(op); err != nil {
		return err
	}
	in, out := arith.FloatLike, arith.FloatLike
	switch k {
	case intUnary, intBinary:
		in, out = arith.SignlessIntegerLike, arith.SignlessIntegerLike
	case classify:
		out = arith.BoolLike
	}
	for i := 0; i < op.NumOperands(); i++ {
		c := in
		if k == fpowi && i == 1 {
			c = arith.SignlessIntegerLike
		}
		if err := arith.CheckOperand(op, i, c); err != nil {
			return err
		}
	}
	if err := arith.CheckResult(op, 0, out); err != nil {
		return err
	}
	switch k {
	case fpowi:
		if op.Operand(0).Type() != op.Result(0).Type() {
			return ir.OpErrorf(op, "failed to verify that all of {lhs, result} have same type")
		}
	case classify:
		if op.Result(0).Type() != arith.I1SameShape(op.Context(), op.Operand(0).Type()) {
			return ir.OpErrorf(op, "failed to verify that result type has i1 element type and same shape as operands")
		}
	}
	return nil
}

// NewUnary builds a one-operand math op (`math.exp`, ...) with default
// fastmath flags.
func NewUnary(b *ir.Builder, name string, loc ir.Location, x ir.Value) *ir.Operation {
	return newMathOp(b, name, loc, []ir.Value{x})
}

// NewBinary builds a two-operand math op (`math.powf`, ...).
func NewBinary(b *ir.Builder, name string, loc ir.Location, x, y ir.Value) *ir.Operation {
	return newMathOp(b, name, loc, []ir.Value{x, y})
}

// NewFma builds `math.fma a, b, c`.
func NewFma(b *ir.Builder, loc ir.Location, a, x, c ir.Value) *ir.Operation {
	return newMathOp(b, "math.fma", loc, []ir.Value{a, x, c})
}

func newMathOp(b *ir.Builder, name string, loc ir.Location, args []ir.Value) *ir.Operation {
	d := Dialect.Op(name)
	if d == nil {
		panic("math: unknown op " + name)
	}
	st := ir.NewState(b.Ctx, d.Name, loc)
	st.Operands = args
	t := args[0].Type()
	if kinds[d] == classify {
		t = arith.I1SameShape(b.Ctx, t)
	}
	st.Types = []ir.Type{t}
	if len(d.Inherent) > 0 {
		st.AddAttr("fastmath", arith.FastMath(b.Ctx, arith.FastMathNone))
	}
	return b.Create(st)
}
