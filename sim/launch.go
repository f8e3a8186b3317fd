package sim

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
)

// cta is one CTA in flight: its threads, shared memory and race detector.
// A worker reuses one cta for the CTAs it runs, one after the other.
type cta struct {
	mem     *Memory
	out     io.Writer
	id      [3]int
	grid    [3]int
	cluster [3]int // the launch's cluster dimensions (1, 1, 1 without clusters)
	sms     int    // the launch's simulated SM count (Config.SMs)
	lanes   int
	threads []*thread
	shared  []byte
	race    *raceDetector
	// insScratch and vals are reused by the collectives.
	insScratch []*instr
	vals       []uint64
	// writeBuf holds the new bytes of a shared write while the race
	// detector compares them with the old ones.
	writeBuf [maxWrite]byte
	// mma is the scratch of the tensor-core collectives.
	mma mmaScratch
	// async is the CTA's state of mbarriers, named barriers, wgmma
	// results in flight and TMA copies.
	async asyncState
	// stop is the launch's: set when its context ends; threads check it
	// at every branch, so a loop that never ends stops too.
	stop *atomic.Bool
	// cl is the cluster the CTA runs in (cluster.go): the CTAs that
	// share it, by rank, and its barrier. A CTA run on its own has a
	// cluster of itself.
	cl *cluster
	// rank is the CTA's index in cl.ctas.
	rank int
	// exits counts the CTA's threads that have exited.
	exits int
	// know[w][r] is what warp w has learnt, through arrivals of CTA r's
	// threads on this CTA's mbarriers, of CTA r's race-detector clocks
	// (valid in r's epoch): a multicast load this warp issues into CTA r
	// lands ordered after those accesses (cluster.go). Nil without a
	// cluster of several CTAs.
	know [][]clockVec
}

// smID is the CTA's simulated SM (gpu.sm_id): its linear index in the
// grid modulo the launch's SM count (Config.SMs), so consecutive CTAs, a
// cluster's included, run on different SMs.
func (c *cta) smID() int {
	return (c.id[0] + c.grid[0]*(c.id[1]+c.grid[1]*c.id[2])) % c.sms
}

// errStopped ends a thread whose launch's context is done.
var errStopped = errors.New("the launch was stopped")

// Launch runs the kernel over grid (CTAs along x, y, z) with args, the bit
// patterns of its parameters (device addresses for pointers). It returns
// the first error of any thread; the CTAs that ran left their stores in
// mem. With clusters (cfg.Cluster, or the kernel's ClusterDims), each CTA
// knows its cluster and its rank in it (gpu.cluster_*). A kernel whose
// CTAs act on one another (multicast TMA loads, arrivals on another CTA's
// mbarrier, the cluster barrier) runs each cluster's CTAs together, on
// one goroutine and one scheduler (cluster.go); any other kernel runs
// each CTA on its own, a cluster's one after the other.
func (k *Kernel) Launch(mem *Memory, grid [3]int, args []uint64, cfg Config) error {
	if len(args) != len(k.fn.params) {
		return fmt.Errorf("sim: @%s takes %d arguments, got %d", k.Name, len(k.fn.params), len(args))
	}
	total := 1
	for _, g := range grid {
		if g < 1 || g > 1<<31-1 {
			return fmt.Errorf("sim: grid %v has an empty or too large dimension", grid)
		}
		total *= g
		if total > 1<<40 {
			return fmt.Errorf("sim: grid %v is too large", grid)
		}
	}
	cluster, err := k.clusterOf(grid, cfg)
	if err != nil {
		return err
	}
	sms, err := smsOf(cfg)
	if err != nil {
		return err
	}
	// The unit a worker takes: a CTA, or a cluster run together.
	size := 1
	if k.shares {
		size = cluster[0] * cluster[1] * cluster[2]
	}
	units := total / size
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, units)
	perProgram := k.ctasPerProgram()
	var out io.Writer = io.Discard
	if cfg.Stdout != nil {
		out = &lockedWriter{w: cfg.Stdout}
	}
	var (
		next, done atomic.Int64
		failed     atomic.Bool
		stop       atomic.Bool
		errOnce    sync.Once
		first      error
		wg         sync.WaitGroup
	)
	if cfg.Context != nil {
		if err := cfg.Context.Err(); err != nil {
			return fmt.Errorf("sim: stopped before the first CTA: %w", err)
		}
		finished := make(chan struct{})
		defer close(finished)
		go func() {
			select {
			case <-cfg.Context.Done():
				stop.Store(true)
			case <-finished:
			}
		}()
	}
	fail := func(err error) {
		if stop.Load() {
			return
		}
		errOnce.Do(func() { first = err })
		failed.Store(true)
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		if size > 1 {
			go func() {
				defer wg.Done()
				cl := k.newCluster(mem, grid, cluster, out, !cfg.NoRaceCheck)
				for _, c := range cl.ctas {
					c.stop, c.sms = &stop, sms
				}
				defer cl.release(k)
				for !failed.Load() && !stop.Load() {
					i := int(next.Add(1) - 1)
					if i >= units {
						return
					}
					if err := cl.run(k.fn, i, args); err != nil {
						fail(err)
						return
					}
					done.Add(int64(size))
					if cfg.Progress != nil {
						cfg.Progress.Add(int64(size / perProgram))
					}
				}
			}()
			continue
		}
		go func() {
			defer wg.Done()
			c := k.newCTA(mem, grid, out, !cfg.NoRaceCheck)
			c.stop = &stop
			c.cluster = cluster
			c.sms = sms
			defer k.ctas.Put(c)
			for !failed.Load() && !stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= total {
					return
				}
				id := [3]int{i % grid[0], i / grid[0] % grid[1], i / (grid[0] * grid[1])}
				if err := c.run(k.fn, id, args); err != nil {
					fail(err)
					return
				}
				done.Add(1)
				if cfg.Progress != nil && id[0]%perProgram == 0 {
					cfg.Progress.Add(1) // a program: the first CTA of its CTAs
				}
			}
		}()
	}
	wg.Wait()
	if first == nil && stop.Load() {
		return fmt.Errorf("sim: stopped after %d of %d CTAs: %w", done.Load(), total, cfg.Context.Err())
	}
	return first
}

