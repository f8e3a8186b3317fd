package triton

import (
	"math/big"

	"sort"

	"github.com/ttcompiler/tt/dialects/cf"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/frontend/python"
	"github.com/ttcompiler/tt/ir"
)

// Control flow, as Triton's code generator builds it: scf.if for a
// dynamic `if` (cf branches when a branch returns), scf.for for `range`
// and `tl.range` loops with the loop-carried variables found by a dry run
// of the body, scf.while for `while`, and compile-time unrolling for
// `tl.static_range` and constexpr conditions.

// subRegion saves the scopes and insertion point around a nested region
// (enter_sub_region) and returns the live-ins and the restore function.
func (g *gen) subRegion() (*scope, func()) {
	liveins := g.lscope.copy()
	prevDefs := g.defs.copy()
	g.defs = newScope()
	restoreIP := g.b.Restore()
	return liveins, func() {
		restoreIP()
		g.lscope = liveins
		g.defs = prevDefs
	}
}

// newBlockInRegion appends an empty block to the region of the current
// insertion block (create_block).
func (g *gen) newBlockInRegion() *ir.Block {
	r := g.b.InsertionBlock().Region()
	blk := ir.NewBlock(g.c.ctx, nil, nil)
	r.Append(blk)
	return blk
}

// mergeBlockBefore moves src's operations to the start of dst and erases
// src (Block::merge_block_before as Triton's bindings define it).
func mergeBlockBefore(src, dst *ir.Block) {
	first := dst.First()
	for _, op := range src.Ops() {
		op.Remove()
		dst.InsertBefore(op, first)
	}
	src.Erase()
}

func (g *gen) ifStmt(x *python.If) {
	cond := g.visitExpr(x.Test)
	if t, ok := unwrap(cond).(*Tensor); ok {
		if t.T.IsBlock() && t.T.Numel() != 1 {
			g.fail(x, "Boolean value of Tensor with more than one value is ambiguous")
		}
		if t.T.IsBlock() {
			t = g.unsplat(t)
		}
		t = g.castTo(t, Int1, "")
		if containsReturn([]python.Stmt{x}) {
			if g.scfDepth > 0 {
				g.fail(x, "Cannot have `return` statements inside `while` or `for` statements in triton.")
			}
			g.ifTopLevel(t, x)
		} else {
			g.ifSCF(t, x)
		}
		return
	}
	c := unwrap(cond)
	switch c.(type) {
	case bool, noneType, *big.Int:
	default:
		g.fail(x, "`if` conditionals can only accept values of type {bool, int, NoneType}, not objects of type %s", typeName(c))
	}
	t, _ := truthy(c)
	if t {
		g.visitBody(x.Body)
	} else {
		g.visitBody(x.Orelse)
	}
}

// thenElse compiles both branches (visit_then_else_blocks) and returns
// the definitions of each and the names whose values the if produces.
func (g *gen) thenElse(x *python.If, liveins *scope, thenBlk, elseBlk *ir.Block) (thenDefs, elseDefs *scope, thenOut, elseOut *ir.Block, names []string) {
	g.b.SetInsertionPointToStart(thenBlk)
	g.visitBody(x.Body)
	thenOut = g.b.InsertionBlock()
	thenDefs = g.defs.copy()
	thenVals := g.lscope.copy()
	elseDefs = newScope()
	elseVals := liveins.copy()
	elseOut = elseBlk
	if len(x.Orelse) > 0 {
		g.b.SetInsertionPointToStart(elseBlk)
		g.lscope = liveins.copy()
		g.defs = newScope()
		g.visitBody(x.Orelse)
		elseDefs = g.defs.copy()
		elseOut = g.b.InsertionBlock()
		elseVals = g.lscope.copy()
	}
	for _, name := range liveins.keys {
		live := liveins.vals[name]
		if !isTritonValue(live) {
			continue
		}
		tv, _ := thenVals.get(name)
		ev, _ := elseVals.get(name)
		if sameHandles(tv, ev) {
			continue
		}
		names = append(names, name)
		thenDefs.set(name, tv)
		elseDefs.set(name, ev)
		for _, side := range []struct {
			v    Object
			name string
		}{{tv, "then"}, {ev, "else"}} {
			if !isTritonValue(side.v) || !typesEqual(typeOf(side.v), typeOf(live)) {
				g.fail(x, "initial value for `%s` is of type %s, but the %s block redefines it as %s", name, typeOf(live), side.name, describeValue(side.v))
			}
		}
	}
	var both []string
	for _, n := range thenDefs.keys {
		if elseDefs.has(n) {
			both = append(both, n)
		}
	}
	sort.Strings(both)
	for _, n := range both {
		if contains(names, n) {
			continue
		}
		tv, ev := thenDefs.vals[n], elseDefs.vals[n]
		if !isTritonValue(tv) || !isTritonValue(ev) {
			if objectsEqual(tv, ev) {
				continue
			}
			g.fail(x, "Mismatched type for %s between then block (%s) and else block (%s)", n, describeValue(tv), describeValue(ev))
		}
		if !typesEqual(typeOf(tv), typeOf(ev)) {
			g.fail(x, "Mismatched type for %s between then block (%s) and else block (%s)", n, typeOf(tv), typeOf(ev))
		}
		names = append(names, n)
	}
	return
}

