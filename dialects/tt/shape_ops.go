package tt

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Shape ops: splat, unsplat, expand_dims, reshape, broadcast, cat, join,
// split, trans, make_range, histogram, gather.
var (
	SplatDef      = Dialect.NewOp("splat", ir.Pure|ir.SameOperandsAndResultElementType|ir.SameOperandsAndResultEncoding)
	UnsplatDef    = Dialect.NewOp("unsplat", ir.Pure)
	ExpandDimsDef = Dialect.NewOp("expand_dims", ir.Pure|ir.SameOperandsAndResultElementType)
	ReshapeDef    = Dialect.NewOp("reshape", ir.Pure|ir.SameOperandsAndResultElementType)
	BroadcastDef  = Dialect.NewOp("broadcast", ir.Pure|ir.SameOperandsAndResultElementType|ir.SameOperandsAndResultEncoding)
	CatDef        = Dialect.NewOp("cat", ir.NoMemoryEffect|ir.SameTypeOperands|ir.SameOperandsAndResultElementType)
	JoinDef       = Dialect.NewOp("join", ir.Pure|ir.SameTypeOperands)
	SplitDef      = Dialect.NewOp("split", ir.Pure)
	TransDef      = Dialect.NewOp("trans", ir.Pure|ir.SameOperandsAndResultElementType)
	MakeRangeDef  = Dialect.NewOp("make_range", ir.Pure)
	HistogramDef  = Dialect.NewOp("histogram", ir.Pure)
	GatherDef     = Dialect.NewOp("gather", ir.Pure)
)

