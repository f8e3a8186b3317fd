package ir

// Rebuilding an op without the results nothing uses (scf.if, and
// ttg.warp_specialize's canonicalization): which results are kept, and
// the replacement of the old op by the rebuilt one.

// UsedResults returns the indices of op's results that have uses, in order.
func UsedResults(op *Operation) []int {
	var used []int
	for i := range op.results {
		if HasUses(&op.results[i]) {
			used = append(used, i)
		}
	}
	return used
}

// ReplaceKeptResults replaces op by n, whose results are op's results at
// indices kept, in order (UsedResults); op's other results have no uses and
// go with it.
func ReplaceKeptResults(rw Rewriter, op, n *Operation, kept []int) {
	repl := op.Results() // the unused results stand for themselves
	for j, i := range kept {
		repl[i] = n.Result(j)
	}
	rw.ReplaceOp(op, repl)
}
