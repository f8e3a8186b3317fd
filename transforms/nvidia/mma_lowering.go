package nvidia

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "triton-nvidia-mma-lowering",
		DisplayName: "TritonNvidiaGPUMMALoweringPass",
		Summary:     "lower mma operations if needed",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return LowerMMA(op) }
		},
	})
}

// LowerMMA is Triton 3.6's triton-nvidia-mma-lowering for the tcgen05
// (MMA v5) ops: a synchronous MMA becomes an asynchronous one completing
// on a fresh mbarrier it then waits on; block scales read from shared
// memory are first copied to tensor memory (tcgen05 reads scales only
// there); and tc_gen5_commit ops that follow an MMA across pure ops only
// become completion barriers of the MMA itself.
func LowerMMA(module *ir.Operation) error {
	cfg := pattern.DefaultConfig()
	cfg.TopDown = false
	patterns := []ir.RewritePattern{
		ir.NewPattern("SyncMMALowering", "ttng.tc_gen5_mma", 1, lowerSyncMMA),
		ir.NewPattern("SyncMMALowering", "ttng.tc_gen5_mma_scaled", 1, lowerSyncMMA),
		ir.NewPattern("TCGen5MMAScaleSharedToTmemConversion", "ttng.tc_gen5_mma_scaled", 1, scalesToTMEM),
		ir.NewPattern("MergeCommitIntoMMA", "ttng.tc_gen5_mma", 1, mergeCommits),
		ir.NewPattern("MergeCommitIntoMMA", "ttng.tc_gen5_mma_scaled", 1, mergeCommits),
	}
	if _, err := pattern.ApplyGreedily(module, pattern.Freeze(patterns), cfg); err != nil {
		return ir.Errorf(module.Loc(), "%v", err)
	}
	return nil
}

// mmaV5 is the MMAv5 op interface over tc_gen5_mma and tc_gen5_mma_scaled.
type mmaV5 struct{ *ir.Operation }

func (m mmaV5) def() ttg.Op {
	if m.Name() == "ttng.tc_gen5_mma_scaled" {
		return ttng.TCGen5MMAScaled
	}
	return ttng.TCGen5MMA
}

func (m mmaV5) isAsync() bool { return m.Attr("is_async") != nil }

func (m mmaV5) predicate() ir.Value { return m.def().Operand(m.Operation, "pred")[0] }

// addCompletionBarrier appends a barrier (arrived at when the MMA
// completes, if pred holds) to the op's barrier operands.
func (m mmaV5) addCompletionBarrier(barrier, pred ir.Value) {
	seg := append([]int64(nil), m.Attr(asmfmt.SegmentsAttr).(*ir.DenseArrayAttr).Ints...)
	n := len(seg)
	var barriersEnd int64
	for _, s := range seg[:n-1] {
		barriersEnd += s
	}
	m.InsertOperands(int(barriersEnd), barrier)
	m.InsertOperands(m.NumOperands(), pred)
	seg[n-2]++
	seg[n-1]++
	m.SetAttr(asmfmt.SegmentsAttr, ir.DenseI32Array(m.Context(), seg))
}

func constI1(b *ir.Builder, loc ir.Location, v bool) ir.Value {
	return arith.NewConstant(b, loc, ir.BoolAttrOf(b.Ctx, v)).Result(0)
}

func lowerSyncMMA(op *ir.Operation, rw ir.Rewriter) bool {
	m := mmaV5{op}
	if m.isAsync() {
		return false
	}
	ctx := op.Context()
	loc := op.Loc()
	b := rw.B()
	enc := ttg.NewSwizzledShared(ctx, 1, 1, 1, []int{0}, ttg.DefaultCGA(1))
	barT := ttg.MemDesc(ctx, []int64{1}, ir.I64(ctx), enc, ttg.SharedMemory(ctx), true, nil)
	bar := ttg.NewLocalAlloc(b, loc, barT, nil).Result(0)
	b.CreateOp("ttng.init_barrier", loc, []ir.Value{bar}, nil, ir.NamedAttr{Name: "count", Value: ir.I32Attr(ctx, 1)})
	pred := constI1(b, loc, true)
	rw.ModifyInPlace(op, func() {
		m.addCompletionBarrier(bar, pred)
		op.SetAttr("is_async", ir.Unit(ctx))
	})
	defer b.Restore()()
	b.SetInsertionPointAfter(op)
	phase := arith.NewConstant(b, loc, ir.I32Attr(ctx, 0)).Result(0)
	b.CreateOp("ttng.wait_barrier", loc, []ir.Value{bar, phase, m.predicate()}, nil,
		ir.NamedAttr{Name: asmfmt.SegmentsAttr, Value: ir.DenseI32Array(ctx, []int64{1, 1, 1, 0})})
	b.CreateOp("ttng.inval_barrier", loc, []ir.Value{bar}, nil)
	return true
}