func init() {
	SplatDef.Parse = parseUnaryArrow(false, true)
	SplatDef.Print = printUnaryArrow()
	(&opSpec{operands: []operandSpec{one(cType)}, results: []operandSpec{one(cTensor)}}).install(SplatDef)
	SplatDef.Fold = foldSplat

	UnsplatDef.Parse = parseUnsplat
	UnsplatDef.Print = printUnsplat
	(&opSpec{
		operands: []operandSpec{one(cTensor)}, results: []operandSpec{one(cType)},
		verify: func(op *ir.Operation) error {
			if rt, ok := op.Operand(0).Type().(*ir.RankedTensorType); ok && rt.NumElements() != 1 {
				return plainError(op, "source tensor must have exactly one element")
			}
			return nil
		},
		infer: func(op *ir.Operation) error {
			return verifyInferred(op, []ir.Type{ir.ElementTypeOrSelf(op.Operand(0).Type())}, false)
		},
	}).install(UnsplatDef)

	ExpandDimsDef.Inherent = []string{"axis"}
	ExpandDimsDef.Parse = parseUnaryArrow(true, true)
	ExpandDimsDef.Print = printUnaryArrow()
	(&opSpec{
		attrs:    []attrSpec{reqAttr("axis", isI32Attr, i32AttrSummary)},
		operands: []operandSpec{one(cTensor)}, results: []operandSpec{one(cTensor)},
		infer: inferExpandDims,
	}).install(ExpandDimsDef)
	ExpandDimsDef.Fold = foldViewLike
	ExpandDimsDef.Canonicalize = []ir.RewritePattern{canonicalizeExpandDims{}}

	ReshapeDef.Inherent = []string{"allow_reorder", "efficient_layout"}
	ReshapeDef.Parse = parseReshape
	ReshapeDef.Print = printReshape
	(&opSpec{
		attrs: []attrSpec{
			optAttr("allow_reorder", isUnitAttr, unitAttrSummary),
			optAttr("efficient_layout", isUnitAttr, unitAttrSummary),
		},
		operands: []operandSpec{one(cTensor)}, results: []operandSpec{one(cTensor)},
		verify: verifyReshape,
	}).install(ReshapeDef)
	ReshapeDef.Fold = foldReshape
	ReshapeDef.Canonicalize = []ir.RewritePattern{canonicalizeReshape{}}

	BroadcastDef.Parse = parseUnaryArrow(true, true)
	BroadcastDef.Print = printUnaryArrow()
	(&opSpec{
		operands: []operandSpec{one(cTensor)}, results: []operandSpec{one(cTensor)},
		verify: verifyBroadcast,
	}).install(BroadcastDef)
	BroadcastDef.Fold = foldBroadcast
	BroadcastDef.Canonicalize = []ir.RewritePattern{broadcastOfSplat{}, broadcastOfBroadcast{}}

	for _, d := range []*ir.OpDef{CatDef, JoinDef} {
		d.Parse = parseBinaryArrow
		d.Print = printBinaryArrow
	}
	(&opSpec{operands: []operandSpec{one(cTensor), one(cTensor)}, results: []operandSpec{one(cTensor)}}).install(CatDef)
	(&opSpec{
		operands: []operandSpec{one(cTensor), one(cTensor)}, results: []operandSpec{one(cTensor)},
		verify: verifyJoin,
	}).install(JoinDef)

	SplitDef.Parse = parseSplit
	SplitDef.Print = printUnaryArrow()
	SplitDef.ResultNames = func(op *ir.Operation, set func(ir.Value, string)) {
		if op.NumResults() == 2 {
			set(op.Result(0), "outLHS")
			set(op.Result(1), "outRHS")
		}
	}
	(&opSpec{
		operands: []operandSpec{one(cTensor)}, results: []operandSpec{one(cTensor), one(cTensor)},
		matches: []typesMatch{{"outLHS and outRHS types match", resultAt(0), resultAt(1), sameType}},
		infer:   inferSplit,
	}).install(SplitDef)

	TransDef.Inherent = []string{"order"}
	TransDef.Parse = parseUnaryArrow(true, true)
	TransDef.Print = printUnaryArrow()
	(&opSpec{
		attrs:    []attrSpec{reqAttr("order", isI32Array, i32ArraySummary)},
		operands: []operandSpec{one(cTensor)}, results: []operandSpec{one(cTensor)},
		traits: []func(*ir.Operation) error{verifyTransposeInterface},
		infer:  inferTrans,
	}).install(TransDef)
	TransDef.Fold = foldTrans

	MakeRangeDef.Inherent = []string{"start", "end"}
	MakeRangeDef.Parse = parseMakeRange
	MakeRangeDef.Print = func(p ir.OpPrinter, op *ir.Operation) {
		p.PrintOptionalAttrDict(op.Attrs())
		p.WriteString(" : ")
		p.PrintType(op.Result(0).Type())
	}
	(&opSpec{
		attrs:   []attrSpec{reqAttr("start", isI32Attr, i32AttrSummary), reqAttr("end", isI32Attr, i32AttrSummary)},
		results: []operandSpec{one(cIntTensor)},
		verify:  verifyMakeRange,
	}).install(MakeRangeDef)
	MakeRangeDef.Fold = foldMakeRange

	HistogramDef.Parse = parseHistogram
	HistogramDef.Print = printUnaryOptArrow
	(&opSpec{
		operands: []operandSpec{one(cIntTensor), opt(cBoolLike)}, results: []operandSpec{one(cIntTensor)},
		matches: []typesMatch{{"mask type matches src type", operandAt(0), operandAt(1), i1OfShape}},
	}).install(HistogramDef)

	GatherDef.Inherent = []string{"axis", "efficient_layout"}
	GatherDef.Parse = parseGather
	GatherDef.Print = printGather
	(&opSpec{
		attrs: []attrSpec{
			reqAttr("axis", isI32Attr, i32AttrSummary),
			optAttr("efficient_layout", isUnitAttr, unitAttrSummary),
		},
		operands: []operandSpec{one(cTensor), one(cIntTensor)}, results: []operandSpec{one(cTensor)},
		verify: verifyGather,
		infer: func(op *ir.Operation) error {
			idx, ok1 := op.Operand(1).Type().(*ir.RankedTensorType)
			src, ok2 := op.Operand(0).Type().(*ir.RankedTensorType)
			if !ok1 || !ok2 {
				return nil
			}
			return verifyInferred(op, []ir.Type{idx.CloneWith(op.Context(), src.Elem)}, false)
		},
	}).install(GatherDef)
}

