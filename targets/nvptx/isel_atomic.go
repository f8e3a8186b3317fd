package nvptx

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// semantics renders an LLVM atomic ordering as PTX's memory-ordering
// qualifier. seq_cst is acq_rel preceded by a fence.sc (the mapping of
// the PTX memory model).
func (f *fn) semantics(op *ir.Operation, attr string) string {
	ord := llvm.Monotonic
	if a, ok := op.Attr(attr).(*ir.IntegerAttr); ok {
		ord = llvm.AtomicOrdering(a.Int())
	}
	switch ord {
	case llvm.Acquire:
		return ".acquire"
	case llvm.Release:
		return ".release"
	case llvm.AcqRel:
		return ".acq_rel"
	case llvm.SeqCst:
		f.inss("fence.sc%s", scopeOf(op))
		return ".acq_rel"
	}
	return ".relaxed"
}

// rmwOps maps AtomicBinOp to the atom operation and its type kind.
var rmwOps = map[llvm.AtomicBinOp]struct {
	op   string
	kind byte // 'b' bits, 'u' unsigned, 's' signed, 'f' float
}{
	llvm.AtomicXchg: {"exch", 'b'}, llvm.AtomicAdd: {"add", 'u'}, llvm.AtomicAnd: {"and", 'b'},
	llvm.AtomicOr: {"or", 'b'}, llvm.AtomicXor: {"xor", 'b'}, llvm.AtomicMax: {"max", 's'},
	llvm.AtomicMin: {"min", 's'}, llvm.AtomicUMax: {"max", 'u'}, llvm.AtomicUMin: {"min", 'u'},
	llvm.AtomicFAdd: {"add", 'f'}, llvm.AtomicUIncWrap: {"inc", 'u'}, llvm.AtomicUDecWrap: {"dec", 'u'},
	llvm.AtomicSub: {"add", 'u'}, // of the negated operand
}

func (f *fn) emitAtomicRMW(op *ir.Operation) error {
	bin := llvm.AtomicBinOp(-1)
	if a, ok := op.Attr("bin_op").(*ir.IntegerAttr); ok {
		bin = llvm.AtomicBinOp(a.Int())
	}
	info, ok := rmwOps[bin]
	if !ok {
		return ir.OpErrorf(op, "the PTX emitter does not support atomicrmw %s", llvm.AtomicBinOpEnum.KeywordOf(int64(bin)))
	}
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	ptr, x := xs[0], xs[1]
	d, err := f.def(op, 0)
	if err != nil {
		return err
	}
	t := x.typ
	w := bitWidth(t)
	var ty string
	switch {
	case info.kind == 'f':
		switch ftype(t) {
		case "f32", "f64":
			ty = ftype(t)
		case "f16":
			ty = "noftz.f16"
		case "bf16":
			if f.m.arch.sm < 90 {
				return errUnsupported(op, t)
			}
			ty = "noftz.bf16"
		default:
			return errUnsupported(op, t)
		}
	case w == 32 || w == 64:
		ty = itype(info.kind, t)
		if (info.op == "inc" || info.op == "dec") && w != 32 {
			return errUnsupported(op, t)
		}
	default:
		return errUnsupported(op, t)
	}
	val := f.reg(x)
	if bin == llvm.AtomicSub {
		n := f.regs.alloc(f.class(x))
		f.ins("neg.s%d %s, %s", w, n, val)
		val = n
	}
	sem := f.semantics(op, "ordering")
	f.inss("atom%s%s%s.%s.%s %s, [%s], %s", sem, scopeOf(op), space(ptr.typ), info.op, ty, d, f.reg(ptr), val)
	return nil
}

func (f *fn) emitCmpXchg(op *ir.Operation) error {
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	ptr, cmp, nv := xs[0], xs[1], xs[2]
	res, err := f.result(op, 0)
	if err != nil {
		return err
	}
	if len(res.parts) != 2 {
		return ir.OpErrorf(op, "expected a {value, i1} result")
	}
	w := bitWidth(cmp.typ)
	if w != 32 && w != 64 && !(w == 16 && f.m.arch.sm >= 70) {
		return errUnsupported(op, cmp.typ)
	}
	old, ok := res.parts[0], res.parts[1]
	sem := f.semantics(op, "success_ordering")
	f.ins("atom%s%s%s.cas.b%d %s, [%s], %s, %s", sem, scopeOf(op), space(ptr.typ), w, old.reg, f.reg(ptr), f.reg(cmp), f.reg(nv))
	f.ins("setp.eq.b%d %s, %s, %s", w, ok.reg, old.reg, f.reg(cmp))
	return nil
}

func (f *fn) emitFence(op *ir.Operation) error {
	ord := llvm.AtomicOrdering(0)
	if a, ok := op.Attr("ordering").(*ir.IntegerAttr); ok {
		ord = llvm.AtomicOrdering(a.Int())
	}
	if ord == llvm.SeqCst {
		f.inss("fence.sc%s", scopeOf(op))
		return nil
	}
	f.inss("fence.acq_rel%s", scopeOf(op))
	return nil
}
