// Package llvm is the subset of MLIR's LLVM dialect that tt's lowering
// produces and Triton's LLVM-dialect dumps contain, with MLIR's exact
// syntax (the assembly formats of LLVMOps.td and LLVMIntrinsicOps.td at
// the LLVM revision Triton 3.6 pins).
//
// Types (types.go): `!llvm.ptr`, `!llvm.ptr<AS>`, `!llvm.void`,
// `!llvm.token`, `!llvm.array<N x T>`, `!llvm.struct<(T, U)>` (also
// `packed`, and identified `"name"` structs, immutable), `!llvm.func<R
// (A, ...)>`. Builtin integers, floats and vectors are the dialect's
// scalar and vector types. Nested LLVM types print without `!llvm.`.
//
// Attributes (attrs.go): `#llvm.fastmath<...>`, `#llvm.overflow<...>`,
// `#llvm.linkage<...>`, `#llvm.cconv<...>`, `#llvm.tailcallkind<...>`,
// `#llvm.constant_range<iN, lo, hi>`. The I64EnumAttr enums (icmp/fcmp
// predicates, atomic bin ops and orderings, asm dialect, visibility) are
// stored as i64 integer attributes, as in MLIR (enums.go).
//
// Operations, by file:
//
//	ops_arith.go      add sub mul udiv sdiv urem srem and or xor shl lshr ashr
//	                  (overflow<nsw,nuw>, exact, disjoint flags), fadd fsub fmul
//	                  fdiv frem fneg (fastmath), select, freeze
//	ops_cmp.go        icmp "pred", fcmp "pred"
//	ops_cast.go       sext zext trunc fpext fptrunc sitofp uitofp fptosi fptoui
//	                  ptrtoint inttoptr addrspacecast bitcast
//	ops_const.go      mlir.constant mlir.undef mlir.poison mlir.zero mlir.addressof
//	ops_aggregate.go  extractvalue insertvalue extractelement insertelement
//	ops_memory.go     load store atomicrmw cmpxchg fence
//	ops_gep.go        getelementptr (inbounds|nusw|nuw flags, mixed indices)
//	ops_control.go    br cond_br return unreachable
//	ops_func.go       func
//	ops_call.go       call call_intrinsic
//	ops_global.go     mlir.global
//	ops_asm.go        inline_asm
//	ops_intr.go       intr.fma fmuladd maxnum minnum maximum minimum copysign pow
//	                  fabs sqrt exp exp2 log log2 sin cos floor ceil round roundeven
//	                  trunc smax smin umax umin ctpop bitreverse bswap fshl fshr
//
// Ops with a plain ODS assembly format are defined through
// ir/asmfmt (their ODS signature and format string); the others
// (icmp, fcmp, extractvalue, insertvalue, getelementptr, br, cond_br,
// func, call, mlir.global) have hand-written parsers and printers that
// follow MLIR's C++ ones. Default-valued flag properties (fastmathFlags,
// overflowFlags, GEP noWrapFlags, func linkage/CConv/visibility_) are
// stored on creation and elided by the custom printers, as in MLIR.
//
// Decisions where MLIR's dialect is larger than tt needs:
//   - Operand bundles are not modelled: llvm.call and llvm.call_intrinsic
//     have no operand segments; all their operands are callee operands.
//   - Identified structs are immutable (no recursive types).
//   - Alias-analysis and access-group attributes are ordinary attributes.
//
// Folders (fold.go) cover constants, identities (x+0, x*1, x|0, x^0,
// x<<0, x*0, x&0), integer constant arithmetic and comparisons,
// trunc(zext/sext x), cast chains, select on a constant, and
// extractvalue of insertvalue; MaterializeConstant builds
// llvm.mlir.constant.
//
// The vendor dialects of Triton's dumps live beside this one: nvvm
// (dialects/nvvm), rocdl (dialects/llvm/rocdl) and nvg
// (dialects/llvm/nvg).
package llvm
