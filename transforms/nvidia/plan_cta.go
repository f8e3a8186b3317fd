package nvidia

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "triton-nvidia-gpu-plan-cta",
		DisplayName: "TritonGPUPlanCTAPass",
		Summary:     "plan CTA",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return PlanCTA(op) }
		},
	})
}

// PlanCTA is Triton 3.6's triton-nvidia-gpu-plan-cta: with num-ctas > 1 it
// decides, per function, how the CTAs of a cluster split the tensors, and
// rewrites the layouts' CGALayouts accordingly. With one CTA per cluster
// there is nothing to plan and the module is left as it is.
//
// The tiling comes from the function's tt.dot (its M x N result split
// between the CTAs, plan_cta_tiling.go), else from its reductions (split
// along the kept dims), else from the layout of its first store. The new
// layouts are pinned on those ops by unrealized casts (old type -> new
// type before an operand, new -> old after a result), and the casts are
// then pushed through the producers and consumers until they meet and
// cancel or become ttg.convert_layout ops (plan_cta_propagate.go).
//
// The order in which casts are queued, revisited and cloned decides which
// ops end up with which layout, so it follows 3.6's step for step. What 3.6
// asserts, reports as fatal or silently gets wrong (a second dot, a
// reduction of a slice-layout tensor, a layout conflict on a block
// argument, a tiling that does not cover the cluster) is a located error.
func PlanCTA(module *ir.Operation) error {
	if ttg.NumCTAs(module) == 1 {
		return nil
	}
	var funcs []*ir.Operation
	for _, r := range module.Regions() {
		for _, b := range r.Blocks() {
			for _, op := range b.Ops() {
				if op.Name() == "tt.func" {
					funcs = append(funcs, op)
				}
			}
		}
	}
	for _, f := range funcs {
		p := &ctaPlanner{module: module, dir: map[*ir.Operation]castDirection{}}
		if err := p.run(f); err != nil {
			return err
		}
	}
	return nil
}

// maxPlanSteps bounds the planning steps of one function as 3.6 does
// (its assertion "Maximum number of steps exceeded").
const maxPlanSteps = 10000

// castDirection says which way a planning cast still has to travel:
// backward casts (old -> new type, before a use) ask the producer of their
// operand to adopt the new layout, forward casts (new -> old, after a
// result) ask the consumers of their result.
type castDirection int

const (
	backward castDirection = iota
	forward
)

// ctaPlanner plans one function.
type ctaPlanner struct {
	module *ir.Operation
	// dir holds the direction of every live planning cast.
	dir map[*ir.Operation]castDirection
	// queue holds the casts still to propagate, oldest first.
	queue []*ir.Operation
	// step counts planning steps; stepUnchanged counts the steps since a
	// cast last changed the IR (a cast with several users waits until
	// every other cast had its turn).
	step, stepUnchanged int
	// tiled is set once the function's CTA tiling is chosen.
	tiled bool
}

// run plans f: the tiling of its dot, reductions or stores, then the
// propagation of the casts they leave until none is left.
func (p *ctaPlanner) run(f *ir.Operation) error {
	if err := p.planDots(f); err != nil {
		return err
	}
	if err := p.nextStep(f); err != nil {
		return err
	}
	if err := p.planReductions(f); err != nil {
		return err
	}
	if err := p.nextStep(f); err != nil {
		return err
	}
	if !p.tiled {
		if err := p.planStores(f); err != nil {
			return err
		}
		if err := p.nextStep(f); err != nil {
			return err
		}
	}
	for len(p.queue) > 0 {
		cast := p.queue[0]
		p.queue = p.queue[1:]
		changed, err := p.propagate(cast)
		if err != nil {
			return err
		}
		if changed {
			p.stepUnchanged = 0
		} else {
			p.queue = append(p.queue, cast)
			p.stepUnchanged++
		}
		if err := p.nextStep(f); err != nil {
			return err
		}
	}
	return nil
}

func (p *ctaPlanner) nextStep(f *ir.Operation) error {
	p.step++
	if p.step >= maxPlanSteps {
		return ir.OpErrorf(f, "triton-nvidia-gpu-plan-cta: the CTA layouts did not settle within %d steps", maxPlanSteps)
	}
	return nil
}

// newCast creates a planning cast of v to type t at the builder's
// insertion point and queues it.
func (p *ctaPlanner) newCast(b *ir.Builder, loc ir.Location, v ir.Value, t ir.Type, d castDirection) *ir.Operation {
	c := b.CreateOp("builtin.unrealized_conversion_cast", loc, []ir.Value{v}, []ir.Type{t})
	p.dir[c] = d
	p.queue = append(p.queue, c)
	return c
}

// eraseCasts erases casts whose results are no longer used and drops them
// from the queue.
func (p *ctaPlanner) eraseCasts(casts ...*ir.Operation) error {
	gone := map[*ir.Operation]bool{}
	for _, c := range casts {
		if ir.HasUses(c.Result(0)) {
			return ir.OpErrorf(c, "triton-nvidia-gpu-plan-cta: internal error: a planning cast to erase is still in use")
		}
		c.Erase()
		delete(p.dir, c)
		gone[c] = true
	}
	kept := p.queue[:0]
	for _, c := range p.queue {
		if !gone[c] {
			kept = append(kept, c)
		}
	}
	p.queue = kept
	return nil
}
