package allocation

import (
	"github.com/ttcompiler/tt/analysis/alias"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// OffsetAttr is the attribute allocate-shared-memory puts on every op that
// owns shared memory (a local_alloc's buffer, an op's scratch buffer, a
// call's reservation): the byte offset of that memory from the start of
// the function's shared memory (for a kernel, of dynamic shared memory).
const OffsetAttr = "allocation.offset"

// Options configure the allocation.
type Options struct {
	// Scratch sizes the scratch buffers of ops other than calls,
	// warp_specialize ops and functions; nil means DefaultScratchSize.
	Scratch ScratchSizeFunc
}

// ModuleAllocation is the shared-memory allocation of every function of a
// module (Triton's ModuleAllocation).
type ModuleAllocation struct {
	Graph *CallGraph
	funcs map[*ir.Operation]*Allocation
}

// NvidiaPlan is the allocation Analyze computes with the NVIDIA scratch
// sizes of compute capability CC (NvidiaScratchSize), what
// allocate-shared-memory-nv for CC computes and records: a compiler that
// allocated a module to check its shared memory hands it to the pass
// through the pass manager's cache, while nothing it read changed.
type NvidiaPlan struct {
	CC int
	*ModuleAllocation
}

// NvidiaRecorded is the allocation allocate-shared-memory-nv recorded in a
// module, with the NVIDIA scratch sizes of compute capability CC
// (NvidiaScratchSize): while nothing the allocation reads changes, what
// AnalyzeRecorded returns for those sizes. The pass leaves it in the pass
// manager's cache for the passes after it that read the recorded
// allocation (the proxy fence insertion, the conversion).
type NvidiaRecorded struct {
	CC int
	*ModuleAllocation
}

// Analyze allocates the shared memory of module's functions, callees
// first. Errors are located diagnostics (malformed layouts, recursion).
func Analyze(module *ir.Operation, opts Options) (*ModuleAllocation, error) {
	return analyze(module, opts, true)
}

// AnalyzeRecorded returns the allocation of a module that
// allocate-shared-memory has annotated, at the offsets the IR records: it
// is Analyze followed by AdoptRecordedOffsets (with its errors), less the
// placement of the functions nobody calls (the kernels), whose chosen
// offsets the recorded ones would only replace. A function that is called
// is still placed, since what its calls reserve is the size the analysis
// gives it; a kernel's size is the end of its highest recorded buffer.
func AnalyzeRecorded(module *ir.Operation, opts Options) (*ModuleAllocation, error) {
	m, err := analyze(module, opts, false)
	if err != nil {
		return nil, err
	}
	if err := m.AdoptRecordedOffsets(); err != nil {
		return nil, err
	}
	for _, fn := range m.Graph.Roots {
		if a := m.funcs[fn]; a != nil {
			for _, b := range a.buffers {
				a.size = max(a.size, b.Offset+b.Size)
			}
		}
	}
	return m, nil
}

// analyze allocates the functions of module, callees first; placeRoots
// says whether the functions nobody calls get offsets too.
func analyze(module *ir.Operation, opts Options, placeRoots bool) (*ModuleAllocation, error) {
	sizeFn := opts.Scratch
	if sizeFn == nil {
		sizeFn = DefaultScratchSize
	}
	m := &ModuleAllocation{Graph: NewCallGraph(module), funcs: map[*ir.Operation]*Allocation{}}
	order, err := m.Graph.PostOrder()
	if err != nil {
		return nil, err
	}
	roots := map[*ir.Operation]bool{}
	if !placeRoots {
		for _, fn := range m.Graph.Roots {
			roots[fn] = true
		}
	}
	for _, fn := range order {
		f := &funcAllocator{a: newAllocation(fn), scratch: sizeFn, callee: m.calleeOf}
		if err := f.run(!roots[fn]); err != nil {
			return nil, err
		}
		m.funcs[fn] = f.a
	}
	return m, nil
}

func (m *ModuleAllocation) calleeOf(call *ir.Operation) *Allocation {
	if callee := ResolveCallee(call); callee != nil {
		return m.funcs[callee]
	}
	return nil
}

// Func returns the allocation of fn, or nil if fn is not a function of the
// analyzed module.
func (m *ModuleAllocation) Func(fn *ir.Operation) *Allocation { return m.funcs[fn] }

// SharedMemorySize returns the shared memory the module needs: the most
// any of its kernels (call graph roots) needs.
func (m *ModuleAllocation) SharedMemorySize() int {
	n := 0
	for _, r := range m.Graph.Roots {
		if a := m.funcs[r]; a != nil {
			n = max(n, a.size)
		}
	}
	return n
}

// Annotate records the allocation in the IR as Triton's
// attachAllocationSizeAndOffsetAttr does: OffsetAttr (i32) on every op
// that owns a scratch or virtual buffer, or whose single result has an
// explicit buffer, and the module's `ttg.shared` (i32 bytes).
func (m *ModuleAllocation) Annotate() {
	module := m.Graph.Module
	ctx := module.Context()
	m.eachOwner(func(op *ir.Operation, b *Buffer) error {
		op.SetAttr(OffsetAttr, ir.I32Attr(ctx, int64(b.Offset)))
		return nil
	})
	module.SetAttr(ttg.AttrShared, ir.I32Attr(ctx, int64(m.SharedMemorySize())))
}

// AdoptRecordedOffsets replaces the offsets the analysis chose with those
// the IR records (OffsetAttr, from an earlier Annotate: the
// allocate-shared-memory pass, possibly on an earlier form of the module
// whose liveness differed), so that what is built on the allocation (the
// barrier analysis, the lowering) sees the memory the ops really use.
// Sizes stay the analysis's. Every op that owns a buffer must carry the
// attribute; the error for one that does not is located.
func (m *ModuleAllocation) AdoptRecordedOffsets() error {
	return m.eachOwner(func(op *ir.Operation, b *Buffer) error {
		off, ok := OffsetOf(op)
		if !ok {
			return ir.OpErrorf(op, "needs %d bytes of shared memory but has no %s attribute (run allocate-shared-memory after the passes that add shared memory users)", b.Size, OffsetAttr)
		}
		if off < 0 {
			return ir.OpErrorf(op, "has a negative %s (%d)", OffsetAttr, off)
		}
		b.Offset = off
		return nil
	})
}

// eachOwner calls f for every op that owns a buffer (its scratch, its
// callee's reservation, or its single result's explicit buffer), function
// by function and in post-order within each, stopping at the first error.
func (m *ModuleAllocation) eachOwner(f func(op *ir.Operation, b *Buffer) error) error {
	var err error
	ir.Walk(m.Graph.Module, ir.PreOrder, func(fn *ir.Operation) ir.WalkResult {
		if err != nil {
			return ir.Interrupt
		}
		if !alias.IsFunction(fn) {
			return ir.Advance
		}
		if a := m.funcs[fn]; a != nil {
			err = a.eachOwner(f)
		}
		return ir.Skip
	})
	return err
}

// eachOwner calls f for every op of the function that owns a buffer, with
// the buffer it owns (its scratch or its call's reservation before its
// result's explicit buffer), in post-order, stopping at the first error.
// The owners are read from the buffers rather than found by asking about
// every op of the function: the buffers are in pre-order (collectBuffers;
// an op's own buffers one after the other), which the stack of the owners
// whose nested owners may still follow turns into post-order.
func (a *Allocation) eachOwner(f func(op *ir.Operation, b *Buffer) error) error {
	var open []*ir.Operation
	done := func() error {
		op := open[len(open)-1]
		open = open[:len(open)-1]
		b := a.ScratchOf(op)
		if b == nil {
			b = a.explicit[op]
		}
		return f(op, b)
	}
	for _, b := range a.buffers {
		op := b.Owner
		if len(open) > 0 && open[len(open)-1] == op {
			continue
		}
		for len(open) > 0 && !open[len(open)-1].IsAncestorOf(op) {
			if err := done(); err != nil {
				return err
			}
		}
		open = append(open, op)
	}
	for len(open) > 0 {
		if err := done(); err != nil {
			return err
		}
	}
	return nil
}

// OffsetOf returns the allocation.offset of op, if allocate-shared-memory
// gave it one.
func OffsetOf(op *ir.Operation) (int, bool) {
	a, ok := op.Attr(OffsetAttr).(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return int(a.Int()), true
}
