package llvmir

import (
	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// The llvm dialect maps onto LLVM IR instruction for instruction.

type handler func(fx *fnTr, op *ir.Operation) error

var llvmOps = map[string]handler{}

// registerLLVMOps fills llvmOps with the llvm dialect's ops (registerHandlers).
func registerLLVMOps() {
	for _, e := range []struct {
		def *ir.OpDef
		h   handler
	}{
		{llvm.ConstantOp, (*fnTr).constantOp},
		{llvm.UndefOp, nullary(func(t lltypes.Type) constant.Constant { return constant.NewUndef(t) })},
		{llvm.PoisonOp, nullary(func(t lltypes.Type) constant.Constant { return constant.NewPoison(t) })},
		{llvm.ZeroOp, nullary(zero)},
		{llvm.AddressOfOp, (*fnTr).addressOf},
		{llvm.FNegOp, (*fnTr).fneg},
		{llvm.ICmpOp, (*fnTr).icmp},
		{llvm.FCmpOp, (*fnTr).fcmp},
		{llvm.SelectOp, (*fnTr).selectOp},
		{llvm.FreezeOp, (*fnTr).freeze},
		{llvm.GEPOp, (*fnTr).gep},
		{llvm.LoadOp, (*fnTr).load},
		{llvm.StoreOp, (*fnTr).store},
		{llvm.ExtractValueOp, (*fnTr).extractValue},
		{llvm.InsertValueOp, (*fnTr).insertValue},
		{llvm.ExtractElementOp, (*fnTr).extractElement},
		{llvm.InsertElementOp, (*fnTr).insertElement},
		{llvm.AtomicRMWOp, (*fnTr).atomicRMW},
		{llvm.AtomicCmpXchgOp, (*fnTr).cmpXchg},
		{llvm.FenceOp, (*fnTr).fence},
		{llvm.CallOp, (*fnTr).callOp},
		{llvm.CallIntrinsicOp, (*fnTr).callIntrinsic},
		{llvm.InlineAsmOp, (*fnTr).inlineAsm},
		{llvm.BrOp, (*fnTr).br},
		{llvm.CondBrOp, (*fnTr).condBr},
		{llvm.ReturnOp, (*fnTr).ret},
		{llvm.AssumeOp, (*fnTr).assume},
		{llvm.UnreachableOp, func(fx *fnTr, _ *ir.Operation) error { fx.cur.NewUnreachable(); return nil }},
	} {
		llvmOps[e.def.Name] = e.h
	}
	for def, h := range binaryOps() {
		llvmOps[def.Name] = binary(h)
	}
	for def, h := range castOps() {
		llvmOps[def.Name] = cast(h)
	}
	for _, def := range llvm.Dialect.Ops {
		if _, ok := llvmOps[def.Name]; !ok && len(def.Name) > len("llvm.intr.") && def.Name[:len("llvm.intr.")] == "llvm.intr." {
			llvmOps[def.Name] = (*fnTr).intrinsicOp
		}
	}
}

func zero(t lltypes.Type) constant.Constant {
	if p, ok := t.(*lltypes.PointerType); ok {
		return constant.NewNull(p)
	}
	return constant.NewZeroInitializer(t)
}

func nullary(f func(lltypes.Type) constant.Constant) handler {
	return func(fx *fnTr, op *ir.Operation) error {
		t, err := fx.typ(op, op.Result(0).Type())
		if err != nil {
			return err
		}
		fx.set(op, f(t))
		return nil
	}
}

func (fx *fnTr) constantOp(op *ir.Operation) error {
	rt := op.Result(0).Type()
	t, err := fx.typ(op, rt)
	if err != nil {
		return err
	}
	c, err := fx.tr.constantOf(op.Attr("value"), rt, t)
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	fx.set(op, c)
	return nil
}

func (fx *fnTr) addressOf(op *ir.Operation) error {
	ref, _ := op.Attr("global_name").(*ir.SymbolRefAttr)
	pt := op.Result(0).Type().(*llvm.PointerType)
	var c constant.Constant
	if g, ok := fx.tr.globals[ref.Root]; ok {
		c = g
	} else if f, ok := fx.tr.funcs[ref.Root]; ok {
		c = f
	} else {
		return ir.OpErrorf(op, "unknown symbol @%s", ref.Root)
	}
	fx.set(op, constant.NewBitCast(c, fx.tr.ptr(pt.AddrSpace)))
	return nil
}

// flags returns the LLVM fast-math flags of op.
func fastmath(op *ir.Operation) []enum.FastMathFlag {
	a, ok := op.Attr(llvm.FastmathFlagsAttrName).(*llvm.FastmathAttr)
	if !ok || a.Flags == llvm.FastmathNone {
		return nil
	}
	if a.Flags == llvm.FastmathFast {
		return []enum.FastMathFlag{enum.FastMathFlagFast}
	}
	var out []enum.FastMathFlag
	for _, p := range []struct {
		f llvm.FastmathFlags
		e enum.FastMathFlag
	}{{llvm.FastmathNNaN, enum.FastMathFlagNNaN}, {llvm.FastmathNInf, enum.FastMathFlagNInf},
		{llvm.FastmathNSZ, enum.FastMathFlagNSZ}, {llvm.FastmathARCP, enum.FastMathFlagARcp},
		{llvm.FastmathContract, enum.FastMathFlagContract}, {llvm.FastmathAFN, enum.FastMathFlagAFn},
		{llvm.FastmathReassoc, enum.FastMathFlagReassoc}} {
		if a.Flags&p.f != 0 {
			out = append(out, p.e)
		}
	}
	return out
}

func overflow(op *ir.Operation) []enum.OverflowFlag {
	a, ok := op.Attr(llvm.OverflowFlagsAttrName).(*llvm.OverflowAttr)
	if !ok {
		return nil
	}
	var out []enum.OverflowFlag
	if a.Flags&llvm.OverflowNUW != 0 {
		out = append(out, enum.OverflowFlagNUW)
	}
	if a.Flags&llvm.OverflowNSW != 0 {
		out = append(out, enum.OverflowFlagNSW)
	}
	return out
}

// checkArith rejects float arithmetic on types LLVM 14 cannot express
// (bf16 and fp8 are storage-only here).
func checkArith(op *ir.Operation) error {
	for _, t := range op.OperandTypes() {
		if isStorageFloat(ir.ElementTypeOrSelf(t)) {
			return ir.OpErrorf(op, "arithmetic on '%s' is not supported by the LLVM 14 translation: convert to f32 first", asm.TypeString(t))
		}
	}
	return nil
}

func binaryOps() map[*ir.OpDef]func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
	return map[*ir.OpDef]func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value{
		llvm.AddOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewAdd(x, y)
			i.OverflowFlags = overflow(op)
			return i
		},
		llvm.SubOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewSub(x, y)
			i.OverflowFlags = overflow(op)
			return i
		},
		llvm.MulOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewMul(x, y)
			i.OverflowFlags = overflow(op)
			return i
		},
		llvm.ShlOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewShl(x, y)
			i.OverflowFlags = overflow(op)
			return i
		},
		llvm.UDivOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewUDiv(x, y)
			i.Exact = op.Attr("isExact") != nil
			return i
		},
		llvm.SDivOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewSDiv(x, y)
			i.Exact = op.Attr("isExact") != nil
			return i
		},
		llvm.LShrOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewLShr(x, y)
			i.Exact = op.Attr("isExact") != nil
			return i
		},
		llvm.AShrOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewAShr(x, y)
			i.Exact = op.Attr("isExact") != nil
			return i
		},
		llvm.URemOp: func(fx *fnTr, _ *ir.Operation, x, y value.Value) value.Value { return fx.cur.NewURem(x, y) },
		llvm.SRemOp: func(fx *fnTr, _ *ir.Operation, x, y value.Value) value.Value { return fx.cur.NewSRem(x, y) },
		llvm.AndOp:  func(fx *fnTr, _ *ir.Operation, x, y value.Value) value.Value { return fx.cur.NewAnd(x, y) },
		// LLVM 14 has no `disjoint`: the flag only licenses optimizations.
		llvm.OrOp:  func(fx *fnTr, _ *ir.Operation, x, y value.Value) value.Value { return fx.cur.NewOr(x, y) },
		llvm.XOrOp: func(fx *fnTr, _ *ir.Operation, x, y value.Value) value.Value { return fx.cur.NewXor(x, y) },
		llvm.FAddOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewFAdd(x, y)
			i.FastMathFlags = fastmath(op)
			return i
		},
		llvm.FSubOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewFSub(x, y)
			i.FastMathFlags = fastmath(op)
			return i
		},
		llvm.FMulOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewFMul(x, y)
			i.FastMathFlags = fastmath(op)
			return i
		},
		llvm.FDivOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewFDiv(x, y)
			i.FastMathFlags = fastmath(op)
			return i
		},
		llvm.FRemOp: func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value {
			i := fx.cur.NewFRem(x, y)
			i.FastMathFlags = fastmath(op)
			return i
		},
	}
}

