package allocate

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// Attributes of the global scratch allocation (Triton 3.6's names).
const (
	GlobalScratchOffsetAttr    = "ttg.global_scratch_memory_offset"
	GlobalScratchSizeAttr      = "ttg.global_scratch_memory_size"
	GlobalScratchAlignmentAttr = "ttg.global_scratch_memory_alignment"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-global-scratch-memory-allocation",
		DisplayName: "TritonGPUGlobalScratchAllocationPass",
		Summary:     "Assign global scratch memory allocation",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				// Only attributes of global scratch change, which the
				// shared-memory allocation does not read.
				passmgr.Preserve[allocation.NvidiaRecorded](st)
				return GlobalScratch(op)
			}
		},
	})
}

// GlobalScratch is Triton 3.6's tritongpu-global-scratch-memory-allocation:
// every tt.func lays out, one after the other in post-order, the global
// scratch its ttg.global_scratch_alloc ops and its calls need (a call
// needs its callee's total), each at an offset rounded up to its
// alignment, recorded as ttg.global_scratch_memory_offset on the op. The
// function gets ttg.global_scratch_memory_size (the end, rounded up to the
// largest alignment) and ttg.global_scratch_memory_alignment; the module
// gets those of its public function, the kernel. Like Triton's, the
// layout ignores liveness: buffers never share bytes.
//
// A module without exactly one public tt.func, a call cycle, or a call
// to an unknown function is an error (Triton asserts).
func GlobalScratch(module *ir.Operation) error {
	ctx := module.Context()
	funcs := map[string]*ir.Operation{}
	var order []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() == "tt.func" {
			funcs[ir.SymbolName(op)] = op
			order = append(order, op)
		}
	})
	onStack := map[*ir.Operation]bool{}
	var allocate func(fn *ir.Operation) error
	allocate = func(fn *ir.Operation) error {
		// Callees first: a call needs its callee's size.
		var err error
		onStack[fn] = true
		ir.Walk(fn, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
			if op.Name() != "tt.call" {
				return ir.Advance
			}
			callee, e := scratchCallee(op, funcs)
			if e == nil && onStack[callee] {
				e = ir.OpErrorf(op, "recursive call to @%s: global scratch needs an acyclic call graph", ir.SymbolName(callee))
			}
			if e == nil && !callee.HasAttr(GlobalScratchSizeAttr) {
				e = allocate(callee)
			}
			if e != nil {
				err = e
				return ir.Interrupt
			}
			return ir.Advance
		})
		delete(onStack, fn)
		if err != nil {
			return err
		}
		offset, largest := int64(0), int64(1)
		ir.Walk(fn, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
			var nbytes, align int64
			switch op.Name() {
			case "ttg.global_scratch_alloc":
				if op.HasAttr(ttg.AttrTensormapPool) {
					// tt's own: the map lives in the module's pool.
					return ir.Advance
				}
				nbytes, align = intAttr(op, "nbytes"), intAttr(op, "alignment")
			case "tt.call":
				// Resolved above.
				callee, _ := scratchCallee(op, funcs)
				nbytes, align = intAttr(callee, GlobalScratchSizeAttr), intAttr(callee, GlobalScratchAlignmentAttr)
			}
			if nbytes <= 0 {
				return ir.Advance
			}
			// An alignment of 0 is no constraint.
			align = max(align, 1)
			offset = roundUp(offset, align)
			op.SetAttr(GlobalScratchOffsetAttr, ir.I32Attr(ctx, offset))
			offset += nbytes
			largest = max(largest, align)
			return ir.Advance
		})
		fn.SetAttr(GlobalScratchSizeAttr, ir.I32Attr(ctx, roundUp(offset, largest)))
		fn.SetAttr(GlobalScratchAlignmentAttr, ir.I32Attr(ctx, largest))
		return nil
	}
	var kernel *ir.Operation
	for _, fn := range order {
		if err := allocate(fn); err != nil {
			return err
		}
		if vis, ok := fn.Attr(ir.SymbolVisibilityAttrName).(*ir.StringAttr); ok && vis.Value != "public" {
			continue
		}
		if kernel != nil {
			return ir.OpErrorf(fn, "global scratch allocation: a second public function (@%s is the kernel)", ir.SymbolName(kernel))
		}
		kernel = fn
	}
	if kernel == nil {
		return ir.OpErrorf(module, "global scratch allocation: the module has no public tt.func (kernel)")
	}
	module.SetAttr(GlobalScratchSizeAttr, kernel.Attr(GlobalScratchSizeAttr))
	module.SetAttr(GlobalScratchAlignmentAttr, kernel.Attr(GlobalScratchAlignmentAttr))
	return nil
}

// scratchCallee returns the tt.func call calls, or a diagnostic.
func scratchCallee(call *ir.Operation, funcs map[string]*ir.Operation) (*ir.Operation, error) {
	ref, ok := call.Attr("callee").(*ir.SymbolRefAttr)
	if ok {
		if fn := funcs[ref.Root]; fn != nil {
			return fn, nil
		}
	}
	return nil, ir.OpErrorf(call, "global scratch allocation: the callee is not a tt.func of the module")
}

// intAttr returns op's integer attribute name, or 0.
func intAttr(op *ir.Operation, name string) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

func roundUp(v, step int64) int64 { return (v + step - 1) / step * step }
