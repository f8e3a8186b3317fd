package pipeliner

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// Pipelining the TMA stores of a loop (Triton's pipelineTMAStores): each
// store copies its value into a shared buffer and issues the TMA store
// without waiting for it; the next store through the same buffer first
// waits for the previous one, and the loop is followed by a wait for all.

// isHostSideDescriptor reports whether v is a descriptor argument of a
// kernel (filled in by the host rather than made on the device).
func isHostSideDescriptor(v ir.Value) bool {
	arg, ok := v.(*ir.BlockArgument)
	if !ok {
		return false
	}
	fn := blockOwner(arg.Owner())
	if fn == nil || (fn.Name() != "tt.func" && fn.Name() != "func.func") {
		return false
	}
	vis, _ := fn.Attr("sym_visibility").(*ir.StringAttr)
	return vis == nil || vis.Value == "public"
}

// tmaStoreSrc is the stored value of a descriptor store, reduction or
// scatter.
func tmaStoreSrc(op *ir.Operation) ir.Value {
	if op.Name() == "tt.descriptor_scatter" {
		return op.Operand(3)
	}
	return op.Operand(1)
}

// pipelineTMAStores pipelines the loop's TMA stores (not those of nested
// loops) and reports whether there were any.
func pipelineTMAStores(loop *ir.Operation) (bool, error) {
	var stores []*ir.Operation
	for _, op := range bodyOps(loop) {
		ir.Walk(op, ir.PreOrder, func(x *ir.Operation) ir.WalkResult {
			switch x.Name() {
			case "tt.descriptor_store", "tt.descriptor_reduce", "tt.descriptor_scatter":
				stores = append(stores, x)
			case "scf.for":
				return ir.Skip
			}
			return ir.Advance
		})
	}
	if len(stores) == 0 {
		return false, nil
	}
	ctx := loop.Context()
	// Stores of the same shape and type share a buffer: a store waits
	// for the previous ones before writing it.
	type key struct {
		shape string
		elem  ir.Type
	}
	allocs := map[key]ir.Value{}
	var allocOrder []ir.Value
	storeAlloc := map[*ir.Operation]ir.Value{}
	b := ir.NewBuilder(ctx)
	for _, st := range stores {
		src := tmaStoreSrc(st).Type().(*ir.RankedTensorType)
		k := key{fmt.Sprint(src.Dims), src.Elem}
		alloc, ok := allocs[k]
		if !ok {
			enc, err := ttg.DescriptorSharedEncoding(st.Operand(0).Type().(*tt.TensorDescType), src)
			if err != nil {
				return false, ir.OpErrorf(st, "%v", err)
			}
			b.SetInsertionPoint(loop)
			alloc = ttg.NewLocalAlloc(b, st.Loc(), ttg.SharedMemDesc(ctx, src.Dims, src.Elem, enc, true), nil).Result(0)
			allocs[k] = alloc
			allocOrder = append(allocOrder, alloc)
		}
		storeAlloc[st] = alloc
	}
	deviceSide := false
	for _, st := range stores {
		if !isHostSideDescriptor(st.Operand(0)) {
			deviceSide = true
		}
	}
	for _, st := range stores {
		alloc := storeAlloc[st]
		b.SetInsertionPoint(st)
		loc := st.Loc()
		desc := st.Operand(0)
		ttng.NewTMAStoreWait(b, loc, 0)
		ttg.NewLocalStore(b, loc, tmaStoreSrc(st), alloc)
		ttng.NewFenceAsyncShared(b, loc, false)
		switch st.Name() {
		case "tt.descriptor_store":
			ttng.NewAsyncTMACopyLocalToGlobal(b, loc, desc, st.Operands()[2:], alloc)
		case "tt.descriptor_reduce":
			ttng.NewAsyncTMAReduce(b, loc, st.Attr("kind"), desc, st.Operands()[2:], alloc)
		default:
			ttng.NewAsyncTMAScatter(b, loc, desc, st.Operand(1), st.Operand(2), alloc)
		}
		st.Erase()
	}
	b.SetInsertionPointAfter(loop)
	ttng.NewTMAStoreWait(b, loop.Loc(), 0)
	for _, a := range allocOrder {
		ttg.NewLocalDealloc(b, loop.Loc(), a)
	}
	if deviceSide {
		// Double-buffer the descriptors made in the loop.
		if _, err := lowerTMADescriptors(loop, newSchedule(3)); err != nil {
			return true, err
		}
	}
	return true, nil
}
