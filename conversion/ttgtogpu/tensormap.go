package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// Tensor descriptors made inside a kernel (tt.make_tensor_descriptor on
// sm_90), as Triton 3.6 lowers them. The TTGIR pipeline rewrites them
// into ttg.global_scratch_alloc (128 bytes of per-program global scratch
// memory, placed by tritongpu-global-scratch-memory-allocation) +
// ttng.tensormap_create (write the tensor map there) +
// ttng.tensormap_fenceproxy_acquire + ttng.reinterpret_tensor_descriptor.
//
// Global scratch. A kernel of a module whose ttg.global_scratch_memory_size
// is positive takes one more parameter after its tt.func arguments: the
// base of a global buffer of size × (number of programs) × (CTAs of a
// cluster) bytes, aligned to
// ttg.global_scratch_memory_alignment, marked with the argument attribute
// tt.global_scratch (Triton's launcher passes it as the first of its two
// trailing scratch pointers; tt's runtime allocates it from the metadata's
// global_scratch_size). Program (x, y, z) of a grid (X, Y, Z) owns the
// size bytes at ((z*Y + y)*X + x) * size (with clusters of n CTAs, the
// CTA of rank r of program p those at (p*n + r) * size, as Triton 3.6's
// launcher allocates and its lowering indexes them), and a
// ttg.global_scratch_alloc is its program's bytes at the op's
// ttg.global_scratch_memory_offset. A function other than the kernel whose
// ttg.global_scratch_memory_size is positive (a noinline helper making a
// descriptor) takes its share as its last parameter, after the shared
// memory base: each call passes the caller's share plus the call's
// ttg.global_scratch_memory_offset, as Triton 3.6 does.
//
// Tensor map creation (Triton's TensormapCreateOpConversion): thread 0
// zeroes a 128-byte template in the op's shared scratch and sets its
// fields with gpu.tensormap_replace; warp 0 copies it to the global
// buffer with gpu.tensormap_cp_fenceproxy (release to the tensormap
// proxy). ttng.tensormap_fenceproxy_acquire is the acquire on warp 0,
// then a barrier, so that every thread's TMA copies see the map.

// GlobalScratchArgAttr marks the global-scratch parameter of a kernel.
const GlobalScratchArgAttr = "tt.global_scratch"

// globalScratchSize is the module's per-program global scratch (0: none).
func (l *lowering) globalScratchSize() int64 {
	if a, ok := l.module.Attr(ttg.AttrGlobalScratchMemorySize).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

// lowerGlobalScratchAlloc: this program's bytes of the global scratch
// buffer at the op's offset.
func (l *lowering) lowerGlobalScratchAlloc(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if op.HasAttr(ttg.AttrTensormapPool) {
		p, err := l.lowerTensormapPoolAlloc(op, e)
		if err != nil {
			return err
		}
		rw.ReplaceOp(op, []ir.Value{p})
		return nil
	}
	p, err := l.globalScratchAt(op, e)
	if err != nil {
		return err
	}
	rw.ReplaceOp(op, []ir.Value{p})
	return nil
}

// globalScratchAt is the address of the global scratch that op (a
// ttg.global_scratch_alloc or a tt.call of a function that needs scratch)
// was given: the function's share plus the op's
// ttg.global_scratch_memory_offset. A kernel's share is its program's
// slot of the buffer; a function other than a kernel receives its share
// from its caller as its last parameter, as Triton 3.6 passes it.
func (l *lowering) globalScratchAt(op *ir.Operation, e *emitter) (ir.Value, error) {
	off, ok := op.Attr("ttg.global_scratch_memory_offset").(*ir.IntegerAttr)
	if !ok {
		return nil, ir.OpErrorf(op, "has no ttg.global_scratch_memory_offset: run tritongpu-global-scratch-memory-allocation before the lowering")
	}
	if e.fs.globalScratch == nil {
		if !e.fs.kernel {
			return nil, ir.OpErrorf(op, "the function has no ttg.global_scratch_memory_size: run tritongpu-global-scratch-memory-allocation before the lowering")
		}
		return nil, ir.OpErrorf(op, "the module has no ttg.global_scratch_memory_size: run tritongpu-global-scratch-memory-allocation before the lowering")
	}
	base := e.fs.globalScratch
	if e.fs.kernel {
		base = e.fs.once(l, "global_scratch", func(pe *emitter) ir.Value {
			id := pe.add(pe.programID("x"), pe.mul(pe.numPrograms("x"), pe.add(pe.programID("y"), pe.mul(pe.numPrograms("y"), pe.programID("z")))))
			if l.ctaBits > 0 {
				// Each CTA of a cluster has a slot of its own.
				id = pe.orDisjoint(pe.shlC(id, int64(l.ctaBits)), pe.fs.clusterRank(l))
			}
			bytes := pe.mul(pe.zext(id, pe.i64()), pe.cInt(pe.i64(), l.globalScratchSize()))
			return pe.byteGep(pe.fs.globalScratch, bytes)
		})
	}
	return e.byteGep(base, e.i32c(off.Int())), nil
}

// findScratchFuncs returns the functions other than kernels with a
// positive ttg.global_scratch_memory_size.
func findScratchFuncs(module *ir.Operation) map[string]bool {
	out := map[string]bool{}
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() != "tt.func" || (tt.FuncOp{Operation: op}).IsPublic() {
			return
		}
		if a, ok := op.Attr(ttg.AttrGlobalScratchMemorySize).(*ir.IntegerAttr); ok && a.Int() > 0 {
			out[ir.SymbolName(op)] = true
		}
	})
	return out
}