// ---- parse / print ----

func parseUnsplat(p ir.OpParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	t, err := parseRankedTensorType(p, st)
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(src, t)
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{v}
	st.Types = []ir.Type{t.Elem}
	return nil
}

func printUnsplat(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

func parseReshape(p ir.OpParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	for _, kw := range []string{"allow_reorder", "efficient_layout"} {
		if _, ok := p.ParseOptionalKeyword(kw); ok {
			st.AddAttr(kw, ir.Unit(p.Context()))
		}
	}
	rest := parseUnaryArrowTail(true, true)
	return rest(p, st, src)
}

// parseUnaryArrowTail parses `attr-dict : T -> R` for an already parsed
// operand.
func parseUnaryArrowTail(srcTensor, resTensor bool) func(ir.OpParser, *ir.OperationState, ir.UnresolvedOperand) error {
	return func(p ir.OpParser, st *ir.OperationState, src ir.UnresolvedOperand) error {
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		if err := p.ParseColon(); err != nil {
			return err
		}
		var t, r ir.Type
		var err error
		if srcTensor {
			t, err = parseRankedTensorType(p, st)
		} else {
			t, err = p.ParseType()
		}
		if err != nil {
			return err
		}
		if err := p.ParseArrow(); err != nil {
			return err
		}
		if resTensor {
			r, err = parseRankedTensorType(p, st)
		} else {
			r, err = p.ParseType()
		}
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(src, t)
		if err != nil {
			return err
		}
		st.Operands = []ir.Value{v}
		st.Types = []ir.Type{r}
		return nil
	}
}

func printReshape(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	for _, kw := range []string{"allow_reorder", "efficient_layout"} {
		if op.Attr(kw) != nil {
			p.WriteString(" " + kw)
		}
	}
	p.PrintOptionalAttrDict(op.Attrs(), "allow_reorder", "efficient_layout")
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

// parseBinaryArrow parses `$lhs, $rhs attr-dict : type($lhs) -> type($result)`.
func parseBinaryArrow(p ir.OpParser, st *ir.OperationState) error {
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
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	t, err := parseRankedTensorType(p, st)
	if err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	r, err := parseRankedTensorType(p, st)
	if err != nil {
		return err
	}
	vals, err := resolveAll(p, []ir.UnresolvedOperand{lhs, rhs}, t)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{r}
	return nil
}

func printBinaryArrow(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

func parseSplit(p ir.OpParser, st *ir.OperationState) error {
	if err := parseUnaryArrow(true, true)(p, st); err != nil {
		return err
	}
	st.Types = append(st.Types, st.Types[0])
	return nil
}

func parseMakeRange(p ir.OpParser, st *ir.OperationState) error {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	t, err := parseRankedTensorType(p, st)
	if err != nil {
		return err
	}
	st.Types = []ir.Type{t}
	return nil
}

func parseHistogram(p ir.OpParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var mask *ir.UnresolvedOperand
	if p.ParseOptionalComma() {
		m, err := p.ParseOperand()
		if err != nil {
			return err
		}
		mask = &m
	}
	if err := parseUnaryArrowTail(true, true)(p, st, src); err != nil {
		return err
	}
	if mask != nil {
		mv, err := p.ResolveOperand(*mask, I1SameShape(p.Context(), st.Operands[0].Type()))
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, mv)
	}
	return nil
}

// printUnaryOptArrow prints ` %src[, %mask] {attrs} : T -> R`.
func printUnaryOptArrow(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

func parseGather(p ir.OpParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseLSquare(); err != nil {
		return err
	}
	idx, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseRSquare(); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	ins, outs, err := p.ParseFunctionalType()
	if err != nil {
		return err
	}
	vals, err := p.ResolveOperands([]ir.UnresolvedOperand{src, idx}, ins)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = outs
	return nil
}

func printGather(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString("[")
	p.PrintOperand(op.Operand(1))
	p.WriteString("]")
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintFunctionalType(op)
}

// ---- verifiers and inference ----

func axisOf(op *ir.Operation) int64 { return enumValue(op, "axis", 0) }

func inferExpandDims(op *ir.Operation) error {
	src, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil
	}
	axis := axisOf(op)
	if axis < 0 || axis > int64(len(src.Dims)) {
		return opError(op, "axis %d is out of range for a result of rank %d", axis, len(src.Dims)+1)
	}
	shape := append(append(append([]int64{}, src.Dims[:axis]...), 1), src.Dims[axis:]...)
	enc, ok, err := inferEncoding(src.Encoding, func(i ExpandDimsLayoutInferrer) (ir.Attribute, error) {
		return i.InferExpandDimsLayout(int(axis))
	})
	if err != nil {
		return plainError(op, "%s", diagMessage(err))
	}
	if !ok {
		enc = ir.EncodingOf(op.Result(0).Type())
	}
	return verifyInferred(op, []ir.Type{ir.RankedTensor(op.Context(), shape, src.Elem, enc)}, false)
}

func inferSplit(op *ir.Operation) error {
	src, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil
	}
	if len(src.Dims) == 0 || src.Dims[len(src.Dims)-1] != 2 {
		return plainError(op, "last dimension of input tensor must be 2")
	}
	enc, ok, err := inferEncoding(src.Encoding, func(i SplitLayoutInferrer) (ir.Attribute, error) {
		return i.InferSplitLayout(src.Dims)
	})
	if err != nil {
		return plainError(op, "%s", diagMessage(err))
	}
	if !ok {
		enc = ir.EncodingOf(op.Result(0).Type())
	}
	rt := ir.RankedTensor(op.Context(), src.Dims[:len(src.Dims)-1], src.Elem, enc)
	return verifyInferred(op, []ir.Type{rt, rt}, true)
}

func orderOf(op *ir.Operation) []int64 {
	if a, ok := op.Attr("order").(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

func isPermutation(order []int64) bool {
	seen := make([]bool, len(order))
	for _, o := range order {
		if o < 0 || o >= int64(len(order)) || seen[o] {
			return false
		}
		seen[o] = true
	}
	return true
}

func permute(shape, order []int64) []int64 {
	out := make([]int64, len(order))
	for i, o := range order {
		out[i] = shape[o]
	}
	return out
}

// verifyTransposeInterface is Triton's TransposeOpInterface verifier.
func verifyTransposeInterface(op *ir.Operation) error {
	src, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	res, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return nil
	}
	order := orderOf(op)
	if len(order) != len(src.Dims) || len(order) != len(res.Dims) {
		return plainError(op, "order must have the same size as the rank of the operand and result")
	}
	if !isPermutation(order) {
		return plainError(op, "order must be a permutation of [0, ..., rank - 1]")
	}
	if !ir.EqualShape(permute(src.Dims, order), res.Dims) {
		return plainError(op, "result shape must match the permutation of the source shape")
	}
	return nil
}

func inferTrans(op *ir.Operation) error {
	src, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	order := orderOf(op)
	if !ok || len(order) != len(src.Dims) || !isPermutation(order) {
		return nil
	}
	enc, ok, err := inferEncoding(src.Encoding, func(i TransLayoutInferrer) (ir.Attribute, error) {
		return i.InferTransLayout(src.Dims, order)
	})
	if err != nil {
		return plainError(op, "%s", diagMessage(err))
	}
	if !ok {
		enc = ir.EncodingOf(op.Result(0).Type())
	}
	return verifyInferred(op, []ir.Type{ir.RankedTensor(op.Context(), permute(src.Dims, order), src.Elem, enc)}, true)
}

func diagMessage(err error) string {
	if d, ok := err.(*ir.Diagnostic); ok {
		return d.Message
	}
	return err.Error()
}

func verifyReshape(op *ir.Operation) error {
	src, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	dst, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return nil
	}
	if src.NumElements() != dst.NumElements() {
		return plainError(op, "number of src and dst elements of reshape must be the same")
	}
	if (src.Encoding == nil) != (dst.Encoding == nil) {
		return plainError(op, "Op requires that either (a) src and dst both have encodings, or (b) neither does.")
	}
	return nil
}

func verifyBroadcast(op *ir.Operation) error {
	src, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	dst, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return nil
	}
	if len(src.Dims) != len(dst.Dims) {
		return plainError(op, "rank of source must be same as rank of result")
	}
	for i := range src.Dims {
		if src.Dims[i] != 1 && src.Dims[i] != dst.Dims[i] {
			return plainError(op, "Different dimensions at index %d between source and result.  Broadcast requires the source dimension to be 1.", i)
		}
	}
	return nil
}

