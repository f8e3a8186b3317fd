package pattern_test

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/pattern"
)

// randomCFG is a function of random blocks for the region DCE test: each
// block has arguments, negations of values it sees (its arguments, its own
// earlier results, the entry's load), sinks of some of them, and a branch
// forwarding some of them to a random block (back edges and unreachable
// blocks included) or a return.
type randomCFG struct {
	blocks []randomBlock
}

type randomBlock struct {
	args int
	ops  []randomOp
	// target is the successor (-1: the block returns); fwd the values
	// forwarded to its arguments.
	target int
	fwd    []string
}

// randomOp is a negation (id > 0, defining value name) or a sink of use.
type randomOp struct {
	id   int
	name string
	use  string
}

func newRandomCFG(r *rand.Rand) *randomCFG {
	g := &randomCFG{blocks: make([]randomBlock, 2+r.Intn(4))}
	for i := range g.blocks {
		if i > 0 {
			g.blocks[i].args = r.Intn(4)
		}
	}
	id := 0
	for i := range g.blocks {
		b := &g.blocks[i]
		seen := []string{"%x"}
		for a := 0; a < b.args; a++ {
			seen = append(seen, fmt.Sprintf("%%b%da%d", i, a))
		}
		for n := r.Intn(5); n > 0; n-- {
			pick := seen[r.Intn(len(seen))]
			if r.Intn(4) == 0 {
				b.ops = append(b.ops, randomOp{use: pick})
				continue
			}
			id++
			name := fmt.Sprintf("%%v%d", id)
			b.ops = append(b.ops, randomOp{id: id, name: name, use: pick})
			seen = append(seen, name)
		}
		b.target = -1
		if r.Intn(5) != 0 {
			b.target = 1 + r.Intn(len(g.blocks)-1)
			for a := 0; a < g.blocks[b.target].args; a++ {
				b.fwd = append(b.fwd, seen[r.Intn(len(seen))])
			}
		}
	}
	return g
}

func (g *randomCFG) String() string {
	var s strings.Builder
	s.WriteString("\"test.func\"() ({\n  %x = \"test.load\"() : () -> i32\n")
	for i, b := range g.blocks {
		if i > 0 {
			var args []string
			for a := 0; a < b.args; a++ {
				args = append(args, fmt.Sprintf("%%b%da%d: i32", i, a))
			}
			fmt.Fprintf(&s, "^bb%d(%s):\n", i, strings.Join(args, ", "))
		}
		for _, op := range b.ops {
			if op.id == 0 {
				fmt.Fprintf(&s, "  \"test.sink\"(%s) : (i32) -> ()\n", op.use)
				continue
			}
			fmt.Fprintf(&s, "  %s = \"test.neg\"(%s) {test.id = %d : i64} : (i32) -> i32\n", op.name, op.use, op.id)
		}
		if b.target < 0 {
			s.WriteString("  \"test.ret\"() : () -> ()\n")
			continue
		}
		types := strings.TrimSuffix(strings.Repeat("i32, ", len(b.fwd)), ", ")
		fmt.Fprintf(&s, "  \"test.br\"(%s)[^bb%d] : (%s) -> ()\n", strings.Join(b.fwd, ", "), b.target, types)
	}
	s.WriteString("}) : () -> ()\n")
	return s.String()
}

// liveNegations is the reference: the ids of the negations that liveness
// keeps, by a fixed point over the reachable blocks. Sinks and branches
// are live; a value is live when a live op uses it, where a branch's
// operand counts as a use only when the argument it feeds is live.
func (g *randomCFG) liveNegations() []int {
	reach := map[int]bool{0: true}
	for b := 0; b >= 0; {
		reach[b] = true
		t := g.blocks[b].target
		if t < 0 || reach[t] {
			break
		}
		b = t
	}
	live := map[string]bool{}
	for changed := true; changed; {
		changed = false
		mark := func(v string) {
			if !live[v] {
				live[v], changed = true, true
			}
		}
		for i, b := range g.blocks {
			if !reach[i] {
				continue
			}
			for _, op := range b.ops {
				if op.id == 0 || live[op.name] {
					mark(op.use)
				}
			}
			for a, v := range b.fwd {
				if live[fmt.Sprintf("%%b%da%d", b.target, a)] {
					mark(v)
				}
			}
		}
	}
	var ids []int
	for i, b := range g.blocks {
		for _, op := range b.ops {
			if reach[i] && op.id > 0 && live[op.name] {
				ids = append(ids, op.id)
			}
		}
	}
	sort.Ints(ids)
	return ids
}

// Region DCE takes a single sweep and repairs the decisions a back edge made
// stale; on random functions with loops it keeps exactly the negations a
// fixed point of liveness keeps.
func TestRegionDCEMatchesFixedPoint(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	loops := 0
	for n := 0; n < 400; n++ {
		g := newRandomCFG(r)
		src := g.String()
		for i, b := range g.blocks {
			if b.target >= 0 && b.target <= i {
				loops++
				break
			}
		}
		m := parse(t, src)
		if _, err := pattern.ApplyGreedily(m, pattern.Freeze(nil), pattern.DefaultConfig()); err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		if err := ir.Verify(m); err != nil {
			t.Fatalf("verify after DCE: %v\n%s", err, src)
		}
		var got []int
		ir.WalkOps(m, func(op *ir.Operation) {
			if a, ok := op.Attr("test.id").(*ir.IntegerAttr); ok {
				got = append(got, int(a.Int()))
			}
		})
		sort.Ints(got)
		if want := g.liveNegations(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("kept negations %v, the fixed point keeps %v\n%s\nafter:\n%s", got, want, src, asm.Sprint(m, asm.PrintConfig{}))
		}
	}
	if loops < 100 {
		t.Fatalf("only %d of the random functions have a back edge", loops)
	}
}
