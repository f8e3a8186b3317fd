package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Vector lanes. A vector register holds its lanes packed, lane 0 in the
// low bits (as PTX's mov.bN {a, b} and a little-endian bitcast place
// them), so llvm.bitcast between a vector and an integer of its width is
// a move.

func init() {
	define(compileLaneAccess(true), llvm.InsertElementOp)
	define(compileLaneAccess(false), llvm.ExtractElementOp)
}

// compileLaneAccess compiles llvm.insertelement (vec, value, index) or
// llvm.extractelement (vec, index). An index past the last lane, which
// LLVM makes poison, is reported.
func compileLaneAccess(insert bool) opImpl {
	return func(c *compiler, in *instr) error {
		vt, ok := in.op.Operand(0).Type().(*ir.VectorType)
		if !ok || len(vt.Dims) != 1 || bitWidth(vt) > 64 {
			return fmt.Errorf("lanes of %s are not simulated", asm.TypeString(in.op.Operand(0).Type()))
		}
		lanes, lw := uint64(vt.Dims[0]), bitWidth(vt.Elem)
		lmask := maskOf(vt.Elem)
		idx := in.b
		if insert {
			idx = in.c
		}
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			i := r[idx]
			if i >= lanes {
				return fmt.Errorf("lane %d of a %d-lane vector", i, lanes)
			}
			sh := i * uint64(lw)
			if insert {
				r[in.d] = r[in.a]&^(lmask<<sh) | (r[in.b]&lmask)<<sh
			} else {
				r[in.d] = r[in.a] >> sh & lmask
			}
			return nil
		}
		return nil
	}
}