func joinInts(v []int64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

func verifyJoin(op *ir.Operation) error {
	src, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	ret, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return nil
	}
	want := append(append([]int64{}, src.Dims...), 2)
	if !ir.EqualShape(want, ret.Dims) {
		return opError(op, "result shape must be (%s), but got %s", joinInts(want), joinInts(ret.Dims))
	}
	if ret.Elem != src.Elem {
		return opError(op, "result element type must match the input element type")
	}
	if ret.Encoding == nil {
		if src.Encoding != nil {
			return opError(op, "result encoding must be specified")
		}
		return nil
	}
	srcEnc, ok, err := inferEncoding(ret.Encoding, func(i SplitLayoutInferrer) (ir.Attribute, error) {
		return i.InferSplitLayout(want)
	})
	if err != nil {
		return plainError(op, "%s", diagMessage(err))
	}
	if !ok {
		return nil
	}
	if srcEnc != src.Encoding {
		eq, isEq := srcEnc.(LayoutEquivalence)
		if !isEq || src.Encoding == nil || !eq.EquivalentLayout(src.Encoding, src.Dims) {
			return opError(op, "incompatible join layout")
		}
	}
	return nil
}

func verifyMakeRange(op *ir.Operation) error {
	start, end := enumValue(op, "start", 0), enumValue(op, "end", 0)
	if start >= end {
		return opError(op, "start must be less than end")
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil
	}
	if len(rt.Dims) != 1 {
		return opError(op, "return type must be a 1D tensor")
	}
	if end-start != rt.Dims[0] {
		return opError(op, "number of elements in returned tensor, %d, must match size of range [%d, %d), which has %d elements", rt.Dims[0], start, end, end-start)
	}
	if !isSignless(rt.Elem, 32) {
		return opError(op, "returned tensor must have i32 elements")
	}
	return nil
}

