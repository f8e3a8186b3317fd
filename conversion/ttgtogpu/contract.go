package ttgtogpu

import (
	"github.com/ttcompiler/tt/ir"
)

// contractFMA fuses a float multiplication feeding an addition or
// subtraction in the same block into one fma, as LLVM's NVPTX backend does
// under Triton's default fp fusion (and as the tt interpreter models it),
// so that a*b+c rounds once whatever the PTX assembler would do:
//
//	fadd(fmul(x, y), z) -> fma(x, y, z)    fadd(z, fmul(x, y)) -> fma(x, y, z)
//	fsub(fmul(x, y), z) -> fma(x, y, -z)   fsub(z, fmul(x, y)) -> fma(-x, y, z)
//
// When both operands are products, the one with fewer uses is fused (the
// left one on a tie). f32 and f64 always; f16 and bf16 where the target
// says LLVM fuses them (target.contractsHalfFMA).
func contractFMA(blocks []*ir.Block, half func(ir.Type) bool) {
	for _, b := range blocks {
		var todo []*ir.Operation
		for op := b.First(); op != nil; op = op.Next() {
			if op.Name() != "llvm.fadd" && op.Name() != "llvm.fsub" {
				continue
			}
			if t := op.Result(0).Type(); isF32(t) || isF64(t) || half(t) {
				todo = append(todo, op)
			}
		}
		for _, op := range todo {
			contractOne(op)
		}
	}
}

func productIn(v ir.Value, b *ir.Block) *ir.Operation {
	d := v.DefiningOp()
	if d == nil || d.Name() != "llvm.fmul" || d.Block() != b {
		return nil
	}
	return d
}

func contractOne(op *ir.Operation) {
	b := op.Block()
	lhs, rhs := productIn(op.Operand(0), b), productIn(op.Operand(1), b)
	useLeft := lhs != nil
	if lhs != nil && rhs != nil && ir.NumUses(rhs.Result(0)) < ir.NumUses(lhs.Result(0)) {
		useLeft = false
	}
	if lhs == nil && rhs == nil {
		return
	}
	bl := ir.NewBuilder(op.Context())
	bl.SetInsertionPoint(op)
	t := op.Result(0).Type()
	neg := func(v ir.Value) ir.Value {
		return bl.CreateOp("llvm.fneg", op.Loc(), []ir.Value{v}, []ir.Type{t}).Result(0)
	}
	var x, y, z ir.Value
	sub := op.Name() == "llvm.fsub"
	if useLeft {
		x, y, z = lhs.Operand(0), lhs.Operand(1), op.Operand(1)
		if sub {
			z = neg(z)
		}
	} else {
		x, y, z = rhs.Operand(0), rhs.Operand(1), op.Operand(0)
		if sub {
			x = neg(x)
		}
	}
	fma := bl.CreateOp("llvm.intr.fma", op.Loc(), []ir.Value{x, y, z}, []ir.Type{t}).Result(0)
	ir.ReplaceAllUsesWith(op.Result(0), fma)
	op.Erase()
	for _, m := range []*ir.Operation{lhs, rhs} {
		if m != nil && m.Block() != nil && !ir.HasUses(m.Result(0)) {
			m.Erase()
		}
	}
}
