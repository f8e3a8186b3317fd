package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

var axisNames = [...]string{"x", "y", "z"}

func programAxis(op *ir.Operation) (string, error) {
	a := int(tt.ProgramAxis(op))
	if a < 0 || a >= len(axisNames) {
		return "", ir.OpErrorf(op, "program axis %d out of range", a)
	}
	return axisNames[a], nil
}

// lowerProgramID: tt.get_program_id -> gpu.block_id (the CTA index; one
// CTA per program). It is uniform and cheap, so it is computed once per
// function in the prologue.
func (l *lowering) lowerProgramID(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	axis, err := programAxis(op)
	if err != nil {
		return err
	}
	v := e.fs.once(l, "block_id:"+axis, func(pe *emitter) ir.Value { return newGPU(pe).blockID(axis) })
	rw.ReplaceOp(op, []ir.Value{v})
	return nil
}

// lowerNumPrograms: tt.get_num_programs -> gpu.grid_dim.
func (l *lowering) lowerNumPrograms(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	axis, err := programAxis(op)
	if err != nil {
		return err
	}
	v := e.fs.once(l, "grid_dim:"+axis, func(pe *emitter) ir.Value { return newGPU(pe).gridDim(axis) })
	rw.ReplaceOp(op, []ir.Value{v})
	return nil
}
