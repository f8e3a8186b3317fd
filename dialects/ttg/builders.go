package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Builders for the ops passes create most often. Each inserts the op at the
// builder's insertion point and returns it.

func create(b *ir.Builder, name string, loc ir.Location, operands []ir.Value, types []ir.Type, attrs ...ir.NamedAttr) *ir.Operation {
	return b.Create(&ir.OperationState{Ctx: b.Ctx, Name: name, Loc: loc, Operands: operands, Types: types, Attrs: attrs})
}

// NewConvertLayout builds `ttg.convert_layout v : T -> t`.
func NewConvertLayout(b *ir.Builder, loc ir.Location, v ir.Value, t ir.Type) *ir.Operation {
	return create(b, "ttg.convert_layout", loc, []ir.Value{v}, []ir.Type{t})
}

// NewLocalAlloc builds `ttg.local_alloc [src] : ... -> t`; src may be nil.
func NewLocalAlloc(b *ir.Builder, loc ir.Location, t *MemDescType, src ir.Value) *ir.Operation {
	var ops []ir.Value
	if src != nil {
		ops = []ir.Value{src}
	}
	return create(b, "ttg.local_alloc", loc, ops, []ir.Type{t})
}

// NewLocalDealloc builds `ttg.local_dealloc buf`.
func NewLocalDealloc(b *ir.Builder, loc ir.Location, buf ir.Value) *ir.Operation {
	return create(b, "ttg.local_dealloc", loc, []ir.Value{buf}, nil)
}

// NewLocalLoad builds `ttg.local_load buf [token tok] : ... -> t`; tok may
// be nil.
func NewLocalLoad(b *ir.Builder, loc ir.Location, t ir.Type, buf, tok ir.Value) *ir.Operation {
	ops := []ir.Value{buf}
	if tok != nil {
		ops = append(ops, tok)
	}
	return create(b, "ttg.local_load", loc, ops, []ir.Type{t})
}

// NewLocalStore builds `ttg.local_store v, buf`.
func NewLocalStore(b *ir.Builder, loc ir.Location, v, buf ir.Value) *ir.Operation {
	return create(b, "ttg.local_store", loc, []ir.Value{v, buf}, nil)
}

// NewMemDescIndex builds `ttg.memdesc_index buf[idx]` (result type
// inferred: the buffer without its leading dim).
func NewMemDescIndex(b *ir.Builder, loc ir.Location, buf, idx ir.Value) (*ir.Operation, error) {
	t, ok := buf.Type().(*MemDescType)
	if !ok || t.Rank() < 2 {
		return nil, fmt.Errorf("ttg: memdesc_index needs a memdesc of rank >= 2")
	}
	rt := MemDesc(b.Ctx, t.Dims[1:], t.Elem, t.Encoding, t.MemorySpace, t.Mutable, nil)
	return create(b, "ttg.memdesc_index", loc, []ir.Value{buf, idx}, []ir.Type{rt}), nil
}

// NewMemDescSubslice builds `ttg.memdesc_subslice buf[offsets]` with the
// given result shape (the allocation shape is kept).
func NewMemDescSubslice(b *ir.Builder, loc ir.Location, buf ir.Value, offsets, shape []int64) (*ir.Operation, error) {
	t, ok := buf.Type().(*MemDescType)
	if !ok {
		return nil, fmt.Errorf("ttg: memdesc_subslice needs a memdesc")
	}
	rt := MemDesc(b.Ctx, shape, t.Elem, t.Encoding, t.MemorySpace, t.Mutable, t.AllocShape)
	return create(b, "ttg.memdesc_subslice", loc, []ir.Value{buf}, []ir.Type{rt},
		ir.NamedAttr{Name: "offsets", Value: ir.DenseI32Array(b.Ctx, offsets)}), nil
}

