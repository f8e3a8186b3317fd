package pipeliner

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-test-pipeline-lower-loop",
		DisplayName: "TritonGPUTestPipelineLowerLoop",
		Summary:     "test lowering a loop for software pipelining",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error { return LowerLoops(op, st.Emit, axisInfoOf(st, op)) }
		},
	})
}

// LowerLoops prepares every scheduled loop of module for expansion
// (Triton's lowerLoops, the first half of tritongpu-pipeline): MMAv5 dots
// become asynchronous, loads used in later stages become asynchronous
// copies into multi-buffered shared memory, descriptors made in the loop
// get multi-buffered global storage, and the ops this creates join the
// schedule, which is written back on the loop. axis gives the module's
// axis analysis, asked for only when a loop has a schedule.
func LowerLoops(module *ir.Operation, emit func(*ir.Diagnostic), axis func() *axisinfo.Module) error {
	loops := loopsPostOrder(module)
	if len(loops) == 0 {
		return nil
	}
	// The axis analysis only when a loop has a schedule: the loops of a
	// warp-specialized kernel have none (2-3% of its compile).
	var ai *axisinfo.Module
	for _, loop := range loops {
		if _, scheduled := intAttr(loop, attrScheduledMaxStage); !scheduled {
			continue
		}
		if ai == nil {
			ai = axis()
		}
		if err := lowerLoop(loop, ai, emitter(emit)); err != nil {
			return err
		}
	}
	return nil
}

func lowerLoop(loop *ir.Operation, ai *axisinfo.Module, diag emitter) error {
	s, err := deserialize(loop)
	if s == nil || err != nil {
		return err
	}
	loop, err = lowerMMAs(loop, s)
	if err != nil {
		return err
	}
	if loop, err = lowerLoads(loop, s, ai, diag); err != nil {
		return err
	}
	if loop, err = lowerTMADescriptors(loop, s); err != nil {
		return err
	}
	s.serialize(loop)
	return nil
}
