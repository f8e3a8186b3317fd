package nvidia

import (
	"flag"
	"strings"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// Triton 3.6's make_ttgir runs two Blackwell tensor-memory passes for every
// NVIDIA target: triton-nvidia-optimize-tmem-layouts (picks the register
// layouts of tmem loads and stores) and triton-nvidia-interleave-tmem
// (moves tmem loads next to their uses). Both rewrite only tensor-memory
// ops, which Hopper and Ampere kernels never hold, so on those kernels
// they change nothing. tt has no tensor-memory lowering: the passes here
// do exactly that "nothing" on kernels without tensor memory and stop with
// a located error on a kernel that has some, rather than passing it on.
func init() {
	for _, p := range []struct{ name, display, summary string }{
		{"triton-nvidia-optimize-tmem-layouts", "TritonNvidiaGPUOptimizeTMemLayoutsPass",
			"Optimize TMEM layouts (kernels without tensor memory are left as they are; tensor memory is not supported)"},
		{"triton-nvidia-interleave-tmem", "TritonNvidiaGPUInterleaveTMemPass",
			"Interleave TMEM loads with computation (kernels without tensor memory are left as they are; tensor memory is not supported)"},
	} {
		name := p.name
		passmgr.Default.Register(&passmgr.Pass{
			Name:        name,
			DisplayName: p.display,
			Summary:     p.summary,
			Anchor:      "builtin.module",
			Build: func(*flag.FlagSet) passmgr.RunFunc {
				return func(op *ir.Operation, _ *passmgr.State) error {
					return RejectTensorMemory(op, name)
				}
			},
		})
	}
}

// RejectTensorMemory reports the first op under root that uses Blackwell
// tensor memory (a ttng.tmem_* or ttng.tc_gen5_* op, or a memory
// descriptor in #ttng.tensor_memory among its operands, results or block
// arguments), naming the pass that cannot handle
// it; nil when there is none.
func RejectTensorMemory(root *ir.Operation, pass string) error {
	var bad *ir.Operation
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if usesTensorMemory(op) {
			bad = op
			return ir.Interrupt
		}
		return ir.Advance
	})
	if bad != nil {
		return ir.OpErrorf(bad, "%s: Blackwell tensor memory (sm_100) is not supported by tt", pass)
	}
	return nil
}

func usesTensorMemory(op *ir.Operation) bool {
	name := op.Name()
	if strings.HasPrefix(name, "ttng.tmem_") || strings.HasPrefix(name, "ttng.tc_gen5_") {
		return true
	}
	// Asked of every op: the values are read in place, not listed.
	for i := range op.NumOperands() {
		if inTensorMemory(op.Operand(i)) {
			return true
		}
	}
	for i := range op.NumResults() {
		if inTensorMemory(op.Result(i)) {
			return true
		}
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for i := range b.NumArguments() {
				if inTensorMemory(b.Argument(i)) {
					return true
				}
			}
		}
	}
	return false
}

// inTensorMemory reports whether v is a buffer in tensor memory.
func inTensorMemory(v ir.Value) bool {
	if md, ok := v.Type().(*ttg.MemDescType); ok {
		_, tm := md.MemorySpace.(*ttng.TensorMemorySpace)
		return tm
	}
	return false
}
