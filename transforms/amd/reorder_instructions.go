package amd

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/slices"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-reorder-instructions",
		DisplayName: "TritonAMDGPUReorderInstructions",
		Summary: "This pass reorder instructions so as to (1) decrease register pressure (e.g., by moving conversions from shared " +
			"memory before their first use) and (2) promote LLVM instruction order more friendly to `ptxas`.",
		Anchor: "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { ReorderInstructions(op); return nil }
		},
	})
}

// ReorderInstructions is Triton 3.6's tritonamdgpu-reorder-instructions,
// per function: conversions to dot operands move into the loop of their
// single user (fewer live registers across the loop), conversions move
// past local deallocations before their first use (less LDS in use),
// transposes move up to their operand, the global loads of a pipeliner
// prologue (amd.pipeliner_part) move as early as their operands allow (an
// earlier start of the prefetch), and in loops that are plain matmuls with
// large tiles the second global load moves down to just before the dot so
// that its global_load instructions interleave with the MFMAs.
func ReorderInstructions(module *ir.Operation) {
	for _, fn := range module.Region(0).Front().Ops() {
		if fn.Name() != "tt.func" {
			continue
		}
		sinkDotConversion(fn)
		moveDownConversions(fn)
		moveUpTransposes(fn)
		moveUpPrologueLoads(fn)
		if isPureMatmulFunc(fn) {
			ir.WalkOps(fn, func(op *ir.Operation) {
				if op.Name() == "scf.for" {
					sinkSecondLoad(op)
				}
			})
			continue
		}
		for _, loop := range leafForOps(fn) {
			if isPureMatmulLoop(loop) {
				sinkSecondLoad(loop)
			}
		}
	}
}

// opsNamed lists the ops nested in root with the given name, in walk
// (post) order.
func opsNamed(root *ir.Operation, name string) []*ir.Operation {
	var out []*ir.Operation
	ir.WalkOps(root, func(op *ir.Operation) {
		if op.Name() == name {
			out = append(out, op)
		}
	})
	return out
}

// isPureMatmulFunc: the function has loops and each holds exactly one dot.
func isPureMatmulFunc(fn *ir.Operation) bool {
	loops := opsNamed(fn, "scf.for")
	for _, l := range loops {
		if len(opsNamed(l, "tt.dot")) != 1 {
			return false
		}
	}
	return len(loops) > 0
}

// isPureMatmulLoop: one dot and at least two global loads.
func isPureMatmulLoop(loop *ir.Operation) bool {
	return len(opsNamed(loop, "tt.dot")) == 1 && len(opsNamed(loop, "tt.load")) >= 2
}

// leafForOps are the loops of fn with no loop inside.
func leafForOps(fn *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	for _, l := range opsNamed(fn, "scf.for") {
		if len(opsNamed(l, "scf.for")) == 1 {
			out = append(out, l)
		}
	}
	return out
}

func sinkDotConversion(fn *ir.Operation) {
	type move struct{ op, before *ir.Operation }
	var moves []move
	ir.WalkOps(fn, func(op *ir.Operation) {
		if op.Name() != "ttg.convert_layout" {
			return
		}
		if _, ok := encodingOf(op.Result(0)).(*ttg.DotOperandEncoding); !ok || !ir.HasOneUse(op.Result(0)) {
			return
		}
		user := op.Result(0).FirstUse().Owner()
		if enclosingFor(user) == enclosingFor(op) {
			return
		}
		moves = append(moves, move{op, user})
	})
	for _, m := range moves {
		m.op.MoveBefore(m.before)
	}
}

// firstUseInBlock is the first op of op's block that uses op's results
// (directly or in a nested region), or nil.
func firstUseInBlock(op *ir.Operation) *ir.Operation {
	var first *ir.Operation
	for _, r := range op.Results() {
		for _, u := range ir.Users(r) {
			a := op.Block().FindAncestorOp(u)
			if a != nil && (first == nil || a.IsBeforeInBlock(first)) {
				first = a
			}
		}
	}
	return first
}

