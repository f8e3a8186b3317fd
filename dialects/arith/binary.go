package arith

import (
	"github.com/ttcompiler/tt/ir"
)

// binaryFlag selects the optional flag group of a binary op's syntax.
type binaryFlag int

const (
	flagNone     binaryFlag = iota
	flagOverflow            // (`overflow` `` $overflowFlags^)?
	flagExact               // (`exact` $isExact^)?
	flagFastMath            // (`fastmath` `` $fastmath^)?
)

// The binary operations. Integer ops take SignlessIntegerLike operands,
// float ops FloatLike ones; all have one type for operands and result.
var (
	AddIOp       = newBinary("addi", flagOverflow, ir.Pure|ir.Commutative)
	SubIOp       = newBinary("subi", flagOverflow, ir.Pure)
	MulIOp       = newBinary("muli", flagOverflow, ir.Pure|ir.Commutative)
	DivUIOp      = newBinary("divui", flagExact, ir.NoMemoryEffect)
	DivSIOp      = newBinary("divsi", flagExact, ir.NoMemoryEffect)
	CeilDivUIOp  = newBinary("ceildivui", flagNone, ir.NoMemoryEffect)
	CeilDivSIOp  = newBinary("ceildivsi", flagNone, ir.NoMemoryEffect)
	FloorDivSIOp = newBinary("floordivsi", flagNone, ir.Pure)
	RemUIOp      = newBinary("remui", flagNone, ir.Pure)
	RemSIOp      = newBinary("remsi", flagNone, ir.Pure)
	AndIOp       = newBinary("andi", flagNone, ir.Pure|ir.Commutative|ir.Idempotent)
	OrIOp        = newBinary("ori", flagNone, ir.Pure|ir.Commutative|ir.Idempotent)
	XOrIOp       = newBinary("xori", flagNone, ir.Pure|ir.Commutative)
	ShLIOp       = newBinary("shli", flagOverflow, ir.Pure)
	ShRUIOp      = newBinary("shrui", flagExact, ir.Pure)
	ShRSIOp      = newBinary("shrsi", flagExact, ir.Pure)
	MaxSIOp      = newBinary("maxsi", flagNone, ir.Pure|ir.Commutative)
	MaxUIOp      = newBinary("maxui", flagNone, ir.Pure|ir.Commutative)
	MinSIOp      = newBinary("minsi", flagNone, ir.Pure|ir.Commutative)
	MinUIOp      = newBinary("minui", flagNone, ir.Pure|ir.Commutative)

	AddFOp     = newBinary("addf", flagFastMath, ir.Pure|ir.Commutative)
	SubFOp     = newBinary("subf", flagFastMath, ir.Pure)
	MulFOp     = newBinary("mulf", flagFastMath, ir.Pure|ir.Commutative)
	DivFOp     = newBinary("divf", flagFastMath, ir.Pure)
	RemFOp     = newBinary("remf", flagFastMath, ir.Pure)
	MaximumFOp = newBinary("maximumf", flagFastMath, ir.Pure|ir.Commutative)
	MinimumFOp = newBinary("minimumf", flagFastMath, ir.Pure|ir.Commutative)
	MaxNumFOp  = newBinary("maxnumf", flagFastMath, ir.Pure|ir.Commutative)
	MinNumFOp  = newBinary("minnumf", flagFastMath, ir.Pure|ir.Commutative)

	// NegFOp is the float unary `arith.negf`.
	NegFOp = newUnaryFloat("negf")
)

// binaryInfo records the syntax flag and operand constraint of each op.
var binaryInfo = map[*ir.OpDef]struct {
	flag binaryFlag
	c    Constraint
}{}

func flagAttrName(f binaryFlag) string {
	switch f {
	case flagOverflow:
		return "overflowFlags"
	case flagExact:
		return "isExact"
	case flagFastMath:
		return "fastmath"
	}
	return ""
}

func newBinary(name string, flag binaryFlag, traits ir.Traits) *ir.OpDef {
	d := Dialect.NewOp(name, traits|ir.SameOperandsAndResultType|ir.Elementwise)
	c := SignlessIntegerLike
	if flag == flagFastMath {
		c = FloatLike
	}
	binaryInfo[d] = struct {
		flag binaryFlag
		c    Constraint
	}{flag, c}
	if n := flagAttrName(flag); n != "" {
		d.Inherent = []string{n}
	}
	d.Parse = func(p ir.OpParser, st *ir.OperationState) error { return parseBinary(p, st, flag) }
	d.Print = func(p ir.OpPrinter, op *ir.Operation) { printBinary(p, op, flag) }
	d.DefaultAttrs = defaultFlagAttrs(flag)
	d.VerifyInvariants = func(op *ir.Operation) error {
		if err := CheckCounts(op, 2, 1); err != nil {
			return err
		}
		if err := verifyFlagAttr(op, flag); err != nil {
			return err
		}
		for i := 0; i < 2; i++ {
			if err := CheckOperand(op, i, c); err != nil {
				return err
			}
		}
		return CheckResult(op, 0, c)
	}
	return d
}

