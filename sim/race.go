package sim

import "github.com/ttcompiler/tt/ir"

// raceDetector finds data races on a CTA's shared memory: two accesses of
// one byte, at least one of them writing (an atomic counts as a write,
// except against another atomic), that nothing orders.
//
// A plain write that stores the value a byte already holds is silent: it
// cannot change what any access reads, whatever the order of the warps,
// so it races only with atomics of other warps (which it could undo) and
// is not recorded. Triton's lowering relies on this: threads that hold
// copies of the same element (a broadcast layout) all store it.
//
// Ordering. Accesses are made by agents: the warps (threads of one warp
// run in lockstep and never race with each other) and the async proxy
// (TMA copies landing in shared memory). CTA barriers split a run into
// epochs: accesses of an earlier epoch happen before those of a later
// one, so entries of older epochs are stale and nothing is cleared at a
// barrier. Within an epoch, the finer synchronization of mbarriers and
// named barriers orders accesses through vector clocks over the agents.
// A thread counts its releases (an arrival) and stamps its accesses with
// that count; a release publishes, for the thread's warp, the count the
// thread had, and an acquire (an mbarrier wait that observes a phase, a
// named barrier sync) teaches the acquiring warp what the releases it
// observes published. An access stamped with agent a and count k happens
// before the access of an agent that knows a's clock to be at least k.
// Counting per thread rather than per warp matters because the simulator
// runs the lanes of a warp one after the other up to a collective: when
// lane 0 arrives at an mbarrier, lanes 1-31 have not yet made the
// accesses that come before the arrival in the warp's program, and still
// stamp them with the count lane 0's release published. (An access a
// lane makes after the arrival point is covered too when that lane made
// no release itself: a race missed, never one invented.) Without
// mbarriers and named barriers no warp learns another's clock, and any
// two accesses of different warps in one epoch conflict.
//
// Per byte it keeps, from the current epoch only, the last plain write
// and up to two reads and two atomics. A new read replaces a kept one it
// is ordered after (anything ordered after the new one is ordered after
// the old one too), or one of the same agent; otherwise it fills a free
// entry. Without finer synchronization this is exact: an access from warp
// W conflicts with a set of earlier reads exactly when one of them is from
// another warp, and if the set spans two warps one of the two kept entries
// is not from W. With it, a third concurrent reader may be forgotten (a
// race missed, never one invented). Conflicting writes are caught when the
// second one happens, so the last write is the only one that can still
// conflict with a later access.
type raceDetector struct {
	cells []raceCell
	epoch uint32
	lanes int
	// agents is the number of vector-clock entries: one per warp, then
	// the async proxy (index agents-1).
	agents int
	// vc holds the warps' vector clocks for the current epoch: warp w's
	// knowledge of agent a's clock is vc[w*agents+a].
	vc []uint32
	// counts are the threads' release counts in the current epoch.
	counts []uint32
	// asyncClock counts the async proxy's writes in the epoch.
	asyncClock uint32
	// zero is an all-zero clock (the knowledge of a clock saved in an
	// older epoch).
	zero []uint32
}

type raceCell struct {
	write  stamp
	reads  [2]stamp
	atomic [2]stamp
}

// stamp is one recorded access: the thread that made it (for messages),
// the agent it counts for and that agent's clock at the time.
type stamp struct {
	epoch uint32
	tid   int32
	clock uint32
	who   uint16
	op    *ir.Operation
}

// actor is who makes an access: thread tid on behalf of agent who (its
// warp, or the async proxy for a landing copy) at clock, knowing the
// clocks vc of the other agents.
type actor struct {
	tid   int
	who   int
	clock uint32
	vc    []uint32
}

func newRaceDetector(size, lanes, warps int) *raceDetector {
	r := &raceDetector{cells: make([]raceCell, size), lanes: lanes, agents: warps + 1}
	r.vc = make([]uint32, warps*r.agents)
	r.counts = make([]uint32, warps*lanes)
	r.zero = make([]uint32, r.agents)
	r.barrier()
	return r
}

// barrier starts a new epoch: accesses before it happen before those
// after it, and every clock restarts.
func (r *raceDetector) barrier() {
	r.epoch++
	clear(r.vc)
	for i := range r.counts {
		r.counts[i] = 1
	}
	r.asyncClock = 0
}

// warpActor is thread tid acting for its warp.
func (r *raceDetector) warpActor(tid int) actor {
	w := tid / r.lanes
	return actor{tid: tid, who: w, clock: r.counts[tid], vc: r.vc[w*r.agents : (w+1)*r.agents]}
}

// asyncActor is the async proxy landing a copy that thread tid issued:
// the landing is ordered after what the issuing warp knew at the issue
// (issued, a clock saved by snapshot).
func (r *raceDetector) asyncActor(tid int, issued *clockVec) actor {
	r.asyncClock++
	return actor{tid: tid, who: r.agents - 1, clock: r.asyncClock, vc: issued.get(r)}
}

// access records that thread tid touched bytes [addr, addr+n) by op and
// returns the first race it finds. For a write, old and new are the
// bytes before and after it (a byte that keeps its value is a silent
// write). The caller has checked the bounds.
func (r *raceDetector) access(addr, n int, kind AccessKind, tid int, op *ir.Operation, old, new []byte) *RaceError {
	return r.accessAs(r.warpActor(tid), addr, n, kind, op, old, new, true)
}

