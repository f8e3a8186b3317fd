package tt

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// A constraint is an ODS type constraint: a predicate and the summary that
// Triton's generated verifiers print ("must be <summary>, but got ...").
type constraint struct {
	ok      func(ir.Type) bool
	summary string
}

func isTTFloat(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	switch ft.Kind {
	case ir.F8E4M3FNUZ, ir.F8E4M3FN, ir.F8E5M2, ir.F8E5M2FNUZ, ir.F16, ir.BF16, ir.F32, ir.F64:
		return true
	}
	return false
}

func isTTInt(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	if !ok || it.Signedness != ir.Signless {
		return false
	}
	switch it.Width {
	case 1, 8, 16, 32, 64:
		return true
	}
	return false
}

func isSignless(t ir.Type, w int) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Width == w && it.Signedness == ir.Signless
}

func isPtr(t ir.Type) bool { _, ok := t.(*PointerType); return ok }

func rankedOf(elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		rt, ok := t.(*ir.RankedTensorType)
		return ok && elem(rt.Elem)
	}
}

func anyTensorOf(elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		switch tt := t.(type) {
		case *ir.RankedTensorType:
			return elem(tt.Elem)
		case *ir.UnrankedTensorType:
			return elem(tt.Elem)
		}
		return false
	}
}

func anyOf(fs ...func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		for _, f := range fs {
			if f(t) {
				return true
			}
		}
		return false
	}
}

var (
	isI1  = func(t ir.Type) bool { return isSignless(t, 1) }
	isI8  = func(t ir.Type) bool { return isSignless(t, 8) }
	isI32 = func(t ir.Type) bool { return isSignless(t, 32) }
	isI64 = func(t ir.Type) bool { return isSignless(t, 64) }

	isTensorPtrType = func(t ir.Type) bool { return IsTensorPointer(t) }
	isFloatTensor   = rankedOf(isTTFloat)
	isIntTensor     = rankedOf(isTTInt)
	isPtrTensor     = rankedOf(isPtr)
	isTTTensor      = rankedOf(anyOf(isTTFloat, isTTInt, isPtr))
	isFloatLike     = anyOf(isTTFloat, isFloatTensor)
	isIntLike       = anyOf(isTTInt, isIntTensor)
	isPtrLike       = anyOf(isPtr, isPtrTensor)
	isTTType        = anyOf(isFloatLike, isIntLike, isPtrLike, isTensorPtrType)
)

var (
	cFloatLike  = constraint{isFloatLike, "floating-point or ranked tensor of floating-point values"}
	cIntLike    = constraint{isIntLike, "integer or ranked tensor of integer values"}
	cPtrLike    = constraint{isPtrLike, "ptr or ranked tensor of ptr values"}
	cPtr        = constraint{isPtr, "ptr"}
	cTensorPtr  = constraint{isTensorPtrType, "ptr"}
	cLoadPtr    = constraint{anyOf(isPtrLike, isTensorPtrType), "ptr or ranked tensor of ptr values or ptr"}
	cBoolLike   = constraint{anyOf(isI1, rankedOf(isI1)), "1-bit signless integer or ranked tensor of 1-bit signless integer values"}
	cI1Assert   = constraint{anyOf(isI1, anyTensorOf(isI1)), "1-bit signless integer or tensor of 1-bit signless integer values"}
	cI64Like    = constraint{anyOf(isI64, anyTensorOf(isI64)), "64-bit signless integer or tensor of 64-bit signless integer values"}
	cType       = constraint{isTTType, "floating-point or ranked tensor of floating-point values or integer or ranked tensor of integer values or ptr or ranked tensor of ptr values or ptr"}
	cTensor     = constraint{isTTTensor, "ranked tensor of floating-point or integer or ptr values"}
	cIntTensor  = constraint{isIntTensor, "ranked tensor of integer values"}
	cFpIntTens  = constraint{rankedOf(anyOf(isTTFloat, isTTInt)), "ranked tensor of floating-point or integer values"}
	cFloatTens  = constraint{isFloatTensor, "ranked tensor of floating-point values"}
	cScaledOpnd = constraint{rankedOf(anyOf(isTTFloat, isI8)), "ranked tensor of floating-point or 8-bit signless integer values"}
	cI32        = constraint{isI32, "32-bit signless integer"}
	cI64        = constraint{isI64, "64-bit signless integer"}
	cI32Tensor  = constraint{rankedOf(isI32), "ranked tensor of 32-bit signless integer values"}
	cDesc       = constraint{func(t ir.Type) bool { _, ok := t.(*TensorDescType); return ok }, "Tensor descriptor type (`::mlir::triton::TensorDescType`) in Triton IR type system"}
	cAny        = constraint{func(ir.Type) bool { return true }, "any type"}
)

// opError returns "'op' op msg" located at op.
func opError(op *ir.Operation, format string, args ...any) error {
	return ir.OpErrorf(op, format, args...)
}

// plainError is an error at op's location without the "'name' op" prefix
// (Triton's op->emitError).
func plainError(op *ir.Operation, format string, args ...any) error {
	return ir.Errorf(op.Loc(), format, args...)
}

