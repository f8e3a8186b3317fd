package arith

import (
	"math"
	"math/big"

	"github.com/ttcompiler/tt/ir"
)

func init() {
	ExtUIOp.Fold = foldExtI(false)
	ExtSIOp.Fold = foldExtI(true)
	TruncIOp.Fold = foldTruncI
	ExtFOp.Fold = foldExtF
	TruncFOp.Fold = foldTruncF
	SIToFPOp.Fold = foldIToF(true)
	UIToFPOp.Fold = foldIToF(false)
	FPToSIOp.Fold = foldFToI(true)
	FPToUIOp.Fold = foldFToI(false)
	IndexCastOp.Fold = foldIndexCast(true)
	IndexCastUIOp.Fold = foldIndexCast(false)
	BitcastOp.Fold = foldBitcast
	// Like every MLIR cast (CastOpInterface), a cast to its own type folds
	// to its operand.
	for _, d := range []*ir.OpDef{ExtUIOp, ExtSIOp, TruncIOp, ExtFOp, TruncFOp, SIToFPOp, UIToFPOp,
		FPToSIOp, FPToUIOp, IndexCastOp, IndexCastUIOp, BitcastOp} {
		d.Fold = foldIdentityCast(d.Fold)
	}
}

func foldIdentityCast(inner func(*ir.Operation, []ir.Attribute) []ir.FoldResult) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		if op.NumOperands() == 1 && op.NumResults() == 1 && op.Operand(0).Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: op.Operand(0)}}
		}
		return inner(op, operands)
	}
}

func elemWidth(t ir.Type) int { return ir.BitWidth(ir.ElementTypeOrSelf(t)) }

func castFold(op *ir.Operation, operands []ir.Attribute, fn func(in elemVal) (elemVal, bool)) []ir.FoldResult {
	return foldAttr(foldCast(op.Context(), op.Result(0).Type(), operands[0], fn))
}

func foldExtI(signed bool) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		if inner := definedBy(op.Operand(0), op.Def()); inner != nil { // ext(ext(x)) -> ext(x)
			op.SetOperand(0, inner.Operand(0))
			return inPlace(op)
		}
		wi, wo := elemWidth(op.Operand(0).Type()), elemWidth(op.Result(0).Type())
		return castFold(op, operands, func(in elemVal) (elemVal, bool) {
			if signed {
				return elemVal{bits: uint64(sext(in.bits, wi)) & mask(wo)}, true
			}
			return elemVal{bits: in.bits & mask(wi)}, true
		})
	}
}

func foldTruncI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	x := op.Operand(0)
	if def := x.DefiningOp(); def != nil && (def.Def() == ExtUIOp || def.Def() == ExtSIOp) {
		src := def.Operand(0)
		if elemWidth(src.Type()) > elemWidth(op.Result(0).Type()) { // trunci(ext(a)) -> trunci(a)
			op.SetOperand(0, src)
			return inPlace(op)
		}
		if ir.ElementTypeOrSelf(src.Type()) == ir.ElementTypeOrSelf(op.Result(0).Type()) { // trunci(ext(a)) -> a
			return foldValue(src)
		}
	}
	if inner := definedBy(x, TruncIOp); inner != nil { // trunci(trunci(a)) -> trunci(a)
		op.SetOperand(0, inner.Operand(0))
		return inPlace(op)
	}
	wo := elemWidth(op.Result(0).Type())
	return castFold(op, operands, func(in elemVal) (elemVal, bool) {
		return elemVal{bits: in.bits & mask(wo)}, true
	})
}

func floatElem(t ir.Type) *ir.FloatType {
	ft, _ := ir.ElementTypeOrSelf(t).(*ir.FloatType)
	return ft
}

// floatSemantics describes a format for isRepresentableBy.
type floatSemantics struct {
	prec, emin, emax int
	inf              bool
}

var semantics = map[ir.FloatKind]floatSemantics{
	ir.F16: {11, -14, 15, true}, ir.BF16: {8, -126, 127, true}, ir.F32: {24, -126, 127, true},
	ir.F64: {53, -1022, 1023, true}, ir.TF32: {11, -126, 127, true},
	ir.F8E5M2: {3, -14, 15, true}, ir.F8E4M3: {4, -6, 7, true}, ir.F8E3M4: {5, -2, 3, true},
	ir.F8E4M3FN: {4, -6, 8, false}, ir.F8E5M2FNUZ: {3, -15, 15, false},
	ir.F8E4M3FNUZ: {4, -7, 7, false}, ir.F8E4M3B11FNUZ: {4, -10, 4, false},
}

