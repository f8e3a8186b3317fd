package ttgtogpu

import (
	"fmt"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// smemPlan is where the ops of the module have their shared memory: the
// buffers of the allocation (package allocation) by owning op, at the
// offsets the IR records, and the module's total (ttg.shared).
type smemPlan struct {
	buffers map[*ir.Operation]*allocation.Buffer
	total   int
	// baseParam holds the functions, other than kernels, that use shared
	// memory, with the bytes they use. The allocation places their memory
	// relative to the reservation of the call, so they take its address
	// as a trailing !llvm.ptr<3> parameter, as Triton's device functions
	// do.
	baseParam map[string]int
}

// allocateSharedMemory returns the module's shared-memory allocation, the
// one source of truth for where every buffer and scratch area lives and
// how large it is. After allocate-shared-memory (ttg.shared set) the
// offsets are the allocation.offset attributes it wrote; without it the
// conversion runs the same analysis and records it, as the pass would
// have: a hand-run conversion then needs no extra step, and the barrier
// analysis needs the allocation anyway (Triton's conversion recomputes it
// too).
func (l *lowering) allocateSharedMemory() (*allocation.ModuleAllocation, error) {
	if nv, ok := l.target.(*nvidiaTarget); ok && l.recorded.ModuleAllocation != nil &&
		l.recorded.CC == nv.capability && l.ctx.Generation() == l.recordedAt {
		// The pass's own allocation, on the IR as it is: no pass since
		// and nothing the lowering did so far changed it.
		return l.recorded.ModuleAllocation, nil
	}
	if l.module.Attr(ttg.AttrShared) != nil {
		return allocation.AnalyzeRecorded(l.module, l.allocOpts)
	}
	alloc, err := allocation.Analyze(l.module, l.allocOpts)
	if err != nil {
		return nil, err
	}
	alloc.Annotate()
	return alloc, nil
}

// planSharedMemory indexes the buffers of alloc by owning op and checks
// that each lies within its function's shared memory: the module's
// (ttg.shared) for a kernel, the size the allocation gives a callee.
func planSharedMemory(module *ir.Operation, alloc *allocation.ModuleAllocation) (*smemPlan, error) {
	p := &smemPlan{buffers: map[*ir.Operation]*allocation.Buffer{}, total: ttg.SharedBytes(module), baseParam: map[string]int{}}
	var err error
	ir.Walk(module, ir.PreOrder, func(fn *ir.Operation) ir.WalkResult {
		if err != nil {
			return ir.Interrupt
		}
		a := alloc.Func(fn)
		if a == nil {
			return ir.Advance
		}
		bound, what := p.total, fmt.Sprintf("the module's %d bytes (\"%s\")", p.total, ttg.AttrShared)
		if !isKernel(fn) {
			bound, what = a.SharedMemorySize(), fmt.Sprintf("the function's %d bytes", a.SharedMemorySize())
			if bound > 0 {
				p.baseParam[ir.SymbolName(fn)] = bound
			}
		}
		for _, b := range a.Buffers() {
			if b.Offset < 0 || b.Offset+b.Size > bound {
				err = ir.OpErrorf(b.Owner, "shared memory [%d, %d) is outside %s", b.Offset, b.Offset+b.Size, what)
				return ir.Interrupt
			}
			p.buffers[b.Owner] = b
		}
		return ir.Skip
	})
	return p, err
}

// isKernel reports whether a tt.func is a kernel: public, as Triton's rule.
func isKernel(fn *ir.Operation) bool { return tt.FuncOp{Operation: fn}.IsPublic() }

// syncCalleeBoundaries puts a barrier at the entry and before every
// return of each function that takes its shared memory base: the
// barrier analysis of a function starts from nothing pending and compares
// what a callee leaves pending in the callee's own offsets, while its
// memory overlaps what the caller's ops used just before the call (their
// scratch areas are free by then) and will use just after.
func (p *smemPlan) syncCalleeBoundaries(module *ir.Operation) {
	b := ir.NewBuilder(module.Context())
	barrier := func(loc ir.Location) { b.CreateOp("ttg.local_barrier", loc, nil, nil) }
	var fns []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() == "tt.func" && p.baseParam[ir.SymbolName(op)] > 0 && !op.Region(0).Empty() {
			fns = append(fns, op)
		}
	})
	for _, fn := range fns {
		b.SetInsertionPointToStart(fn.Region(0).Front())
		barrier(fn.Loc())
		for _, blk := range fn.Region(0).Blocks() {
			if ret := blk.Last(); ret != nil && ret.Name() == "tt.return" {
				b.SetInsertionPoint(ret)
				barrier(ret.Loc())
			}
		}
	}
}

// sharedOffset returns the offset of the shared memory op owns (its
// buffer or scratch area), after checking that the need bytes its
// lowering touches fit in what the allocation reserved for it.
func (l *lowering) sharedOffset(op *ir.Operation, need int) (int, error) {
	b := l.smem.buffers[op]
	if b == nil || need > b.Size {
		have := 0
		if b != nil {
			have = b.Size
		}
		return 0, ir.OpErrorf(op, "needs %d bytes of shared memory to lower, the allocation reserved %d", need, have)
	}
	return b.Offset, nil
}

// bufferBytes is the size of a ttg.local_alloc buffer (in each CTA).
func (l *lowering) bufferBytes(op *ir.Operation) (int, error) {
	mt, ok := op.Result(0).Type().(*ttg.MemDescType)
	if !ok {
		return 0, ir.OpErrorf(op, "expected a memdesc result")
	}
	n := int64(1)
	for _, d := range allocShapePerCTA(mt) {
		n *= d
	}
	bytes := n * int64(storageBits(mt.Elem)) / 8
	if bytes > 1<<30 {
		return 0, ir.OpErrorf(op, "shared memory buffer of %d bytes is too large", bytes)
	}
	return int(bytes), nil
}

// allocShapePerCTA is the part of a buffer's allocation one CTA of a
// cluster holds (the allocation shape without clusters), as
// analysis/allocation sizes buffers.
func allocShapePerCTA(mt *ttg.MemDescType) []int64 {
	return ttg.ShapePerCTA(ttg.CGAOf(mt.Encoding, len(mt.Dims)).CTASplitNum(), mt.AllocShape)
}

// smemAddr returns the address base+offset+bytes in shared memory, where
// base is the start of op's shared memory.
func (e *emitter) smemAddr(opOffset int, bytes ir.Value) ir.Value {
	base := e.fs.once(e.l, fmt.Sprintf("smem+%d", opOffset), func(pe *emitter) ir.Value {
		return pe.byteGep(pe.fs.sharedBase(pe.l), pe.i32c(int64(opOffset)))
	})
	return e.byteGep(base, bytes)
}