func moveDownConversions(fn *ir.Operation) {
	for _, op := range opsNamed(fn, "ttg.convert_layout") {
		user := firstUseInBlock(op)
		for it := op.Next(); it != nil && it != user; {
			next := it.Next()
			if it.Name() == "ttg.local_dealloc" {
				op.MoveAfter(it)
			}
			it = next
		}
	}
}

func moveUpTransposes(fn *ir.Operation) {
	var trans []*ir.Operation
	ir.WalkOps(fn, func(op *ir.Operation) {
		if op.Name() == "tt.trans" || op.Name() == "ttg.memdesc_trans" {
			trans = append(trans, op)
		}
	})
	for _, op := range trans {
		if d := op.Operand(0).DefiningOp(); d != nil {
			op.MoveAfter(d)
		}
	}
}

// earlyInsertionPoint is the last op of block before load that defines
// load's pointer or must not be crossed (atomics, barriers, loops), or
// nil for the block's start.
func earlyInsertionPoint(block *ir.Block, load *ir.Operation) *ir.Operation {
	src := load.Operand(0)
	var at *ir.Operation
	for op := block.First(); op != nil && op != load; op = op.Next() {
		for _, r := range op.Results() {
			if r == src {
				at = op
			}
		}
		switch op.Name() {
		case "tt.atomic_rmw", "tt.atomic_cas", "gpu.barrier", "scf.for", "scf.while":
			at = op
		}
	}
	return at
}

func moveUpPrologueLoads(fn *ir.Operation) {
	var loads []*ir.Operation
	for _, op := range fn.Region(0).Front().Ops() {
		if op.Name() == "tt.load" && op.Attr("amd.pipeliner_part") != nil {
			loads = append(loads, op)
		}
	}
	for i := len(loads) - 1; i >= 0; i-- {
		load := loads[i]
		block := load.Block()
		dfg := slices.Backward(load, slices.Options{OmitBlockArguments: true, Filter: func(d *ir.Operation) bool {
			return d.Block() == block
		}}).List
		dfg = append(dfg, load)
		at := earlyInsertionPoint(block, load)
		if at == nil {
			for j := len(dfg) - 1; j >= 0; j-- {
				block.Prepend(detach(dfg[j]))
			}
			continue
		}
		var after []*ir.Operation
		for _, o := range dfg {
			if at.IsBeforeInBlock(o) {
				after = append(after, o)
			}
		}
		for j := len(after) - 1; j >= 0; j-- {
			after[j].MoveAfter(at)
		}
	}
}

// detach unlinks op from its block so that it can be reinserted.
func detach(op *ir.Operation) *ir.Operation {
	op.Remove()
	return op
}

// sinkSecondLoad moves the second of the two global loads of a loop with
// large tiles (A at least 128x64, B at least N 128) down to just before
// the dot, when its first user comes after the dot.
func sinkSecondLoad(loop *ir.Operation) {
	var loads []*ir.Operation
	var dot *ir.Operation
	for _, op := range loop.Region(0).Front().Ops() {
		switch op.Name() {
		case "tt.load":
			loads = append(loads, op)
		case "tt.dot":
			dot = op
		}
	}
	if len(loads) != 2 || dot == nil {
		return
	}
	aT, ok1 := loads[0].Result(0).Type().(*ir.RankedTensorType)
	bT, ok2 := loads[1].Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 || aT.Rank() != 2 || bT.Rank() != 2 {
		return
	}
	if !(aT.Dims[0] >= 128 && aT.Dims[1] >= 64 && bT.Dims[1] >= 128) {
		return
	}
	// The load's first user in the loop body must come after the dot.
	user := firstUseInBlock(loads[1])
	if user != nil && loads[1].IsBeforeInBlock(dot) && dot.IsBeforeInBlock(user) {
		loads[1].MoveBefore(dot)
	}
}
