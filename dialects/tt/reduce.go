package tt

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Region ops: reduce, scan, map_elementwise and their terminators. They
// have no custom syntax: Triton prints them in the generic form.
var (
	ReduceDef         = Dialect.NewOp("reduce", ir.Pure|ir.SameOperandsShape|ir.SameOperandsEncoding|ir.SingleBlock)
	ReduceReturnDef   = Dialect.NewOp("reduce.return", ir.Pure|ir.Terminator|ir.ReturnLike)
	ScanDef           = Dialect.NewOp("scan", ir.Pure|ir.SameOperandsAndResultEncoding|ir.SameOperandsAndResultShape|ir.SingleBlock)
	ScanReturnDef     = Dialect.NewOp("scan.return", ir.Pure|ir.Terminator|ir.ReturnLike)
	MapElementwiseDef = Dialect.NewOp("map_elementwise", ir.SameOperandsAndResultEncoding|ir.SameOperandsAndResultShape|ir.RecursiveEffects)
	MapReturnDef      = Dialect.NewOp("map_elementwise.return", ir.Pure|ir.Terminator|ir.ReturnLike)
)

func init() {
	ReduceDef.Inherent = []string{"axis"}
	(&opSpec{
		attrs:    []attrSpec{reqAttr("axis", isI32Attr, i32AttrSummary)},
		operands: []operandSpec{vari(cTensor)}, results: []operandSpec{vari(cType)},
		verify: verifyReduceScan, infer: inferReduce,
		verifyRegions: verifyCombineRegion("tt.reduce.return"),
	}).install(ReduceDef)

	ScanDef.Inherent = []string{"axis", "reverse"}
	(&opSpec{
		attrs: []attrSpec{
			reqAttr("axis", isI32Attr, i32AttrSummary), reqAttr("reverse", isBoolAttr, boolAttrSummary),
		},
		operands: []operandSpec{vari(cTensor)}, results: []operandSpec{vari(cTensor)},
		verify: verifyReduceScan,
		infer: func(op *ir.Operation) error {
			return verifyInferred(op, op.OperandTypes(), false)
		},
		verifyRegions: verifyCombineRegion("tt.scan.return"),
	}).install(ScanDef)

	MapElementwiseDef.Inherent = []string{"pack"}
	(&opSpec{
		attrs:    []attrSpec{reqAttr("pack", isI32Attr, i32AttrSummary)},
		operands: []operandSpec{vari(cTensor)}, results: []operandSpec{vari(cTensor)},
		verify:        verifyMapElementwise,
		verifyRegions: verifyMapElementwiseRegion,
	}).install(MapElementwiseDef)

	for _, d := range []*ir.OpDef{ReduceReturnDef, ScanReturnDef} {
		d.Parse = parseValuesColonTypes
		d.Print = printValuesColonTypes
		(&opSpec{}).install(d)
	}
	ReduceReturnDef.HasParent = []string{"tt.reduce"}
	ScanReturnDef.HasParent = []string{"tt.scan"}
	MapReturnDef.HasParent = []string{"tt.map_elementwise"}
	MapReturnDef.Parse = parseReturnLike
	MapReturnDef.Print = printReturnLike
	(&opSpec{}).install(MapReturnDef)
}

// parseValuesColonTypes parses `$vals attr-dict : type($vals)`.
func parseValuesColonTypes(p ir.OpParser, st *ir.OperationState) error {
	ops, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	var ts []ir.Type
	if len(ops) > 0 {
		if ts, err = p.ParseTypeList(); err != nil {
			return err
		}
	}
	vals, err := p.ResolveOperands(ops, ts)
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func printValuesColonTypes(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintTypes(op.OperandTypes())
}

func elementTypes(vs []ir.Type) []ir.Type {
	out := make([]ir.Type, len(vs))
	for i, t := range vs {
		out[i] = ir.ElementTypeOrSelf(t)
	}
	return out
}

func verifyReduceScan(op *ir.Operation) error {
	if op.NumOperands() == 0 {
		return opError(op, "must have at least 1 operand")
	}
	if op.NumOperands() != op.NumResults() {
		return opError(op, "must have the same number of inputs as outputs")
	}
	axis := axisOf(op)
	first := 0
	for _, t := range op.OperandTypes() {
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			continue
		}
		rank := len(rt.Dims)
		if axis < 0 || axis >= int64(rank) {
			return opError(op, "axis out of bounds for operand rank %d", rank)
		}
		if first == 0 {
			first = rank
		} else if rank != first {
			return opError(op, "all operands must have the same rank, but got ranks %d and %d", first, rank)
		}
	}
	for i, et := range elementTypes(op.OperandTypes()) {
		if et != ir.ElementTypeOrSelf(op.Result(i).Type()) {
			return opError(op, "operand types and result types must agree")
		}
	}
	return nil
}

