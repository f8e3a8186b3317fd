package tt

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Atomic loads, stores and polls: tt.atomic_load, tt.atomic_store and
// tt.atomic_poll. Triton 3.6 has none of them; later Tritons (late 2025)
// added them for synchronisation through global memory (flags, barriers
// between programs). tt accepts them with the later Triton's syntax and
// verifiers, which reject nothing Triton 3.6 accepts since 3.6 does not
// know the ops.
var (
	AtomicLoadDef  = Dialect.NewOp("atomic_load", 0)
	AtomicStoreDef = Dialect.NewOp("atomic_store", 0)
	AtomicPollDef  = Dialect.NewOp("atomic_poll", ir.SameOperandsAndResultEncoding)
)

func init() {
	AtomicLoadDef.Inherent = []string{"sem", "scope"}
	AtomicLoadDef.Parse = parseAtomicLoad
	AtomicLoadDef.Print = printAtomicLoad
	// An atomic load is a synchronisation point even when its value is
	// unused: it reads and writes global memory so that no pass removes or
	// merges polling loads.
	AtomicLoadDef.AppendEffects = atomicEffects
	(&opSpec{
		attrs:    semScopeAttrs(),
		operands: []operandSpec{one(cPtrLike), opt(cBoolLike)},
		results:  []operandSpec{one(cType)},
		matches: []typesMatch{
			{"result matches ptr type", operandAt(0), resultAt(0), pointeeType},
			{"mask type matches ptr type", operandAt(0), operandAt(1), i1OfPointeeShape},
		},
		traits: []func(*ir.Operation) error{verifyLoadStoreShapes(true), verifyLoadStoreEncodings(true)},
		verify: func(op *ir.Operation) error {
			if s := memory.MemSemantic(enumValue(op, "sem", 0)); s != memory.SemAcquire && s != memory.SemRelaxed {
				return opError(op, "only supports acquire and relaxed semantics")
			}
			return verifyAtomicElement(op)
		},
	}).install(AtomicLoadDef)

	AtomicStoreDef.Inherent = []string{"sem", "scope"}
	AtomicStoreDef.Parse = parseAtomicStore
	AtomicStoreDef.Print = printAtomicStore
	AtomicStoreDef.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Write, Resource: "global", Value: op.Operand(0)})
	}
	(&opSpec{
		attrs:    semScopeAttrs(),
		operands: []operandSpec{one(cPtrLike), one(cType), opt(cBoolLike)},
		results:  []operandSpec{},
		matches: []typesMatch{
			{"value type matches ptr type", operandAt(0), operandAt(1), pointeeType},
			{"mask type matches ptr type", operandAt(0), operandAt(2), i1OfPointeeShape},
		},
		traits: []func(*ir.Operation) error{verifyLoadStoreShapes(false), verifyLoadStoreEncodings(false)},
		verify: func(op *ir.Operation) error {
			if s := memory.MemSemantic(enumValue(op, "sem", 0)); s != memory.SemRelease && s != memory.SemRelaxed {
				return opError(op, "only supports release and relaxed semantics")
			}
			return verifyAtomicElement(op)
		},
	}).install(AtomicStoreDef)

	AtomicPollDef.Inherent = []string{"sem", "scope"}
	AtomicPollDef.Parse = parseAtomicPoll
	AtomicPollDef.Print = printAtomicPoll
	AtomicPollDef.AppendEffects = atomicEffects
	(&opSpec{
		attrs:    semScopeAttrs(),
		operands: []operandSpec{one(cPtrLike), one(cIntLike), opt(cI64)},
		results:  []operandSpec{one(cBoolLike)},
		matches: []typesMatch{
			{"ptr type matches expected type", operandAt(1), operandAt(0), ptrOfShape},
			{"result type matches expected shape", operandAt(1), resultAt(0), i1OfShape},
		},
		verify: func(op *ir.Operation) error {
			if s := memory.MemSemantic(enumValue(op, "sem", 0)); s != memory.SemAcquire && s != memory.SemRelaxed {
				return opError(op, "only supports acquire and relaxed semantics")
			}
			switch ir.BitWidth(ir.ElementTypeOrSelf(op.Operand(1).Type())) {
			case 16, 32, 64:
				return nil
			}
			return opError(op, "only supports integer elements with width {16, 32, 64}")
		},
	}).install(AtomicPollDef)
}

func semScopeAttrs() []attrSpec {
	return []attrSpec{
		enumAttrSpec("sem", memory.MemSemanticEnum, true),
		enumAttrSpec("scope", memory.MemSyncScopeEnum, true),
	}
}

