package tt

import (
	"slices"

	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Block pointers and tensor descriptors: make_tensor_ptr,
// make_tensor_descriptor, descriptor_load/store/reduce/gather/scatter.
var (
	MakeTensorPtrDef  = Dialect.NewOp("make_tensor_ptr", ir.Pure)
	MakeTensorDescDef = Dialect.NewOp("make_tensor_descriptor", ir.Pure)
	DescLoadDef       = Dialect.NewOp("descriptor_load", 0)
	DescStoreDef      = Dialect.NewOp("descriptor_store", 0)
	DescReduceDef     = Dialect.NewOp("descriptor_reduce", 0)
	DescGatherDef     = Dialect.NewOp("descriptor_gather", 0)
	DescScatterDef    = Dialect.NewOp("descriptor_scatter", 0)
)

func readsDesc(op *ir.Operation, buf []ir.Effect) []ir.Effect {
	return append(buf, ir.Effect{Kind: ir.Read, Resource: "global", Value: op.Operand(0)})
}

func readsWritesDesc(op *ir.Operation, buf []ir.Effect) []ir.Effect {
	return append(buf, ir.Effect{Kind: ir.Read, Resource: "global", Value: op.Operand(0)}, ir.Effect{Kind: ir.Write, Resource: "global", Value: op.Operand(0)})
}

func init() {
	MakeTensorPtrDef.Inherent = []string{"order"}
	MakeTensorPtrDef.Parse = parseMakeTensorPtr
	MakeTensorPtrDef.Print = printMakeTensorPtr
	(&opSpec{
		attrs:    []attrSpec{reqAttr("order", isI32Array, i32ArraySummary)},
		operands: []operandSpec{one(cPtr), vari(cI64), vari(cI64), vari(cI32)}, sameVariadic: true,
		results: []operandSpec{one(cTensorPtr)},
		matches: []typesMatch{{"infer pointer type from the result type", resultAt(0), operandAt(0),
			func(ctx *ir.Context, from, to ir.Type) bool {
				if bt := BlockTypeOfTensorPtr(from); bt != nil {
					return Ptr(ctx, bt.Elem, AddrSpaceOf(from)) == to
				}
				return from == to
			}}},
		verify: verifyMakeTensorPtr,
	}).install(MakeTensorPtrDef)

	MakeTensorDescDef.Inherent = []string{"padding"}
	MakeTensorDescDef.Parse = parseMakeTensorDesc
	MakeTensorDescDef.Print = printMakeTensorDesc
	(&opSpec{
		attrs:    []attrSpec{enumAttrSpec("padding", PaddingOptionEnum, false)},
		operands: []operandSpec{one(cPtr), vari(cI32), vari(cI64)}, sameVariadic: true,
		results: []operandSpec{one(cDesc)},
		verify: func(op *ir.Operation) error {
			return verifyPerDimOperands(op, descBlock0(op.Result(0).Type()), "shape and stride", 2)
		},
	}).install(MakeTensorDescDef)

	DescLoadDef.Inherent = []string{"cache", "evict"}
	DescLoadDef.Parse = parseDescLoad
	DescLoadDef.Print = printDescLoad
	DescLoadDef.AppendEffects = readsDesc
	(&opSpec{
		attrs: []attrSpec{
			enumAttrSpec("cache", memory.CacheModifierEnum, false), enumAttrSpec("evict", memory.EvictionPolicyEnum, false),
		},
		operands: []operandSpec{one(cDesc), vari(cI32)}, results: []operandSpec{one(cTensor)},
		verify: func(op *ir.Operation) error { return verifyDescLoadStore(op, op.Result(0).Type(), 1) },
	}).install(DescLoadDef)

	DescStoreDef.Parse = parseDescStore(false)
	DescStoreDef.Print = printDescStore(false)
	DescStoreDef.AppendEffects = readsWritesDesc
	(&opSpec{
		operands: []operandSpec{one(cDesc), one(cTensor), vari(cI32)}, results: []operandSpec{},
		verify: func(op *ir.Operation) error { return verifyDescLoadStore(op, op.Operand(1).Type(), 2) },
	}).install(DescStoreDef)

	DescReduceDef.Inherent = []string{"kind"}
	DescReduceDef.Parse = parseDescStore(true)
	DescReduceDef.Print = printDescStore(true)
	DescReduceDef.AppendEffects = readsWritesDesc
	(&opSpec{
		attrs:    []attrSpec{enumAttrSpec("kind", DescriptorReduceKindEnum, true)},
		operands: []operandSpec{one(cDesc), one(cTensor), vari(cI32)}, results: []operandSpec{},
		verify: func(op *ir.Operation) error { return verifyDescLoadStore(op, op.Operand(1).Type(), 2) },
	}).install(DescReduceDef)

	DescGatherDef.Parse = parseDescGather
	DescGatherDef.Print = printDescGather
	DescGatherDef.AppendEffects = readsDesc
	(&opSpec{
		operands: []operandSpec{one(cDesc), one(cI32Tensor), one(cI32)}, results: []operandSpec{one(cTensor)},
		verify: func(op *ir.Operation) error {
			return verifyGatherScatter(op, op.Result(0).Type(), op.Operand(1).Type())
		},
	}).install(DescGatherDef)

	DescScatterDef.Parse = parseDescScatter
	DescScatterDef.Print = printDescScatter
	DescScatterDef.AppendEffects = readsWritesDesc
	(&opSpec{
		operands: []operandSpec{one(cDesc), one(cI32Tensor), one(cI32), one(cTensor)}, results: []operandSpec{},
		verify: func(op *ir.Operation) error {
			return verifyGatherScatter(op, op.Operand(3).Type(), op.Operand(1).Type())
		},
	}).install(DescScatterDef)
}

// descBlock is the signless block type of the op's descriptor: the
// tensors a descriptor loads and stores are signless even where the
// descriptor records a signed or unsigned element type (Triton 3.6
// compares against getSignlessBlockType).
func descBlock(op *ir.Operation) *ir.RankedTensorType {
	if d, ok := op.Operand(0).Type().(*TensorDescType); ok {
		return d.SignlessBlock(op.Context())
	}
	return nil
}

// CheckDescIndices reports a descriptor load, store or reduce whose index
// count is not its descriptor block's rank. Triton 3.6's verifier accepts
// such an access (its own pipeliner tests write one, and passes that only
// move the access keep it as it is), so tt's does too; a pass that reads
// the indices per dimension (rewriting the access to pointers, lowering it
// to TMA coordinates) asks this first and fails with the error.
func CheckDescIndices(op *ir.Operation) error {
	first := 2
	if op.Def() == DescLoadDef {
		first = 1
	}
	block := descBlock(op)
	if block != nil && op.NumOperands()-first != block.Rank() {
		return opError(op, "expects %d indices for its descriptor's block of rank %d, got %d", block.Rank(), block.Rank(), op.NumOperands()-first)
	}
	return nil
}

// verifyDescLoadStore checks a descriptor access against the descriptor's
// block as Triton 3.6 does (not the index count: CheckDescIndices): the
// same element type and shape, where the tensor may drop leading unit
// dimensions of the block (a rank-reduced load of a 1x16x16 block as
// 16x16). 3.6 checks loads and stores; reductions get the same rule.
func verifyDescLoadStore(op *ir.Operation, t ir.Type, firstIndex int) error {
	block := descBlock(op)
	tensor, ok := t.(*ir.RankedTensorType)
	if block == nil || !ok {
		return nil
	}
	dims := block.Dims
	if extra := len(dims) - len(tensor.Dims); extra > 0 {
		for _, d := range dims[:extra] {
			if d != 1 {
				return opError(op, "ranked reduce load only allowed for unit dimension leading dim.")
			}
		}
		dims = dims[extra:]
	}
	if !slices.Equal(dims, tensor.Dims) || block.Elem != tensor.Elem {
		return opError(op, "tensor descriptor block and tensor types must match")
	}
	return nil
}

func verifyGatherScatter(op *ir.Operation, resT, idxT ir.Type) error {
	block := descBlock(op)
	res, ok1 := resT.(*ir.RankedTensorType)
	idx, ok2 := idxT.(*ir.RankedTensorType)
	if block == nil || !ok1 || !ok2 {
		return nil
	}
	if len(block.Dims) != 2 {
		return opError(op, "descriptor block must be a 2D tensor, but got '%s'", asm.TypeString(block))
	}
	if block.Dims[0] != 1 {
		return opError(op, "descriptor block must have exactly 1 row, but got '%s'", asm.TypeString(block))
	}
	if len(idx.Dims) != 1 {
		return opError(op, "x offsets must be a 1D tensor, but got '%s'", asm.TypeString(idx))
	}
	if len(res.Dims) != 2 {
		return opError(op, "result must be a 2D tensor, but got '%s'", asm.TypeString(res))
	}
	if res.Dims[0] < 8 {
		return opError(op, "must have at least 8 rows, but got %d", res.Dims[0])
	}
	w := ir.BitWidth(res.Elem)
	if w > 32 {
		return opError(op, "TMA dtype cannot be greater than 32 bits")
	}
	if w > 0 {
		if minCols := int64(32 / w * 8); res.Dims[1] < minCols {
			return opError(op, "must have at least %d columns for '%s', but got %d", minCols, asm.TypeString(res.Elem), res.Dims[1])
		}
	}
	if res.Dims[0] != idx.Dims[0] {
		return opError(op, "result tensor must have as many rows as indices (%d), but got '%s'", idx.Dims[0], asm.TypeString(res))
	}
	if res.Dims[1] != block.Dims[1] {
		return opError(op, "result tensor number of columns must match block (%d), but got '%s'", block.Dims[1], asm.TypeString(res))
	}
	if res.Elem != block.Elem {
		return opError(op, "result tensor element type must match block ('%s'), but got '%s'", asm.TypeString(block.Elem), asm.TypeString(res))
	}
	return nil
}

// descBlock0 is the block of a tensor descriptor type, or nil.
func descBlock0(t ir.Type) *ir.RankedTensorType {
	if d, ok := t.(*TensorDescType); ok {
		return d.Block
	}
	return nil
}

// verifyPerDimOperands checks that op, after its base operand, has groups
// operand lists of one value per dimension of block (Triton verifies only
// that the lists have equal lengths; every pass indexes them by dimension).
func verifyPerDimOperands(op *ir.Operation, block *ir.RankedTensorType, what string, groups int) error {
	if block == nil {
		return nil
	}
	if n := op.NumOperands() - 1; n != groups*block.Rank() {
		return opError(op, "expects %d %s operands each for its block '%s' of rank %d, got %d operands", block.Rank(), what, asm.TypeString(block), block.Rank(), n)
	}
	return nil
}

func verifyMakeTensorPtr(op *ir.Operation) error {
	block := BlockTypeOfTensorPtr(op.Result(0).Type())
	if err := verifyPerDimOperands(op, block, "shape, stride and offset", 3); err != nil || block == nil {
		return err
	}
	if order := orderOf(op); len(order) != block.Rank() || !isPermutation(order) {
		return opError(op, "order %v must be a permutation of the block's %d dimensions", order, block.Rank())
	}
	return nil
}

// ---- make_tensor_ptr / make_tensor_descriptor ----

func parseMakeTensorPtr(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	base, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var lists [3][]ir.UnresolvedOperand
	for i := range lists {
		if err := p.ParseComma(); err != nil {
			return err
		}
		if lists[i], err = parseOperandsBracket(p); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	loc := p.Loc()
	rt, err := ParsePtrType(p)
	if err != nil {
		return err
	}
	bt := BlockTypeOfTensorPtr(rt)
	if bt == nil {
		return customErr(p, loc, st, "'result' must be ptr, but got '%s'", asm.TypeString(rt))
	}
	bv, err := p.ResolveOperand(base, Ptr(ctx, bt.Elem, rt.AddrSpace))
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{bv}
	for i, t := range []ir.Type{ir.I64(ctx), ir.I64(ctx), ir.I32(ctx)} {
		vs, err := resolveAll(p, lists[i], t)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, vs...)
	}
	st.Types = []ir.Type{rt}
	return nil
}

// equalThirds splits the variadic tail of a SameVariadicOperandSize op.
func equalParts(vs []ir.Value, n int) [][]ir.Value {
	each := len(vs) / n
	out := make([][]ir.Value, n)
	for i := range out {
		out[i] = vs[i*each : (i+1)*each]
	}
	return out
}

func printMakeTensorPtr(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	for _, part := range equalParts(op.Operands()[1:], 3) {
		p.WriteString(", ")
		printOperandsBracket(p, part)
	}
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintStrippedType(op.Result(0).Type())
}

func parseMakeTensorDesc(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	base, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var lists [2][]ir.UnresolvedOperand
	for i := range lists {
		if err := p.ParseComma(); err != nil {
			return err
		}
		if lists[i], err = parseOperandsBracket(p); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	bt, err := ParsePtrType(p)
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	dt, err := ParseTensorDescType(p)
	if err != nil {
		return err
	}
	bv, err := p.ResolveOperand(base, bt)
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{bv}
	for i, t := range []ir.Type{ir.I32(ctx), ir.I64(ctx)} {
		vs, err := resolveAll(p, lists[i], t)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, vs...)
	}
	st.Types = []ir.Type{dt}
	setDefault(st, "padding", ir.I32EnumAttr(ctx, PadZero))
	return nil
}

func printMakeTensorDesc(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	for _, part := range equalParts(op.Operands()[1:], 2) {
		p.WriteString(", ")
		printOperandsBracket(p, part)
	}
	p.PrintOptionalAttrDict(op.Attrs(), elideIfDefault(op, "padding", ir.I32EnumAttr(op.Context(), PadZero))...)
	p.WriteString(" : ")
	p.PrintStrippedType(op.Operand(0).Type())
	p.WriteString(", ")
	p.PrintStrippedType(op.Result(0).Type())
}

// ---- descriptor_load / store / reduce ----

func parseDescIndices(p ir.OpParser) (ir.UnresolvedOperand, []ir.UnresolvedOperand, error) {
	d, err := p.ParseOperand()
	if err != nil {
		return d, nil, err
	}
	idx, err := parseOperandsBracket(p)
	return d, idx, err
}

func parseDescLoad(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	d, idx, err := parseDescIndices(p)
	if err != nil {
		return err
	}
	if err := parseCacheEvict(p, st); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	dt, err := ParseTensorDescType(p)
	if err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	rt, err := parseRankedTensorType(p, st)
	if err != nil {
		return err
	}
	dv, err := p.ResolveOperand(d, dt)
	if err != nil {
		return err
	}
	iv, err := resolveAll(p, idx, ir.I32(ctx))
	if err != nil {
		return err
	}
	st.Operands = append([]ir.Value{dv}, iv...)
	st.Types = []ir.Type{rt}
	setDefault(st, "cache", ir.I32EnumAttr(ctx, memory.CacheNone))
	setDefault(st, "evict", ir.I32EnumAttr(ctx, memory.EvictNormal))
	return nil
}

func printDescLoad(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	printOperandsBracket(p, op.Operands()[1:])
	printCacheEvict(p, op)
	p.PrintOptionalAttrDict(op.Attrs(), "cache", "evict")
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

// parseDescStore parses `[$kind,] $desc[$indices], $src attr-dict : type($desc), type($src)`.
func parseDescStore(reduce bool) func(ir.OpParser, *ir.OperationState) error {
	return func(p ir.OpParser, st *ir.OperationState) error {
		ctx := p.Context()
		if reduce {
			v, err := parseEnumKeyword(p, st, DescriptorReduceKindEnum, "kind")
			if err != nil {
				return err
			}
			st.AddAttr("kind", ir.I32Attr(ctx, v))
			if err := p.ParseComma(); err != nil {
				return err
			}
		}
		d, idx, err := parseDescIndices(p)
		if err != nil {
			return err
		}
		if err := p.ParseComma(); err != nil {
			return err
		}
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
		dt, err := ParseTensorDescType(p)
		if err != nil {
			return err
		}
		if err := p.ParseComma(); err != nil {
			return err
		}
		srcT, err := parseRankedTensorType(p, st)
		if err != nil {
			return err
		}
		dv, err := p.ResolveOperand(d, dt)
		if err != nil {
			return err
		}
		sv, err := p.ResolveOperand(src, srcT)
		if err != nil {
			return err
		}
		iv, err := resolveAll(p, idx, ir.I32(ctx))
		if err != nil {
			return err
		}
		st.Operands = append([]ir.Value{dv, sv}, iv...)
		return nil
	}
}

func printDescStore(reduce bool) func(ir.OpPrinter, *ir.Operation) {
	return func(p ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		if reduce {
			printEnumKeyword(p, DescriptorReduceKindEnum, op.Attr("kind"))
			p.WriteString(", ")
		}
		p.PrintOperand(op.Operand(0))
		printOperandsBracket(p, op.Operands()[2:])
		p.WriteString(", ")
		p.PrintOperand(op.Operand(1))
		p.PrintOptionalAttrDict(op.Attrs(), "kind")
		p.WriteString(" : ")
		p.PrintType(op.Operand(0).Type())
		p.WriteString(", ")
		p.PrintType(op.Operand(1).Type())
	}
}

// ---- descriptor_gather / scatter ----

func parseGatherIndices(p ir.OpParser) (ir.UnresolvedOperand, []ir.UnresolvedOperand, error) {
	d, err := p.ParseOperand()
	if err != nil {
		return d, nil, err
	}
	idx, err := parseOperandsBracket(p)
	if err == nil && len(idx) != 2 {
		err = p.Errorf("expected two indices (x offsets and y offset)")
	}
	return d, idx, err
}

func parseDescGather(p ir.OpParser, st *ir.OperationState) error {
	d, idx, err := parseGatherIndices(p)
	if err != nil {
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
	vals, err := p.ResolveOperands(append([]ir.UnresolvedOperand{d}, idx...), ins)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = outs
	return nil
}

func printDescGather(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	printOperandsBracket(p, op.Operands()[1:])
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintFunctionalType(op)
}

func parseDescScatter(p ir.OpParser, st *ir.OperationState) error {
	d, idx, err := parseGatherIndices(p)
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	vals, err := p.ResolveOperands(append(append([]ir.UnresolvedOperand{d}, idx...), src), ts)
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func printDescScatter(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	printOperandsBracket(p, op.Operands()[1:3])
	p.WriteString(", ")
	p.PrintOperand(op.Operand(3))
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintTypes(op.OperandTypes())
}

// ---- builders and views ----

// NewMakeTensorPtr creates a block pointer to a block of shape blockShape
// (element type from base).
func NewMakeTensorPtr(b *ir.Builder, loc ir.Location, base ir.Value, shape, strides, offsets []ir.Value, blockShape []int64, order []int64) *ir.Operation {
	pt := base.Type().(*PointerType)
	rt := Ptr(b.Ctx, ir.RankedTensor(b.Ctx, blockShape, pt.Pointee, nil), pt.AddrSpace)
	ops := append(append(append([]ir.Value{base}, shape...), strides...), offsets...)
	return b.CreateOp("tt.make_tensor_ptr", loc, ops, []ir.Type{rt}, ir.NamedAttr{Name: "order", Value: ir.DenseI32Array(b.Ctx, order)})
}

// NewMakeTensorDescriptor creates a tensor descriptor of blockShape.
func NewMakeTensorDescriptor(b *ir.Builder, loc ir.Location, base ir.Value, shape, strides []ir.Value, blockShape []int64, padding PaddingOption) *ir.Operation {
	pt := base.Type().(*PointerType)
	dt := TensorDesc(b.Ctx, ir.RankedTensor(b.Ctx, blockShape, pt.Pointee, nil))
	if padding == 0 {
		padding = PadZero
	}
	ops := append(append([]ir.Value{base}, shape...), strides...)
	return b.CreateOp("tt.make_tensor_descriptor", loc, ops, []ir.Type{dt}, ir.NamedAttr{Name: "padding", Value: ir.I32EnumAttr(b.Ctx, padding)})
}

// NewDescriptorLoad creates `tt.descriptor_load desc[indices] -> resultType`.
func NewDescriptorLoad(b *ir.Builder, loc ir.Location, desc ir.Value, indices []ir.Value, resultType ir.Type) *ir.Operation {
	return b.CreateOp("tt.descriptor_load", loc, append([]ir.Value{desc}, indices...), []ir.Type{resultType},
		ir.NamedAttr{Name: "cache", Value: ir.I32EnumAttr(b.Ctx, memory.CacheNone)},
		ir.NamedAttr{Name: "evict", Value: ir.I32EnumAttr(b.Ctx, memory.EvictNormal)})
}

// NewDescriptorStore creates `tt.descriptor_store desc[indices], src`.
func NewDescriptorStore(b *ir.Builder, loc ir.Location, desc, src ir.Value, indices []ir.Value) *ir.Operation {
	return b.CreateOp("tt.descriptor_store", loc, append([]ir.Value{desc, src}, indices...), nil)
}

// MakeTensorPtrOp is a typed view of tt.make_tensor_ptr.
type MakeTensorPtrOp struct{ *ir.Operation }

func (o MakeTensorPtrOp) Base() ir.Value { return o.Operand(0) }
func (o MakeTensorPtrOp) parts() [][]ir.Value {
	return equalParts(o.Operands()[1:], 3)
}
func (o MakeTensorPtrOp) Shape() []ir.Value   { return o.parts()[0] }
func (o MakeTensorPtrOp) Strides() []ir.Value { return o.parts()[1] }
func (o MakeTensorPtrOp) Offsets() []ir.Value { return o.parts()[2] }
func (o MakeTensorPtrOp) Order() []int64      { return orderOf(o.Operation) }

// MakeTensorDescOp is a typed view of tt.make_tensor_descriptor.
type MakeTensorDescOp struct{ *ir.Operation }

func (o MakeTensorDescOp) Base() ir.Value      { return o.Operand(0) }
func (o MakeTensorDescOp) Shape() []ir.Value   { return equalParts(o.Operands()[1:], 2)[0] }
func (o MakeTensorDescOp) Strides() []ir.Value { return equalParts(o.Operands()[1:], 2)[1] }
