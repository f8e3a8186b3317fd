package gpu

import (
	"slices"
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Tensor memory accelerator copies (Hopper, sm_90) through a tensor map:
//
//	gpu.tma_load %dst, %bar, %map[%x, %y], %p : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr
//	gpu.tma_store %map[%x, %y], %src, %p : !llvm.ptr, !llvm.ptr<3>
//	gpu.tma_reduce add %map[%x, %y], %src, %p : !llvm.ptr, !llvm.ptr<3>
//	gpu.bulk_commit
//	gpu.bulk_wait 0 {read}
//	gpu.tma_prefetch %map : !llvm.ptr<1>
//
// %map is the address (generic !llvm.ptr or global !llvm.ptr<1>) of a
// 128-byte, 64-byte aligned tensor map (CUDA's CUtensorMap, built on the
// host by cuTensorMapEncodeTiled; its encoding is opaque, so a simulator
// must know the fields it was built from): the global base address, rank
// r (1..5), sizes dim[0..r) (dimension 0 varies fastest), byte strides
// stride[1..r) (stride[0] is the element size e), box sizes box[0..r),
// element strides (tt requires 1), the shared-memory swizzle S (none, 32,
// 64 or 128 bytes; box[0]*e <= S when swizzled) and the out-of-bounds fill
// (zeros). The coordinates are r i32 values, dimension 0 first (PTX's
// order; Triton's TTGIR lists them outermost first), and may be negative
// or past the end. An optional trailing i1 predicate guards the op.
//
// gpu.tma_load (PTX cp.async.bulk.tensor.rd.shared::cluster.global.
// mbarrier::complete_tx::bytes, issued by one thread) copies the box at
// the coordinates into shared memory at dst (128-byte aligned): box
// element i = (i0, ..., i_{r-1}) comes from global coordinate c + i when
// every 0 <= c_d + i_d < dim[d], else it is zero; it lands at
// swizzle(dst + e*(i0 + box[0]*(i1 + box[1]*(i2 + ...)))) with swizzle as
// for gpu.wgmma's descriptors (x ^ (((x >> 7) & (S/16-1)) << 4), S = 16
// for none). The copy is asynchronous: its bytes land at unspecified
// times, and when all have landed it performs complete_tx of the whole
// box (prod(box)*e bytes, out-of-bounds ones included) on the mbarrier at
// bar (see gpu.mbarrier_arrive_expect_tx). Threads may read the box only
// after a gpu.mbarrier_wait that observes that phase.
//
// With {multicast = M : i32} (sm_90, clusters; PTX's .multicast::cluster
// with ctaMask M), gpu.tma_load's box lands at dst's offset in the shared
// memory of every CTA of the cluster whose rank's bit is set in M (1 to
// 2^16-1), and complete_tx of the box's bytes happens on the mbarrier at
// bar's offset in each of them: one thread of one CTA fills the same
// buffer of several CTAs, each of which expects the bytes on its own
// barrier.
//
// gpu.tma_store (PTX cp.async.bulk.tensor.rd.global.shared::cta.
// bulk_group) reads the box at src (laid out as for a load) through the
// async proxy, so ordinary stores to it must be followed by
// gpu.fence_proxy_async and a barrier, and writes its in-bounds elements
// to global memory; out-of-bounds ones are dropped. It joins the thread's
// open bulk group. gpu.bulk_commit (cp.async.bulk.commit_group) closes the
// open group; gpu.bulk_wait N (cp.async.bulk.wait_group) blocks until at
// most the N most recent groups are pending: with `read` (wait_group.read)
// until the older groups have finished *reading* shared memory (src may
// then be overwritten), without it until their writes are complete and
// visible to the thread.
//
// gpu.tma_reduce KIND (PTX cp.reduce.async.bulk.tensor.rd.global.
// shared::cta.KIND.bulk_group) is a gpu.tma_store that combines each
// in-bounds element with the one in global memory, atomically per
// element: KIND is add, min, max, inc, dec, and, or or xor. The element
// type, and with it the arithmetic (signed or unsigned integer min/max,
// float add), is the tensor map's: add takes u32, s32, u64, f32, f16 and
// bf16; min and max u32, s32, u64, s64, f16 and bf16; inc and dec u32;
// and, or and xor 32- and 64-bit integers. It joins the bulk group as a
// store does.
//
// gpu.tma_prefetch (prefetch.tensormap) is a hint that loads the tensor
// map into the cache; it has no effect on values.
//
// All these ops read and write memory in order (never moved or erased).
var (
	TMALoadOp     = Dialect.NewOp("tma_load", 0)
	TMAStoreOp    = Dialect.NewOp("tma_store", 0)
	TMAReduceOp   = Dialect.NewOp("tma_reduce", 0)
	BulkCommitOp  = Dialect.NewOp("bulk_commit", 0)
	BulkWaitOp    = Dialect.NewOp("bulk_wait", 0)
	TMAPrefetchOp = Dialect.NewOp("tma_prefetch", 0)
)

func init() {
	TMALoadOp.Parse = func(p ir.OpParser, st *ir.OperationState) error { return parseTMA(p, st, true) }
	TMALoadOp.Print = func(p ir.OpPrinter, op *ir.Operation) { printTMA(p, op, true) }
	TMALoadOp.Verify = func(op *ir.Operation) error {
		if err := verifyTMA(op, true); err != nil {
			return err
		}
		if a := op.Attr(AttrMulticast); a != nil {
			if m, ok := a.(*ir.IntegerAttr); !ok || !ir.IsInteger(m.Type(), 32) || m.Int() < 1 || m.Int() >= 1<<16 {
				return ir.OpErrorf(op, "'multicast' must be an i32 mask of the cluster's CTAs, between 1 and 2^16-1")
			}
		}
		return nil
	}
	TMALoadOp.AppendEffects = orderingEffects

	TMAStoreOp.Parse = func(p ir.OpParser, st *ir.OperationState) error { return parseTMA(p, st, false) }
	TMAStoreOp.Print = func(p ir.OpPrinter, op *ir.Operation) { printTMA(p, op, false) }
	TMAStoreOp.Verify = func(op *ir.Operation) error { return verifyTMA(op, false) }
	TMAStoreOp.AppendEffects = orderingEffects

	TMAReduceOp.Inherent = []string{"kind"}
	TMAReduceOp.Parse = parseTMAReduce
	TMAReduceOp.Print = func(p ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" " + TMAReduceKind(op))
		printTMA(p, op, false)
	}
	TMAReduceOp.Verify = func(op *ir.Operation) error {
		if !slices.Contains(TMAReduceKinds, TMAReduceKind(op)) {
			return ir.OpErrorf(op, "requires attribute 'kind': one of %s", strings.Join(TMAReduceKinds, ", "))
		}
		return verifyTMA(op, false)
	}
	TMAReduceOp.AppendEffects = orderingEffects

	BulkCommitOp.Parse = parseNoOperands
	BulkCommitOp.Print = printNoOperands
	BulkCommitOp.Verify = func(op *ir.Operation) error { return counts(op, 0, 0) }
	BulkCommitOp.AppendEffects = orderingEffects

	BulkWaitOp.Inherent = []string{"pending", "read"}
	BulkWaitOp.Parse = parsePendingCount
	BulkWaitOp.Print = printPendingCount
	BulkWaitOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 0, 0); err != nil {
			return err
		}
		if a := op.Attr("read"); a != nil {
			if _, ok := a.(*ir.UnitAttr); !ok {
				return ir.OpErrorf(op, "'read' must be a unit attribute")
			}
		}
		return verifyPending(op)
	}
	BulkWaitOp.AppendEffects = orderingEffects

	TMAPrefetchOp.Parse = parseTMAPrefetch
	TMAPrefetchOp.Print = func(p ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		p.PrintOptionalAttrDict(op.Attrs())
		p.WriteString(" : ")
		p.PrintType(op.Operand(0).Type())
	}
	TMAPrefetchOp.Verify = func(op *ir.Operation) error {
		if op.NumResults() != 0 || op.NumOperands() < 1 || op.NumOperands() > 2 {
			return ir.OpErrorf(op, "expected a tensor map and an optional i1 predicate, and no results")
		}
		if err := verifyTensorMap(op, op.Operand(0)); err != nil {
			return err
		}
		if op.NumOperands() == 2 && !ir.IsInteger(op.Operand(1).Type(), 1) {
			return ir.OpErrorf(op, "predicate must be i1, got '%s'", asm.TypeString(op.Operand(1).Type()))
		}
		return nil
	}
	TMAPrefetchOp.AppendEffects = orderingEffects
}

