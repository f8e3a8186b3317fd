package tt

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
)

// Atomics: atomic_rmw, atomic_cas. Both read and write global memory.
var (
	AtomicRMWDef = Dialect.NewOp("atomic_rmw", ir.SameOperandsAndResultShape|ir.SameOperandsAndResultEncoding)
	AtomicCASDef = Dialect.NewOp("atomic_cas", ir.SameOperandsAndResultShape|ir.SameOperandsAndResultEncoding)
)

func atomicEffects(op *ir.Operation, buf []ir.Effect) []ir.Effect {
	return append(buf,
		ir.Effect{Kind: ir.Read, Resource: "global", Value: op.Operand(0)},
		ir.Effect{Kind: ir.Write, Resource: "global", Value: op.Operand(0)},
	)
}

func init() {
	AtomicRMWDef.Inherent = []string{"atomic_rmw_op", "sem", "scope"}
	AtomicRMWDef.Parse = parseAtomic(true)
	AtomicRMWDef.Print = printAtomic(true)
	AtomicRMWDef.AppendEffects = atomicEffects
	(&opSpec{
		attrs: []attrSpec{
			enumAttrSpec("atomic_rmw_op", memory.RMWOpEnum, true),
			enumAttrSpec("sem", memory.MemSemanticEnum, true),
			enumAttrSpec("scope", memory.MemSyncScopeEnum, true),
		},
		operands: []operandSpec{one(cPtrLike), one(cType), opt(cBoolLike)},
		results:  []operandSpec{one(cType)},
		matches: []typesMatch{
			{"ptr type matches value type", operandAt(1), operandAt(0), ptrOfShape},
			{"mask type matches value type", operandAt(1), operandAt(2), i1OfShape},
		},
	}).install(AtomicRMWDef)

	AtomicCASDef.Inherent = []string{"sem", "scope"}
	AtomicCASDef.Parse = parseAtomic(false)
	AtomicCASDef.Print = printAtomic(false)
	AtomicCASDef.AppendEffects = atomicEffects
	(&opSpec{
		attrs: []attrSpec{
			enumAttrSpec("sem", memory.MemSemanticEnum, true),
			enumAttrSpec("scope", memory.MemSyncScopeEnum, true),
		},
		operands: []operandSpec{one(cPtrLike), one(cType), one(cType)},
		results:  []operandSpec{one(cType)},
		matches: []typesMatch{
			{"ptr type matches cmp type", operandAt(1), operandAt(0), ptrOfShape},
			{"ptr type matches value type", operandAt(2), operandAt(0), ptrOfShape},
		},
	}).install(AtomicCASDef)
}

// parseAtomic parses `[rmw_op ,] sem , scope , operands attr-dict : functional-type`.
func parseAtomic(rmw bool) func(ir.OpParser, *ir.OperationState) error {
	return func(p ir.OpParser, st *ir.OperationState) error {
		ctx := p.Context()
		if rmw {
			v, err := parseEnumKeyword(p, st, memory.RMWOpEnum, "atomic_rmw_op")
			if err != nil {
				return err
			}
			st.AddAttr("atomic_rmw_op", ir.I32Attr(ctx, v))
			if err := p.ParseComma(); err != nil {
				return err
			}
		}
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
		if err := p.ParseComma(); err != nil {
			return err
		}
		return parseFunctional(p, st)
	}
}

func printAtomic(rmw bool) func(ir.OpPrinter, *ir.Operation) {
	return func(p ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		if rmw {
			printEnumKeyword(p, memory.RMWOpEnum, op.Attr("atomic_rmw_op"))
			p.WriteString(", ")
		}
		printEnumKeyword(p, memory.MemSemanticEnum, op.Attr("sem"))
		p.WriteString(", ")
		printEnumKeyword(p, memory.MemSyncScopeEnum, op.Attr("scope"))
		p.WriteString(", ")
		p.PrintOperands(op.Operands())
		p.PrintOptionalAttrDict(op.Attrs(), "atomic_rmw_op", "sem", "scope")
		p.WriteString(" : ")
		p.PrintFunctionalType(op)
	}
}

// AtomicRMWOp is a typed view of tt.atomic_rmw.
type AtomicRMWOp struct{ *ir.Operation }

func (o AtomicRMWOp) Kind() memory.RMWOp {
	return memory.RMWOp(enumValue(o.Operation, "atomic_rmw_op", 0))
}
func (o AtomicRMWOp) Sem() memory.MemSemantic {
	return memory.MemSemantic(enumValue(o.Operation, "sem", 0))
}
func (o AtomicRMWOp) Scope() memory.MemSyncScope {
	return memory.MemSyncScope(enumValue(o.Operation, "scope", 0))
}
func (o AtomicRMWOp) Ptr() ir.Value { return o.Operand(0) }
func (o AtomicRMWOp) Val() ir.Value { return o.Operand(1) }

// Mask returns the mask, or nil.
func (o AtomicRMWOp) Mask() ir.Value {
	if o.NumOperands() > 2 {
		return o.Operand(2)
	}
	return nil
}

// NewAtomicRMW creates `tt.atomic_rmw` (mask may be nil).
func NewAtomicRMW(b *ir.Builder, loc ir.Location, kind memory.RMWOp, ptr, val, mask ir.Value, sem memory.MemSemantic, scope memory.MemSyncScope) *ir.Operation {
	ops := []ir.Value{ptr, val}
	if mask != nil {
		ops = append(ops, mask)
	}
	return b.CreateOp("tt.atomic_rmw", loc, ops, []ir.Type{val.Type()},
		ir.NamedAttr{Name: "atomic_rmw_op", Value: ir.I32EnumAttr(b.Ctx, kind)},
		ir.NamedAttr{Name: "sem", Value: ir.I32EnumAttr(b.Ctx, sem)},
		ir.NamedAttr{Name: "scope", Value: ir.I32EnumAttr(b.Ctx, scope)})
}

// AtomicCASOp is a typed view of tt.atomic_cas.
type AtomicCASOp struct{ *ir.Operation }

func (o AtomicCASOp) Ptr() ir.Value { return o.Operand(0) }
func (o AtomicCASOp) Cmp() ir.Value { return o.Operand(1) }
func (o AtomicCASOp) Val() ir.Value { return o.Operand(2) }
func (o AtomicCASOp) Sem() memory.MemSemantic {
	return memory.MemSemantic(enumValue(o.Operation, "sem", 0))
}
func (o AtomicCASOp) Scope() memory.MemSyncScope {
	return memory.MemSyncScope(enumValue(o.Operation, "scope", 0))
}

// NewAtomicCAS creates `tt.atomic_cas`.
func NewAtomicCAS(b *ir.Builder, loc ir.Location, ptr, cmp, val ir.Value, sem memory.MemSemantic, scope memory.MemSyncScope) *ir.Operation {
	return b.CreateOp("tt.atomic_cas", loc, []ir.Value{ptr, cmp, val}, []ir.Type{val.Type()},
		ir.NamedAttr{Name: "sem", Value: ir.I32EnumAttr(b.Ctx, sem)},
		ir.NamedAttr{Name: "scope", Value: ir.I32EnumAttr(b.Ctx, scope)})
}
