package sim

import "github.com/ttcompiler/tt/ir"

// raceDetector finds data races on a CTA's shared memory: two threads of
// different warps touching one byte between two barriers, at least one
// of them writing (an atomic counts as a write, except against another
// atomic).
//
// A plain write that stores the value a byte already holds is silent: it
// cannot change what any access reads, whatever the order of the warps,
// so it races only with atomics of other warps (which it could undo) and
// is not recorded. Triton's lowering relies on this: threads that hold
// copies of the same element (a broadcast layout) all store it.
//
// Barriers split a CTA's run into epochs. For each byte it keeps, from
// the current epoch only (entries of older epochs are stale, so nothing is
// cleared at a barrier), the last plain write, and up to two reads and
// two atomics from distinct warps. That is enough: an access from warp W
// conflicts with a set of earlier reads (or atomics) exactly when one of
// them is from another warp, and if the set spans two warps one of the
// two kept entries is not from W. Conflicting writes are caught when the
// second one happens, so the last write is the only one that can still
// conflict with a later access of another warp.
type raceDetector struct {
	cells []raceCell
	epoch uint32
	lanes int
}

type raceCell struct {
	write  stamp
	reads  [2]stamp
	atomic [2]stamp
}

// stamp is one recorded access.
type stamp struct {
	epoch uint32
	tid   int32
	op    *ir.Operation
}

func newRaceDetector(size, lanes int) *raceDetector {
	return &raceDetector{cells: make([]raceCell, size), epoch: 1, lanes: lanes}
}

// barrier starts a new epoch: accesses before it happen before those
// after it.
func (r *raceDetector) barrier() { r.epoch++ }

// access records that thread tid touched bytes [addr, addr+n) by op and
// returns the first race it finds. For a write, old and new are the
// bytes before and after it (a byte that keeps its value is a silent
// write). The caller has checked the bounds.
func (r *raceDetector) access(addr, n int, kind AccessKind, tid int, op *ir.Operation, old, new []byte) *RaceError {
	me := stamp{epoch: r.epoch, tid: int32(tid), op: op}
	for i := addr; i < addr+n; i++ {
		c := &r.cells[i]
		if kind == Write && old[i-addr] == new[i-addr] {
			if err := r.conflictAtomic(c, i, me, kind); err != nil {
				return err
			}
			continue
		}
		if err := r.conflict(c, i, me, kind); err != nil {
			return err
		}
		switch kind {
		case Read:
			r.remember(&c.reads, me)
		case Write:
			c.write = me
		case Atomic:
			r.remember(&c.atomic, me)
		}
	}
	return nil
}

// conflict checks an access against the byte's earlier accesses.
func (r *raceDetector) conflict(c *raceCell, addr int, me stamp, kind AccessKind) *RaceError {
	if r.races(c.write, me) {
		return r.report(addr, c.write, Write, me, kind)
	}
	if kind != Read {
		for _, s := range c.reads {
			if r.races(s, me) {
				return r.report(addr, s, Read, me, kind)
			}
		}
	}
	if kind != Atomic {
		return r.conflictAtomic(c, addr, me, kind)
	}
	return nil
}

// conflictAtomic checks an access against the byte's atomics.
func (r *raceDetector) conflictAtomic(c *raceCell, addr int, me stamp, kind AccessKind) *RaceError {
	for _, s := range c.atomic {
		if r.races(s, me) {
			return r.report(addr, s, Atomic, me, kind)
		}
	}
	return nil
}

// races reports whether an earlier access s conflicts in time and place
// with me: same epoch, different warps.
func (r *raceDetector) races(s, me stamp) bool {
	return s.epoch == r.epoch && int(s.tid)/r.lanes != int(me.tid)/r.lanes
}

// remember keeps s among two accesses of the epoch from distinct warps.
func (r *raceDetector) remember(set *[2]stamp, s stamp) {
	switch {
	case set[0].epoch != r.epoch:
		set[0], set[1] = s, stamp{}
	case int(set[0].tid)/r.lanes == int(s.tid)/r.lanes:
	case set[1].epoch != r.epoch:
		set[1] = s
	}
}

func (r *raceDetector) report(addr int, first stamp, fk AccessKind, second stamp, sk AccessKind) *RaceError {
	return &RaceError{Addr: addr, Lanes: r.lanes,
		First:  Access{Thread: int(first.tid), Op: first.op, Kind: fk},
		Second: Access{Thread: int(second.tid), Op: second.op, Kind: sk}}
}