func verifyGather(op *ir.Operation) error {
	src, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	idx, ok2 := op.Operand(1).Type().(*ir.RankedTensorType)
	res, ok3 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	if !ir.EqualShape(idx.Dims, res.Dims) {
		return opError(op, "indices and output shapes must match")
	}
	if idx.Encoding != res.Encoding {
		return opError(op, "indices and output encodings must match")
	}
	if src.Elem != res.Elem {
		return opError(op, "input and output element types must match")
	}
	if len(src.Dims) != len(idx.Dims) {
		return opError(op, "input and indices ranks must match")
	}
	axis := axisOf(op)
	if axis < 0 || axis >= int64(len(src.Dims)) {
		return opError(op, "gather dimension must be less than the input rank")
	}
	for d := range idx.Dims {
		if int64(d) == axis {
			continue
		}
		if idx.Dims[d] != src.Dims[d] {
			return opError(op, "indices dimension %d must match the corresponding input dimension", d)
		}
	}
	return nil
}

// ---- typed views and builders ----

// NewSplat creates `tt.splat v : T -> resultType`.
func NewSplat(b *ir.Builder, loc ir.Location, v ir.Value, resultType ir.Type) *ir.Operation {
	return b.CreateOp("tt.splat", loc, []ir.Value{v}, []ir.Type{resultType})
}