// representableBy is APFloatBase::isRepresentableBy: every value of a is a
// value of b.
func representableBy(a, b *ir.FloatType) bool {
	sa, ok1 := semantics[a.Kind]
	sb, ok2 := semantics[b.Kind]
	if !ok1 || !ok2 {
		return a == b
	}
	return sa.prec <= sb.prec && sa.emax <= sb.emax && sa.emin-sa.prec >= sb.emin-sb.prec && (!sa.inf || sb.inf)
}

func foldExtF(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if tr := definedBy(op.Operand(0), TruncFOp); tr != nil && tr.Operand(0).Type() == op.Result(0).Type() &&
		FastMathOf(tr)&FastMathContract != 0 && FastMathOf(op)&FastMathContract != 0 {
		return foldValue(tr.Operand(0))
	}
	return foldFloatConvert(op, operands)
}

// foldFloatConvert folds a float-to-float conversion only when it loses
// no information (MLIR's convertFloatValue).
func foldFloatConvert(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	ft := floatElem(op.Result(0).Type())
	if ft == nil || !foldableFloat(ft) {
		return nil
	}
	return castFold(op, operands, func(in elemVal) (elemVal, bool) {
		if !exactIn(ft, in.f) {
			return elemVal{}, false
		}
		return elemVal{f: in.f, isFloat: true}, true
	})
}

func foldTruncF(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	res := floatElem(op.Result(0).Type())
	if ext := definedBy(op.Operand(0), ExtFOp); ext != nil {
		src := ext.Operand(0)
		st, it := floatElem(src.Type()), floatElem(ext.Result(0).Type())
		if representableBy(st, it) {
			if st.Width() > res.Width() { // truncf(extf(a)) -> truncf(a)
				op.SetOperand(0, src)
				return inPlace(op)
			}
			if st == res { // truncf(extf(a)) -> a
				return foldValue(src)
			}
		}
	}
	return foldFloatConvert(op, operands)
}

// intToFloat converts a w-bit integer to the nearest value of ft (one
// rounding, ties to even), as APFloat::convertFromAPInt does.
func intToFloat(bits uint64, w int, signed bool, ft *ir.FloatType) float64 {
	if signed {
		v := sext(bits, w)
		switch ft.Kind {
		case ir.F64:
			return float64(v)
		case ir.F32:
			return float64(float32(v))
		}
		f := new(big.Float).SetPrec(uint(ft.Precision())).SetMode(big.ToNearestEven).SetInt64(v)
		x, _ := f.Float64()
		return roundTo(ft, x)
	}
	v := bits & mask(w)
	switch ft.Kind {
	case ir.F64:
		return float64(v)
	case ir.F32:
		return float64(float32(v))
	}
	f := new(big.Float).SetPrec(uint(ft.Precision())).SetMode(big.ToNearestEven).SetUint64(v)
	x, _ := f.Float64()
	return roundTo(ft, x)
}

func foldIToF(signed bool) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		ft := floatElem(op.Result(0).Type())
		if ft == nil || !foldableFloat(ft) {
			return nil
		}
		w := elemWidth(op.Operand(0).Type())
		return castFold(op, operands, func(in elemVal) (elemVal, bool) {
			return elemVal{f: intToFloat(in.bits, w, signed, ft), isFloat: true}, true
		})
	}
}

// floatToInt truncates toward zero and reports false when the result does
// not fit in w bits (APFloat::convertToInteger's opInvalidOp).
func floatToInt(v float64, w int, signed bool) (uint64, bool) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	t := math.Trunc(v)
	if signed {
		lo, hi := -math.Ldexp(1, w-1), math.Ldexp(1, w-1)
		if t < lo || t >= hi {
			return 0, false
		}
		return uint64(int64(t)) & mask(w), true
	}
	if t < 0 || t >= math.Ldexp(1, w) {
		return 0, false
	}
	if t >= math.Ldexp(1, 63) {
		return uint64(t-math.Ldexp(1, 63)) | 1<<63, true
	}
	return uint64(t), true
}

func foldFToI(signed bool) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		w := elemWidth(op.Result(0).Type())
		return castFold(op, operands, func(in elemVal) (elemVal, bool) {
			b, ok := floatToInt(in.f, w, signed)
			return elemVal{bits: b}, ok
		})
	}
}

