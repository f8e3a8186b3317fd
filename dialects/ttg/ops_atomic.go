package ttg

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// IntTensorC is TT_IntTensor: a ranked tensor of integers.
var IntTensorC = &asmfmt.Constraint{Summary: "ranked tensor of integer values",
	Check: func(t ir.Type) bool {
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			return false
		}
		it, ok := rt.Elem.(*ir.IntegerType)
		return ok && it.Signedness == ir.Signless
	}}

// LocalAtomicScatterRMW is `%old = ttg.local_atomic_scatter_rmw OP,
// %dst[%indices], %values[, %mask] {axis = A} : (memdesc, values type,
// indices type[, mask type]) -> values type`: for every position I of
// values, dst at I with coordinate A replaced by indices[I] is updated
// atomically with OP and values[I]; the result holds the old values
// (undefined where mask is false, and those positions are not updated).
// Triton 3.6 does not have it; it is a later Triton's op (late 2025), taken
// with that Triton's syntax and verifier.
var LocalAtomicScatterRMW = Define(Dialect, "local_atomic_scatter_rmw", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{
		{Name: "dst", Constraint: MemDescC, Class: MemDescClass},
		{Name: "values", Constraint: TensorC},
		{Name: "indices", Constraint: IntTensorC},
		{Name: "mask", Kind: asmfmt.Optional, Constraint: I1TensorC},
	},
	Results: []asmfmt.Value{{Name: "result", Constraint: TensorC}},
	Attrs:   []asmfmt.Attr{EnumAttrSpec("atomic_rmw_op", memory.RMWOpEnum), I32Attr("axis")},
	Format:  "$atomic_rmw_op `,` $dst `[` $indices `]` `,` $values (`,` $mask^)? attr-dict `:` functional-type(operands, results)",
	Verify:  verifyLocalAtomicScatterRMW,
})

func init() {
	LocalAtomicScatterRMW.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf,
			ir.Effect{Kind: ir.Read, Resource: SharedMemoryResource, Value: op.Operand(0)},
			ir.Effect{Kind: ir.Write, Resource: SharedMemoryResource, Value: op.Operand(0)})
	}
}

func verifyLocalAtomicScatterRMW(op *ir.Operation) error {
	dst := memdescOf(op.Operand(0))
	values, _ := op.Operand(1).Type().(*ir.RankedTensorType)
	indices, _ := op.Operand(2).Type().(*ir.RankedTensorType)
	var mask *ir.RankedTensorType
	if op.NumOperands() > 3 {
		mask, _ = op.Operand(3).Type().(*ir.RankedTensorType)
	}
	if dst == nil || values == nil || indices == nil {
		return nil // the operand constraints have reported it
	}
	// The ODS TypesMatchWith traits.
	if op.Result(0).Type() != ir.Type(values) {
		return ir.OpErrorf(op, "failed to verify that result type matches values type")
	}
	if mask != nil && ir.Type(mask) != tt.I1SameShape(op.Context(), values) {
		return ir.OpErrorf(op, "failed to verify that mask type matches values type")
	}
	if !dst.Mutable {
		return ir.OpErrorf(op, "Cannot store into immutable memory")
	}
	if _, ok := dst.Encoding.(SharedLayout); !ok {
		return ir.Errorf(op.Loc(), "destination must have shared memory encoding")
	}
	switch values.Elem.(type) {
	case *ir.IntegerType, *ir.FloatType:
	default:
		return ir.Errorf(op.Loc(), "values must have integer or floating element type")
	}
	if err := verifySharedMemoryRank(op, values, dst, "values"); err != nil {
		return err
	}
	if !equalInt64s(values.Dims, indices.Dims) {
		return ir.Errorf(op.Loc(), "values shape must match indices shape")
	}
	if mask != nil && !equalInt64s(values.Dims, mask.Dims) {
		return ir.Errorf(op.Loc(), "values shape must match mask shape")
	}
	if axis, _ := intAttr(op, "axis"); axis < 0 || axis >= dst.Rank() {
		return ir.Errorf(op.Loc(), "axis %d is out of bounds for destination rank %d", axis, dst.Rank())
	}
	if values.Encoding != indices.Encoding {
		return ir.Errorf(op.Loc(), "values must have the same layout as indices")
	}
	if mask != nil && values.Encoding != mask.Encoding {
		return ir.Errorf(op.Loc(), "values must have the same layout as mask")
	}
	if dst.Elem != values.Elem {
		return ir.Errorf(op.Loc(), "values element type must match destination element type")
	}
	return nil
}
