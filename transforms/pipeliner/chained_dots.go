package pipeliner

import (
	"flag"
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// tt-pipeline-chained-dots (tt's own pass, not Triton's): in a loop where
// a wgmma result feeds, through register computations, the register
// operand of a second wgmma (attention's S = QK^T, P = softmax(S),
// O += PV), the second dot is issued one iteration later, right after the
// next iteration's first dot, so that the tensor cores work while the
// registers between the two dots are computed (FlashAttention-3's
// intra-warpgroup overlap).
//
// The loop it rewrites is what tritongpu-pipeline leaves for attention:
//
//	s   = warp_group_dot a, b[i], c0 {isAsync}
//	s', acc' = warp_group_dot_wait s, a, b[i], acc {pendings = 0}
//	x   = f(s', ...)                         registers only (softmax)
//	acc = warp_group_dot p(x), v[i], g(acc', x) {isAsync}
//	...                                      copies for later iterations
//	yield acc
//
// where the wait retires both dots and the tensor cores idle during f. The
// part of the body that only serves the second dot's shared operand and
// accumulator (g, the view of v[i]) moves with it into the next iteration,
// and the values it needs from f (p, the rescaling factors; x) are carried:
//
//	if lb < ub {
//	  s0 = dot ...; wait s0 {0}; x0 = f(...)           iteration lb without its second dot
//	  for i = lb+step ... (acc, xprev):
//	    s   = dot a, b[i], c0
//	    acc = dot p(xprev), v[i-1], g(acc, xprev)     the previous iteration's second dot
//	    s'  = wait s, a, b[i] {pendings = 1}           acc's dot still runs
//	    ...                                      copies for later iterations
//	    x   = f(s', ...)
//	    acc = wait acc {pendings = 0}                   before p(x) is computed
//	    yield acc, x
//	  acc = dot p(x), v[last], g(acc, x); wait acc {0}  the last iteration's second dot
//	} else { the loop's initial values }
//
// Both dots are issued and retired within one iteration, which is what
// ptxas needs to keep the wgmmas pipelined (a wgmma in flight across the
// back edge whose registers are read makes it serialize every wgmma). The
// copies for later iterations fill the slot of v that the previous
// iteration's second dot, now in flight, reads; v's buffer gets one more
// slot (slotPlan) so that they do not, and they issue before f: ptxas
// would otherwise move the wait for the second dot up to the copies, ahead
// of f (without the slot, where the buffer cannot grow, the wait stays
// before the copies). The second dot's register operand and accumulator of
// one iteration stay live while f runs on the next: the mode `auto`
// rewrites a loop when the tensors live at once fit a register budget
// (past the register file the kernel spills); `on` and `off` force it,
// `noslot` (an experiment) forces it without the extra slot. The default
// is `off`: timed on an H200 (2026-11-28, docs/PERFORMANCE.md) the
// rewrite left attention at head dim 64 unchanged and made head dim 128
// 14% slower (9% when re-measured that night with a harness that no
// longer timed it right after FlashAttention; ptxas copies the carried
// operand registers every iteration), so the lowering pipeline runs it
// only when asked. The
// environment variable TT_X_CHAINED_DOTS (experimental) overrides the
// option. Loops with other dots or dot waits, whose second dot's result
// or accumulator is used elsewhere in the loop, or whose moved part reads
// the loop's other carried values, are left alone.

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tt-pipeline-chained-dots",
		DisplayName: "PipelineChainedDots",
		Summary:     "issue the second wgmma of a two-dot chain in the next loop iteration, after the first (tt's own)",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			mode := fs.String("mode", "off", "auto, on, off, or noslot (on without the extra buffer slot; an experiment)")
			return func(op *ir.Operation, _ *passmgr.State) error {
				cm, err := parseChainMode(passmgr.Experiment("TT_X_CHAINED_DOTS", *mode))
				if err != nil {
					return err
				}
				PipelineChainedDots(op, cm)
				return nil
			}
		},
	})
}

