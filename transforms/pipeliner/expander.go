package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// The pipeline expander (Triton's fork of MLIR's loop pipeliner,
// PipelineExpander.cpp): given a loop and a stage for each op of its body,
// it emits a prologue running stages [0, i] of the first iterations, then
// a kernel loop whose body runs stage s of iteration i+max-s. Triton does
// not peel an epilogue: in the kernel's last iterations the early stages
// are predicated off, so the kernel loop runs over the original bounds.

// expanderOptions configures the expansion.
type expanderOptions struct {
	// predicate wraps op (already inserted) so that it runs only when pred
	// holds, and returns the op that replaces it.
	predicate func(op *ir.Operation, pred ir.Value) *ir.Operation
	// stagePredicate, if set, builds the predicate of a stage in the
	// kernel instead of the comparison of the induction variable.
	stagePredicate func(b *ir.Builder, iv, ub, step ir.Value, maxStage, stage int) ir.Value
}

// expander holds the state of one expansion.
type expander struct {
	loop         *ir.Operation
	maxStage     int
	stages       map[*ir.Operation]int
	order        []*ir.Operation
	lb, ub, step ir.Value
	dynamic      bool
	opts         expanderOptions
	diag         emitter
	b            *ir.Builder
	versions     map[ir.Value][]ir.Value
}

// liverange is the stages between a value's definition and its last use.
type liverange struct{ defStage, lastUseStage int }

// crossStage is a value used in a later stage than it is defined in.
type crossStage struct {
	val ir.Value
	liverange
}

// scheduledOp pairs an op with its stage in the final schedule.
type stagedOp struct {
	op    *ir.Operation
	stage int
}

// pipelineLoop expands loop according to sched; it returns the kernel loop,
// or nil (leaving the loop untouched) when the loop cannot be pipelined.
func pipelineLoop(loop *ir.Operation, sched []stagedOp, opts expanderOptions, diag emitter) *ir.Operation {
	e := &expander{loop: loop, stages: map[*ir.Operation]int{}, opts: opts, diag: diag, versions: map[ir.Value][]ir.Value{}}
	if !e.init(sched) {
		return nil
	}
	e.b = ir.NewBuilder(loop.Context())
	e.b.SetInsertionPoint(loop)
	e.emitPrologue()
	cross := e.analyzeCrossStageValues()
	argMap := map[argKey]int{}
	kernel := e.createKernelLoop(cross, argMap)
	e.createKernel(kernel, cross, argMap)
	for i, r := range loop.Results() {
		ir.ReplaceAllUsesWith(r, kernel.Result(i))
	}
	loop.Erase()
	return kernel
}

// init checks that the schedule can be expanded.
func (e *expander) init(sched []stagedOp) bool {
	f := scf.ForOp{Operation: e.loop}
	e.lb, e.ub, e.step = f.LowerBound(), f.UpperBound(), f.Step()
	if len(sched) == 0 {
		return false
	}
	for _, so := range sched {
		e.maxStage = max(e.maxStage, so.stage)
		e.stages[so.op] = so.stage
		e.order = append(e.order, so.op)
	}
	// Only index-typed constant bounds make a loop static, as in Triton.
	e.dynamic = true
	ubC, ok1 := indexConstant(e.ub)
	lbC, ok2 := indexConstant(e.lb)
	stepC, ok3 := indexConstant(e.step)
	if ok1 && ok2 && ok3 && stepC != 0 {
		if n := ceilDiv(ubC-lbC, stepC); n >= int64(e.maxStage) {
			e.dynamic = false
		}
	}
	for _, op := range bodyOps(e.loop) {
		if _, ok := e.stages[op]; !ok {
			e.diag.emit(op, ir.SevError, "'"+op.Name()+"' op not assigned a pipeline stage")
			return false
		}
	}
	if !e.verifySchedule() {
		return false
	}
	blk := body(e.loop)
	for op := range e.stages {
		if op == blk.Last() {
			e.diag.emit(op, ir.SevError, "terminator should not be assigned a stage")
			return false
		}
		if op.Block() != blk {
			e.diag.emit(op, ir.SevError, "'"+op.Name()+"' op the owning Block of all operations assigned a stage should be the loop body block")
			return false
		}
	}
	for _, op := range bodyOps(e.loop) {
		for _, v := range allNestedOperands(op) {
			if def, dist := definitionAndDistance(e.loop, v); def != nil && dist > 1 {
				return false
			}
		}
	}
	return true
}