// ReduceResultType returns the type of reducing src along axis: a scalar
// for rank 1, else the tensor without that dimension (encoding inferred
// when src's encoding can, else nil).
func ReduceResultType(ctx *ir.Context, src *ir.RankedTensorType, axis int) ir.Type {
	shape := append(append([]int64{}, src.Dims[:axis]...), src.Dims[axis+1:]...)
	if len(shape) == 0 {
		return src.Elem
	}
	enc, _, _ := inferEncoding(src.Encoding, func(i ReduceLayoutInferrer) (ir.Attribute, error) {
		return i.InferReduceLayout(axis)
	})
	return ir.RankedTensor(ctx, shape, src.Elem, enc)
}

func inferReduce(op *ir.Operation) error {
	axis := int(axisOf(op))
	var inferred []ir.Type
	for i, t := range op.OperandTypes() {
		src, ok := t.(*ir.RankedTensorType)
		if !ok || axis < 0 || axis >= len(src.Dims) {
			return nil
		}
		shape := append(append([]int64{}, src.Dims[:axis]...), src.Dims[axis+1:]...)
		if len(shape) == 0 {
			inferred = append(inferred, src.Elem)
			continue
		}
		enc, ok, err := inferEncoding(src.Encoding, func(in ReduceLayoutInferrer) (ir.Attribute, error) {
			return in.InferReduceLayout(axis)
		})
		if err != nil {
			return plainError(op, "%s", diagMessage(err))
		}
		if !ok && i < op.NumResults() {
			enc = ir.EncodingOf(op.Result(i).Type())
		}
		inferred = append(inferred, ir.RankedTensor(op.Context(), shape, src.Elem, enc))
	}
	return verifyInferred(op, inferred, false)
}

func verifyCombineRegion(ret string) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		elems := elementTypes(op.OperandTypes())
		n := 2 * op.NumOperands()
		r := op.Region(0)
		if r.Empty() {
			return opError(op, "expects a non-empty block")
		}
		block := r.Front()
		if block.NumArguments() != n {
			return opError(op, "nested block must take %d arguments, but given block with %d arguments", n, block.NumArguments())
		}
		for i, t := range block.ArgumentTypes() {
			if want := elems[i%len(elems)]; t != want {
				return opError(op, "type mismatch on combine operation. Expected argument %d to have type '%s' but got '%s'", i, asm.TypeString(want), asm.TypeString(t))
			}
		}
		term := block.Last()
		if term == nil || term.Name() != ret {
			got := "nothing"
			if term != nil {
				got = opText(term)
			}
			return opError(op, "combine operation must be terminated with a ReduceReturnOp but got %s", got)
		}
		if term.NumOperands() != op.NumOperands() {
			return opError(op, "expected combine operation to return %d values but got %d", op.NumOperands(), term.NumOperands())
		}
		for i, t := range term.OperandTypes() {
			if t != elems[i] {
				return opError(op, "type mismatch on combine operation. Expected argument %d to have type '%s' but got '%s'", i, asm.TypeString(elems[i]), asm.TypeString(t))
			}
		}
		return nil
	}
}

func verifyMapElementwise(op *ir.Operation) error {
	if op.NumOperands() == 0 {
		return opError(op, "MapElementwiseOp must have at least 1 operand")
	}
	pack := enumValue(op, "pack", 1)
	if pack <= 0 || pack&(pack-1) != 0 {
		return opError(op, "Pack must be a power of 2")
	}
	return nil
}

func repeatEach(ts []ir.Type, n int) []ir.Type {
	var out []ir.Type
	for _, t := range ts {
		for i := 0; i < n; i++ {
			out = append(out, t)
		}
	}
	return out
}