// ChainMode says which loops the pass rewrites.
type ChainMode int

const (
	ChainAuto   ChainMode = iota // those within the register budget
	ChainOn                      // every loop of the shape
	ChainOff                     // none
	ChainNoSlot                  // every loop, without the extra buffer slot (an experiment)
)

func parseChainMode(s string) (ChainMode, error) {
	switch s {
	case "auto":
		return ChainAuto, nil
	case "on":
		return ChainOn, nil
	case "off":
		return ChainOff, nil
	case "noslot":
		return ChainNoSlot, nil
	}
	return 0, fmt.Errorf("tt-pipeline-chained-dots: unknown mode %q (auto, on, off, noslot)", s)
}

// chainRegBudget bounds, in 32-bit registers per thread, the tensors the
// rewrite keeps live at once (the first dot's result, the accumulator and
// two register operands of the second dot); the rest of a kernel
// (addresses, loop state, softmax statistics) needs some 40 more of the
// 255 a thread can have.
const chainRegBudget = 208

// PipelineChainedDots rewrites every innermost loop of module that has the
// shape above.
func PipelineChainedDots(module *ir.Operation, mode ChainMode) {
	if mode == ChainOff {
		return
	}
	for _, loop := range loopsPostOrder(module) {
		c, ok := matchDotChain(loop)
		if !ok || mode == ChainAuto && c.liveRegs() > chainRegBudget {
			continue
		}
		if mode == ChainNoSlot {
			c.slots = nil
		}
		c.rewrite()
	}
}

// dotChain is a matched loop.
type dotChain struct {
	loop       *ir.Operation
	d1, w1, d2 *ir.Operation
	accIdx     int             // the iter arg the second dot's result goes to
	moved      []*ir.Operation // the second dot and what only it uses, in block order
	isMoved    map[*ir.Operation]bool
	carried    []ir.Value // values of the body the moved ops read (w1's results excepted)
	// retire are ops after the second dot that must wait for it to
	// complete (a warp-specialized consumer's release of the slot it
	// read); they follow it into the next iteration, after its wait.
	retire     []*ir.Operation
	isRetire   map[*ir.Operation]bool
	firstWrite *ir.Operation // the first op after w1 that may write shared memory (or the yield)
	firstFeed  *ir.Operation // the first op after w1 computing the next register operand (or the yield)
	// The second dot's multi-buffered shared operand, when it can take one
	// more slot (see addSlot).
	slots *slotPlan
}

func matchDotChain(loop *ir.Operation) (*dotChain, bool) {
	return matchRetiringDotChain(loop, nil)
}