func describeValue(v Object) string {
	if isTritonValue(v) {
		return typeOf(v).String()
	}
	return "constexpr " + str(v)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func handlesOf(defs *scope, names []string) []ir.Value {
	var out []ir.Value
	for _, n := range names {
		out = flattenValues(defs.vals[n], out)
	}
	return out
}

func (g *gen) rebind(names []string, types []Type, vals []ir.Value) {
	cursor := 0
	for i, n := range names {
		v, k := unflatten(types[i], vals[cursor:])
		cursor += k
		g.setValue(n, v)
	}
}

// ifSCF compiles a dynamic if without returns into scf.if.
func (g *gen) ifSCF(cond *Tensor, x *python.If) {
	liveins, restore := g.subRegion()
	lastLoc := g.loc
	ip := g.b.Restore()
	thenBlk := g.newBlockInRegion()
	var elseBlk *ir.Block
	if len(x.Orelse) > 0 {
		elseBlk = g.newBlockInRegion()
	}
	thenDefs, elseDefs, thenOut, elseOut, names := g.thenElse(x, liveins, thenBlk, elseBlk)
	thenHandles := handlesOf(thenDefs, names)
	for i, h := range thenHandles {
		if i < len(names) {
			setValueLoc(g.c.ctx, &Tensor{V: h}, names[i])
		}
	}
	ip()
	g.loc = lastLoc
	var types []ir.Type
	var fe []Type
	for _, h := range thenHandles {
		types = append(types, h.Type())
	}
	for _, n := range names {
		fe = append(fe, typeOf(thenDefs.vals[n]))
	}
	ifOp := g.newIf(cond.V, types)
	thenDst, elseDst := ifOp.Region(0).Front(), ifOp.Region(1).Front()
	mergeBlockBefore(thenOut, thenDst)
	if len(names) > 0 {
		g.b.SetInsertionPointToEnd(thenDst)
		g.op("scf.yield", thenHandles, nil)
	}
	if elseOut != nil && len(x.Orelse) > 0 {
		mergeBlockBefore(elseOut, elseDst)
	}
	if len(names) > 0 {
		elseHandles := handlesOf(elseDefs, names)
		for i, h := range elseHandles {
			if i < len(names) {
				setValueLoc(g.c.ctx, &Tensor{V: h}, names[i])
			}
		}
		g.b.SetInsertionPointToEnd(elseDst)
		g.op("scf.yield", elseHandles, nil)
	}
	restore()
	g.rebind(names, fe, ifOp.Results())
}

// newIf creates scf.if with both regions; without results each region
// gets its implicit scf.yield.
func (g *gen) newIf(cond ir.Value, results []ir.Type) *ir.Operation {
	st := ir.NewState(g.c.ctx, "scf.if", g.loc)
	st.Operands = []ir.Value{cond}
	st.Types = results
	then, els := ir.NewBlock(g.c.ctx, nil, nil), ir.NewBlock(g.c.ctx, nil, nil)
	st.AddRegion().Append(then)
	st.AddRegion().Append(els)
	op := g.b.Create(st)
	if len(results) == 0 {
		for _, blk := range []*ir.Block{then, els} {
			inner := ir.NewBuilder(g.c.ctx)
			inner.SetInsertionPointToEnd(blk)
			inner.CreateOp("scf.yield", g.loc, nil, nil)
		}
	}
	return op
}

// ifTopLevel compiles an if whose branches return into cf branches
// (visit_if_top_level).
func (g *gen) ifTopLevel(cond *Tensor, x *python.If) {
	liveins, restore := g.subRegion()
	ipBlock := g.b.InsertionBlock()
	thenBlk := g.newBlockInRegion()
	elseBlk := g.newBlockInRegion()
	g.b.SetInsertionPointToEnd(ipBlock)
	cf.NewCondBr(g.b, g.loc, cond.V, thenBlk, nil, elseBlk, nil)
	thenDefs, elseDefs, thenOut, elseOut, names := g.thenElse(x, liveins, thenBlk, elseBlk)
	endif := g.newBlockInRegion()
	g.b.SetInsertionPointToEnd(thenOut)
	thenHandles := handlesOf(thenDefs, names)
	cf.NewBr(g.b, g.loc, endif, thenHandles)
	g.b.SetInsertionPointToEnd(elseOut)
	elseHandles := handlesOf(elseDefs, names)
	cf.NewBr(g.b, g.loc, endif, elseHandles)
	var fe []Type
	for _, n := range names {
		fe = append(fe, typeOf(thenDefs.vals[n]))
	}
	for _, h := range thenHandles {
		endif.AddArgument(h.Type(), g.loc)
	}
	restore()
	g.b.SetInsertionPointToStart(endif)
	g.rebind(names, fe, endif.Arguments())
}

// findCarries dry-runs a loop body in a scratch block to learn which
// live-in values it reassigns (_find_carries).
func (g *gen) findCarries(body []python.Stmt, liveins *scope, ignore string) (names []string, inits []ir.Value, tys []Type) {
	blk := g.newBlockInRegion()
	g.b.SetInsertionPointToStart(blk)
	g.scfDepth++
	g.visitBody(body)
	g.scfDepth--
	blk.Erase()
	for _, name := range liveins.keys {
		if name == ignore {
			continue
		}
		live := liveins.vals[name]
		if isTritonValue(live) {
			loopVal, _ := g.lscope.get(name)
			g.verifyCarried(name, loopVal, live)
			if !sameHandles(live, loopVal) {
				names = append(names, name)
				tys = append(tys, typeOf(live))
				inits = flattenValues(live, inits)
			}
		} else if g.defs.has(name) {
			g.failCur("Loop carried variable %s is not a triton value", name)
		}
	}
	g.lscope = liveins.copy()
	g.defs = newScope()
	return
}

func (g *gen) verifyCarried(name string, loopVal, live Object) {
	if !isTritonValue(loopVal) || !isTritonValue(live) {
		g.failCur("cannot reassign constexpr %s in the loop", name)
	}
	if !typesEqual(typeOf(loopVal), typeOf(live)) {
		g.failCur("Loop-carried variable %s has initial type %s but is re-assigned to %s in loop! Please make sure that the type stays consistent.", name, typeOf(live), typeOf(loopVal))
	}
}

// rangeSpec is what a for loop iterates over.
type rangeSpec struct {
	start, end, step                    Object
	numStages, unroll                   Object
	noAccMultiBuffer, flatten, warpSpec bool
	disableLICM                         bool
}

// visitLoopBody compiles a loop body inside its scf region and returns
// the loop-carried names' values at its end (the scf.yield operands).
func (g *gen) visitLoopBody(body []python.Stmt, names []string) []ir.Value {
	g.scfDepth++
	g.visitBody(body)
	g.scfDepth--
	var yields []ir.Value
	for _, n := range names {
		v, _ := g.lscope.get(n)
		yields = flattenValues(v, yields)
	}
	return yields
}

func (g *gen) forStmt(x *python.For) {
	call, ok := x.Iter.(*python.Call)
	if !ok {
		g.fail(x.Iter, "Only `range` and `static_range` iterators are currently supported")
	}
	target, ok := x.Target.(*python.Name)
	if !ok {
		g.fail(x.Target, "for-loop targets must be a single name")
	}
	if len(x.Orelse) > 0 {
		g.fail(x, "for ... else is not supported in a kernel")
	}
	cls := unwrap(g.visitExpr(call.Func))
	var args []Object
	for _, a := range call.Args {
		args = append(args, g.visitExpr(a))
	}
	var kws []kwArg
	for _, k := range call.Keywords {
		kws = append(kws, kwArg{k.Name, g.visitExpr(k.Value)})
	}
	c, _ := cls.(*Class)
	var r rangeSpec
	switch {
	case c != nil && c.Name == "static_range":
		g.staticFor(target, x, args, kws)
		return
	case c != nil && c.Name == "tl.range":
		r = g.tlRangeSpec(args, kws)
	case c != nil && c.Name == "range":
		if len(kws) > 0 {
			g.fail(call, "range() takes no keyword arguments")
		}
		switch len(args) {
		case 1:
			r.start, r.end, r.step = bigOf(0), g.visitExpr(call.Args[0]), bigOf(1)
		case 2:
			r.start, r.end, r.step = args[0], args[1], bigOf(1)
		case 3:
			r.start, r.end, r.step = args[0], args[1], args[2]
		default:
			g.fail(call, "range expected 1 to 3 arguments, got %d", len(args))
		}
	default:
		g.fail(x.Iter, "Only `range` and `static_range` iterators are currently supported")
	}
	g.dynamicFor(target, x, r)
}

func (g *gen) tlRangeSpec(args []Object, kws []kwArg) rangeSpec {
	v := bindBuiltin(g, "range", args, kws, "arg1", "arg2=", "step=", "num_stages=", "loop_unroll_factor=",
		"disallow_acc_multi_buffer=", "flatten=", "warp_specialize=", "disable_licm=")
	r := rangeSpec{step: bigOf(1), numStages: v[3], unroll: v[4]}
	if v[2] != nil {
		r.step = v[2]
	}
	if v[1] == nil {
		r.start, r.end = bigOf(0), v[0]
	} else {
		r.start, r.end = v[0], v[1]
	}
	flag := func(o Object) bool {
		if o == nil {
			return false
		}
		t, _ := truthy(o)
		return t
	}
	r.noAccMultiBuffer, r.flatten, r.warpSpec, r.disableLICM = flag(v[5]), flag(v[6]), flag(v[7]), flag(v[8])
	return r
}

// staticFor unrolls a tl.static_range loop at compile time.
func (g *gen) staticFor(target *python.Name, x *python.For, args []Object, kws []kwArg) {
	v := bindBuiltin(g, "static_range", args, kws, "arg1", "arg2=", "step=")
	var start, end, step Object = bigOf(0), v[0], bigOf(1)
	if v[1] != nil {
		start, end = v[0], v[1]
	}
	if v[2] != nil {
		step = v[2]
	}
	for _, o := range []Object{start, end, step} {
		if !isConstexpr(o) {
			g.fail(x.Iter, "AssertionError: %s used as tl.static_range argument is not a constexpr", str(o))
		}
	}
	s, ok1 := intValue(start)
	e, ok2 := intValue(end)
	st, ok3 := intValue(step)
	if !ok1 || !ok2 || !ok3 {
		g.fail(x.Iter, "tl.static_range bounds must be integers")
	}
	if st == 0 {
		g.fail(x.Iter, "ValueError: range() arg 3 must not be zero")
	}
	if n := (e - s) / st; n > 1<<16 {
		g.fail(x.Iter, "tl.static_range of %d iterations is too large to unroll", n)
	}
	for i := s; st > 0 && i < e || st < 0 && i > e; i += st {
		g.lscope.set(target.ID, bigOf(i))
		g.visitBody(x.Body)
	}
}

// dynamicFor builds scf.for (visit_For for range and tl.range).
func (g *gen) dynamicFor(target *python.Name, x *python.For, r rangeSpec) {
	lbO, ubO, stepO := r.start, r.end, r.step
	negative := false
	if isConstexpr(stepO) {
		if f, ok := floatOf(stepO); ok && f < 0 {
			stepO, _ = pyUnary("-", stepO)
			negative = true
			lbO, ubO = ubO, lbO
		}
	}
	lb, ub, step := g.toTensor(lbO), g.toTensor(ubO), g.toTensor(stepO)
	if !lb.T.Scalar().IsInt() || !ub.T.Scalar().IsInt() || !step.T.Scalar().IsInt() {
		g.failCur("TypeError: For loop bounds and step must all be ints, are (%s, %s, %s)", lb.T.Scalar(), ub.T.Scalar(), step.T.Scalar())
	}
	for _, b := range []struct {
		t    *Tensor
		what string
	}{{lb, "lower bound"}, {ub, "upper bound"}, {step, "step"}} {
		if b.t.T.IsBlock() && b.t.T.Numel() != 1 {
			g.failCur("TypeError: For %s must be a scalar, got %s", b.what, b.t.T)
		}
	}
	ivT := integerPromote(lb.T.Scalar(), ub.T.Scalar())
	ivT = integerPromote(ivT, step.T.Scalar())
	ivIR := g.ty(ivT)
	signed := ivT.IsIntSigned()
	lbV := g.intCast(lb.V, ivIR, signed)
	ubV := g.intCast(ub.V, ivIR, signed)
	stepV := g.intCast(step.V, ivIR, signed)
	placeholder := g.poison(ivIR)
	g.setValue(target.ID, &Tensor{V: placeholder, T: ivT})

	liveins, restore := g.subRegion()
	lastLoc := g.loc
	ip := g.b.Restore()
	names, inits, tys := g.findCarries(x.Body, liveins, target.ID)
	ip()
	g.loc = lastLoc
	st := ir.NewState(g.c.ctx, "scf.for", g.loc)
	st.Operands = append([]ir.Value{lbV, ubV, stepV}, inits...)
	argTypes := []ir.Type{ivIR}
	argLocs := []ir.Location{g.loc}
	for _, v := range inits {
		st.Types = append(st.Types, v.Type())
		argTypes = append(argTypes, v.Type())
		argLocs = append(argLocs, valueLoc(v))
	}
	body := ir.NewBlock(g.c.ctx, argTypes, argLocs)
	st.AddRegion().Append(body)
	forOp := g.b.Create(st)
	if n, ok := intValue(r.numStages); ok && r.numStages != nil {
		forOp.SetAttr("tt.num_stages", ir.I32Attr(g.c.ctx, n))
	}
	if n, ok := intValue(r.unroll); ok && r.unroll != nil {
		forOp.SetAttr("tt.loop_unroll_factor", ir.I32Attr(g.c.ctx, n))
	}
	unit := ir.Unique(g.c.ctx, &ir.UnitAttr{})
	if r.noAccMultiBuffer {
		forOp.SetAttr("tt.disallow_acc_multi_buffer", unit)
	}
	if r.flatten {
		forOp.SetAttr("tt.flatten", unit)
	}
	if r.warpSpec {
		forOp.SetAttr("tt.warp_specialize", unit)
	}
	if r.disableLICM {
		forOp.SetAttr(llvm.LoopAnnotationAttrName, llvm.DisableLICMAnnotation(g.c.ctx))
	}
	if len(inits) == 0 {
		inner := ir.NewBuilder(g.c.ctx)
		inner.SetInsertionPointToEnd(body)
		inner.CreateOp("scf.yield", g.loc, nil, nil)
	}
	g.b.SetInsertionPointToStart(body)
	g.rebindLoc(names, tys, body.Arguments()[1:])
	yields := g.visitLoopBody(x.Body, names)
	if len(yields) > 0 {
		g.op("scf.yield", yields, nil)
	}
	g.b.SetInsertionPointToStart(body)
	var iv ir.Value = body.Argument(0)
	if negative {
		iv = g.binary("arith.subi", ubV, iv)
		iv = g.binary("arith.addi", iv, lbV)
	}
	ir.ReplaceAllUsesWith(placeholder, iv)
	ivT2 := &Tensor{V: iv, T: ivT}
	g.setValue(target.ID, ivT2)
	setValueLoc(g.c.ctx, ivT2, target.ID)
	restore()
	g.rebindLoc(names, tys, forOp.Results())
}

// rebindLoc rebinds carried names to new values and gives them name
// locations.
func (g *gen) rebindLoc(names []string, types []Type, vals []ir.Value) {
	cursor := 0
	for i, n := range names {
		v, k := unflatten(types[i], vals[cursor:])
		cursor += k
		setValueLoc(g.c.ctx, v, n)
		g.setValue(n, v)
	}
}

func valueLoc(v ir.Value) ir.Location {
	switch x := v.(type) {
	case *ir.OpResult:
		return x.Owner().Loc()
	case *ir.BlockArgument:
		return x.Loc()
	}
	return nil
}

func (g *gen) whileStmt(x *python.While) {
	if len(x.Orelse) > 0 {
		g.fail(x, "while ... else is not supported in a kernel")
	}
	liveins, restore := g.subRegion()
	lastLoc := g.loc
	ip := g.b.Restore()
	names, inits, tys := g.findCarries(x.Body, liveins, "")
	ip()
	g.loc = lastLoc
	var types []ir.Type
	for _, v := range inits {
		types = append(types, v.Type())
	}
	unknown := ir.Unknown(g.c.ctx)
	locs := func() []ir.Location {
		out := make([]ir.Location, len(types))
		for i := range out {
			out[i] = unknown
		}
		return out
	}
	st := ir.NewState(g.c.ctx, "scf.while", g.loc)
	st.Operands = inits
	st.Types = types
	before := ir.NewBlock(g.c.ctx, types, locs())
	after := ir.NewBlock(g.c.ctx, types, locs())
	st.AddRegion().Append(before)
	st.AddRegion().Append(after)
	whileOp := g.b.Create(st)
	g.b.SetInsertionPointToStart(before)
	g.rebindLoc(names, tys, before.Arguments())
	cond := g.visitExpr(x.Test)
	if c, ok := cond.(*conditionObj); ok {
		if c.disableLICM {
			whileOp.SetAttr(llvm.LoopAnnotationAttrName, llvm.DisableLICMAnnotation(g.c.ctx))
		}
		cond = c.cond
	}
	ct, ok := unwrap(cond).(*Tensor)
	if !ok {
		g.fail(x.Test, "while conditions must be tensors (a constant condition would loop forever or never)")
	}
	if !ct.T.Scalar().IsBool() || ct.T.IsBlock() {
		g.fail(x.Test, "while conditions must be scalar booleans, got %s", ct.T)
	}
	g.b.SetInsertionPointToEnd(before)
	g.op("scf.condition", append([]ir.Value{ct.V}, before.Arguments()...), nil)
	g.b.SetInsertionPointToStart(after)
	g.rebindLoc(names, tys, after.Arguments())
	g.op("scf.yield", g.visitLoopBody(x.Body, names), nil)
	restore()
	g.rebindLoc(names, tys, whileOp.Results())
}

// ifExp compiles `a if cond else b`: scf.if for a tensor condition.
func (g *gen) ifExp(x *python.IfExp) Object {
	cond := g.visitExpr(x.Test)
	t, ok := unwrap(cond).(*Tensor)
	if !ok {
		c := unwrap(cond)
		switch c.(type) {
		case bool, noneType, *big.Int:
		default:
			g.fail(x, "`if` conditionals can only accept values of type {bool, int, NoneType}, not objects of type %s", typeName(c))
		}
		if b, _ := truthy(c); b {
			return g.visitExpr(x.Body)
		}
		return g.visitExpr(x.Orelse)
	}
	if t.T.IsBlock() {
		// Triton would build an scf.if on a tensor, which fails
		// verification.
		g.fail(x.Test, "the condition of a conditional expression must be a scalar, not a tensor of shape %s (tl.where chooses elementwise)", shapeString(t.T.Shape()))
	}
	t = g.castTo(t, Int1, "")
	_, restore := g.subRegion()
	defer restore()
	lastLoc := g.loc
	ip := g.b.Restore()
	thenBlk := g.newBlockInRegion()
	g.b.SetInsertionPointToStart(thenBlk)
	// A branch that is None is a call for its effect (tl.store, ...):
	// Triton's builtins return void tensors, and two of them make an
	// scf.if without results.
	thenObj := g.visitExpr(x.Body)
	var thenV *Tensor
	if !isNone(thenObj) {
		thenV = g.toTensor(thenObj)
	}
	thenBlk = g.b.InsertionBlock()
	elseBlk := g.newBlockInRegion()
	g.b.SetInsertionPointToStart(elseBlk)
	elseObj := g.visitExpr(x.Orelse)
	if thenV == nil && isNone(elseObj) {
		elseBlk = g.b.InsertionBlock()
		ip()
		g.loc = lastLoc
		ifOp := g.newIf(t.V, nil)
		mergeBlockBefore(thenBlk, ifOp.Region(0).Front())
		mergeBlockBefore(elseBlk, ifOp.Region(1).Front())
		return None
	}
	if thenV == nil {
		g.toTensor(thenObj) // the error Triton gives for one void branch
	}
	elseV := g.toTensor(elseObj)
	elseBlk = g.b.InsertionBlock()
	ip()
	g.loc = lastLoc
	if !thenV.T.Equal(elseV.T) {
		g.fail(x, "Ternary expression with dynamic condition has inconsistent types %s and %s", thenV.T, elseV.T)
	}
	ifOp := g.newIf(t.V, []ir.Type{thenV.V.Type()})
	mergeBlockBefore(thenBlk, ifOp.Region(0).Front())
	g.b.SetInsertionPointToEnd(ifOp.Region(0).Front())
	g.op("scf.yield", []ir.Value{thenV.V}, nil)
	mergeBlockBefore(elseBlk, ifOp.Region(1).Front())
	g.b.SetInsertionPointToEnd(ifOp.Region(1).Front())
	g.op("scf.yield", []ir.Value{elseV.V}, nil)
	return &Tensor{V: ifOp.Result(0), T: thenV.T}
}

// conditionObj is tl.condition(cond, disable_licm=...).
type conditionObj struct {
	cond        Object
	disableLICM bool
}