func foldIndexCast(signed bool) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		wi, wo := elemWidth(op.Operand(0).Type()), elemWidth(op.Result(0).Type())
		if r := castFold(op, operands, func(in elemVal) (elemVal, bool) {
			if signed {
				return elemVal{bits: uint64(sext(in.bits, wi)) & mask(wo)}, true
			}
			return elemVal{bits: in.bits & mask(wi) & mask(wo)}, true
		}); r != nil {
			return r
		}
		// cast(cast(x : A) : B) : A -> x when B is at least as wide as A.
		if inner := definedBy(op.Operand(0), op.Def()); inner != nil {
			x := inner.Operand(0)
			if x.Type() == op.Result(0).Type() && elemWidth(inner.Result(0).Type()) >= elemWidth(x.Type()) {
				return foldValue(x)
			}
		}
		return nil
	}
}

// ieeeFormats are the float kinds whose bit patterns foldBitcast encodes:
// exponent and mantissa bits of IEEE-754-style formats.
var ieeeFormats = map[ir.FloatKind][2]int{
	ir.F16: {5, 10}, ir.BF16: {8, 7}, ir.F32: {8, 23}, ir.F64: {11, 52},
	ir.F8E5M2: {5, 2}, ir.F8E4M3: {4, 3}, ir.F8E3M4: {3, 4},
}

// FloatToBits encodes a value of ft (representable in it) as its bit
// pattern; NaNs get the canonical quiet NaN. ok is false for formats
// without IEEE encodings.
func FloatToBits(ft *ir.FloatType, v float64) (uint64, bool) {
	switch ft.Kind {
	case ir.F32:
		return uint64(math.Float32bits(float32(v))), true
	case ir.F64:
		return math.Float64bits(v), true
	}
	f, ok := ieeeFormats[ft.Kind]
	if !ok {
		return 0, false
	}
	eb, mb := f[0], f[1]
	bias := 1<<(eb-1) - 1
	var sign uint64
	if math.Signbit(v) {
		sign = 1 << uint(eb+mb)
	}
	a := math.Abs(v)
	switch {
	case math.IsNaN(v):
		return uint64(1<<eb-1)<<mb | 1<<(mb-1), true
	case math.IsInf(v, 0):
		return sign | uint64(1<<eb-1)<<mb, true
	case a == 0:
		return sign, true
	}
	_, e2 := math.Frexp(a)
	e := e2 - 1
	if e < 1-bias { // subnormal
		return sign | uint64(a/math.Ldexp(1, 1-bias-mb)), true
	}
	m := uint64(a/math.Ldexp(1, e-mb)) &^ (1 << uint(mb))
	return sign | uint64(e+bias)<<mb | m, true
}

// FloatFromBits decodes a bit pattern of ft.
func FloatFromBits(ft *ir.FloatType, b uint64) (float64, bool) {
	switch ft.Kind {
	case ir.F32:
		return float64(math.Float32frombits(uint32(b))), true
	case ir.F64:
		return math.Float64frombits(b), true
	}
	f, ok := ieeeFormats[ft.Kind]
	if !ok {
		return 0, false
	}
	eb, mb := f[0], f[1]
	bias := 1<<(eb-1) - 1
	sign := 1.0
	if b>>uint(eb+mb)&1 == 1 {
		sign = -1
	}
	e := int(b>>uint(mb)) & (1<<eb - 1)
	m := b & (1<<uint(mb) - 1)
	switch {
	case e == 1<<eb-1 && m == 0:
		return sign * math.Inf(1), true
	case e == 1<<eb-1:
		return math.NaN(), true
	case e == 0:
		return sign * math.Ldexp(float64(m), 1-bias-mb), true
	}
	return sign * math.Ldexp(float64(m|1<<uint(mb)), e-bias-mb), true
}

func foldBitcast(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	inT, outT := ir.ElementTypeOrSelf(op.Operand(0).Type()), ir.ElementTypeOrSelf(op.Result(0).Type())
	return castFold(op, operands, func(in elemVal) (elemVal, bool) {
		b := in.bits
		if in.isFloat {
			var ok bool
			if b, ok = FloatToBits(inT.(*ir.FloatType), in.f); !ok {
				return elemVal{}, false
			}
		}
		if ft, ok := outT.(*ir.FloatType); ok {
			f, ok := FloatFromBits(ft, b)
			return elemVal{f: f, isFloat: true}, ok
		}
		return elemVal{bits: b}, true
	})
}
