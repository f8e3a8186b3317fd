package llvm

import (
	"github.com/ttcompiler/tt/ir"
)

// Builders. Each creates one op at b's insertion point and returns it;
// the op's result (if any) is op.Result(0).

func create(b *ir.Builder, st *ir.OperationState) *ir.Operation { return b.Create(st) }

// build creates an op of def without regions or successors. Through
// Builder.CreateOp, which keeps none of its lists, a builder's literal
// lists stay on its stack (a state passed to create would take them to
// the heap).
func build(b *ir.Builder, def *ir.OpDef, loc ir.Location, operands []ir.Value, types []ir.Type, attrs ...ir.NamedAttr) *ir.Operation {
	return b.CreateOp(def.Name, loc, operands, types, attrs...)
}

func state(b *ir.Builder, def *ir.OpDef, loc ir.Location, operands []ir.Value, types []ir.Type, attrs ...ir.NamedAttr) *ir.OperationState {
	st := ir.NewState(b.Ctx, def.Name, loc)
	st.Operands = operands
	st.Types = types
	st.Attrs = attrs
	return st
}

// NewConstant builds `llvm.mlir.constant(value) : t`.
func NewConstant(b *ir.Builder, loc ir.Location, t ir.Type, value ir.Attribute) *ir.Operation {
	return build(b, ConstantOp, loc, nil, []ir.Type{t}, ir.NamedAttr{Name: "value", Value: value})
}

// NewIntConstant builds an integer constant of type t (an integer type).
func NewIntConstant(b *ir.Builder, loc ir.Location, t ir.Type, v int64) *ir.Operation {
	return NewConstant(b, loc, t, ir.IntegerAttrOf(b.Ctx, t, v))
}

// NewFloatConstant builds a float constant of type t.
func NewFloatConstant(b *ir.Builder, loc ir.Location, t ir.Type, v float64) *ir.Operation {
	return NewConstant(b, loc, t, ir.FloatAttrOf(b.Ctx, t, v))
}

// NewUndef, NewPoison and NewZero build `llvm.mlir.undef|poison|zero : t`.
func NewUndef(b *ir.Builder, loc ir.Location, t ir.Type) *ir.Operation {
	return build(b, UndefOp, loc, nil, []ir.Type{t})
}

// NewPoison builds `llvm.mlir.poison : t`.
func NewPoison(b *ir.Builder, loc ir.Location, t ir.Type) *ir.Operation {
	return build(b, PoisonOp, loc, nil, []ir.Type{t})
}

// NewZero builds `llvm.mlir.zero : t`.
func NewZero(b *ir.Builder, loc ir.Location, t ir.Type) *ir.Operation {
	return build(b, ZeroOp, loc, nil, []ir.Type{t})
}

// NewBinary builds a binary arithmetic op (AddOp, FMulOp, ...) whose
// result has the type of lhs.
func NewBinary(b *ir.Builder, loc ir.Location, def *ir.OpDef, lhs, rhs ir.Value) *ir.Operation {
	return build(b, def, loc, []ir.Value{lhs, rhs}, []ir.Type{lhs.Type()})
}

// NewUnary builds fneg or a one-operand intrinsic (FAbsOp, SqrtOp, ...).
func NewUnary(b *ir.Builder, loc ir.Location, def *ir.OpDef, x ir.Value) *ir.Operation {
	return build(b, def, loc, []ir.Value{x}, []ir.Type{x.Type()})
}

// NewIntrinsic builds an llvm.intr.* op whose result has the type of its
// first operand.
func NewIntrinsic(b *ir.Builder, loc ir.Location, def *ir.OpDef, args ...ir.Value) *ir.Operation {
	return build(b, def, loc, args, []ir.Type{args[0].Type()})
}

// NewICmp builds `llvm.icmp pred lhs, rhs`.
func NewICmp(b *ir.Builder, loc ir.Location, pred ICmpPredicate, lhs, rhs ir.Value) *ir.Operation {
	t := withElement(b.Ctx, lhs.Type(), ir.I1(b.Ctx))
	return build(b, ICmpOp, loc, []ir.Value{lhs, rhs}, []ir.Type{t},
		ir.NamedAttr{Name: "predicate", Value: ICmpPredicateEnum.Get(b.Ctx, int64(pred))})
}

