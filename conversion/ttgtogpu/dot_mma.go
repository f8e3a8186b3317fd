package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

func (l *lowering) lowerMMAv2Dot(op *ir.Operation, ts dotOperands, enc *ttg.NvidiaMmaEncoding, e *emitter, rw *conversion.Rewriter) error {
	return ir.OpErrorf(op, "TODO")
}