// verifyAtomicElement checks the element an atomic load or store moves:
// an integer or float of at least one byte.
func verifyAtomicElement(op *ir.Operation) error {
	elem := ir.ElementTypeOrSelf(PointeeType(op.Context(), op.Operand(0).Type()))
	switch elem.(type) {
	case *ir.IntegerType, *ir.FloatType:
	default:
		return opError(op, "only supports integer and floating-point elements")
	}
	if ir.BitWidth(elem) < 8 {
		return opError(op, "does not support sub-byte elements")
	}
	return nil
}

// parseSemScope parses `sem , scope ,`.
func parseSemScope(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	sem, err := parseEnumKeyword(p, st, memory.MemSemanticEnum, "sem")
	if err != nil {
		return err
	}
	st.AddAttr("sem", ir.I32Attr(ctx, sem))
	if err := p.ParseComma(); err != nil {
		return err
	}
	scope, err := parseEnumKeyword(p, st, memory.MemSyncScopeEnum, "scope")
	if err != nil {
		return err
	}
	st.AddAttr("scope", ir.I32Attr(ctx, scope))
	return p.ParseComma()
}

func printSemScope(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	printEnumKeyword(p, memory.MemSemanticEnum, op.Attr("sem"))
	p.WriteString(", ")
	printEnumKeyword(p, memory.MemSyncScopeEnum, op.Attr("scope"))
	p.WriteString(", ")
}

// parseAtomicLoad parses
// `sem, scope, %ptr (, %mask)? attr-dict : functional-type(operands, result)`.
func parseAtomicLoad(p ir.OpParser, st *ir.OperationState) error {
	if err := parseSemScope(p, st); err != nil {
		return err
	}
	return parseFunctional(p, st)
}

func printAtomicLoad(p ir.OpPrinter, op *ir.Operation) {
	printSemScope(p, op)
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs(), "sem", "scope")
	p.WriteString(" : ")
	p.PrintFunctionalType(op)
}

