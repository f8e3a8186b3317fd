package ttgir

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-reorder-instructions",
		DisplayName: "TritonGPUReorderInstructions",
		Summary:     "Reorder instructions",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error {
				ReorderInstructions(op)
				return nil
			}
		},
	})
}

// ReorderInstructions is Triton 3.6's tritongpu-reorder-instructions, a
// schedule for ptxas's register allocator and for shared memory reuse:
// layout conversions sink below the deallocations before their first use
// (their scratch buffer can then reuse the freed memory); shared-memory
// reads and conversions to dot operands move into the loop of their only
// user; stores to shared memory follow right after what they store, and
// transposes after what they transpose; the B operand of a dot is read
// from shared memory after its A operand, when no write lies between.
func ReorderInstructions(module *ir.Operation) {
	dom := ir.NewDominanceInfo()
	for _, op := range opsNamed(module, "ttg.convert_layout") {
		for curr := op.Next(); curr != nil && curr != firstUseInBlock(op); curr = curr.Next() {
			if curr.Name() == "ttg.local_dealloc" {
				op.MoveAfter(curr)
			}
		}
	}
	type move struct{ op, before *ir.Operation }
	var sinks []move
	ir.Walk(module, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if !raisesRegisterPressure(op) {
			return ir.Advance
		}
		uses := ir.Uses(op.Result(0))
		if len(uses) != 1 {
			return ir.Advance
		}
		user := uses[0].Owner()
		if user.ParentOfName("scf.for") != op.ParentOfName("scf.for") {
			sinks = append(sinks, move{op, user})
		}
		return ir.Advance
	})
	for _, m := range sinks {
		m.op.MoveBefore(m.before)
	}
	for _, op := range opsNamed(module, "ttg.local_alloc") {
		if op.NumOperands() == 0 {
			continue
		}
		src := op.Operand(0).DefiningOp()
		// A buffer of a splat or constant would only hold shared memory
		// longer.
		if src == nil || src.Name() == "arith.constant" || src.Name() == "tt.splat" {
			continue
		}
		op.MoveAfter(src)
	}
	for _, op := range opsNamed(module, "tt.trans", "ttg.memdesc_trans") {
		if src := op.Operand(0).DefiningOp(); src != nil {
			op.MoveAfter(src)
		}
	}
	for _, op := range opsNamed(module, "ttg.local_load") {
		enc, ok := ir.EncodingOf(op.Result(0).Type()).(*ttg.DotOperandEncoding)
		if !ok || enc.OpIdx != 1 {
			continue
		}
		uses := ir.Uses(op.Result(0))
		if len(uses) != 1 || uses[0].Owner().Name() != "tt.dot" {
			continue
		}
		a := uses[0].Owner().Operand(0).DefiningOp()
		if a == nil || a.Name() != "ttg.local_load" {
			continue
		}
		if !dom.OpDominates(op, a) || writesBetween(op, a) {
			continue
		}
		op.MoveAfter(a)
	}
}

// opsNamed lists the ops of the given names nested in root, in post-order.
func opsNamed(root *ir.Operation, names ...string) []*ir.Operation {
	var out []*ir.Operation
	ir.Walk(root, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		for _, n := range names {
			if op.Name() == n {
				out = append(out, op)
				break
			}
		}
		return ir.Advance
	})
	return out
}

// raisesRegisterPressure reports shared-memory reads and conversions to a
// dot operand layout (which replicate data across threads).
func raisesRegisterPressure(op *ir.Operation) bool {
	switch op.Name() {
	case "ttg.local_load":
		return true
	case "ttg.convert_layout":
		_, ok := ir.EncodingOf(op.Result(0).Type()).(*ttg.DotOperandEncoding)
		return ok
	}
	return false
}

// firstUseInBlock is the first op of op's block that is or contains a user
// of op, or nil.
func firstUseInBlock(op *ir.Operation) *ir.Operation {
	var first *ir.Operation
	for _, r := range op.Results() {
		for _, u := range ir.Users(r) {
			a := ancestorInBlock(op.Block(), u)
			if a != nil && (first == nil || a.IsBeforeInBlock(first)) {
				first = a
			}
		}
	}
	return first
}

// ancestorInBlock is op or its ancestor that lies in block b, or nil.
func ancestorInBlock(b *ir.Block, op *ir.Operation) *ir.Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if o.Block() == b {
			return o
		}
	}
	return nil
}

// writesBetween reports whether an op that may write memory runs after
// start and before end (which start dominates); ops whose effects are not
// known count as not writing, as in Triton.
func writesBetween(start, end *ir.Operation) bool {
	anc := ancestorInBlock(start.Block(), end)
	if anc == nil {
		return true
	}
	for o := start.Next(); o != nil; o = o.Next() {
		if mayWrite(o) {
			return true
		}
		if o == anc {
			return false
		}
	}
	return true
}

func mayWrite(op *ir.Operation) bool {
	effects, known := ir.MemoryEffects(op)
	if !known {
		return false
	}
	for _, e := range effects {
		if e.Kind != ir.Read && e.Kind != ir.Allocate && e.Kind != ir.Free {
			return true
		}
	}
	return false
}
