package tt

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Pointer arithmetic and memory access: addptr, advance, load, store.
var (
	AddPtrDef  = Dialect.NewOp("addptr", ir.Pure|ir.Elementwise|ir.SameOperandsAndResultShape|ir.SameOperandsAndResultEncoding)
	AdvanceDef = Dialect.NewOp("advance", ir.Pure)
	LoadDef    = Dialect.NewOp("load", ir.AttrSizedOperandSegments)
	StoreDef   = Dialect.NewOp("store", 0)
)

// Default values of load/store properties, as Triton's ODS declares them.
func defaultBoundaryCheck(ctx *ir.Context) ir.Attribute { return ir.DenseI32Array(ctx, nil) }

func init() {
	AddPtrDef.Parse = parseAddPtr
	AddPtrDef.Print = printAddPtr
	(&opSpec{
		operands: []operandSpec{one(cPtrLike), one(cIntLike)}, results: []operandSpec{one(cPtrLike)},
		matches: []typesMatch{{"result type matches ptr type", resultAt(0), operandAt(0), sameType}},
		traits:  []func(*ir.Operation) error{verifyElementwise},
	}).install(AddPtrDef)
	AddPtrDef.Fold = foldAddPtr

	AdvanceDef.Parse = parseAdvance
	AdvanceDef.Print = printAdvance
	(&opSpec{
		operands: []operandSpec{one(cTensorPtr), vari(cI32)}, results: []operandSpec{one(cTensorPtr)},
		matches: []typesMatch{{"result type matches ptr type", resultAt(0), operandAt(0), sameType}},
		verify: func(op *ir.Operation) error {
			if block := BlockTypeOfTensorPtr(op.Operand(0).Type()); block != nil && op.NumOperands()-1 != block.Rank() {
				return opError(op, "expects %d offsets for its block '%s' of rank %d, got %d", block.Rank(), asm.TypeString(block), block.Rank(), op.NumOperands()-1)
			}
			return nil
		},
	}).install(AdvanceDef)
	AdvanceDef.Fold = foldAdvance

	LoadDef.Inherent = []string{"boundaryCheck", "padding", "cache", "evict", "isVolatile", "operandSegmentSizes"}
	LoadDef.Parse = parseLoad
	LoadDef.Print = printLoad
	LoadDef.AppendEffects = loadEffects
	(&opSpec{
		attrs: []attrSpec{
			optAttr("boundaryCheck", isI32Array, i32ArraySummary),
			enumAttrSpec("padding", PaddingOptionEnum, false),
			enumAttrSpec("cache", memory.CacheModifierEnum, false),
			enumAttrSpec("evict", memory.EvictionPolicyEnum, false),
			optAttr("isVolatile", isBoolAttr, boolAttrSummary),
		},
		operands: []operandSpec{one(cLoadPtr), opt(cBoolLike), opt(cType)},
		results:  []operandSpec{one(cType)},
		matches: []typesMatch{
			{"result matches ptr type", operandAt(0), resultAt(0), pointeeType},
			{"mask type matches ptr type", operandAt(0), segmentOperand(1), i1OfPointeeShape},
			{"other matches ptr type", operandAt(0), segmentOperand(2), pointeeType},
		},
		traits: []func(*ir.Operation) error{verifyLoadStoreShapes(true), verifyLoadStoreEncodings(true)},
		verify: verifyBoundaryCheck,
	}).install(LoadDef)
	LoadDef.Canonicalize = []ir.RewritePattern{canonicalizeMaskedLoad{}}

	StoreDef.Inherent = []string{"boundaryCheck", "cache", "evict"}
	StoreDef.Parse = parseStore
	StoreDef.Print = printStore
	StoreDef.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Write, Resource: "global", Value: op.Operand(0)})
	}
	(&opSpec{
		attrs: []attrSpec{
			optAttr("boundaryCheck", isI32Array, i32ArraySummary),
			enumAttrSpec("cache", memory.CacheModifierEnum, false),
			enumAttrSpec("evict", memory.EvictionPolicyEnum, false),
		},
		operands: []operandSpec{one(cLoadPtr), one(cType), opt(cBoolLike)},
		results:  []operandSpec{},
		matches: []typesMatch{
			{"value type matches ptr type", operandAt(0), operandAt(1), pointeeType},
			{"mask type matches ptr type", operandAt(0), operandAt(2), i1OfPointeeShape},
		},
		traits: []func(*ir.Operation) error{verifyLoadStoreShapes(false), verifyLoadStoreEncodings(false)},
		verify: verifyBoundaryCheck,
	}).install(StoreDef)
	StoreDef.Canonicalize = []ir.RewritePattern{canonicalizeMaskedStore{}}
}

