package ttgir

import (
	"flag"
	"sync"

	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-remove-layout-conversions",
		DisplayName: "TritonGPURemoveLayoutConversions",
		Summary:     "remove superfluous layout conversions",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return RemoveLayoutConversions(op) }
		},
	})
}

// functions lists the tt.func ops of module. It does not look into their
// bodies (functions do not nest): the pass lists them after each step.
func functions(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	ir.Walk(module, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() != "tt.func" {
			return ir.Advance
		}
		if op.NumRegions() > 0 && !op.Region(0).Empty() {
			out = append(out, op)
		}
		return ir.Skip
	})
	return out
}

// RemoveLayoutConversions is Triton's tritongpu-remove-layout-conversions:
// forward propagation of anchor layouts, backward rematerialization to a
// fixed point, hoisting of the conversions that remain, and cleanups.
func RemoveLayoutConversions(module *ir.Operation) error {
	for _, fn := range functions(module) {
		p := newPropagation(fn)
		p.initAnchors()
		p.propagate()
		p.resolveConflicts()
		if err := p.rewrite(); err != nil {
			return err
		}
	}
	if err := cleanupConverts(module); err != nil {
		return err
	}
	// Each round may expose conversions the previous one could not remove;
	// every removal deletes an op, so the loop terminates. After a round
	// that rematerialized nothing the cleanup finds the IR its previous
	// run left, a fixed point the greedy driver recognizes and skips
	// (pattern/fixedpoint.go: one frozen set for every cleanup).
	for changed := true; changed; {
		changed = false
		for _, fn := range functions(module) {
			r := newRematerializer(fn)
			if r.backwardRematerializeAll() {
				changed = true
			}
			r.cleanup()
		}
		if err := cleanupConverts(module); err != nil {
			return err
		}
	}
	for _, fn := range functions(module) {
		r := newRematerializer(fn)
		r.hoistAll(r.hoistOverExtOrBroadcast)
		r.cleanup()
		r = newRematerializer(fn)
		r.hoistAll(r.hoistIntoConditionals)
		r.cleanup()
		r = newRematerializer(fn)
		r.hoistAll(r.hoistDotOperand)
		r.cleanup()
	}
	return greedyFrozen(module, finalCleanupSet(), bottomUp())
}

// finalCleanupSet is the patterns of the pass's last cleanup, frozen once.
var finalCleanupSet = sync.OnceValue(func() *pattern.FrozenSet {
	var final []ir.RewritePattern
	final = append(final, forDeadArgElimination())
	final = append(final, scf.ForOpDef.Canonicalize...)
	final = append(final, scf.IfOpDef.Canonicalize...)
	final = append(final, ttg.ConvertLayoutPatterns...)
	return pattern.Freeze(final)
})

// cleanupConverts runs the convert_layout canonicalizations (and the
// greedy driver's folding and dead code removal) over the module.
func cleanupConverts(module *ir.Operation) error {
	return greedyFrozen(module, convertLayoutSet(), bottomUp())
}

// convertLayoutSet is the convert_layout patterns frozen once: the greedy
// driver knows a run of the same set on the IR it left at a fixed point
// by the set's identity.
var convertLayoutSet = sync.OnceValue(func() *pattern.FrozenSet { return pattern.Freeze(ttg.ConvertLayoutPatterns) })

// applyPatterns is MLIR's applyPatternsGreedily with its default
// configuration, which Triton's passes use: ops are visited bottom-up (the
// last op of a block first), unlike the canonicalizer's top-down order.
func applyPatterns(module *ir.Operation, patterns []ir.RewritePattern) error {
	return applyFrozen(module, pattern.Freeze(patterns))
}

// applyFrozen is applyPatterns with a frozen set.
func applyFrozen(module *ir.Operation, set *pattern.FrozenSet) error {
	return greedyFrozen(module, set, bottomUp())
}

// bottomUp is MLIR's default greedy configuration (applyPatternsGreedily
// without a config, as Triton calls it): ops visited from the last op of a
// block back to the first, where the canonicalizer visits them top-down.
// The order matters beyond speed: a chain of ops whose results die one
// after the other (the scf.if of each copy of an unrolled loop yielding
// the previous copy's results) is removed from its end in one round
// bottom-up, and one link per round top-down.
func bottomUp() pattern.Config {
	cfg := pattern.DefaultConfig()
	cfg.TopDown = false
	return cfg
}

// greedyFrozen runs the greedy driver with a frozen set over the module,
// its error located at the module.
func greedyFrozen(module *ir.Operation, set *pattern.FrozenSet, cfg pattern.Config) error {
	if _, err := pattern.ApplyGreedily(module, set, cfg); err != nil {
		return ir.Errorf(module.Loc(), "%v", err)
	}
	return nil
}
