package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
)

// fuseOneLevel fuses the children of a loop node into it (Triton's
// fuseOneLevel; see the comment at the top of fuse_nested_loops.go):
//
//	T = 0; i = lbi - stepi
//	for _ in range(len_i * inner_len):
//	  if T == start_k: [k == 0: i += stepi]; prologue_k(i); j_k = lbj_k
//	  if start_k <= T < start_k + len_jk: body_k(i, j_k); j_k += stepj_k
//	  if T == inner_len - 1: epilogue(i)
//	  T = 0 if T == inner_len - 1 else T + 1
//
// where start_k = sum_{m<k} max(1, len_jm) - k and inner_len is
// sum max(1, len_jk) - N: consecutive inner loops share an iteration.
// Values crossing these regions are carried by the fused loop.
func fuseOneLevel(parent *loopNode, dom *ir.DominanceInfo) {
	outer := parent.loop
	var inners []innerLoop
	var toHoist opSet
	for _, child := range parent.children {
		f := scf.ForOp{Operation: child.loop}
		bounds := []ir.Value{f.LowerBound(), f.UpperBound(), f.Step()}
		if opsToHoistFor(dom, outer, bounds, &toHoist, canHoistLoopBoundComputation, isFuncArg) {
			inners = append(inners, innerLoop{child.loop, &opSet{}})
			continue
		}
		sliced := &opSet{}
		outerIV := inductionVar(outer)
		if opsToHoistFor(dom, outer, bounds, sliced, canHoistLoopBoundComputation,
			func(a *ir.BlockArgument) bool { return ir.Value(a) == outerIV || isFuncArg(a) }) {
			inners = append(inners, innerLoop{child.loop, sliced})
		}
	}
	parent.children = nil
	if len(inners) == 0 {
		return
	}
	hoistOpsBefore(outer, toHoist.list)

	ctx := outer.Context()
	width := intWidth(inductionVar(outer).Type())
	for _, l := range inners {
		width = max(width, intWidth(inductionVar(l.op).Type()))
	}
	intTy := ir.IntegerTypeOf(ctx, width)
	b := &fuseBuilder{ir.NewBuilder(ctx), outer.Loc()}
	b.SetInsertionPoint(outer)
	cst := func(v int64) ir.Value { return b.cst(intTy, v) }
	allInvariant := true
	for _, l := range inners {
		allInvariant = allInvariant && l.invariant()
	}

	of := scf.ForOp{Operation: outer}
	lenOuter := b.numIters(of.LowerBound(), of.UpperBound(), of.Step())
	lenInners := make([]ir.Value, len(inners))
	for k, l := range inners {
		if l.invariant() {
			f := scf.ForOp{Operation: l.op}
			lenInners[k] = b.castInt(b.numIters(f.LowerBound(), f.UpperBound(), f.Step()), intTy)
		} else {
			lenInners[k] = b.poisonOrZero(intTy)
		}
	}
	n := len(inners) - 1
	innerLen := cst(0)
	for k, l := range inners {
		if l.invariant() {
			innerLen = b.bin("arith.addi", innerLen, b.bin("arith.maxsi", cst(1), lenInners[k]))
		}
	}
	innerLen = b.bin("arith.subi", innerLen, cst(int64(n)))
	totalIters := b.bin("arith.muli", b.castInt(lenOuter, intTy), innerLen)

	// Add the lengths of the inner loops whose bounds depend on i in a
	// loop over the outer iterations.
	peeled := scf.NewFor(b.Builder, b.loc, of.LowerBound(), of.UpperBound(), of.Step(), []ir.Value{totalIters}, nil)
	pb := body(peeled)
	pb.Last().Erase()
	b.SetInsertionPointToEnd(pb)
	acc := ir.Value(pb.Argument(1))
	m := ir.NewMapping()
	m.Map(inductionVar(outer), pb.Argument(0))
	for _, l := range inners {
		if l.invariant() {
			continue
		}
		acc = b.bin("arith.addi", acc, b.bin("arith.maxsi", cst(1), cloneBoundLen(b, l, m, intTy)))
	}
	scf.NewYield(b.Builder, b.loc, []ir.Value{acc})
	totalIters = peeled.Result(0)
	b.SetInsertionPointAfter(peeled)

	// The prologues, the epilogue, and what they produce for later.
	var logues []*logue
	logues = append(logues, newLogue(dom, body(outer).First(), inners[0].op))
	for k := 0; k+1 < len(inners); k++ {
		logues = append(logues, newLogue(dom, inners[k].op.Next(), inners[k+1].op))
	}
	logues = append(logues, newLogue(dom, inners[len(inners)-1].op.Next(), yieldOp(outer)))

	var inits []ir.Value
	inits = append(inits, cst(0))
	inits = append(inits, b.bin("arith.subi", of.LowerBound(), of.Step()))
	outerArgsStart := len(inits)
	inits = append(inits, of.Inits()...)
	lenInnersStart := len(inits)
	inits = append(inits, lenInners...)
	innerLenIdx := len(inits)
	inits = append(inits, innerLen)
	ivarStart := len(inits)
	for _, l := range inners {
		inits = append(inits, b.poisonOrZero(inductionVar(l.op).Type()))
	}
	innerOutsStart := len(inits)
	for _, l := range inners {
		for _, t := range l.op.ResultTypes() {
			inits = append(inits, b.poisonOrZero(t))
		}
	}
	logueOutsStart := len(inits)
	for _, lg := range logues[:len(logues)-1] {
		for _, t := range lg.outputTypes() {
			inits = append(inits, b.poisonOrZero(t))
		}
	}

	fused := scf.NewFor(b.Builder, b.loc, cst(0), totalIters, cst(1), inits, nil)
	fb := body(fused)
	fb.Last().Erase()
	arg := func(i int) ir.Value { return fb.Argument(i + 1) }
	for i := range of.Inits() {
		ir.ReplaceAllUsesWith(iterArg(outer, i), arg(outerArgsStart+i))
	}
	for k := range lenInners {
		lenInners[k] = arg(lenInnersStart + k)
	}
	b.SetInsertionPointToEnd(fb)

	T := arg(0)
	curI := arg(1)
	var i ir.Value
	bodyOutsIt := innerOutsStart
	logueOutsIt := logueOutsStart
	var prologueIfs, bodyIfs []*ir.Operation
	for k := 0; k <= n; k++ {
		startT := cst(0)
		for mm := 0; mm < k; mm++ {
			startT = b.bin("arith.addi", startT, b.bin("arith.maxsi", cst(1), lenInners[mm]))
		}
		startT = b.bin("arith.subi", startT, cst(int64(k)))
		prologueCond := b.cmp(arith.CmpIEQ, T, startT)
		inner := inners[k].op
		inf := scf.ForOp{Operation: inner}
		prologue := logues[k]

		types := []ir.Type{inductionVar(inner).Type()}
		types = append(types, prologue.outputTypes()...)
		for _, v := range inf.Inits() {
			types = append(types, v.Type())
		}
		if k == 0 {
			types = append(types, curI.Type())
			for range inners {
				types = append(types, intTy)
			}
			types = append(types, innerLen.Type())
		}
		prologueIf := newIfOp(b.Builder, b.loc, prologueCond, types)
		prologueIfs = append(prologueIfs, prologueIf)
		thenBlk := ir.NewBlock(ctx, nil, nil)
		prologueIf.Region(0).Append(thenBlk)
		prologue.moveInto(thenBlk)

		tb := &fuseBuilder{ir.NewBuilder(ctx), b.loc}
		if k == 0 {
			tb.SetInsertionPointToStart(thenBlk)
			i = tb.bin("arith.addi", curI, of.Step())
			ir.ReplaceUsesIf(inductionVar(outer), i, func(u *ir.OpOperand) bool {
				return prologueIf.Region(0).IsAncestorOf(u.Owner().ParentRegion())
			})
			// The bounds are recomputed from the new i (Triton maps nothing
			// here and so reads i's final definition, the scf.if's own
			// result, from inside it).
			im := ir.NewMapping()
			im.Map(inductionVar(outer), i)
			for kk, l := range inners {
				if l.invariant() {
					continue
				}
				lenInners[kk] = cloneBoundLen(tb, l, im, intTy)
				innerLen = tb.bin("arith.addi", innerLen, tb.bin("arith.maxsi", tb.cst(intTy, 1), lenInners[kk]))
			}
		}
		tb.SetInsertionPointToEnd(thenBlk)
		thenOuts := []ir.Value{inf.LowerBound()}
		thenOuts = append(thenOuts, prologue.outputs...)
		thenOuts = append(thenOuts, inf.Inits()...)
		if k == 0 {
			thenOuts = append(thenOuts, i)
			thenOuts = append(thenOuts, lenInners...)
			thenOuts = append(thenOuts, innerLen)
		}
		scf.NewYield(tb.Builder, b.loc, thenOuts)

		elseBlk := ir.NewBlock(ctx, nil, nil)
		prologueIf.Region(1).Append(elseBlk)
		numOuts := len(prologue.outputs)
		elseOuts := []ir.Value{arg(ivarStart + k)}
		for x := 0; x < numOuts; x++ {
			elseOuts = append(elseOuts, arg(logueOutsIt+x))
		}
		for x := 0; x < inner.NumResults(); x++ {
			elseOuts = append(elseOuts, arg(bodyOutsIt+x))
		}
		if k == 0 {
			elseOuts = append(elseOuts, curI)
			for x := range inners {
				elseOuts = append(elseOuts, arg(lenInnersStart+x))
			}
			// Pass inner_len through directly when it is invariant.
			if allInvariant {
				elseOuts = append(elseOuts, innerLen)
			} else {
				elseOuts = append(elseOuts, arg(innerLenIdx))
			}
		}
		logueOutsIt += numOuts
		eb := ir.NewBuilder(ctx)
		eb.SetInsertionPointToEnd(elseBlk)
		scf.NewYield(eb, b.loc, elseOuts)

		jk := prologueIf.Result(0)
		res := prologueIf.Results()
		prologueOuts := res[1 : 1+numOuts]
		prologueInits := res[1+numOuts : 1+numOuts+inner.NumResults()]
		ir.ReplaceAllUsesWith(inductionVar(inner), jk)
		prologue.replaceOutputs(prologueOuts, prologueIf.Region(0))
		for x, v := range prologueInits {
			ir.ReplaceAllUsesWith(iterArg(inner, x), v)
		}
		if k == 0 {
			nl := len(inners)
			i = res[len(res)-2-nl]
			copy(lenInners, res[len(res)-1-nl:len(res)-1])
			innerLen = res[len(res)-1]
			ir.ReplaceAllUsesWith(inductionVar(outer), i)
		}

		b.SetInsertionPointAfter(prologueIf)
		endT := b.bin("arith.addi", startT, b.castInt(lenInners[k], intTy))
		ge := b.cmp(arith.CmpISGE, T, startT)
		lt := b.cmp(arith.CmpISLT, T, endT)
		bodyCond := b.bin("arith.andi", ge, lt)
		bodyTypes := append([]ir.Type{jk.Type()}, inner.ResultTypes()...)
		bodyIf := newIfOp(b.Builder, b.loc, bodyCond, bodyTypes)
		bodyIfs = append(bodyIfs, bodyIf)
		ib := body(inner)
		for ib.NumArguments() > 0 {
			ib.EraseArgument(ib.NumArguments() - 1)
		}
		bodyIf.Region(0).TakeBody(inner.Region(0))
		y := bodyIf.Region(0).Front().Last()
		yb := ir.NewBuilder(ctx)
		yb.SetInsertionPoint(y)
		nextJ := arith.NewBinary(yb, "arith.addi", b.loc, jk, inf.Step()).Result(0)
		y.InsertOperands(0, nextJ)
		elseB := ir.NewBlock(ctx, nil, nil)
		bodyIf.Region(1).Append(elseB)
		fwd := []ir.Value{jk}
		for x := 0; x < inner.NumResults(); x++ {
			fwd = append(fwd, arg(bodyOutsIt+x))
		}
		bodyOutsIt += inner.NumResults()
		eb2 := ir.NewBuilder(ctx)
		eb2.SetInsertionPointToEnd(elseB)
		scf.NewYield(eb2, b.loc, fwd)
		for x, r := range inner.Results() {
			ir.ReplaceAllUsesWith(r, bodyIf.Result(1+x))
		}
		if inner.HasAttr(attrMustExecute) {
			b.SetInsertionPoint(bodyIf)
			bodyIf.SetOperand(0, arith.ConstantBool(b.Builder, b.loc, true))
		}
		b.SetInsertionPointAfter(bodyIf)
	}

	// The epilogue, whose outputs can only feed the outer yield.
	epilogue := logues[len(logues)-1]
	outerYield := yieldOp(outer)
	var usedIterArgs []ir.Value
	for _, out := range epilogue.outputs {
		for _, u := range ir.Uses(out) {
			if u.Owner() == outerYield {
				usedIterArgs = append(usedIterArgs, arg(outerArgsStart+u.Index()))
			}
		}
	}
	epilogueCond := b.cmp(arith.CmpIEQ, T, b.bin("arith.subi", innerLen, cst(1)))
	epilogueIf := newIfOp(b.Builder, b.loc, epilogueCond, epilogue.outputTypes())
	thenBlk := ir.NewBlock(ctx, nil, nil)
	epilogueIf.Region(0).Append(thenBlk)
	epilogue.moveInto(thenBlk)
	tb := ir.NewBuilder(ctx)
	tb.SetInsertionPointToEnd(thenBlk)
	scf.NewYield(tb, b.loc, epilogue.outputs)
	elseBlk := ir.NewBlock(ctx, nil, nil)
	epilogueIf.Region(1).Append(elseBlk)
	tb.SetInsertionPointToEnd(elseBlk)
	scf.NewYield(tb, b.loc, usedIterArgs)
	epilogue.replaceOutputs(epilogueIf.Results(), epilogueIf.Region(0))

	b.SetInsertionPointToEnd(fb)
	nextT := b.bin("arith.addi", T, cst(1))
	rollover := b.cmp(arith.CmpIEQ, T, b.bin("arith.subi", innerLen, cst(1)))
	T = arith.NewSelect(b.Builder, b.loc, rollover, cst(0), nextT).Result(0)

	outs := []ir.Value{T, i}
	outs = append(outs, outerYield.Operands()...)
	outs = append(outs, lenInners...)
	outs = append(outs, innerLen)
	for _, bi := range bodyIfs {
		outs = append(outs, bi.Result(0))
	}
	for k, bi := range bodyIfs {
		outs = append(outs, bi.Results()[1:1+inners[k].op.NumResults()]...)
	}
	for k, pi := range prologueIfs {
		outs = append(outs, pi.Results()[1:1+len(logues[k].outputs)]...)
	}
	scf.NewYield(b.Builder, b.loc, outs)
	for x, r := range outer.Results() {
		ir.ReplaceAllUsesWith(r, fused.Result(outerArgsStart+x))
	}

	// Inner loop iter args initialized outside the fused loop are set once
	// before it and reset in the epilogue, instead of in the prologue.
	fusedYield := yieldOp(fused)
	var yieldsToUpdate []int
	var reset, forwarded []ir.Value
	offset := innerOutsStart
	for k, l := range inners {
		nres := l.op.NumResults()
		prologueSkip := 1 + len(logues[k].outputs)
		remove := make([]bool, prologueSkip+nres)
		var replaceWith []ir.Value
		for x, init := range (scf.ForOp{Operation: l.op}).Inits() {
			if regionOf(init) == fused.Region(0) {
				continue
			}
			fused.SetOperand(3+offset+x, init)
			replaceWith = append(replaceWith, arg(offset+x))
			remove[prologueSkip+x] = true
			yieldsToUpdate = append(yieldsToUpdate, offset+x)
			forwarded = append(forwarded, bodyIfs[k].Result(1+x))
			reset = append(reset, init)
		}
		prologueIfs[k] = eraseIfResults(prologueIfs[k], remove, replaceWith)
		offset += nres
	}
	if len(yieldsToUpdate) > 0 {
		ty := epilogueIf.Region(0).Front().Last()
		ty.InsertOperands(ty.NumOperands(), reset...)
		ey := epilogueIf.Region(1).Front().Last()
		ey.InsertOperands(ey.NumOperands(), forwarded...)
		nb := ir.NewBuilder(ctx)
		nb.SetInsertionPoint(epilogueIf)
		newIf := newIfOp(nb, b.loc, epilogueIf.Operand(0), ty.OperandTypes())
		newIf.Region(0).TakeBody(epilogueIf.Region(0))
		newIf.Region(1).TakeBody(epilogueIf.Region(1))
		for x, r := range epilogueIf.Results() {
			ir.ReplaceAllUsesWith(r, newIf.Result(x))
		}
		for x, yi := range yieldsToUpdate {
			fusedYield.SetOperand(yi, newIf.Result(epilogueIf.NumResults()+x))
		}
		epilogueIf.Erase()
	}

	if outer.HasAttr(attrWarpSpecialize) || anyInnerHas(inners, attrWarpSpecialize) {
		fused.SetAttr(attrWarpSpecialize, ir.Unit(ctx))
	}
	if outer.HasAttr(attrDisallowAccMultiBuffer) || anyInnerHas(inners, attrDisallowAccMultiBuffer) {
		fused.SetAttr(attrDisallowAccMultiBuffer, ir.Unit(ctx))
	}
	numStages := 1
	if s, ok := intAttr(outer, attrNumStages); ok {
		numStages = s
	}
	for _, l := range inners {
		if s, ok := intAttr(l.op, attrNumStages); ok {
			numStages = max(numStages, s)
		}
		l.op.Erase()
	}
	outer.Erase()
	parent.loop = fused
	if numStages > 1 {
		setI32(fused, attrNumStages, numStages)
	}
}