// verifyBoundaryCheck checks that a block-pointer access checks bounds
// only along dimensions its block has.
func verifyBoundaryCheck(op *ir.Operation) error {
	block := BlockTypeOfTensorPtr(op.Operand(0).Type())
	a, ok := op.Attr("boundaryCheck").(*ir.DenseArrayAttr)
	if block == nil || !ok {
		return nil
	}
	for _, d := range a.Ints {
		if d < 0 || d >= int64(block.Rank()) {
			return opError(op, "boundaryCheck dimension %d is out of range for the block '%s' of rank %d", d, asm.TypeString(block), block.Rank())
		}
	}
	return nil
}

func loadEffects(op *ir.Operation, buf []ir.Effect) []ir.Effect {
	buf = append(buf, ir.Effect{Kind: ir.Read, Resource: "global", Value: op.Operand(0)})
	if a, ok := op.Attr("isVolatile").(*ir.IntegerAttr); ok && a.Bool() {
		buf = append(buf, ir.Effect{Kind: ir.Write})
	}
	return buf
}

// loadStoreShape is the shape a load/store operand contributes: block
// pointers count with their pointee tensor's shape.
func loadStoreShape(t ir.Type) []int64 {
	if bt := BlockTypeOfTensorPtr(t); bt != nil {
		return bt.Dims
	}
	return ir.ShapeOf(t)
}

func loadStoreEncoding(t ir.Type) ir.Attribute {
	if bt := BlockTypeOfTensorPtr(t); bt != nil {
		return bt.Encoding
	}
	return ir.EncodingOf(t)
}

func verifyLoadStoreShapes(withResult bool) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if op.NumOperands() == 0 {
			return nil
		}
		first := loadStoreShape(op.Operand(0).Type())
		if withResult {
			for _, t := range op.ResultTypes() {
				if !ir.EqualShape(loadStoreShape(t), first) {
					return opError(op, "requires the same shape for all operands and results")
				}
			}
		}
		for _, t := range op.OperandTypes()[1:] {
			if !ir.EqualShape(loadStoreShape(t), first) {
				return opError(op, "requires the same shape for all operands")
			}
		}
		return nil
	}
}

func verifyLoadStoreEncodings(withResult bool) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if op.NumOperands() == 0 {
			return nil
		}
		first := loadStoreEncoding(op.Operand(0).Type())
		if withResult {
			for _, t := range op.ResultTypes() {
				if loadStoreEncoding(t) != first {
					return opError(op, "requires the same encoding for all operands and results")
				}
			}
		}
		for _, t := range op.OperandTypes()[1:] {
			if loadStoreEncoding(t) != first {
				return opError(op, "requires the same encoding for all operands")
			}
		}
		return nil
	}
}

// ---- addptr / advance ----

func parseAddPtr(p ir.OpParser, st *ir.OperationState) error {
	ptr, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	off, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	rt, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	ot, err := p.ParseType()
	if err != nil {
		return err
	}
	vals, err := p.ResolveOperands([]ir.UnresolvedOperand{ptr, off}, []ir.Type{rt, ot})
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{rt}
	return nil
}

func printAddPtr(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
	p.WriteString(", ")
	p.PrintType(op.Operand(1).Type())
}

func parseAdvance(p ir.OpParser, st *ir.OperationState) error {
	ptr, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	offs, err := parseOperandsBracket(p)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	loc := p.Loc()
	pt, err := ParsePtrType(p)
	if err != nil {
		return err
	}
	if !IsTensorPointer(pt) {
		return customErr(p, loc, st, "'result' must be ptr, but got '%s'", asm.TypeString(pt))
	}
	v, err := p.ResolveOperand(ptr, pt)
	if err != nil {
		return err
	}
	ov, err := resolveAll(p, offs, ir.I32(p.Context()))
	if err != nil {
		return err
	}
	st.Operands = append([]ir.Value{v}, ov...)
	st.Types = []ir.Type{pt}
	return nil
}

