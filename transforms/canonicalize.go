package transforms

import (
	"errors"
	"flag"
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "canonicalize",
		DisplayName: "Canonicalizer",
		Summary:     "Canonicalize operations",
		Build:       buildCanonicalize,
	})
}

// canonicalizeOptions are MLIR's Canonicalizer options.
type canonicalizeOptions struct {
	topDown         bool
	regionSimplify  enumFlag
	maxIterations   int
	maxNumRewrites  int
	testConvergence bool
	disable, enable listFlag
}

func (o *canonicalizeOptions) declare(fs *flag.FlagSet) {
	o.regionSimplify = enumFlag{value: "normal", allowed: []string{"disabled", "normal"}}
	fs.BoolVar(&o.topDown, "top-down", true, "seed the worklist in general top-down order")
	fs.Var(&o.regionSimplify, "region-simplify", "perform control flow optimizations to the region tree (disabled, normal)")
	fs.IntVar(&o.maxIterations, "max-iterations", 10, "max. iterations between applying patterns / simplifying regions")
	fs.IntVar(&o.maxNumRewrites, "max-num-rewrites", -1, "max. number of pattern rewrites within an iteration")
	fs.BoolVar(&o.testConvergence, "test-convergence", false, "test only: fail pass on non convergence to detect cyclic pattern")
	fs.Var(&o.disable, "disable-patterns", "labels of patterns that should be filtered out during application")
	fs.Var(&o.enable, "enable-patterns", "labels of patterns that should be used during application, all other patterns are filtered out")
}

// config translates the options into the greedy driver's configuration.
func (o *canonicalizeOptions) config() pattern.Config {
	cfg := pattern.DefaultConfig()
	cfg.TopDown = o.topDown
	cfg.MaxIterations = o.maxIterations
	if o.maxIterations < 0 {
		cfg.MaxIterations = -1
	}
	// MLIR's -1 means "no limit"; the driver's 0 means "a cap proportional
	// to the region", which only trips on rewrite cycles.
	cfg.MaxRewrites = 0
	if o.maxNumRewrites > 0 {
		cfg.MaxRewrites = o.maxNumRewrites
	}
	if o.regionSimplify.value == "disabled" {
		cfg.Simplify = pattern.SimplifyNone
	}
	return cfg
}

func buildCanonicalize(fs *flag.FlagSet) passmgr.RunFunc {
	o := &canonicalizeOptions{}
	o.declare(fs)
	return func(op *ir.Operation, st *passmgr.State) error {
		return runCanonicalizer(op, canonicalizationSet(op.Context(), &o.disable, &o.enable), o)
	}
}

// Canonicalize runs the canonicalizer with MLIR's default options on the
// regions of op: every loaded dialect's canonicalization patterns and
// folders, applied by the greedy driver top-down with region
// simplification, for at most 10 rounds.
func Canonicalize(op *ir.Operation) error {
	o := &canonicalizeOptions{}
	o.declare(flag.NewFlagSet("canonicalize", flag.ContinueOnError))
	return runCanonicalizer(op, canonicalizationSet(op.Context(), &o.disable, &o.enable), o)
}

// runCanonicalizer applies the greedy driver to op's regions. Like MLIR,
// non-convergence is not a failure unless test-convergence asks for it; a
// rewrite cycle (which would make MLIR loop forever) always is.
func runCanonicalizer(op *ir.Operation, set *pattern.FrozenSet, o *canonicalizeOptions) error {
	if o.maxIterations == 0 {
		if o.testConvergence {
			return ir.Errorf(op.Loc(), "canonicalizer did not converge: max-iterations=0")
		}
		return nil
	}
	_, err := pattern.ApplyGreedily(op, set, o.config())
	if err == nil {
		return nil
	}
	var cycle *pattern.ErrRewriteCycle
	if errors.As(err, &cycle) {
		loc := op.Loc()
		if cycle.Op != nil && cycle.Op.Block() != nil {
			loc = cycle.Op.Loc()
		}
		return ir.Errorf(loc, "canonicalizer: %v", err)
	}
	if o.testConvergence {
		return ir.Errorf(op.Loc(), "canonicalizer did not converge: %v", err)
	}
	return nil
}

// canonicalizationSet returns the frozen canonicalization patterns of the
// dialects loaded in ctx, filtered by the disable and enable lists. It is
// built once per context, dialect count and lists (ir.Memo), and shared by
// every canonicalize of a pipeline (Triton's pipelines run it seven times)
// and by the functions a pass instance canonicalizes in parallel.
func canonicalizationSet(ctx *ir.Context, disable, enable *listFlag) *pattern.FrozenSet {
	key := canonicalizationSetKey{dialects: len(ctx.Dialects()), disable: disable.String(), enable: enable.String()}
	return ir.Memo(ctx, key, func() *pattern.FrozenSet {
		return pattern.Freeze(filterPatterns(pattern.CanonicalizationPatterns(ctx), disable.set(), enable.set()))
	})
}

// canonicalizationSetKey identifies a canonicalization set: dialects are
// only ever added to a context, so their count names the loaded set.
type canonicalizationSetKey struct {
	dialects        int
	disable, enable string
}

// patternName is a pattern's debug name (patterns made with ir.NewPattern
// implement fmt.Stringer), or "".
func patternName(p ir.RewritePattern) string {
	if s, ok := p.(fmt.Stringer); ok {
		return s.String()
	}
	return ""
}

// filterPatterns drops disabled patterns and, when an enable list is
// given, every pattern not on it (unnamed patterns included), as MLIR's
// FrozenRewritePatternSet does with debug names.
func filterPatterns(ps []ir.RewritePattern, disable, enable map[string]bool) []ir.RewritePattern {
	if disable == nil && enable == nil {
		return ps
	}
	var out []ir.RewritePattern
	for _, p := range ps {
		name := patternName(p)
		if disable[name] && name != "" {
			continue
		}
		if enable != nil && !enable[name] {
			continue
		}
		out = append(out, p)
	}
	return out
}
