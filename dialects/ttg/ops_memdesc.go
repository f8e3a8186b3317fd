package ttg

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
	"github.com/ttcompiler/tt/linearlayout"
)

// Views of shared-memory buffers: they do not touch memory.

// MemDescIndex is `ttg.memdesc_index %buf[%i] : !ttg.memdesc<NxS...> ->
// !ttg.memdesc<S...>`: buffer i along dim 0.
var MemDescIndex = Define(Dialect, "memdesc_index", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{
		{Name: "src", Constraint: MemDescC, Class: MemDescClass},
		{Name: "index", Constraint: I32C, Infer: Fixed(I32)},
	},
	Results: []asmfmt.Value{{Name: "result", Constraint: MemDescC, Class: MemDescClass}},
	Format:  "$src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))",
	Verify:  verifyMemDescIndex,
})

// MemDescSubslice is `ttg.memdesc_subslice %buf[o0, o1] : ... -> ...`: a
// static sub-view of the same rank.
var MemDescSubslice = Define(Dialect, "memdesc_subslice", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Constraint: MemDescC, Class: MemDescClass}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: MemDescC, Class: MemDescClass}},
	Attrs:    []asmfmt.Attr{I32ArrayAttr("offsets")},
	Format:   "$src `[` custom<Offsets>($offsets) `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))",
	Custom:   map[string]asmfmt.Directive{"Offsets": offsetsDirective},
	Verify:   verifyMemDescSubslice,
})

// MemDescTrans is `ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : ...
// -> ...`: a transposed view; the result encoding is inferred.
var MemDescTrans = Define(Dialect, "memdesc_trans", ir.Pure|ir.SameOperandsAndResultElementType, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Constraint: MemDescC, Class: MemDescClass}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: MemDescC, Class: MemDescClass}},
	Attrs:    []asmfmt.Attr{{Name: "order", Check: isI32Array, Summary: "i32 dense array attribute"}},
	Format:   "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))",
	Verify:   verifyMemDescTrans,
})

// MemDescReshape is `ttg.memdesc_reshape %buf : ... -> ...`: a reshaped
// view of the same elements.
var MemDescReshape = Define(Dialect, "memdesc_reshape", ir.Pure|ir.SameOperandsAndResultElementType, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Constraint: MemDescC, Class: MemDescClass}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: MemDescC, Class: MemDescClass}},
	Format:   "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))",
	Verify:   verifyMemDescReshape,
})

// MemDescReinterpret is `ttg.memdesc_reinterpret %buf : ... -> ...`: the
// buffer seen with another shape, element type or layout.
var MemDescReinterpret = Define(Dialect, "memdesc_reinterpret", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Constraint: MemDescC, Class: MemDescClass}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: MemDescC, Class: MemDescClass}},
	Format:   "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))",
	Verify:   verifyMemDescReinterpret,
})

// verifyMemDescReinterpret: Triton 3.6 verifies nothing here. Later
// Tritons check the memory space, mutability, sub-views, storage size and
// padding of both sides. tt takes the two checks whose violations 3.6
// cannot compile correctly: a view into another memory space (a shared
// memory address used as a tensor-memory one) and a view that changes
// mutability (3.6's passes treat an immutable buffer, a local_alloc with a
// source, as a side-effect-free value they may merge or move, so writes
// through a mutable alias of it are lost or reordered). No IR 3.6 writes
// does either. The other checks reject views that 3.6's own lit tests
// write (a smaller reinterpretation, a sub-view source) or that 3.6 lowers
// consistently (padded layouts), so they stay out.
func verifyMemDescReinterpret(op *ir.Operation) error {
	src, dst := memdescOf(op.Operand(0)), memdescOf(op.Result(0))
	if src == nil || dst == nil {
		return nil
	}
	if src.MemorySpace != dst.MemorySpace {
		return ir.Errorf(op.Loc(), "source and result must have the same memory space")
	}
	if src.Mutable != dst.Mutable {
		return ir.Errorf(op.Loc(), "source and result must have the same mutability")
	}
	return nil
}

func init() {
	MemDescTrans.Def.Fold = foldMemDescTrans
	MemDescReinterpret.Def.Fold = func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		if op.Result(0).Type() == op.Operand(0).Type() {
			return []ir.FoldResult{{Value: op.Operand(0)}}
		}
		return nil
	}
}

