package passmgr

import (
	"sort"
	"strings"
)

// Named pipelines such as Triton's make_ttgir are lists of steps, each
// naming a pass. Some of those passes do not exist in tt yet: they are
// marked in the registry (MarkNotBuilt), by name, with the reason. When a
// pipeline is built, a step whose pass is registered runs, marked or not
// (registering a pass is all it takes to make its steps run); a marked
// step whose pass is not registered becomes a placeholder that runs
// nothing; any other step fails the pipeline ("'x' does not refer to a
// registered pass"), so a misspelt or unlinked pass cannot silently drop
// out of it.
//
// Placeholders show in the textual pipeline (and so in
// -dump-pass-pipeline and crash reproducers) as `?name{options}`, which
// the parser reads back as "run name if it is registered"; in the
// --mlir-timing report as "name (not built)"; and through
// PassManager.NotBuilt, which tt-translate reports as a warning.

// Step is one entry of a named pipeline.
type Step struct {
	// Pass is the command-line name of the pass; Options its options in
	// textual form (`num-warps=4 target=cuda:90`).
	Pass, Options string
	// StandIn names a registered pass that runs, without options, in the
	// place of the step's pass while that is not built (as a pass of its
	// own, after the placeholder).
	StandIn string
	// NotBuilt is the reason the pass is not built, on the steps
	// PassManager.NotBuilt returns.
	NotBuilt string
}

// NewStep returns the step running pass with the options given as
// `key=value` strings (empty ones are left out).
func NewStep(pass string, options ...string) Step {
	var opts []string
	for _, o := range options {
		if o != "" {
			opts = append(opts, o)
		}
	}
	return Step{Pass: pass, Options: strings.Join(opts, " ")}
}

// Text renders s as an element of a textual pipeline.
func (s Step) Text() string {
	if s.Options == "" {
		return s.Pass
	}
	return s.Pass + "{" + s.Options + "}"
}

// MarkNotBuilt records that tt has no pass named pass yet, and why.
// Marking a pass twice keeps the first reason; marking a registered pass
// has no effect on pipelines (it runs).
func (r *Registry) MarkNotBuilt(pass, reason string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.notBuilt[pass]; !ok {
		r.notBuilt[pass] = reason
	}
}

// NotBuiltReason returns the reason pass was marked as not built, and
// whether it was.
func (r *Registry) NotBuiltReason(pass string) (string, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	reason, ok := r.notBuilt[pass]
	return reason, ok
}

// NotBuiltPasses returns the names of the passes marked as not built, in
// order.
func (r *Registry) NotBuiltPasses() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]string, 0, len(r.notBuilt))
	for p := range r.notBuilt {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// StepsText renders steps as a textual pipeline for reg: registered passes
// as they are, marked passes that are not registered as `?name{options}`
// placeholders (followed by their stand-in, if any), and anything else as
// it is, for the pipeline parser to reject.
func StepsText(reg *Registry, steps []Step) string {
	parts := make([]string, 0, len(steps))
	for _, s := range steps {
		if reg.Lookup(s.Pass) != nil {
			parts = append(parts, s.Text())
			continue
		}
		if _, marked := reg.NotBuiltReason(s.Pass); !marked {
			parts = append(parts, s.Text())
			continue
		}
		parts = append(parts, "?"+s.Text())
		if s.StandIn != "" {
			parts = append(parts, s.StandIn)
		}
	}
	return strings.Join(parts, ",")
}

// NotBuilt returns the placeholders of pm (nested pass managers
// included), in pipeline order, with the reasons they are not built.
func (pm *PassManager) NotBuilt() []Step {
	var out []Step
	for _, e := range pm.elems {
		switch {
		case e.nested != nil:
			out = append(out, e.nested.NotBuilt()...)
		case e.unbuilt != nil:
			out = append(out, *e.unbuilt)
		}
	}
	return out
}
