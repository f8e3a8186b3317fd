package tt

import "github.com/ttcompiler/tt/ir"

// Matrix products: dot, dot_scaled.
var (
	DotDef       = Dialect.NewOp("dot", ir.Pure)
	DotScaledDef = Dialect.NewOp("dot_scaled", ir.Pure|ir.AttrSizedOperandSegments)
)

// DotLayoutVerifier is implemented by accumulator encodings (ttg MMA
// layouts) to check the operand encodings of a tt.dot
// (verifyDotOpEncodingCompatibility).
type DotLayoutVerifier interface {
	VerifyDotLayouts(op *ir.Operation, aEnc, bEnc ir.Attribute) error
}

func init() {
	DotDef.Inherent = []string{"inputPrecision", "maxNumImpreciseAcc"}
	DotDef.Parse = parseDot
	DotDef.Print = printDot
	(&opSpec{
		attrs: []attrSpec{
			enumAttrSpec("inputPrecision", InputPrecisionEnum, false),
			optAttr("maxNumImpreciseAcc", isI32Attr, i32AttrSummary),
		},
		operands: []operandSpec{one(cFpIntTens), one(cFpIntTens), one(cFpIntTens)},
		results:  []operandSpec{one(cFpIntTens)},
		matches:  []typesMatch{{"result's type matches accumulator's type", resultAt(0), operandAt(2), sameType}},
		traits:   []func(*ir.Operation) error{verifyDotInterface(dotDims, dotOutputDims)},
		verify:   verifyDot,
		infer:    inferDot,
	}).install(DotDef)

	DotScaledDef.Inherent = []string{"a_elem_type", "b_elem_type", "fastMath", "lhs_k_pack", "rhs_k_pack", "operandSegmentSizes"}
	DotScaledDef.Parse = parseDotScaled
	DotScaledDef.Print = printDotScaled
	(&opSpec{
		attrs: []attrSpec{
			enumAttrSpec("a_elem_type", ScaleDotElemTypeEnum, true),
			enumAttrSpec("b_elem_type", ScaleDotElemTypeEnum, true),
			reqAttr("fastMath", isBoolAttr, boolAttrSummary),
			optAttr("lhs_k_pack", isBoolAttr, boolAttrSummary),
			optAttr("rhs_k_pack", isBoolAttr, boolAttrSummary),
		},
		operands: []operandSpec{one(cScaledOpnd), one(cScaledOpnd), one(cFloatTens), opt(cScaledOpnd), opt(cScaledOpnd)},
		results:  []operandSpec{one(cFloatTens)},
		matches:  []typesMatch{{"result's type matches accumulator's type", resultAt(0), operandAt(2), sameType}},
		traits:   []func(*ir.Operation) error{verifyDotInterface(scaledDims, scaledOutputDims)},
		verify:   verifyDotScaled,
	}).install(DotScaledDef)
}

func shapes(op *ir.Operation) (a, b, c []int64) {
	return ir.ShapeOf(op.Operand(0).Type()), ir.ShapeOf(op.Operand(1).Type()), ir.ShapeOf(op.Operand(2).Type())
}

func dotDims(op *ir.Operation) bool {
	a, b, _ := shapes(op)
	return a[len(a)-1] == b[len(b)-2]
}

func dotOutputDims(op *ir.Operation) bool {
	a, b, c := shapes(op)
	return c[len(c)-2] == a[len(a)-2] && c[len(c)-1] == b[len(b)-1]
}

func kPack(op *ir.Operation, name string) bool {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Bool()
	}
	return true
}

func scaledDims(op *ir.Operation) bool {
	a, b, _ := shapes(op)
	ak, bk := a[len(a)-1], b[len(a)-2]
	if ScaleDotElemType(enumValue(op, "a_elem_type", 0)) == ElemE2M1 && kPack(op, "lhs_k_pack") {
		ak *= 2
	}
	if ScaleDotElemType(enumValue(op, "b_elem_type", 0)) == ElemE2M1 && kPack(op, "rhs_k_pack") {
		bk *= 2
	}
	return ak == bk
}