// matchRetiringDotChain matches the loop with retire, ops after the
// second dot that read what it completes, moving with it.
func matchRetiringDotChain(loop *ir.Operation, retire []*ir.Operation) (*dotChain, bool) {
	if isOuterLoop(loop) {
		return nil, false
	}
	c := &dotChain{loop: loop, isMoved: map[*ir.Operation]bool{}, retire: retire, isRetire: map[*ir.Operation]bool{}}
	var dots, waits []*ir.Operation
	nested := false
	for _, op := range bodyOps(loop) {
		switch op.Name() {
		case "ttng.warp_group_dot":
			dots = append(dots, op)
		case "ttng.warp_group_dot_wait":
			waits = append(waits, op)
		}
		if op.NumRegions() > 0 {
			ir.WalkOps(op, func(o *ir.Operation) {
				if o != op && (o.Name() == "ttng.warp_group_dot" || o.Name() == "ttng.warp_group_dot_wait") {
					nested = true
				}
			})
		}
	}
	if nested || len(dots) != 2 || len(waits) != 1 {
		return nil, false
	}
	c.d1, c.d2, c.w1 = dots[0], dots[1], waits[0]
	if !ttng.IsAsyncWarpGroupDot(c.d1) || !ttng.IsAsyncWarpGroupDot(c.d2) || pendingsOf(c.w1) != 0 ||
		!c.d1.IsBeforeInBlock(c.w1) || !c.w1.IsBeforeInBlock(c.d2) {
		return nil, false
	}
	if uses := ir.Uses(c.d1.Result(0)); len(uses) != 1 || uses[0].Owner() != c.w1 {
		return nil, false
	}
	// Nor is what w1 waits for carried to the next iteration as it is:
	// rewritten, w1 leaves the second dot in flight, and the PTX emitter
	// takes every result of such a wait for registers a wgmma may still
	// write, which it cannot copy across the back edge.
	for _, u := range ir.Uses(c.w1.Result(0)) {
		if u.Owner() == yieldOp(loop) {
			return nil, false
		}
	}
	// The retiring ops follow the second dot, and only they use what they
	// compute.
	for _, op := range retire {
		if op.Block() != body(loop) || !c.d2.IsBeforeInBlock(op) {
			return nil, false
		}
		c.isRetire[op] = true
	}
	for _, op := range retire {
		for _, r := range op.Results() {
			for _, u := range ir.Uses(r) {
				if !c.isRetire[u.Owner()] {
					return nil, false
				}
			}
		}
	}
	// The second dot's result is only carried, into an iter arg that only
	// w1 reads.
	uses := ir.Uses(c.d2.Result(0))
	if len(uses) != 1 || uses[0].Owner() != yieldOp(loop) {
		return nil, false
	}
	c.accIdx = uses[0].Index()
	acc := iterArg(loop, c.accIdx)
	if au := ir.Uses(acc); len(au) != 1 || au[0].Owner() != c.w1 {
		return nil, false
	}
	// w1 waits for the first dot, its shared operands and the accumulator.
	for _, v := range c.w1.Operands() {
		if v != c.d1.Result(0) && v != c.d1.Operand(0) && v != c.d1.Operand(1) && v != ir.Value(acc) {
			return nil, false
		}
	}
	// The moved part: the second dot and the pure ops that serve only its
	// shared operand and accumulator.
	c.markMoved()
	// The accumulator after w1 is read by the moved ops only.
	for i, v := range c.w1.Operands() {
		if v != ir.Value(acc) {
			continue
		}
		for _, u := range ir.Uses(c.w1.Result(i)) {
			if !c.isMoved[body(loop).FindAncestorOp(u.Owner())] {
				return nil, false
			}
		}
	}
	// What the moved ops read from the body: values computed before them
	// (carried to the next iteration), w1's accumulator (the iter arg
	// then) and the induction variable or other iter args (refused: their
	// next-iteration values would be read).
	var carried valueSet
	for _, op := range append(append([]*ir.Operation(nil), c.moved...), retire...) {
		ok := true
		ir.WalkOps(op, func(o *ir.Operation) {
			for _, v := range o.Operands() {
				if definedOutside(loop, v) {
					continue
				}
				if arg, isArg := v.(*ir.BlockArgument); isArg {
					switch {
					case arg.Owner() != body(loop):
					case c.retire == nil:
						// Refused: the moved ops would read the next
						// iteration's value.
						ok = false
					default:
						// The value of the iteration the ops come from
						// is carried to the next (a ring slot).
						carried.insert(v)
					}
					continue
				}
				d := v.DefiningOp()
				top := body(loop).FindAncestorOp(d)
				switch {
				case c.isMoved[top] || c.isRetire[top] || top == op:
				case d == c.w1:
					ok = ok && c.w1.Operand(v.(*ir.OpResult).Index()) == ir.Value(iterArg(loop, c.accIdx))
				default:
					carried.insert(v)
				}
			}
		})
		if !ok {
			return nil, false
		}
	}
	c.carried = carried.list
	// The second dot's operands must not be overwritten before it
	// completes: its wait goes before the first op after w1 that may write
	// shared memory, and before the conversions that make the next
	// iteration's register operand (ptxas gives it the registers of the
	// one in flight, and would otherwise wait for the dot there itself).
	feeders := exclusiveFeeders(c.d2, 0, c.w1)
	for op := c.w1.Next(); op != nil; op = op.Next() {
		if c.firstFeed == nil && (op == yieldOp(loop) || feeders[op] && !c.isMoved[op]) {
			c.firstFeed = op
		}
		if c.firstWrite == nil && (op == yieldOp(loop) || !c.isMoved[op] && !c.isRetire[op] && (!ir.IsMemoryEffectFree(op) || feeders[op])) {
			c.firstWrite = op
		}
	}
	c.slots = planSlot(loop, c.d2)
	return c, true
}

