package sim

import (
	"fmt"
	"math/bits"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
)

// Constants, integer arithmetic and comparisons, select, casts between
// integers and pointers, and address arithmetic.

func init() {
	define(compileConstant, llvm.ConstantOp)
	define(func(c *compiler, in *instr) error {
		c.constant(in.d, 0)
		return nil
	}, llvm.ZeroOp, llvm.PoisonOp, llvm.UndefOp)

	for def, f := range map[*ir.OpDef]func(a, b uint64, w int) uint64{
		llvm.AddOp: numeric.AddI, llvm.SubOp: numeric.SubI, llvm.MulOp: numeric.MulI,
		llvm.AndOp: func(a, b uint64, _ int) uint64 { return a & b },
		llvm.OrOp:  func(a, b uint64, _ int) uint64 { return a | b },
		llvm.XOrOp: func(a, b uint64, _ int) uint64 { return a ^ b },
		llvm.ShlOp: numeric.ShLI, llvm.LShrOp: numeric.ShRUI, llvm.AShrOp: numeric.ShRSI,
		llvm.SDivOp: numeric.DivSI, llvm.UDivOp: numeric.DivUI, llvm.SRemOp: numeric.RemSI, llvm.URemOp: numeric.RemUI,
		llvm.SMaxOp: numeric.MaxSI, llvm.SMinOp: numeric.MinSI, llvm.UMaxOp: numeric.MaxUI, llvm.UMinOp: numeric.MinUI,
	} {
		define(intBinary(f), def)
	}
	define(intUnary(func(a uint64, _ int) uint64 { return uint64(bits.OnesCount64(a)) }), llvm.CtPopOp)
	define(compileICmp, llvm.ICmpOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			if r[in.a]&1 != 0 {
				r[in.d] = r[in.b]
			} else {
				r[in.d] = r[in.c]
			}
			return nil
		}
		return nil
	}, llvm.SelectOp)
	define(intUnary(func(a uint64, w int) uint64 { return numeric.SExt(a, w) }), llvm.SExtOp)
	// Registers hold values zero-extended, and every result is masked to
	// its width: these are moves.
	define(intUnary(func(a uint64, _ int) uint64 { return a }),
		llvm.ZExtOp, llvm.TruncOp, llvm.BitcastOp, llvm.PtrToIntOp, llvm.IntToPtrOp)
	define(compileGEP, llvm.GEPOp)
	define(compileAddrSpaceCast, llvm.AddrSpaceCastOp)
}

// compileAddrSpaceCast: global and generic addresses are the same numbers
// in the simulator (a descriptor's global pointer becomes the generic
// address TMA reads); shared addresses are offsets into the CTA's shared
// memory, which no generic window maps, so casts of them are not
// simulated.
func compileAddrSpaceCast(c *compiler, in *instr) error {
	for _, t := range []ir.Type{in.op.Operand(0).Type(), in.op.Result(0).Type()} {
		if p, ok := t.(*llvm.PointerType); !ok || p.AddrSpace != llvm.GenericAddrSpace && p.AddrSpace != llvm.GlobalAddrSpace {
			return fmt.Errorf("llvm.addrspacecast is simulated between global and generic pointers only, not %s", asm.TypeString(t))
		}
	}
	in.step = func(th *thread, in *instr) error {
		th.regs[in.d] = th.regs[in.a]
		return nil
	}
	return nil
}

// intBinary compiles a two-operand op computing f at the operands' width.
func intBinary(f func(a, b uint64, w int) uint64) opImpl {
	return func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			r[in.d] = f(r[in.a], r[in.b], in.w) & in.mask
			return nil
		}
		return nil
	}
}

// intUnary compiles a one-operand op computing f at the operand's width.
func intUnary(f func(a uint64, w int) uint64) opImpl {
	return func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			r[in.d] = f(r[in.a], in.w) & in.mask
			return nil
		}
		return nil
	}
}

func compileConstant(c *compiler, in *instr) error {
	t := in.op.Result(0).Type()
	switch a := in.op.Attr("value").(type) {
	case *ir.IntegerAttr:
		c.constant(in.d, a.Bits&in.mask)
	case *ir.FloatAttr:
		if err := checkFloat(t); err != nil {
			return err
		}
		c.constant(in.d, fromF64(t, a.Value))
	default:
		return fmt.Errorf("constants of this kind are not simulated")
	}
	return nil
}

func compileICmp(c *compiler, in *instr) error {
	p, ok := in.op.Attr("predicate").(*ir.IntegerAttr)
	if !ok {
		return fmt.Errorf("llvm.icmp without a predicate")
	}
	var f func(a, b uint64, w int) bool
	switch llvm.ICmpPredicate(p.Int()) {
	case llvm.ICmpEQ:
		f = func(a, b uint64, _ int) bool { return a == b }
	case llvm.ICmpNE:
		f = func(a, b uint64, _ int) bool { return a != b }
	case llvm.ICmpSLT:
		f = func(a, b uint64, w int) bool { return numeric.Int64(a, w) < numeric.Int64(b, w) }
	case llvm.ICmpSLE:
		f = func(a, b uint64, w int) bool { return numeric.Int64(a, w) <= numeric.Int64(b, w) }
	case llvm.ICmpSGT:
		f = func(a, b uint64, w int) bool { return numeric.Int64(a, w) > numeric.Int64(b, w) }
	case llvm.ICmpSGE:
		f = func(a, b uint64, w int) bool { return numeric.Int64(a, w) >= numeric.Int64(b, w) }
	case llvm.ICmpULT:
		f = func(a, b uint64, _ int) bool { return a < b }
	case llvm.ICmpULE:
		f = func(a, b uint64, _ int) bool { return a <= b }
	case llvm.ICmpUGT:
		f = func(a, b uint64, _ int) bool { return a > b }
	case llvm.ICmpUGE:
		f = func(a, b uint64, _ int) bool { return a >= b }
	default:
		return fmt.Errorf("icmp predicate %d is not simulated", p.Int())
	}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		r[in.d] = b2u(f(r[in.a], r[in.b], in.w))
		return nil
	}
	return nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// gep is a compiled llvm.getelementptr of one index: a constant one or
// the value in slot idx, scaled by the element size.
type gep struct {
	size   int64
	offset int64
	idxW   int
}

func compileGEP(c *compiler, in *instr) error {
	raw, ok1 := in.op.Attr("rawConstantIndices").(*ir.DenseArrayAttr)
	elem, ok2 := in.op.Attr("elem_type").(*ir.TypeAttr)
	if !ok1 || !ok2 || len(raw.Ints) != 1 {
		return fmt.Errorf("getelementptr with other than one index is not simulated")
	}
	g := &gep{size: int64(bitWidth(elem.Value) / 8)}
	if raw.Ints[0] == llvm.DynamicIndex {
		if in.op.NumOperands() != 2 {
			return fmt.Errorf("getelementptr without its dynamic index")
		}
		g.idxW = bitWidth(in.op.Operand(1).Type())
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			r[in.d] = r[in.a] + uint64(numeric.Int64(r[in.b], g.idxW)*g.size)
			return nil
		}
		return nil
	}
	g.offset = raw.Ints[0] * g.size
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		r[in.d] = r[in.a] + uint64(g.offset)
		return nil
	}
	return nil
}