// offsetsDirective is custom<Offsets>: `1, 2, 3` into a dense i32 array.
var offsetsDirective = asmfmt.Directive{
	Parse: func(p ir.OpParser, s *asmfmt.ParseState, args []string) error {
		var vals []int64
		for {
			v, err := p.ParseInteger()
			if err != nil {
				return err
			}
			vals = append(vals, v)
			if !p.ParseOptionalComma() {
				break
			}
		}
		s.SetAttr(args[0], ir.DenseI32Array(p.Context(), vals))
		return nil
	},
	Print: func(p ir.OpPrinter, op *ir.Operation, _ asmfmt.Groups, args []string) {
		a, ok := op.Attr(args[0]).(*ir.DenseArrayAttr)
		if !ok {
			return
		}
		parts := make([]string, len(a.Ints))
		for i, v := range a.Ints {
			parts[i] = strconv.FormatInt(v, 10)
		}
		p.WriteString(strings.Join(parts, ", "))
	},
}

func verifyMemDescIndex(op *ir.Operation) error {
	src, dst := memdescOf(op.Operand(0)), memdescOf(op.Result(0))
	if src.Elem != dst.Elem {
		return ir.Errorf(op.Loc(), "result element type must match desc element type")
	}
	if src.Rank() != dst.Rank()+1 {
		return ir.Errorf(op.Loc(), "result rank must be input rank - 1")
	}
	if len(src.AllocShape) != src.Rank() {
		return ir.Errorf(op.Loc(), "We don't allow taking memdesc_index of a memdesc_index")
	}
	if !equalInt64s(src.Dims[1:], dst.Dims) {
		return ir.Errorf(op.Loc(), "result shape must equal to srcShape[1:]")
	}
	if src.IsSubview() {
		return ir.Errorf(op.Loc(), "We don't support memdesc_index of a subview")
	}
	if (src.Encoding == nil) != (dst.Encoding == nil) {
		return ir.Errorf(op.Loc(), "src and result must both have or not have an encoding")
	}
	_, srcShared := src.Encoding.(SharedLayout)
	_, dstShared := dst.Encoding.(SharedLayout)
	if srcShared != dstShared {
		return ir.Errorf(op.Loc(), "src and dst must have the same type of encoding")
	}
	if dst.IsSubview() || src.IsSubview() {
		return ir.Errorf(op.Loc(), "alloc shape must match shape for both result and src")
	}
	if tm, ok := src.Encoding.(interface{ IsTensorMemoryEncoding() bool }); ok && tm.IsTensorMemoryEncoding() {
		if src.Rank() != 3 || dst.Rank() != 2 {
			return ir.Errorf(op.Loc(), "only 3D -> 2D subviews are supported for TensorMemoryEncodingAttr")
		}
	}
	return nil
}

