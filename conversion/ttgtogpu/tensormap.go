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
	off, err := l.sharedOffset(op, tensorMapBytes)
	if err != nil {
		return err
	}
	if off%tensorMapBytes != 0 {
		return ir.OpErrorf(op, "the tensor map template is at shared offset %d, which is not 128-byte aligned", off)
	}
	boxDim, globalDim, globalStride, elemStride := p.BoxDim, p.GlobalDim, p.GlobalStride, p.ElementStride
	rank := len(boxDim)
	if rank < 1 || rank > 5 || len(globalDim) != rank || len(globalStride) != rank-1 || len(elemStride) != rank {
		return ir.OpErrorf(op, "a tensor map needs rank 1 to 5 with rank sizes, rank-1 strides and rank element strides")
	}
	tmpl := e.smemAddr(off, e.i32c(0))
	tid := e.fs.threadID(l)
	first := e.icmpC(llvm.ICmpEQ, tid, 0)
	// Thread 0 zeroes the template and sets its fields, in program order.
	zero := e.i32c(0)
	for i := int64(0); i < tensorMapBytes; i += 16 {
		gpu.NewStore(e.b, e.loc, e.byteGep(tmpl, e.i32c(i)), first, []ir.Value{zero, zero, zero, zero}, gpu.MemOptions{})
	}
	replace := func(field string, ord int, val ir.Value) {
		gpu.NewTensormapReplace(e.b, e.loc, tmpl, field, ord, val, 0, first)
	}
	immediate := func(field string, imm int64) {
		gpu.NewTensormapReplace(e.b, e.loc, tmpl, field, -1, nil, imm, first)
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
	warp0 := e.icmpC(llvm.ICmpULT, tid, int64(l.lanes()))
	gpu.NewTensormapCpFenceproxy(e.b, e.loc, rw.Remapped(descPtr), tmpl, warp0)
	rw.EraseOp(op)
	return nil
}

// lowerTensormapFenceproxyAcquire: warp 0 acquires the map, then every
// thread waits at a barrier.
func (l *lowering) lowerTensormapFenceproxyAcquire(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	warp0 := e.icmpC(llvm.ICmpULT, e.fs.threadID(l), int64(l.lanes()))
	gpu.NewFenceProxyTensormapAcquire(e.b, e.loc, rw.Remapped(op.Operand(0)), warp0)
	newGPU(e).barrier()
	rw.EraseOp(op)
	return nil
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