func printAdvance(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(", ")
	printOperandsBracket(p, op.Operands()[1:])
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintStrippedType(op.Result(0).Type())
}

// ---- load / store ----

// parseCacheEvict parses the oilist `cacheModifier = X evictionPolicy = Y`
// clauses in any order.
func parseCacheEvict(p ir.OpParser, st *ir.OperationState) error {
	seen := map[string]bool{}
	for {
		loc := p.Loc()
		kw, ok := p.ParseOptionalKeyword("cacheModifier", "evictionPolicy")
		if !ok {
			return nil
		}
		if seen[kw] {
			return customErr(p, loc, st, "`%s` clause can appear at most once in the expansion of the oilist directive", kw)
		}
		seen[kw] = true
		if err := p.ParseEqual(); err != nil {
			return err
		}
		e, name := memory.CacheModifierEnum, "cache"
		if kw == "evictionPolicy" {
			e, name = memory.EvictionPolicyEnum, "evict"
		}
		v, err := parseEnumKeyword(p, st, e, name)
		if err != nil {
			return err
		}
		st.AddAttr(name, ir.I32Attr(p.Context(), v))
	}
}

func printCacheEvict(p ir.OpPrinter, op *ir.Operation) {
	if a := op.Attr("cache"); a != nil && a != ir.I32EnumAttr(op.Context(), memory.CacheNone) {
		p.WriteString(" cacheModifier = ")
		printEnumKeyword(p, memory.CacheModifierEnum, a)
	}
	if a := op.Attr("evict"); a != nil && a != ir.I32EnumAttr(op.Context(), memory.EvictNormal) {
		p.WriteString(" evictionPolicy = ")
		printEnumKeyword(p, memory.EvictionPolicyEnum, a)
	}
}

// setDefault adds a default-valued property unless present (MLIR's
// populateDefaultProperties, applied when an op is created).
func setDefault(st *ir.OperationState, name string, v ir.Attribute) {
	if st.Attr(name) == nil {
		st.AddAttr(name, v)
	}
}

func parseLoad(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	ptr, err := p.ParseOperand()
	if err != nil {
		return err
	}
	// Each of the two optional groups is a comma and, optionally, its
	// operand (MLIR's generated parser uses parseOptionalOperand there, so
	// `tt.load %p, : T` reads as a load without mask).
	var opt []ir.UnresolvedOperand
	for group := 0; group < 2 && p.ParseOptionalComma(); group++ {
		u, ok, err := p.ParseOptionalOperand()
		if err != nil {
			return err
		}
		if ok {
			opt = append(opt, u)
		}
	}
	if err := parseCacheEvict(p, st); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := applyCachePolicy(st, false); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	loc := p.Loc()
	pt, err := p.ParseType()
	if err != nil {
		return err
	}
	res := PointeeType(ctx, pt)
	if res == nil {
		return customErr(p, loc, st, "'ptr' must be ptr or ranked tensor of ptr values or ptr, but got '%s'", asm.TypeString(pt))
	}
	pv, err := p.ResolveOperand(ptr, pt)
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{pv}
	if len(opt) > 0 {
		mv, err := p.ResolveOperand(opt[0], I1SameShape(ctx, res))
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, mv)
	}
	if len(opt) > 1 {
		ov, err := p.ResolveOperand(opt[1], res)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, ov)
	}
	hasMask, hasOther := 0, 0
	if len(opt) > 0 {
		hasMask = 1
	}
	if len(opt) > 1 {
		hasOther = 1
	}
	st.AddAttr("operandSegmentSizes", segmentSizes(ctx, 1, hasMask, hasOther))
	setDefault(st, "boundaryCheck", defaultBoundaryCheck(ctx))
	setDefault(st, "cache", ir.I32EnumAttr(ctx, memory.CacheNone))
	setDefault(st, "evict", ir.I32EnumAttr(ctx, memory.EvictNormal))
	setDefault(st, "isVolatile", ir.BoolAttrOf(ctx, false))
	st.Types = []ir.Type{res}
	return nil
}