// NewFCmp builds `llvm.fcmp pred lhs, rhs`.
func NewFCmp(b *ir.Builder, loc ir.Location, pred FCmpPredicate, lhs, rhs ir.Value) *ir.Operation {
	t := withElement(b.Ctx, lhs.Type(), ir.I1(b.Ctx))
	return build(b, FCmpOp, loc, []ir.Value{lhs, rhs}, []ir.Type{t},
		ir.NamedAttr{Name: "predicate", Value: FCmpPredicateEnum.Get(b.Ctx, int64(pred))})
}

// NewSelect builds `llvm.select cond, a, c`.
func NewSelect(b *ir.Builder, loc ir.Location, cond, t, f ir.Value) *ir.Operation {
	return build(b, SelectOp, loc, []ir.Value{cond, t, f}, []ir.Type{t.Type()})
}

// NewCast builds a cast op (ZExtOp, BitcastOp, ...) of x to type to.
func NewCast(b *ir.Builder, loc ir.Location, def *ir.OpDef, x ir.Value, to ir.Type) *ir.Operation {
	return build(b, def, loc, []ir.Value{x}, []ir.Type{to})
}

// NewLoad builds `llvm.load ptr : !llvm.ptr<AS> -> t` with an alignment
// (0 for none).
func NewLoad(b *ir.Builder, loc ir.Location, t ir.Type, ptr ir.Value, alignment int64) *ir.Operation {
	st := state(b, LoadOp, loc, []ir.Value{ptr}, []ir.Type{t})
	if alignment > 0 {
		st.AddAttr("alignment", ir.I64Attr(b.Ctx, alignment))
	}
	return create(b, st)
}

// NewStore builds `llvm.store v, ptr`.
func NewStore(b *ir.Builder, loc ir.Location, v, ptr ir.Value, alignment int64) *ir.Operation {
	st := state(b, StoreOp, loc, []ir.Value{v, ptr}, nil)
	if alignment > 0 {
		st.AddAttr("alignment", ir.I64Attr(b.Ctx, alignment))
	}
	return create(b, st)
}

// NewGEP builds `llvm.getelementptr base[indices] : ... , elem`. Each
// index is an ir.Value or an int constant (int, int32 or int64).
func NewGEP(b *ir.Builder, loc ir.Location, resultType, elem ir.Type, base ir.Value, indices ...any) *ir.Operation {
	ops := []ir.Value{base}
	var raw []int64
	for _, i := range indices {
		switch i := i.(type) {
		case ir.Value:
			ops = append(ops, i)
			raw = append(raw, DynamicIndex)
		case int:
			raw = append(raw, int64(i))
		case int32:
			raw = append(raw, int64(i))
		case int64:
			raw = append(raw, i)
		default:
			panic("llvm.NewGEP: index must be an ir.Value or an integer")
		}
	}
	return build(b, GEPOp, loc, ops, []ir.Type{resultType},
		ir.NamedAttr{Name: "elem_type", Value: ir.TypeAttrOf(b.Ctx, elem)},
		ir.NamedAttr{Name: "rawConstantIndices", Value: ir.DenseI32Array(b.Ctx, raw)})
}

// NewExtractValue builds `llvm.extractvalue c[pos...]`.
func NewExtractValue(b *ir.Builder, loc ir.Location, c ir.Value, pos ...int64) *ir.Operation {
	et, msg := ElementAt(c.Type(), pos)
	if msg != "" {
		panic("llvm.NewExtractValue: " + msg)
	}
	return build(b, ExtractValueOp, loc, []ir.Value{c}, []ir.Type{et},
		ir.NamedAttr{Name: "position", Value: ir.DenseI64Array(b.Ctx, pos)})
}

// NewInsertValue builds `llvm.insertvalue v, c[pos...]`.
func NewInsertValue(b *ir.Builder, loc ir.Location, c, v ir.Value, pos ...int64) *ir.Operation {
	return build(b, InsertValueOp, loc, []ir.Value{c, v}, []ir.Type{c.Type()},
		ir.NamedAttr{Name: "position", Value: ir.DenseI64Array(b.Ctx, pos)})
}

// NewExtractElement builds `llvm.extractelement vec[idx]`.
func NewExtractElement(b *ir.Builder, loc ir.Location, vec, idx ir.Value) *ir.Operation {
	return build(b, ExtractElementOp, loc, []ir.Value{vec, idx}, []ir.Type{vec.Type().(*ir.VectorType).Elem})
}

