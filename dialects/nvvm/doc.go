// Package nvvm defines the subset of MLIR's NVVM dialect that Triton's
// LLVM-dialect dumps contain, with MLIR's exact syntax, so that those
// dumps parse, verify and print back unchanged:
//
//	%t = nvvm.read.ptx.sreg.tid.x : i32          (and ntid, ctaid, nctaid x/y/z,
//	                                              laneid, warpid, nwarpid, warpsize,
//	                                              lanemask.*; optional `range <i32, 0, 1024>`)
//	nvvm.barrier0
//	%r = nvvm.shfl.sync  bfly %mask, %v, %off, %clamp : f32 -> f32
//	%b = nvvm.vote.sync  ballot %mask, %pred -> i32
//
// The two spaces after shfl.sync and vote.sync are MLIR's: the kind is an
// enum attribute whose own printer starts with a space. The kind is stored
// as `#nvvm.shfl_kind<bfly>` / `#nvvm.vote_sync_kind<ballot>` (MLIR spells
// these `#nvvm<shfl_kind bfly>` in the generic form, which tt's printer
// cannot produce; only the generic form differs).
//
// tt's own lowering does not produce nvvm ops: it emits target-neutral
// `gpu` ops, which targets/llvmir maps to NVVM intrinsics.
package nvvm
