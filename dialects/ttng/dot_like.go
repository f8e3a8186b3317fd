package ttng

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// The tensor-core products are ir.DotLike: ttng.warp_group_dot (Hopper's
// wgmma: D = A x B + C, D a result) and ttng.tc_gen5_mma /
// tc_gen5_mma_scaled (Blackwell's tcgen05: D += A x B with D a buffer in
// tensor memory, so C and D are that buffer).

func init() {
	ir.Attach(WarpGroupDot.Def, func(op *ir.Operation) ir.DotLike { return WarpGroupDotOp{op} })
	ir.Attach(TCGen5MMA.Def, func(op *ir.Operation) ir.DotLike { return TCGen5MMAOp{op, TCGen5MMA} })
	ir.Attach(TCGen5MMAScaled.Def, func(op *ir.Operation) ir.DotLike { return TCGen5MMAOp{op, TCGen5MMAScaled} })
}

// WarpGroupDotOp is a typed view of ttng.warp_group_dot.
type WarpGroupDotOp struct{ *ir.Operation }

func (o WarpGroupDotOp) A() ir.Value { return single(WarpGroupDot.Operand(o.Operation, "a")) }
func (o WarpGroupDotOp) B() ir.Value { return single(WarpGroupDot.Operand(o.Operation, "b")) }
func (o WarpGroupDotOp) C() ir.Value { return single(WarpGroupDot.Operand(o.Operation, "c")) }
func (o WarpGroupDotOp) D() ir.Value { return o.Result(0) }

// IsAsyncWarpGroupDot reports whether op is a ttng.warp_group_dot with
// isAsync set: its wgmma group stays in flight until a
// warp_group_dot_wait retires it.
func IsAsyncWarpGroupDot(op *ir.Operation) bool {
	a, ok := op.Attr("isAsync").(*ir.IntegerAttr)
	return op.Name() == "ttng.warp_group_dot" && ok && a.Bits&1 != 0
}

// TCGen5MMAOp is a typed view of ttng.tc_gen5_mma and tc_gen5_mma_scaled.
type TCGen5MMAOp struct {
	*ir.Operation
	def ttg.Op
}

func (o TCGen5MMAOp) A() ir.Value { return single(o.def.Operand(o.Operation, "a")) }
func (o TCGen5MMAOp) B() ir.Value { return single(o.def.Operand(o.Operation, "b")) }

// C and D are the accumulator buffer in tensor memory.
func (o TCGen5MMAOp) C() ir.Value { return o.D() }
func (o TCGen5MMAOp) D() ir.Value { return single(o.def.Operand(o.Operation, "d")) }

// single returns the only value of an operand group, or nil.
func single(vs []ir.Value) ir.Value {
	if len(vs) == 1 {
		return vs[0]
	}
	return nil
}
