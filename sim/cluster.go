package sim

import (
	"fmt"
	"io"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Clusters whose CTAs act on one another. A kernel with a multicast TMA
// load, an arrival on another CTA's mbarrier (gpu.mbarrier_arrive_cluster)
// or the cluster barrier (gpu.cluster_arrive / gpu.cluster_wait) runs the
// CTAs of each cluster together: one worker takes a whole cluster and one
// scheduler runs rounds of every CTA's warps (cta.round) until none can
// go on, then the CTA barriers, so that a thread blocked in one CTA wakes
// when a thread of another brings its condition about, and threads of
// several CTAs blocked with none able to release them are a deadlock.
// Every other kernel keeps one goroutine a CTA (launch.go), and its CTAs
// have a cluster of their own, in which the same ops act on the CTA
// itself.
//
// What crosses CTAs:
//
//   - a multicast gpu.tma_load reads the box once and hands a copy to
//     each CTA of its mask: each lands at dst's offset of that CTA's
//     shared memory when the phase of the mbarrier at bar's offset there
//     that counts it completes (complete_tx on each at the issue, as for
//     a plain load; the count may go negative before the expect_tx);
//   - gpu.mbarrier_arrive_cluster arrives on the mbarrier at bar's
//     offset in the CTA of the given rank;
//   - gpu.cluster_arrive / gpu.cluster_wait: a wait returns once every
//     thread of the cluster that has not exited arrived since the last
//     completion; a completion ends every CTA's race epoch, as a CTA
//     barrier does.
//
// A CTA whose threads have all exited has no shared memory: a multicast
// into it or an arrival on its barriers is an error naming both CTAs.
//
// Races. Each CTA keeps its own detector; the accesses other CTAs make
// to its shared memory are the mbarrier atomics (arrivals, complete_tx),
// which are not checked (only plain writes could race with them, and an
// uninitialized barrier is an error anyway), and the landings of
// multicast boxes, writes of its async proxy ordered for its threads by
// its own mbarrier waits, as local TMA loads are. A landing issued by
// another CTA is ordered after what the issuing warp learnt of this CTA:
// an arrival of one of this CTA's threads on the issuer's mbarrier
// releases the thread's clocks (the mbarrier's remote clocks), a wait
// that observes the phase teaches them to the waiting warp (cta.know),
// and a multicast from that warp lands after them. So a producer that
// waits for its consumers' remote arrivals before overwriting their
// buffer is race free, and one that does not is a race.

// cluster is the CTAs of one cluster, by rank, and its barrier.
type cluster struct {
	ctas []*cta
	// gen counts the completions of the cluster barrier; arrived is the
	// threads that arrived since the last one and have not exited.
	gen     uint64
	arrived int
}

func (cl *cluster) reset() { cl.gen, cl.arrived = 0, 0 }

// newCluster takes CTAs for a cluster of dims from the kernel's pool.
func (k *Kernel) newCluster(mem *Memory, grid, dims [3]int, out io.Writer, raceCheck bool) *cluster {
	n := dims[0] * dims[1] * dims[2]
	cl := &cluster{}
	for r := 0; r < n; r++ {
		c := k.newCTA(mem, grid, out, raceCheck)
		c.cl, c.rank, c.cluster = cl, r, dims
		if c.race != nil {
			c.know = make([][]clockVec, len(c.threads)/c.lanes)
			for w := range c.know {
				c.know[w] = make([]clockVec, n)
			}
		}
		cl.ctas = append(cl.ctas, c)
	}
	return cl
}

// release gives the cluster's CTAs back to the kernel's pool, each a
// cluster of its own again.
func (cl *cluster) release(k *Kernel) {
	for _, c := range cl.ctas {
		c.cl, c.rank, c.know = &cluster{ctas: []*cta{c}}, 0, nil
		k.ctas.Put(c)
	}
}

// run executes the i-th cluster of the grid (x fastest) to completion.
func (cl *cluster) run(fn *function, i int, args []uint64) error {
	c0 := cl.ctas[0]
	d, g := c0.cluster, c0.grid
	cg := [3]int{g[0] / d[0], g[1] / d[1], g[2] / d[2]}
	cid := [3]int{i % cg[0], i / cg[0] % cg[1], i / (cg[0] * cg[1])}
	for r, c := range cl.ctas {
		c.begin(fn, [3]int{cid[0]*d[0] + r%d[0], cid[1]*d[1] + r/d[0]%d[1], cid[2]*d[2] + r/(d[0]*d[1])}, args)
	}
	for {
		progressed := false
		for _, c := range cl.ctas {
			p, err := c.round()
			if err != nil {
				return err
			}
			progressed = progressed || p
		}
		if progressed {
			continue
		}
		for _, c := range cl.ctas {
			ok, err := c.tryCollective(scopeCTA, 0, len(c.threads))
			if err != nil {
				return err
			}
			progressed = progressed || ok
		}
		if progressed {
			continue
		}
		for _, c := range cl.ctas {
			if err := c.stuck(); err != nil {
				return err
			}
		}
		return nil
	}
}

// exited reports whether every thread of the CTA has exited.
func (c *cta) exited() bool { return c.exits == len(c.threads) }

// peer returns the CTA of the given rank in th's cluster, for op; it is
// an error when the rank is outside the cluster or the CTA has exited.
func (th *thread) peer(rank uint64, what string) (*cta, error) {
	c := th.cta
	if rank >= uint64(len(c.cl.ctas)) {
		return nil, fmt.Errorf("%s the CTA of rank %d, outside its cluster of %d", what, rank, len(c.cl.ctas))
	}
	p := c.cl.ctas[rank]
	if p.exited() {
		return nil, fmt.Errorf("%s block (%d,%d,%d) (rank %d of its cluster), whose threads have all exited: its shared memory is gone",
			what, p.id[0], p.id[1], p.id[2], rank)
	}
	return p, nil
}

// threadExited keeps the cluster barrier's count when th exits: an
// exited thread no longer counts, whether or not it had arrived.
func (cl *cluster) threadExited(th *thread) {
	if th.clArrived > cl.gen {
		cl.arrived--
	}
}

// complete ends the barrier's generation when every thread of the
// cluster that has not exited has arrived.
func (cl *cluster) complete() {
	live := 0
	for _, c := range cl.ctas {
		live += len(c.threads) - c.exits
	}
	if cl.arrived < live {
		return
	}
	cl.gen++
	cl.arrived = 0
	for _, c := range cl.ctas {
		if c.race != nil {
			c.race.barrier()
		}
	}
}

func init() {
	define(func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			cl := th.cta.cl
			if th.clArrived > cl.gen {
				return fmt.Errorf("arrives at the cluster barrier again before a gpu.cluster_wait")
			}
			th.clArrived = cl.gen + 1
			cl.arrived++
			cl.complete()
			return nil
		}
		return nil
	}, gpu.ClusterArriveOp)
	define(func(c *compiler, in *instr) error {
		in.kind = kindBlock
		in.blk = &blocking{
			ready: func(th *thread, in *instr) (bool, error) {
				cl := th.cta.cl
				if th.clArrived == 0 {
					return false, fmt.Errorf("waits at the cluster barrier without a gpu.cluster_arrive before")
				}
				cl.complete()
				if th.clArrived > cl.gen {
					return false, nil
				}
				th.clArrived = 0
				return true, nil
			},
			stuck: func(th *thread, in *instr) string {
				cl := th.cta.cl
				for _, c := range cl.ctas {
					for _, o := range c.threads {
						if !o.exited && o.clArrived <= cl.gen {
							return fmt.Sprintf("waits at gpu.cluster_wait for every thread of its cluster, but %s of block (%d,%d,%d) has not arrived", o, c.id[0], c.id[1], c.id[2])
						}
					}
				}
				return "waits at gpu.cluster_wait"
			},
		}
		return nil
	}, gpu.ClusterWaitOp)
	define(compileMBarrierArriveCluster, gpu.MBarrierArriveClusterOp)
}

