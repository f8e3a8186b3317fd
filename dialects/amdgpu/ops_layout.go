package amdgpu

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
	"github.com/ttcompiler/tt/linearlayout"
)

// Register-level layout ops of the AMD backend.

// ExtractSlice is `%s = amdg.extract_slice %t [o0, o1] : tensor<...> to
// tensor<...>`: a static slice that keeps every element in its thread.
var ExtractSlice = define("extract_slice", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "source", Constraint: ttg.TensorC}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: ttg.TensorC}},
	Attrs:    []asmfmt.Attr{{Name: "static_offsets", Kind: asmfmt.ArrayAttr, Type: ttg.I64, Summary: "i64 dense array attribute"}},
	Format:   "$source $static_offsets attr-dict `:` type($source) `to` type($result)",
	Verify:   verifyExtractSlice,
})

// Concat is `%r = amdg.concat %a, %b, ... : types -> tensor<...>`.
var Concat = define("concat", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "sources", Kind: asmfmt.Variadic, Constraint: ttg.TensorC}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: ttg.TensorC}},
	Format:   "$sources attr-dict `:` type($sources) `->` type($result)",
	Verify:   verifyConcat,
})

// InThreadTranspose is `%r = amdg.in_thread_transpose %t : tensor<...,
// #blocked> -> tensor<..., #linear>`: transpose the registers each thread
// holds.
var InThreadTranspose = define("in_thread_transpose", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Constraint: ttg.TensorC}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: ttg.TensorC}},
	Format:   "$src attr-dict `:` type($src) `->` type($result)",
	Verify:   verifyInThreadTranspose,
})

// UpcastMXFP is `%r = amdg.upcast_mxfp %x, %scale fp_type = e2m1
// {fastMath = false} : T, S -> R`.
var UpcastMXFP = define("upcast_mxfp", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Constraint: ttg.TensorC}, {Name: "scale", Constraint: ttg.TensorC}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: ttg.TensorC}},
	Attrs:    []asmfmt.Attr{ttg.EnumAttrSpec("fp_type", tt.ScaleDotElemTypeEnum), ttg.BoolAttr("fastMath")},
	Format:   "$src `,` $scale  `fp_type` `=` $fp_type attr-dict `:` type($src) `,` type($scale) `->` type($result)",
})

// ScaledUpcastFp4 is `%r = amdg.scaled_upcast_fp4 %x scale %s {axis} : ...`.
var ScaledUpcastFp4 = define("scaled_upcast_fp4", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "input", Constraint: ttg.TensorC}, {Name: "scale", Constraint: ttg.TensorC}},
	Results:  []asmfmt.Value{{Name: "output", Constraint: ttg.TensorC}},
	Attrs:    []asmfmt.Attr{ttg.I32Attr("axis")},
	Format:   "$input `scale` $scale attr-dict `:` type($input) `,` type($scale) `->` type($output)",
})

// ScaledUpcastFp8 is `%r = amdg.scaled_upcast_fp8 %x scale %s : ...`.
var ScaledUpcastFp8 = define("scaled_upcast_fp8", ir.Pure|ir.Elementwise|ir.SameOperandsAndResultShape|ir.SameOperandsAndResultEncoding, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "input", Constraint: ttg.TensorC}, {Name: "scale", Constraint: ttg.TensorC}},
	Results:  []asmfmt.Value{{Name: "output", Constraint: ttg.TensorC}},
	Format:   "$input `scale` $scale attr-dict `:` type($input) `,` type($scale) `->` type($output)",
})

// LocalLoadPackedTransposed is `amdg.local_load_packed_tranposed` (sic).
var LocalLoadPackedTransposed = define("local_load_packed_tranposed", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Constraint: ttg.MemDescC, Class: ttg.MemDescClass},
		{Name: "token", Kind: asmfmt.Optional, Constraint: ttg.TokenC, Infer: ttg.Fixed(ttg.TokenType)}},
	Results: []asmfmt.Value{{Name: "result", Constraint: ttg.TensorC}},
	Format:  "$src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)",
})

func init() {
	ttg.AttachLocalLoadLike(LocalLoadPackedTransposed.Def)
	LocalLoadPackedTransposed.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Read, Resource: ttg.SharedMemoryResource, Value: op.Operand(0)})
	}
}

