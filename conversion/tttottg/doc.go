// Package tttottg is `convert-triton-to-tritongpu`: it turns Triton IR
// (tensors without layouts) into TritonGPU IR, as Triton 3.6's
// TritonToTritonGPUPass does.
//
// Every tensor type gets the default blocked layout for its shape and the
// module's warp, lane and CTA counts (ttg.DefaultBlocked); `!tt.ptr` to a
// tensor gets the layout on its pointee. Ops whose result layout follows
// from their operands' get it by inference instead: tt.expand_dims
// (operand converted to a slice of a blocked layout derived from the
// operand's), tt.reduce (slice of the operand layout), tt.broadcast (the
// operand's layout), tt.trans, tt.join, tt.split, tt.cat, tt.dot (a blocked
// accumulator and dot_op operands with the accumulator as parent: the FMA
// path), and the TMA gather/scatter index layout. Where an operand arrives
// in another layout than the one its user expects, a ttg.convert_layout is
// materialized right after the operand's definition (reused by every user
// wanting the same type), exactly where MLIR's dialect conversion puts it.
// Regions are converted with their ops: scf.for/if/while, cf branches and
// tt.func signatures change their block argument types, reduce, scan and
// map_elementwise keep their combiner regions.
//
// The module receives "ttg.num-warps", "ttg.threads-per-warp",
// "ttg.num-ctas" and ttg.target. Options mirror Triton's pass: target
// (required), num-warps (4), threads-per-warp (32), num-ctas (1),
// enable-source-remat (false).
//
// Files: pass.go (the pass and Convert), types.go (type converter and
// legality), generic.go (the op-agnostic pattern and materialization),
// tt.go (tt ops with layout rules), scf.go (structured and unstructured
// control flow).
package tttottg
