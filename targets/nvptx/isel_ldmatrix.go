package nvptx

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// ldmatrix and stmatrix move 1, 2 or 4 8x8 matrices of 16-bit units; the
// ops' elements are packed into (or unpacked from) one .b32 register per
// matrix. The address is the 32-bit shared-window pointer.

func matrixSuffix(op *ir.Operation, n int) string {
	s := fmt.Sprintf(".m8n8.x%d", n)
	if gpu.Trans(op) {
		s += ".trans"
	}
	return s
}

func (f *fn) emitLdMatrix(op *ir.Operation) error {
	if err := f.requireSM(op, 75, "ldmatrix"); err != nil {
		return err
	}
	addr, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	n := gpu.MatrixCount(op.ResultTypes())
	words, unpack, err := f.resultWords(op, op.Results(), bitWidth(op.Result(0).Type()), true)
	if err != nil {
		return err
	}
	f.inss("ldmatrix.sync.aligned%s.shared.b16 %s, [%s]", matrixSuffix(op, n), braces(words), f.reg(addr))
	unpack()
	return nil
}

func (f *fn) emitStMatrix(op *ir.Operation) error {
	if err := f.requireSM(op, 90, "stmatrix"); err != nil {
		return err
	}
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	n := gpu.MatrixCount(op.OperandTypes()[1:])
	words := f.words32(xs[1:], bitWidth(op.Operand(1).Type()))
	f.inss("stmatrix.sync.aligned%s.shared.b16 [%s], %s", matrixSuffix(op, n), f.reg(xs[0]), braces(words))
	return nil
}