func verifyExtractSlice(op *ir.Operation) error {
	src := op.Operand(0).Type().(*ir.RankedTensorType)
	dst := op.Result(0).Type().(*ir.RankedTensorType)
	if src.Elem != dst.Elem {
		return ir.Errorf(op.Loc(), "result element type must match source element type")
	}
	if src.Rank() != dst.Rank() {
		return ir.Errorf(op.Loc(), "result rank must be equal to source rank")
	}
	offs, _ := op.Attr("static_offsets").(*ir.DenseArrayAttr)
	if offs == nil || len(offs.Ints) != src.Rank() {
		return ir.Errorf(op.Loc(), "static_offsets must have one entry per dimension")
	}
	for i := range src.Dims {
		if dst.Dims[i] > src.Dims[i] {
			return ir.Errorf(op.Loc(), "result shape cannot exceed source shape at dimension %d", i)
		}
		if offs.Ints[i]+dst.Dims[i] > src.Dims[i] {
			return ir.Errorf(op.Loc(), "invalid offset at dimension %d", i)
		}
	}
	return verifyThreadsKeepElements(op, src, dst, func(c []int32) {
		for i := range c {
			c[i] += int32(offs.Ints[i])
		}
	})
}

// verifyThreadsKeepElements is the layout check Triton 3.6's extract_slice
// and concat share: the ops move no data between threads, so each element a
// thread holds in dst (toSrc turns its coordinates into src's) must be held
// by the same thread in src, and lanes and warps must be laid out alike.
// Layouts that have no linear form are left to the ops' lowering.
func verifyThreadsKeepElements(op *ir.Operation, src, dst *ir.RankedTensorType, toSrc func(c []int32)) error {
	if src.Encoding == nil || dst.Encoding == nil {
		return nil
	}
	sl, err1 := ttg.ToLinearLayout(src.Encoding, src.Dims)
	dl, err2 := ttg.ToLinearLayout(dst.Encoding, dst.Dims)
	if err1 != nil || err2 != nil {
		return nil
	}
	if err := checkRegisters(sl, dl, toSrc); err != nil {
		return ir.Errorf(op.Loc(), "%s", err.Error())
	}
	if !sameBases(sl, dl, linearlayout.Lane) || !sameBases(sl, dl, linearlayout.Warp) {
		return ir.Errorf(op.Loc(), "Lane and warp dim basis must match between source and destination layout.")
	}
	return nil
}

// checkRegisters checks that every element a thread (lane 0, warp 0) holds
// in dst is held by the same thread in some register of src, toSrc turning
// its coordinates in dst into coordinates in src (Triton 3.6's check of
// extract_slice and concat). The error names the source coordinates, as
// 3.6's does.
func checkRegisters(src, dst linearlayout.LinearLayout, toSrc func(c []int32)) error {
	held := map[string]bool{}
	for r := int32(0); r < regCount(src); r++ {
		held[fmt.Sprint(coords(src.Apply(linearlayout.DimValue{Name: linearlayout.Register, Value: r})))] = true
	}
	for r := int32(0); r < regCount(dst); r++ {
		c := coords(dst.Apply(linearlayout.DimValue{Name: linearlayout.Register, Value: r}))
		toSrc(c)
		if !held[fmt.Sprint(c)] {
			parts := make([]string, len(c))
			for i, v := range c {
				parts[i] = fmt.Sprint(v)
			}
			return fmt.Errorf("No source register holds the element for destination index [%s]", strings.Join(parts, ", "))
		}
	}
	return nil
}

func regCount(l linearlayout.LinearLayout) int32 {
	if !l.HasInDim(linearlayout.Register) {
		return 1
	}
	return l.InDimSize(linearlayout.Register)
}

func coords(out []linearlayout.DimValue) []int32 {
	c := make([]int32, len(out))
	for i, d := range out {
		c[i] = d.Value
	}
	return c
}

func sameBases(a, b linearlayout.LinearLayout, dim string) bool {
	var x, y [][]int32
	if a.HasInDim(dim) {
		x = a.DimBases(dim)
	}
	if b.HasInDim(dim) {
		y = b.DimBases(dim)
	}
	return slices.EqualFunc(x, y, func(p, q []int32) bool { return slices.Equal(p, q) })
}

