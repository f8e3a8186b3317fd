package amd

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-hoist-layout-conversions",
		DisplayName: "TritonAMDGPUHoistLayoutConversions",
		Summary:     "Hoist layout conversions out of the loop",
		Anchor:      "tt.func",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { HoistLayoutConversions(op); return nil }
		},
	})
}

// HoistLayoutConversions is Triton 3.6's
// tritonamdgpu-hoist-layout-conversions: a conversion to a dot operand
// layout inside a loop whose source is computed outside the loop moves
// right after the source, so the operand (attention's Q) stays in
// registers instead of being converted every iteration. AMD GPUs have a
// large register file and little LDS, which favours this.
func HoistLayoutConversions(fn *ir.Operation) {
	var cvts []*ir.Operation
	ir.WalkOps(fn, func(op *ir.Operation) {
		if op.Name() == "ttg.convert_layout" {
			cvts = append(cvts, op)
		}
	})
	for _, cvt := range cvts {
		if _, ok := encodingOf(cvt.Result(0)).(*ttg.DotOperandEncoding); !ok {
			continue
		}
		src := cvt.Operand(0).DefiningOp()
		if src == nil {
			continue
		}
		if loop := enclosingFor(cvt); loop != nil && !loop.IsAncestorOf(src) {
			cvt.MoveAfter(src)
		}
	}
}