func binary(f func(fx *fnTr, op *ir.Operation, x, y value.Value) value.Value) handler {
	return func(fx *fnTr, op *ir.Operation) error {
		if done, err := fx.nvBF16Arith(op); done || err != nil {
			return err
		}
		if err := checkArith(op); err != nil {
			return err
		}
		xs, err := fx.operands(op)
		if err != nil {
			return err
		}
		fx.set(op, f(fx, op, xs[0], xs[1]))
		return nil
	}
}

func (fx *fnTr) fneg(op *ir.Operation) error {
	if err := checkArith(op); err != nil {
		return err
	}
	x, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	i := fx.cur.NewFNeg(x)
	i.FastMathFlags = fastmath(op)
	fx.set(op, i)
	return nil
}

func castOps() map[*ir.OpDef]func(b *llir.Block, x value.Value, t lltypes.Type) value.Value {
	return map[*ir.OpDef]func(b *llir.Block, x value.Value, t lltypes.Type) value.Value{
		llvm.SExtOp:          func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewSExt(x, t) },
		llvm.ZExtOp:          func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewZExt(x, t) },
		llvm.TruncOp:         func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewTrunc(x, t) },
		llvm.FPExtOp:         func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewFPExt(x, t) },
		llvm.FPTruncOp:       func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewFPTrunc(x, t) },
		llvm.SIToFPOp:        func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewSIToFP(x, t) },
		llvm.UIToFPOp:        func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewUIToFP(x, t) },
		llvm.FPToSIOp:        func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewFPToSI(x, t) },
		llvm.FPToUIOp:        func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewFPToUI(x, t) },
		llvm.PtrToIntOp:      func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewPtrToInt(x, t) },
		llvm.IntToPtrOp:      func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewIntToPtr(x, t) },
		llvm.AddrSpaceCastOp: func(b *llir.Block, x value.Value, t lltypes.Type) value.Value { return b.NewAddrSpaceCast(x, t) },
	}
}