// lowerTensormapCreate writes the tensor map through a shared template.
func (l *lowering) lowerTensormapCreate(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if err := l.target.asyncProxy(); err != nil {
		return ir.OpErrorf(op, "tensor map creation: %v", err)
	}
	descPtr, addr, p, ok := ttng.TensormapCreateOperands(op)
	if !ok {
		return ir.OpErrorf(op, "malformed operand segments")
	}
	// The k-th map of a run is built in the k-th 128 bytes of the area
	// the run's first create reserved, by warp k (modulo the warps):
	// thread 0 of the warp fills it, the warp publishes it.
	place, ok := l.tensormaps[op]
	if !ok {
		return ir.OpErrorf(op, "is not in a run of tensor maps: created after the lowering began")
	}
	first, k, n := place.first, place.index, place.count
	off, err := l.sharedOffset(first, tensorMapBytes*n)
	if err != nil {
		return err
	}
	if off%tensorMapBytes != 0 {
		return ir.OpErrorf(op, "the tensor map template is at shared offset %d, which is not 128-byte aligned", off)
	}
	off += tensorMapBytes * k
	warp := int64(k % l.numWarps)
	boxDim, globalDim, globalStride, elemStride := p.BoxDim, p.GlobalDim, p.GlobalStride, p.ElementStride
	rank := len(boxDim)
	if rank < 1 || rank > 5 || len(globalDim) != rank || len(globalStride) != rank-1 || len(elemStride) != rank {
		return ir.OpErrorf(op, "a tensor map needs rank 1 to 5 with rank sizes, rank-1 strides and rank element strides")
	}
	tmpl := e.smemAddr(off, e.i32c(0))
	tid := e.fs.threadID(l)
	filler := e.icmpC(llvm.ICmpEQ, tid, warp*int64(l.lanes()))
	// The filler zeroes the template and sets its fields, in program order.
	zero := e.i32c(0)
	for i := int64(0); i < tensorMapBytes; i += 16 {
		gpu.NewStore(e.b, e.loc, e.byteGep(tmpl, e.i32c(i)), filler, []ir.Value{zero, zero, zero, zero}, gpu.MemOptions{})
	}
	replace := func(field string, ord int, val ir.Value) {
		gpu.NewTensormapReplace(e.b, e.loc, tmpl, field, ord, val, 0, filler)
	}
	immediate := func(field string, imm int64) {
		gpu.NewTensormapReplace(e.b, e.loc, tmpl, field, -1, nil, imm, filler)
	}
	replace("global_address", -1, rw.Remapped(addr))
	immediate("rank", int64(rank-1))
	for i, x := range boxDim {
		replace("box_dim", i, rw.Remapped(x))
	}
	for i, x := range globalDim {
		replace("global_dim", i, rw.Remapped(x))
	}
	for i, x := range globalStride {
		replace("global_stride", i, rw.Remapped(x))
	}
	for i, x := range elemStride {
		replace("element_stride", i, rw.Remapped(x))
	}
	immediate("elemtype", int64(p.ElemType))
	immediate("interleave_layout", int64(p.InterleaveLayout))
	immediate("swizzle_mode", int64(p.SwizzleMode))
	immediate("fill_mode", int64(p.FillMode))
	gpu.NewTensormapCpFenceproxy(e.b, e.loc, rw.Remapped(descPtr), tmpl, l.inWarp(e, warp))
	rw.EraseOp(op)
	return nil
}

