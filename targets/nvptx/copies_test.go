package nvptx

import (
	"fmt"
	"math/rand"
	"testing"
)

// runMoves applies moves in order to a register file.
func runMoves(regs map[string]string, moves []move) {
	for _, m := range moves {
		if v, ok := regs[m.src]; ok {
			regs[m.dst] = v
		} else {
			regs[m.dst] = m.src // an immediate
		}
	}
}

// parallel applies a parallel copy: every source read before any write.
func parallel(regs map[string]string, moves []move) map[string]string {
	out := map[string]string{}
	for k, v := range regs {
		out[k] = v
	}
	for _, m := range moves {
		if v, ok := regs[m.src]; ok {
			out[m.dst] = v
		} else {
			out[m.dst] = m.src
		}
	}
	return out
}

// sequence returns the moves sequentialize emits for a copy of moves.
func sequence(moves []move, temp func(regClass) string) []move {
	var out []move
	sequentialize(append([]move(nil), moves...), temp, func(m move) { out = append(out, m) })
	return out
}

func TestSequentializeSwap(t *testing.T) {
	n := 0
	temp := func(regClass) string { n++; return fmt.Sprintf("%%t%d", n) }
	got := sequence([]move{{"%a", "%b", classB32}, {"%b", "%a", classB32}}, temp)
	if len(got) != 3 {
		t.Fatalf("a swap takes 3 moves, got %v", got)
	}
	regs := map[string]string{"%a": "A", "%b": "B"}
	runMoves(regs, got)
	if regs["%a"] != "B" || regs["%b"] != "A" {
		t.Errorf("swap computed a=%s b=%s", regs["%a"], regs["%b"])
	}
}

func TestSequentializeDropsSelfMoves(t *testing.T) {
	got := sequence([]move{{"%a", "%a", classB32}, {"%b", "7", classB32}}, nil)
	if len(got) != 1 || got[0].dst != "%b" {
		t.Errorf("got %v", got)
	}
}

// TestSequentializeRandom checks random parallel copies (permutations
// with cycles, fan-out, immediates) against their parallel semantics, and
// that a temporary is used only when a cycle needs it. Every other copy
// is long enough for sequentialize to count readers instead of scanning.
func TestSequentializeRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 2000; iter++ {
		nregs := 1 + rng.Intn(8)
		if iter%2 == 1 {
			nregs = 1 + rng.Intn(64)
		}
		regs := map[string]string{}
		var names []string
		for i := 0; i < nregs; i++ {
			name := fmt.Sprintf("%%r%d", i)
			names = append(names, name)
			regs[name] = fmt.Sprintf("v%d", i)
		}
		var moves []move
		for _, i := range rng.Perm(nregs)[:rng.Intn(nregs+1)] {
			src := names[rng.Intn(nregs)]
			if rng.Intn(5) == 0 {
				src = fmt.Sprint(rng.Intn(100))
			}
			moves = append(moves, move{names[i], src, classB32})
		}
		temps := 0
		seq := sequence(moves, func(regClass) string {
			temps++
			return fmt.Sprintf("%%tmp%d", temps)
		})
		want := parallel(regs, moves)
		got := map[string]string{}
		for k, v := range regs {
			got[k] = v
		}
		runMoves(got, seq)
		for _, n := range names {
			if got[n] != want[n] {
				t.Fatalf("moves %v sequentialized as %v: %s = %s, want %s", moves, seq, n, got[n], want[n])
			}
		}
		if temps > len(moves)/2 {
			t.Fatalf("moves %v used %d temporaries", moves, temps)
		}
	}
}