// NewInsertElement builds `llvm.insertelement v, vec[idx]`.
func NewInsertElement(b *ir.Builder, loc ir.Location, vec, v, idx ir.Value) *ir.Operation {
	return build(b, InsertElementOp, loc, []ir.Value{vec, v, idx}, []ir.Type{vec.Type()})
}

// NewAddressOf builds `llvm.mlir.addressof @name : !llvm.ptr<AS>`.
func NewAddressOf(b *ir.Builder, loc ir.Location, name string, addrSpace int) *ir.Operation {
	return build(b, AddressOfOp, loc, nil, []ir.Type{Ptr(b.Ctx, addrSpace)},
		ir.NamedAttr{Name: "global_name", Value: ir.FlatSymbolRef(b.Ctx, name)})
}

// NewUnreachable builds `llvm.unreachable`.
func NewUnreachable(b *ir.Builder, loc ir.Location) *ir.Operation {
	return build(b, UnreachableOp, loc, nil, nil)
}

// NewBr builds `llvm.br dest(args)`.
func NewBr(b *ir.Builder, loc ir.Location, dest *ir.Block, args []ir.Value) *ir.Operation {
	st := state(b, BrOp, loc, args, nil)
	st.Successors = []*ir.Block{dest}
	return create(b, st)
}

// NewCondBr builds `llvm.cond_br cond, t(targs), f(fargs)`.
func NewCondBr(b *ir.Builder, loc ir.Location, cond ir.Value, t *ir.Block, targs []ir.Value, f *ir.Block, fargs []ir.Value) *ir.Operation {
	st := state(b, CondBrOp, loc, append(append([]ir.Value{cond}, targs...), fargs...), nil,
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ir.DenseI32Array(b.Ctx, []int64{1, int64(len(targs)), int64(len(fargs))})})
	st.Successors = []*ir.Block{t, f}
	return create(b, st)
}

// NewReturn builds `llvm.return` (v may be nil).
func NewReturn(b *ir.Builder, loc ir.Location, v ir.Value) *ir.Operation {
	var ops []ir.Value
	if v != nil {
		ops = []ir.Value{v}
	}
	return build(b, ReturnOp, loc, ops, nil)
}

// NewFunc builds an llvm.func named name of type ft. Unless declaration
// is set, it gets an entry block whose arguments match ft's parameters,
// and b's insertion point moves to its end.
func NewFunc(b *ir.Builder, loc ir.Location, name string, ft *FuncType, declaration bool) *ir.Operation {
	st := ir.NewState(b.Ctx, FuncOp.Name, loc)
	st.AddAttr(ir.SymbolAttrName, ir.StringAttrOf(b.Ctx, name))
	st.AddAttr(FunctionTypeAttr, ir.TypeAttrOf(b.Ctx, ft))
	r := st.AddRegion()
	op := b.Create(st)
	if !declaration {
		locs := make([]ir.Location, len(ft.Params))
		for i := range locs {
			locs[i] = loc
		}
		b.CreateBlock(r, ft.Params, locs)
	}
	return op
}

// NewCall builds a direct `llvm.call @callee(args)`; result is nil for
// void calls.
func NewCall(b *ir.Builder, loc ir.Location, callee string, result ir.Type, args []ir.Value) *ir.Operation {
	var types []ir.Type
	if result != nil {
		if _, void := result.(*VoidType); !void {
			types = []ir.Type{result}
		}
	}
	return build(b, CallOp, loc, args, types, ir.NamedAttr{Name: "callee", Value: ir.FlatSymbolRef(b.Ctx, callee)})
}

// NewCallIntrinsic builds `llvm.call_intrinsic "name"(args)`; result may
// be nil.
func NewCallIntrinsic(b *ir.Builder, loc ir.Location, name string, result ir.Type, args []ir.Value) *ir.Operation {
	var types []ir.Type
	if result != nil {
		types = []ir.Type{result}
	}
	return build(b, CallIntrinsicOp, loc, args, types, ir.NamedAttr{Name: "intrin", Value: ir.StringAttrOf(b.Ctx, name)})
}

