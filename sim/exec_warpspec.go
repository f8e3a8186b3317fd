package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
)

// Warp specialization: named barriers, setmaxnreg and elect_sync.
//
// gpu.named_barrier id, count (bar.sync) and gpu.named_barrier_arrive id,
// count (bar.arrive) count the threads that reach hardware barrier id
// (0..15) until count threads (a positive multiple of the warp size, at
// most the CTA's threads) have arrived; then the barrier starts over. A
// sync blocks its thread until then, an arrive does not. Every thread
// releases what its warp has done when it arrives; the syncing threads
// acquire what all the arrivals released (race.go), so producer warps
// that arrive order their earlier accesses before the consumers' later
// ones. When every thread of the CTA syncs, the barrier orders everything
// like gpu.barrier. The threads of a round must agree on count; a sync
// that can never complete is a deadlock. The simulator keeps gpu.barrier
// (bar.sync 0 of the whole CTA) apart from these counters: a kernel that
// mixes gpu.barrier with named barrier 0 in one round is not modelled.
//
// gpu.setmaxnreg changes no value: it is a warpgroup collective (the four
// warps must execute it together, possibly at different instances of
// the op, with the same count) that does nothing. gpu.elect_sync is a
// warp collective that is true in lane 0, the lowest active lane of a
// warp that arrives whole.

func init() {
	define(compileNamedBarrier(true), gpu.NamedBarrierOp)
	define(compileNamedBarrier(false), gpu.NamedBarrierArriveOp)
	define(func(c *compiler, in *instr) error {
		if err := needWarpgroups(c, in); err != nil {
			return err
		}
		in.kind = kindCollective
		// The warps of a warpgroup may reach it in different blocks (the
		// warp_specialize partitions sharing a warpgroup each start with
		// their own), but they must agree on the count.
		in.coll = &collective{scope: scopeWarpgroup, anyInstance: true, run: func(_ *cta, ins []*instr, _ []*thread) error {
			for _, o := range ins {
				if gpu.MaxNRegs(o.op) != gpu.MaxNRegs(ins[0].op) || gpu.IncreasesRegs(o.op) != gpu.IncreasesRegs(ins[0].op) {
					return fmt.Errorf("the warpgroup's warps ask for different register counts: %s and %s", regsText(ins[0]), regsText(o))
				}
			}
			return nil
		}}
		return nil
	}, gpu.SetMaxNRegOp)
	define(func(c *compiler, in *instr) error {
		in.kind = kindCollective
		in.coll = &collective{scope: scopeWarp, run: func(c *cta, ins []*instr, warp []*thread) error {
			for lane, th := range warp {
				th.regs[ins[lane].d] = 0
			}
			warp[0].regs[ins[0].d] = 1
			return nil
		}}
		return nil
	}, gpu.ElectSyncOp)
}

func regsText(in *instr) string {
	dir := "dec"
	if gpu.IncreasesRegs(in.op) {
		dir = "inc"
	}
	return fmt.Sprintf("setmaxnreg.%s %d (%s)", dir, gpu.MaxNRegs(in.op), opLoc(in.op))
}

// namedBarrier is one hardware barrier's round in progress.
type namedBarrier struct {
	count, arrived, syncs int
	gen                   uint64
	// release is what the round's arrivals released, done what the last
	// completed round did.
	release, done clockVec
}

func (b *namedBarrier) reset() {
	b.count, b.arrived, b.syncs, b.gen = 0, 0, 0, 0
	b.release.epoch, b.done.epoch = 0, 0
}

func compileNamedBarrier(sync bool) opImpl {
	return func(c *compiler, in *instr) error {
		arrive := func(th *thread, in *instr) error {
			c := th.cta
			id, count := int(int32(th.regs[in.a])), int(int32(th.regs[in.b]))
			switch {
			case id < 0 || id > 15:
				return fmt.Errorf("barrier id %d is not between 0 and 15", id)
			case count <= 0 || count%c.lanes != 0 || count > len(c.threads):
				return fmt.Errorf("thread count %d is not a positive multiple of %d up to the CTA's %d threads", count, c.lanes, len(c.threads))
			}
			b := &c.async.named[id]
			if b.arrived > 0 && b.count != count {
				return fmt.Errorf("named barrier %d counts to %d, but this round's first arrival said %d", id, count, b.count)
			}
			b.count = count
			b.arrived++
			th.gen = b.gen
			if sync {
				b.syncs++
			}
			if c.race != nil {
				c.race.release(&b.release, th.tid)
			}
			if b.arrived < count {
				return nil
			}
			if c.race != nil {
				if b.syncs == len(c.threads) {
					c.race.barrier()
				} else {
					b.done.reset(c.race)
					b.done.join(c.race, b.release.get(c.race))
					b.release.reset(c.race)
				}
			}
			b.gen++
			b.arrived, b.syncs = 0, 0
			return nil
		}
		if !sync {
			in.step = arrive
			return nil
		}
		in.kind = kindBlock
		in.blk = &blocking{
			arrive: arrive,
			ready: func(th *thread, in *instr) (bool, error) {
				c := th.cta
				b := &c.async.named[int32(th.regs[in.a])&15]
				if b.gen == th.gen {
					return false, nil
				}
				if c.race != nil {
					c.race.acquire(th.tid/c.lanes, &b.done)
				}
				return true, nil
			},
			stuck: func(th *thread, in *instr) string {
				id := int32(th.regs[in.a]) & 15
				b := &th.cta.async.named[id]
				return fmt.Sprintf("waits at named barrier %d for %d threads, but %d have arrived", id, b.count, b.arrived)
			},
		}
		return nil
	}
}
