package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// decomposeRemainders rewrites each of rems whose block also divides the
// same operands into x - (x/y)*y, as LLVM's DivRemPairs pass does on
// targets without a combined instruction (NVPTX and AMDGPU) in the
// pipeline Triton compiles its kernels with; the division is then shared.
// The two forms differ when y is 0 (the GPU's quotient is all ones, so
// the decomposed remainder is x, where a lone rem gives all ones), and
// kernels must reproduce Triton's results; the interpreter models the same
// pairing (interp/arith_int.go). Doing it here, on the per-thread IR, gives
// the native PTX emitter and the LLVM IR path (which llc compiles without
// DivRemPairs) the same semantics.
func decomposeRemainders(rems []*ir.Operation) {
	for _, rem := range rems {
		div := pairedDivision(rem)
		if div == nil {
			continue
		}
		b := ir.NewBuilder(rem.Context())
		b.SetInsertionPoint(rem)
		x, y := rem.Operand(0), rem.Operand(1)
		q := div.Result(0)
		if !div.IsBeforeInBlock(rem) {
			// The block divides only later: divide here too (CSE keeps
			// this division and drops the later one).
			q = llvm.NewBinary(b, rem.Loc(), div.Def(), x, y).Result(0)
		}
		p := llvm.NewBinary(b, rem.Loc(), llvm.MulOp, q, y).Result(0)
		r := llvm.NewBinary(b, rem.Loc(), llvm.SubOp, x, p).Result(0)
		ir.ReplaceAllUsesWith(rem.Result(0), r)
		rem.Erase()
	}
}

// pairedDivision returns the division of a remainder's operands, with the
// same signedness, in the remainder's block, or nil.
func pairedDivision(rem *ir.Operation) *ir.Operation {
	name := "llvm.sdiv"
	if rem.Name() == "llvm.urem" {
		name = "llvm.udiv"
	}
	for _, u := range ir.Users(rem.Operand(0)) {
		if u.Name() == name && u.Block() == rem.Block() && u.Operand(0) == rem.Operand(0) && u.Operand(1) == rem.Operand(1) {
			return u
		}
	}
	return nil
}
