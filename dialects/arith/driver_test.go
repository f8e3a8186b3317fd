package arith_test

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/pattern"
)

// canonicalize runs the greedy rewrite driver on root: folding and, with
// patterns, the loaded dialects' canonicalization patterns, to a fixed
// point, erasing dead ops (the canonicalize pass minus its options).
func canonicalize(root *ir.Operation, patterns bool) {
	var pats []ir.RewritePattern
	if patterns {
		pats = pattern.CanonicalizationPatterns(root.Context())
	}
	if _, err := pattern.ApplyGreedily(root, pattern.Freeze(pats), pattern.DefaultConfig()); err != nil {
		panic(err)
	}
}