// compileMBarrierArriveCluster: an arrival on the mbarrier at the same
// offset in the cluster's CTA of the given rank.
func compileMBarrierArriveCluster(c *compiler, in *instr) error {
	m := newMBarOp(in)
	rank := in.b
	count := gpu.BarrierCount(in.op)
	in.step = func(th *thread, in *instr) error {
		if m.skip(th) {
			return nil
		}
		t, err := th.peer(th.regs[rank]&0xffffffff, "arrives on an mbarrier of")
		if err != nil {
			return err
		}
		return th.arriveOn(t, in.op, th.regs[m.bar], count, 0)
	}
	return nil
}

// remoteAccess is an access of th to the shared memory of another CTA t
// of its cluster (an mbarrier's atomics), bounds-checked but not
// race-checked (see the package comment above).
func (th *thread) remoteAccess(t *cta, op *ir.Operation, a access, f func(b []byte)) error {
	b, err := t.sharedBytes(a.addr, a.n, a.alignment())
	if err != nil {
		return fmt.Errorf("in block (%d,%d,%d): %w", t.id[0], t.id[1], t.id[2], err)
	}
	f(b)
	return nil
}

// releaseRemote records, in the mbarrier side of CTA t, what th (of
// another CTA) releases by arriving there: its warp's knowledge of its
// own CTA, in its own CTA's epoch.
func (th *thread) releaseRemote(side *mbarrier, t *cta) {
	c := th.cta
	if c.race == nil || t.race == nil {
		return
	}
	if len(side.remote) < len(c.cl.ctas) {
		side.remote = make([]clockVec, len(c.cl.ctas))
		side.doneRemote[0] = make([]clockVec, len(c.cl.ctas))
		side.doneRemote[1] = make([]clockVec, len(c.cl.ctas))
	}
	c.race.release(&side.remote[c.rank], th.tid)
}

// completeRemote moves what other CTAs' arrivals released in the phase
// of the given parity to what a wait on it acquires.
func (side *mbarrier) completeRemote(parity int) {
	for r := range side.remote {
		side.doneRemote[parity][r], side.remote[r] = side.remote[r], side.doneRemote[parity][r]
		side.remote[r].epoch = 0
	}
}

// acquireRemote teaches warp w of c what other CTAs' arrivals in the
// completed phase of the given parity released.
func (c *cta) acquireRemote(w int, side *mbarrier, parity int) {
	if c.know == nil {
		return
	}
	for r, v := range side.doneRemote[parity] {
		if o := c.cl.ctas[r]; r != c.rank && o.race != nil {
			c.know[w][r].join(o.race, v.get(o.race))
		}
	}
}
