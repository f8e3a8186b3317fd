// Package cf defines MLIR's unstructured control flow dialect: cf.br,
// cf.cond_br, cf.switch and cf.assert, with MLIR's custom syntax, the
// BranchOpInterface verifier and canonicalization patterns.
//
//	cf.br ^bb1(%a : i32)
//	cf.cond_br %c, ^bb1(%x : i32), ^bb2
//	cf.assert %ok, "message"
//
// Builders: NewBr, NewCondBr, NewSwitch, NewAssert; views: BranchOp,
// CondBranchOp, SwitchOp. Each branch sets OpDef.SuccessorOperands and
// OpDef.ResizeSuccessorOperands.
// Canonicalization: merge into single-predecessor blocks, pass-through
// branch collapsing, constant and identical-successor cond_br, and
// erasure of `cf.assert true`.
package cf
