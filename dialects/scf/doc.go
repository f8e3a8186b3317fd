// Package scf defines MLIR's structured control flow dialect as Triton 3.6
// uses it: scf.for, scf.if, scf.while/scf.condition, scf.yield,
// scf.execute_region and scf.index_switch, with MLIR's custom syntax,
// verifiers (including the LoopLike and RegionBranch interface checks)
// and canonicalization patterns.
//
//	%r:2 = scf.for %iv = %lb to %ub step %s iter_args(%a = %x, %b = %y) -> (f32, i32)  : i32 {
//	  scf.yield %a2, %b2 : f32, i32
//	}
//	%v = scf.if %c -> (i32) { scf.yield %x : i32 } else { scf.yield %y : i32 }
//
// Builders: NewFor, NewIf, NewWhile (with NewCondition), NewYield,
// NewExecuteRegion; views: ForOp, IfOp, WhileOp. VerifyLoopLike applies
// MLIR's LoopLikeOpInterface checks to any loop.
//
// Canonicalization: scf.for SimplifyTrivialLoops (no/one iteration, empty
// loops) and ForOpIterArgsFolder; scf.if RemoveStaticCondition,
// ConvertTrivialIfToSelect, RemoveUnusedResults, RemoveEmptyElseBranch,
// ReplaceIfYieldWithConditionOrValue, ConditionPropagation and the
// xor-not condition swap; scf.execute_region single-block inlining.
package scf