// exclusiveFeeders returns the ops of dot's block after `after` that
// compute its operand i and whose results nothing else uses.
func exclusiveFeeders(dot *ir.Operation, i int, after *ir.Operation) map[*ir.Operation]bool {
	out := map[*ir.Operation]bool{}
	in := func(o *ir.Operation) bool { return o == dot || out[o] }
	for d := dot.Operand(i).DefiningOp(); d != nil && d.Block() == dot.Block() && after.IsBeforeInBlock(d) &&
		d.NumResults() == 1 && d.NumRegions() == 0 && ir.IsMemoryEffectFree(d); {
		for _, u := range ir.Uses(d.Result(0)) {
			if !in(dot.Block().FindAncestorOp(u.Owner())) {
				return out
			}
		}
		out[d] = true
		if d.NumOperands() != 1 {
			break
		}
		d = d.Operand(0).DefiningOp()
	}
	return out
}

// markMoved collects the second dot and the ops of the body, after w1,
// whose results only it and other such ops use, from its shared operand
// and accumulator (not its register operand, which is computed in the
// iteration and carried).
func (c *dotChain) markMoved() {
	c.isMoved[c.d2] = true
	var work []ir.Value
	for i, v := range c.d2.Operands() {
		if i != 0 {
			work = append(work, v)
		}
	}

	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		d := v.DefiningOp()
		if d == nil || d.Block() != body(c.loop) || c.isMoved[d] || d == c.w1 || !c.w1.IsBeforeInBlock(d) ||
			d.NumRegions() > 0 || !ir.IsMemoryEffectFree(d) {
			continue
		}
		only := true
		for _, r := range d.Results() {
			for _, u := range ir.Uses(r) {
				if !c.isMoved[body(c.loop).FindAncestorOp(u.Owner())] {
					only = false
				}
			}
		}
		if !only {
			continue
		}
		c.isMoved[d] = true
		work = append(work, d.Operands()...)
	}
	for _, op := range bodyOps(c.loop) {
		if c.isMoved[op] {
			c.moved = append(c.moved, op)
		}
	}
}

// regsPerThread is the number of 32-bit registers a thread holds of a
// tensor value (0 for other values).
func regsPerThread(t ir.Type) int {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return 0
	}
	return (ttg.TotalElemsPerThread(t)*ir.BitWidth(rt.Elem) + 31) / 32
}

// liveRegs estimates the registers of the tensors live at once in the
// rewritten loop.
func (c *dotChain) liveRegs() int { return chainLiveRegs(c.d1, c.d2) }

// chainLiveRegs estimates the registers of the tensors live at once in a
// loop of chained dots first and second that the overlap rewrite made:
// the first dot's result, the accumulator in flight, the second dot's
// register operand in flight and the next one being made.
func chainLiveRegs(first, second *ir.Operation) int {
	return regsPerThread(first.Result(0).Type()) + regsPerThread(second.Result(0).Type()) +
		2*regsPerThread(second.Operand(0).Type())
}