func verifyConcat(op *ir.Operation) error {
	srcs := op.Operands()
	if len(srcs) == 0 {
		return ir.Errorf(op.Loc(), "concat requires at least one source")
	}
	dst := op.Result(0).Type().(*ir.RankedTensorType)
	first := srcs[0].Type().(*ir.RankedTensorType)
	// Triton 3.6's checks, in its order: shapes, the sources' types, the
	// element type, then the layouts.
	if first.Rank() != dst.Rank() {
		return ir.Errorf(op.Loc(), "Source and destination tensors must have the same rank.")
	}
	tiles := int64(1)
	for i := range dst.Dims {
		if first.Dims[i] == 0 || dst.Dims[i]%first.Dims[i] != 0 {
			return ir.Errorf(op.Loc(), "Source and destination tensor shapes don't match.")
		}
		tiles *= dst.Dims[i] / first.Dims[i]
	}
	if int64(len(srcs)) != tiles {
		return ir.Errorf(op.Loc(), "Number of source tiles (%d) doesn't match required count (%d).", len(srcs), tiles)
	}
	for _, s := range srcs[1:] {
		if s.Type() != first {
			return ir.Errorf(op.Loc(), "All sources must have identical tensor types.")
		}
	}
	if first.Elem != dst.Elem {
		return ir.Errorf(op.Loc(), "Element types of sources and destination must match.")
	}
	// A destination element comes from the source tile its coordinates
	// fall in, at its offset within the tile.
	return verifyThreadsKeepElements(op, first, dst, func(c []int32) {
		for i := range c {
			c[i] %= int32(first.Dims[i])
		}
	})
}

func verifyInThreadTranspose(op *ir.Operation) error {
	src := op.Operand(0).Type().(*ir.RankedTensorType)
	dst := op.Result(0).Type().(*ir.RankedTensorType)
	if src.Elem != dst.Elem {
		return ir.OpErrorf(op, "Expect input and output tensor to have same dtype")
	}
	if !slices.Equal(src.Dims, dst.Dims) {
		return ir.OpErrorf(op, "Expect equal input and output shapes")
	}
	if src.Rank() != 2 {
		return ir.OpErrorf(op, "Expect 2d tensor")
	}
	blocked, ok := src.Encoding.(*ttg.BlockedEncoding)
	if !ok {
		return ir.OpErrorf(op, "Expect input tensor in Blocked encoding")
	}
	want, err := InThreadTransposeLayout(src.Dims, blocked)
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	got, err := ttg.ToLinearLayout(dst.Encoding, dst.Dims)
	if err != nil || !got.Equal(want) {
		// Triton prints the layout as LinearLayout::toString does: a
		// bulleted list starting on a new line.
		return ir.OpErrorf(op, "Expect output layout to be transposed per thread: \n%s", want.Describe())
	}
	return nil
}

// InThreadTransposeLayout is InThreadTransposeOp::deduceOutputLayout: the
// blocked layout with the registers of each thread's sizePerThread tile
// transposed.
func InThreadTransposeLayout(shape []int64, src *ttg.BlockedEncoding) (linearlayout.LinearLayout, error) {
	ll, err := src.ToLinearLayout(shape)
	if err != nil {
		return linearlayout.LinearLayout{}, err
	}
	order := slices.Clone(src.Order)
	n := len(order)
	if n < 2 {
		return linearlayout.LinearLayout{}, fmt.Errorf("in-thread transpose needs a layout of rank 2 or more, got %d", n)
	}
	order[n-2], order[n-1] = order[n-1], order[n-2]
	tile := linearlayout.IdentityStandardND(linearlayout.Register, src.SizePerThread, order).TransposeOuts(ll.OutDimNames())
	bases := ll.Bases()
	var tb [][]int32
	if tile.HasInDim(linearlayout.Register) {
		tb = tile.DimBases(linearlayout.Register)
	}
	for i := range bases {
		if bases[i].Name != linearlayout.Register {
			continue
		}
		for j := range tb {
			if j < len(bases[i].Bases) {
				bases[i].Bases[j] = tb[j]
			}
		}
	}
	return linearlayout.New(bases, ll.OutDims())
}
