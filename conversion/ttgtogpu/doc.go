// Package ttgtogpu is `convert-triton-gpu-to-gpu`: the lowering of
// TritonGPU IR (after convert-scf-to-cf) to per-thread IR of the llvm and
// gpu dialects (docs/LOWERING.md), the counterpart of Triton's
// convert-triton-gpu-to-llvm.
//
// # Values
//
// Types convert 1:N with package conversion: a distributed tensor becomes
// one SSA value per register of its layout, in the order of the linear
// layout's register index; `!tt.ptr<T, AS>` becomes `!llvm.ptr<AS>`; a
// `!ttg.memdesc` becomes the shared-memory address of its first element.
// Block arguments (loop-carried tensors after convert-scf-to-cf) expand
// the same way, and branches pass every register.
//
// # Thread geometry
//
// Every tensor's layout is turned into a regLayout (layout.go): the
// element of register r in thread tid is regs[r] XOR the XOR of tidBases[i]
// over the set bits of tid (lane bits, then warp bits). The per-thread
// part of each coordinate is computed once per function in its prologue
// (funcstate.go), from gpu.thread_id with one AND and shift per group of
// bits; a register's coordinate is that part OR'ed (or XOR'ed) with a
// constant. The same decomposition gives the registers, lanes and warps
// that only repeat data (free variables), which do not store.
//
// Warps have the module's ttg.threads-per-warp lanes: 32 on NVIDIA, 64
// (or 32) on AMD, whose TTGIR (ttg.target "hip:...") comes from
// ttgir-pipeline-amd. Nothing in the lowering assumes a warp size: lane
// and warp bits come from the layout (tid = lane + lanes*warp), shuffles
// span the whole warp (width = lanes), cross-warp reductions and scans
// index scratch by the layout's warp bits, and tt.histogram pads its bins
// to the lanes of a warp as Triton does (max(bins, lanes)). The
// per-thread IR is the same gpu dialect for both vendors; targets/llvmir
// translates it to NVPTX or AMDGCN.
//
// # Targets
//
// Every vendor decision goes through the target interface (target.go),
// Triton's TargetInfo: nvidiaTarget (target_nvidia.go: compute
// capability, PTX version) and amdTarget (target_amd.go: gfx
// architecture, wavefront size), chosen from ttg.target and the pass
// options. It answers the warp size, how the barrier analysis runs
// (NVIDIA: no filter; AMD: async-waited loads annotated, barriers after
// amdg.async_wait, the AMD filter), whether a symmetric clamp is one
// instruction (sm_90's min.xorsign.abs) and whether f32 -> bf16 rounding
// to nearest is one cvt. Patterns never test the vendor themselves. The
// dot path makes its choices there as well: which matrix instruction a
// tt.dot becomes (mmaSync: m16n8k16 f16/bf16, m16n8k8 tf32, m16n8k32 s8,
// from sm_89 fp8, and f64 as m8n8k4 or, on sm_90, m16n8k16; warpgroupMMA: wgmma on sm_90 only, sm_80 and
// sm_100 refuse the v3 layout, located at the first op that produces it;
// MFMA or WMMA on AMD, separate work), how async copies are issued
// (asyncCopySupport: cp.async from sm_80; asyncProxy: TMA with mbarriers
// from sm_90; buffer loads to LDS on AMD), whether shared loads may use
// ldmatrix (sm_75), and which barrier or fence orders them (mbarriers,
// fence.proxy.async; s_barrier, s_waitcnt).
//
// # What each op becomes
//
//	tt.func / tt.return / tt.call    llvm.func (kernels: public, gpu.kernel), llvm.return, llvm.call
//	cf.br / cf.cond_br               llvm.br / llvm.cond_br with every register of each operand
//	tt.get_program_id / num_programs gpu.block_id / gpu.grid_dim (in the prologue)
//	arith, math, tt elementwise ops  llvm ops per register (elementwise.go, floatops.go, fpconv.go);
//	                                 math.exp = ex2.approx(x*log2e), divf = div.full.f32,
//	                                 sqrt = sqrt.approx.ftz, bf16 computed in f32
//	ttg.fp4_to_fp                    two e2m1 values per byte to bf16/f16 pairs by prmt tables,
//	                                 registers matched by coordinates (fp4.go)
//	f64 math.sin / math.cos          Cody-Waite; Payne-Hanek in a block only threads with an
//	                                 argument of 2^30 or more branch to (libm_trig.go)
//	tt.make_range / splat / views    register bookkeeping (shape.go); tt.map_elementwise inlines
//	                                 its region per `pack` registers (a region with branches:
//	                                 copied per call between a branch in and a results block)
//	tt.load / tt.store               predicated gpu.load / gpu.store of up to 128 bits per vector,
//	                                 width from axis info; stores by the owners of each element
//	amdg.buffer_load / buffer_store  the same on base + offset (AMD TTGIR from Triton; buffer.go)
//	tt.reduce                        in-thread combine, xor-shuffle butterfly, cross-warp via scratch
//	tt.scan                          blocked layouts in Triton's order (thread runs, shuffle-up over
//	                                 lanes, warps' totals via scratch: scan_blocked.go); others a
//	                                 bitwise prefix over register, lane and warp bits
//	ttg.convert_layout               renaming, index shuffles within warps, or a swizzled
//	                                 round trip through scratch (in rounds when it is small),
//	                                 a side by stmatrix / ldmatrix (.trans) where Triton's
//	                                 NVIDIA rule planned it (convert_matrix.go)
//	tt.atomic_rmw / atomic_cas       gpu.atomic_* by one thread per element, results shared via scratch
//	tt.histogram / tt.gather         through scratch (shared atomics / indexed reads); a
//	                                 warp-local gather with shuffles
//	ttg.local_*                      shared buffers addressed through the inverse shared layout;
//	                                 local_load by ldmatrix (.trans) where the layouts fit (ldmatrix.go)
//	ttg.memdesc_*                    views: memdesc_index steps whole buffers; subslice, trans,
//	                                 reshape, reinterpret keep the address, their offsets XOR'ed
//	                                 through the layout by each access (memview.go)
//	ttg.async_copy_global_to_local   gpu.cp_async per vector (4/8/16 bytes, src-size 0 zero fill),
//	  / async_commit_group / wait    gpu.cp_async_commit / gpu.cp_async_wait (asynccopy.go)
//	tt.dot                           blocked result: fma chains in k order (dot_fma.go); nvidia_mma
//	                                 v2: gpu.mma_sync per 16x8 tile and k step, fragments matched
//	                                 to registers by coordinates (dot_mma.go, mmafrag.go); amd_mfma:
//	                                 gpu.mfma per MxN tile and K step, K orders read off the
//	                                 operand layouts (dot_mfma.go)
//	amdg.in_thread_transpose, the    register renaming; gpu.sched_barrier, sched_group_barrier,
//	  ping-pong hints and barriers   set_priority, cond_barrier, barrier, memory_counter_wait
//	                                 (amd_sched.go)
//	ttng.warp_group_dot (+ _wait)    gpu.wgmma per 64xN slab and K step: descriptors read off
//	                                 the buffer's layout and verified element by element
//	                                 (wgmma_desc.go), fragments matched to the layout's
//	                                 registers (wgmma_fragments.go), fence/commit, waits tie
//	                                 the accumulators (wgmma.go)
//	ttng.fence_async_shared          gpu.fence_proxy_async
//	ttng.*_barrier, barrier_expect   gpu.mbarrier_* by thread 0 (waits by every thread)
//	ttng.async_copy_mbarrier_arrive  gpu.cp_async_mbarrier_arrive by every thread (each tracks
//	                                 its own cp.async copies)
//	ttng.async_tma_*                 gpu.tma_load / tma_store / tma_reduce per TMA box (verified
//	                                 against the buffer's layout), bulk commit/wait (tma.go,
//	                                 tma_reduce.go)
//	!tt.tensordesc                   the tensor map's generic address; kernel parameters are
//	                                 128-byte grid-constant tensor maps (tensordesc.go)
//	tt.print / tt.assert             gpu.printf / gpu.assert
//	tt.elementwise_inline_asm        llvm.inline_asm with sub-32-bit elements packed; a lone
//	                                 `mov.u32 $0, %smid;` / `%nsmid;` is gpu.sm_id / num_sm_ids
//	                                 (inlineasm_sreg.go)
//	tt.extern_elementwise            libdevice's functions, inline: on NVIDIA in libdevice's
//	                                 own operations (libm_*.go, libdeviceAlgorithms), so
//	                                 Triton's bits; elsewhere tt's algorithms (Bessel I0, I1
//	                                 and AMD's J0..Y1 from numeric's tables, libm_bessel.go)
//
// # Shared memory and barriers
//
// analysis/allocation is the one source of truth for shared memory
// (smem.go): after allocate-shared-memory (ttg.shared set) the conversion
// takes every buffer's offset from the allocation.offset attributes and
// its size from the allocation analysis; without it, the conversion runs
// that analysis itself and records it, exactly as the pass would (the
// barrier analysis needs the allocation anyway, and a hand-run conversion
// of TTGIR then needs no extra step). Each op's lowering computes the
// bytes it touches and fails, located, naming both sizes, if that is more
// than the allocation reserved. Functions other than kernels that use
// shared memory take its base (the call's reservation) as a trailing
// !llvm.ptr<3> parameter, as Triton's device functions do.
//
// Barriers between ops come from the barrier analysis (analysis/membar,
// run by the conversion over that allocation before lowering, as
// Triton's conversion runs Membar): it inserts ttg.local_barrier where an
// op's shared-memory accesses race with earlier ones, which lowers to
// gpu.barrier. An op's lowering only adds the barriers inside its own
// accesses: between the write and read phases of a scratch round trip,
// between the rounds of a conversion, between the exchanges of a scan.
// A callee synchronizes at entry and return (the analysis compares a
// callee's accesses in the callee's own offsets). Barriers then sink past
// register-only work to the next memory access (barrier.go).
//
// # Floats
//
// f32 and f64 map to LLVM ops; f16 uses the hardware's f16 ops; bf16
// computes in f32 and rounds back; fp8 values live in i8 registers, with
// exact software conversions (fp8.go). A multiplication feeding an
// addition in the same block becomes one fma, as LLVM contracts it under
// Triton's default fp fusion (contract.go).
//
// # Testing
//
// Besides goldens (testdata/lit) and structural tests, the package's
// differential tests run the same kernels in the tt interpreter and,
// lowered, in the SIMT simulator of package sim (warps of the module's
// size, with its shared-memory race detector on), and compare every output
// buffer; they run for sm_90 (32 lanes) and gfx942 (64-lane wavefronts,
// through the AMD pipelines; targets_test.go). TestGPUCases compares the
// conformance cases with Triton's recorded outputs, and
// barrier_race_test.go removes barriers and requires a race report. The
// dot path has its own: TestGPUDotCases (the dot cases compiled for sm_80
// against Triton's outputs), Triton's own sm_80 matmul TTGIR and its
// pipelined f32 matmul against the interpreter, TestDotVariantsDiff, and
// mutations that must fail (a removed or loosened cp.async wait, a
// removed barrier after it, a wrong swizzle under ldmatrix).
//
// Files: pass.go (pass and pipeline), lower.go (driver), target.go,
// target_nvidia.go and target_amd.go (the vendors), types.go,
// patterns.go, emit.go and gpuops.go (op builders with folding),
// funcstate.go (prologue), layout.go and indices.go, smem.go (shared
// memory from the allocation), barrier.go (barrier sinking), then one
// file per op family (convert.go and convert_shuffle.go for layout
// conversions, gather.go and gather_warp.go, dot.go with dot_fma.go,
// dot_mma.go and mmafrag.go, ldmatrix.go, memview.go, asynccopy.go ...).
package ttgtogpu