func newUnaryFloat(name string) *ir.OpDef {
	d := Dialect.NewOp(name, ir.Pure|ir.SameOperandsAndResultType|ir.Elementwise)
	d.Inherent = []string{"fastmath"}
	d.Parse = func(p ir.OpParser, st *ir.OperationState) error {
		return ParseUnaryWithFastMath(p, st, true)
	}
	d.Print = func(p ir.OpPrinter, op *ir.Operation) { PrintUnaryWithFastMath(p, op) }
	d.DefaultAttrs = defaultFlagAttrs(flagFastMath)
	d.VerifyInvariants = func(op *ir.Operation) error {
		if err := CheckCounts(op, 1, 1); err != nil {
			return err
		}
		if err := verifyFlagAttr(op, flagFastMath); err != nil {
			return err
		}
		if err := CheckOperand(op, 0, FloatLike); err != nil {
			return err
		}
		return CheckResult(op, 0, FloatLike)
	}
	return d
}

// defaultFlagAttrs returns the default-valued attribute of a
// DefaultValuedAttr flag (MLIR materializes it on every creation), or
// nil for a flag without one.
func defaultFlagAttrs(f binaryFlag) []ir.DefaultAttr {
	if f != flagOverflow && f != flagFastMath {
		return nil
	}
	return []ir.DefaultAttr{{Name: flagAttrName(f), Value: func(ctx *ir.Context) ir.Attribute { return defaultFlag(ctx, f) }}}
}

// defaultFlag returns the value a DefaultValuedAttr flag takes when the
// custom syntax omits it (nil for optional unit flags).
func defaultFlag(ctx *ir.Context, f binaryFlag) ir.Attribute {
	switch f {
	case flagOverflow:
		return Overflow(ctx, OverflowNone)
	case flagFastMath:
		return FastMath(ctx, FastMathNone)
	}
	return nil
}

// parseFlag parses the optional flag group of the given kind.
func parseFlag(p ir.OpParser, st *ir.OperationState, f binaryFlag) error {
	switch f {
	case flagOverflow:
		if _, ok := p.ParseOptionalKeyword("overflow"); ok {
			a, err := parseStrippedOrFull(p, parseOverflowBody, "#arith.overflow")
			if err != nil {
				return err
			}
			st.AddAttr("overflowFlags", a)
			return nil
		}
	case flagExact:
		if _, ok := p.ParseOptionalKeyword("exact"); ok {
			st.AddAttr("isExact", ir.Unit(p.Context()))
		}
		return nil
	case flagFastMath:
		return parseOptionalFastMath(p, st, true)
	default:
		return nil
	}
	st.AddAttr(flagAttrName(f), defaultFlag(p.Context(), f))
	return nil
}

// parseOptionalFastMath parses (`fastmath` “ $fastmath^)?; setDefault
// stores fastmath<none> when absent (DefaultValuedAttr) instead of
// leaving it unset (OptionalAttr).
func parseOptionalFastMath(p ir.OpParser, st *ir.OperationState, setDefault bool) error {
	if _, ok := p.ParseOptionalKeyword("fastmath"); ok {
		a, err := parseStrippedOrFull(p, parseFastMathBody, "#arith.fastmath")
		if err != nil {
			return err
		}
		st.AddAttr("fastmath", a)
		return nil
	}
	if setDefault {
		st.AddAttr("fastmath", FastMath(p.Context(), FastMathNone))
	}
	return nil
}

// printFlag prints the flag group when it differs from its default.
func printFlag(p ir.OpPrinter, op *ir.Operation, f binaryFlag) {
	switch f {
	case flagOverflow:
		if a, ok := op.Attr("overflowFlags").(*OverflowAttr); ok && a.Flags != OverflowNone {
			p.WriteString(" overflow")
			a.PrintParams(p)
		}
	case flagExact:
		if op.Attr("isExact") != nil {
			p.WriteString(" exact")
		}
	case flagFastMath:
		PrintOptionalFastMath(p, op)
	}
}