// accessAs is access by any actor; unless record is set the access is
// only checked (an asynchronous read whose later changes are caught
// otherwise).
func (r *raceDetector) accessAs(a actor, addr, n int, kind AccessKind, op *ir.Operation, old, new []byte, record bool) *RaceError {
	me := stamp{epoch: r.epoch, tid: int32(a.tid), clock: a.clock, who: uint16(a.who), op: op}
	for i := addr; i < addr+n; i++ {
		c := &r.cells[i]
		if kind == Write && old[i-addr] == new[i-addr] {
			if err := r.conflictAtomic(c, i, me, a, kind); err != nil {
				return err
			}
			continue
		}
		if err := r.conflict(c, i, me, a, kind); err != nil {
			return err
		}
		if !record {
			continue
		}
		switch kind {
		case Read:
			r.remember(&c.reads, me, a)
		case Write:
			c.write = me
		case Atomic:
			r.remember(&c.atomic, me, a)
		}
	}
	return nil
}

// conflict checks an access against the byte's earlier accesses.
func (r *raceDetector) conflict(c *raceCell, addr int, me stamp, a actor, kind AccessKind) *RaceError {
	if r.races(c.write, a) {
		return r.report(addr, c.write, Write, me, kind)
	}
	if kind != Read {
		for _, s := range c.reads {
			if r.races(s, a) {
				return r.report(addr, s, Read, me, kind)
			}
		}
	}
	if kind != Atomic {
		return r.conflictAtomic(c, addr, me, a, kind)
	}
	return nil
}

// conflictAtomic checks an access against the byte's atomics.
func (r *raceDetector) conflictAtomic(c *raceCell, addr int, me stamp, a actor, kind AccessKind) *RaceError {
	for _, s := range c.atomic {
		if r.races(s, a) {
			return r.report(addr, s, Atomic, me, kind)
		}
	}
	return nil
}

// races reports whether an earlier access s conflicts in time and place
// with an access by a: same epoch, another agent, and not ordered.
func (r *raceDetector) races(s stamp, a actor) bool {
	return s.epoch == r.epoch && !r.ordered(s, a)
}

// ordered reports whether access s (of the current epoch) happens before
// any access by a.
func (r *raceDetector) ordered(s stamp, a actor) bool {
	return int(s.who) == a.who || a.vc[s.who] >= s.clock
}

// remember keeps s among two accesses of the epoch (see raceDetector).
func (r *raceDetector) remember(set *[2]stamp, s stamp, a actor) {
	for i := range set {
		e := &set[i]
		if e.epoch != r.epoch {
			if i == 0 {
				set[1] = stamp{}
			}
			*e = s
			return
		}
		if e.who == s.who && e.clock < s.clock || e.who != s.who && r.ordered(*e, a) {
			*e = s
			return
		}
		if e.who == s.who {
			return // the same agent at the same clock: nothing new
		}
	}
}

func (r *raceDetector) report(addr int, first stamp, fk AccessKind, second stamp, sk AccessKind) *RaceError {
	return &RaceError{Addr: addr, Lanes: r.lanes,
		First:  Access{Thread: int(first.tid), Op: first.op, Kind: fk},
		Second: Access{Thread: int(second.tid), Op: second.op, Kind: sk}}
}

// clockVec is a vector clock kept outside the warps: what the arrivals of
// an mbarrier phase or a named barrier released, or what a warp knew
// when it issued a copy. It is valid in the epoch it was made in; an
// older one carries nothing a barrier has not already ordered.
type clockVec struct {
	epoch uint32
	c     []uint32
}

// get returns the clock, all zeros when it is from an older epoch.
func (v *clockVec) get(r *raceDetector) []uint32 {
	if v.epoch != r.epoch || len(v.c) != r.agents {
		return r.zero
	}
	return v.c
}

// reset makes v an empty clock of the current epoch.
func (v *clockVec) reset(r *raceDetector) {
	if cap(v.c) < r.agents {
		v.c = make([]uint32, r.agents)
	}
	v.c = v.c[:r.agents]
	clear(v.c)
	v.epoch = r.epoch
}

// join merges src into v (both of the current epoch or v made so).
func (v *clockVec) join(r *raceDetector, src []uint32) {
	if v.epoch != r.epoch || len(v.c) != r.agents {
		v.reset(r)
	}
	for i, k := range src {
		v.c[i] = max(v.c[i], k)
	}
}

// release adds to v what thread tid's warp knows and the thread's own
// count, and advances the count, so that the thread's later accesses are
// not covered by v.
func (r *raceDetector) release(v *clockVec, tid int) {
	w := tid / r.lanes
	v.join(r, r.vc[w*r.agents:(w+1)*r.agents])
	v.c[w] = max(v.c[w], r.counts[tid])
	r.counts[tid]++
}

// snapshot saves in v what thread tid knows (an issued copy's ordering)
// and advances its count.
func (r *raceDetector) snapshot(v *clockVec, tid int) {
	v.reset(r)
	r.release(v, tid)
}

// acquire teaches warp w what v holds.
func (r *raceDetector) acquire(w int, v *clockVec) {
	row := r.vc[w*r.agents : (w+1)*r.agents]
	for i, k := range v.get(r) {
		row[i] = max(row[i], k)
	}
}

// landed records in v that the async proxy's writes up to its current
// clock are covered (a TMA load's bytes counted by an mbarrier phase).
func (r *raceDetector) landed(v *clockVec) {
	if v.epoch != r.epoch || len(v.c) != r.agents {
		v.reset(r)
	}
	a := r.agents - 1
	v.c[a] = max(v.c[a], r.asyncClock)
}