func cast(f func(b *llir.Block, x value.Value, t lltypes.Type) value.Value) handler {
	return func(fx *fnTr, op *ir.Operation) error {
		in, out := op.Operand(0).Type(), op.Result(0).Type()
		if isStorageFloat(ir.ElementTypeOrSelf(in)) || isStorageFloat(ir.ElementTypeOrSelf(out)) {
			return ir.OpErrorf(op, "'%s' from '%s' to '%s' is not supported by the LLVM 14 translation: use gpu.cvt", op.Name(), asm.TypeString(in), asm.TypeString(out))
		}
		x, err := fx.val(op, op.Operand(0))
		if err != nil {
			return err
		}
		t, err := fx.typ(op, out)
		if err != nil {
			return err
		}
		fx.set(op, f(fx.cur, x, t))
		return nil
	}
}

// registerBitcast replaces the cast lowering of llvm.bitcast.
func registerBitcast() {
	// bitcast: pointers of one address space are all `i8 addrspace(N)*`
	// here, so pointer bitcasts disappear.
	llvmOps[llvm.BitcastOp.Name] = func(fx *fnTr, op *ir.Operation) error {
		x, err := fx.val(op, op.Operand(0))
		if err != nil {
			return err
		}
		t, err := fx.typ(op, op.Result(0).Type())
		if err != nil {
			return err
		}
		fx.set(op, fx.bitcast(x, t))
		return nil
	}
}