func scaledOutputDims(op *ir.Operation) bool {
	a, b, c := shapes(op)
	am, bn := a[len(a)-2], b[len(b)-1]
	if ScaleDotElemType(enumValue(op, "a_elem_type", 0)) == ElemE2M1 && !kPack(op, "lhs_k_pack") {
		am *= 2
	}
	if ScaleDotElemType(enumValue(op, "b_elem_type", 0)) == ElemE2M1 && !kPack(op, "rhs_k_pack") {
		bn *= 2
	}
	return am == c[len(c)-2] && bn == c[len(c)-1]
}

// verifyDotInterface is Triton's DotOpInterface verifier.
func verifyDotInterface(dims, outDims func(*ir.Operation) bool) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		a, b, c := shapes(op)
		if len(a) != 2 && len(a) != 3 {
			return opError(op, "expected operands to be 2d or 3d")
		}
		if len(a) != len(b) || len(a) != len(c) {
			return opError(op, "expected all operands to have the same rank")
		}
		if !dims(op) {
			return opError(op, "expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand")
		}
		if len(a) == 3 && (a[0] != c[0] || b[0] != c[0]) {
			return opError(op, "expected the first dimension of the first operand to be equal to the first dimension of the result")
		}
		if !outDims(op) {
			return opError(op, "expected the output shape to be the concatenation of the last dimension of the first operand and the last dimension of the second ")
		}
		return nil
	}
}

func verifyDot(op *ir.Operation) error {
	at, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	bt, _ := op.Operand(1).Type().(*ir.RankedTensorType)
	ct, _ := op.Operand(2).Type().(*ir.RankedTensorType)
	if at == nil || bt == nil || ct == nil {
		return nil
	}
	if ir.BitWidth(at.Elem) != ir.BitWidth(bt.Elem) {
		return plainError(op, "element types of operands A and B must have same bit width")
	}
	if at.Encoding == nil && bt.Encoding == nil {
		return nil
	}
	if at.Encoding == nil || bt.Encoding == nil {
		return plainError(op, "mismatching encoding between A and B operands")
	}
	if ct.Encoding == nil {
		return plainError(op, "miss encoding of C operand")
	}
	if v, ok := ct.Encoding.(DotLayoutVerifier); ok {
		if err := v.VerifyDotLayouts(op, at.Encoding, bt.Encoding); err != nil {
			return plainError(op, "%s", diagMessage(err))
		}
	}
	return nil
}

func inferDot(op *ir.Operation) error {
	ct := op.Operand(2).Type()
	for i := 0; i < 2; i++ {
		enc := ir.EncodingOf(op.Operand(i).Type())
		acc := ir.EncodingOf(ct)
		if v, ok := enc.(DotOperandLayoutVerifier); ok && acc != nil {
			if err := v.VerifyDotOperandLayout(i, acc); err != nil {
				return plainError(op, "%s", diagMessage(err))
			}
		}
	}
	return verifyInferred(op, []ir.Type{ct}, false)
}

// Triton 3.6 scales blocks of 32 elements along K.
const dotScaledScaleFactor = 32

func verifyDotScaled(op *ir.Operation) error {
	a, _, c := shapes(op)
	rank := len(a)
	if rank < 2 {
		return plainError(op, "operands must be at least 2D")
	}
	k := a[rank-1]
	if ScaleDotElemType(enumValue(op, "a_elem_type", 0)) == ElemE2M1 && kPack(op, "lhs_k_pack") {
		k *= 2
	}
	m, n := c[len(c)-2], c[len(c)-1]
	check := func(seg int, dim int64, dimName string) error {
		s, e := segmentRange(op, seg)
		if e <= s {
			return nil
		}
		sh := ir.ShapeOf(op.Operand(s).Type())
		if len(sh) < rank {
			return nil
		}
		if sh[rank-2] != dim {
			return plainError(op, "scales %s dimension must match the operand %s dimension", dimName, dimName)
		}
		if sh[rank-1] != k/dotScaledScaleFactor {
			return plainError(op, "scales K dimension must match the operand K divided by the scale factor")
		}
		return nil
	}
	if err := check(3, m, "M"); err != nil {
		return err
	}
	return check(4, n, "N")
}

