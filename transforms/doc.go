// Package transforms holds MLIR's generic passes, registered in
// passmgr.Default under their MLIR names and with MLIR's options:
//
//	canonicalize                  Canonicalizer: greedy folding + canonicalization patterns
//	cse                           CSE: dominance-scoped common subexpression elimination
//	loop-invariant-code-motion    LoopInvariantCodeMotion: hoist speculatable pure ops out of scf loops
//	inline                        Inliner: inline func.call / tt.call, then simplify callers
//	symbol-dce                    SymbolDCE: erase unreferenced private symbols
//	sccp                          SCCP: sparse conditional constant propagation
//	remove-dead-values            RemoveDeadValues: drop dead function args/results, scf values, pure ops
//	convert-scf-to-cf             SCFToControlFlowPass: lower scf ops to cf branches
//
// Each pass follows the behaviour of its MLIR counterpart, down to the
// order in which it creates and moves operations, so that tt-opt prints
// what mlir-opt/triton-opt print. Loops and region control flow are
// asked through the op interfaces of package ir (ir.LoopLike,
// ir.RegionBranch, ir.BranchLike; regionflow.go). Where the IR core lacks
// an MLIR interface (CallOpInterface, ConditionallySpeculatable), the
// package models it for the ops that Triton uses (calls.go, speculate.go)
// instead of special-casing tests.
//
// What each pass covers, where it departs from MLIR, and why, is in the
// doc comment of its entry point: Canonicalize, CSE, LICM, Inline,
// SymbolDCE, SCCP, RemoveDeadValues and LowerSCFToCF.
//
// Importing the package (for its side effects) registers the passes.
package transforms
