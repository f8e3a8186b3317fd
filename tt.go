// Package tt is tt's Go API: compile Triton kernels (from @triton.jit
// Python source or TTIR) to PTX or AMDGCN, load them on a CUDA GPU and
// launch them with Go values, and autotune them, without Python.
//
// # Compiling
//
// CompilePython and CompileTTIR compile one specialization of a kernel
// with Options (target, architecture, num_warps, num_stages, the
// signature of its runtime parameters and the values of its
// tl.constexpr parameters) to a Kernel: the PTX or AMDGCN text, its
// metadata (name, warps, shared memory, parameters) and, on request, the
// TTIR and TTGIR. Compilations are kept in the compile cache
// (package compilecache: $TT_CACHE_DIR, else the user cache directory):
// the second compilation of a kernel, in this process or another, reads
// it back. Errors are located diagnostics (*CompileError), as
// `file:line:col: error: message` with the source line.
//
// # Launching
//
// OpenDevice opens a CUDA GPU (through runtime/cuda, which needs no cgo);
// Upload and Device.Alloc make device buffers; Device.Load loads a Kernel
// and Function.Launch launches it over a Grid with Go values: *Buffer for
// pointer parameters, Go integers, floats and bools for scalars, checked
// against the kernel's parameters. A kernel tt made persistent comes with
// its grid-schedule variant (Kernel.GridVariant), which Launch runs where
// the grid is one wave of the variant's CTAs.
//
// JIT does what Triton's kernel[grid](args) does: it specializes a
// @triton.jit function for the arguments it is run with (buffers are
// 16-byte aligned, integers equal to 1 become constants, integers
// divisible by 16 get the divisibility hint), compiles each
// specialization once, applies @triton.heuristics, and for a kernel with
// @triton.autotune tunes the configurations on the first run of each
// tuning key (Tune: compiled in parallel, timed on every GPU given, the
// winner kept in the cache).
package tt