// NewUnsplat creates `tt.unsplat v` (v has one element).
func NewUnsplat(b *ir.Builder, loc ir.Location, v ir.Value) *ir.Operation {
	return b.CreateOp("tt.unsplat", loc, []ir.Value{v}, []ir.Type{ir.ElementTypeOrSelf(v.Type())})
}

// ExpandDimsType returns src with a unit dimension inserted at axis (the
// encoding is inferred when src's encoding can, else dropped).
func ExpandDimsType(ctx *ir.Context, src *ir.RankedTensorType, axis int) *ir.RankedTensorType {
	shape := append(append(append([]int64{}, src.Dims[:axis]...), 1), src.Dims[axis:]...)
	enc, _, _ := inferEncoding(src.Encoding, func(i ExpandDimsLayoutInferrer) (ir.Attribute, error) {
		return i.InferExpandDimsLayout(axis)
	})
	return ir.RankedTensor(ctx, shape, src.Elem, enc)
}

// NewExpandDims creates `tt.expand_dims v {axis}`, inferring its type.
func NewExpandDims(b *ir.Builder, loc ir.Location, v ir.Value, axis int) *ir.Operation {
	rt := ExpandDimsType(b.Ctx, v.Type().(*ir.RankedTensorType), axis)
	return b.CreateOp("tt.expand_dims", loc, []ir.Value{v}, []ir.Type{rt}, ir.NamedAttr{Name: "axis", Value: ir.I32Attr(b.Ctx, int64(axis))})
}

// NewBroadcast creates `tt.broadcast v : T -> resultType`.
func NewBroadcast(b *ir.Builder, loc ir.Location, v ir.Value, resultType ir.Type) *ir.Operation {
	return b.CreateOp("tt.broadcast", loc, []ir.Value{v}, []ir.Type{resultType})
}

// NewReshape creates `tt.reshape v : T -> resultType`.
func NewReshape(b *ir.Builder, loc ir.Location, v ir.Value, resultType ir.Type, allowReorder bool) *ir.Operation {
	var attrs []ir.NamedAttr
	if allowReorder {
		attrs = append(attrs, ir.NamedAttr{Name: "allow_reorder", Value: ir.Unit(b.Ctx)})
	}
	return b.CreateOp("tt.reshape", loc, []ir.Value{v}, []ir.Type{resultType}, attrs...)
}

// NewTrans creates `tt.trans v {order}`, inferring the result type.
func NewTrans(b *ir.Builder, loc ir.Location, v ir.Value, order []int64) *ir.Operation {
	src := v.Type().(*ir.RankedTensorType)
	enc, _, _ := inferEncoding(src.Encoding, func(i TransLayoutInferrer) (ir.Attribute, error) {
		return i.InferTransLayout(src.Dims, order)
	})
	rt := ir.RankedTensor(b.Ctx, permute(src.Dims, order), src.Elem, enc)
	return b.CreateOp("tt.trans", loc, []ir.Value{v}, []ir.Type{rt}, ir.NamedAttr{Name: "order", Value: ir.DenseI32Array(b.Ctx, order)})
}

// NewMakeRange creates `tt.make_range {start, end} : tensor<(end-start)xi32>`
// (enc may be nil).
func NewMakeRange(b *ir.Builder, loc ir.Location, start, end int64, enc ir.Attribute) *ir.Operation {
	rt := ir.RankedTensor(b.Ctx, []int64{end - start}, ir.I32(b.Ctx), enc)
	return b.CreateOp("tt.make_range", loc, nil, []ir.Type{rt},
		ir.NamedAttr{Name: "start", Value: ir.I32Attr(b.Ctx, start)},
		ir.NamedAttr{Name: "end", Value: ir.I32Attr(b.Ctx, end)})
}