// indexConstant returns the value of an index-typed arith.constant.
func indexConstant(v ir.Value) (int64, bool) {
	if _, ok := v.Type().(*ir.IndexType); !ok {
		return 0, false
	}
	return arith.MatchConstantInt(v)
}

// ceilDiv rounds a/b towards positive infinity.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) == (b < 0)) {
		q++
	}
	return q
}

// verifySchedule checks that every op is scheduled after its operands,
// accounting for the iteration distance of carried values.
func (e *expander) verifySchedule() bool {
	n := len(e.order)
	cycle := map[*ir.Operation]int{}
	for i, op := range e.order {
		cycle[op] = i + e.stages[op]*n
	}
	for _, consumer := range e.order {
		cc := cycle[consumer]
		for _, v := range allNestedOperands(consumer) {
			producer, dist := definitionAndDistance(e.loop, v)
			if producer == nil {
				continue
			}
			pc, ok := cycle[producer]
			if !ok {
				continue
			}
			if cc < pc-n*dist {
				d := &ir.Diagnostic{Loc: consumer.Loc(), Severity: ir.SevWarning,
					Message: "operation scheduled before its operands. Pipelining will be disabled."}
				d.Note(producer.Loc(), "operand defined here: %s", genericText(producer))
				if e.diag != nil {
					e.diag(d)
				}
				return false
			}
		}
	}
	return true
}

// genericText prints op in the generic form, for a note.
func genericText(op *ir.Operation) string {
	s := asm.Sprint(op, asm.PrintConfig{Generic: true})
	for len(s) > 0 && s[len(s)-1] == '\n' {
		s = s[:len(s)-1]
	}
	return s
}

// setVersion records that el is version idx of key.
func (e *expander) setVersion(key, el ir.Value, idx int) {
	vs, ok := e.versions[key]
	if !ok {
		vs = make([]ir.Value, e.maxStage+1)
		e.versions[key] = vs
	}
	vs[idx] = el
}

// cloneAndUpdate clones op at the builder and lets update rewrite the
// operands of the clone (and of its nested ops) that come from outside it.
func (e *expander) cloneAndUpdate(op *ir.Operation, update func(o *ir.OpOperand)) *ir.Operation {
	clone := op.Clone(nil)
	e.b.Insert(clone)
	ir.WalkOps(clone, func(n *ir.Operation) {
		for i := 0; i < n.NumOperands(); i++ {
			v := n.Operand(i)
			def := v.DefiningOp()
			_, isArg := v.(*ir.BlockArgument)
			if (def != nil && !clone.IsAncestorOf(def)) || isArg {
				update(n.OpOperand(i))
			}
		}
	})
	return clone
}

// iv builds lb + i*step.
func (e *expander) ivAt(i int) ir.Value {
	loc := e.loop.Loc()
	c := arith.ConstantInt(e.b, loc, int64(i), e.lb.Type())
	m := binary(e.b, "arith.muli", loc, e.step, c)
	return binary(e.b, "arith.addi", loc, e.lb, m)
}

// emitPrologue emits, for i in [0, maxStage), the stages [0, i] of
// iteration i, predicated on the iteration existing for dynamic loops.
func (e *expander) emitPrologue() {
	loop := e.loop
	inits := scf.ForOp{Operation: loop}.Inits()
	y := yieldOp(loop)
	for i := range inits {
		e.setVersion(iterArg(loop, i), inits[i], 0)
	}
	for i, v := range y.Operands() {
		if loop.Region(0).IsAncestorOf(regionOf(v)) {
			continue
		}
		// A value from outside the loop carried into the next iterations.
		for s := 1; s < e.maxStage; s++ {
			e.setVersion(iterArg(loop, i), v, s)
		}
	}
	loc := loop.Loc()
	preds := make([]ir.Value, e.maxStage)
	for i := 0; i < e.maxStage; i++ {
		iv := e.ivAt(i)
		e.setVersion(inductionVar(loop), iv, i)
		if e.dynamic {
			preds[i] = cmpi(e.b, loc, arith.CmpISLT, iv, e.ub)
		}
		for _, op := range e.order {
			st := e.stages[op]
			if st > i {
				continue
			}
			newOp := e.cloneAndUpdate(op, func(o *ir.OpOperand) {
				if vs, ok := e.versions[o.Get()]; ok {
					o.Set(vs[i-st])
				}
			})
			pi := i - st
			if preds[pi] != nil {
				newOp = e.opts.predicate(newOp, preds[pi])
			}
			for d := 0; d < op.NumResults(); d++ {
				var src ir.Value = newOp.Result(d)
				for yi, yv := range y.Operands() {
					if yv != op.Result(d) {
						continue
					}
					if preds[pi] != nil && ir.HasUses(loop.Result(yi)) {
						// The loop's result must keep the previous
						// value if this iteration does not exist.
						prev := e.versions[iterArg(loop, yi)][i-st]
						src = selectOp(e.b, loc, preds[pi], src, prev)
					}
					e.setVersion(iterArg(loop, yi), src, i-st+1)
				}
				e.setVersion(op.Result(d), newOp.Result(d), i-st)
			}
		}
	}
}

