package llvmir

import (
	"fmt"
	"strings"

	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Warp MMA on NVPTX: the llvm.nvvm.mma.* intrinsics of LLVM 14 (f16,
// bf16, tf32, s8/u8, f64 m8n8k4), inline PTX for fp8 and sm_90's f64
// shapes (no intrinsic in LLVM 19).
// gpu.mma_sync's elements are packed into the intrinsics' operands:
// <2 x half> for f16, i32 for the other types (pairs of bf16 bits, quads
// of bytes, one tf32), low element first.

// requireSM fails unless the target is sm_<sm> or newer.
func (fx *fnTr) requireSM(op *ir.Operation, sm int, what string) error {
	if got := fx.tr.target.SM(); got < sm {
		return ir.OpErrorf(op, "%s needs sm_%d or newer; the target is %s", what, sm, fx.tr.target.Arch)
	}
	return nil
}

// packLanes packs element values (low first) into one value of type to:
// an i32, or a vector such as <2 x half>.
func (fx *fnTr) packLanes(lanes []value.Value, to lltypes.Type) value.Value {
	if len(lanes) == 1 {
		return fx.bitcast(lanes[0], to)
	}
	elem := lanes[0].Type()
	if vt, ok := to.(*lltypes.VectorType); ok {
		elem = vt.ElemType
	} else if _, isInt := elem.(*lltypes.IntType); !isInt {
		elem = lltypes.NewInt(uint64(bits(elem)))
	}
	vt := lltypes.NewVector(uint64(len(lanes)), elem)
	var v value.Value = constant.NewUndef(vt)
	for i, l := range lanes {
		v = fx.cur.NewInsertElement(v, fx.bitcast(l, elem), i32c(int64(i)))
	}
	return fx.bitcast(v, to)
}

// unpackLanes splits a 32-bit value w into n lanes of type elem.
func (fx *fnTr) unpackLanes(w value.Value, n int, elem lltypes.Type) []value.Value {
	if n == 1 {
		return []value.Value{fx.bitcast(w, elem)}
	}
	carrier := elem
	if _, isInt := elem.(*lltypes.IntType); !isInt && !elem.Equal(lltypes.Half) {
		carrier = lltypes.NewInt(uint64(bits(elem)))
	}
	v := fx.bitcast(w, lltypes.NewVector(uint64(n), carrier))
	out := make([]value.Value, n)
	for i := range out {
		out[i] = fx.bitcast(fx.cur.NewExtractElement(v, i32c(int64(i))), elem)
	}
	return out
}

// packWords groups elements into 32-bit operands of type to.
func (fx *fnTr) packWords(vals []value.Value, bits int, to lltypes.Type) []value.Value {
	per := 32 / bits
	var out []value.Value
	for i := 0; i+per <= len(vals); i += per {
		out = append(out, fx.packLanes(vals[i:i+per], to))
	}
	return out
}

// structFields returns the members of an intrinsic's struct result.
func (fx *fnTr) structFields(r value.Value, n int) []value.Value {
	if n == 1 {
		return []value.Value{r}
	}
	out := make([]value.Value, n)
	for i := range out {
		out[i] = fx.cur.NewExtractValue(r, uint64(i))
	}
	return out
}

// mmaIntrinsic names the LLVM 14 intrinsic of an mma.sync, "" for none.
func mmaIntrinsic(s gpu.Shape, ts gpu.MMATypes, satfinite bool) string {
	base := fmt.Sprintf("llvm.nvvm.mma.%s.row.col.", s)
	switch {
	case ts.A == gpu.MMAF16:
		return base + ts.D.String() + "." + ts.D.String()
	case ts.A == gpu.MMABF16:
		return base + "bf16"
	case ts.A == gpu.MMATF32:
		return base + "tf32"
	case ts.A.IsInt8():
		name := base
		if satfinite {
			name += "satfinite."
		}
		name += ts.A.String()
		if ts.B != ts.A {
			name += "." + ts.B.String()
		}
		return name
	}
	return ""
}

func (fx *fnTr) nvMMASync(op *ir.Operation) error {
	v := gpu.MMASyncView{Operation: op}
	s, ts := gpu.ShapeOf(op), gpu.TypesOf(op)
	form, err := gpu.MMASyncForm(s, ts, v.Satfinite())
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	if err := fx.requireSM(op, form.MinSM, fmt.Sprintf("mma.sync %s %s", s, ts)); err != nil {
		return err
	}
	if form.MinPTX > 85 {
		return ir.OpErrorf(op, "mma.sync %s %s needs PTX %d.%d, which LLVM 19's NVPTX backend cannot target; use the PTX emitter", s, ts, form.MinPTX/10, form.MinPTX%10)
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	na, nb, nc := gpu.MMASyncCounts(s)
	if ts.D == gpu.MMAF64 {
		fx.set(op, fx.nvMMASyncF64(s, xs, na, nb, nc)...)
		return nil
	}
	opType := lltypes.Type(lltypes.I32)
	if ts.A == gpu.MMAF16 {
		opType = lltypes.NewVector(2, lltypes.Half)
	}
	a := fx.packWords(xs[:na], ts.A.Bits(), opType)
	b := fx.packWords(xs[na:na+nb], ts.B.Bits(), opType)
	dElem, err := fx.typ(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	c, dWord := xs[na+nb:], dElem
	if ts.D == gpu.MMAF16 {
		dWord = lltypes.NewVector(2, lltypes.Half)
		c = fx.packWords(c, 16, dWord)
	}
	fields := make([]lltypes.Type, len(c))
	for i := range fields {
		fields[i] = dWord
	}
	ret := lltypes.NewStruct(fields...)
	args := append(append(append([]value.Value{}, a...), b...), c...)
	var r value.Value
	if name := mmaIntrinsic(s, ts, v.Satfinite()); name != "" {
		r = fx.call(name, ret, args...)
	} else {
		// fp8: inline PTX on i32 words and f32 accumulators.
		cons := strings.Repeat("=f,", len(c)) + strings.Repeat("r,", len(a)+len(b)) + strings.TrimSuffix(strings.Repeat("f,", len(c)), ",")
		text := fmt.Sprintf("mma.sync.aligned.%s.row.col.%s.%s.%s.%s %s, %s, %s, %s;", s, ts.D, ts.A, ts.B, ts.D,
			asmVector(0, len(c)), asmVector(len(c), len(a)), asmVector(len(c)+len(a), len(b)), asmVector(len(c)+len(a)+len(b), len(c)))
		r = fx.asm(text, cons, ret, false, args...)
	}
	words := fx.structFields(r, len(c))
	var d []value.Value
	for _, w := range words {
		d = append(d, fx.unpackLanes(w, nc/len(words), dElem)...)
	}
	fx.set(op, d...)
	return nil
}

// nvMMASyncF64 issues an f64 mma.sync on the elements xs (A, B, C, one
// double each): LLVM's intrinsic for m8n8k4, inline PTX for sm_90's m16
// shapes (LLVM 19 has no intrinsic for them).
func (fx *fnTr) nvMMASyncF64(s gpu.Shape, xs []value.Value, na, nb, nc int) []value.Value {
	fields := make([]lltypes.Type, nc)
	for i := range fields {
		fields[i] = lltypes.Double
	}
	ret := lltypes.NewStruct(fields...)
	var r value.Value
	if s == (gpu.Shape{M: 8, N: 8, K: 4}) {
		r = fx.call("llvm.nvvm.mma.m8n8k4.row.col.f64", ret, xs...)
	} else {
		cons := strings.Repeat("=d,", nc) + strings.TrimSuffix(strings.Repeat("d,", na+nb+nc), ",")
		text := fmt.Sprintf("mma.sync.aligned.%s.row.col.f64.f64.f64.f64 %s, %s, %s, %s;", s,
			asmVector(0, nc), asmVector(nc, na), asmVector(nc+na, nb), asmVector(nc+na+nb, nc))
		r = fx.asm(text, cons, ret, false, xs...)
	}
	return fx.structFields(r, nc)
}

// nvLdMatrix calls llvm.nvvm.ldmatrix.sync.aligned.m8n8.xN[.trans].b16.
func (fx *fnTr) nvLdMatrix(op *ir.Operation) error {
	if err := fx.requireSM(op, 75, "ldmatrix"); err != nil {
		return err
	}
	p, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	n := gpu.MatrixCount(op.ResultTypes())
	trans := ""
	if gpu.Trans(op) {
		trans = ".trans"
	}
	ret := lltypes.Type(lltypes.I32)
	if n > 1 {
		fields := make([]lltypes.Type, n)
		for i := range fields {
			fields[i] = lltypes.I32
		}
		ret = lltypes.NewStruct(fields...)
	}
	r := fx.call(fmt.Sprintf("llvm.nvvm.ldmatrix.sync.aligned.m8n8.x%d%s.b16", n, trans), ret, p)
	elem, err := fx.typ(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	var out []value.Value
	for _, w := range fx.structFields(r, n) {
		out = append(out, fx.unpackLanes(w, op.NumResults()/n, elem)...)
	}
	fx.set(op, out...)
	return nil
}

// nvStMatrix is inline PTX (LLVM 14 and 19 have no stmatrix intrinsic).
func (fx *fnTr) nvStMatrix(op *ir.Operation) error {
	if err := fx.requireSM(op, 90, "stmatrix"); err != nil {
		return err
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	n := gpu.MatrixCount(op.OperandTypes()[1:])
	words := fx.packWords(xs[1:], bitWidthOf(op.Operand(1).Type()), lltypes.I32)
	trans := ""
	if gpu.Trans(op) {
		trans = ".trans"
	}
	text := fmt.Sprintf("stmatrix.sync.aligned.m8n8.x%d%s.shared.b16 [$0], %s;", n, trans, asmVector(1, n))
	fx.asm(text, "l"+strings.Repeat(",r", n), lltypes.Void, true, append([]value.Value{xs[0]}, words...)...)
	return nil
}

// bitWidthOf is the size of a scalar IR type.
func bitWidthOf(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Width
	case *ir.FloatType:
		return t.Width()
	}
	return 0
}

// asmVector formats the PTX vector operand {$first, ..., $first+n-1}
// (braces even for one register, as PTX's vector expressions need).
func asmVector(first, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = "$" + itoa(first+i)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