func sameTypes(a, b []ir.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func hasWriteEffect(op *ir.Operation) bool {
	effects, _ := ir.OwnEffects(op)
	for _, x := range effects {
		if x.Kind == ir.Write {
			return true
		}
	}
	return false
}

func verifyMapElementwiseRegion(op *ir.Operation) error {
	pack := int(enumValue(op, "pack", 1))
	r := op.Region(0)
	if r.Empty() {
		return opError(op, "region has wrong number of arguments")
	}
	block := r.Front()
	if block.NumArguments() != op.NumOperands()*pack {
		return opError(op, "region has wrong number of arguments")
	}
	if !sameTypes(block.ArgumentTypes(), repeatEach(elementTypes(op.OperandTypes()), pack)) {
		return plainError(op, "argument types did not match")
	}
	wantRet := repeatEach(elementTypes(op.ResultTypes()), pack)
	var err error
	ir.WalkNestedRegion(r, func(o *ir.Operation) {
		if err != nil {
			return
		}
		if hasWriteEffect(o) {
			err = opError(o, "Stores are not supported inside map_elementwise")
			return
		}
		if o.Name() == "tt.map_elementwise.return" && !sameTypes(o.OperandTypes(), wantRet) {
			err = plainError(o, "region return does not match map_elementwise result")
		}
	})
	return err
}

// ReduceOp is a typed view of tt.reduce.
type ReduceOp struct{ *ir.Operation }

func (o ReduceOp) Axis() int                 { return int(axisOf(o.Operation)) }
func (o ReduceOp) Srcs() []ir.Value          { return o.Operands() }
func (o ReduceOp) CombineRegion() *ir.Region { return o.Region(0) }

// SingleCombiner returns the only op of the combine region besides the
// return when it combines the two block arguments in order, else nil.
func (o ReduceOp) SingleCombiner() *ir.Operation {
	if o.NumOperands() != 1 || o.NumResults() != 1 || o.Region(0).Empty() {
		return nil
	}
	block := o.Region(0).Front()
	term := block.Last()
	if term == nil || term.NumOperands() != 1 {
		return nil
	}
	c := term.Operand(0).DefiningOp()
	if c == nil || c.NumOperands() != 2 || c.NumResults() != 1 {
		return nil
	}
	if c.Operand(0) != ir.Value(block.Argument(0)) || c.Operand(1) != ir.Value(block.Argument(1)) {
		return nil
	}
	return c
}

// ScanOp is a typed view of tt.scan.
type ScanOp struct{ *ir.Operation }

func (o ScanOp) Axis() int                 { return int(axisOf(o.Operation)) }
func (o ScanOp) Reverse() bool             { return enumValue(o.Operation, "reverse", 0) != 0 }
func (o ScanOp) CombineRegion() *ir.Region { return o.Region(0) }

// CombineBuilder fills a combine region: it gets a builder at the end of
// the block and the block's arguments (accumulators then new values) and
// returns the combined values.
type CombineBuilder func(b *ir.Builder, args []ir.Value) []ir.Value

// NewReduce creates a tt.reduce over operands along axis; combine builds
// the region body, which NewReduce terminates with tt.reduce.return.
func NewReduce(b *ir.Builder, loc ir.Location, operands []ir.Value, axis int, combine CombineBuilder) *ir.Operation {
	var results []ir.Type
	for _, v := range operands {
		results = append(results, ReduceResultType(b.Ctx, v.Type().(*ir.RankedTensorType), axis))
	}
	st := ir.NewState(b.Ctx, "tt.reduce", loc)
	st.Operands = operands
	st.Types = results
	st.AddAttr("axis", ir.I32Attr(b.Ctx, int64(axis)))
	buildCombine(b, st.AddRegion(), operands, loc, "tt.reduce.return", combine)
	return b.Create(st)
}

// NewScan creates a tt.scan over operands along axis.
func NewScan(b *ir.Builder, loc ir.Location, operands []ir.Value, axis int, reverse bool, combine CombineBuilder) *ir.Operation {
	var results []ir.Type
	for _, v := range operands {
		results = append(results, v.Type())
	}
	st := ir.NewState(b.Ctx, "tt.scan", loc)
	st.Operands = operands
	st.Types = results
	st.AddAttr("axis", ir.I32Attr(b.Ctx, int64(axis)))
	st.AddAttr("reverse", ir.BoolAttrOf(b.Ctx, reverse))
	buildCombine(b, st.AddRegion(), operands, loc, "tt.scan.return", combine)
	return b.Create(st)
}

func buildCombine(b *ir.Builder, r *ir.Region, operands []ir.Value, loc ir.Location, ret string, combine CombineBuilder) {
	elems := elementTypes(ir.TypesOf(operands))
	args := append(append([]ir.Type{}, elems...), elems...)
	locs := make([]ir.Location, len(args))
	for i := range locs {
		locs[i] = loc
	}
	restore := b.Restore()
	block := b.CreateBlock(r, args, locs)
	vals := combine(b, block.Arguments())
	b.CreateOp(ret, loc, vals, nil)
	restore()
}
