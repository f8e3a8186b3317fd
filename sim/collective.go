package sim

import (
	"fmt"
)

// scope is the set of threads a collective op waits for.
type scope uint8

const (
	// scopeWarp: the lanes of one warp (shuffles, ballots; later
	// mma.sync and ldmatrix, which read every lane's registers).
	scopeWarp scope = iota
	// scopeWarpgroup: four consecutive warps (later wgmma).
	scopeWarpgroup
	// scopeCTA: every thread of the CTA (barriers).
	scopeCTA
)

func (s scope) String() string { return [...]string{"warp", "warpgroup", "CTA"}[s] }

// collective is how a collective op acts once its group has arrived.
type collective struct {
	scope scope
	// anyInstance lets the threads of a group arrive at different ops of
	// the same definition (bar.sync counts arrivals, not instructions);
	// otherwise all must wait at the very same op.
	anyInstance bool
	// family, when set, is the collective whose instances this one's
	// count with (a conditional barrier with the barrier); otherwise the
	// instances of one op definition count together.
	family *collective
	// skip, when set, lets a thread pass the op without joining the
	// group (a conditional barrier whose predicate, in regs, is false).
	skip func(regs []uint64, in *instr) bool
	// run acts for the group: group[i] is the group's i-th thread (in
	// thread order) and ins[i] the instr it waits at. Results are written
	// into each thread's registers (group[i].regs).
	run func(c *cta, ins []*instr, group []*thread) error
}

// groupSize is the number of threads of a scope in a CTA.
func (c *cta) groupSize(s scope) int {
	switch s {
	case scopeWarp:
		return c.lanes
	case scopeWarpgroup:
		return 4 * c.lanes
	}
	return len(c.threads)
}

// tryCollective acts for the group of threads [lo, lo+n) if all of them
// wait at a collective of the given scope. It reports whether it did, or
// an error when the group can never proceed (a thread exited or waits at
// another op).
func (c *cta) tryCollective(scope scope, lo, n int) (bool, error) {
	group := c.threads[lo : lo+n]
	first := group[0].wait
	for _, th := range group {
		if th.wait == nil || th.wait.kind != kindCollective || th.wait.coll.scope != scope {
			return false, nil
		}
	}
	ins := c.insScratch[:0]
	for _, th := range group {
		w := th.wait
		if w != first && !(first.coll.anyInstance && sameFamily(w, first)) {
			return false, &ExecError{Block: c.id, Thread: th.tid, Lanes: c.lanes, Op: w.op,
				Err: fmt.Errorf("waits at a different %s collective than %s, which waits at %s (%s): the %s diverged",
					scope, threadName(group[0].tid, c.lanes), first.op.Name(), opLoc(first.op), scope)}
		}
		ins = append(ins, w)
	}
	c.insScratch = ins
	if err := first.coll.run(c, ins, group); err != nil {
		return false, group[0].fail(first, err)
	}
	for _, th := range group {
		th.resume()
	}
	return true, nil
}

// stuck explains why no thread of the CTA can proceed (nil if all
// exited): a thread waits at a blocking op whose condition no thread can
// bring about any more, or it waits for its group at a collective and a
// thread of the group exited or waits elsewhere.
func (c *cta) stuck() error {
	var w *thread
	for _, th := range c.threads {
		if th.wait != nil && (w == nil || th.wait.kind == kindBlock && w.wait.kind != kindBlock) {
			w = th
		}
	}
	if w == nil {
		return nil
	}
	if w.wait.kind == kindBlock {
		return &ExecError{Block: c.id, Thread: w.tid, Lanes: c.lanes, Op: w.wait.op,
			Err: fmt.Errorf("deadlock: %s, and no thread can run to change that", w.wait.blk.stuck(w, w.wait))}
	}
	scope := w.wait.coll.scope
	n := c.groupSize(scope)
	why := "another thread of it never arrives"
	for _, th := range c.threads[w.tid/n*n : w.tid/n*n+n] {
		if th.exited {
			why = fmt.Sprintf("%s has exited", th)
			break
		}
		if th.wait != nil && th.wait.kind == kindBlock {
			why = fmt.Sprintf("%s is blocked at %s (%s)", th, th.wait.op.Name(), opLoc(th.wait.op))
			break
		}
		if th.wait != nil && th.wait.coll.scope != scope {
			why = fmt.Sprintf("%s waits at %s (%s)", th, th.wait.op.Name(), opLoc(th.wait.op))
			break
		}
	}
	return &ExecError{Block: c.id, Thread: w.tid, Lanes: c.lanes, Op: w.wait.op,
		Err: fmt.Errorf("deadlock: waits for its %s at %s, but %s", scope, w.wait.op.Name(), why)}
}

// sameFamily reports whether threads waiting at a and b may form one
// group of an anyInstance collective.
func sameFamily(a, b *instr) bool {
	fa, fb := a.coll.family, b.coll.family
	if fa == nil && fb == nil {
		return a.op.Def() == b.op.Def()
	}
	if fa == nil {
		fa = a.coll
	}
	if fb == nil {
		fb = b.coll
	}
	return fa == fb
}