// typeCheck verifies values[i] against c, numbering them from base, as
// ODS's verifyInvariants does ("operand #3 must be ...").
func typeCheck(op *ir.Operation, kind string, base int, vals []ir.Type, c constraint, variadic bool) error {
	for i, t := range vals {
		if !c.ok(t) {
			v := ""
			if variadic {
				v = "variadic of "
			}
			return opError(op, "%s #%d must be %s%s, but got '%s'", kind, base+i, v, c.summary, asm.TypeString(t))
		}
	}
	return nil
}

// operandSpec describes one ODS operand group.
type operandSpec struct {
	c        constraint
	variadic bool // Variadic<...>
	optional bool // Optional<...>
}

func one(c constraint) operandSpec { return operandSpec{c: c} }
func opt(c constraint) operandSpec { return operandSpec{c: c, optional: true} }
func vari(c constraint) operandSpec {
	return operandSpec{c: c, variadic: true}
}

// checkOperands verifies op's operands against groups whose sizes are
// given (one entry per spec).
func checkGroups(op *ir.Operation, kind string, types []ir.Type, specs []operandSpec, sizes []int) error {
	pos := 0
	for i, s := range specs {
		n := sizes[i]
		if pos+n > len(types) {
			return nil
		}
		if err := typeCheck(op, kind, pos, types[pos:pos+n], s.c, s.variadic); err != nil {
			return err
		}
		pos += n
	}
	return nil
}

// groupSizes splits n values among specs: fixed groups take one, optional
// and variadic groups share the rest (segments, when given, decide).
func groupSizes(specs []operandSpec, n int, segments []int64, sameVariadic bool) ([]int, error) {
	return groupSizesInto(make([]int, len(specs)), specs, n, segments, sameVariadic)
}

// groupSizesInto is groupSizes writing into sizes (len(specs) long): the
// verifier runs on every op after every pass, so its scratch lives on the
// caller's stack.
func groupSizesInto(sizes []int, specs []operandSpec, n int, segments []int64, sameVariadic bool) ([]int, error) {
	if segments != nil {
		if len(segments) != len(specs) {
			return nil, fmt.Errorf("'operandSegmentSizes' attribute for specifying operand segments must have %d elements, but got %d", len(specs), len(segments))
		}
		for i, s := range segments {
			sizes[i] = int(s)
		}
		return sizes, nil
	}
	fixed, nvar := 0, 0
	for _, s := range specs {
		if s.variadic || s.optional {
			nvar++
		} else {
			fixed++
		}
	}
	rest := n - fixed
	if rest < 0 {
		rest = 0
	}
	each := 0
	if nvar > 0 {
		if sameVariadic {
			each = rest / nvar
		}
	}
	for i, s := range specs {
		switch {
		case !s.variadic && !s.optional:
			sizes[i] = 1
		case sameVariadic:
			sizes[i] = each
		default:
			sizes[i] = rest
			rest = 0
		}
	}
	return sizes, nil
}

// verifyOperandTypes checks op's operands against specs (ODS order).
func verifyOperandTypes(op *ir.Operation, specs []operandSpec, sameVariadic bool) error {
	var seg []int64
	if a, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok && op.Has(ir.AttrSizedOperandSegments) {
		seg = a.Ints
	}
	var sizeBuf [8]int
	var typeBuf [8]ir.Type
	sizes, err := groupSizesInto(scratch(sizeBuf[:], len(specs)), specs, op.NumOperands(), seg, sameVariadic)
	if err != nil {
		return opError(op, "%s", err.Error())
	}
	types := scratch(typeBuf[:], op.NumOperands())
	for i := range types {
		if v := op.Operand(i); v != nil {
			types[i] = v.Type()
		}
	}
	return checkGroups(op, "operand", types, specs, sizes)
}

// verifyResultTypes checks op's results against specs.
func verifyResultTypes(op *ir.Operation, specs []operandSpec) error {
	var sizeBuf [8]int
	var typeBuf [8]ir.Type
	sizes, _ := groupSizesInto(scratch(sizeBuf[:], len(specs)), specs, op.NumResults(), nil, false)
	types := scratch(typeBuf[:], op.NumResults())
	for i := range types {
		types[i] = op.Result(i).Type()
	}
	return checkGroups(op, "result", types, specs, sizes)
}

// scratch returns n zeroed elements of buf, or a new slice when buf is too
// short.
func scratch[T any](buf []T, n int) []T {
	if n > len(buf) {
		return make([]T, n)
	}
	clear(buf[:n])
	return buf[:n]
}

// segments returns the operandSegmentSizes of op (nil if absent).
func segments(op *ir.Operation) []int64 {
	if a, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// segmentRange returns the operand index range [start, end) of group i.
func segmentRange(op *ir.Operation, i int) (int, int) {
	seg := segments(op)
	if seg == nil || i >= len(seg) {
		return 0, 0
	}
	start := 0
	for _, s := range seg[:i] {
		start += int(s)
	}
	end := start + int(seg[i])
	if end > op.NumOperands() {
		end = op.NumOperands()
	}
	if start > end {
		start = end
	}
	return start, end
}