// PrintOptionalFastMath prints ` fastmath<flags>` unless the flags are
// absent or none.
func PrintOptionalFastMath(p ir.OpPrinter, op *ir.Operation) {
	if a, ok := op.Attr("fastmath").(*FastMathAttr); ok && a.Flags != FastMathNone {
		p.WriteString(" fastmath")
		a.PrintParams(p)
	}
}

// verifyFlagAttr checks the type of the flag attribute when present.
func verifyFlagAttr(op *ir.Operation, f binaryFlag) error {
	n := flagAttrName(f)
	a := op.Attr(n)
	if a == nil {
		return nil
	}
	ok := true
	switch f {
	case flagOverflow:
		_, ok = a.(*OverflowAttr)
	case flagFastMath:
		_, ok = a.(*FastMathAttr)
	case flagExact:
		_, ok = a.(*ir.UnitAttr)
	}
	if !ok {
		desc := map[binaryFlag]string{flagOverflow: "Integer overflow arith flags", flagFastMath: "Floating point fast math flags", flagExact: "unit attribute"}[f]
		return ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: %s", n, desc)
	}
	return nil
}

// syntax: $lhs `,` $rhs <flag> attr-dict `:` type($result)
func parseBinary(p ir.OpParser, st *ir.OperationState, f binaryFlag) error {
	lhs, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	rhs, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := parseFlag(p, st, f); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	vals, err := p.ResolveOperands([]ir.UnresolvedOperand{lhs, rhs}, []ir.Type{t, t})
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{t}
	return nil
}

func printBinary(p ir.OpPrinter, op *ir.Operation, f binaryFlag) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	printFlag(p, op, f)
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

// ParseUnaryWithFastMath parses `$operand (fastmath<...>)? attr-dict :
// type` (arith.negf and the math dialect's float ops).
func ParseUnaryWithFastMath(p ir.OpParser, st *ir.OperationState, withFastMath bool) error {
	x, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if withFastMath {
		if err := parseOptionalFastMath(p, st, true); err != nil {
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
	v, err := p.ResolveOperand(x, t)
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{v}
	st.Types = []ir.Type{t}
	return nil
}

// PrintUnaryWithFastMath prints the form ParseUnaryWithFastMath reads.
func PrintUnaryWithFastMath(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	PrintOptionalFastMath(p, op)
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

// ParseBinaryWithFastMath and PrintBinaryWithFastMath are the float binary
// syntax, exported for the math dialect.
func ParseBinaryWithFastMath(p ir.OpParser, st *ir.OperationState) error {
	return parseBinary(p, st, flagFastMath)
}

// PrintBinaryWithFastMath prints `%a, %b fastmath<..> {attrs} : type`.
func PrintBinaryWithFastMath(p ir.OpPrinter, op *ir.Operation) { printBinary(p, op, flagFastMath) }

// ParseOptionalFastMath parses (`fastmath` “ $fastmath^)? and stores the
// default none when absent.
func ParseOptionalFastMath(p ir.OpParser, st *ir.OperationState) error {
	return parseOptionalFastMath(p, st, true)
}

// VerifyFastMathAttr checks that a present `fastmath` is #arith.fastmath.
func VerifyFastMathAttr(op *ir.Operation) error { return verifyFlagAttr(op, flagFastMath) }

// NewBinary builds a binary arith op (name "arith.addi" or "addi") with
// default flags; the result has the type of x.
func NewBinary(b *ir.Builder, name string, loc ir.Location, x, y ir.Value) *ir.Operation {
	d := Dialect.Op(name)
	if d == nil {
		panic("arith: unknown binary op " + name)
	}
	// The lists go to CreateOp, which keeps none of them: they stay on
	// the stack.
	var flag [1]ir.NamedAttr
	attrs := flag[:0]
	if info, ok := binaryInfo[d]; ok {
		if a := defaultFlag(b.Ctx, info.flag); a != nil {
			attrs = append(attrs, ir.NamedAttr{Name: flagAttrName(info.flag), Value: a})
		}
	}
	return b.CreateOp(d.Name, loc, []ir.Value{x, y}, []ir.Type{x.Type()}, attrs...)
}

// NewNegF builds `arith.negf x`.
func NewNegF(b *ir.Builder, loc ir.Location, x ir.Value) *ir.Operation {
	return b.CreateOp("arith.negf", loc, []ir.Value{x}, []ir.Type{x.Type()},
		ir.NamedAttr{Name: "fastmath", Value: FastMath(b.Ctx, FastMathNone)})
}
