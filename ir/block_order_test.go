package ir_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// Block order numbers follow the ops through random insertions (at the
// front, at the back, between two ops, many at one place so that the gaps
// run out), moves and erasures: IsBeforeInBlock agrees with the list, and
// BlockOrder grows strictly along the block.
func TestBlockOrderFollowsInsertions(t *testing.T) {
	d := &ir.Dialect{Name: "ord"}
	d.NewOp("leaf", 0)
	ctx := ir.NewContext()
	ctx.Load(d)
	blk := ir.NewBlock(ctx, nil, nil)
	newOp := func() *ir.Operation { return ir.Create(ir.NewState(ctx, "ord.leaf", nil)) }
	rng := rand.New(rand.NewPCG(1, 2))
	var ops []*ir.Operation // the block's ops, in order
	for range 8 {
		op := newOp()
		blk.Append(op)
		ops = append(ops, op)
	}
	check := func(step int) {
		t.Helper()
		// Ask in a random order, so that numbering happens at any point.
		for range 8 {
			i, j := rng.IntN(len(ops)), rng.IntN(len(ops))
			if got := ops[i].IsBeforeInBlock(ops[j]); got != (i < j) {
				t.Fatalf("step %d: op %d before op %d is %v", step, i, j, got)
			}
		}
		prev := -1
		for i, op := range ops {
			if n := op.BlockOrder(); n <= prev {
				t.Fatalf("step %d: op %d numbered %d after %d", step, i, n, prev)
			} else {
				prev = n
			}
		}
	}
	for step := range 2000 {
		switch k := rng.IntN(10); {
		case k < 4: // between two ops, or at either end
			at := rng.IntN(len(ops) + 1)
			op := newOp()
			if at == len(ops) {
				blk.Append(op)
			} else {
				blk.InsertBefore(op, ops[at])
			}
			ops = append(ops[:at], append([]*ir.Operation{op}, ops[at:]...)...)
		case k < 6: // a run at one place: the gap there runs out
			at := rng.IntN(len(ops))
			for range 6 {
				op := newOp()
				blk.InsertBefore(op, ops[at])
				ops = append(ops[:at], append([]*ir.Operation{op}, ops[at:]...)...)
				at++
			}
		case k < 8 && len(ops) > 2: // a move
			from, to := rng.IntN(len(ops)), rng.IntN(len(ops)-1)
			op := ops[from]
			op.Remove()
			ops = append(ops[:from], ops[from+1:]...)
			blk.InsertBefore(op, ops[to])
			ops = append(ops[:to], append([]*ir.Operation{op}, ops[to:]...)...)
		case len(ops) > 2: // an erasure
			at := rng.IntN(len(ops))
			ops[at].Erase()
			ops = append(ops[:at], ops[at+1:]...)
		}
		check(step)
	}
}