func parseDot(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	var ops []ir.UnresolvedOperand
	for i := 0; i < 3; i++ {
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
	if p.ParseOptionalComma() {
		if err := p.ParseExpectedKeyword("inputPrecision"); err != nil {
			return err
		}
		if err := p.ParseEqual(); err != nil {
			return err
		}
		v, err := parseEnumKeyword(p, st, InputPrecisionEnum, "inputPrecision")
		if err != nil {
			return err
		}
		st.AddAttr("inputPrecision", ir.I32Attr(ctx, v))
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	at, err := parseRankedTensorType(p, st)
	if err != nil {
		return err
	}
	if err := p.ParseStar(); err != nil {
		return err
	}
	bt, err := parseRankedTensorType(p, st)
	if err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	dt, err := parseRankedTensorType(p, st)
	if err != nil {
		return err
	}
	vals, err := p.ResolveOperands(ops, []ir.Type{at, bt, dt})
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{dt}
	setDefault(st, "inputPrecision", ir.I32EnumAttr(ctx, PrecisionIEEE))
	setDefault(st, "maxNumImpreciseAcc", ir.I32Attr(ctx, 0))
	return nil
}

func printDot(p ir.OpPrinter, op *ir.Operation) {
	ctx := op.Context()
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	if a := op.Attr("inputPrecision"); a != nil && a != ir.I32EnumAttr(ctx, PrecisionIEEE) {
		p.WriteString(", inputPrecision = ")
		printEnumKeyword(p, InputPrecisionEnum, a)
	}
	el := append([]string{"inputPrecision"}, elideIfDefault(op, "maxNumImpreciseAcc", ir.I32Attr(ctx, 0))...)
	p.PrintOptionalAttrDict(op.Attrs(), el...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" * ")
	p.PrintType(op.Operand(1).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

func parseDotScaled(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	a, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var as, bs *ir.UnresolvedOperand
	if _, ok := p.ParseOptionalKeyword("scale"); ok {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		as = &u
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	b, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if _, ok := p.ParseOptionalKeyword("scale"); ok {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		bs = &u
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	for _, side := range []struct{ kw, attr string }{{"lhs", "a_elem_type"}, {"rhs", "b_elem_type"}} {
		if err := p.ParseExpectedKeyword(side.kw); err != nil {
			return err
		}
		if err := p.ParseEqual(); err != nil {
			return err
		}
		v, err := parseEnumKeyword(p, st, ScaleDotElemTypeEnum, side.attr)
		if err != nil {
			return err
		}
		st.AddAttr(side.attr, ir.I32Attr(ctx, v))
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	parseT := func() (ir.Type, error) { return parseRankedTensorType(p, st) }
	at, err := parseT()
	if err != nil {
		return err
	}
	var ast, bst ir.Type
	if as != nil {
		if err := p.ParseComma(); err != nil {
			return err
		}
		if ast, err = parseT(); err != nil {
			return err
		}
	}
	if err := p.ParseStar(); err != nil {
		return err
	}
	bt, err := parseT()
	if err != nil {
		return err
	}
	if bs != nil {
		if err := p.ParseComma(); err != nil {
			return err
		}
		if bst, err = parseT(); err != nil {
			return err
		}
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	dt, err := parseT()
	if err != nil {
		return err
	}
	us := []ir.UnresolvedOperand{a, b, c}
	ts := []ir.Type{at, bt, dt}
	na, nb := 0, 0
	if as != nil {
		us, ts, na = append(us, *as), append(ts, ast), 1
	}
	if bs != nil {
		us, ts, nb = append(us, *bs), append(ts, bst), 1
	}
	vals, err := p.ResolveOperands(us, ts)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{dt}
	st.AddAttr("operandSegmentSizes", segmentSizes(ctx, 1, 1, 1, na, nb))
	setDefault(st, "lhs_k_pack", ir.BoolAttrOf(ctx, true))
	setDefault(st, "rhs_k_pack", ir.BoolAttrOf(ctx, true))
	return nil
}

func printDotScaled(p ir.OpPrinter, op *ir.Operation) {
	ctx := op.Context()
	as, ae := segmentRange(op, 3)
	bs, be := segmentRange(op, 4)
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	if ae > as {
		p.WriteString(" scale ")
		p.PrintOperand(op.Operand(as))
	}
	p.WriteString(", ")
	p.PrintOperand(op.Operand(1))
	if be > bs {
		p.WriteString(" scale ")
		p.PrintOperand(op.Operand(bs))
	}
	p.WriteString(", ")
	p.PrintOperand(op.Operand(2))
	p.WriteString(" lhs = ")
	printEnumKeyword(p, ScaleDotElemTypeEnum, op.Attr("a_elem_type"))
	p.WriteString(" rhs = ")
	printEnumKeyword(p, ScaleDotElemTypeEnum, op.Attr("b_elem_type"))
	el := []string{"a_elem_type", "b_elem_type", "operandSegmentSizes"}
	el = append(el, elideIfDefault(op, "lhs_k_pack", ir.BoolAttrOf(ctx, true))...)
	el = append(el, elideIfDefault(op, "rhs_k_pack", ir.BoolAttrOf(ctx, true))...)
	p.PrintOptionalAttrDict(op.Attrs(), el...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	if ae > as {
		p.WriteString(", ")
		p.PrintType(op.Operand(as).Type())
	}
	p.WriteString(" * ")
	p.PrintType(op.Operand(1).Type())
	if be > bs {
		p.WriteString(", ")
		p.PrintType(op.Operand(bs).Type())
	}
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

// tt.dot and tt.dot_scaled are ir.DotLike.
func init() {
	ir.Attach(DotDef, func(op *ir.Operation) ir.DotLike { return DotOp{op} })
	ir.Attach(DotScaledDef, func(op *ir.Operation) ir.DotLike { return DotScaledOp{op} })
}

// DotOp is a typed view of tt.dot.
type DotOp struct{ *ir.Operation }

func (o DotOp) A() ir.Value { return o.Operand(0) }
func (o DotOp) B() ir.Value { return o.Operand(1) }
func (o DotOp) C() ir.Value { return o.Operand(2) }
func (o DotOp) D() ir.Value { return o.Result(0) }
func (o DotOp) InputPrecision() InputPrecision {
	return InputPrecision(enumValue(o.Operation, "inputPrecision", int64(PrecisionIEEE)))
}
func (o DotOp) MaxNumImpreciseAcc() int64 { return enumValue(o.Operation, "maxNumImpreciseAcc", 0) }

// NewDot creates `tt.dot a, b, c`; the result has c's type.
func NewDot(b *ir.Builder, loc ir.Location, a, bv, c ir.Value, prec InputPrecision, maxNumImpreciseAcc int64) *ir.Operation {
	return b.CreateOp("tt.dot", loc, []ir.Value{a, bv, c}, []ir.Type{c.Type()},
		ir.NamedAttr{Name: "inputPrecision", Value: ir.I32EnumAttr(b.Ctx, prec)},
		ir.NamedAttr{Name: "maxNumImpreciseAcc", Value: ir.I32Attr(b.Ctx, maxNumImpreciseAcc)})
}

// DotScaledOp is a typed view of tt.dot_scaled.
type DotScaledOp struct{ *ir.Operation }

func (o DotScaledOp) A() ir.Value { return o.Operand(0) }
func (o DotScaledOp) B() ir.Value { return o.Operand(1) }
func (o DotScaledOp) C() ir.Value { return o.Operand(2) }
func (o DotScaledOp) D() ir.Value { return o.Result(0) }

// AScale returns the lhs scale, or nil.
func (o DotScaledOp) AScale() ir.Value {
	if s, e := segmentRange(o.Operation, 3); e > s {
		return o.Operand(s)
	}
	return nil
}

// BScale returns the rhs scale, or nil.
func (o DotScaledOp) BScale() ir.Value {
	if s, e := segmentRange(o.Operation, 4); e > s {
		return o.Operand(s)
	}
	return nil
}
func (o DotScaledOp) AElemType() ScaleDotElemType {
	return ScaleDotElemType(enumValue(o.Operation, "a_elem_type", 0))
}
func (o DotScaledOp) BElemType() ScaleDotElemType {
	return ScaleDotElemType(enumValue(o.Operation, "b_elem_type", 0))
}