var icmpPreds = map[llvm.ICmpPredicate]enum.IPred{
	llvm.ICmpEQ: enum.IPredEQ, llvm.ICmpNE: enum.IPredNE, llvm.ICmpSLT: enum.IPredSLT, llvm.ICmpSLE: enum.IPredSLE,
	llvm.ICmpSGT: enum.IPredSGT, llvm.ICmpSGE: enum.IPredSGE, llvm.ICmpULT: enum.IPredULT, llvm.ICmpULE: enum.IPredULE,
	llvm.ICmpUGT: enum.IPredUGT, llvm.ICmpUGE: enum.IPredUGE,
}

var fcmpPreds = map[llvm.FCmpPredicate]enum.FPred{
	llvm.FCmpFalse: enum.FPredFalse, llvm.FCmpOEQ: enum.FPredOEQ, llvm.FCmpOGT: enum.FPredOGT, llvm.FCmpOGE: enum.FPredOGE,
	llvm.FCmpOLT: enum.FPredOLT, llvm.FCmpOLE: enum.FPredOLE, llvm.FCmpONE: enum.FPredONE, llvm.FCmpORD: enum.FPredORD,
	llvm.FCmpUEQ: enum.FPredUEQ, llvm.FCmpUGT: enum.FPredUGT, llvm.FCmpUGE: enum.FPredUGE, llvm.FCmpULT: enum.FPredULT,
	llvm.FCmpULE: enum.FPredULE, llvm.FCmpUNE: enum.FPredUNE, llvm.FCmpUNO: enum.FPredUNO, llvm.FCmpTrue: enum.FPredTrue,
}

func predicate(op *ir.Operation) int64 {
	a, _ := op.Attr("predicate").(*ir.IntegerAttr)
	if a == nil {
		return 0
	}
	return a.Int()
}

func (fx *fnTr) icmp(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	fx.set(op, fx.cur.NewICmp(icmpPreds[llvm.ICmpPredicate(predicate(op))], xs[0], xs[1]))
	return nil
}

func (fx *fnTr) fcmp(op *ir.Operation) error {
	if err := checkArith(op); err != nil {
		return err
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	i := fx.cur.NewFCmp(fcmpPreds[llvm.FCmpPredicate(predicate(op))], xs[0], xs[1])
	i.FastMathFlags = fastmath(op)
	fx.set(op, i)
	return nil
}

func (fx *fnTr) selectOp(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	fx.set(op, fx.cur.NewSelect(xs[0], xs[1], xs[2]))
	return nil
}

func (fx *fnTr) freeze(op *ir.Operation) error {
	x, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	i := llir.NewInstFreeze(x)
	fx.cur.Insts = append(fx.cur.Insts, i)
	fx.set(op, i)
	return nil
}

// typedPtr bitcasts an `i8 addrspace(N)*` to `elem addrspace(N)*`.
func (fx *fnTr) typedPtr(p value.Value, elem lltypes.Type) value.Value {
	pt := p.Type().(*lltypes.PointerType)
	return fx.bitcast(p, ptrTo(elem, pt.AddrSpace))
}

func (fx *fnTr) gep(op *ir.Operation) error {
	if _, ok := op.Operand(0).Type().(*llvm.PointerType); !ok {
		return ir.OpErrorf(op, "vector-of-pointer GEPs are not supported by the LLVM IR translation")
	}
	base, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	et, err := fx.typ(op, llvm.GEPElemType(op))
	if err != nil {
		return err
	}
	var idx []value.Value
	for _, i := range llvm.GEPIndices(op) {
		if i.Value != nil {
			v, err := fx.val(op, i.Value)
			if err != nil {
				return err
			}
			idx = append(idx, v)
		} else {
			idx = append(idx, i32c(i.Const))
		}
	}
	g := fx.cur.NewGetElementPtr(et, fx.typedPtr(base, et), idx...)
	if f, ok := op.Attr("noWrapFlags").(*ir.IntegerAttr); ok && f.Int()&llvm.GEPInbounds == llvm.GEPInbounds {
		g.InBounds = true
	}
	fx.set(op, fx.bitcast(g, base.Type()))
	return nil
}

func ordering(op *ir.Operation, name string) enum.AtomicOrdering {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return enum.AtomicOrdering(a.Int())
	}
	return enum.AtomicOrderingNone
}

