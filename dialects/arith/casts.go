package arith

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// castKind says which operand/result kinds a cast converts between and how
// their widths must relate.
type castKind int

const (
	castExtI castKind = iota // wider integer
	castTruncI
	castExtF
	castTruncF
	castIToF
	castFToI
	castIndex
	castBitcast
)

// The cast operations: `arith.<name> %x : T to U`.
var (
	ExtUIOp       = newCast("extui", castExtI)
	ExtSIOp       = newCast("extsi", castExtI)
	TruncIOp      = newCast("trunci", castTruncI)
	ExtFOp        = newCast("extf", castExtF)
	TruncFOp      = newCast("truncf", castTruncF)
	UIToFPOp      = newCast("uitofp", castIToF)
	SIToFPOp      = newCast("sitofp", castIToF)
	FPToUIOp      = newCast("fptoui", castFToI)
	FPToSIOp      = newCast("fptosi", castFToI)
	IndexCastOp   = newCast("index_cast", castIndex)
	IndexCastUIOp = newCast("index_castui", castIndex)
	BitcastOp     = newCast("bitcast", castBitcast)
)

var castKinds = map[*ir.OpDef]castKind{}

func (k castKind) constraints() (in, out Constraint) {
	switch k {
	case castExtI, castTruncI:
		return SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike
	case castExtF, castTruncF:
		return FloatLike, FloatLike
	case castIToF:
		return SignlessFixedWidthIntegerLike, FloatLike
	case castFToI:
		return FloatLike, SignlessFixedWidthIntegerLike
	case castIndex:
		return IndexCastLike, IndexCastLike
	}
	return BitcastLike, BitcastLike
}

func newCast(name string, k castKind) *ir.OpDef {
	d := Dialect.NewOp(name, ir.Pure|ir.SameOperandsAndResultShape|ir.Elementwise)
	castKinds[d] = k
	switch k {
	case castTruncI:
		d.Inherent = []string{"overflowFlags"}
	case castExtF:
		d.Inherent = []string{"fastmath"}
	case castTruncF:
		d.Inherent = []string{"fastmath", "roundingmode"}
	}
	d.Parse = func(p ir.OpParser, st *ir.OperationState) error { return parseCast(p, st, k) }
	d.Print = func(p ir.OpPrinter, op *ir.Operation) { printCast(p, op, k) }
	if k == castTruncI {
		d.DefaultAttrs = defaultFlagAttrs(flagOverflow)
	}
	d.VerifyInvariants = func(op *ir.Operation) error { return verifyCastInvariants(op, k) }
	d.Verify = func(op *ir.Operation) error { return verifyCast(op, k) }
	return d
}

// syntax: $in <flags> attr-dict `:` type($in) `to` type($out)
func parseCast(p ir.OpParser, st *ir.OperationState, k castKind) error {
	x, err := p.ParseOperand()
	if err != nil {
		return err
	}
	switch k {
	case castTruncI:
		if err := parseFlag(p, st, flagOverflow); err != nil {
			return err
		}
	case castExtF:
		if err := parseOptionalFastMath(p, st, false); err != nil {
			return err
		}
	case castTruncF:
		if kw, ok := p.ParseOptionalKeyword(roundingModeNames...); ok {
			m, _ := RoundingModeByName(kw)
			st.AddAttr("roundingmode", RoundingModeAttr(p.Context(), m))
		}
		if err := parseOptionalFastMath(p, st, false); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	in, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.ParseExpectedKeyword("to"); err != nil {
		return err
	}
	out, err := p.ParseType()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(x, in)
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{v}
	st.Types = []ir.Type{out}
	return nil
}

func printCast(p ir.OpPrinter, op *ir.Operation, k castKind) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	switch k {
	case castTruncI:
		printFlag(p, op, flagOverflow)
	case castTruncF:
		if m, ok := RoundingModeOf(op); ok {
			p.WriteString(" " + m.String())
		}
		PrintOptionalFastMath(p, op)
	case castExtF:
		PrintOptionalFastMath(p, op)
	}
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" to ")
	p.PrintType(op.Result(0).Type())
}

// verifyCastInvariants checks the ODS constraints of a cast.
func verifyCastInvariants(op *ir.Operation, k castKind) error {
	if err := CheckCounts(op, 1, 1); err != nil {
		return err
	}
	switch k {
	case castTruncI:
		if err := verifyFlagAttr(op, flagOverflow); err != nil {
			return err
		}
	case castExtF, castTruncF:
		if err := verifyFlagAttr(op, flagFastMath); err != nil {
			return err
		}
		if k == castTruncF {
			if err := verifyEnumAttr(op, "roundingmode", 32, len(roundingModeNames), false); err != nil {
				return err
			}
		}
	}
	cin, cout := k.constraints()
	if err := CheckOperand(op, 0, cin); err != nil {
		return err
	}
	if err := CheckResult(op, 0, cout); err != nil {
		return err
	}
	if !sameTensorDims(op.Operand(0).Type(), op.Result(0).Type()) {
		return ir.OpErrorf(op, "failed to verify that input and output have the same tensor dimensions")
	}
	return nil
}

