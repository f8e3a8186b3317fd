package fuzz

import (
	"fmt"
	"math/rand"
	"strings"
)

// mutateStep gives a loop a step that is not a power of two, defined on
// a new line before it: 3/2, 3 or 5 times its constant step, or 3, 6 or
// 7 where the step is not a constant of the kernel. A K loop then covers
// its range in blocks the tile does not divide (a user's BLOCK_K = 48),
// and the passes that count iterations (the pipeliners' prologue and
// epilogue, unrolling, peeling, the trip count's range analysis) divide
// by it; the seeds' steps are 1 and powers of two.
func mutateStep(src string, r *rand.Rand) (string, string, bool) {
	f, ok := pickFor(src, r)
	if !ok {
		return src, "", false
	}
	st := f.operand(4)
	var step int64
	if c, ok := intConstant(src, st); ok && c > 1 {
		step = c * pick(r, []int64{3, 5})
		if c%2 == 0 && r.Intn(2) == 0 {
			step = c / 2 * 3
		}
	} else {
		step = pick(r, []int64{3, 6, 7})
	}
	ls := f.withConstant(4, freshName(src, "%fuzz_step"), step)
	return strings.Join(ls, "\n"), fmt.Sprintf("loop at line %d steps by %d (was %s)", f.i+1, step, st), true
}