// lowerTensormapFenceproxyAcquire: the warp that published the map
// acquires it and prefetches it; after the run's last acquire every thread
// waits at a barrier. The TMA unit fetches a map from memory on the first
// copy through it; the prefetch starts that fetch while the kernel's
// prologue goes on (mbarrier inits, the other maps), off the path to the
// first tile's arrival (docs/PERFORMANCE.md, "what a launch of the pairs
// costs": the 128x128 matmul 0.7-3.4 us a launch faster at 1024-4096
// cubes as a PTX edit, level at 512).
func (l *lowering) lowerTensormapFenceproxyAcquire(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	place := l.tensormaps[op] // a map from elsewhere: warp 0, and a barrier
	m, publisher := rw.Remapped(op.Operand(0)), l.inWarp(e, int64(place.index%l.numWarps))
	gpu.NewFenceProxyTensormapAcquire(e.b, e.loc, m, publisher)
	gpu.NewTMAPrefetch(e.b, e.loc, e.cast("llvm.addrspacecast", m, llvm.Ptr(l.ctx, llvm.GenericAddrSpace)), publisher)
	if !place.continues {
		newGPU(e).barrier()
	}
	rw.EraseOp(op)
	return nil
}

// tensormapPlace is where a ttng.tensormap_create (or the acquire of its
// map) stands in its run: the run's first create, the map's index in it
// and the run's creates; for an acquire, whether the run continues after
// it (its barrier then waits for the run's last acquire).
type tensormapPlace struct {
	first        *ir.Operation
	index, count int
	continues    bool
}

// placeTensormaps places every create and acquire of module in its run.
func placeTensormaps(module *ir.Operation) map[*ir.Operation]tensormapPlace {
	out := map[*ir.Operation]tensormapPlace{}
	ir.WalkOps(module, func(op *ir.Operation) {
		switch op.Name() {
		case "ttng.tensormap_create":
			first, k, n := ttng.TensormapCreateRun(op)
			out[op] = tensormapPlace{first: first, index: k, count: n}
		case "ttng.tensormap_fenceproxy_acquire":
			var p tensormapPlace
			if create := ttng.TensormapCreateOf(op); create != nil {
				p.first, p.index, p.count = ttng.TensormapCreateRun(create)
			}
			p.continues = !ttng.EndsTensormapRun(op)
			out[op] = p
		}
	})
	return out
}

// inWarp is whether the thread is in warp w of the code's warps.
func (l *lowering) inWarp(e *emitter, w int64) ir.Value {
	tid := e.fs.threadID(l)
	lanes := int64(l.lanes())
	if w == 0 {
		return e.icmpC(llvm.ICmpULT, tid, lanes)
	}
	return e.icmpC(llvm.ICmpEQ, e.lshrC(tid, int64(log2(lanes))), w)
}

// withGlobalScratchArgAttr returns a kernel's argument attributes with the
// last of its n parameters marked as the global scratch base.
func withGlobalScratchArgAttr(ctx *ir.Context, argAttrs ir.Attribute, n int) ir.Attribute {
	elems := make([]ir.Attribute, 0, n)
	if arr, ok := argAttrs.(*ir.ArrayAttr); ok {
		elems = append(elems, arr.Elems...)
	}
	for len(elems) < n-1 {
		elems = append(elems, ir.DictionaryAttrOf(ctx, nil))
	}
	mark := ir.DictionaryAttrOf(ctx, []ir.NamedAttr{{Name: GlobalScratchArgAttr, Value: ir.Unit(ctx)}})
	return ir.ArrayAttrOf(ctx, append(elems[:n-1], mark))
}
