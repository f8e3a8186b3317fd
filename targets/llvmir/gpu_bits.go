package llvmir

import (
	"fmt"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// The bit scans and the sum of absolute differences (dialects/gpu/bits.go):
// gpu.clz is llvm.ctlz on both targets (NVPTX selects clz.b32/.b64);
// gpu.bfind is PTX's bfind as inline assembly on NVPTX (libdevice's
// __nv_ffs spells it so) and llvm.ctlz arithmetic on AMDGCN; gpu.sad is
// NVVM's sad intrinsic on NVPTX and integer arithmetic on AMDGCN.

// ctlz32 is llvm.ctlz of v (zero not poison), as an i32.
func (fx *fnTr) ctlz32(v value.Value) value.Value {
	t := v.Type().(*lltypes.IntType)
	n := fx.call(fmt.Sprintf("llvm.ctlz.i%d", t.BitSize), t, v, constant.NewBool(false))
	if t.BitSize != 32 {
		n = fx.cur.NewTrunc(n, lltypes.I32)
	}
	return n
}

func (fx *fnTr) clz(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	fx.set(op, fx.ctlz32(xs[0]))
	return nil
}

func (fx *fnTr) nvBfind(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	w := xs[0].Type().(*lltypes.IntType).BitSize
	ins, cons := "bfind", "=r,r"
	if gpu.ShiftAmt(op) {
		ins += ".shiftamt"
	}
	if gpu.Unsigned(op) {
		ins += fmt.Sprintf(".u%d", w)
	} else {
		ins += fmt.Sprintf(".s%d", w)
	}
	if w == 64 {
		cons = "=r,l"
	}
	fx.set(op, fx.asm(ins+" $0, $1;", cons, lltypes.I32, false, xs...))
	return nil
}

// bfind: the highest set bit of x (signed: of x xor its sign, the bits
// that differ from the sign), counted from the top by ctlz; -1 where
// there is none.
func (fx *fnTr) bfind(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	b := fx.cur
	t := xs[0].Type().(*lltypes.IntType)
	v := xs[0]
	if !gpu.Unsigned(op) {
		v = b.NewXor(v, b.NewAShr(v, constant.NewInt(t, int64(t.BitSize-1))))
	}
	r := fx.ctlz32(v)
	if !gpu.ShiftAmt(op) {
		r = b.NewSub(i32c(int64(t.BitSize-1)), r)
	}
	none := b.NewICmp(enum.IPredEQ, v, constant.NewInt(t, 0))
	fx.set(op, b.NewSelect(none, i32c(-1), r))
	return nil
}

func (fx *fnTr) nvSad(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	name := "llvm.nvvm.sad.i"
	if gpu.Unsigned(op) {
		name = "llvm.nvvm.sad.ui"
	}
	fx.set(op, fx.call(name, lltypes.I32, xs...))
	return nil
}

// sad: c + (a - b or b - a, whichever the comparison makes the
// magnitude), wrapping.
func (fx *fnTr) sad(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	b := fx.cur
	lt := enum.IPredSLT
	if gpu.Unsigned(op) {
		lt = enum.IPredULT
	}
	d := b.NewSelect(b.NewICmp(lt, xs[0], xs[1]), b.NewSub(xs[1], xs[0]), b.NewSub(xs[0], xs[1]))
	fx.set(op, b.NewAdd(xs[2], d))
	return nil
}
