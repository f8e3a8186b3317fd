package ttgtogpu

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// AllocationOffsetAttr is the attribute allocate-shared-memory puts on ops
// that own shared memory (a buffer or a scratch area): the byte offset of
// it from the start of dynamic shared memory.
const AllocationOffsetAttr = "allocation.offset"

// smemPlan says where the shared memory of every op lives.
//
// Without an allocation pass the lowering lays it out itself: explicit
// buffers (ttg.local_alloc) one after the other, then one scratch area,
// shared by every op that needs scratch space, as large as the largest
// need. Sharing is safe because every lowering that writes scratch first
// waits at a barrier for all earlier users to finish reading (see
// barrierBeforeWrite), and no scratch contents outlive the op that wrote
// them.
type smemPlan struct {
	offsets map[*ir.Operation]int
	total   int
}

// scratchSizer returns the scratch bytes an op's lowering needs (0: none).
type scratchSizer func(l *lowering, op *ir.Operation) (int, error)

// scratchSizers lists the ops that may need scratch space.
func (l *lowering) scratchSizers() map[string]scratchSizer {
	return map[string]scratchSizer{
		"tt.reduce":          (*lowering).reduceScratch,
		"tt.scan":            (*lowering).scanScratch,
		"ttg.convert_layout": (*lowering).convertScratch,
		"tt.histogram":       (*lowering).histogramScratch,
		"tt.atomic_rmw":      (*lowering).atomicScratch,
		"tt.atomic_cas":      (*lowering).atomicScratch,
		"tt.gather":          (*lowering).gatherScratch,
	}
}

// planSharedMemory decides the shared memory layout: from the
// allocation.offset attributes when the module was allocated (ttg.shared
// set), else by the lowering's own simple layout.
func planSharedMemory(l *lowering) (*smemPlan, error) {
	p := &smemPlan{offsets: map[*ir.Operation]int{}}
	sizers := l.scratchSizers()
	allocated := l.module.Attr(ttg.AttrShared) != nil
	type need struct {
		op    *ir.Operation
		bytes int
	}
	var buffers, scratch []need
	var errs error
	ir.WalkOps(l.module, func(op *ir.Operation) {
		if errs != nil {
			return
		}
		if op.Name() == "ttg.local_alloc" {
			n, err := l.bufferBytes(op)
			if err != nil {
				errs = err
				return
			}
			buffers = append(buffers, need{op, n})
			return
		}
		if sz, ok := sizers[op.Name()]; ok {
			n, err := sz(l, op)
			if err != nil {
				errs = err
				return
			}
			if n > 0 {
				scratch = append(scratch, need{op, n})
			}
		}
	})
	if errs != nil {
		return nil, errs
	}
	if allocated {
		total := ttg.SharedBytes(l.module)
		for _, lists := range [][]need{buffers, scratch} {
			for _, n := range lists {
				// An allocation pass places a callee's shared memory
				// relative to the caller's reservation, which would need
				// the base passed along; kernels only.
				if fn := n.op.ParentOfName("tt.func"); fn != nil && ir.IsPrivateSymbol(fn) {
					return nil, ir.OpErrorf(n.op, "shared memory in a function that is not a kernel is not supported after allocate-shared-memory (inline the function)")
				}
				a, ok := n.op.Attr(AllocationOffsetAttr).(*ir.IntegerAttr)
				if !ok {
					return nil, ir.OpErrorf(n.op, "needs %d bytes of shared memory but has no %s attribute", n.bytes, AllocationOffsetAttr)
				}
				off := int(a.Int())
				if off < 0 || off+n.bytes > total {
					return nil, ir.OpErrorf(n.op, "shared memory [%d, %d) is outside the module's %d bytes", off, off+n.bytes, total)
				}
				p.offsets[n.op] = off
			}
		}
		p.total = total
		return p, nil
	}
	off := 0
	for _, b := range buffers {
		off = alignUp(off, 16)
		p.offsets[b.op] = off
		off += b.bytes
	}
	off = alignUp(off, 16)
	maxScratch := 0
	for _, s := range scratch {
		p.offsets[s.op] = off
		maxScratch = max(maxScratch, s.bytes)
	}
	p.total = off + maxScratch
	if len(buffers) == 0 && maxScratch == 0 {
		p.total = 0
	}
	return p, nil
}

