package pipeliner

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms/ttir"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-pipeline",
		DisplayName: "TritonGPUPipeline",
		Summary:     "pipeline",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			numStages := fs.Int("num-stages", 3, "number of pipeline stages")
			dump := fs.Bool("dump-intermediate-steps", false, "Dump intermediate steps")
			return func(op *ir.Operation, st *passmgr.State) error {
				var w io.Writer
				if *dump {
					w = os.Stderr
				}
				return Pipeline(op, *numStages, st.Emit, w, axisInfoOf(st, op))
			}
		},
	})
}

// Pipeline software-pipelines the scheduled loops of module (Triton's
// TritonGPUPipeline): it lowers each loop (LowerLoops), expands it into a
// prologue and a predicated kernel loop (ExpandLoops), drops the
// schedule, makes wgmma dots asynchronous, sets the counts of the async
// waits, folds the arithmetic, and pipelines the TMA stores of loops of
// two or more stages. With dump set, the IR after lowering and after
// expansion is written to it. axis gives the module's axis analysis as
// the passes before left it (axis.go).
func Pipeline(module *ir.Operation, numStages int, emit func(*ir.Diagnostic), dump io.Writer, axis func() *axisinfo.Module) error {
	if err := LowerLoops(module, emit, axis); err != nil {
		return err
	}
	dumpIR(dump, "LowerLoops", module)
	if err := ExpandLoops(module, emit); err != nil {
		return err
	}
	dumpIR(dump, "ExpandLoops", module)
	removePipeliningAttributes(module)
	for _, loop := range loopsPostOrder(module) {
		if numStagesOrDefault(loop, numStages) >= 1 {
			asyncLaunchDots(loop)
		}
	}
	updateWaits(module)
	if err := foldModule(module); err != nil {
		return err
	}
	var loops []*ir.Operation
	for _, loop := range loopsPostOrder(module) {
		if numStagesOrDefault(loop, numStages) > 1 {
			loops = append(loops, loop)
		}
	}
	for _, loop := range loops {
		if _, err := pipelineTMAStores(loop); err != nil {
			return err
		}
	}
	return nil
}

// dumpIR writes the module after an internal step, as Triton's
// dump-intermediate-steps does.
func dumpIR(w io.Writer, step string, module *ir.Operation) {
	if w == nil {
		return
	}
	fmt.Fprintf(w, "// -----// SoftwarePipeliner internal IR Dump After: %s\n%s\n\n\n", step, asm.Sprint(module, asm.PrintConfig{}))
}

// ExpandLoops expands every scheduled loop of module into its prologue and
// kernel (Triton's expandLoops), then resolves the masks of the predicated
// stages. Loops whose schedule cannot be expanded are left as they are.
func ExpandLoops(module *ir.Operation, emit func(*ir.Diagnostic)) error {
	for _, loop := range loopsPostOrder(module) {
		s, err := deserialize(loop)
		if err != nil {
			return err
		}
		if s == nil {
			continue
		}
		var sched []stagedOp
		for _, so := range s.opsInOrder(loop) {
			sched = append(sched, stagedOp{so.op, so.stage})
		}
		opts := expanderOptions{predicate: wrapInMask}
		keepPredicateStage := loop.HasAttr("__test_keep_predicate_stage")
		// Peel the last iteration of MMAv5 loops waiting in their last
		// stage (not yet of warp-specialized ones).
		peel := hasMMAv5WaitsInLastStage(loop, s) && loop.ParentOfName("ttg.warp_specialize") == nil && !keepPredicateStage
		if keepPredicateStage || peel {
			opts.stagePredicate = newPredicateStage
		}
		kernel := pipelineLoop(loop, sched, opts, emitter(emit))
		if kernel == nil {
			continue
		}
		if peel {
			peelEpilogue(kernel)
		}
	}
	return resolveMasks(module)
}

// hasMMAv5WaitsInLastStage reports whether the loop has an MMAv5 and a
// barrier wait in its last stage.
func hasMMAv5WaitsInLastStage(loop *ir.Operation, s *schedule) bool {
	hasMMA, waitLast := false, false
	for _, op := range bodyOps(loop) {
		if op.Name() == "ttng.wait_barrier" && s.at(op).stage == s.numStages-1 {
			waitLast = true
		}
		if isMMAv5(op) {
			hasMMA = true
		}
	}
	return hasMMA && waitLast
}

// newPredicateStage builds a ttg.predicate_stage, resolved after peeling.
func newPredicateStage(b *ir.Builder, iv, ub, step ir.Value, maxStage, stage int) ir.Value {
	ctx := b.Ctx
	return b.CreateOp("ttg.predicate_stage", iv.Loc(), []ir.Value{iv, ub, step}, []ir.Type{ir.I1(ctx)},
		ir.NamedAttr{Name: "maxStage", Value: ir.I32Attr(ctx, int64(maxStage))},
		ir.NamedAttr{Name: "stage", Value: ir.I32Attr(ctx, int64(stage))}).Result(0)
}

// peelEpilogue peels the kernel's last iteration into an scf.if: in the
// kernel, the stage predicates become comparisons (the second-to-last
// stage's always holds, as the last iteration is peeled); in the peeled
// iteration they are false, and masked ops that never run are dropped.
func peelEpilogue(kernel *ir.Operation) {
	ifOp := ttir.PeelLoopEpilogue(kernel)
	resolve := func(op *ir.Operation, epilogue bool) {
		if op.Name() != "ttg.predicate_stage" {
			return
		}
		b := ir.NewBuilder(op.Context())
		b.SetInsertionPoint(op)
		maxStage, _ := intAttr(op, "maxStage")
		stage, _ := intAttr(op, "stage")
		var v ir.Value
		switch {
		case epilogue:
			v = arith.ConstantBool(b, op.Loc(), false)
		case stage == maxStage-1:
			v = arith.ConstantBool(b, op.Loc(), true)
		default:
			v = emitStagePredicate(b, op.Operand(0), op.Operand(1), op.Operand(2), maxStage, stage)
		}
		ir.ReplaceAllUsesWith(op.Result(0), v)
	}
	for _, op := range bodyOps(kernel) {
		resolve(op, false)
	}
	var peeledMasks []*ir.Operation
	thenBlk := ifOp.Region(0).Front()
	for op := thenBlk.First(); op != nil && op != thenBlk.Last(); op = op.Next() {
		resolve(op, true)
		if op.Name() == "ttg.mask" {
			peeledMasks = append(peeledMasks, op)
		}
	}
	// Speculative async copies may still write shared memory under a false
	// mask, so only the peeled iteration's dead masks are dropped.
	for _, m := range peeledMasks {
		c, ok := arith.MatchConstantInt(m.Operand(0))
		if !ok || c != 0 {
			continue
		}
		b := ir.NewBuilder(m.Context())
		b.SetInsertionPoint(m)
		for _, r := range m.Results() {
			ir.ReplaceAllUsesWith(r, ub.NewPoison(b, m.Loc(), r.Type(), nil).Result(0))
		}
		m.Erase()
	}
}
