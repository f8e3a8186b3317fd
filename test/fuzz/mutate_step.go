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
	ls := bodyLines(src)
	i, ok := pickLine(r, ls, reFor)
	if !ok {
		return src, "", false
	}
	m := reFor.FindStringSubmatchIndex(ls[i])
	st := ls[i][m[8]:m[9]]
	typ := "index"
	if t := reForType.FindStringSubmatch(ls[i]); t != nil {
		typ = t[1]
	}
	var step int64
	if c, ok := intConstant(src, st); ok && c > 1 {
		step = c * pick(r, []int64{3, 5})
		if c%2 == 0 && r.Intn(2) == 0 {
			step = c / 2 * 3
		}
	} else {
		step = pick(r, []int64{3, 6, 7})
	}
	name := freshName(src, "%fuzz_step")
	indent := ls[i][:len(ls[i])-len(strings.TrimLeft(ls[i], " "))]
	def := fmt.Sprintf("%s%s = arith.constant %d : %s", indent, name, step, typ)
	ls[i] = ls[i][:m[8]] + name + ls[i][m[9]:]
	ls = append(ls[:i], append([]string{def}, ls[i:]...)...)
	return strings.Join(ls, "\n"), fmt.Sprintf("loop at line %d steps by %d (was %s)", i+1, step, st), true
}