// regionOf is the region v is defined in.
func regionOf(v ir.Value) *ir.Region {
	if b := v.ParentBlock(); b != nil {
		return b.Region()
	}
	return nil
}

// analyzeCrossStageValues collects the values used in a later stage than
// the one defining them (by the op or the regions nested in it).
func (e *expander) analyzeCrossStageValues() []*crossStage {
	var out []*crossStage
	index := map[ir.Value]*crossStage{}
	for _, op := range e.order {
		st := e.stages[op]
		analyze := func(v ir.Value) {
			def, dist := definitionAndDistance(e.loop, v)
			if def == nil {
				return
			}
			ds, ok := e.stages[def]
			if !ok || ds == st || ds == st+dist {
				return
			}
			c := index[v]
			if c == nil {
				c = &crossStage{val: v}
				index[v] = c
				out = append(out, c)
			}
			c.defStage = ds
			c.lastUseStage = max(c.lastUseStage, st)
		}
		for _, v := range op.Operands() {
			analyze(v)
		}
		for _, r := range op.Regions() {
			walkRegion(r, func(n *ir.Operation) {
				for _, v := range n.Operands() {
					if !isInRegion(v, r) {
						analyze(v)
					}
				}
			})
		}
	}
	return out
}

// argKey names the kernel iter arg holding version distance of a value.
type argKey struct {
	val  ir.Value
	dist int
}

// createKernelLoop creates the kernel loop: the original iter args start
// from the prologue's versions, and each cross-stage value gets one iter
// arg per stage its live range spans.
func (e *expander) createKernelLoop(cross []*crossStage, argMap map[argKey]int) *ir.Operation {
	loop := e.loop
	inits := scf.ForOp{Operation: loop}.Inits()
	var args []ir.Value
	for i, v := range yieldOp(loop).Operands() {
		if ds, ok := e.stages[v.DefiningOp()]; ok && v.DefiningOp() != nil {
			args = append(args, e.versions[iterArg(loop, i)][e.maxStage-ds])
		} else {
			args = append(args, inits[i])
		}
	}
	for _, c := range cross {
		span := c.lastUseStage - c.defStage
		for s := 0; s < span; s++ {
			args = append(args, e.versions[c.val][e.maxStage-c.lastUseStage+s])
			argMap[argKey{c.val, span - s}] = len(args) - 1
		}
	}
	ctx := loop.Context()
	st := ir.NewState(ctx, "scf.for", loop.Loc())
	st.Operands = append([]ir.Value{e.lb, e.ub, e.step}, args...)
	types := []ir.Type{inductionVar(loop).Type()}
	locs := []ir.Location{inductionVar(loop).Loc()}
	for _, a := range args {
		st.Types = append(st.Types, a.Type())
		types = append(types, a.Type())
		locs = append(locs, loop.Loc())
	}
	st.Props = append(st.Props, loop.Props()...)
	st.Attrs = append(st.Attrs, loop.DiscardableAttrs()...)
	st.AddRegion().Append(ir.NewBlock(ctx, types, locs))
	return e.b.Create(st)
}

// emitStagePredicate builds the predicate of stage s in the kernel:
// iv < ub - (maxStage - s) * step.
func emitStagePredicate(b *ir.Builder, iv, ub, step ir.Value, maxStage, stage int) ir.Value {
	loc := iv.Loc()
	c := arith.ConstantInt(b, loc, int64(maxStage-stage), iv.Type())
	m := binary(b, "arith.muli", loc, step, c)
	lim := binary(b, "arith.subi", loc, ub, m)
	return cmpi(b, loc, arith.CmpISLT, iv, lim)
}