// verifyCast applies CastOpInterface's compatibility check and the width
// rules of ext/trunc ops.
func verifyCast(op *ir.Operation, k castKind) error {
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	if !castCompatible(k, op.Def(), in, out) {
		return ir.OpErrorf(op, "operand type '%s' and result type '%s' are cast incompatible", asm.TypeString(in), asm.TypeString(out))
	}
	// The width rules of ext/trunc ops (unreachable after the cast
	// compatibility check, kept for parity with MLIR's verifiers).
	wi, wo := ir.BitWidth(ir.ElementTypeOrSelf(in)), ir.BitWidth(ir.ElementTypeOrSelf(out))
	switch k {
	case castExtI, castExtF:
		if wi >= wo {
			return ir.Errorf(op.Loc(), "result type '%s' must be wider than operand type '%s'", asm.TypeString(ir.ElementTypeOrSelf(out)), asm.TypeString(ir.ElementTypeOrSelf(in)))
		}
	case castTruncI, castTruncF:
		if wi <= wo {
			return ir.Errorf(op.Loc(), "result type '%s' must be shorter than operand type '%s'", asm.TypeString(ir.ElementTypeOrSelf(out)), asm.TypeString(ir.ElementTypeOrSelf(in)))
		}
	}
	return nil
}

// sameTensorDims is MLIR's SameInputOutputTensorDims: tensor operands and
// results have identical shapes (non-tensors count as having no shape).
func sameTensorDims(a, b ir.Type) bool {
	dims := func(t ir.Type) []int64 {
		if r, ok := t.(*ir.RankedTensorType); ok {
			return r.Dims
		}
		return nil
	}
	if _, ok := a.(*ir.UnrankedTensorType); ok {
		return true
	}
	if _, ok := b.(*ir.UnrankedTensorType); ok {
		return true
	}
	da, db := dims(a), dims(b)
	if len(da) != len(db) {
		return false
	}
	for i := range da {
		if da[i] != db[i] {
			return false
		}
	}
	return true
}

// castCompatible is areCastCompatible of each cast op.
func castCompatible(k castKind, d *ir.OpDef, in, out ir.Type) bool {
	// areValidCastInputsAndOutputs: same encoding and compatible shapes.
	if ir.EncodingOf(in) != ir.EncodingOf(out) && isRanked(in) && isRanked(out) {
		return false
	}
	if isShaped(in) != isShaped(out) {
		return false
	}
	if si, ok := in.(ir.ShapedType); ok {
		so := out.(ir.ShapedType)
		if si.HasRank() && so.HasRank() && (len(si.Shape()) != len(so.Shape()) || !ir.EqualShape(si.Shape(), so.Shape())) {
			return false
		}
		if _, vi := in.(*ir.VectorType); vi {
			if _, vo := out.(*ir.VectorType); !vo {
				return false
			}
		}
	}
	ei, eo := ir.ElementTypeOrSelf(in), ir.ElementTypeOrSelf(out)
	wi, wo := ir.BitWidth(ei), ir.BitWidth(eo)
	switch k {
	case castExtI:
		return isSignlessInt(ei) && isSignlessInt(eo) && wo > wi
	case castTruncI:
		return isSignlessInt(ei) && isSignlessInt(eo) && wo < wi
	case castExtF:
		return ir.IsFloat(ei) && ir.IsFloat(eo) && wo > wi
	case castTruncF:
		return ir.IsFloat(ei) && ir.IsFloat(eo) && wo < wi
	case castIToF:
		return ir.IsInteger(ei, 0) && ir.IsFloat(eo)
	case castFToI:
		return ir.IsFloat(ei) && ir.IsInteger(eo, 0)
	case castIndex:
		_, ii := ei.(*ir.IndexType)
		_, oi := eo.(*ir.IndexType)
		return ii && isSignlessInt(eo) || oi && isSignlessInt(ei)
	}
	return (ir.IsInteger(ei, 0) || ir.IsFloat(ei)) && (ir.IsInteger(eo, 0) || ir.IsFloat(eo)) && wi == wo
}

func isRanked(t ir.Type) bool {
	_, ok := t.(*ir.RankedTensorType)
	return ok
}

// NewCast builds a cast op (name "arith.extsi" or "extsi") converting x to
// type to, with default flags.
func NewCast(b *ir.Builder, name string, loc ir.Location, x ir.Value, to ir.Type) *ir.Operation {
	d := Dialect.Op(name)
	if d == nil {
		panic("arith: unknown cast op " + name)
	}
	var flags [1]ir.NamedAttr
	attrs := flags[:0]
	if castKinds[d] == castTruncI {
		attrs = append(attrs, ir.NamedAttr{Name: "overflowFlags", Value: Overflow(b.Ctx, OverflowNone)})
	}
	return b.CreateOp(d.Name, loc, []ir.Value{x}, []ir.Type{to}, attrs...)
}
