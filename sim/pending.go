package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
)

// pendingQueue holds a thread's asynchronous effects of one kind, in
// commit groups: an op issues an effect into the open group, a commit
// closes the group, and a wait N retires every committed group but the
// newest N, in order, making their effects land. A thread has one queue
// per kind of group the hardware counts separately: cp.async groups,
// wgmma groups and bulk (TMA store) groups.
type pendingQueue struct {
	effects []pendingEffect
	// group is the number of groups committed so far; effects issued
	// since the last commit carry group+1.
	group int
	// retired is the newest group a wait has retired.
	retired int
	// issued counts the effects issued so far (each effect's seq is its
	// number); effects with seq <= tracked are tracked by an mbarrier
	// (gpu.cp_async_mbarrier_arrive), which lands them if no wait does
	// first.
	issued, tracked int
}

// pendingEffect is an issued asynchronous effect; land makes it happen.
// Its payload is inline so that issuing allocates nothing: a shared-memory
// write of up to 16 bytes (cp.async), or the wgmma or bulk store it
// belongs to.
type pendingEffect struct {
	op    *ir.Operation
	group int
	seq   int
	land  func(th *thread, e *pendingEffect) error
	addr  uint64
	n     int
	data  [16]byte
	wgmma *wgmmaRecord
	store *bulkStore
}

func (q *pendingQueue) reset() {
	q.effects, q.group, q.retired, q.issued, q.tracked = q.effects[:0], 0, 0, 0, 0
}

// issue queues e in the open group.
func (q *pendingQueue) issue(e pendingEffect) {
	q.issued++
	e.group, e.seq = q.group+1, q.issued
	q.effects = append(q.effects, e)
}

// commit closes the open group.
func (q *pendingQueue) commit() { q.group++ }

// wait lands, in issue order, the effects of every committed group but
// the newest keep ones; effects of the open group stay pending.
func (q *pendingQueue) wait(th *thread, keep int) error {
	last := q.group - keep
	q.retired = max(q.retired, last)
	return q.landIf(func(e *pendingEffect) bool { return e.group <= last },
		func(e *pendingEffect) error { return e.land(th, e) })
}

// landThrough lands, with land and in issue order, the pending effects
// issued up to seq, and forgets them.
func (q *pendingQueue) landThrough(seq int, land func(e *pendingEffect) error) error {
	return q.landIf(func(e *pendingEffect) bool { return e.seq <= seq }, land)
}

// landIf lands, with land and in issue order, the pending effects that
// are due, and forgets them; the others stay pending, in order.
func (q *pendingQueue) landIf(due func(e *pendingEffect) bool, land func(e *pendingEffect) error) error {
	rest := q.effects[:0]
	for i := range q.effects {
		e := &q.effects[i]
		if !due(e) {
			rest = append(rest, *e)
			continue
		}
		if err := land(e); err != nil {
			return err
		}
	}
	clear(q.effects[len(rest):])
	q.effects = rest
	return nil
}

// pendingThrough reports whether an effect issued up to seq is pending.
func (q *pendingQueue) pendingThrough(seq int) bool {
	return len(q.effects) > 0 && q.effects[0].seq <= seq
}

// atExit is the error of a thread that exits with effects pending that
// no mbarrier tracks.
func (q *pendingQueue) atExit() error {
	n := 0
	var first *pendingEffect
	for i := range q.effects {
		if q.effects[i].seq > q.tracked {
			if n++; first == nil {
				first = &q.effects[i]
			}
		}
	}
	if n == 0 {
		return nil
	}
	return fmt.Errorf("the thread exited with %d asynchronous effects not waited for (the first by %s at %s)",
		n, opName(first.op), opLoc(first.op))
}

// landShared is the landing of a copy into shared memory: a write of
// e.data[:e.n] at e.addr by the issuing thread, at the time it lands.
func landShared(th *thread, e *pendingEffect) error {
	return th.do(access{op: e.op, shared: true, addr: e.addr, n: e.n, kind: Write}, func(b []byte) { copy(b, e.data[:e.n]) })
}
