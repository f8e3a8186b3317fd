// Package arith defines MLIR's arith dialect as Triton 3.6 uses it: integer
// and floating-point arithmetic, comparisons, select and casts on scalars
// and on tensors/vectors of them, with MLIR's custom syntax, verifiers,
// folders and a set of its canonicalization patterns.
//
// Files:
//
//	dialect.go      the Dialect, Load, attribute parsing, constant materialization
//	attrs.go        #arith.fastmath, #arith.overflow and the rounding-mode enum
//	predicates.go   the cmpi/cmpf predicate enums (stored as i64 attributes)
//	constraints.go  ODS type constraints with MLIR's wording
//	constant.go     arith.constant and the constant builders
//	binary.go       integer and float binary ops, negf
//	extended.go     addui_extended, mulsi_extended, mului_extended
//	cmp.go          cmpi, cmpf
//	select.go       select
//	casts.go        ext/trunc/fp<->int/index_cast/bitcast
//	scaling.go      scaling_extf, scaling_truncf (OCP MX casts)
//	fold_*.go       constant folding (exact MLIR/APInt/APFloat semantics);
//	                fold_export.go exports the element-wise fold helpers
//	canonicalize.go canonicalization patterns (a subset of MLIR's)
//	guard.go        custom printers that never panic on invalid ops
//
// Builders: NewConstant, ConstantInt, ConstantIndex, ConstantBool,
// ConstantFloat, NewBinary, NewNegF, NewCmpI, NewCmpF, NewSelect, NewCast.
// Views and helpers: ConstantOp, ConstantAttrOf, MatchConstantInt,
// CmpIPredicateOf, CmpFPredicateOf, FastMathOf, OverflowOf, RoundingModeOf,
// IntAttr, FloatAttr, ZeroAttr, I1SameShape, the Constraint values with
// CheckOperand/CheckResult (MLIR's ODS wording), and the exported parse
// and print helpers of the fastmath syntax used by the math dialect.
package arith