// AttrMulticast, on a gpu.tma_load, is the mask of the cluster's CTAs
// (by rank) that receive the box.
const AttrMulticast = "multicast"

// Multicast returns a gpu.tma_load's mask of receiving CTAs, 0 when the
// box lands in the issuing CTA alone.
func Multicast(op *ir.Operation) int {
	if a, ok := op.Attr(AttrMulticast).(*ir.IntegerAttr); ok {
		return int(a.Int())
	}
	return 0
}

// TMAReduceKinds are the combines of gpu.tma_reduce, PTX's .redOp.
var TMAReduceKinds = []string{"add", "min", "max", "inc", "dec", "and", "or", "xor"}

// TMAReduceKind returns the combine of a gpu.tma_reduce.
func TMAReduceKind(op *ir.Operation) string {
	if a, ok := op.Attr("kind").(*ir.StringAttr); ok {
		return a.Value
	}
	return ""
}

func parseTMAReduce(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	kw, err := p.ParseKeyword()
	if err != nil {
		return err
	}
	if !slices.Contains(TMAReduceKinds, kw) {
		return p.ErrorfAt(loc, "expected a reduction kind (%s), got '%s'", strings.Join(TMAReduceKinds, ", "), kw)
	}
	st.AddAttr("kind", ir.StringAttrOf(p.Context(), kw))
	return parseTMA(p, st, false)
}