// NewJoin creates `tt.join lhs, rhs` with result shape lhs x 2 (no
// encoding inference: pass the result type for TTGIR).
func NewJoin(b *ir.Builder, loc ir.Location, lhs, rhs ir.Value, resultType ir.Type) *ir.Operation {
	if resultType == nil {
		src := lhs.Type().(*ir.RankedTensorType)
		resultType = ir.RankedTensor(b.Ctx, append(append([]int64{}, src.Dims...), 2), src.Elem, nil)
	}
	return b.CreateOp("tt.join", loc, []ir.Value{lhs, rhs}, []ir.Type{resultType})
}

// NewSplit creates `tt.split v`, inferring its two result types.
func NewSplit(b *ir.Builder, loc ir.Location, v ir.Value) *ir.Operation {
	src := v.Type().(*ir.RankedTensorType)
	enc, _, _ := inferEncoding(src.Encoding, func(i SplitLayoutInferrer) (ir.Attribute, error) {
		return i.InferSplitLayout(src.Dims)
	})
	rt := ir.RankedTensor(b.Ctx, src.Dims[:len(src.Dims)-1], src.Elem, enc)
	return b.CreateOp("tt.split", loc, []ir.Value{v}, []ir.Type{rt, rt})
}

// NewCat creates `tt.cat lhs, rhs : T -> resultType`.
func NewCat(b *ir.Builder, loc ir.Location, lhs, rhs ir.Value, resultType ir.Type) *ir.Operation {
	return b.CreateOp("tt.cat", loc, []ir.Value{lhs, rhs}, []ir.Type{resultType})
}

// NewHistogram creates `tt.histogram src[, mask] : T -> resultType`.
func NewHistogram(b *ir.Builder, loc ir.Location, src, mask ir.Value, resultType ir.Type) *ir.Operation {
	ops := []ir.Value{src}
	if mask != nil {
		ops = append(ops, mask)
	}
	return b.CreateOp("tt.histogram", loc, ops, []ir.Type{resultType})
}

// NewGather creates `tt.gather src[indices] {axis}`, inferring its type.
func NewGather(b *ir.Builder, loc ir.Location, src, indices ir.Value, axis int) *ir.Operation {
	idx := indices.Type().(*ir.RankedTensorType)
	rt := idx.CloneWith(b.Ctx, ir.ElementTypeOrSelf(src.Type()))
	return b.CreateOp("tt.gather", loc, []ir.Value{src, indices}, []ir.Type{rt}, ir.NamedAttr{Name: "axis", Value: ir.I32Attr(b.Ctx, int64(axis))})
}

// MakeRangeOp is a typed view of tt.make_range.
type MakeRangeOp struct{ *ir.Operation }

func (o MakeRangeOp) Start() int64 { return enumValue(o.Operation, "start", 0) }
func (o MakeRangeOp) End() int64   { return enumValue(o.Operation, "end", 0) }

// ExpandDimsOp is a typed view of tt.expand_dims.
type ExpandDimsOp struct{ *ir.Operation }

func (o ExpandDimsOp) Src() ir.Value { return o.Operand(0) }
func (o ExpandDimsOp) Axis() int     { return int(axisOf(o.Operation)) }

// TransOp is a typed view of tt.trans.
type TransOp struct{ *ir.Operation }

func (o TransOp) Src() ir.Value  { return o.Operand(0) }
func (o TransOp) Order() []int64 { return orderOf(o.Operation) }

// ReshapeOp is a typed view of tt.reshape.
type ReshapeOp struct{ *ir.Operation }

func (o ReshapeOp) Src() ir.Value         { return o.Operand(0) }
func (o ReshapeOp) AllowReorder() bool    { return o.Attr("allow_reorder") != nil }
func (o ReshapeOp) EfficientLayout() bool { return o.Attr("efficient_layout") != nil }

// GatherOp is a typed view of tt.gather.
type GatherOp struct{ *ir.Operation }

func (o GatherOp) Src() ir.Value     { return o.Operand(0) }
func (o GatherOp) Indices() ir.Value { return o.Operand(1) }
func (o GatherOp) Axis() int         { return int(axisOf(o.Operation)) }