// scalesToTMEM copies block scales that tc_gen5_mma_scaled would read
// from shared memory into tensor memory, spread over the MMA's M (or N)
// rows.
func scalesToTMEM(op *ir.Operation, rw ir.Rewriter) bool {
	first := 3 + len(ttng.TCGen5MMAScaled.Operand(op, "acc_dep"))
	rows := [2]int64{ir.ShapeOf(op.Operand(0).Type())[0], ir.ShapeOf(op.Operand(1).Type())[1]}
	changed := false
	for k := 0; k < 2; k++ {
		idx := first + k
		t, ok := op.Operand(idx).Type().(*ttg.MemDescType)
		if !ok {
			continue
		}
		if _, shared := t.MemorySpace.(*ttg.SharedMemorySpace); !shared {
			continue
		}
		ctx := op.Context()
		split := []int{1, 1}
		if l, ok := t.Encoding.(ttg.LayoutEncoding); ok {
			if s := l.CGA().CTASplitNum(); len(s) >= 2 {
				split = s
			}
		}
		n := ir.NumElements(t.Dims)
		enc := ttng.NewTMEMScalesEncoding(ctx, split[0], split[1])
		tmT := ttg.MemDesc(ctx, []int64{rows[k], n / rows[k]}, t.Elem, enc, ttng.TensorMemory(ctx), true, nil)
		b := rw.B()
		alloc := b.CreateOp("ttng.tmem_alloc", op.Loc(), nil, []ir.Type{tmT})
		b.CreateOp("ttng.tmem_copy", op.Loc(), []ir.Value{op.Operand(idx), alloc.Result(0)}, nil)
		rw.ModifyInPlace(op, func() { op.SetOperand(idx, alloc.Result(0)) })
		changed = true
	}
	return changed
}

// isConstTrue reports a constant true i1.
func isConstTrue(v ir.Value) bool {
	d := v.DefiningOp()
	if d == nil || d.Name() != "arith.constant" {
		return false
	}
	a, ok := d.Attr("value").(*ir.IntegerAttr)
	return ok && ir.IsInteger(a.Type(), 1) && a.Bool()
}

// mergeCommits turns the tc_gen5_commit ops that follow an MMA (across
// pure ops only) into completion barriers of the MMA, when the commit's
// predicate is the MMA's or the MMA always runs.
func mergeCommits(op *ir.Operation, rw ir.Rewriter) bool {
	m := mmaV5{op}
	mmaPred := m.predicate()
	var commits []*ir.Operation
	for next := op.Next(); next != nil; next = next.Next() {
		if next.Name() == "ttng.tc_gen5_commit" {
			pred := commitPred(next)
			if isConstTrue(mmaPred) || pred == mmaPred {
				commits = append(commits, next)
			}
		} else if !isPure(next) {
			break
		}
	}
	if len(commits) == 0 {
		return false
	}
	for _, c := range commits {
		pred := commitPred(c)
		if pred == nil {
			pred = constI1(rw.B(), op.Loc(), true)
		}
		if !moveDefsBefore(c.Operand(0), op) || !moveDefsBefore(pred, op) {
			continue
		}
		rw.ModifyInPlace(op, func() { m.addCompletionBarrier(c.Operand(0), pred) })
		rw.EraseOp(c)
	}
	return true
}

func commitPred(commit *ir.Operation) ir.Value {
	if commit.NumOperands() > 1 {
		return commit.Operand(1)
	}
	return nil
}

// moveDefsBefore moves the pure ops of target's block that compute v and
// follow target before it; it fails, moving nothing, if one is impure.
func moveDefsBefore(v ir.Value, target *ir.Operation) bool {
	var toMove []*ir.Operation
	seen := map[*ir.Operation]bool{}
	var collect func(v ir.Value) bool
	collect = func(v ir.Value) bool {
		d := v.DefiningOp()
		if d == nil || d.Block() != target.Block() || !target.IsBeforeInBlock(d) {
			return true
		}
		if !isPure(d) {
			return false
		}
		for _, x := range d.Operands() {
			if !collect(x) {
				return false
			}
		}
		if !seen[d] {
			seen[d] = true
			toMove = append(toMove, d)
		}
		return true
	}
	if !collect(v) {
		return false
	}
	for _, d := range toMove {
		d.MoveBefore(target)
	}
	return true
}

// isPure is MLIR's isPure: no memory effects and speculatable.
func isPure(op *ir.Operation) bool { return ir.IsMemoryEffectFree(op) && ir.IsSpeculatable(op) }