// rewrite transforms the matched loop (see the file comment).
func (c *dotChain) rewrite() {
	loop := c.loop
	ctx := loop.Context()
	loc := loop.Loc()
	b := ir.NewBuilder(ctx)
	forOp := scf.ForOp{Operation: loop}
	lb, ub, step := forOp.LowerBound(), forOp.UpperBound(), forOp.Step()
	inits := append([]ir.Value(nil), forOp.Inits()...)
	accIdx := c.accIdx

	// if lb < ub { ...; yield the loop's results } else { yield inits }
	b.SetInsertionPoint(loop)
	pred := arith.CmpISLT
	if forOp.Unsigned() {
		pred = arith.CmpIULT
	}
	cond := arith.NewCmpI(b, loc, pred, lb, ub).Result(0)
	guard := scf.NewIfShell(b, loc, cond, ir.TypesOf(loop.Results()), true)
	thenB, elseB := guard.Region(0).Front(), guard.Region(1).Front()
	b.SetInsertionPointToEnd(thenB)
	thenYield := scf.NewYield(b, loc, loop.Results())
	b.SetInsertionPointToEnd(elseB)
	scf.NewYield(b, loc, inits)
	loop.MoveBefore(thenYield)
	for i, r := range loop.Results() {
		ir.ReplaceUsesIf(r, guard.Result(i), func(u *ir.OpOperand) bool { return u.Owner() != thenYield })
	}

	// The first iteration without the second dot.
	b.SetInsertionPoint(loop)
	m0 := ir.NewMapping()
	m0.Map(forOp.InductionVar(), lb)
	for i, arg := range forOp.RegionIterArgs() {
		m0.Map(arg, inits[i])
	}
	for _, op := range bodyOps(loop) {
		switch {
		case c.isMoved[op] || c.isRetire[op]:
		case op == c.w1:
			// Only the first dot is in flight here.
			w := newDotWait(b, op.Loc(), []ir.Value{m0.Lookup(c.d1.Result(0)), m0.Lookup(c.d1.Operand(0)), m0.Lookup(c.d1.Operand(1))}, 0)
			for i, v := range op.Operands() {
				for j, x := range []ir.Value{c.d1.Result(0), c.d1.Operand(0), c.d1.Operand(1)} {
					if v == x {
						m0.Map(op.Result(i), w.Result(j))
					}
				}
			}
		default:
			b.Insert(op.Clone(m0))
		}
	}
	carriedInit := make([]ir.Value, len(c.carried))
	for i, v := range c.carried {
		carriedInit[i] = m0.Lookup(v)
	}
	for i, v := range yieldOp(loop).Operands() {
		if i != accIdx {
			loop.SetOperand(3+i, m0.Lookup(v))
		}
	}
	loop.SetOperand(0, arith.NewBinary(b, "arith.addi", loc, lb, step).Result(0))
	loop = replaceLoopWithNewSignature(loop, carriedInit)
	forOp = scf.ForOp{Operation: loop}
	n := len(forOp.Inits()) - len(c.carried)
	carriedArg := map[ir.Value]ir.Value{}
	for i, v := range c.carried {
		carriedArg[v] = iterArg(loop, n+i)
	}
	acc := iterArg(loop, accIdx)

	// The moved ops go right after the first dot and read the previous
	// iteration's values.
	var accResult ir.Value
	for i, v := range c.w1.Operands() {
		if v == ir.Value(acc) {
			accResult = c.w1.Result(i)
		}
	}
	for _, op := range c.moved {
		op.MoveBefore(c.w1)
		ir.WalkOps(op, func(o *ir.Operation) {
			for i, v := range o.Operands() {
				if v == accResult {
					o.SetOperand(i, acc)
				} else if a, ok := carriedArg[v]; ok {
					o.SetOperand(i, a)
				}
			}
		})
	}
	// w1 waits for the first dot only; the second runs on.
	b.SetInsertionPoint(c.w1)
	w1 := newDotWait(b, c.w1.Loc(), []ir.Value{c.d1.Result(0), c.d1.Operand(0), c.d1.Operand(1)}, 1)
	for i, v := range c.w1.Operands() {
		switch v {
		case c.d1.Result(0):
			ir.ReplaceAllUsesWith(c.w1.Result(i), w1.Result(0))
		case c.d1.Operand(0):
			ir.ReplaceAllUsesWith(c.w1.Result(i), w1.Result(1))
		case c.d1.Operand(1):
			ir.ReplaceAllUsesWith(c.w1.Result(i), w1.Result(2))
		}
	}
	c.w1.Erase()
	// The second dot is retired before shared memory is written, or, when
	// its buffer gets a slot more (no copy of the iteration then overwrites
	// what it reads), before the next register operand is computed, with
	// the work of the iteration that does not depend on the first dot's
	// result (the copies for later iterations) moved up to right after w1.
	wait2At := c.firstWrite
	if c.slots != nil {
		wait2At = c.firstFeed
		c.hoistIndependent(w1)
	}
	b.SetInsertionPoint(wait2At)
	w2 := c.waitForSecondDot(b, c.d2)
	yieldOp(loop).SetOperand(accIdx, w2.Result(0))
	// What retires the previous iteration's second dot follows its wait.
	at := w2
	for _, op := range c.retire {
		op.MoveAfter(at)
		at = op
		for i, v := range op.Operands() {
			if a, ok := carriedArg[v]; ok {
				op.SetOperand(i, a)
			}
		}
	}
	appendYield(loop, c.carried...)

	// The last iteration's second dot.
	b.SetInsertionPoint(thenYield)
	m2 := ir.NewMapping()
	m2.Map(acc, loop.Result(accIdx))
	for i := range c.carried {
		m2.Map(iterArg(loop, n+i), loop.Result(n+i))
	}
	var last *ir.Operation
	for _, op := range c.moved {
		cl := b.Insert(op.Clone(m2))
		if op == c.d2 {
			last = cl
		}
	}
	thenYield.SetOperand(accIdx, c.waitForSecondDot(b, last).Result(0))
	for _, op := range c.retire {
		b.Insert(op.Clone(m2))
	}
	if c.slots != nil {
		c.slots.apply(loop, c.d2, last)
	}
	// The cp.async waits keep their counts: the first iteration ahead of
	// the loop commits the groups it committed in the loop, in the same
	// order.
	c.loop = loop
}