// NewMemDescTrans builds `ttg.memdesc_trans buf {order}` with the inferred
// result type.
func NewMemDescTrans(b *ir.Builder, loc ir.Location, buf ir.Value, order []int) (*ir.Operation, error) {
	t, ok := buf.Type().(*MemDescType)
	if !ok {
		return nil, fmt.Errorf("ttg: memdesc_trans needs a memdesc")
	}
	rt, err := InferMemDescTransType(b.Ctx, t, order)
	if err != nil {
		return nil, err
	}
	return create(b, "ttg.memdesc_trans", loc, []ir.Value{buf}, []ir.Type{rt},
		ir.NamedAttr{Name: "order", Value: ir.DenseI32Array(b.Ctx, int64s(order))}), nil
}

// NewMemDescReshape builds `ttg.memdesc_reshape buf` to shape with the
// inferred result type.
func NewMemDescReshape(b *ir.Builder, loc ir.Location, buf ir.Value, shape []int64) (*ir.Operation, error) {
	t, ok := buf.Type().(*MemDescType)
	if !ok {
		return nil, fmt.Errorf("ttg: memdesc_reshape needs a memdesc")
	}
	rt, err := InferMemDescReshapeType(b.Ctx, t, shape)
	if err != nil {
		return nil, err
	}
	return create(b, "ttg.memdesc_reshape", loc, []ir.Value{buf}, []ir.Type{rt}), nil
}

// NewAsyncCopyGlobalToLocal builds `ttg.async_copy_global_to_local ptrs,
// buf [mask m] [other o]`; mask and other may be nil.
func NewAsyncCopyGlobalToLocal(b *ir.Builder, loc ir.Location, ptrs, buf, mask, other ir.Value) *ir.Operation {
	ops := []ir.Value{ptrs, buf}
	seg := []int64{1, 1, 0, 0}
	if mask != nil {
		ops, seg[2] = append(ops, mask), 1
	}
	if other != nil {
		ops, seg[3] = append(ops, other), 1
	}
	return create(b, "ttg.async_copy_global_to_local", loc, ops, []ir.Type{AsyncToken(b.Ctx)},
		ir.NamedAttr{Name: asmfmt.SegmentsAttr, Value: ir.DenseI32Array(b.Ctx, seg)})
}

// NewAsyncCommitGroup builds `ttg.async_commit_group [tokens ...]`.
func NewAsyncCommitGroup(b *ir.Builder, loc ir.Location, tokens ...ir.Value) *ir.Operation {
	return create(b, "ttg.async_commit_group", loc, tokens, []ir.Type{AsyncToken(b.Ctx)})
}

// NewAsyncWait builds `ttg.async_wait tokens {num}`.
func NewAsyncWait(b *ir.Builder, loc ir.Location, num int, tokens ...ir.Value) *ir.Operation {
	return create(b, "ttg.async_wait", loc, tokens, []ir.Type{AsyncToken(b.Ctx)},
		ir.NamedAttr{Name: "num", Value: ir.I32Attr(b.Ctx, int64(num))})
}

// NewWarpSpecialize builds a `ttg.warp_specialize` with an empty default
// region (one block) and one partition region per entry of numWarps, each
// with one block whose arguments mirror the captures. The caller fills the
// blocks and adds their terminators.
func NewWarpSpecialize(b *ir.Builder, loc ir.Location, results []ir.Type, captures []ir.Value, numWarps []int) *ir.Operation {
	ctx := b.Ctx
	st := ir.NewState(ctx, "ttg.warp_specialize", loc)
	st.Operands = captures
	st.Types = results
	st.AddAttr("partitionNumWarps", ir.DenseI32Array(ctx, int64s(numWarps)))
	st.AddRegion().Append(ir.NewBlock(ctx, nil, nil))
	holder := ir.NewState(ctx, "ttg.warp_specialize.partitions", loc)
	var types []ir.Type
	var locs []ir.Location
	for _, c := range captures {
		types = append(types, c.Type())
		locs = append(locs, loc)
	}
	for range numWarps {
		holder.AddRegion().Append(ir.NewBlock(ctx, types, locs))
	}
	hb := ir.NewBlock(ctx, nil, nil)
	st.AddRegion().Append(hb)
	hb.Append(ir.Create(holder))
	return b.Create(st)
}

