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
// CTA per program), or with clusters of CTAs gpu.cluster_id (a program
// is a cluster). It is uniform and cheap, so it is computed once per
// function in the prologue.
func (l *lowering) lowerProgramID(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	axis, err := programAxis(op)
	if err != nil {
		return err
	}
	rw.ReplaceOp(op, []ir.Value{e.programID(axis)})
	return nil
}

// lowerWarpID: ttg.warp_id is the warp's index among the warps running
// the op (in a warp_specialize partition, from the partition's first
// warp): the thread index over the warp size, uniform over the warp.
func (l *lowering) lowerWarpID(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	rw.ReplaceOp(op, []ir.Value{e.lshrC(e.fs.threadID(l), int64(log2(int64(l.lanes()))))})
	return nil
}

// lowerNumPrograms: tt.get_num_programs -> gpu.grid_dim, or with
// clusters gpu.cluster_dim.
func (l *lowering) lowerNumPrograms(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	axis, err := programAxis(op)
	if err != nil {
		return err
	}
	rw.ReplaceOp(op, []ir.Value{e.numPrograms(axis)})
	return nil
}

// programID is the program's index along axis (x, y, z), from the
// prologue.
func (e *emitter) programID(axis string) ir.Value {
	if e.l.ctaBits > 0 {
		return e.fs.once(e.l, "cluster_id:"+axis, func(pe *emitter) ir.Value { return newGPU(pe).clusterID(axis) })
	}
	return e.fs.once(e.l, "block_id:"+axis, func(pe *emitter) ir.Value { return newGPU(pe).blockID(axis) })
}

// numPrograms is the number of programs along axis, from the prologue.
func (e *emitter) numPrograms(axis string) ir.Value {
	if e.l.ctaBits > 0 {
		return e.fs.once(e.l, "cluster_dim:"+axis, func(pe *emitter) ir.Value { return newGPU(pe).clusterDim(axis) })
	}
	return e.fs.once(e.l, "grid_dim:"+axis, func(pe *emitter) ir.Value { return newGPU(pe).gridDim(axis) })
}