// waitForSecondDot waits for all dots, tying the second dot's result and
// its operands.
func (c *dotChain) waitForSecondDot(b *ir.Builder, d2 *ir.Operation) *ir.Operation {
	in := []ir.Value{d2.Result(0)}
	for i, v := range d2.Operands() {
		if i < 2 {
			in = append(in, v)
		}
	}
	return newDotWait(b, d2.Loc(), in, 0)
}

// bufferBase follows a shared-memory view to the buffer it views.
func bufferBase(v ir.Value) ir.Value {
	for {
		d := v.DefiningOp()
		if d == nil || !isMemDescView(d) {
			return v
		}
		v = d.Operand(0)
	}
}

// hoistIndependent moves the ops after w1 that do not depend on the first
// dot's result (nor on values computed from it) to right after w1, in
// their order, as long as what they pass has no memory effects: the copies
// for later iterations then issue before the registers between the dots
// are computed.
func (c *dotChain) hoistIndependent(w1 *ir.Operation) {
	dep := map[ir.Value]bool{w1.Result(0): true}
	var move []*ir.Operation
	for op := w1.Next(); op != nil && op != w1.Block().Last(); op = op.Next() {
		depends := false
		ir.WalkOps(op, func(o *ir.Operation) {
			for _, v := range o.Operands() {
				if dep[v] {
					depends = true
				}
			}
		})
		if depends {
			if !ir.IsMemoryEffectFree(op) {
				break
			}
			for _, r := range op.Results() {
				dep[r] = true
			}
			continue
		}
		move = append(move, op)
	}
	at := w1
	for _, op := range move {
		op.MoveAfter(at)
		at = op
	}
}

