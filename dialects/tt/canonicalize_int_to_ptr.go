package tt

import (
	"math"

	"github.com/ttcompiler/tt/ir"
)

// canonicalizeIntToPtr: int_to_ptr(addi(ptr_to_int(p), C)) -> addptr(p, C/s)
// where C is a constant byte offset (either addi operand) and s the
// pointee's size in bytes, when every element of C is a multiple of s and
// the element offset fits the i32 offset addptr takes. The round trip
// through integers hides the pointer from axis analysis and coalescing;
// as an addptr its contiguity and divisibility are visible again. Later
// Triton versions canonicalize the same way; 3.6 keeps the integers.
type canonicalizeIntToPtr struct{}

func (canonicalizeIntToPtr) RootName() string { return "tt.int_to_ptr" }
func (canonicalizeIntToPtr) Benefit() int     { return 1 }
func (canonicalizeIntToPtr) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	add := op.Operand(0).DefiningOp()
	if add == nil || add.Name() != "arith.addi" {
		return false
	}
	for i := range 2 {
		toInt := add.Operand(i).DefiningOp()
		if toInt == nil || toInt.Name() != "tt.ptr_to_int" || toInt.Operand(0).Type() != op.Result(0).Type() {
			continue
		}
		size := pointeeBytes(op.Result(0).Type())
		if size == 0 {
			return false
		}
		offsets, ok := elementOffsets(rw, add.Operand(1-i), size)
		if !ok {
			return false
		}
		b := rw.B()
		c := b.Create(constantState(b.Ctx, op.Loc(), offsets))
		rw.ReplaceOpWithOp(op, NewAddPtr(b, op.Loc(), toInt.Operand(0), c.Result(0)))
		return true
	}
	return false
}

// pointeeBytes is the size addptr scales offsets by for a pointer (or
// tensor of pointers) type, or 0 where no byte offset converts exactly
// (block pointers, types of no whole-byte size).
func pointeeBytes(t ir.Type) int64 {
	pt, ok := ir.ElementTypeOrSelf(t).(*PointerType)
	if !ok {
		return 0
	}
	switch e := pt.Pointee.(type) {
	case *PointerType:
		return 8
	case *ir.RankedTensorType:
		return 0
	default:
		bits := ir.BitWidth(e)
		if bits == 1 { // i1 is stored as a byte
			return 1
		}
		if bits <= 0 || bits%8 != 0 {
			return 0
		}
		return int64(bits / 8)
	}
}

// elementOffsets turns the constant byte offsets v holds into an i32
// constant of v's shape holding v/size, or reports that v is not such a
// constant.
func elementOffsets(rw ir.Rewriter, v ir.Value, size int64) (ir.Attribute, bool) {
	def := v.DefiningOp()
	if def == nil || def.Name() != "arith.constant" {
		return nil, false
	}
	ctx := rw.B().Ctx
	i32 := ir.I32(ctx)
	scale := func(bytes int64) (int64, bool) {
		if bytes%size != 0 {
			return 0, false
		}
		e := bytes / size
		return e, e >= math.MinInt32 && e <= math.MaxInt32
	}
	switch a := def.Attr("value").(type) {
	case *ir.IntegerAttr:
		e, ok := scale(a.Int())
		return ir.IntegerAttrOf(ctx, i32, e), ok
	case *ir.DenseElementsAttr:
		if a.IsFloat() {
			return nil, false
		}
		vals := make([]int64, a.Len())
		for j := range vals {
			e, ok := scale(a.IntAt(j))
			if !ok {
				return nil, false
			}
			vals[j] = e
		}
		t, ok := WithElement(ctx, a.Typ, i32).(ir.ShapedType)
		if !ok {
			return nil, false
		}
		return ir.DenseIntElements(ctx, t, vals), true
	}
	return nil, false
}

// constantState is an arith.constant of value, created by name as
// materializeConstant does.
func constantState(ctx *ir.Context, loc ir.Location, value ir.Attribute) *ir.OperationState {
	st := ir.NewState(ctx, "arith.constant", loc)
	st.Types = []ir.Type{value.(ir.TypedAttribute).Type()}
	st.AddAttr("value", value)
	return st
}
