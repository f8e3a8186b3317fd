// Package amdgpu is Triton 3.6's TritonAMDGPU dialect, namespace `amdg`
// (older Triton printed `amdgpu.`): the AMD-specific ops of TritonGPU IR —
// buffer loads, stores and atomics through a scalar base pointer and a
// tensor of offsets, direct-to-LDS loads, in-register transposes and
// slices, scheduling hints, conditional barriers, TDM copies — and the
// `#amdg.SchedHintVariant<...>` attribute. The AMD layouts (#ttg.amd_mfma,
// #ttg.amd_wmma, #ttg.amd_rotating_shared, #ttg.padded_shared) live in
// package ttg, in ttg's namespace, as in Triton.
//
// Files:
//
//	dialect.go        the Dialect value and its attributes
//	ops_buffer.go     buffer_load, buffer_store, buffer atomics, buffer_load_to_local
//	ops_layout.go     extract_slice, concat, in_thread_transpose, upcasts
//	ops_sync.go       barriers, waits, hints, TDM copies
//
// Unlike ttg and ttng ops, amdg ops do not verify the layouts of their
// tensors against the module (Triton gives them no VerifyTensorLayoutsTrait).
package amdgpu
