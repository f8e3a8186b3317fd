// Package llvmir translates tt's per-thread IR — llvm.func bodies of llvm
// dialect ops, gpu dialect ops and llvm.br/llvm.cond_br control flow —
// into an LLVM 14 module built with github.com/llir/llvm v0.3.6, for
// NVPTX (nvptx64-nvidia-cuda, `sm_NN`) or AMDGCN (amdgcn-amd-amdhsa,
// `gfxNNN`). llc (14, or 19, which still reads typed pointers) turns the
// result into PTX or AMDGCN assembly.
//
//	Translate(module, target) (*llir.Module, error)
//	Emit(module, target, w) error
//	ParseTarget("sm_90" | "gfx942") (Target, error)
//
// Files:
//
//	target.go      Target: family, architecture, triple, warp size
//	translate.go   module level: globals, functions, kernels (calling
//	               conventions, nvvm.annotations, flat work-group size)
//	types.go       type mapping (typed pointers, storage-only floats)
//	constants.go   attribute -> constant
//	function.go    function bodies: blocks in reverse post-order, block
//	               arguments -> phis, value map, helpers
//	llvmops.go     the llvm dialect, instruction for instruction
//	gpu.go         gpu op dispatch and the target-neutral lowerings
//	gpu_nvptx*.go  gpu ops on NVPTX
//	gpu_amdgcn*.go gpu ops on AMDGCN (conversions in gpu_amdgcn_cvt.go)
//	nvvm.go        the nvvm and nvg ops of Triton's own LLVM-dialect output
//	               (special registers, barrier0, shfl.sync, vote.sync,
//	               cluster_id), so IR lowered by Triton translates as well
//
// How the IR maps:
//
//   - Pointers are typed in LLVM 14: every !llvm.ptr<AS> is
//     `i8 addrspace(AS)*`; loads, stores, GEPs, atomics and indirect calls
//     bitcast to the element pointer they need.
//   - bf16 and the fp8 formats have no LLVM 14 type (and llir has no
//     bfloat): they are carried as i16/i8. Moving, storing, bitcasting and
//     gpu.cvt work on them; llvm arithmetic or casts on them are rejected
//     with a located error (convert to f32 first).
//   - Block arguments become phis; a cond_br whose two edges reach one
//     block with different arguments gets an edge block. Blocks are
//     translated in reverse post-order, so definitions precede uses.
//   - Kernels (llvm.func with `gpu.kernel`, `nvvm.kernel` or a kernel
//     calling convention) get `ptx_kernel` plus nvvm.annotations
//     {kernel, 1} and {maxntidx, N} on NVPTX, `amdgpu_kernel` and
//     "amdgpu-flat-work-group-size"="1,N" on AMDGCN; N is nvvm.reqntid
//     or the module's ttg.num-warps times its threads per warp; with
//     ttg.num-ctas = C > 1 also {cluster_dim_x, C}, {cluster_dim_y, 1},
//     {cluster_dim_z, 1} (clusters of CTAs: NVPTX only; the gpu.cluster_*
//     registers are read with inline PTX, LLVM 14 has no intrinsics).
//   - gpu.shared_base is @global_smem, an external addrspace(3) [0 x i8]
//     aligned to 16, declared on first use unless the module defines it.
//   - llvm.fence on NVPTX becomes PTX `fence.{sc,acq_rel}.{cta,gpu,sys}`
//     (LLVM 14's NVPTX backend cannot select fences).
//
// gpu ops on NVPTX: NVVM intrinsics for indices, lanes (laneid), barrier0,
// shfl.sync.{bfly,up,down,idx}.{i32,f32} (c = (32-width)<<8 | clamp),
// vote.ballot.sync and the f32 approximations that LLVM 14 has; inline
// PTX, written as Triton's lowering writes it, for predicated or
// cache-controlled loads and stores (`mov` the others into the outputs,
// then `@$p ld.global.cg.v4.b32 {...}, [ $a + 0 ];`), scoped atomics
// (`@$p atom.global.gpu.acq_rel.add.f32`, the result selected to zero
// where the predicate is false), tanh/rcp/div.full and the f16/bf16
// forms, cvt, prmt, bfe and mul.hi.64. Unpredicated accesses without
// options are plain LLVM loads and stores of <n x iW> aligned to their
// size. printf is vprintf with a stack buffer of C-promoted arguments;
// assert calls __assertfail where the condition is false.
//
// gpu ops on AMDGCN: workitem/workgroup id intrinsics; grid and block
// sizes from the HSA dispatch packet; lane = mbcnt; barrier = s_barrier
// between workgroup fences; shuffles through ds_bpermute; ballot.i64;
// predicated accesses and atomics as LLVM loads, stores, atomicrmw and
// cmpxchg (sync scopes agent/workgroup/system) under a branch, the
// skipped edge yielding the others or zero; fast math through LLVM and
// AMDGPU intrinsics (`ftz` is a hint); ubfe/sbfe; narrowing conversions
// to f16, bf16 and f32 (and pairs) in every rounding mode
// (gpu_amdgcn_cvt.go: the nearest value, stepped by one ulp for rz, rm
// and rp; bf16 NaN is 0x7fff as in Triton's AMD lowering). Not available
// on AMDGCN, with a located error: printf, packed and 16-bit-float
// atomics, satfinite/relu/ftz and fp8 conversions, and fast math on bf16.
// assert traps (the message is lost).
//
// Shared across targets: mulhi by widening (PTX mul.hi for 64 bits),
// prmt and 64-bit bfe by integer arithmetic on AMDGCN, bf16 -> f32 by a
// shift, f32 -> bf16 (AMDGCN) by integer round-to-nearest-even;
// table_load as a getelementptr and an !invariant.load of an internal
// constant array, one per distinct table (gpu_table.go).
//
// The module carries no datalayout: llc uses its target's default. llc 14
// knows neither sm_90 nor gfx942; the translation does not depend on the
// difference (sm_90-only PTX is inline assembly, opaque to llc), and the
// tests compile with the newest processor llc knows, saying so.
package llvmir
