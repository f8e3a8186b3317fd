// Package nvptx prints PTX (ISA 8.x) directly from tt's per-thread IR:
// kernels are llvm.func ops marked gpu.kernel whose bodies hold llvm
// dialect scalar ops, gpu dialect ops and llvm.br/llvm.cond_br with block
// arguments (docs/LOWERING.md). No LLVM is involved: ptxas (or the driver's
// JIT) is the next step.
//
// The pieces, one idea per file:
//
//	emit.go         Emit: the module header, globals, kernels, metadata
//	target.go       Options, Kernel metadata, architectures (sm_80, sm_90[a])
//	func.go         one kernel: parameters (the ABI), block layout, labels
//	regs.go         virtual register classes %p %rs %r %rd %f %fd
//	types.go        register classes and byte layout of LLVM types
//	value.go        SSA values as registers, immediates or aggregates
//	operands.go     reading operands, defining results, constants
//	copies.go       parallel copies (block arguments) made sequential
//	packing.go      vectors packed into and out of wide registers
//	devfunc.go      device functions and llvm.call (PTX's .param ABI)
//	isel_*.go       instruction selection, by op family
//	ops.go          the op -> selector table
//
// Values: a scalar lives in one virtual register of its class (i1 in a
// predicate, i8/i16/f16/bf16 in 16 bits, i32 and shared-memory pointers in
// 32, i64 and other pointers in 64, f32 and f64 in float registers).
// Aggregates (structs, arrays, vectors) are the list of their members'
// registers, so extractvalue/insertvalue cost nothing and vectors are
// scalarized; vector memory words are packed with mov.bN {..} where a
// 32- or 64-bit register is needed. Constants become immediates wherever
// PTX takes one.
//
// Control flow: blocks are laid out in region order; an edge's block
// arguments are a parallel copy, sequentialized with a temporary per cycle
// and placed on that edge only (a conditional branch whose taken edge
// copies jumps over them on the negated predicate, or through a split
// edge). A branch to the next block falls through.
//
// Device functions (non-kernel llvm.func with a body: tt.call after the
// lowering) become `.func`s called through .param space, one parameter per
// scalar and one return parameter (a byte array for struct results).
// Calls to functions that are only declared are errors: tt links no device
// library. gpu.printf and gpu.assert call the CUDA runtime's vprintf and
// __assertfail, which the driver's JIT provides.
//
// Kernel ABI (ARCHITECTURE.md): the entry's name is the function's, its
// parameters are the function's arguments in order (pointers .u64, i32
// .u32, i64 .u64, f32 .f32, i1 as .u8), `.maxntid` (or with
// Options.ReqNTID, as tt-translate sets it, `.reqntid`) is 32*ttg.num-warps,
// `.maxnreg` is ttg.maxnreg, blocks of one or two warps without it say
// `.minnctapersm 1` (ptxas would otherwise size their registers for 32
// resident blocks), clusters are `.explicitcluster .reqnctapercluster N`,
// and dynamic shared memory is `.extern .shared .align 16 .b8
// global_smem[]` of ttg.shared bytes.
package nvptx
