// Package func defines MLIR's func dialect: func.func, func.return,
// func.call, func.call_indirect and func.constant, with MLIR's custom
// syntax and verifiers.
//
// The function-signature syntax is exported (ParseFunctionOp,
// PrintFunctionOp, VerifyFunctionOp) so that other FunctionOpInterface
// ops with the identical syntax, such as Triton's tt.func, can reuse it:
//
//	func.func private @decl(i32, f32) -> i32
//	func.func @f(%arg0: i32 {tt.divisibility = 16 : i32}) -> (i32 {a}) attributes {noinline = false} {
//	  return %arg0 : i32
//	}
//
// The Go package is named function (func is a Go keyword); import it as
// `function "github.com/ttcompiler/tt/dialects/func"`. Builders: NewFunc,
// NewFunctionLike, NewReturn, NewCall; view: FuncOp; attribute helpers:
// FunctionType, ArgAttrs, ResultAttrs, SetArgAttr, SetResultAttr.
package function
