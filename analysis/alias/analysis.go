package alias

import (
	"github.com/ttcompiler/tt/analysis/deadcode"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Analysis is the result of the alias analysis of a module or function.
type Analysis struct {
	allocs []ir.Value // ttg.local_alloc results in pre-order
	sets   map[ir.Value]set
	// referring lists the values whose set is not empty, in the order
	// the solver first gave them a buffer.
	referring []ir.Value
}

// Analyze runs the analysis on op: a function, or a module (each of its
// functions is analyzed on its own, as Triton roots one solver per
// function). Any other op is analyzed as one root.
func Analyze(op *ir.Operation) *Analysis {
	a := &Analysis{sets: map[ir.Value]set{}}
	index := map[*ir.Operation]int{}
	ir.WalkOps(op, func(o *ir.Operation) {
		if isSharedAlloc(o) {
			index[o] = len(a.allocs)
			a.allocs = append(a.allocs, o.Result(0))
		}
	})
	for _, root := range roots(op) {
		s := &solver{live: deadcode.Analyze(root), index: index, sets: a.sets, referring: &a.referring}
		s.run(root)
	}
	return a
}

// roots returns the functions of op (op itself if it is one), or op when
// it holds no function.
func roots(op *ir.Operation) []*ir.Operation {
	if IsFunction(op) {
		return []*ir.Operation{op}
	}
	var fns []*ir.Operation
	ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if IsFunction(o) {
			fns = append(fns, o)
			return ir.Skip
		}
		return ir.Advance
	})
	if len(fns) == 0 {
		return []*ir.Operation{op}
	}
	return fns
}

// Allocs returns the ttg.local_alloc results v may refer to, in IR order.
// It is empty for values that refer to no known buffer and for values the
// analysis did not reach (dead code).
func (a *Analysis) Allocs(v ir.Value) []ir.Value {
	s := a.sets[v]
	if len(s) == 0 {
		return nil
	}
	out := make([]ir.Value, len(s))
	for i, x := range s {
		out[i] = a.allocs[x]
	}
	return out
}

// Referring returns the values that may refer to some buffer (those for
// which Allocs is not empty), in the order the analysis found them.
func (a *Analysis) Referring() []ir.Value { return a.referring }

// Reached reports whether the analysis computed a state for v (false for
// values in unreachable code, for untracked descriptors and for values
// that are not shared-memory descriptors and hold no buffer).
func (a *Analysis) Reached(v ir.Value) bool {
	_, ok := a.sets[v]
	return ok
}

// MayAlias reports whether x and y may refer to a common buffer.
func (a *Analysis) MayAlias(x, y ir.Value) bool {
	for _, i := range a.sets[x] {
		if a.sets[y].contains(i) {
			return true
		}
	}
	return false
}

// IsFunction reports whether op is a function whose body the analyses
// handle (tt.func, func.func).
func IsFunction(op *ir.Operation) bool {
	return op.Name() == "tt.func" || op.Name() == "func.func"
}

// IsSharedMemory reports whether a descriptor type refers to shared memory.
func IsSharedMemory(t *ttg.MemDescType) bool {
	_, ok := t.MemorySpace.(*ttg.SharedMemorySpace)
	return ok
}

// IsSharedMemDesc reports whether t is a descriptor of shared memory.
func IsSharedMemDesc(t ir.Type) bool {
	mt, ok := t.(*ttg.MemDescType)
	return ok && IsSharedMemory(mt)
}

// isSharedAlloc reports whether op allocates a shared-memory buffer
// (Triton's LocalAllocOp::isSharedMemoryAlloc).
func isSharedAlloc(op *ir.Operation) bool {
	return op.Name() == "ttg.local_alloc" && op.NumResults() == 1 && IsSharedMemDesc(op.Result(0).Type())
}

// IsView reports whether op is a view of the descriptor it takes as its
// first operand (Triton's MemDescViewTrait ops).
func IsView(op *ir.Operation) bool {
	switch op.Name() {
	case "ttg.memdesc_index", "ttg.memdesc_subslice", "ttg.memdesc_trans", "ttg.memdesc_reshape", "ttg.memdesc_reinterpret":
		return true
	}
	return false
}
