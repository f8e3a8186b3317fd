package llvmir

import (
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// bf16 arithmetic on NVPTX. LLVM 14's IR, which the translation writes,
// keeps bf16 as storage (i16 here); the conversion leaves bf16 add, sub
// and mul as bf16 ops from sm_80 on (what LLVM's NVPTX backend selects for
// Triton), so they become inline PTX, the instructions tt's PTX emitter
// prints: sm_90's add/sub/mul.rn.bf16, sm_80's one fma.rn.bf16 each
// (a+b = fma(a, 1, b), a-b = fma(b, -1, a), a*b = fma(a, b, -0)); a
// product feeding a sum, which the conversion contracts as LLVM does for
// Triton, is llvm.intr.fma, one fma.rn.bf16 on either.

// nvBF16Arith translates an llvm.fadd, fsub, fmul or intr.fma of bf16
// scalars on NVPTX sm_80 or newer and reports whether it did.
func (fx *fnTr) nvBF16Arith(op *ir.Operation) (bool, error) {
	sm := fx.tr.target.SM()
	if sm < 80 || op.NumResults() != 1 {
		return false, nil
	}
	if ft, ok := op.Result(0).Type().(*ir.FloatType); !ok || ft.Kind != ir.BF16 {
		return false, nil
	}
	var ins string
	switch op.Def() {
	case llvm.FAddOp:
		ins = "add"
	case llvm.FSubOp:
		ins = "sub"
	case llvm.FMulOp:
		ins = "mul"
	case llvm.FMAOp:
		ins = "fma"
	default:
		return false, nil
	}
	xs, err := fx.operands(op)
	if err != nil {
		return false, err
	}
	if ins == "fma" {
		x, y, z := fx.bitcast(xs[0], lltypes.I16), fx.bitcast(xs[1], lltypes.I16), fx.bitcast(xs[2], lltypes.I16)
		fx.set(op, fx.asm("fma.rn.bf16 $0, $1, $2, $3;", "=h,h,h,h", lltypes.I16, false, x, y, z))
		return true, nil
	}
	a, b := fx.bitcast(xs[0], lltypes.I16), fx.bitcast(xs[1], lltypes.I16)
	if sm >= 90 {
		fx.set(op, fx.asm(ins+".rn.bf16 $0, $1, $2;", "=h,h,h", lltypes.I16, false, a, b))
		return true, nil
	}
	bits := func(v int64) value.Value { return constant.NewInt(lltypes.I16, v) }
	x, y, z := a, bits(0x3F80), b // a + b = fma(a, 1, b)
	switch ins {
	case "sub":
		x, y, z = b, bits(0xBF80), a // a - b = fma(b, -1, a)
	case "mul":
		x, y, z = a, b, bits(0x8000) // a * b = fma(a, b, -0)
	}
	fx.set(op, fx.asm("fma.rn.bf16 $0, $1, $2, $3;", "=h,h,h,h", lltypes.I16, false, x, y, z))
	return true, nil
}
