// Package gpu is tt's per-thread GPU dialect (docs/LOWERING.md): the
// target-neutral operations that the ttg -> gpu+llvm conversion emits
// beside `llvm` dialect scalar code, and that targets/nvptx (PTX) and
// targets/llvmir (NVVM / AMDGPU intrinsics) lower. It is not MLIR's gpu
// dialect, though shared ops keep MLIR's spelling.
//
//	ids.go       %t = gpu.thread_id x : i32   (also block_id, grid_dim, block_dim)
//	             %l = gpu.lane_id : i32
//	             %s = gpu.shared_base : !llvm.ptr<3>
//	warp.go      gpu.barrier
//	             %r = gpu.shuffle xor %v, %offset, %width : f32   (xor, up, down, idx)
//	             %m = gpu.ballot %p : i32
//	memory.go    %a, %b = gpu.load %ptr, %pred, %o0, %o1 {space = global, cache = cg} : !llvm.ptr<1> -> f32, f32
//	             gpu.store %ptr, %pred, %v0, %v1 {space = shared} : !llvm.ptr<3>, f32, f32
//	atomics.go   %old = gpu.atomic_rmw fadd, acq_rel, gpu, %ptr, %v, %pred : !llvm.ptr<1>, f32 -> f32
//	             %old = gpu.atomic_cas acq_rel, gpu, %ptr, %cmp, %new, %pred : !llvm.ptr<1>, i32 -> i32
//	fastmath.go  %r = gpu.ex2_approx %x {ftz} : f32   (lg2, rsqrt, rcp, sqrt, sin, cos, tanh;
//	             %q = gpu.div_full %a, %b : f32        div_full, div_approx)
//	cvt.go       %r = gpu.cvt %x {rounding = rn} : f32 -> bf16
//	intmath.go   %r = gpu.mulhi %a, %b {unsigned} : i32
//	             %r = gpu.prmt %a, %b, %sel : i32
//	             %r = gpu.bfe %a, %start, %len {unsigned} : i32
//	debug.go     gpu.printf "fmt %d", %x : i32
//	             gpu.assert %cond, "msg", "file", 12 {function = "f"}
//
// Each file states its ops' semantics. Decisions the design left open:
//
//   - Enum values (dimension, shuffle mode, memory space, rounding, and
//     tt's CacheModifier, EvictionPolicy, RMWOp, MemSemantic,
//     MemSyncScope) are stored as i32 integer attributes, like tt's enums,
//     and spelled as keywords. The memory-space values are the LLVM
//     address spaces (generic 0, global 1, shared 3).
//   - gpu.load, gpu.store and gpu.cvt print their inherent options and
//     their discardable attributes in one trailing dictionary, option
//     values as bare keywords (options.go). Other ops use an ordinary
//     attribute dictionary (flags such as `ftz` and `unsigned` are unit
//     attributes in it).
//   - Optional operands need no operand segments: a load's operands are
//     ptr [, pred [, others...]]; a store's type list omits the
//     predicate, which is present when there is one more operand than
//     types; an atomic's predicate is the extra last operand.
//   - `space` of a load or store is always the pointer's address space;
//     the parser fills it in when omitted and the verifier checks it.
//   - A false predicate makes an atomic return zero (and loads return
//     their others, or zeros).
//   - Cache modifiers apply to global memory; PTX cannot combine a cache
//     modifier with an eviction policy, so the emitters prefer the cache
//     modifier when both are set (both are hints).
//   - gpu.shuffle and gpu.ballot are convergent: NoMemoryEffect (erasable
//     when unused) but not Pure (never speculated or hoisted into
//     divergent code). Index ops, shared_base, fast math, cvt, mulhi,
//     prmt and bfe are Pure. barrier, printf and assert have effects on all
//     memory.
//   - An llvm.func is a kernel when it carries the unit attribute
//     `gpu.kernel` (KernelAttr).
//
// Later issues add ldmatrix, stmatrix, mma.sync, cp.async, wgmma,
// mbarrier and TMA ops, each group in a file of its own.
package gpu