func elidedLoadStoreAttrs(op *ir.Operation) []string {
	ctx := op.Context()
	el := []string{"operandSegmentSizes", "cache", "evict"}
	el = append(el, elideIfDefault(op, "boundaryCheck", defaultBoundaryCheck(ctx))...)
	el = append(el, elideIfDefault(op, "isVolatile", ir.BoolAttrOf(ctx, false))...)
	return el
}

func printLoad(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	printCacheEvict(p, op)
	p.PrintOptionalAttrDict(op.Attrs(), elidedLoadStoreAttrs(op)...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

func parseStore(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	ptr, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	val, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var mask *ir.UnresolvedOperand
	if p.ParseOptionalComma() {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		mask = &u
	}
	if err := parseCacheEvict(p, st); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := applyCachePolicy(st, true); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	loc := p.Loc()
	pt, err := p.ParseType()
	if err != nil {
		return err
	}
	vt := PointeeType(ctx, pt)
	if vt == nil {
		return customErr(p, loc, st, "'ptr' must be ptr or ranked tensor of ptr values or ptr, but got '%s'", asm.TypeString(pt))
	}
	pv, err := p.ResolveOperand(ptr, pt)
	if err != nil {
		return err
	}
	vv, err := p.ResolveOperand(val, vt)
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{pv, vv}
	if mask != nil {
		mv, err := p.ResolveOperand(*mask, I1SameShape(ctx, vt))
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, mv)
	}
	setDefault(st, "boundaryCheck", defaultBoundaryCheck(ctx))
	setDefault(st, "cache", ir.I32EnumAttr(ctx, memory.CacheNone))
	setDefault(st, "evict", ir.I32EnumAttr(ctx, memory.EvictNormal))
	return nil
}

func printStore(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	printCacheEvict(p, op)
	p.PrintOptionalAttrDict(op.Attrs(), elidedLoadStoreAttrs(op)...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

// ---- typed views and builders ----

// LoadOp is a typed view of tt.load.
type LoadOp struct{ *ir.Operation }

func (o LoadOp) Ptr() ir.Value { return o.Operand(0) }

// Mask returns the mask operand, or nil.
func (o LoadOp) Mask() ir.Value {
	s, e := segmentRange(o.Operation, 1)
	if e > s {
		return o.Operand(s)
	}
	if segments(o.Operation) == nil && o.NumOperands() > 1 {
		return o.Operand(1)
	}
	return nil
}

// Other returns the value for masked-off lanes, or nil.
func (o LoadOp) Other() ir.Value {
	s, e := segmentRange(o.Operation, 2)
	if e > s {
		return o.Operand(s)
	}
	if segments(o.Operation) == nil && o.NumOperands() > 2 {
		return o.Operand(2)
	}
	return nil
}

func (o LoadOp) Cache() memory.CacheModifier {
	return memory.CacheModifier(enumValue(o.Operation, "cache", 1))
}
func (o LoadOp) Evict() memory.EvictionPolicy {
	return memory.EvictionPolicy(enumValue(o.Operation, "evict", 1))
}
func (o LoadOp) IsVolatile() bool {
	a, ok := o.Attr("isVolatile").(*ir.IntegerAttr)
	return ok && a.Bool()
}

// BoundaryCheck returns the dims checked (block pointers only).
func (o LoadOp) BoundaryCheck() []int64 {
	if a, ok := o.Attr("boundaryCheck").(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// Padding returns the padding option and whether it is set.
func (o LoadOp) Padding() (PaddingOption, bool) {
	a, ok := o.Attr("padding").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return PaddingOption(a.Int()), true
}

// LoadOptions are the optional parts of a load.
type LoadOptions struct {
	Cache         memory.CacheModifier  // 0 = none
	Evict         memory.EvictionPolicy // 0 = evict_normal
	IsVolatile    bool
	BoundaryCheck []int64
	Padding       PaddingOption // 0 = absent
}

// NewLoad creates `tt.load ptr[, mask[, other]]`; mask and other may be
// nil. The result type is the pointee type of ptr.
func NewLoad(b *ir.Builder, loc ir.Location, ptr, mask, other ir.Value, o LoadOptions) *ir.Operation {
	ctx := b.Ctx
	ops := []ir.Value{ptr}
	hasMask, hasOther := 0, 0
	if mask != nil {
		ops = append(ops, mask)
		hasMask = 1
	}
	if other != nil {
		ops = append(ops, other)
		hasOther = 1
	}
	if o.Cache == 0 {
		o.Cache = memory.CacheNone
	}
	if o.Evict == 0 {
		o.Evict = memory.EvictNormal
	}
	attrs := []ir.NamedAttr{
		{Name: "operandSegmentSizes", Value: segmentSizes(ctx, 1, hasMask, hasOther)},
		{Name: "boundaryCheck", Value: ir.DenseI32Array(ctx, o.BoundaryCheck)},
		{Name: "cache", Value: ir.I32EnumAttr(ctx, o.Cache)},
		{Name: "evict", Value: ir.I32EnumAttr(ctx, o.Evict)},
		{Name: "isVolatile", Value: ir.BoolAttrOf(ctx, o.IsVolatile)},
	}
	if o.Padding != 0 {
		attrs = append(attrs, ir.NamedAttr{Name: "padding", Value: ir.I32EnumAttr(ctx, o.Padding)})
	}
	return b.CreateOp("tt.load", loc, ops, []ir.Type{PointeeType(ctx, ptr.Type())}, attrs...)
}

// StoreOp is a typed view of tt.store.
type StoreOp struct{ *ir.Operation }

func (o StoreOp) Ptr() ir.Value   { return o.Operand(0) }
func (o StoreOp) Value() ir.Value { return o.Operand(1) }

// Mask returns the mask operand, or nil.
func (o StoreOp) Mask() ir.Value {
	if o.NumOperands() > 2 {
		return o.Operand(2)
	}
	return nil
}
func (o StoreOp) Cache() memory.CacheModifier {
	return memory.CacheModifier(enumValue(o.Operation, "cache", 1))
}
func (o StoreOp) Evict() memory.EvictionPolicy {
	return memory.EvictionPolicy(enumValue(o.Operation, "evict", 1))
}

// NewStore creates `tt.store ptr, value[, mask]` (mask may be nil).
func NewStore(b *ir.Builder, loc ir.Location, ptr, value, mask ir.Value, cache memory.CacheModifier, evict memory.EvictionPolicy, boundaryCheck []int64) *ir.Operation {
	ctx := b.Ctx
	ops := []ir.Value{ptr, value}
	if mask != nil {
		ops = append(ops, mask)
	}
	if cache == 0 {
		cache = memory.CacheNone
	}
	if evict == 0 {
		evict = memory.EvictNormal
	}
	return b.CreateOp("tt.store", loc, ops, nil,
		ir.NamedAttr{Name: "boundaryCheck", Value: ir.DenseI32Array(ctx, boundaryCheck)},
		ir.NamedAttr{Name: "cache", Value: ir.I32EnumAttr(ctx, cache)},
		ir.NamedAttr{Name: "evict", Value: ir.I32EnumAttr(ctx, evict)})
}

// AddPtrOp is a typed view of tt.addptr.
type AddPtrOp struct{ *ir.Operation }

func (o AddPtrOp) Ptr() ir.Value    { return o.Operand(0) }
func (o AddPtrOp) Offset() ir.Value { return o.Operand(1) }

// NewAddPtr creates `tt.addptr ptr, offset`; the result has ptr's type.
func NewAddPtr(b *ir.Builder, loc ir.Location, ptr, offset ir.Value) *ir.Operation {
	return b.CreateOp("tt.addptr", loc, []ir.Value{ptr, offset}, []ir.Type{ptr.Type()})
}

// AdvanceOp is a typed view of tt.advance.
type AdvanceOp struct{ *ir.Operation }

func (o AdvanceOp) Ptr() ir.Value       { return o.Operand(0) }
func (o AdvanceOp) Offsets() []ir.Value { return o.Operands()[1:] }

// NewAdvance creates `tt.advance ptr, [offsets]`.
func NewAdvance(b *ir.Builder, loc ir.Location, ptr ir.Value, offsets []ir.Value) *ir.Operation {
	return b.CreateOp("tt.advance", loc, append([]ir.Value{ptr}, offsets...), []ir.Type{ptr.Type()})
}
