package fuzz

import (
	"math/rand"
	"testing"
)

// TestMutationsReach: every mutation applies to some repository kernel
// and, within a few tries, yields an input that still parses and
// verifies (but those that probe the verifier), so that it reaches the
// passes rather than only the parser.
// A mutation whose pattern stops matching the printer's output (a
// renamed attribute, a new alias style) fails here instead of silently
// leaving the campaign.
func TestMutationsReach(t *testing.T) {
	seeds := withDerived(t, Seeds(repoRoot(t), ""), 2)
	r := rand.New(rand.NewSource(1))
	for _, m := range mutations {
		applied, verified := 0, 0
		// Bounded by applications, not by picks: a mutation that applies to
		// few seeds (linear layouts are in one) gets as many chances as one
		// that applies to all, however many seeds there are.
		for try := 0; try < 20000 && applied < 400 && verified == 0; try++ {
			s := seeds[r.Intn(len(seeds))]
			out, _, ok := m.apply(s.Src, r)
			if !ok || out == s.Src {
				continue
			}
			applied++
			if parseVerify(Job{Name: s.Name, Src: out}) == nil {
				verified++
			}
		}
		if applied == 0 {
			t.Errorf("%s: applies to none of %d seed kernels", m.name, len(seeds))
		} else if verified == 0 && !m.probesVerifier {
			t.Errorf("%s: none of %d mutants parses and verifies", m.name, applied)
		}
	}
}