// TMAView is a typed view of gpu.tma_load, gpu.tma_store and
// gpu.tma_reduce (laid out as a store).
type TMAView struct{ *ir.Operation }

func (v TMAView) isLoad() bool { return v.Name() == TMALoadOp.Name }

// Map returns the tensor map's address.
func (v TMAView) Map() ir.Value {
	if v.isLoad() {
		return v.Operand(2)
	}
	return v.Operand(0)
}

// Shared returns the shared-memory box: the load's destination or the
// store's source.
func (v TMAView) Shared() ir.Value {
	if v.isLoad() {
		return v.Operand(0)
	}
	return v.Operand(1)
}

// Barrier returns the mbarrier of a load (nil for a store).
func (v TMAView) Barrier() ir.Value {
	if v.isLoad() {
		return v.Operand(1)
	}
	return nil
}

// Pred returns the guarding predicate, or nil.
func (v TMAView) Pred() ir.Value {
	if n := v.NumOperands(); n > 0 && ir.IsInteger(v.Operand(n-1).Type(), 1) {
		return v.Operand(n - 1)
	}
	return nil
}

// Coords returns the coordinates, dimension 0 first.
func (v TMAView) Coords() []ir.Value {
	first := 2
	if v.isLoad() {
		first = 3
	}
	end := v.NumOperands()
	if v.Pred() != nil {
		end--
	}
	if first > end {
		return nil
	}
	return v.Operands()[first:end]
}