// slotPlan is the second dot's multi-buffered shared operand, which the
// rewrite can give one slot more: the loop's copies fill the slot of the
// iteration `dist` ahead, which with the second dot one iteration late is
// the slot the dot of the previous iteration is still reading. With
// slots+1 slots it is not, and the wait for the second dot no longer
// holds back the copies.
type slotPlan struct {
	alloc *ir.Operation // the buffer's ttg.local_alloc
	slots int           // its slots
	dist  int           // the copies' distance in iterations (copies before the loop)
}

// planSlot returns the slot plan of dot's shared operand, or nil when its
// buffer is not a multi-buffered allocation filled by the loop's copies
// (with the first dist slots filled before the loop, in order), or when
// one more slot would lower the CTAs a multiprocessor holds.
func planSlot(loop, dot *ir.Operation) *slotPlan {
	base := bufferBase(dot.Operand(1))
	alloc := base.DefiningOp()
	if alloc == nil || alloc.Name() != "ttg.local_alloc" || alloc.NumOperands() != 0 {
		return nil
	}
	t, ok := base.Type().(*ttg.MemDescType)
	if !ok || t.Rank() < 3 || !t.Mutable {
		return nil
	}
	p := &slotPlan{alloc: alloc, slots: int(t.Dims[0])}
	filled := map[int]bool{}
	for _, u := range ir.Uses(base) {
		o := u.Owner()
		switch o.Name() {
		case "ttg.local_dealloc":
			continue
		case "ttg.memdesc_index":
		default:
			return nil
		}
		if definedOutside(loop, o.Result(0)) {
			// A copy before the loop fills slot k for iteration k.
			k64, ok := arith.MatchConstantInt(o.Operand(1))
			k := int(k64)
			if !ok || filled[k] {
				return nil
			}
			filled[k] = true
		}
	}
	p.dist = len(filled)
	for k := 0; k < p.dist; k++ {
		if !filled[k] {
			return nil
		}
	}
	if p.dist < 1 || p.dist >= p.slots {
		return nil
	}
	// Occupancy by shared memory must not drop.
	if !sharedGrowthFits(ttg.ModuleOf(loop), 0, memdescBytes(t)/p.slots) {
		return nil
	}
	return p
}

// sharedGrowthFits reports whether the module's shared memory (its
// local_allocs and pending bytes not allocated yet) can grow by extra
// bytes: within the 227 KB a CTA may have on sm_90, and without lowering
// the CTAs an SM holds.
func sharedGrowthFits(module *ir.Operation, pending, extra int) bool {
	total := pending + allocBytes(module)
	const smPerSM = 228 * 1024 // sm_90's shared memory per multiprocessor
	more := total + extra
	return total > 0 && more <= 227*1024 && smPerSM/more >= smPerSM/total
}

// allocBytes is the shared memory of the ttg.local_alloc buffers nested in
// op, counting the larger branch of an scf.if only: its branches never run
// together, and the allocator overlaps their buffers (tt-tma-loads' guard
// keeps a fallback copy of the loop it moves onto TMA in one).
func allocBytes(op *ir.Operation) int {
	n := 0
	if op.Name() == "ttg.local_alloc" {
		if mt, ok := op.Result(0).Type().(*ttg.MemDescType); ok {
			n += memdescBytes(mt)
		}
	}
	branches := make([]int, op.NumRegions())
	for i := range op.NumRegions() {
		for _, b := range op.Region(i).Blocks() {
			for _, inner := range b.Ops() {
				branches[i] += allocBytes(inner)
			}
		}
	}
	if op.Name() == "scf.if" {
		return n + slices.Max(append(branches, 0))
	}
	for _, b := range branches {
		n += b
	}
	return n
}

// memdescBytes is the size of a buffer of type t.
func memdescBytes(t *ttg.MemDescType) int { return blockBytes(t.Elem, t.Dims) }