func syncscope(op *ir.Operation) string {
	if s, ok := op.Attr("syncscope").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

func align(op *ir.Operation) llir.Align {
	if a, ok := op.Attr("alignment").(*ir.IntegerAttr); ok {
		return llir.Align(a.Int())
	}
	return 0
}

func (fx *fnTr) load(op *ir.Operation) error {
	p, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	t, err := fx.typ(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	l := fx.cur.NewLoad(t, fx.typedPtr(p, t))
	l.Align = align(op)
	l.Volatile = op.Attr("volatile_") != nil
	if o := ordering(op, "ordering"); o != enum.AtomicOrderingNone {
		l.Atomic, l.Ordering, l.SyncScope = true, o, syncscope(op)
	}
	fx.set(op, l)
	return nil
}

func (fx *fnTr) store(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	s := fx.cur.NewStore(xs[0], fx.typedPtr(xs[1], xs[0].Type()))
	s.Align = align(op)
	s.Volatile = op.Attr("volatile_") != nil
	if o := ordering(op, "ordering"); o != enum.AtomicOrderingNone {
		s.Atomic, s.Ordering, s.SyncScope = true, o, syncscope(op)
	}
	return nil
}

func positions(op *ir.Operation) []uint64 {
	var out []uint64
	for _, p := range llvm.Position(op) {
		out = append(out, uint64(p))
	}
	return out
}

func (fx *fnTr) extractValue(op *ir.Operation) error {
	x, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	fx.set(op, fx.cur.NewExtractValue(x, positions(op)...))
	return nil
}

func (fx *fnTr) insertValue(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	fx.set(op, fx.cur.NewInsertValue(xs[0], xs[1], positions(op)...))
	return nil
}

func (fx *fnTr) extractElement(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	fx.set(op, fx.cur.NewExtractElement(xs[0], xs[1]))
	return nil
}

func (fx *fnTr) insertElement(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	fx.set(op, fx.cur.NewInsertElement(xs[0], xs[1], xs[2]))
	return nil
}

var rmwOps = map[llvm.AtomicBinOp]enum.AtomicOp{
	llvm.AtomicXchg: enum.AtomicOpXChg, llvm.AtomicAdd: enum.AtomicOpAdd, llvm.AtomicSub: enum.AtomicOpSub,
	llvm.AtomicAnd: enum.AtomicOpAnd, llvm.AtomicNand: enum.AtomicOpNAnd, llvm.AtomicOr: enum.AtomicOpOr,
	llvm.AtomicXor: enum.AtomicOpXor, llvm.AtomicMax: enum.AtomicOpMax, llvm.AtomicMin: enum.AtomicOpMin,
	llvm.AtomicUMax: enum.AtomicOpUMax, llvm.AtomicUMin: enum.AtomicOpUMin, llvm.AtomicFAdd: enum.AtomicOpFAdd,
	llvm.AtomicFSub: enum.AtomicOpFSub,
}

func (fx *fnTr) atomicRMW(op *ir.Operation) error {
	kind := llvm.AtomicBinOp(predicateOf(op, "bin_op"))
	lop, ok := rmwOps[kind]
	if !ok {
		return ir.OpErrorf(op, "atomicrmw '%s' is not available in LLVM 14", llvm.AtomicBinOpEnum.KeywordOf(int64(kind)))
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	a := fx.cur.NewAtomicRMW(lop, fx.typedPtr(xs[0], xs[1].Type()), xs[1], ordering(op, "ordering"))
	a.SyncScope = syncscope(op)
	a.Volatile = op.Attr("volatile_") != nil
	fx.set(op, a)
	return nil
}

func predicateOf(op *ir.Operation, name string) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

func (fx *fnTr) cmpXchg(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	c := fx.cur.NewCmpXchg(fx.typedPtr(xs[0], xs[1].Type()), xs[1], xs[2], ordering(op, "success_ordering"), ordering(op, "failure_ordering"))
	c.SyncScope = syncscope(op)
	c.Weak = op.Attr("weak") != nil
	c.Volatile = op.Attr("volatile_") != nil
	fx.set(op, c)
	return nil
}

// fence: LLVM 14's NVPTX backend cannot select fence instructions, so on
// NVPTX they become PTX `fence.{sc,acq_rel}.{cta,gpu,sys}` (the sync scope
// names of both targets are accepted).
func (fx *fnTr) fence(op *ir.Operation) error {
	ord, scope := ordering(op, "ordering"), syncscope(op)
	if fx.tr.target.Kind == NVPTX {
		sem := "acq_rel"
		if ord == enum.AtomicOrderingSequentiallyConsistent {
			sem = "sc"
		}
		ptxScope := "sys"
		switch scope {
		case "agent", "device", "gpu":
			ptxScope = "gpu"
		case "workgroup", "block", "cta":
			ptxScope = "cta"
		}
		fx.asm("fence."+sem+"."+ptxScope+";", "", lltypes.Void, true)
		return nil
	}
	f := fx.cur.NewFence(ord)
	f.SyncScope = scope
	return nil
}

func (fx *fnTr) callOp(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	var callee value.Value
	if name := llvm.Callee(op); name != "" {
		f, ok := fx.tr.funcs[name]
		if !ok {
			return ir.OpErrorf(op, "unknown function @%s", name)
		}
		callee = f
	} else {
		ret, err := fx.returnType(op)
		if err != nil {
			return err
		}
		var ps []lltypes.Type
		for _, a := range xs[1:] {
			ps = append(ps, a.Type())
		}
		callee = fx.typedPtr(xs[0], lltypes.NewFunc(ret, ps...))
		xs = xs[1:]
	}
	c := fx.cur.NewCall(callee, xs...)
	c.FastMathFlags = fastmath(op)
	if op.NumResults() == 1 {
		fx.set(op, c)
	}
	return nil
}

// returnType is the LLVM type of a call-like op's single result, or void.
func (fx *fnTr) returnType(op *ir.Operation) (lltypes.Type, error) {
	if op.NumResults() != 1 {
		return lltypes.Void, nil
	}
	return fx.typ(op, op.Result(0).Type())
}

func (fx *fnTr) callIntrinsic(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	ret, err := fx.returnType(op)
	if err != nil {
		return err
	}
	name := llvm.Intrinsic(op)
	if f, ok := fx.tr.funcs[name]; ok && !f.Sig.RetType.Equal(ret) {
		return ir.OpErrorf(op, "intrinsic '%s' called with two signatures", name)
	}
	c := fx.call(name, ret, xs...)
	if op.NumResults() == 1 {
		fx.set(op, c)
	}
	return nil
}

func (fx *fnTr) inlineAsm(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	ret, err := fx.returnType(op)
	if err != nil {
		return err
	}
	if op.Attr("asm_dialect") != nil && predicateOf(op, "asm_dialect") == 1 {
		return ir.OpErrorf(op, "Intel-dialect inline assembly is not supported for GPU targets")
	}
	r := fx.asm(llvm.AsmString(op), llvm.AsmConstraints(op), ret, op.Attr("has_side_effects") != nil, xs...)
	if op.NumResults() == 1 {
		fx.set(op, r)
	}
	return nil
}

// mangle returns the overload suffix of an LLVM intrinsic for type t
// (f32, i64, v4f32).
func mangle(t lltypes.Type) string {
	switch t := t.(type) {
	case *lltypes.IntType:
		return "i" + itoa(int(t.BitSize))
	case *lltypes.FloatType:
		switch t.Kind {
		case lltypes.FloatKindHalf:
			return "f16"
		case lltypes.FloatKindFloat:
			return "f32"
		case lltypes.FloatKindDouble:
			return "f64"
		case lltypes.FloatKindFP128:
			return "f128"
		}
	case *lltypes.VectorType:
		return "v" + itoa(int(t.Len)) + mangle(t.ElemType)
	}
	return "unknown"
}

func (fx *fnTr) intrinsicOp(op *ir.Operation) error {
	if done, err := fx.nvBF16Arith(op); done || err != nil {
		return err
	}
	if llvm.IsFloatLike(op.Result(0).Type()) {
		if err := checkArith(op); err != nil {
			return err
		}
	}
	base, _ := llvm.IsIntrinsic(op)
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	t := xs[0].Type()
	c := fx.call(base+"."+mangle(t), t, xs...).(*llir.InstCall)
	c.FastMathFlags = fastmath(op)
	fx.set(op, c)
	return nil
}

// assume is `call void @llvm.assume(i1 %cond)` (tl.assume's hint).
func (fx *fnTr) assume(op *ir.Operation) error {
	c, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	fx.call("llvm.assume", lltypes.Void, c)
	return nil
}

// branchTo adds the phi incomings of an edge from cur to dest.
func (fx *fnTr) branchTo(op *ir.Operation, dest *ir.Block, args []ir.Value) (*llir.Block, error) {
	lb := fx.blocks[dest]
	for i, a := range args {
		v, err := fx.val(op, a)
		if err != nil {
			return nil, err
		}
		phi := fx.vals[dest.Argument(i)].(*llir.InstPhi)
		phi.Incs = append(phi.Incs, llir.NewIncoming(v, fx.cur))
	}
	return lb, nil
}

func (fx *fnTr) br(op *ir.Operation) error {
	lb, err := fx.branchTo(op, op.Successor(0), op.Operands())
	if err != nil {
		return err
	}
	t := fx.cur.NewBr(lb)
	return fx.attachLoopMetadata(op, (*[]*metadata.Attachment)(&t.Metadata))
}

// condBr branches; when both edges go to one block with different
// arguments, the false edge gets a block of its own (a phi has one
// incoming per predecessor).
func (fx *fnTr) condBr(op *ir.Operation) error {
	c, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	targs, fargs := llvm.CondBrOperands(op)
	t, f := op.Successor(0), op.Successor(1)
	from := fx.cur
	tb, err := fx.branchTo(op, t, targs)
	if err != nil {
		return err
	}
	var fb *llir.Block
	if t == f && len(fargs) > 0 {
		edge := fx.newBlock("edge")
		fx.cur = edge
		if fb, err = fx.branchTo(op, f, fargs); err != nil {
			return err
		}
		edge.NewBr(fb)
		fb = edge
		fx.cur = from
	} else if fb, err = fx.branchTo(op, f, fargs); err != nil {
		return err
	}
	term := fx.cur.NewCondBr(c, tb, fb)
	return fx.attachLoopMetadata(op, (*[]*metadata.Attachment)(&term.Metadata))
}

func (fx *fnTr) ret(op *ir.Operation) error {
	if op.NumOperands() == 0 {
		fx.cur.NewRet(nil)
		return nil
	}
	v, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	fx.cur.NewRet(v)
	return nil
}
