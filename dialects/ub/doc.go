// Package ub defines MLIR's ub dialect as Triton uses it: the ub.poison
// operation and the #ub.poison attribute that folders produce when an
// operand is poison.
//
//	%0 = ub.poison : i32
//	%1 = "ub.poison"() <{value = #ub.poison}> : () -> i32   // generic form
package ub