// anyInnerHas reports whether an inner loop has the attribute.
func anyInnerHas(inners []innerLoop, name string) bool {
	for _, l := range inners {
		if l.op.HasAttr(name) {
			return true
		}
	}
	return false
}

// cloneBoundLen clones the ops computing an inner loop's bounds (once per
// mapping) and builds its trip count as intTy.
func cloneBoundLen(b *fuseBuilder, l innerLoop, m *ir.Mapping, intTy ir.Type) ir.Value {
	for _, op := range topologicalOrder(l.sliced.list) {
		if len(op.Results()) > 0 && m.LookupOrNil(op.Result(0)) != nil {
			continue
		}
		b.Insert(op.Clone(m))
	}
	f := scf.ForOp{Operation: l.op}
	n := b.numIters(m.Lookup(f.LowerBound()), m.Lookup(f.UpperBound()), m.Lookup(f.Step()))
	return b.castInt(n, intTy)
}

// eraseIfResults rebuilds ifOp without the results marked in remove, which
// are replaced by replaceWith in order.
func eraseIfResults(ifOp *ir.Operation, remove []bool, replaceWith []ir.Value) *ir.Operation {
	for len(remove) < ifOp.NumResults() {
		remove = append(remove, false)
	}
	for r := 0; r < 2; r++ {
		y := ifOp.Region(r).Front().Last()
		for x := len(remove) - 1; x >= 0; x-- {
			if remove[x] {
				y.EraseOperands(x, 1)
			}
		}
	}
	b := ir.NewBuilder(ifOp.Context())
	b.SetInsertionPoint(ifOp)
	newIf := newIfOp(b, ifOp.Loc(), ifOp.Operand(0), ifOp.Region(0).Front().Last().OperandTypes())
	newIf.Region(0).TakeBody(ifOp.Region(0))
	newIf.Region(1).TakeBody(ifOp.Region(1))
	ri, ni := 0, 0
	for x, r := range ifOp.Results() {
		if remove[x] {
			ir.ReplaceAllUsesWith(r, replaceWith[ri])
			ri++
		} else {
			ir.ReplaceAllUsesWith(r, newIf.Result(ni))
			ni++
		}
	}
	ifOp.Erase()
	return newIf
}