// parseAtomicStore parses
// `sem, scope, %ptr, %value (, %mask)? attr-dict : type(ptr)`.
func parseAtomicStore(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	if err := parseSemScope(p, st); err != nil {
		return err
	}
	ops, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(ops) != 2 && len(ops) != 3 {
		return customErr(p, nil, st, "expected 2 or 3 operands (pointer, value, mask)")
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
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
	val := PointeeType(ctx, pt)
	if val == nil {
		return customErr(p, loc, st, "'ptr' must be ptr or ranked tensor of ptr values, but got '%s'", asm.TypeString(pt))
	}
	types := []ir.Type{pt, val, I1SameShape(ctx, val)}
	vals, err := p.ResolveOperands(ops, types[:len(ops)])
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func printAtomicStore(p ir.OpPrinter, op *ir.Operation) {
	printSemScope(p, op)
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs(), "sem", "scope")
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

// parseAtomicPoll parses `sem, scope, %ptr, %expected (timeout %t)?
// attr-dict : type(ptr), type(expected) -> type(result)`.
func parseAtomicPoll(p ir.OpParser, st *ir.OperationState) error {
	if err := parseSemScope(p, st); err != nil {
		return err
	}
	ops, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(ops) != 2 {
		return customErr(p, nil, st, "expected 2 operands (pointer, expected value)")
	}
	if _, ok := p.ParseOptionalKeyword("timeout"); ok {
		t, err := p.ParseOperand()
		if err != nil {
			return err
		}
		ops = append(ops, t)
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	pt, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	et, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	rt, err := p.ParseType()
	if err != nil {
		return err
	}
	types := []ir.Type{pt, et, ir.I64(p.Context())}
	vals, err := p.ResolveOperands(ops, types[:len(ops)])
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{rt}
	return nil
}

func printAtomicPoll(p ir.OpPrinter, op *ir.Operation) {
	printSemScope(p, op)
	p.PrintOperand(op.Operand(0))
	p.WriteString(", ")
	p.PrintOperand(op.Operand(1))
	if op.NumOperands() > 2 {
		p.WriteString(" timeout ")
		p.PrintOperand(op.Operand(2))
	}
	p.PrintOptionalAttrDict(op.Attrs(), "sem", "scope")
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(", ")
	p.PrintType(op.Operand(1).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

// AtomicLoadOp is a typed view of tt.atomic_load.
type AtomicLoadOp struct{ *ir.Operation }

func (o AtomicLoadOp) Ptr() ir.Value { return o.Operand(0) }
func (o AtomicLoadOp) Sem() memory.MemSemantic {
	return memory.MemSemantic(enumValue(o.Operation, "sem", 0))
}
func (o AtomicLoadOp) Scope() memory.MemSyncScope {
	return memory.MemSyncScope(enumValue(o.Operation, "scope", 0))
}

// Mask returns the mask, or nil.
func (o AtomicLoadOp) Mask() ir.Value { return optionalOperand(o.Operation, 1) }

// AtomicStoreOp is a typed view of tt.atomic_store.
type AtomicStoreOp struct{ *ir.Operation }

func (o AtomicStoreOp) Ptr() ir.Value   { return o.Operand(0) }
func (o AtomicStoreOp) Value() ir.Value { return o.Operand(1) }
func (o AtomicStoreOp) Sem() memory.MemSemantic {
	return memory.MemSemantic(enumValue(o.Operation, "sem", 0))
}
func (o AtomicStoreOp) Scope() memory.MemSyncScope {
	return memory.MemSyncScope(enumValue(o.Operation, "scope", 0))
}

// Mask returns the mask, or nil.
func (o AtomicStoreOp) Mask() ir.Value { return optionalOperand(o.Operation, 2) }

// AtomicPollOp is a typed view of tt.atomic_poll: each element of Ptr is
// loaded (relaxed; acquire adds a fence after success) until it equals
// Expected or the timeout (in nanoseconds, shared by all elements)
// expires; the result says, per element, whether it matched.
type AtomicPollOp struct{ *ir.Operation }

func (o AtomicPollOp) Ptr() ir.Value      { return o.Operand(0) }
func (o AtomicPollOp) Expected() ir.Value { return o.Operand(1) }
func (o AtomicPollOp) Sem() memory.MemSemantic {
	return memory.MemSemantic(enumValue(o.Operation, "sem", 0))
}
func (o AtomicPollOp) Scope() memory.MemSyncScope {
	return memory.MemSyncScope(enumValue(o.Operation, "scope", 0))
}

// Timeout returns the timeout operand, or nil when the poll waits forever.
func (o AtomicPollOp) Timeout() ir.Value { return optionalOperand(o.Operation, 2) }

func optionalOperand(op *ir.Operation, i int) ir.Value {
	if op.NumOperands() > i {
		return op.Operand(i)
	}
	return nil
}

// NewAtomicLoad creates `tt.atomic_load` (mask may be nil).
func NewAtomicLoad(b *ir.Builder, loc ir.Location, ptr, mask ir.Value, sem memory.MemSemantic, scope memory.MemSyncScope) *ir.Operation {
	ops := []ir.Value{ptr}
	if mask != nil {
		ops = append(ops, mask)
	}
	return b.CreateOp("tt.atomic_load", loc, ops, []ir.Type{PointeeType(b.Ctx, ptr.Type())},
		ir.NamedAttr{Name: "sem", Value: ir.I32EnumAttr(b.Ctx, sem)},
		ir.NamedAttr{Name: "scope", Value: ir.I32EnumAttr(b.Ctx, scope)})
}

// NewAtomicStore creates `tt.atomic_store` (mask may be nil).
func NewAtomicStore(b *ir.Builder, loc ir.Location, ptr, val, mask ir.Value, sem memory.MemSemantic, scope memory.MemSyncScope) *ir.Operation {
	ops := []ir.Value{ptr, val}
	if mask != nil {
		ops = append(ops, mask)
	}
	return b.CreateOp("tt.atomic_store", loc, ops, nil,
		ir.NamedAttr{Name: "sem", Value: ir.I32EnumAttr(b.Ctx, sem)},
		ir.NamedAttr{Name: "scope", Value: ir.I32EnumAttr(b.Ctx, scope)})
}

// NewAtomicPoll creates `tt.atomic_poll` (timeout may be nil).
func NewAtomicPoll(b *ir.Builder, loc ir.Location, ptr, expected, timeout ir.Value, sem memory.MemSemantic, scope memory.MemSyncScope) *ir.Operation {
	ops := []ir.Value{ptr, expected}
	if timeout != nil {
		ops = append(ops, timeout)
	}
	return b.CreateOp("tt.atomic_poll", loc, ops, []ir.Type{I1SameShape(b.Ctx, expected.Type())},
		ir.NamedAttr{Name: "sem", Value: ir.I32EnumAttr(b.Ctx, sem)},
		ir.NamedAttr{Name: "scope", Value: ir.I32EnumAttr(b.Ctx, scope)})
}
