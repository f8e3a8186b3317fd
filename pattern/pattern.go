package pattern

import (
	"cmp"
	"slices"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// FrozenSet is an immutable set of patterns indexed by root op name and
// ordered by decreasing benefit (stable among equal benefits).
type FrozenSet struct {
	// byRoot holds, for each root name, its patterns and those of anyOp
	// merged in benefit order.
	byRoot map[string][]ir.RewritePattern
	anyOp  []ir.RewritePattern
}

// Freeze builds a FrozenSet from patterns.
func Freeze(patterns []ir.RewritePattern) *FrozenSet {
	s := &FrozenSet{byRoot: map[string][]ir.RewritePattern{}}
	for _, p := range patterns {
		if p.RootName() == "" {
			s.anyOp = append(s.anyOp, p)
		} else {
			s.byRoot[p.RootName()] = append(s.byRoot[p.RootName()], p)
		}
	}
	byBenefit := func(l []ir.RewritePattern) {
		slices.SortStableFunc(l, func(a, b ir.RewritePattern) int { return cmp.Compare(b.Benefit(), a.Benefit()) })
	}
	for name, l := range s.byRoot {
		// Each list is its own: the any-op patterns go after the rooted
		// ones, which the stable sort then keeps ahead at equal benefit.
		if len(s.anyOp) > 0 {
			l = append(l, s.anyOp...)
			s.byRoot[name] = l
		}
		byBenefit(l)
	}
	byBenefit(s.anyOp)
	return s
}

// For returns the patterns that may apply to ops named name, best first.
func (s *FrozenSet) For(name string) []ir.RewritePattern {
	if m, ok := s.byRoot[name]; ok {
		return m
	}
	return s.anyOp
}

// Empty reports whether the set holds no pattern.
func (s *FrozenSet) Empty() bool { return len(s.byRoot) == 0 && len(s.anyOp) == 0 }

// CanonicalizationPatterns collects the canonicalization patterns of every
// op registered in ctx, in op-name order.
func CanonicalizationPatterns(ctx *ir.Context) []ir.RewritePattern {
	var out []ir.RewritePattern
	var ops []*ir.OpDef
	for _, d := range ctx.Dialects() {
		// Only the ops that have patterns are sorted: a few dozen of the
		// five hundred, and every canonicalize pass of a compile asks.
		ops = ops[:0]
		for _, op := range d.Ops {
			if len(op.Canonicalize) > 0 {
				ops = append(ops, op)
			}
		}
		slices.SortFunc(ops, func(a, b *ir.OpDef) int { return strings.Compare(a.Name, b.Name) })
		for _, op := range ops {
			out = append(out, op.Canonicalize...)
		}
	}
	return out
}