func alignUp(v, a int) int { return (v + a - 1) / a * a }

// annotate records the total in the module's ttg.shared attribute.
func (p *smemPlan) annotate(module *ir.Operation) {
	module.SetAttr(ttg.AttrShared, ir.I32Attr(module.Context(), int64(p.total)))
}

// offsetOf returns the shared memory offset of op's buffer or scratch.
func (l *lowering) offsetOf(op *ir.Operation) (int, error) {
	off, ok := l.smem.offsets[op]
	if !ok {
		return 0, ir.OpErrorf(op, "no shared memory was allocated for this op")
	}
	return off, nil
}

// bufferBytes is the size of a ttg.local_alloc buffer.
func (l *lowering) bufferBytes(op *ir.Operation) (int, error) {
	mt, ok := op.Result(0).Type().(*ttg.MemDescType)
	if !ok {
		return 0, ir.OpErrorf(op, "expected a memdesc result")
	}
	n := int64(1)
	for _, d := range mt.AllocShape {
		n *= d
	}
	bytes := n * int64(storageBits(mt.Elem)) / 8
	if bytes > 1<<30 {
		return 0, ir.OpErrorf(op, "shared memory buffer of %d bytes is too large", bytes)
	}
	return int(bytes), nil
}

// ---- barriers ----

// barrierBeforeWrite emits the barrier that must separate a write to
// shared memory from every earlier access (reads of an earlier scratch
// user in particular). In a kernel's entry block before any shared
// memory access, no thread can have touched shared memory yet, and the
// barrier is left out.
func (e *emitter) barrierBeforeWrite() {
	if !(e.fs.kernel && e.b.InsertionBlock() == e.fs.entry && !e.fs.smemTouched) {
		newGPU(e).barrier()
	}
	e.fs.smemTouched = true
}

// touchSharedMemory records a shared memory access that needs no barrier
// of its own (a read, or a call that may access shared memory).
func (e *emitter) touchSharedMemory() { e.fs.smemTouched = true }

// smemAddr returns the address base+offset+bytes in shared memory, where
// base is the start of op's shared memory.
func (e *emitter) smemAddr(opOffset int, bytes ir.Value) ir.Value {
	base := e.fs.once(e.l, fmt.Sprintf("smem+%d", opOffset), func(pe *emitter) ir.Value {
		return pe.byteGep(pe.fs.sharedBase(pe.l), pe.i32c(int64(opOffset)))
	})
	return e.byteGep(base, bytes)
}

// mayAccessMemory reports whether a lowered op may read or write memory,
// so that a barrier after it is not redundant. Global accesses count too:
// a barrier the user asked for (tl.debug_barrier) may order them.
func mayAccessMemory(op *ir.Operation) bool {
	switch op.Name() {
	case "gpu.load", "gpu.store", "gpu.atomic_rmw", "gpu.atomic_cas",
		"llvm.call", "llvm.load", "llvm.store", "llvm.inline_asm", "llvm.atomicrmw", "llvm.cmpxchg", "gpu.printf", "gpu.assert":
		return true
	}
	return false
}

// removeRedundantBarriers deletes barriers that follow another barrier of
// the same block with no memory access between them, and barriers at the
// start of a kernel before any access.
func removeRedundantBarriers(fn *ir.Operation) {
	kernel := fn.HasAttr(KernelAttr)
	for _, b := range fn.Region(0).Blocks() {
		// In the entry block of a kernel, the start is a synchronized point.
		synced := kernel && b.IsEntry()
		var dead []*ir.Operation
		for op := b.First(); op != nil; op = op.Next() {
			switch {
			case op.Name() == "gpu.barrier":
				if synced {
					dead = append(dead, op)
				}
				synced = true
			case mayAccessMemory(op):
				synced = false
			}
		}
		for _, op := range dead {
			op.Erase()
		}
	}
}

// ScratchBytes returns the bytes of shared memory op's lowering uses as
// scratch in module (0: none). An allocation pass must reserve at least
// this much at the op's allocation.offset.
func ScratchBytes(module, op *ir.Operation) (int, error) {
	l, err := newLowering(module, Options{})
	if err != nil {
		return 0, err
	}
	sz, ok := l.scratchSizers()[op.Name()]
	if !ok {
		return 0, nil
	}
	return sz(l, op)
}