// NewGlobal builds `llvm.mlir.global linkage @name(value) : t` in the
// given address space (value may be nil).
func NewGlobal(b *ir.Builder, loc ir.Location, name string, t ir.Type, linkage string, constant bool, value ir.Attribute, addrSpace int, alignment int64) *ir.Operation {
	st := ir.NewState(b.Ctx, GlobalOp.Name, loc)
	st.AddAttr(ir.SymbolAttrName, ir.StringAttrOf(b.Ctx, name))
	st.AddAttr("global_type", ir.TypeAttrOf(b.Ctx, t))
	st.AddAttr(LinkageAttrName, Linkage(b.Ctx, linkage))
	st.AddAttr("addr_space", ir.I32Attr(b.Ctx, int64(addrSpace)))
	if constant {
		st.AddAttr("constant", ir.Unit(b.Ctx))
	}
	if value != nil {
		st.AddAttr("value", value)
	}
	if alignment > 0 {
		st.AddAttr("alignment", ir.I64Attr(b.Ctx, alignment))
	}
	st.AddRegion()
	return b.Create(st)
}

// NewInlineAsm builds an inline_asm op (result may be nil, a value type,
// or a struct of outputs).
func NewInlineAsm(b *ir.Builder, loc ir.Location, asmText, constraints string, operands []ir.Value, result ir.Type, sideEffects bool) *ir.Operation {
	var types []ir.Type
	if result != nil {
		types = []ir.Type{result}
	}
	st := state(b, InlineAsmOp, loc, operands, types,
		ir.NamedAttr{Name: "asm_string", Value: ir.StringAttrOf(b.Ctx, asmText)},
		ir.NamedAttr{Name: "constraints", Value: ir.StringAttrOf(b.Ctx, constraints)},
		ir.NamedAttr{Name: "asm_dialect", Value: AsmDialectEnum.Get(b.Ctx, 0)},
		ir.NamedAttr{Name: "operand_attrs", Value: ir.ArrayAttrOf(b.Ctx, nil)})
	if sideEffects {
		st.AddAttr("has_side_effects", ir.Unit(b.Ctx))
	}
	return create(b, st)
}

// NewAtomicRMW builds `llvm.atomicrmw op ptr, val ordering` (syncscope
// may be "").
func NewAtomicRMW(b *ir.Builder, loc ir.Location, kind AtomicBinOp, ptr, v ir.Value, ordering AtomicOrdering, syncscope string) *ir.Operation {
	st := state(b, AtomicRMWOp, loc, []ir.Value{ptr, v}, []ir.Type{v.Type()},
		ir.NamedAttr{Name: "bin_op", Value: AtomicBinOpEnum.Get(b.Ctx, int64(kind))},
		ir.NamedAttr{Name: "ordering", Value: AtomicOrderingEnum.Get(b.Ctx, int64(ordering))})
	if syncscope != "" {
		st.AddAttr("syncscope", ir.StringAttrOf(b.Ctx, syncscope))
	}
	return create(b, st)
}

// NewCmpXchg builds `llvm.cmpxchg ptr, cmp, new success failure`.
func NewCmpXchg(b *ir.Builder, loc ir.Location, ptr, cmp, v ir.Value, success, failure AtomicOrdering, syncscope string) *ir.Operation {
	rt := Struct(b.Ctx, []ir.Type{v.Type(), ir.I1(b.Ctx)}, false)
	st := state(b, AtomicCmpXchgOp, loc, []ir.Value{ptr, cmp, v}, []ir.Type{rt},
		ir.NamedAttr{Name: "success_ordering", Value: AtomicOrderingEnum.Get(b.Ctx, int64(success))},
		ir.NamedAttr{Name: "failure_ordering", Value: AtomicOrderingEnum.Get(b.Ctx, int64(failure))})
	if syncscope != "" {
		st.AddAttr("syncscope", ir.StringAttrOf(b.Ctx, syncscope))
	}
	return create(b, st)
}

// NewFence builds `llvm.fence [syncscope(s)] ordering`.
func NewFence(b *ir.Builder, loc ir.Location, ordering AtomicOrdering, syncscope string) *ir.Operation {
	st := state(b, FenceOp, loc, nil, nil, ir.NamedAttr{Name: "ordering", Value: AtomicOrderingEnum.Get(b.Ctx, int64(ordering))})
	if syncscope != "" {
		st.AddAttr("syncscope", ir.StringAttrOf(b.Ctx, syncscope))
	}
	return create(b, st)
}
