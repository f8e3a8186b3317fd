package sim

import (
	"encoding/binary"
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// The mbarrier ops. An mbarrier lives in its 8 bytes of shared memory, in
// the simulator's own encoding (the hardware's is opaque):
//
//	bits  0-19  pending arrivals of the current phase
//	bits 20-39  expected arrivals per phase (the init count)
//	bits 40-60  transaction count, 21-bit two's complement (bytes
//	            expected and not yet arrived; negative when bytes arrive
//	            before they are expected)
//	bit  61     the current phase's parity
//	bit  62     set while the object is an initialized mbarrier
//
// so that the ops read and write shared memory as the hardware's do: init
// and inval are plain writes of the 8 bytes, which race with the other
// ops of warps no barrier orders them with; arrive, expect_tx, the
// complete_tx of a TMA load and the polls of a wait are atomic accesses,
// which never race with each other. A plain store over a live barrier
// corrupts it, as on the GPU.
//
// A phase completes when its pending arrivals and its transaction count
// are both zero: the parity flips, pending arrivals start again at the
// expected count, and the TMA loads counted in the phase land (exec_tma.go),
// as do the cp.async copies it tracks (exec_asynccopy_mbarrier.go).
// gpu.mbarrier_wait blocks its thread (the scheduler runs other threads
// and asks again) until the barrier's parity differs from the phase
// argument's: waiting on the current parity waits for the phase to
// complete, waiting on the other returns at once. A wait that no thread
// can ever satisfy is reported as a deadlock with the barrier's counts.
//
// Ordering. An arrival releases what its warp has done (the race
// detector's clocks, race.go); a wait that returns acquires what the
// arrivals of the phase it observed released, and the TMA bytes that
// landed in it. The simulator keeps these clocks beside the 8 bytes, by
// address.
//
// The fences gpu.fence_mbarrier_init and gpu.fence_proxy_async only order
// accesses between the generic and the async proxy; the simulator runs a
// thread's accesses in order and keeps one copy of shared memory, so they
// change nothing and are no-ops (exec_fence.go).

func init() {
	define(compileMBarrierInit, gpu.MBarrierInitOp)
	define(compileMBarrierArrive(false), gpu.MBarrierArriveOp)
	define(compileMBarrierArrive(true), gpu.MBarrierArriveExpectTxOp)
	define(compileMBarrierWait, gpu.MBarrierWaitOp)
	define(compileMBarrierInval, gpu.MBarrierInvalOp)
}

// mbarState is the decoded object.
type mbarState struct {
	valid             bool
	parity            int
	pending, expected int
	tx                int
}

const txLimit = 1 << 20

func decodeMBar(b []byte) mbarState {
	v := binary.LittleEndian.Uint64(b)
	tx := int(v >> 40 & (1<<21 - 1))
	if tx >= txLimit {
		tx -= 2 * txLimit
	}
	return mbarState{valid: v>>62&1 != 0, parity: int(v >> 61 & 1),
		pending: int(v & (1<<20 - 1)), expected: int(v >> 20 & (1<<20 - 1)), tx: tx}
}

func (s mbarState) encode(b []byte) {
	v := uint64(s.pending) | uint64(s.expected)<<20 | uint64(s.tx)&(1<<21-1)<<40 | uint64(s.parity)<<61
	if s.valid {
		v |= 1 << 62
	}
	binary.LittleEndian.PutUint64(b, v)
}

// mbarrier is the side state of the barrier at one address.
type mbarrier struct {
	// release is what the current phase's arrivals released; done[p] what
	// the last completed phase of parity p did.
	release clockVec
	done    [2]clockVec
	// loads are the TMA loads counted in the current phase.
	loads []*tmaLoad
	// copies are the cp.async arrivals whose copies land with the
	// current phase (exec_asynccopy_mbarrier.go).
	copies []cpAsyncArrival
	// remote[r] is what the current phase's arrivals from the cluster's
	// CTA of rank r released, in that CTA's clocks; doneRemote[p] what
	// the last completed phase of parity p did (cluster.go). Empty until
	// another CTA arrives.
	remote     []clockVec
	doneRemote [2][]clockVec
}

// forgetRemote drops what other CTAs' arrivals released.
func (m *mbarrier) forgetRemote() {
	for r := range m.remote {
		m.remote[r].epoch, m.doneRemote[0][r].epoch, m.doneRemote[1][r].epoch = 0, 0, 0
	}
}

// mbarriers holds the CTA's barriers by shared address.
type mbarriers struct {
	byAddr map[uint64]*mbarrier
	pool   []*mbarrier
}

func (s *mbarriers) get(addr uint64) *mbarrier {
	if m := s.byAddr[addr]; m != nil {
		return m
	}
	if s.byAddr == nil {
		s.byAddr = map[uint64]*mbarrier{}
	}
	var m *mbarrier
	if n := len(s.pool); n > 0 {
		m, s.pool = s.pool[n-1], s.pool[:n-1]
	} else {
		m = &mbarrier{}
	}
	s.byAddr[addr] = m
	return m
}

func (s *mbarriers) reset() {
	for _, m := range s.byAddr {
		m.loads = m.loads[:0]
		m.forgetCopies()
		m.release.epoch, m.done[0].epoch, m.done[1].epoch = 0, 0, 0
		m.forgetRemote()
		s.pool = append(s.pool, m)
	}
	clear(s.byAddr)
}

// mbarOp is what every compiled mbarrier op knows: its barrier and
// predicate slots.
type mbarOp struct {
	bar, pred int32
}

func newMBarOp(in *instr) mbarOp {
	m := mbarOp{bar: in.a, pred: -1}
	if gpu.BarrierPred(in.op) != nil {
		m.pred = in.args[len(in.args)-1]
	}
	return m
}

// skip reports whether the op's predicate is false for th.
func (m mbarOp) skip(th *thread) bool { return m.pred >= 0 && th.regs[m.pred]&1 == 0 }

func compileMBarrierInit(c *compiler, in *instr) error {
	m := newMBarOp(in)
	count := gpu.BarrierCount(in.op)
	if count < 1 || count >= txLimit {
		return fmt.Errorf("mbarrier count must be between 1 and 2^20-1, not %d", count)
	}
	in.step = func(th *thread, in *instr) error {
		if m.skip(th) {
			return nil
		}
		addr := th.regs[m.bar]
		side := th.cta.async.mbars.get(addr)
		if len(side.loads) > 0 {
			return fmt.Errorf("initializes the mbarrier at shared %d while the gpu.tma_load at %s still completes on it", addr, opLoc(side.loads[0].op))
		}
		if a := side.pendingCopies(); a != nil {
			return fmt.Errorf("initializes the mbarrier at shared %d while the copies of thread %d still complete on it", addr, a.th.tid)
		}
		side.forgetCopies()
		side.release.epoch, side.done[0].epoch, side.done[1].epoch = 0, 0, 0
		side.forgetRemote()
		return th.do(access{op: in.op, shared: true, addr: addr, n: 8, kind: Write}, func(b []byte) {
			mbarState{valid: true, pending: count, expected: count}.encode(b)
		})
	}
	return nil
}

func compileMBarrierInval(c *compiler, in *instr) error {
	m := newMBarOp(in)
	in.step = func(th *thread, in *instr) error {
		if m.skip(th) {
			return nil
		}
		addr := th.regs[m.bar]
		side := th.cta.async.mbars.get(addr)
		if len(side.loads) > 0 {
			return fmt.Errorf("invalidates the mbarrier at shared %d while the gpu.tma_load at %s still completes on it", addr, opLoc(side.loads[0].op))
		}
		if a := side.pendingCopies(); a != nil {
			return fmt.Errorf("invalidates the mbarrier at shared %d while the copies of thread %d still complete on it", addr, a.th.tid)
		}
		side.forgetCopies()
		return th.do(access{op: in.op, shared: true, addr: addr, n: 8, kind: Write}, func(b []byte) { clear(b) })
	}
	return nil
}

func compileMBarrierArrive(expectTx bool) opImpl {
	return func(c *compiler, in *instr) error {
		m := newMBarOp(in)
		count, tx := gpu.BarrierCount(in.op), 0
		if expectTx {
			count, tx = 1, gpu.ExpectedTx(in.op)
		}
		in.step = func(th *thread, in *instr) error {
			if m.skip(th) {
				return nil
			}
			return th.arrive(in.op, th.regs[m.bar], count, tx)
		}
		return nil
	}
}

// arrive is an arrival of count at the barrier at addr after adding tx
// expected bytes (an expect_tx), or, with count 0, the complete_tx of tx
// = -bytes landed by a TMA load.
func (th *thread) arrive(op *ir.Operation, addr uint64, count, tx int) error {
	return th.arriveOn(th.cta, op, addr, count, tx)
}

// arriveOn is arrive on the barrier at addr of the CTA c of th's cluster
// (th's own, or another: gpu.mbarrier_arrive_cluster, the complete_tx of
// a multicast load).
func (th *thread) arriveOn(c *cta, op *ir.Operation, addr uint64, count, tx int) error {
	side := c.async.mbars.get(addr)
	remote := c != th.cta
	switch {
	case count > 0 && remote:
		th.releaseRemote(side, c)
	case count > 0 && c.race != nil:
		c.race.release(&side.release, th.tid)
	}
	var failure error
	completed, parity := false, 0
	a := access{op: op, shared: true, addr: addr, n: 8, kind: Atomic}
	do, where := th.do, ""
	if remote {
		do = func(a access, f func([]byte)) error { return th.remoteAccess(c, op, a, f) }
		where = fmt.Sprintf(" of block (%d,%d,%d)", c.id[0], c.id[1], c.id[2])
	}
	err := do(a, func(b []byte) {
		s := decodeMBar(b)
		switch {
		case !s.valid:
			failure = fmt.Errorf("the mbarrier at shared %d%s is not initialized (no gpu.mbarrier_init, or invalidated)", addr, where)
			return
		case s.tx+tx >= txLimit || s.tx+tx < -txLimit:
			failure = fmt.Errorf("the transaction count of the mbarrier at shared %d%s leaves its range (%d%+d)", addr, where, s.tx, tx)
			return
		case count > s.pending:
			failure = fmt.Errorf("arrives %d times at the mbarrier at shared %d%s, which waits for %d more arrivals in this phase", count, addr, where, s.pending)
			return
		}
		s.tx += tx
		s.pending -= count
		if s.pending == 0 && s.tx == 0 {
			completed, parity = true, s.parity
			s.parity ^= 1
			s.pending = s.expected
		}
		s.encode(b)
	})
	if err != nil {
		return err
	}
	if failure != nil || !completed {
		return failure
	}
	return c.completePhase(side, parity)
}

// completePhase finishes the phase of the given parity: its TMA loads
// and tracked cp.async copies land and what it released becomes what a
// wait on it acquires.
func (c *cta) completePhase(side *mbarrier, parity int) error {
	done := &side.done[parity]
	if c.race != nil {
		done.reset(c.race)
		done.join(c.race, side.release.get(c.race))
		side.release.reset(c.race)
	}
	side.completeRemote(parity)
	for _, l := range side.loads {
		if err := c.landLoad(l); err != nil {
			return err
		}
		if c.race != nil {
			c.race.landed(done)
		}
		c.async.loads = append(c.async.loads, l)
	}
	side.loads = side.loads[:0]
	return c.landCopies(side, done)
}

func compileMBarrierWait(c *compiler, in *instr) error {
	m := newMBarOp(in)
	phase := in.b
	in.kind = kindBlock
	in.blk = &blocking{
		ready: func(th *thread, in *instr) (bool, error) {
			if m.skip(th) {
				return true, nil
			}
			addr, want := th.regs[m.bar], int(th.regs[phase]&1)
			var s mbarState
			err := th.do(access{op: in.op, shared: true, addr: addr, n: 8, kind: Atomic}, func(b []byte) { s = decodeMBar(b) })
			if err != nil {
				return false, err
			}
			if !s.valid {
				return false, fmt.Errorf("the mbarrier at shared %d is not initialized (no gpu.mbarrier_init, or invalidated)", addr)
			}
			if s.parity == want {
				return false, nil
			}
			if c := th.cta; c.race != nil {
				side := c.async.mbars.get(addr)
				c.race.acquire(th.tid/c.lanes, &side.done[want])
				c.acquireRemote(th.tid/c.lanes, side, want)
			}
			return true, nil
		},
		stuck: func(th *thread, in *instr) string {
			addr, want := th.regs[m.bar], th.regs[phase]&1
			s := mbarState{}
			if b, err := th.cta.sharedBytes(addr, 8, 8); err == nil {
				s = decodeMBar(b)
			}
			return fmt.Sprintf("waits at gpu.mbarrier_wait for the phase of parity %d of the mbarrier at shared %d to complete, but it still waits for %d of %d arrivals and %d transaction bytes",
				want, addr, s.pending, s.expected, s.tx)
		},
	}
	return nil
}
