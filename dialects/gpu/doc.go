// Package gpu is tt's per-thread GPU dialect (docs/LOWERING.md): the
// target-neutral operations that the ttg -> gpu+llvm conversion emits
// beside `llvm` dialect scalar code, and that targets/nvptx (PTX) and
// targets/llvmir (NVVM / AMDGPU intrinsics) lower. It is not MLIR's gpu
// dialect, though shared ops keep MLIR's spelling.
//
//	ids.go       %t = gpu.thread_id x : i32   (also block_id, grid_dim, block_dim)
//	             %l = gpu.lane_id : i32
//	             %s = gpu.shared_base : !llvm.ptr<3>
//	sm.go        %s = gpu.sm_id : i32, %n = gpu.num_sm_ids : i32   (%smid, %nsmid: an upper bound of SM ids)
//	cluster.go   %c = gpu.cluster_id x : i32   (also cluster_dim, cluster_block_id, cluster_dim_blocks)
//	             %r = gpu.cluster_block_rank : i32, %n = gpu.cluster_num_blocks : i32
//	cluster_barrier.go gpu.cluster_arrive [{relaxed}], gpu.cluster_wait   (the cluster's barrier)
//	warp.go      gpu.barrier
//	             %r = gpu.shuffle xor %v, %offset, %width : f32   (xor, up, down, idx)
//	             %m = gpu.ballot %p : i32
//	memory.go    %a, %b = gpu.load %ptr, %pred, %o0, %o1 {space = global, cache = cg} : !llvm.ptr<1> -> f32, f32
//	             gpu.store %ptr, %pred, %v0, %v1 {space = shared} : !llvm.ptr<3>, f32, f32
//	atomics.go   %old = gpu.atomic_rmw fadd, acq_rel, gpu, %ptr, %v, %pred : !llvm.ptr<1>, f32 -> f32
//	             %old = gpu.atomic_cas acq_rel, gpu, %ptr, %cmp, %new, %pred : !llvm.ptr<1>, i32 -> i32
//	fastmath.go  %r = gpu.ex2_approx %x {ftz} : f32   (lg2, rsqrt, rcp, sqrt, sin, cos, tanh;
//	             %q = gpu.div_full %a, %b : f32        div_full, div_approx)
//	rounded.go   %r = gpu.fma %a, %b, %c {rounding = rm, ftz} : f32   (fadd, fsub, fmul,
//	             fdiv, frcp, fsqrt; saturate: f32 and f64 arithmetic with a
//	             rounding mode, libdevice's)
//	cvt.go       %r = gpu.cvt %x {rounding = rn} : f32 -> bf16
//	intmath.go   %r = gpu.mulhi %a, %b {unsigned} : i32
//	             %r = gpu.prmt %a, %b, %sel : i32
//	             %r = gpu.bfe %a, %start, %len {unsigned} : i32
//	bits.go      %n = gpu.clz %x : i64, %p = gpu.bfind %x {unsigned, shiftamt} : i32
//	             %r = gpu.sad %a, %b, %c {unsigned} : i32
//	table.go     %w = gpu.table_load %i {table = array<i64: 1, 2, 3>} : i32 -> i64   (element %i of a
//	             constant table; an index outside it is undefined)
//	debug.go     gpu.printf "fmt %d", %x : i32
//	             gpu.assert %cond, "msg", "file", 12 {function = "f"}
//
// Tensor cores, asynchronous copies and barriers (the dot path; each file
// states exact semantics: fragment layouts, when memory effects happen):
//
//	mma.go       %d:4 = gpu.mma_sync m16n8k16 f32.f16.f16 [a...], [b...], [c...]   (warp MMA on elements)
//	ldmatrix.go  %e:8 = gpu.ldmatrix %p {trans} : !llvm.ptr<3> -> f16, ...
//	             gpu.stmatrix %p, %e0, ... : !llvm.ptr<3>, f16, ...
//	asynccopy.go gpu.cp_async %dst, %src, %n, %p {cache = cg, size = 16} : ...
//	             gpu.cp_async_commit, gpu.cp_async_wait 1 | all
//	wgmma.go     gpu.wgmma_fence, %d:64 = gpu.wgmma m64n128k16 f32.f16.f16 %da, %db, %scale, [c...]
//	             gpu.wgmma_commit, %r:64 = gpu.wgmma_wait 1, %d... : f32, ...
//	             %desc = gpu.wgmma_desc %addr {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
//	mbarrier.go  gpu.mbarrier_init/arrive/arrive_expect_tx/wait/inval %bar[, %phase][, %pred] : !llvm.ptr<3>
//	             gpu.cp_async_mbarrier_arrive %bar[, %pred] {noinc} : !llvm.ptr<3>   (per thread: arrives
//	             once the thread's earlier cp_async copies have landed)
//	             gpu.mbarrier_arrive_cluster %bar, %rank[, %pred] : !llvm.ptr<3>   (on CTA %rank's barrier)
//	tma.go       gpu.tma_load %dst, %bar, %map[%x, %y] [{multicast = 3 : i32}], gpu.tma_store %map[%x], %src,
//	             gpu.tma_reduce add %map[%x], %src,
//	             gpu.bulk_commit, gpu.bulk_wait 0 {read}, gpu.tma_prefetch %map
//	tensormap.go gpu.tensormap_replace %tmpl, %v, %p {field = "box_dim", ord = 1 : i32},
//	             gpu.tensormap_cp_fenceproxy %dst, %tmpl, %p, gpu.fence_proxy_tensormap_acquire %map, %p
//	tensormap_pool.go  %slot = gpu.tensormap_pool_claim %claims, %p {slots = 2048 : i64}
//	             (a slot of a module's pool of tensor maps, claimed until released)
//	fence.go     gpu.fence_proxy_async, gpu.fence_mbarrier_init
//	warpspec.go  gpu.named_barrier %id, %n, gpu.named_barrier_arrive, gpu.setmaxnreg inc 240,
//	             %p = gpu.elect_sync : i1
//	waitcnt.go   gpu.memory_counter_wait {load = 0, store = 0, ds = 0}   (AMD: the wave waits until
//	             at most that many loads, stores, LDS accesses are in flight; s_waitcnt)
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
//     prmt, bfe, clz, bfind, sad and table_load are Pure. barrier, printf and
//     assert have effects on all memory.
//   - An llvm.func is a kernel when it carries the unit attribute
//     `gpu.kernel` (KernelAttr).
//   - gpu.mma_sync takes and returns matrix elements (the lowering's
//     scalars), and the emitters pack them into PTX's 32-bit registers;
//     gpu.wgmma takes 32-bit words (f16 accumulators and register A come
//     packed), because its registers must stay put from issue to wait.
//   - Asynchronous ops (cp_async, wgmma, tma_*) and the waits, fences and
//     barriers that complete them read and write all memory (or, for
//     cp_async, both spaces): no pass moves or erases them.
//   - Optional operands follow the load/store rule: a trailing i1 is the
//     predicate; cp_async's i32 src-size is recognized by its type.
package gpu