func verifyMemDescSubslice(op *ir.Operation) error {
	src, dst := memdescOf(op.Operand(0)), memdescOf(op.Result(0))
	offsets, _ := op.Attr("offsets").(*ir.DenseArrayAttr)
	if src.Elem != dst.Elem {
		return ir.Errorf(op.Loc(), "result element type must match desc element type")
	}
	if offsets == nil || len(offsets.Ints) != src.Rank() {
		return ir.Errorf(op.Loc(), "offsets must have the same rank as input")
	}
	if src.Rank() != dst.Rank() {
		return ir.Errorf(op.Loc(), "result rank must equal to input rank")
	}
	if (src.Encoding == nil) != (dst.Encoding == nil) {
		return ir.Errorf(op.Loc(), "src and result must both have or not have an encoding")
	}
	_, srcShared := src.Encoding.(SharedLayout)
	_, dstShared := dst.Encoding.(SharedLayout)
	if !srcShared || !dstShared {
		return ir.Errorf(op.Loc(), "src and dst must both be of shared memory encoding")
	}
	var split []int
	for i := range src.Dims {
		if src.Dims[i] != dst.Dims[i] {
			split = append(split, i)
		}
	}
	if len(split) == 0 {
		return nil
	}
	for d, off := range offsets.Ints {
		if !containsInt(split, d) {
			if off != 0 {
				return ir.Errorf(op.Loc(), "A non zero offset found in a dimension that is not being split")
			}
		} else if off&(dst.Dims[d]-1) != 0 {
			return ir.Errorf(op.Loc(), "The split offset may not touch the tile")
		}
	}
	var ll linearlayout.LinearLayout
	var err error
	if padded, ok := src.Encoding.(*PaddedSharedEncoding); ok {
		if padded.Rank() < src.Rank() {
			return ir.Errorf(op.Loc(), "SubSlice of low rank PaddedSharedEncoding from higher rank tensors is not supported yet")
		}
		ll, err = padded.LinearComponent()
	} else {
		ll, err = TypeLinearLayout(src)
	}
	if err != nil {
		return ir.Errorf(op.Loc(), "cannot compute the layout of the source: %v", err)
	}
	if ll.HasInDim(linearlayout.Block) && ll.InDimSize(linearlayout.Block) != 1 {
		return ir.Errorf(op.Loc(), "non-trivial block dimension not supported")
	}
	inv, err := ll.Invert()
	if err != nil {
		return ir.Errorf(op.Loc(), "We don't support splitting along the swizzling pattern")
	}
	names := ll.OutDimNames()
	for _, d := range split {
		for size := dst.Dims[d]; size < src.Dims[d]; size *= 2 {
			ins := make([]linearlayout.DimValue, len(names))
			for i, n := range names {
				ins[i] = linearlayout.DimValue{Name: n}
			}
			ins[d].Value = int32(size)
			out := inv.Apply(ins...)
			if v := out[0].Value; v <= 0 || v&(v-1) != 0 {
				return ir.Errorf(op.Loc(), "We don't support splitting along the swizzling pattern")
			}
		}
	}
	return nil
}

// foldMemDescTrans folds an identity transpose to its source and merges a
// transpose of a transpose.
func foldMemDescTrans(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	order := orderAttr(op)
	if isIota(order) {
		return []ir.FoldResult{{Value: op.Operand(0)}}
	}
	inner := op.Operand(0).DefiningOp()
	if inner == nil || inner.Name() != "ttg.memdesc_trans" {
		return nil
	}
	innerOrder := orderAttr(inner)
	if len(innerOrder) != len(order) {
		return nil
	}
	merged := make([]int64, len(order))
	for i, o := range order {
		merged[i] = int64(innerOrder[o])
	}
	op.SetAttr("order", ir.DenseI32Array(op.Context(), merged))
	op.SetOperand(0, inner.Operand(0))
	return []ir.FoldResult{{Value: op.Result(0)}}
}

func orderAttr(op *ir.Operation) []int {
	a, ok := op.Attr("order").(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	return ints(a.Ints)
}

func verifyMemDescTrans(op *ir.Operation) error {
	src, dst := memdescOf(op.Operand(0)), memdescOf(op.Result(0))
	want, err := InferMemDescTransType(op.Context(), src, orderAttr(op))
	if err != nil {
		return ir.Errorf(op.Loc(), "%s", err.Error())
	}
	if !EquivalentTypes(want, dst) {
		return ir.OpErrorf(op, "inferred type(s) %s are incompatible with return type(s) of operation %s", typeText(want), typeText(dst))
	}
	return nil
}

func verifyMemDescReshape(op *ir.Operation) error {
	src, dst := memdescOf(op.Operand(0)), memdescOf(op.Result(0))
	if ir.NumElements(src.Dims) != ir.NumElements(dst.Dims) {
		return ir.Errorf(op.Loc(), "number of src and dst elements of reshape must be the same")
	}
	if src.Elem != dst.Elem {
		return ir.Errorf(op.Loc(), "result element type must match src element type")
	}
	if !equalInt64s(src.AllocShape[len(src.AllocShape)-len(src.Dims):], src.Dims) {
		return ir.Errorf(op.Loc(), "NYI: memdesc_reshape of memdesc_subslice")
	}
	want, err := InferMemDescReshapeType(op.Context(), src, dst.Dims)
	if err != nil {
		return ir.Errorf(op.Loc(), "%s", err.Error())
	}
	if !EquivalentTypes(want, dst) {
		return ir.Errorf(op.Loc(), "'ttg.memdesc_reshape' op inferred type %s is not equivalent to the result type %s", typeText(want), typeText(dst))
	}
	return nil
}
