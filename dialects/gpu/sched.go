package gpu

import (
	"github.com/ttcompiler/tt/ir"
)

// AMD's scheduling hints and wave-group barrier, which Triton's block
// ping-pong places (rocdl.sched.barrier, rocdl.s.setprio,
// rocdl.sched.group.barrier, amdg.cond_barrier):
//
//	gpu.sched_barrier {mask = 0}
//	gpu.sched_group_barrier {mask = 8, size = 1, group = 0}
//	gpu.set_priority {priority = 1}
//	gpu.cond_barrier %pred
//
// The first three change no value: sched_barrier keeps the backend's
// scheduler from moving instructions across it (mask: the kinds it may
// still move, 0 for none), sched_group_barrier asks it to form a group of
// `size` instructions of the kinds `mask` selects, set_priority sets the
// issue priority of the wave (0-3) among the waves of its SIMD.
// cond_barrier is gpu.barrier for the threads whose pred holds (it must
// be uniform over a warp): they arrive at the block's barrier, which
// counts arrivals at any barrier (AMD's s_barrier counts waves), and the
// others go on. All four are AMD instructions.
var (
	SchedBarrierOp      = Dialect.NewOp("sched_barrier", 0)
	SchedGroupBarrierOp = Dialect.NewOp("sched_group_barrier", 0)
	SetPriorityOp       = Dialect.NewOp("set_priority", 0)
	CondBarrierOp       = Dialect.NewOp("cond_barrier", 0)
)

var (
	schedBarrierOptions      = []option{intOpt("mask", 0, true)}
	schedGroupBarrierOptions = []option{intOpt("mask", 0, true), intOpt("size", 0, true), intOpt("group", 0, true)}
	setPriorityOptions       = []option{intOpt("priority", 0, true)}
)

// defineFence defines an op of no operands or results whose attributes
// are opts (verified by verify as well, when not nil) and that nothing
// may move across: a scheduling fence or a wait.
func defineFence(def *ir.OpDef, opts []option, verify func(*ir.Operation) error) {
	def.Inherent = inherentNames(opts)
	def.Parse = func(p ir.OpParser, st *ir.OperationState) error { return parseOptions(p, st, opts) }
	def.Print = func(p ir.OpPrinter, op *ir.Operation) { printOptions(p, op, opts) }
	def.Verify = func(op *ir.Operation) error {
		if err := counts(op, 0, 0); err != nil {
			return err
		}
		if err := verifyOptions(op, opts); err != nil || verify == nil {
			return err
		}
		return verify(op)
	}
	def.AppendEffects = orderingEffects
}

func init() {
	defineFence(SchedBarrierOp, schedBarrierOptions, nil)
	defineFence(SchedGroupBarrierOp, schedGroupBarrierOptions, nil)
	defineFence(SetPriorityOp, setPriorityOptions, nil)

	CondBarrierOp.Parse = func(p ir.OpParser, st *ir.OperationState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, ir.I1(p.Context()))
		if err != nil {
			return err
		}
		st.Operands = []ir.Value{v}
		return p.ParseOptionalAttrDict(st)
	}
	CondBarrierOp.Print = func(p ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		p.PrintOptionalAttrDict(op.Attrs())
	}
	CondBarrierOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 1, 0); err != nil {
			return err
		}
		if !ir.IsInteger(op.Operand(0).Type(), 1) {
			return ir.OpErrorf(op, "the predicate must be i1")
		}
		return nil
	}
	CondBarrierOp.AppendEffects = BarrierOp.AppendEffects
}

// IntOption reads an integer option of a scheduling hint (mask, size,
// group, priority).
func IntOption(op *ir.Operation, name string) int64 { return enumOf(op, name, 0) }

// NewSchedBarrier builds `gpu.sched_barrier {mask}`.
func NewSchedBarrier(b *ir.Builder, loc ir.Location, mask int64) *ir.Operation {
	return b.CreateOp(SchedBarrierOp.Name, loc, nil, nil, ir.NamedAttr{Name: "mask", Value: ir.I32Attr(b.Ctx, mask)})
}

// NewSchedGroupBarrier builds `gpu.sched_group_barrier {mask, size, group}`.
func NewSchedGroupBarrier(b *ir.Builder, loc ir.Location, mask, size, group int64) *ir.Operation {
	return b.CreateOp(SchedGroupBarrierOp.Name, loc, nil, nil,
		ir.NamedAttr{Name: "mask", Value: ir.I32Attr(b.Ctx, mask)},
		ir.NamedAttr{Name: "size", Value: ir.I32Attr(b.Ctx, size)},
		ir.NamedAttr{Name: "group", Value: ir.I32Attr(b.Ctx, group)})
}

// NewSetPriority builds `gpu.set_priority {priority}`.
func NewSetPriority(b *ir.Builder, loc ir.Location, prio int64) *ir.Operation {
	return b.CreateOp(SetPriorityOp.Name, loc, nil, nil, ir.NamedAttr{Name: "priority", Value: ir.I32Attr(b.Ctx, prio)})
}

// NewCondBarrier builds `gpu.cond_barrier %pred`.
func NewCondBarrier(b *ir.Builder, loc ir.Location, pred ir.Value) *ir.Operation {
	return b.CreateOp(CondBarrierOp.Name, loc, []ir.Value{pred}, nil)
}