// createKernel fills the kernel loop: the ops in schedule order, reading
// values of earlier stages from the iter args that carry them, the early
// stages predicated on their iteration existing.
func (e *expander) createKernel(kernel *ir.Operation, cross []*crossStage, argMap map[argKey]int) {
	loop := e.loop
	kb := body(kernel)
	e.b.SetInsertionPointToStart(kb)
	m := ir.NewMapping()
	m.Map(inductionVar(loop), kb.Argument(0))
	for i := range (scf.ForOp{Operation: loop}).Inits() {
		m.Map(iterArg(loop, i), kb.Argument(i+1))
	}
	preds := make([]ir.Value, e.maxStage+1)
	stagePred := e.opts.stagePredicate
	if stagePred == nil {
		stagePred = emitStagePredicate
	}
	for i := 0; i < e.maxStage; i++ {
		preds[i] = stagePred(e.b, kb.Argument(0), e.ub, e.step, e.maxStage, i)
	}
	y := yieldOp(loop)
	for _, op := range e.order {
		useStage := e.stages[op]
		newOp := op.Clone(m)
		e.b.Insert(newOp)
		// Pair each op nested in op with its clone.
		var origs, clones []*ir.Operation
		ir.Walk(op, ir.PostOrder, func(x *ir.Operation) ir.WalkResult { origs = append(origs, x); return ir.Advance })
		ir.Walk(newOp, ir.PostOrder, func(x *ir.Operation) ir.WalkResult { clones = append(clones, x); return ir.Advance })
		for k, orig := range origs {
			nested := clones[k]
			for oi, v := range orig.Operands() {
				if v == inductionVar(loop) {
					e.b.SetInsertionPoint(newOp)
					loc := loop.Loc()
					c := arith.ConstantInt(e.b, loc, int64(e.maxStage-useStage), e.step.Type())
					off := binary(e.b, "arith.muli", loc, e.step, c)
					iv := binary(e.b, "arith.addi", loc, kb.Argument(0), off)
					nested.SetOperand(oi, iv)
					e.b.SetInsertionPointAfter(newOp)
					continue
				}
				src := v
				if arg, ok := v.(*ir.BlockArgument); ok && arg.Owner() == body(loop) {
					ret := y.Operand(arg.Index() - 1)
					if definedOutside(loop, ret) {
						if useStage != e.maxStage {
							nested.SetOperand(oi, ret)
						}
						continue
					}
					dep := ret.DefiningOp()
					if dep == nil {
						continue
					}
					ds, ok := e.stages[dep]
					if !ok || ds == useStage {
						continue
					}
					if ds == useStage+1 {
						nested.SetOperand(oi, m.Lookup(ret))
						continue
					}
					src = ret
				}
				def := src.DefiningOp()
				if def == nil {
					continue
				}
				ds, ok := e.stages[def]
				if !ok || ds == useStage {
					continue
				}
				if idx, ok := argMap[argKey{v, useStage - ds}]; ok {
					nested.SetOperand(oi, kb.Argument(idx+1))
				}
			}
		}
		if preds[useStage] != nil {
			restore := e.b.Restore()
			newOp = e.opts.predicate(newOp, preds[useStage])
			restore()
			for i, r := range op.Results() {
				m.Map(r, newOp.Result(i))
			}
		}
	}

	var yields []ir.Value
	for i, v := range y.Operands() {
		src := m.Lookup(v)
		if ir.HasUses(loop.Result(i)) {
			// The loop's results are the last iteration's: an early-stage
			// value of an iteration that does not exist keeps the
			// previous one.
			if def, _ := definitionAndDistance(loop, v); def != nil {
				if ds, ok := e.stages[def]; ok && ds < e.maxStage {
					src = selectOp(e.b, preds[ds].Loc(), preds[ds], src, kb.Argument(i+1))
				}
			}
		}
		yields = append(yields, src)
	}
	for _, c := range cross {
		num := c.lastUseStage - c.defStage
		for s := 1; s < num; s++ {
			yields = append(yields, kb.Argument(len(yields)+2))
		}
		yields = append(yields, m.Lookup(c.val))
	}
	scf.NewYield(e.b, loop.Loc(), yields)
}
