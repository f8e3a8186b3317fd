package nvptx

import (
	"github.com/ttcompiler/tt/ir"
)

// opTable maps every op the emitter handles to its instruction selector.
func (f *fn) opTable() map[string]func(*ir.Operation) error {
	t := map[string]func(*ir.Operation) error{
		"llvm.mlir.constant":  f.emitConstant,
		"arith.constant":      f.emitConstant,
		"llvm.mlir.undef":     f.emitConstant,
		"llvm.mlir.poison":    f.emitConstant,
		"llvm.mlir.zero":      f.emitConstant,
		"llvm.mlir.addressof": f.emitAddressOf,

		"llvm.fadd": f.emitFloatBinary,
		"llvm.fsub": f.emitFloatBinary,
		"llvm.fmul": f.emitFloatBinary,
		"llvm.fdiv": f.emitFloatBinary,
		"llvm.frem": f.emitFloatBinary,
		"llvm.fneg": f.emitFNeg,

		"llvm.icmp":   f.emitICmp,
		"llvm.fcmp":   f.emitFCmp,
		"llvm.select": f.emitSelect,
		"llvm.freeze": f.emitFreeze,

		"llvm.sext":          f.emitIntCast,
		"llvm.zext":          f.emitIntCast,
		"llvm.trunc":         f.emitIntCast,
		"llvm.fpext":         f.emitFloatCast,
		"llvm.fptrunc":       f.emitFloatCast,
		"llvm.sitofp":        f.emitIntFloatCast,
		"llvm.uitofp":        f.emitIntFloatCast,
		"llvm.fptosi":        f.emitIntFloatCast,
		"llvm.fptoui":        f.emitIntFloatCast,
		"llvm.bitcast":       f.emitBitcast,
		"llvm.ptrtoint":      f.emitPtrCast,
		"llvm.inttoptr":      f.emitPtrCast,
		"llvm.addrspacecast": f.emitPtrCast,

		"llvm.getelementptr": f.emitGEP,
		"llvm.load":          f.emitLoad,
		"llvm.store":         f.emitStore,

		"llvm.extractvalue":   f.emitExtractValue,
		"llvm.insertvalue":    f.emitInsertValue,
		"llvm.extractelement": f.emitExtractElement,
		"llvm.insertelement":  f.emitInsertElement,

		"llvm.br":          f.emitBr,
		"llvm.cond_br":     f.emitCondBr,
		"cf.br":            f.emitBr,
		"cf.cond_br":       f.emitCondBr,
		"llvm.return":      f.emitReturn,
		"llvm.unreachable": f.emitUnreachable,

		"llvm.atomicrmw": f.emitAtomicRMW,
		"llvm.cmpxchg":   f.emitCmpXchg,
		"llvm.fence":     f.emitFence,

		"llvm.inline_asm": f.emitInlineAsm,
		"llvm.call":       f.emitCall,

		// tl.assume's hint: LLVM's NVPTX backend emits nothing for it.
		"llvm.intr.assume": func(*ir.Operation) error { return nil },
	}
	for name := range intBinaries {
		t[name] = f.emitIntBinary
	}
	for _, name := range []string{"ctpop", "bitreverse", "bswap"} {
		t["llvm.intr."+name] = f.emitIntUnary
	}
	t["llvm.intr.fshl"] = f.emitFunnelShift
	t["llvm.intr.fshr"] = f.emitFunnelShift
	for _, name := range []string{"fma", "fmuladd", "fabs", "maxnum", "minnum", "maximum", "minimum",
		"copysign", "sqrt", "floor", "ceil", "trunc", "roundeven", "round",
		"exp2", "log2", "sin", "cos", "exp", "log"} {
		t["llvm.intr."+name] = f.emitFloatIntrinsic
	}
	for name, e := range f.gpuTable() {
		t[name] = e
	}
	return t
}

// emitFreeze: a frozen value is the value (undef already reads as zero).
func (f *fn) emitFreeze(op *ir.Operation) error {
	x, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	f.bind(op, 0, x)
	return nil
}