// Typed views of common ops.

// ConvertLayoutOp is a ttg.convert_layout.
type ConvertLayoutOp struct{ *ir.Operation }

// AsConvertLayout returns op as a ConvertLayoutOp if it is one.
func AsConvertLayout(op *ir.Operation) (ConvertLayoutOp, bool) {
	return ConvertLayoutOp{op}, op != nil && op.Name() == "ttg.convert_layout"
}

func (o ConvertLayoutOp) Src() ir.Value { return o.Operand(0) }
func (o ConvertLayoutOp) Type() *ir.RankedTensorType {
	return o.Result(0).Type().(*ir.RankedTensorType)
}
func (o ConvertLayoutOp) SrcType() *ir.RankedTensorType { return o.Src().Type().(*ir.RankedTensorType) }

// LocalAllocOp is a ttg.local_alloc.
type LocalAllocOp struct{ *ir.Operation }

// AsLocalAlloc returns op as a LocalAllocOp if it is one.
func AsLocalAlloc(op *ir.Operation) (LocalAllocOp, bool) {
	return LocalAllocOp{op}, op != nil && op.Name() == "ttg.local_alloc"
}

// Src returns the initializer, or nil.
func (o LocalAllocOp) Src() ir.Value {
	if o.NumOperands() == 0 {
		return nil
	}
	return o.Operand(0)
}
func (o LocalAllocOp) Type() *MemDescType { return o.Result(0).Type().(*MemDescType) }

// Alignment returns the alignment attribute, or the encoding's default
// (getAlignmentOrDefault).
func (o LocalAllocOp) Alignment() int {
	if a, ok := o.Attr("alignment").(*ir.IntegerAttr); ok {
		return int(a.Int())
	}
	if s, ok := o.Type().Encoding.(SharedLayout); ok {
		return s.Alignment()
	}
	return 16
}

// LocalLoadOp is a ttg.local_load.
type LocalLoadOp struct{ *ir.Operation }

// AsLocalLoad returns op as a LocalLoadOp if it is one.
func AsLocalLoad(op *ir.Operation) (LocalLoadOp, bool) {
	return LocalLoadOp{op}, op != nil && op.Name() == "ttg.local_load"
}

func (o LocalLoadOp) Src() ir.Value { return o.Operand(0) }

// Token returns the async token operand, or nil.
func (o LocalLoadOp) Token() ir.Value {
	if o.NumOperands() < 2 {
		return nil
	}
	return o.Operand(1)
}

// LocalStoreOp is a ttg.local_store.
type LocalStoreOp struct{ *ir.Operation }

// AsLocalStore returns op as a LocalStoreOp if it is one.
func AsLocalStore(op *ir.Operation) (LocalStoreOp, bool) {
	return LocalStoreOp{op}, op != nil && op.Name() == "ttg.local_store"
}

func (o LocalStoreOp) Src() ir.Value { return o.Operand(0) }
func (o LocalStoreOp) Dst() ir.Value { return o.Operand(1) }

// AsyncCopyOp is a ttg.async_copy_global_to_local.
type AsyncCopyOp struct{ *ir.Operation }

// AsAsyncCopy returns op as an AsyncCopyOp if it is one.
func AsAsyncCopy(op *ir.Operation) (AsyncCopyOp, bool) {
	return AsyncCopyOp{op}, op != nil && op.Name() == "ttg.async_copy_global_to_local"
}

func (o AsyncCopyOp) Src() ir.Value { return one(AsyncCopyGlobalToLocal.Operand(o.Operation, "src")) }
func (o AsyncCopyOp) Dst() ir.Value {
	return one(AsyncCopyGlobalToLocal.Operand(o.Operation, "result"))
}
func (o AsyncCopyOp) Mask() ir.Value { return one(AsyncCopyGlobalToLocal.Operand(o.Operation, "mask")) }
func (o AsyncCopyOp) Other() ir.Value {
	return one(AsyncCopyGlobalToLocal.Operand(o.Operation, "other"))
}
