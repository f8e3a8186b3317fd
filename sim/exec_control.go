package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Control flow: branches, calls and returns are interpreted by thread.run
// from their kind; here they are compiled.

func init() {
	define(compileBr, llvm.BrOp)
	define(compileCondBr, llvm.CondBrOp)
	define(func(c *compiler, in *instr) error {
		in.kind = kindReturn
		return nil
	}, llvm.ReturnOp)
	define(compileCall, llvm.CallOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(*thread, *instr) error { return fmt.Errorf("reached llvm.unreachable") }
		return nil
	}, llvm.UnreachableOp)
	// An assumption that does not hold is undefined behaviour: the
	// simulator reports it.
	define(func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			if th.regs[in.a]&1 == 0 {
				return fmt.Errorf("llvm.intr.assume: the assumed condition is false")
			}
			return nil
		}
		return nil
	}, llvm.AssumeOp)
}

func compileBr(c *compiler, in *instr) error {
	in.kind = kindBr
	in.aux = &successor{c.blocks[in.op.Successor(0)]}
	return nil
}

func compileCondBr(c *compiler, in *instr) error {
	op := in.op
	segs, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok || len(segs.Ints) != 3 {
		return fmt.Errorf("llvm.cond_br without operand segment sizes")
	}
	nt := int(segs.Ints[1])
	in.kind = kindCondBr
	in.aux = &condBranch{
		t: &successor{c.blocks[op.Successor(0)]}, f: &successor{c.blocks[op.Successor(1)]},
		tArgs: in.args[1 : 1+nt], fArgs: in.args[1+nt:],
	}
	return nil
}

// compileCall compiles a direct call of a function with a body.
func compileCall(c *compiler, in *instr) error {
	ref, _ := in.op.Attr("callee").(*ir.SymbolRefAttr)
	if ref == nil {
		return fmt.Errorf("indirect llvm.call is not simulated")
	}
	callee := ir.LookupSymbol(in.op, ref)
	if callee == nil || callee.Name() != "llvm.func" {
		return fmt.Errorf("llvm.call of an unknown function")
	}
	if callee.Region(0).Empty() {
		return fmt.Errorf("llvm.call of the external function @%s is not simulated", ir.SymbolName(callee))
	}
	f, err := c.prog.function(callee)
	if err != nil {
		return err
	}
	if len(f.params) != len(in.args) {
		return fmt.Errorf("@%s takes %d arguments, the call passes %d", f.name, len(f.params), len(in.args))
	}
	in.kind = kindCall
	in.aux = f
	return nil
}
