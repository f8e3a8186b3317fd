// Package interp is a CPU interpreter for Triton IR: it runs a tt.func over
// a launch grid with the semantics Triton 3.6 gives it on an NVIDIA sm_90
// GPU, the way TRITON_INTERPRET=1 runs a kernel in Python, but from the IR
// alone (TTIR, or TTGIR with its layouts ignored).
//
// # Use
//
//	fn, _ := interp.FindKernel(module, "add_kernel")
//	prog, _ := interp.Compile(fn)
//	mem := interp.NewMemory()
//	x := mem.Alloc("x", xBytes) // the kernel's stores land in xBytes
//	err := prog.Launch(mem, []interp.Arg{interp.PtrArg(x), interp.IntArg(n)},
//		interp.Config{Grid: [3]int{4, 1, 1}})
//
// Compile turns every operation into a closure over frame slots once;
// Launch then runs the program instances. Failures are *Error values: a
// located diagnostic naming the operation, the program id and, where one
// element is at fault (an out-of-bounds masked-in load, a failed
// tt.assert), that element's index. The interpreter never panics on bad
// IR: an operation it does not support fails when a program reaches it.
//
// # Values
//
// A tensor is a flat row-major slice plus a shape (file value.go): f32 in
// []float32, f64 in []float64, and integers, pointers and the narrow
// floats (f16, bf16, fp8, fp6, fp4) as bit patterns in []uint64, so that
// loads and stores move bits unchanged. Scalars are rank-0 tensors. Other
// values are shared-memory views (*MemDesc), block pointers (*BlockPtr),
// tensor descriptors (*TensorDesc) and async tokens.
//
// Pointers are 64-bit integers: buffer id << 48 | (2^47 + byte offset)
// (memory.go), so pointer tensors, tt.addptr (offset * pointee size),
// tt.ptr_to_int and tt.int_to_ptr behave as on the GPU, and an access
// outside its buffer is detected and reported, never performed.
//
// # Program instances and memory
//
// Program instances run in parallel goroutines (Config.Workers; 1 runs
// them one after another, x fastest). Atomics (tt.atomic_rmw of every
// kind, tt.atomic_cas, tt.descriptor_reduce) take a lock striped by
// address, so they are atomic across instances; plain loads and stores
// take none, so a race between them is a race, as on the GPU. A kernel
// that spins waiting for another instance needs enough workers to run both.
//
// # Semantics (what matches the GPU bit for bit, and what does not)
//
//   - Integer arithmetic wraps; division by zero, MIN/-1 and shifts by at
//     least the bit width give what the GPU gives (package numeric). A
//     remainder next to a division of the same operands is x - (x/y)*y, as
//     LLVM's DivRemPairs makes it (differs from a lone rem only for y = 0).
//   - Float + - * / and sqrt round once to nearest even (tt.precise_* too);
//     f16/bf16 compute in float32 and round once, which equals the GPU's
//     native ops. A product feeding an add or subtract in the same block is
//     fused into one fma, as LLVM contracts it with Triton's default fp
//     fusion (contract.go; Options.NoFPContraction turns it off).
//   - maxnumf/minnumf ignore NaN, maximumf/minimumf propagate it, -0 < +0
//     (numeric/minmax.go); tt.clampf follows the sm_90 lowering including
//     its min.xorsign.abs form for clamp(x, -c, c) (clamp.go).
//   - Conversions: arith casts and tt.fp_to_fp use numeric's bit-exact
//     conversions (fp8 saturates as Triton's PTX does; fptosi saturates and
//     maps NaN to 0, as cvt.rzi does).
//   - tl.rand/randint (the Philox code in the IR) are bit-exact, since the
//     integer ops are.
//   - Reductions combine pairwise in a tree, scans in Hillis-Steele steps,
//     always with the lower-index operand first (reduce.go); float sums
//     therefore round differently from the GPU's thread/warp tree, within
//     a few ulp.
//   - tt.dot accumulates in float32 over k in order (dot.go documents tf32,
//     tf32x3, bf16x3/x6, ieee and integer dots). tf32 operands are rounded
//     as cvt.rna.tf32.f32. tt.dot_scaled (mxfp4/fp8/bf16 with E8M0 or fp8
//     scales) scales exactly and accumulates the same way (dotscaled.go;
//     checked by unit tests, not against the GPU).
//   - Transcendental math (exp, log, sin, rsqrt, erf, pow ...) is computed
//     in float64 and rounded once; the GPU uses approximations
//     (ex2.approx, lg2.approx, sin.approx, rsqrt.approx, div.full for
//     arith.divf) or libdevice, so expect differences of a few ulp.
//   - tt.histogram wraps out-of-range values into bins as Triton 3.6's
//     lowering does for the module's warp size; tt.clampf follows the
//     target's lowering of symmetric clamps (target.go: TTIR, which names
//     no target, is taken as NVIDIA sm_90).
//   - tt.extern_elementwise knows the libdevice (__nv_*) and common OCML
//     (__ocml_*) functions (extern.go); tt.elementwise_inline_asm is
//     unsupported except for the assembly Triton's own passes emit.
//   - tt.print writes Triton's printf format to Config.Stdout; tt.assert
//     and cf.assert fail with a located error.
//
// # TTGIR
//
// Layout encodings are ignored (ttg.convert_layout is the identity);
// ttg.local_alloc/local_load/local_store and the memdesc views work on
// per-program buffers; async copies, TMA copies (with descriptors made by
// ttng.tensormap_create), wgmma (ttng.warp_group_dot) and tcgen05 MMAs
// complete at once; barriers, fences and waits do nothing (so neither does
// ttng.async_copy_mbarrier_arrive: the copies it would wait for are done).
//
// ttg.warp_specialize runs its partitions in order, then its default
// region (warpspec.go: partitions that produce for the default region).
//
// Not supported: the scaled tcgen05 MMA (ttng.tc_gen5_mma_scaled), inline
// assembly in general, and AMD-specific ops. tt.cat concatenates (Triton allows any order).
package interp