// blockBytes is the size of a block of elem of the given shape.
func blockBytes(elem ir.Type, dims []int64) int {
	n := ir.BitWidth(elem) / 8
	for _, d := range dims {
		n *= int(d)
	}
	return n
}

// apply gives the buffer slots+1 slots and indexes them by iteration: the
// first iteration (ahead of the loop, in its block) fills slot dist,
// the loop counts its iteration modulo slots+1 in a new iter arg, fills
// slot (i+dist) and has the second dot of iteration i-1 read slot (i-1);
// the last second dot (after the loop) reads the slot before the count the
// loop ends with.
func (p *slotPlan) apply(loop, d2, lastD2 *ir.Operation) {
	ctx := loop.Context()
	b := ir.NewBuilder(ctx)
	n := p.slots + 1
	t := p.alloc.Result(0).Type().(*ttg.MemDescType)
	nt := ttg.MemDesc(ctx, append([]int64{int64(n)}, t.Dims[1:]...), t.Elem, t.Encoding, t.MemorySpace, t.Mutable, nil)
	b.SetInsertionPoint(p.alloc)
	alloc := ttg.NewLocalAlloc(b, p.alloc.Loc(), nt, nil)
	for _, u := range ir.Uses(p.alloc.Result(0)) {
		u.Owner().SetOperand(u.Index(), alloc.Result(0))
	}
	p.alloc.Erase()
	i32 := ir.I32(ctx)
	cst := func(b *ir.Builder, v int) ir.Value { return arith.ConstantInt(b, loop.Loc(), int64(v), i32) }
	// (x + k) mod n for x in [0, n) and k in [0, n).
	addMod := func(b *ir.Builder, x ir.Value, k int) ir.Value {
		if k == 0 {
			return x
		}
		s := arith.NewBinary(b, "arith.addi", loop.Loc(), x, cst(b, k)).Result(0)
		wrap := arith.NewCmpI(b, loop.Loc(), arith.CmpISGE, s, cst(b, n)).Result(0)
		return arith.NewSelect(b, loop.Loc(), wrap, arith.NewBinary(b, "arith.subi", loop.Loc(), s, cst(b, n)).Result(0), s).Result(0)
	}
	// The loop's count: iteration 1 first.
	b.SetInsertionPoint(loop)
	loop = replaceLoopWithNewSignature(loop, []ir.Value{cst(b, 1)})
	count := iterArg(loop, scf.ForOp{Operation: loop}.NumResults()-1)
	b.SetInsertionPointToStart(body(loop))
	bb := ir.NewBuilder(ctx)
	bb.SetInsertionPoint(yieldOp(loop))
	appendYield(loop, addMod(bb, count, 1))
	for _, u := range ir.Uses(alloc.Result(0)) {
		o := u.Owner()
		if o.Name() != "ttg.memdesc_index" {
			continue
		}
		switch {
		case o == d2.Operand(1).DefiningOp() || isViewOf(d2.Operand(1), o):
			b.SetInsertionPoint(o)
			o.SetOperand(1, addMod(b, count, n-1))
		case o == lastD2.Operand(1).DefiningOp() || isViewOf(lastD2.Operand(1), o):
			b.SetInsertionPoint(o)
			o.SetOperand(1, addMod(b, loop.Result(loop.NumResults()-1), n-1))
		case loop.IsAncestorOf(o):
			b.SetInsertionPoint(o)
			o.SetOperand(1, addMod(b, count, p.dist))
		case o.Block() == loop.Block():
			// The first iteration's copy, ahead of the loop.
			b.SetInsertionPoint(o)
			o.SetOperand(1, cst(b, p.dist))
		}
	}
}

// isViewOf reports whether v is a view (through view ops) of index's
// result.
func isViewOf(v ir.Value, index *ir.Operation) bool {
	for {
		d := v.DefiningOp()
		if d == nil {
			return false
		}
		if d == index {
			return true
		}
		if !isMemDescView(d) {
			return false
		}
		v = d.Operand(0)
	}
}
