package gpu

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Atomics, one address per thread:
//
//	%old = gpu.atomic_rmw fadd, acq_rel, gpu, %ptr, %v, %pred : !llvm.ptr<1>, f32 -> f32
//	%old = gpu.atomic_cas acq_rel, gpu, %ptr, %cmp, %new, %pred : !llvm.ptr<1>, i32 -> i32
//
// Kinds, semantics and scopes are tt's RMWOp, MemSemantic and
// MemSyncScope. The predicate is optional; where it is false memory is
// not touched and the result is zero. The result is the value memory held
// before the operation.
//
// atomic_rmw value types: and/or/xor/add/umax/umin on i32 and i64, max/min
// on i32 and i64 (signed), fadd on f16, bf16, f32, f64 and the packed
// vector<2xf16> / vector<2xbf16>, exch on integers and floats of 32 or 64
// bits. atomic_cas: 16/32/64-bit integers and floats (compared bitwise).

var (
	AtomicRMWOp = Dialect.NewOp("atomic_rmw", 0)
	AtomicCASOp = Dialect.NewOp("atomic_cas", 0)
)

func init() {
	AtomicRMWOp.Inherent = []string{"kind", "sem", "scope"}
	AtomicRMWOp.Parse = parseAtomic(true)
	AtomicRMWOp.Print = printAtomic
	AtomicRMWOp.Verify = verifyAtomicRMW
	AtomicRMWOp.AppendEffects = atomicEffects

	AtomicCASOp.Inherent = []string{"sem", "scope"}
	AtomicCASOp.Parse = parseAtomic(false)
	AtomicCASOp.Print = printAtomic
	AtomicCASOp.Verify = verifyAtomicCAS
	AtomicCASOp.AppendEffects = atomicEffects
}

func atomicEffects(op *ir.Operation, buf []ir.Effect) []ir.Effect {
	s, _ := spaceOf(op.Operand(0).Type())
	return append(buf,
		ir.Effect{Kind: ir.Read, Resource: resource(s), Value: op.Operand(0)},
		ir.Effect{Kind: ir.Write, Resource: resource(s), Value: op.Operand(0)},
	)
}

// atomicEnums lists the leading keywords of each op.
func atomicEnums(rmw bool) []struct {
	name string
	e    *ir.EnumInfo
} {
	out := []struct {
		name string
		e    *ir.EnumInfo
	}{{"sem", memory.MemSemanticEnum}, {"scope", memory.MemSyncScopeEnum}}
	if rmw {
		out = append([]struct {
			name string
			e    *ir.EnumInfo
		}{{"kind", memory.RMWOpEnum}}, out...)
	}
	return out
}

func parseAtomic(rmw bool) func(ir.OpParser, *ir.OperationState) error {
	return func(p ir.OpParser, st *ir.OperationState) error {
		for _, en := range atomicEnums(rmw) {
			loc := p.Loc()
			kw, err := p.ParseKeyword()
			if err != nil {
				return err
			}
			v, ok := en.e.ValueOf(kw)
			if !ok {
				return p.ErrorfAt(loc, "expected one of [%s] for '%s', got '%s'", keywords(en.e), en.name, kw)
			}
			st.AddAttr(en.name, ir.I32Attr(p.Context(), v))
			if err := p.ParseComma(); err != nil {
				return err
			}
		}
		us, err := p.ParseOperandList(ir.DelimNone)
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		if err := p.ParseColon(); err != nil {
			return err
		}
		ptrT, err := p.ParseType()
		if err != nil {
			return err
		}
		if err := p.ParseComma(); err != nil {
			return err
		}
		vt, err := p.ParseType()
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
		types := []ir.Type{ptrT, vt}
		if !rmw {
			types = append(types, vt)
		}
		switch len(us) {
		case len(types):
		case len(types) + 1:
			types = append(types, ir.I1(p.Context()))
		default:
			return p.Errorf("expected %d or %d operands, got %d", len(types), len(types)+1, len(us))
		}
		vals, err := p.ResolveOperands(us, types)
		if err != nil {
			return err
		}
		st.Operands = vals
		st.Types = []ir.Type{rt}
		return nil
	}
}