// parseTMA reads a load `%dst, %bar, %map[coords][, %p] : T, T, T` or a
// store `%map[coords], %src[, %p] : T, T`.
func parseTMA(p ir.OpParser, st *ir.OperationState, load bool) error {
	var lead []ir.UnresolvedOperand
	if load {
		for i := 0; i < 2; i++ {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			lead = append(lead, u)
			if err := p.ParseComma(); err != nil {
				return err
			}
		}
	}
	mapU, err := p.ParseOperand()
	if err != nil {
		return err
	}
	coords, err := p.ParseOperandList(ir.DelimSquare)
	if err != nil {
		return err
	}
	var rest []ir.UnresolvedOperand
	for p.ParseOptionalComma() {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		rest = append(rest, u)
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	loc := p.Loc()
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	ctx := p.Context()
	i1, i32 := ir.I1(ctx), ir.I32(ctx)
	var us []ir.UnresolvedOperand
	var types []ir.Type
	if load {
		if len(ts) != 3 {
			return p.ErrorfAt(loc, "expected the types of dst, barrier and tensor map")
		}
		if len(rest) > 1 {
			return p.ErrorfAt(loc, "expected at most a predicate after the coordinates")
		}
		us = append(append(lead, mapU), coords...)
		types = append([]ir.Type{}, ts...)
	} else {
		if len(ts) != 2 {
			return p.ErrorfAt(loc, "expected the types of the tensor map and src")
		}
		if len(rest) < 1 || len(rest) > 2 {
			return p.ErrorfAt(loc, "expected src and an optional predicate after the coordinates")
		}
		us = append([]ir.UnresolvedOperand{mapU, rest[0]}, coords...)
		types = append([]ir.Type{}, ts...)
		rest = rest[1:]
	}
	for range coords {
		types = append(types, i32)
	}
	if len(rest) == 1 {
		us = append(us, rest[0])
		types = append(types, i1)
	}
	vals, err := p.ResolveOperands(us, types)
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func printTMA(p ir.OpPrinter, op *ir.Operation, load bool) {
	v := TMAView{op}
	p.WriteString(" ")
	if load {
		p.PrintOperand(v.Shared())
		p.WriteString(", ")
		p.PrintOperand(v.Barrier())
		p.WriteString(", ")
	}
	p.PrintOperand(v.Map())
	printGroup(p, v.Coords())
	if !load {
		p.WriteString(", ")
		p.PrintOperand(v.Shared())
	}
	if pr := v.Pred(); pr != nil {
		p.WriteString(", ")
		p.PrintOperand(pr)
	}
	p.PrintOptionalAttrDict(op.Attrs(), "kind")
	p.WriteString(" : ")
	if load {
		p.PrintTypes([]ir.Type{v.Shared().Type(), v.Barrier().Type(), v.Map().Type()})
	} else {
		p.PrintTypes([]ir.Type{v.Map().Type(), v.Shared().Type()})
	}
}

// verifyTensorMap checks the tensor-map pointer.
func verifyTensorMap(op *ir.Operation, m ir.Value) error {
	if s, ok := spaceOf(m.Type()); !ok || s == SpaceShared {
		return ir.OpErrorf(op, "tensor map must be an !llvm.ptr (generic) or !llvm.ptr<1> (global), got '%s'", asm.TypeString(m.Type()))
	}
	return nil
}

func verifyTMA(op *ir.Operation, load bool) error {
	min := 3
	if load {
		min = 4
	}
	if op.NumResults() != 0 || op.NumOperands() < min {
		return ir.OpErrorf(op, "expected its pointers, 1 to 5 coordinates and an optional predicate, and no results")
	}
	v := TMAView{op}
	if err := verifyTensorMap(op, v.Map()); err != nil {
		return err
	}
	if s, ok := spaceOf(v.Shared().Type()); !ok || s != SpaceShared {
		return ir.OpErrorf(op, "the shared-memory box must be an !llvm.ptr<3>, got '%s'", asm.TypeString(v.Shared().Type()))
	}
	if load {
		if s, ok := spaceOf(v.Barrier().Type()); !ok || s != SpaceShared {
			return ir.OpErrorf(op, "the mbarrier must be an !llvm.ptr<3>, got '%s'", asm.TypeString(v.Barrier().Type()))
		}
	}
	cs := v.Coords()
	if len(cs) < 1 || len(cs) > 5 {
		return ir.OpErrorf(op, "a tensor map has rank 1 to 5, got %d coordinates", len(cs))
	}
	for _, c := range cs {
		if !ir.IsInteger(c.Type(), 32) {
			return ir.OpErrorf(op, "coordinates must be i32, got '%s'", asm.TypeString(c.Type()))
		}
	}
	return nil
}

func parseTMAPrefetch(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if len(us) < 1 || len(us) > 2 {
		return p.ErrorfAt(loc, "expected a tensor map and an optional predicate")
	}
	ts := []ir.Type{t, ir.I1(p.Context())}
	vals, err := p.ResolveOperands(us, ts[:len(us)])
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

// NewTMALoad builds `gpu.tma_load dst, bar, map[coords][, pred]`.
func NewTMALoad(b *ir.Builder, loc ir.Location, dst, bar, tensorMap ir.Value, coords []ir.Value, pred ir.Value) *ir.Operation {
	ops := append([]ir.Value{dst, bar, tensorMap}, coords...)
	if pred != nil {
		ops = append(ops, pred)
	}
	return b.CreateOp(TMALoadOp.Name, loc, ops, nil)
}

// NewTMAStore builds `gpu.tma_store map[coords], src[, pred]`.
func NewTMAStore(b *ir.Builder, loc ir.Location, tensorMap ir.Value, coords []ir.Value, src, pred ir.Value) *ir.Operation {
	ops := append([]ir.Value{tensorMap, src}, coords...)
	if pred != nil {
		ops = append(ops, pred)
	}
	return b.CreateOp(TMAStoreOp.Name, loc, ops, nil)
}

// NewBulkCommit builds `gpu.bulk_commit`.
func NewBulkCommit(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp(BulkCommitOp.Name, loc, nil, nil)
}

// NewBulkWait builds `gpu.bulk_wait pending {read}`.
func NewBulkWait(b *ir.Builder, loc ir.Location, pending int, read bool) *ir.Operation {
	attrs := []ir.NamedAttr{{Name: "pending", Value: ir.I32Attr(b.Ctx, int64(pending))}}
	if read {
		attrs = append(attrs, ir.NamedAttr{Name: "read", Value: ir.Unit(b.Ctx)})
	}
	return b.CreateOp(BulkWaitOp.Name, loc, nil, nil, attrs...)
}

// NewTMAReduce builds `gpu.tma_reduce kind map[coords], src[, pred]`.
func NewTMAReduce(b *ir.Builder, loc ir.Location, kind string, tensorMap ir.Value, coords []ir.Value, src, pred ir.Value) *ir.Operation {
	ops := append([]ir.Value{tensorMap, src}, coords...)
	if pred != nil {
		ops = append(ops, pred)
	}
	return b.CreateOp(TMAReduceOp.Name, loc, ops, nil, ir.NamedAttr{Name: "kind", Value: ir.StringAttrOf(b.Ctx, kind)})
}

// WaitsForRead reports whether a bulk_wait waits only for reads.
func WaitsForRead(op *ir.Operation) bool { return op.Attr("read") != nil }

// NewTMAPrefetch builds `gpu.tma_prefetch map[, pred]`.
func NewTMAPrefetch(b *ir.Builder, loc ir.Location, tensorMap, pred ir.Value) *ir.Operation {
	ops := []ir.Value{tensorMap}
	if pred != nil {
		ops = append(ops, pred)
	}
	return b.CreateOp(TMAPrefetchOp.Name, loc, ops, nil)
}
