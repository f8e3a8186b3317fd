package amd

import (
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// The FMA path of tritonamdgpu-accelerate-matmul: dots that stay on a
// blocked layout get operand types the FMA lowering takes, and MFMA/WMMA
// dots whose operand types differ get a common type.

// accelerateBlocked legalizes a blocked dot for the FMA lowering (Triton's
// AccelerateBlocked): it is left alone when the target has a v_dot form
// for it (f16 x f16 -> f32 with even K, bf16 on gfx950, i8 -> i32 with K
// a multiple of 4) or when all four types are one of f16, f32 and f64;
// otherwise A, B and C are cast to f16 (everything 16 bits or less, no
// bf16 and no wide integers) or f32, and the result back.
func (a *matmulAccelerator) accelerateBlocked(op *ir.Operation, rw ir.Rewriter) bool {
	if _, ok := blockedResult(op); !ok {
		return false
	}
	a.remark(op, "Attempting to map dot operation to FMA intrinsic.")
	dot := tt.DotOp{Operation: op}
	elems := []ir.Type{elemOf(dot.A()), elemOf(dot.B()), elemOf(dot.C()), elemOf(op.Result(0))}
	if a.isLegalFMAForm(op, elems) {
		return false
	}
	maxBits := 8
	for _, e := range elems {
		maxBits = max(maxBits, ir.BitWidth(e))
	}
	if maxBits > 32 {
		return a.fail(ir.OpErrorf(op, "the FMA dot takes elements of at most 32 bits unless all are f64; this dot has %d-bit elements of mixed types", maxBits))
	}
	ctx := op.Context()
	common := ir.F32Type(ctx)
	if maxBits <= 16 {
		common = ir.F16Type(ctx)
		for _, e := range elems {
			if (ir.IsIntOrIndex(e) && ir.BitWidth(e) > 8) || isFloatKind(e, ir.BF16) {
				common = ir.F32Type(ctx)
				break
			}
		}
	}
	b := rw.B()
	av, err1 := castToElem(b, dot.A(), common)
	bv, err2 := castToElem(b, dot.B(), common)
	cv, err3 := castToElem(b, dot.C(), common)
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			return a.fail(ir.OpErrorf(op, "%v", err))
		}
	}
	newDot := tt.NewDot(b, op.Loc(), av, bv, cv, dot.InputPrecision(), dot.MaxNumImpreciseAcc())
	d, err := castToElem(b, newDot.Result(0), elems[3])
	if err != nil {
		return a.fail(ir.OpErrorf(op, "%v", err))
	}
	rw.ReplaceOp(op, []ir.Value{d})
	return true
}

func (a *matmulAccelerator) isLegalFMAForm(op *ir.Operation, e []ir.Type) bool {
	if a.isa.SupportsVDot() {
		aT := op.Operand(0).Type().(*ir.RankedTensorType)
		k := aT.Dims[aT.Rank()-1]
		if isFloatKind(e[0], ir.F16) && isFloatKind(e[1], ir.F16) && isFloatKind(e[2], ir.F32) && isFloatKind(e[3], ir.F32) && k%2 == 0 {
			return true
		}
		if a.isa == amdgpu.CDNA4 && isFloatKind(e[0], ir.BF16) && isFloatKind(e[1], ir.BF16) && isFloatKind(e[2], ir.F32) && isFloatKind(e[3], ir.F32) && k%2 == 0 {
			return true
		}
		if ir.IsInteger(e[0], 8) && ir.IsInteger(e[1], 8) && ir.IsInteger(e[2], 32) && ir.IsInteger(e[3], 32) && k%4 == 0 {
			return true
		}
	}
	for _, v := range op.Operands() {
		t := elemOf(v)
		if t != e[0] || !isFloatKind(t, ir.F16, ir.F32, ir.F64) {
			return false
		}
	}
	return true
}

// castToElem converts the elements of tensor v to elem: float to float by
// tt.fp_to_fp (round to nearest even when narrowing), integer to float by
// arith.sitofp, float to integer by arith.fptosi.
func castToElem(b *ir.Builder, v ir.Value, elem ir.Type) (ir.Value, error) {
	src := v.Type().(*ir.RankedTensorType)
	if src.Elem == elem {
		return v, nil
	}
	dst := src.CloneWith(b.Ctx, elem)
	srcF, dstF := ir.IsFloat(src.Elem), ir.IsFloat(elem)
	switch {
	case srcF && dstF:
		narrowing := ir.BitWidth(src.Elem) > ir.BitWidth(elem)
		return tt.NewFpToFp(b, v.Loc(), v, dst, tt.RoundRTNE, narrowing).Result(0), nil
	case !srcF && dstF:
		return b.CreateOp("arith.sitofp", v.Loc(), []ir.Value{v}, []ir.Type{dst}).Result(0), nil
	case srcF && !dstF:
		return b.CreateOp("arith.fptosi", v.Loc(), []ir.Value{v}, []ir.Type{dst}).Result(0), nil
	}
	return nil, errorf("the FMA dot cannot cast integers to integers (%s to %s)", typeStr(src.Elem), typeStr(elem))
}

// decomposeMixedModeDots promotes the operands of MFMA and WMMA dots whose
// A and B element types differ (Triton's decomposeMixedModeDotOp): MFMA
// dots of 8-bit types are left alone (the fp8/bf8 mixes exist), others
// get f16 (narrower than 16 bits) or f32; WMMA dots get the wider of the
// two types. Promotion is tt.fp_to_fp.
func decomposeMixedModeDots(module *ir.Operation) {
	var dots []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() == "tt.dot" {
			dots = append(dots, op)
		}
	})
	for _, op := range dots {
		aE, bE := elemOf(op.Operand(0)), elemOf(op.Operand(1))
		if aE == bE {
			continue
		}
		ctx := op.Context()
		var to ir.Type
		switch encodingOf(op.Result(0)).(type) {
		case *ttgMfma:
			maxBits := max(ir.BitWidth(aE), ir.BitWidth(bE))
			switch {
			case maxBits == 8:
				continue
			case maxBits < 16:
				to = ir.F16Type(ctx)
			case maxBits <= 32:
				to = ir.F32Type(ctx)
			default:
				continue
			}
		case *ttgWmma:
			to = aE
			if ir.BitWidth(bE) >= ir.BitWidth(aE) {
				to = bE
			}
		default:
			continue
		}
		b := ir.NewBuilder(ctx)
		b.SetInsertionPoint(op)
		for i := 0; i < 2; i++ {
			v := op.Operand(i)
			rt := v.Type().(*ir.RankedTensorType).CloneWith(ctx, to)
			op.SetOperand(i, tt.NewFpToFp(b, v.Loc(), v, rt, 0, false).Result(0))
		}
	}
}