func printAtomic(p ir.OpPrinter, op *ir.Operation) {
	rmw := op.Name() == "gpu.atomic_rmw"
	p.WriteString(" ")
	for _, en := range atomicEnums(rmw) {
		p.WriteString(en.e.KeywordOf(enumOf(op, en.name, 0)) + ", ")
	}
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs(), op.Def().Inherent...)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(", ")
	p.PrintType(op.Operand(1).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

// AtomicView is a typed view of gpu.atomic_rmw and gpu.atomic_cas.
type AtomicView struct{ *ir.Operation }

func (a AtomicView) nvals() int {
	if a.Name() == "gpu.atomic_rmw" {
		return 1
	}
	return 2
}

// Ptr returns the address.
func (a AtomicView) Ptr() ir.Value { return a.Operand(0) }

// Value returns the rmw operand (the new value of a cas).
func (a AtomicView) Value() ir.Value { return a.Operand(a.nvals()) }

// Compare returns the expected value of a cas (nil for rmw).
func (a AtomicView) Compare() ir.Value {
	if a.nvals() == 2 {
		return a.Operand(1)
	}
	return nil
}

// Pred returns the predicate, or nil.
func (a AtomicView) Pred() ir.Value {
	if a.NumOperands() == 2+a.nvals() {
		return a.Operand(1 + a.nvals())
	}
	return nil
}

// Kind returns the rmw kind.
func (a AtomicView) Kind() memory.RMWOp { return memory.RMWOp(enumOf(a.Operation, "kind", 0)) }

// Sem returns the memory semantic.
func (a AtomicView) Sem() memory.MemSemantic {
	return memory.MemSemantic(enumOf(a.Operation, "sem", 0))
}

// Scope returns the synchronization scope.
func (a AtomicView) Scope() memory.MemSyncScope {
	return memory.MemSyncScope(enumOf(a.Operation, "scope", 0))
}

func verifyAtomicCommon(op *ir.Operation) error {
	a := AtomicView{op}
	n := 1 + a.nvals()
	if op.NumOperands() != n && op.NumOperands() != n+1 || op.NumResults() != 1 {
		return ir.OpErrorf(op, "expected %d or %d operands and one result", n, n+1)
	}
	for _, en := range atomicEnums(a.nvals() == 1) {
		if v := op.Attr(en.name); v == nil || !en.e.Valid(v) {
			return ir.OpErrorf(op, "requires attribute '%s' (one of %s)", en.name, keywords(en.e))
		}
	}
	if _, ok := spaceOf(op.Operand(0).Type()); !ok {
		return ir.OpErrorf(op, "address must be an !llvm.ptr in the generic, global or shared address space, got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	if p := a.Pred(); p != nil && !ir.IsInteger(p.Type(), 1) {
		return ir.OpErrorf(op, "predicate must be i1, got '%s'", asm.TypeString(p.Type()))
	}
	vt := a.Value().Type()
	if c := a.Compare(); c != nil && c.Type() != vt {
		return ir.OpErrorf(op, "compare and new values must have one type")
	}
	if op.Result(0).Type() != vt {
		return ir.OpErrorf(op, "result type must be the value type '%s'", asm.TypeString(vt))
	}
	return nil
}

func verifyAtomicRMW(op *ir.Operation) error {
	if err := verifyAtomicCommon(op); err != nil {
		return err
	}
	a := AtomicView{op}
	t := a.Value().Type()
	intOK := ir.IsInteger(t, 32) || ir.IsInteger(t, 64)
	ok := false
	switch a.Kind() {
	case memory.RMWAnd, memory.RMWOr, memory.RMWXor, memory.RMWAdd, memory.RMWMax, memory.RMWMin, memory.RMWUMax, memory.RMWUMin:
		ok = intOK
	case memory.RMWFAdd:
		ok = isFAddType(t)
	case memory.RMWXchg:
		w := bitWidth(t)
		ok = (w == 32 || w == 64) && (isInt(t) || ir.IsFloat(t))
	}
	if !ok {
		return ir.OpErrorf(op, "'%s' does not apply to values of type '%s'", a.Kind(), asm.TypeString(t))
	}
	return nil
}

func isFAddType(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16, ir.BF16, ir.F32, ir.F64:
			return true
		}
	case *ir.VectorType:
		if len(t.Dims) == 1 && t.Dims[0] == 2 {
			if ft, ok := t.Elem.(*ir.FloatType); ok {
				return ft.Kind == ir.F16 || ft.Kind == ir.BF16
			}
		}
	}
	return false
}

func verifyAtomicCAS(op *ir.Operation) error {
	if err := verifyAtomicCommon(op); err != nil {
		return err
	}
	t := AtomicView{op}.Value().Type()
	w := bitWidth(t)
	if (w != 16 && w != 32 && w != 64) || !(isInt(t) || ir.IsFloat(t)) {
		return ir.OpErrorf(op, "compares 16, 32 or 64-bit integers or floats, got '%s'", asm.TypeString(t))
	}
	return nil
}

// NewAtomicRMW builds `gpu.atomic_rmw kind, sem, scope, ptr, v[, pred]`.
func NewAtomicRMW(b *ir.Builder, loc ir.Location, kind memory.RMWOp, sem memory.MemSemantic, scope memory.MemSyncScope, ptr, v, pred ir.Value) *ir.Operation {
	ops := []ir.Value{ptr, v}
	if pred != nil {
		ops = append(ops, pred)
	}
	return b.CreateOp(AtomicRMWOp.Name, loc, ops, []ir.Type{v.Type()},
		ir.NamedAttr{Name: "kind", Value: ir.I32EnumAttr(b.Ctx, kind)},
		ir.NamedAttr{Name: "sem", Value: ir.I32EnumAttr(b.Ctx, sem)},
		ir.NamedAttr{Name: "scope", Value: ir.I32EnumAttr(b.Ctx, scope)})
}

// NewAtomicCAS builds `gpu.atomic_cas sem, scope, ptr, cmp, new[, pred]`.
func NewAtomicCAS(b *ir.Builder, loc ir.Location, sem memory.MemSemantic, scope memory.MemSyncScope, ptr, cmp, v, pred ir.Value) *ir.Operation {
	ops := []ir.Value{ptr, cmp, v}
	if pred != nil {
		ops = append(ops, pred)
	}
	return b.CreateOp(AtomicCASOp.Name, loc, ops, []ir.Type{v.Type()},
		ir.NamedAttr{Name: "sem", Value: ir.I32EnumAttr(b.Ctx, sem)},
		ir.NamedAttr{Name: "scope", Value: ir.I32EnumAttr(b.Ctx, scope)})
}
