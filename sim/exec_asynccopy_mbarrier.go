package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
)

// gpu.cp_async_mbarrier_arrive: an mbarrier tracks the cp.async copies
// its thread issued before it (committed or not), and an arrival follows
// once they have all completed.
//
// The hardware completes the copies at some time after their issue and
// triggers the arrival after the last of them; the phase that counts the
// arrival (or, without noinc, that the incremented pending count holds
// back) cannot complete before. The simulator takes the latest such
// time, as it does for TMA loads: the copies stay in the thread's
// cp.async queue and land when the phase completes, and the op itself
// only does what is certain at once. With noinc it is an arrival of
// count 1 now; without, the increment and the later arrival cancel, and
// it changes no count. The arrival is a release of the thread's earlier
// accesses either way (a race missed, if the hardware orders less, never
// one invented). Landing late is what makes a kernel that reads the
// bytes before its wait observably wrong: a read of the destination
// before the phase completes sees the old contents, and the landing is a
// write by the async agent (race.go), ordered after what the issuing warp
// did before the op, so a read by a thread that did not wait on the phase
// (the issuing warp included) races with it.
//
// A gpu.cp_async_wait that retires the copies' group before the phase
// completes lands them then, as a write of the thread, and the phase
// lands nothing twice; one that comes after the phase landed them
// acquires that landing for the thread's warp (any wait does: a race
// missed where it retires other groups, never one invented). A thread may exit with copies only the mbarrier
// tracks: they still land with the phase, as the CTA's shared memory
// outlives the thread. Initializing or invalidating the mbarrier while
// its phase still owes copies is an error, as it is for TMA loads.

func init() {
	define(compileCpAsyncMBarrierArrive, gpu.CpAsyncMBarrierArriveOp)
}

// cpAsyncArrival is one thread's gpu.cp_async_mbarrier_arrive: the
// thread's copies issued up to seq land when the barrier's phase
// completes; issued is what the warp had done then (its clock).
type cpAsyncArrival struct {
	th     *thread
	seq    int
	issued clockVec
}

func compileCpAsyncMBarrierArrive(c *compiler, in *instr) error {
	m := newMBarOp(in)
	count := 0
	if gpu.NoIncrement(in.op) {
		count = 1
	}
	in.step = func(th *thread, in *instr) error {
		if m.skip(th) {
			return nil
		}
		addr := th.regs[m.bar]
		cta := th.cta
		side := cta.async.mbars.get(addr)
		q := &th.cpAsync
		if q.pendingThrough(q.issued) {
			n := len(side.copies)
			if n < cap(side.copies) {
				side.copies = side.copies[:n+1]
			} else {
				side.copies = append(side.copies, cpAsyncArrival{})
			}
			a := &side.copies[n]
			a.th, a.seq = th, q.issued
			if cta.race != nil {
				cta.race.snapshot(&a.issued, th.tid)
			}
			q.tracked = q.issued
		}
		if count == 0 && cta.race != nil {
			cta.race.release(&side.release, th.tid)
		}
		return th.arrive(in.op, addr, count, 0)
	}
	return nil
}

// landCopies lands the cp.async copies the completed phase tracked, as
// the async agent, and records them in done (what a wait on the phase
// acquires).
func (c *cta) landCopies(side *mbarrier, done *clockVec) error {
	landed := false
	for i := range side.copies {
		a := &side.copies[i]
		err := a.th.cpAsync.landThrough(a.seq, func(e *pendingEffect) error {
			var who actor
			if c.race != nil {
				who = c.race.asyncActor(a.th.tid, &a.issued)
			}
			landed = true
			err := c.sharedAccess(who, access{op: e.op, shared: true, addr: e.addr, n: e.n, kind: Write},
				func(b []byte) { copy(b, e.data[:e.n]) }, true)
			if _, ok := err.(*RaceError); err != nil && !ok {
				return fmt.Errorf("the gpu.cp_async of thread %d at %s lands: %w", a.th.tid, opLoc(e.op), err)
			}
			return err
		})
		if err != nil {
			return err
		}
		if c.race != nil {
			c.race.landed(&a.th.cpLanded)
		}
	}
	side.forgetCopies()
	if landed && c.race != nil {
		c.race.landed(done)
	}
	return nil
}

// pendingCopies returns an arrival whose copies have not all landed, or
// nil.
func (m *mbarrier) pendingCopies() *cpAsyncArrival {
	for i := range m.copies {
		if a := &m.copies[i]; a.th.cpAsync.pendingThrough(a.seq) {
			return a
		}
	}
	return nil
}

// forgetCopies drops the arrivals (keeping their clocks' storage).
func (m *mbarrier) forgetCopies() {
	for i := range m.copies {
		m.copies[i].th = nil
	}
	m.copies = m.copies[:0]
}

// acquireLandedCopies is a cp.async wait's acquire of the thread's copies
// that mbarrier phases landed.
func (th *thread) acquireLandedCopies() {
	if c := th.cta; c.race != nil {
		c.race.acquire(th.tid/c.lanes, &th.cpLanded)
	}
}
