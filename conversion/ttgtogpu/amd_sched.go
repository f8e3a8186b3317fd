package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// The AMD ops of the dot path's TTGIR that are not tile operations:
// amdg.in_thread_transpose, a renaming of each thread's registers (the
// verifier checks that the result holds the same elements per thread,
// transposed), and the scheduling hints and wave-group barrier that
// tritonamdgpu-block-pingpong places (rocdl.sched.barrier,
// rocdl.sched.group.barrier, rocdl.s.setprio, rocdl.s.barrier,
// rocdl.workitem.id.x, amdg.cond_barrier, amdg.memory_counter_wait),
// which become their gpu dialect forms. rocdl.s.barrier is a plain s_barrier in Triton; it
// becomes gpu.barrier, which also orders the block's memory accesses.

func amdPatterns() []conversion.Pattern {
	return []conversion.Pattern{
		pat("amdg.in_thread_transpose", (*lowering).lowerInThreadTranspose),
		pat("rocdl.sched.barrier", func(_ *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
			gpu.NewSchedBarrier(e.b, e.loc, intAttr(op, "mask"))
			rw.EraseOp(op)
			return nil
		}),
		pat("rocdl.sched.group.barrier", func(_ *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
			gpu.NewSchedGroupBarrier(e.b, e.loc, intAttr(op, "mask"), intAttr(op, "size"), intAttr(op, "groupId"))
			rw.EraseOp(op)
			return nil
		}),
		pat("rocdl.s.setprio", func(_ *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
			gpu.NewSetPriority(e.b, e.loc, intAttr(op, "priority"))
			rw.EraseOp(op)
			return nil
		}),
		pat("rocdl.s.barrier", func(_ *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
			gpu.NewBarrier(e.b, e.loc)
			rw.EraseOp(op)
			return nil
		}),
		pat("rocdl.workitem.id.x", func(_ *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
			rw.ReplaceOp(op, []ir.Value{gpu.NewThreadID(e.b, e.loc, gpu.DimX).Result(0)})
			return nil
		}),
		pat("amdg.cond_barrier", func(_ *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
			gpu.NewCondBarrier(e.b, e.loc, rw.RemappedN(op.Operand(0))[0])
			rw.EraseOp(op)
			return nil
		}),
		pat("amdg.memory_counter_wait", func(_ *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
			c, neg, n := gpu.MemoryCountersOf(op)
			if neg != "" {
				return ir.OpErrorf(op, "the '%s' count of amdg.memory_counter_wait cannot be negative (%d)", neg, n)
			}
			gpu.NewMemoryCounterWait(e.b, e.loc, c)
			rw.EraseOp(op)
			return nil
		}),
	}
}

// intAttr reads an integer attribute (0 when absent).
func intAttr(op *ir.Operation, name string) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

// lowerInThreadTranspose forwards the registers: every element stays in
// its thread, in another register.
func (l *lowering) lowerInThreadTranspose(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	return l.viewLowering(op, rw, func(c []int32) []int32 { return c })
}
