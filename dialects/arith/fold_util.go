package arith

import (
	"math"

	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// This file holds the element-wise constant-folding machinery, the
// equivalent of MLIR's constFoldBinaryOp/constFoldUnaryOp/constFoldCastOp
// and the m_Zero/m_One/... matchers.

// intScalar returns the bits and width of an integer attribute or an
// integer splat.
func intScalar(a ir.Attribute) (bits uint64, width int, ok bool) {
	switch v := a.(type) {
	case *ir.IntegerAttr:
		return v.Bits, ir.BitWidth(v.Typ), true
	case *ir.DenseElementsAttr:
		if v.IsSplat() && !v.IsFloat() {
			return v.Ints[0], ir.BitWidth(v.Typ.ElementType()), true
		}
	}
	return 0, 0, false
}

// floatScalar returns the value of a float attribute or a float splat.
func floatScalar(a ir.Attribute) (float64, bool) {
	switch v := a.(type) {
	case *ir.FloatAttr:
		return v.Value, true
	case *ir.DenseElementsAttr:
		if v.IsSplat() && v.IsFloat() {
			return v.Floats[0], true
		}
	}
	return 0, false
}

func isZeroInt(a ir.Attribute) bool {
	b, _, ok := intScalar(a)
	return ok && b == 0
}

func isOneInt(a ir.Attribute) bool {
	b, _, ok := intScalar(a)
	return ok && b == 1
}

func isAllOnesInt(a ir.Attribute) bool {
	b, w, ok := intScalar(a)
	return ok && b == mask(w)
}

func isFloatConst(a ir.Attribute, pred func(float64) bool) bool {
	v, ok := floatScalar(a)
	return ok && pred(v)
}

func isPosZero(v float64) bool { return v == 0 && !math.Signbit(v) }
func isNegZero(v float64) bool { return v == 0 && math.Signbit(v) }

func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func sext(v uint64, w int) int64 { return ir.SignExtend(v, w) }

// elems views a constant operand as a list of elements: a scalar, a splat
// (one stored element) or a dense array.
type elems struct {
	shaped ir.ShapedType // nil for scalars
	ints   []uint64
	floats []float64
	n      int // number of logical elements
}

func (e elems) isFloat() bool { return e.floats != nil }
func (e elems) intAt(i int) uint64 {
	return e.ints[i%len(e.ints)]
}
func (e elems) floatAt(i int) float64 { return e.floats[i%len(e.floats)] }

func viewElems(a ir.Attribute) (elems, bool) {
	switch v := a.(type) {
	case *ir.IntegerAttr:
		if ir.BitWidth(v.Typ) > 64 {
			return elems{}, false // wider than the 64-bit storage
		}
		return elems{ints: []uint64{v.Bits}, n: 1}, true
	case *ir.FloatAttr:
		return elems{floats: []float64{v.Value}, n: 1}, true
	case *ir.DenseElementsAttr:
		if ir.BitWidth(v.Typ.ElementType()) > 64 {
			return elems{}, false
		}
		n := 1
		if !v.IsSplat() {
			n = int(ir.NumElements(v.Typ.Shape()))
		}
		return elems{shaped: v.Typ, ints: v.Ints, floats: v.Floats, n: n}, true
	}
	return elems{}, false
}

// anyPoison reports whether one of the folded operands is #ub.poison.
func anyPoison(as ...ir.Attribute) bool {
	for _, a := range as {
		if ub.IsPoison(a) {
			return true
		}
	}
	return false
}

// buildInts makes an integer attribute of type t (scalar or shaped) from
// element bits.
func buildInts(ctx *ir.Context, t ir.Type, vals []uint64) ir.Attribute {
	if ir.BitWidth(ir.ElementTypeOrSelf(t)) > 64 {
		return nil
	}
	if s, ok := t.(ir.ShapedType); ok {
		if !staticShape(s) {
			return nil
		}
		iv := make([]int64, len(vals))
		for i, v := range vals {
			iv[i] = int64(v)
		}
		return ir.DenseIntElements(ctx, s, iv)
	}
	return ir.Unique(ctx, &ir.IntegerAttr{Typ: t, Bits: vals[0] & mask(ir.BitWidth(t))})
}

// buildFloats makes a float attribute of type t from element values.
func buildFloats(ctx *ir.Context, t ir.Type, vals []float64) ir.Attribute {
	if s, ok := t.(ir.ShapedType); ok {
		if !staticShape(s) {
			return nil
		}
		return ir.DenseFloatElements(ctx, s, vals)
	}
	return ir.FloatAttrOf(ctx, t, vals[0])
}

func staticShape(s ir.ShapedType) bool {
	if !s.HasRank() {
		return false
	}
	for _, d := range s.Shape() {
		if d == ir.Dynamic {
			return false
		}
	}
	return true
}

// splatOrFull returns how many elements a result needs: 1 when all inputs
// are scalars or splats, else the element count.
func resultCount(es ...elems) int {
	n := 1
	for _, e := range es {
		if len(e.ints)+len(e.floats) > 1 && e.n > n {
			n = e.n
		}
	}
	return n
}

// sameKind checks that the operands are all scalars or all shaped
// attributes of one shape.
func sameKind(es ...elems) bool {
	for _, e := range es[1:] {
		if (e.shaped == nil) != (es[0].shaped == nil) {
			return false
		}
		if e.shaped != nil && !ir.EqualShape(e.shaped.Shape(), es[0].shaped.Shape()) {
			return false
		}
	}
	return true
}

// foldIntBinary folds an element-wise integer operation. fn gets the
// operand bits (masked to the operand width) and reports false when the
// operation must not fold (division by zero, overflow ...). resType is the
// type of the result (its element type gives the result width).
func foldIntBinary(ctx *ir.Context, resType ir.Type, a, b ir.Attribute, fn func(x, y uint64) (uint64, bool)) ir.Attribute {
	if anyPoison(a, b) {
		return ub.Poison(ctx)
	}
	if a == nil || b == nil {
		return nil
	}
	x, ok1 := viewElems(a)
	y, ok2 := viewElems(b)
	if !ok1 || !ok2 || x.isFloat() || y.isFloat() || !sameKind(x, y) {
		return nil
	}
	n := resultCount(x, y)
	out := make([]uint64, n)
	for i := range out {
		v, ok := fn(x.intAt(i), y.intAt(i))
		if !ok {
			return nil
		}
		out[i] = v
	}
	return buildInts(ctx, resType, out)
}

// foldIntUnary folds an element-wise integer operation of one operand.
func foldIntUnary(ctx *ir.Context, resType ir.Type, a ir.Attribute, fn func(x uint64) (uint64, bool)) ir.Attribute {
	return foldIntBinary(ctx, resType, a, a, func(x, _ uint64) (uint64, bool) { return fn(x) })
}

// foldFloatBinary folds an element-wise float operation; fn computes in
// float64 and the result is rounded to the result element type.
func foldFloatBinary(ctx *ir.Context, resType ir.Type, a, b ir.Attribute, fn func(x, y float64) (float64, bool)) ir.Attribute {
	if anyPoison(a, b) {
		return ub.Poison(ctx)
	}
	if a == nil || b == nil {
		return nil
	}
	ft, ok := ir.ElementTypeOrSelf(resType).(*ir.FloatType)
	if !ok || !foldableFloat(ft) {
		return nil
	}
	x, ok1 := viewElems(a)
	y, ok2 := viewElems(b)
	if !ok1 || !ok2 || !x.isFloat() || !y.isFloat() || !sameKind(x, y) {
		return nil
	}
	n := resultCount(x, y)
	out := make([]float64, n)
	for i := range out {
		v, ok := fn(x.floatAt(i), y.floatAt(i))
		if !ok {
			return nil
		}
		out[i] = roundTo(ft, v)
	}
	return buildFloats(ctx, resType, out)
}

// foldFloatUnary folds an element-wise float operation of one operand.
func foldFloatUnary(ctx *ir.Context, resType ir.Type, a ir.Attribute, fn func(x float64) (float64, bool)) ir.Attribute {
	return foldFloatBinary(ctx, resType, a, a, func(x, _ float64) (float64, bool) { return fn(x) })
}

// foldCast folds an element-wise cast whose input and output kinds may
// differ. fn maps one element (as bits or float) to the result element.
func foldCast(ctx *ir.Context, resType ir.Type, a ir.Attribute, fn func(in elemVal) (elemVal, bool)) ir.Attribute {
	if a == nil {
		return nil
	}
	if anyPoison(a) {
		return ub.Poison(ctx)
	}
	x, ok := viewElems(a)
	if !ok {
		return nil
	}
	if (x.shaped == nil) == isShaped(resType) {
		return nil
	}
	n := resultCount(x)
	var ints []uint64
	var floats []float64
	for i := 0; i < n; i++ {
		var in elemVal
		if x.isFloat() {
			in = elemVal{f: x.floatAt(i), isFloat: true}
		} else {
			in = elemVal{bits: x.intAt(i)}
		}
		out, ok := fn(in)
		if !ok {
			return nil
		}
		if out.isFloat {
			floats = append(floats, out.f)
		} else {
			ints = append(ints, out.bits)
		}
	}
	if floats != nil {
		return buildFloats(ctx, resType, floats)
	}
	return buildInts(ctx, resType, ints)
}

func isShaped(t ir.Type) bool {
	_, ok := t.(ir.ShapedType)
	return ok
}

// elemVal is one element flowing through a cast fold.
type elemVal struct {
	bits    uint64
	f       float64
	isFloat bool
}

// foldableFloat reports whether float64 arithmetic followed by one
// rounding reproduces APFloat results for ft: true for every format whose
// precision is at most 24 bits (2p+2 <= 53, so double rounding is
// innocuous) and for f64 itself.
func foldableFloat(ft *ir.FloatType) bool {
	switch ft.Kind {
	case ir.F80, ir.F128:
		return false
	}
	return true
}

// roundTo rounds v to the nearest value of ft (ties to even). Values too
// large for a format without infinities become NaN, as APFloat does.
func roundTo(ft *ir.FloatType, v float64) float64 {
	switch ft.Kind {
	case ir.F64:
		return v
	case ir.F32:
		return float64(float32(v))
	}
	if math.IsNaN(v) {
		return v
	}
	r := asm.RoundFloat(ft, v)
	if r == 0 && v != 0 && math.Abs(v) > 1 {
		// asm.RoundFloat reports overflow of finite-only formats as 0.
		return math.NaN()
	}
	return r
}

// exactIn reports whether v is representable in ft without loss.
func exactIn(ft *ir.FloatType, v float64) bool {
	if math.IsNaN(v) {
		return hasNaN(ft)
	}
	if math.IsInf(v, 0) {
		return hasInf(ft)
	}
	r := roundTo(ft, v)
	return !math.IsNaN(r) && !math.IsInf(r, 0) && r == v && math.Signbit(r) == math.Signbit(v)
}

func hasInf(ft *ir.FloatType) bool {
	switch ft.Kind {
	case ir.F16, ir.BF16, ir.F32, ir.F64, ir.F80, ir.F128, ir.TF32, ir.F8E5M2, ir.F8E4M3, ir.F8E3M4:
		return true
	}
	return false
}

func hasNaN(ft *ir.FloatType) bool {
	switch ft.Kind {
	case ir.F4E2M1FN, ir.F6E2M3FN, ir.F6E3M2FN:
		return false
	}
	return true
}

// foldCommutative moves a constant first operand of a commutative op to
// the right (MLIR's IsCommutative trait folder). It reports an in-place
// change.
func foldCommutative(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 2 || len(operands) != 2 || operands[0] == nil || operands[1] != nil {
		return nil
	}
	l, r := op.Operand(0), op.Operand(1)
	op.SetOperand(0, r)
	op.SetOperand(1, l)
	return inPlace(op)
}

func inPlace(op *ir.Operation) []ir.FoldResult {
	return []ir.FoldResult{{Value: op.Result(0)}}
}

func foldAttr(a ir.Attribute) []ir.FoldResult {
	if a == nil {
		return nil
	}
	return []ir.FoldResult{{Attr: a}}
}

func foldValue(v ir.Value) []ir.FoldResult { return []ir.FoldResult{{Value: v}} }

// withTraitFolds wraps an op folder with the trait folders MLIR runs when
// the op's own folder fails or folds in place: Idempotent (op(x, x) = x)
// and Commutative (constants to the right).
func withTraitFolds(fold func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		var res []ir.FoldResult
		if fold != nil {
			res = fold(op, operands)
			if res != nil && !(len(res) == 1 && res[0].Value == op.Result(0)) {
				return res
			}
		}
		if op.Has(ir.Idempotent) && op.NumOperands() == 2 && op.Operand(0) == op.Operand(1) {
			return foldValue(op.Operand(0))
		}
		if op.Has(ir.Commutative) {
			if r := foldCommutative(op, operands); r != nil {
				return r
			}
		}
		return res
	}
}
