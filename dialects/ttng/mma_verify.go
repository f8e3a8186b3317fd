package ttng

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// mmaKind is the tcgen05 `kind` an operand element type selects.
type mmaKind string

const (
	kindTF32   mmaKind = "tf32"
	kindF16    mmaKind = "f16"
	kindF8F6F4 mmaKind = "f8f6f4"
)

// mmaKindAndAcc returns an operand type's MMA kind and the accumulator
// types it allows (getMMAv5DTypeKindAndAcc); ok is false for unsupported
// types. i8 stands for packed fp4.
func mmaKindAndAcc(ctx *ir.Context, t ir.Type) (mmaKind, []ir.Type, bool) {
	f16, f32 := ir.F16Type(ctx), ir.F32Type(ctx)
	switch x := t.(type) {
	case *ir.FloatType:
		switch x.Kind {
		case ir.F32:
			return kindTF32, []ir.Type{f32}, true
		case ir.F16:
			return kindF16, []ir.Type{f16, f32}, true
		case ir.BF16:
			return kindF16, []ir.Type{f32}, true
		case ir.F8E4M3FN, ir.F8E5M2:
			return kindF8F6F4, []ir.Type{f16, f32}, true
		}
	case *ir.IntegerType:
		if x.Width == 8 {
			return kindF8F6F4, []ir.Type{f16, f32}, true
		}
	}
	return "", nil, false
}

// verifyMMADType checks the operand and accumulator element types of a
// tcgen05 MMA, with Triton's messages.
func verifyMMADType(op *ir.Operation, a, b, d ir.Type) error {
	ctx := op.Context()
	ak, aacc, aok := mmaKindAndAcc(ctx, a)
	bk, bacc, bok := mmaKindAndAcc(ctx, b)
	if !aok {
		return ir.OpErrorf(op, "unsupported LHS operand dtype: %s", asm.TypeString(a))
	}
	if !bok {
		return ir.OpErrorf(op, "unsupported RHS operand dtype: %s", asm.TypeString(b))
	}
	if ak != bk {
		return ir.OpErrorf(op, "LHS and RHS operand dtypes kinds don't match: LHS kind is %s but RHS kind is %s", ak, bk)
	}
	if !containsType(aacc, d) || !containsType(bacc, d) {
		// Types quoted, as MLIR's diagnostics print them.
		names := make([]string, len(aacc))
		for i, t := range aacc {
			names[i] = "'" + asm.TypeString(t) + "'"
		}
		return ir.OpErrorf(op, "unsupported accumulator dtype for operand types '%s' and '%s', accumulator dtype is '%s' but must be one of [%s]",
			asm.TypeString(a), asm.TypeString(b), asm.TypeString(d), strings.Join(names, ", "))
	}
	return nil
}

func containsType(ts []ir.Type, t ir.Type) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// splitNum is getCTASplitNum of a layout: the CGA split of ttg layouts,
// [CTASplitM, CTASplitN] of a TMEM encoding.
func splitNum(enc ir.Attribute, rank int) []int {
	switch e := enc.(type) {
	case *TensorMemoryEncoding:
		return []int{e.CTASplitM, e.CTASplitN}
	case *TensorMemoryScalesEncoding:
		return []int{e.CTASplitM, e.CTASplitN}
	case interface{ CGA() ttg.CGALayout }:
		return e.CGA().CTASplitNum()
	}
	out := make([]int, rank)
	for i := range out {
		out[i] = 1
	}
	return out
}

// verifyTwoCTAs checks a two_ctas tc_gen5_mma: A split [2, 1] (M), B split
// [1, 2] (N), D split [2, 1], and TMEM operands marked twoCTAs.
func verifyTwoCTAs(op *ir.Operation, aEnc, bEnc ir.Attribute, ret *TensorMemoryEncoding) error {
	check := func(enc ir.Attribute, name string, want []int) error {
		got := splitNum(enc, 2)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			return ir.OpErrorf(op, "The op is two CTAs but the split num of the %s is not %s. Got %s", name, commaInts(want), commaInts(got))
		}
		return nil
	}
	if err := check(aEnc, "LHS", []int{2, 1}); err != nil {
		return err
	}
	if err := check(bEnc, "RHS", []int{1, 2}); err != nil {
		return err
	}
	if err := check(ret, "returned value", []int{2, 1}); err != nil {
		return err
	}
	if !ret.TwoCTAs {
		return ir.OpErrorf(op, "The returned value's encoding must have twoCTA=true to be used in a twoCTA matmul")
	}
	if t, ok := aEnc.(*TensorMemoryEncoding); ok && !t.TwoCTAs {
		return ir.OpErrorf(op, "The LHS operand's encoding must have twoCTA=true to be used in a twoCTA matmul")
	}
	return nil
}

// commaInts prints an ArrayRef<unsigned> as LLVM's raw_ostream does: the
// elements joined by ", ".
func commaInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// numBarriers returns the size of the barriers operand group of a
// tc_gen5_mma-like op (segment index i).
func numBarriers(op *ir.Operation, i int) int {
	if seg, ok := op.Attr(asmfmt.SegmentsAttr).(*ir.DenseArrayAttr); ok && i < len(seg.Ints) {
		return int(seg.Ints[i])
	}
	return 0
}
