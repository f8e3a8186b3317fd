package llvmir

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// wgmma on NVPTX is inline PTX (LLVM 14 and 19 have no wgmma.mma_async
// intrinsic), written as Triton's NVGPU lowering writes it: the
// accumulators are outputs tied to the C inputs ("0", "1", ...), and the
// wait ties its operands to its results so that LLVM orders every read
// of the accumulators after it. Register allocation is LLVM's: unlike the
// PTX emitter, nothing here keeps a loop's accumulators in place.

// requireWGMMA fails unless the target is sm_90 (llc must then be given
// -mcpu=sm_90a).
func (fx *fnTr) requireWGMMA(op *ir.Operation, what string) error {
	if fx.tr.target.SM() != 90 {
		return ir.OpErrorf(op, "%s needs sm_90a; the target is %s", what, fx.tr.target.Arch)
	}
	return nil
}

func (fx *fnTr) nvWGMMASync(op *ir.Operation) error {
	var text string
	switch op.Name() {
	case gpu.WGMMAFenceOp.Name:
		text = "wgmma.fence.sync.aligned;"
	case gpu.WGMMACommitOp.Name:
		text = "wgmma.commit_group.sync.aligned;"
	}
	if err := fx.requireWGMMA(op, strings.TrimSuffix(strings.Fields(text)[0], ";")); err != nil {
		return err
	}
	fx.asm(text, "", lltypes.Void, true)
	return nil
}

// accConstraint is the inline-asm register class of an accumulator word.
func accConstraint(t lltypes.Type) string {
	if t.Equal(lltypes.Float) {
		return "f"
	}
	return "r"
}

func (fx *fnTr) nvWGMMA(op *ir.Operation) error {
	v := gpu.WGMMAView{Operation: op}
	s, ts, o := gpu.ShapeOf(op), gpu.TypesOf(op), gpu.WGMMAOptionsOf(op)
	if err := gpu.WGMMAForm(s, ts, v.AInRegisters(), o); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	if err := fx.requireWGMMA(op, "wgmma.mma_async"); err != nil {
		return err
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	n := op.NumResults()
	acc, err := fx.typ(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	na := len(v.A())
	c := xs[na+2:]
	var cons []string
	for i := 0; i < n; i++ {
		cons = append(cons, "="+accConstraint(acc))
	}
	var args []value.Value
	for i, x := range c {
		cons = append(cons, itoa(i))
		args = append(args, x)
	}
	next := n + len(c)
	var a string
	if v.AInRegisters() {
		a = asmVector(next, 4)
		for _, x := range xs[:na] {
			cons, args = append(cons, "r"), append(args, x)
		}
		next += 4
	} else {
		a = "$" + itoa(next)
		cons, args = append(cons, "l"), append(args, xs[0])
		next++
	}
	bDesc := "$" + itoa(next)
	cons, args = append(cons, "l"), append(args, xs[na])
	next++
	scaleD := "0"
	if k, ok := intConst(xs[na+1]); !ok || k&1 != 0 {
		scaleD = "$" + itoa(next)
		cons, args = append(cons, "b"), append(args, xs[na+1])
	}
	var imm []string
	for _, k := range o.Immediates(ts, v.AInRegisters()) {
		imm = append(imm, strconv.Itoa(k))
	}
	sat := ""
	if o.Satfinite {
		sat = ".satfinite"
	}
	ops := append([]string{asmVector(0, n), a, bDesc, scaleD}, imm...)
	text := fmt.Sprintf("wgmma.mma_async.sync.aligned.%s%s.%s.%s.%s %s;", s, sat, ts.D, ts.A, ts.B, strings.Join(ops, ", "))
	fields := make([]lltypes.Type, n)
	for i := range fields {
		fields[i] = acc
	}
	r := fx.asm(text, strings.Join(cons, ","), lltypes.NewStruct(fields...), true, args...)
	fx.set(op, fx.structFields(r, n)...)
	return nil
}

// nvWGMMAWait waits and ties every operand to its result, as Triton's
// warp_group_dot_wait does.
func (fx *fnTr) nvWGMMAWait(op *ir.Operation) error {
	if err := fx.requireWGMMA(op, "wgmma.wait_group"); err != nil {
		return err
	}
	text := fmt.Sprintf("wgmma.wait_group.sync.aligned %d;", gpu.Pending(op))
	if op.NumOperands() == 0 {
		fx.asm(text, "", lltypes.Void, true)
		return nil
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	var outs, ins []string
	fields := make([]lltypes.Type, len(xs))
	for i, x := range xs {
		fields[i] = x.Type()
		outs = append(outs, "="+accConstraint(x.Type()))
		ins = append(ins, itoa(i))
	}
	var r value.Value = fx.asm(text, strings.Join(append(outs, ins...), ","), lltypes.NewStruct(fields...), true, xs...)
	fx.set(op, fx.structFields(r, len(xs))...)
	return nil
}

// nvWGMMADesc: ((addr & 0x3FFFF) >> 4) | layout bits, in i64.
func (fx *fnTr) nvWGMMADesc(op *ir.Operation) error {
	p, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	b := fx.cur
	addr := b.NewLShr(b.NewAnd(b.NewPtrToInt(p, lltypes.I64), i64c(0x3FFF0)), i64c(4))
	bits := gpu.DescLayoutOf(op).Bits()
	if bits == 0 {
		fx.set(op, addr)
		return nil
	}
	fx.set(op, b.NewOr(addr, constant.NewInt(lltypes.I64, int64(bits))))
	return nil
}