// newCTA returns a CTA for a worker of a launch: one a finished launch
// left in the pool, or a new one.
func (k *Kernel) newCTA(mem *Memory, grid [3]int, out io.Writer, raceCheck bool) *cta {
	if c, ok := k.ctas.Get().(*cta); ok && (c.race != nil) == (raceCheck && k.prog.Shared > 0) {
		c.mem, c.grid, c.out = mem, grid, out
		return c
	}
	p := k.prog
	c := &cta{mem: mem, out: out, grid: grid, lanes: p.Lanes, shared: make([]byte, p.Shared)}
	c.cl = &cluster{ctas: []*cta{c}}
	if raceCheck && p.Shared > 0 {
		c.race = newRaceDetector(p.Shared, p.Lanes, p.NumWarps)
	}
	n := p.NumWarps * p.Lanes
	for t := 0; t < n; t++ {
		c.threads = append(c.threads, &thread{cta: c, tid: t, lane: t % p.Lanes})
	}
	return c
}

// run executes the CTA id to completion. Each warp runs until all its
// threads wait at a collective or a blocking op, or exit; warp
// collectives act as soon as their warp has arrived and blocked threads
// go on as soon as what they wait for holds; then warpgroup collectives
// act, and when nothing else can happen, CTA-wide barriers.
func (c *cta) run(fn *function, id [3]int, args []uint64) error {
	c.begin(fn, id, args)
	for {
		progressed, err := c.round()
		if err != nil {
			return err
		}
		if progressed {
			continue
		}
		ok, err := c.tryCollective(scopeCTA, 0, len(c.threads))
		if err != nil {
			return err
		}
		if !ok {
			return c.stuck()
		}
	}
}

// begin starts the CTA id: its threads at the kernel's entry, its shared
// memory cleared, its barriers and race clocks forgotten.
func (c *cta) begin(fn *function, id [3]int, args []uint64) {
	c.id = id
	c.exits = 0
	clear(c.shared)
	if c.race != nil {
		c.race.barrier()
	}
	c.async.reset()
	for _, w := range c.know {
		for r := range w {
			w[r].epoch = 0
		}
	}
	c.cl.reset()
	for _, th := range c.threads {
		th.start(fn, args)
	}
}

// round runs every warp as far as it can go: each until all its threads
// wait at a collective or a blocking op, or exit, its warp collectives
// acting and its blocked threads going on as they may; then the
// warpgroup collectives. It reports whether anything happened.
func (c *cta) round() (bool, error) {
	lanes := c.lanes
	warps := len(c.threads) / lanes
	progressed := false
	for w := 0; w < warps; w++ {
		warp := c.threads[w*lanes : (w+1)*lanes]
		for {
			ran := false
			for _, th := range warp {
				if th.wait == nil && !th.exited {
					ran = true
					if err := th.run(); err != nil {
						return false, err
					}
				}
			}
			unblocked, err := c.unblock(warp)
			if err != nil {
				return false, err
			}
			ok, err := c.tryCollective(scopeWarp, w*lanes, lanes)
			if err != nil {
				return false, err
			}
			progressed = progressed || ran || unblocked || ok
			if !unblocked && !ok {
				break
			}
		}
	}
	for g := 0; g+4 <= warps; g += 4 {
		ok, err := c.tryCollective(scopeWarpgroup, g*lanes, 4*lanes)
		if err != nil {
			return false, err
		}
		progressed = progressed || ok
	}
	return progressed, nil
}

// unblock lets the threads of a warp that wait at a blocking op go on
// where it is ready, and reports whether any did.
func (c *cta) unblock(warp []*thread) (bool, error) {
	any := false
	for _, th := range warp {
		in := th.wait
		if in == nil || in.kind != kindBlock {
			continue
		}
		ok, err := in.blk.ready(th, in)
		if err != nil {
			return false, th.fail(in, err)
		}
		if ok {
			th.resume()
			any = true
		}
	}
	return any, nil
}

// lockedWriter serializes the printf output of parallel CTAs.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
