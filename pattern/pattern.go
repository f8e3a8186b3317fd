package pattern

import (
	"cmp"
	"slices"
	"sort"

	"github.com/ttcompiler/tt/ir"
)

// FrozenSet is an immutable set of patterns indexed by root op name and
// ordered by decreasing benefit (stable among equal benefits).
type FrozenSet struct {
	byRoot map[string][]ir.RewritePattern
	anyOp  []ir.RewritePattern
	merged map[string][]ir.RewritePattern
}

// Freeze builds a FrozenSet from patterns.
func Freeze(patterns []ir.RewritePattern) *FrozenSet {
	s := &FrozenSet{byRoot: map[string][]ir.RewritePattern{}, merged: map[string][]ir.RewritePattern{}}
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
		byBenefit(l)
		m := append(append([]ir.RewritePattern(nil), l...), s.anyOp...)
		byBenefit(m)
		s.merged[name] = m
	}
	byBenefit(s.anyOp)
	return s
}

// For returns the patterns that may apply to ops named name, best first.
func (s *FrozenSet) For(name string) []ir.RewritePattern {
	if m, ok := s.merged[name]; ok {
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
	for _, d := range ctx.Dialects() {
		ops := append([]*ir.OpDef(nil), d.Ops...)
		sort.Slice(ops, func(i, j int) bool { return ops[i].Name < ops[j].Name })
		for _, op := range ops {
			out = append(out, op.Canonicalize...)
		}
	}
	return out
}
