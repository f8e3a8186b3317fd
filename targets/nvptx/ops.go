package nvptx

import (
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// emitter selects the instructions of one kind of op.
type emitter func(f *fn, op *ir.Operation) error

// emitterOf returns the emitter of op's kind, from a table by op
// definition that the module fills from emitters as it meets them:
// looking every op's name up in emitters hashed the name each time.
func (m *module) emitterOf(op *ir.Operation) (emitter, bool) {
	if e, ok := m.emitters[op.Def()]; ok {
		return e, true
	}
	e, ok := emitters()[op.Name()]
	if ok {
		if m.emitters == nil {
			m.emitters = map[*ir.OpDef]emitter{}
		}
		m.emitters[op.Def()] = e
	}
	return e, ok
}

// namedEmitter is an entry of a table of emitters.
type namedEmitter struct {
	name string
	e    emitter
}

// emitters maps every op the emitter handles to its instruction selector.
// It is built once for the process: the table of method values bound to
// each function it used to be cost a few hundred allocations per
// function, as many as the whole emission of a small kernel's other work.
var emitters = sync.OnceValue(func() map[string]emitter {
	// Made with room for every selector (176 of them, for now): growing
	// it rehashed what it held, which cost as much as filling it.
	t := make(map[string]emitter, 256)
	for _, entry := range []namedEmitter{
		{"llvm.mlir.constant", (*fn).emitConstant},
		{"arith.constant", (*fn).emitConstant},
		{"llvm.mlir.undef", (*fn).emitConstant},
		{"llvm.mlir.poison", (*fn).emitConstant},
		{"llvm.mlir.zero", (*fn).emitConstant},
		{"llvm.mlir.addressof", (*fn).emitAddressOf},

		{"llvm.fadd", (*fn).emitFloatBinary},
		{"llvm.fsub", (*fn).emitFloatBinary},
		{"llvm.fmul", (*fn).emitFloatBinary},
		{"llvm.fdiv", (*fn).emitFloatBinary},
		{"llvm.frem", (*fn).emitFloatBinary},
		{"llvm.fneg", (*fn).emitFNeg},

		{"llvm.icmp", (*fn).emitICmp},
		{"llvm.fcmp", (*fn).emitFCmp},
		{"llvm.select", (*fn).emitSelect},
		{"llvm.freeze", (*fn).emitFreeze},

		{"llvm.sext", (*fn).emitIntCast},
		{"llvm.zext", (*fn).emitIntCast},
		{"llvm.trunc", (*fn).emitIntCast},
		{"llvm.fpext", (*fn).emitFloatCast},
		{"llvm.fptrunc", (*fn).emitFloatCast},
		{"llvm.sitofp", (*fn).emitIntFloatCast},
		{"llvm.uitofp", (*fn).emitIntFloatCast},
		{"llvm.fptosi", (*fn).emitIntFloatCast},
		{"llvm.fptoui", (*fn).emitIntFloatCast},
		{"llvm.bitcast", (*fn).emitBitcast},
		{"llvm.ptrtoint", (*fn).emitPtrCast},
		{"llvm.inttoptr", (*fn).emitPtrCast},
		{"llvm.addrspacecast", (*fn).emitPtrCast},

		{"llvm.getelementptr", (*fn).emitGEP},
		{"llvm.load", (*fn).emitLoad},
		{"llvm.store", (*fn).emitStore},

		{"llvm.extractvalue", (*fn).emitExtractValue},
		{"llvm.insertvalue", (*fn).emitInsertValue},
		{"llvm.extractelement", (*fn).emitExtractElement},
		{"llvm.insertelement", (*fn).emitInsertElement},

		{"llvm.br", (*fn).emitBr},
		{"llvm.cond_br", (*fn).emitCondBr},
		{"cf.br", (*fn).emitBr},
		{"cf.cond_br", (*fn).emitCondBr},
		{"llvm.return", (*fn).emitReturn},
		{"llvm.unreachable", (*fn).emitUnreachable},

		{"llvm.atomicrmw", (*fn).emitAtomicRMW},
		{"llvm.cmpxchg", (*fn).emitCmpXchg},
		{"llvm.fence", (*fn).emitFence},

		{"llvm.inline_asm", (*fn).emitInlineAsm},
		{"llvm.call", (*fn).emitCall},

		// tl.assume's hint: LLVM's NVPTX backend emits nothing for it.
		{"llvm.intr.assume", func(*fn, *ir.Operation) error { return nil }},
	} {
		t[entry.name] = entry.e
	}
	for name := range intBinaries {
		t[name] = (*fn).emitIntBinary
	}
	for _, name := range []string{"ctpop", "bitreverse", "bswap"} {
		t["llvm.intr."+name] = (*fn).emitIntUnary
	}
	t["llvm.intr.fshl"] = (*fn).emitFunnelShift
	t["llvm.intr.fshr"] = (*fn).emitFunnelShift
	for _, name := range []string{"fma", "fmuladd", "fabs", "maxnum", "minnum", "maximum", "minimum",
		"copysign", "sqrt", "floor", "ceil", "trunc", "roundeven", "round",
		"exp2", "log2", "sin", "cos", "exp", "log"} {
		t["llvm.intr."+name] = (*fn).emitFloatIntrinsic
	}
	addGPUEmitters(t)
	return t
})

// emitFreeze: a frozen value is the value (undef already reads as zero).
func (f *fn) emitFreeze(op *ir.Operation) error {
	x, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	f.bind(op, 0, x)
	return nil
}
