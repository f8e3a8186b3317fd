// Package selfcheck verifies that a machine can JIT-compile PTX and run
// kernels through package cuda. It embeds a small hand-written vector-add
// kernel (PTX 8.0 for sm_80, so it JITs on every GPU since Ampere), runs it
// on known data, compares the result bit for bit with the host computation
// and times the launch with CUDA events. cmd/cuda-smoke and the GPU tests of
// package cuda use it.
package selfcheck
