package autotune

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ttcompiler/tt/compilecache"
)

// fakeDevice is a GPU with a virtual clock: a run advances it by the
// run's cost, a flush by flushCost; every operation is logged.
type fakeDevice struct {
	mu        sync.Mutex
	now       time.Duration
	flushCost time.Duration
	log       []string
}

func (d *fakeDevice) op(name string, cost time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.now += cost
	d.log = append(d.log, name)
}

func (d *fakeDevice) FlushL2() error { d.op("flush", d.flushCost); return nil }
func (d *fakeDevice) Record() (Event, error) {
	d.op("record", 0)
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.now, nil
}
func (d *fakeDevice) Synchronize() error { return nil }
func (d *fakeDevice) Elapsed(a, b Event) (time.Duration, error) {
	return b.(time.Duration) - a.(time.Duration), nil
}

// runWith returns a run that costs costs[i] on its i-th call (the last
// one after that).
func (d *fakeDevice) runWith(costs ...time.Duration) func() error {
	n := 0
	return func() error {
		c := costs[min(n, len(costs)-1)]
		n++
		d.op("run", c)
		return nil
	}
}

func TestBenchCountsAndMedian(t *testing.T) {
	d := &fakeDevice{flushCost: 100 * time.Microsecond}
	resets := 0
	reset := func() error { resets++; d.op("reset", 0); return nil }
	tm, err := Bench(d, d.runWith(time.Millisecond), reset, BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The estimate includes the flushes: 1.1 ms a run; 100 ms of runs.
	if tm.Runs != 90 || tm.Median != time.Millisecond || tm.P20 != time.Millisecond {
		t.Errorf("timing %+v, want 90 runs of 1 ms", tm)
	}
	runs := 0
	for _, op := range d.log {
		if op == "run" {
			runs++
		}
	}
	// 1 first run, 5 for the estimate, 22 warm-up, 90 timed.
	if runs != 1+5+22+90 || resets != runs {
		t.Errorf("%d runs and %d resets, want %d of each", runs, resets, 1+5+22+90)
	}
	// Every timed run is bracketed by events right after an L2 flush,
	// itself after the reset of the in-place outputs.
	log := strings.Join(d.log, " ")
	timed := strings.Count(log, "reset flush record run record")
	if timed != 90 {
		t.Errorf("%d timed runs follow a reset and a flush, want 90", timed)
	}
}

func TestBenchQuantiles(t *testing.T) {
	d := &fakeDevice{}
	// First run, 5 estimate runs and warm-up at 10 ms (so 10 timed runs
	// of a 100 ms budget, after 2 warm-up runs), then 1..10 ms.
	costs := []time.Duration{}
	for range 1 + 5 + 2 {
		costs = append(costs, 10*time.Millisecond)
	}
	for i := 1; i <= 10; i++ {
		costs = append(costs, time.Duration(i)*time.Millisecond)
	}
	tm, err := Bench(d, d.runWith(costs...), nil, BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// torch.quantile's linear interpolation over 1..10.
	if tm.Runs != 10 || tm.Median != 5500*time.Microsecond || tm.P20 != 2800*time.Microsecond || tm.P80 != 8200*time.Microsecond {
		t.Errorf("timing %+v", tm)
	}
}

func TestBenchBoundsRuns(t *testing.T) {
	d := &fakeDevice{}
	tm, err := Bench(d, d.runWith(0), nil, BenchOptions{MaxRuns: 50})
	if err != nil || tm.Runs != 50 {
		t.Errorf("a zero-cost run: %+v %v, want 50 runs", tm, err)
	}
}

func TestBenchErrors(t *testing.T) {
	d := &fakeDevice{}
	boom := errors.New("launch failed")
	if _, err := Bench(d, func() error { return boom }, nil, BenchOptions{}); !errors.Is(err, boom) {
		t.Errorf("run error: %v", err)
	}
	if _, err := Bench(d, d.runWith(1), func() error { return boom }, BenchOptions{}); !errors.Is(err, boom) {
		t.Errorf("reset error: %v", err)
	}
}

// tuneFixture is six configurations with known costs: #2 does not
// compile (too much shared memory), #4 fails at launch.
func tuneFixture() ([]string, Compiler, func(d *fakeDevice) Timer) {
	costs := []time.Duration{3, 2, 1, 5, 1, 4}
	names := make([]string, len(costs))
	for i := range costs {
		names[i] = fmt.Sprintf("BLOCK: %d, num_warps: 4", 16<<i)
	}
	compile := func(i int) (any, error) {
		if i == 2 {
			return nil, errors.New("k.py:3:4: error: the kernel uses 300000 bytes of shared memory, more than sm_90's 232448\n  buffers: ...")
		}
		return costs[i] * time.Millisecond, nil
	}
	timer := func(d *fakeDevice) Timer {
		return func(dev, i int, art any) (Timing, error) {
			if i == 4 {
				return Timing{}, errors.New("cuda: cuLaunchKernel: CUDA_ERROR_INVALID_VALUE")
			}
			return Bench(d, d.runWith(art.(time.Duration)), nil, BenchOptions{})
		}
	}
	return names, compile, timer
}

func TestTunePicksFastestAndSkips(t *testing.T) {
	names, compile, timer := tuneFixture()
	rep, err := Tune(names, 1, compile, timer(&fakeDevice{}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Best != 1 {
		t.Errorf("best #%d, want #1 (2 ms; #2 and #4 do not run)", rep.Best)
	}
	if got := rep.Results[2].Skipped; got != "compile: the kernel uses 300000 bytes of shared memory, more than sm_90's 232448" {
		t.Errorf("skip reason %q", got)
	}
	if got := rep.Results[4].Skipped; got != "run: cuda: cuLaunchKernel: CUDA_ERROR_INVALID_VALUE" {
		t.Errorf("skip reason %q", got)
	}
	var b strings.Builder
	rep.Table(&b, "autotune k, key (1024,)")
	table := b.String()
	for _, want := range []string{
		"autotune k, key (1024,): 6 configurations on 1 GPU\n",
		"*   1      2.0000     2.0000     2.0000  BLOCK: 32, num_warps: 4\n",
		"    2                                 -  BLOCK: 64, num_warps: 4\n        skipped: compile: the kernel uses 300000 bytes",
		"best: #1 BLOCK: 32, num_warps: 4 (2.0000 ms)\n",
	} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
	// Rows run fastest first, the skipped last.
	if strings.Index(table, "BLOCK: 32,") > strings.Index(table, "BLOCK: 16,") || strings.Index(table, "BLOCK: 512,") > strings.Index(table, "BLOCK: 64,") {
		t.Errorf("rows out of order:\n%s", table)
	}
}

func TestTuneNoneRuns(t *testing.T) {
	_, err := Tune([]string{"a", "b"}, 1, func(int) (any, error) { return nil, errors.New("no") }, nil, Options{})
	if err == nil || !strings.Contains(err.Error(), "none of the 2 configurations ran (first: compile: no)") {
		t.Errorf("got %v", err)
	}
	if _, err := Tune([]string{"a"}, 0, nil, nil, Options{}); err != errNoDevice {
		t.Errorf("no device: %v", err)
	}
}

// Configurations compile in parallel.
func TestTuneCompilesInParallel(t *testing.T) {
	var running, peak atomic.Int32
	compile := func(i int) (any, error) {
		n := running.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
		running.Add(-1)
		return nil, nil
	}
	timer := func(dev, i int, _ any) (Timing, error) { return Timing{Median: time.Duration(i + 1)}, nil }
	names := make([]string, 16)
	if _, err := Tune(names, 1, compile, timer, Options{Workers: 4}); err != nil {
		t.Fatal(err)
	}
	if peak.Load() != 4 {
		t.Errorf("at most %d compilations ran at once, want 4", peak.Load())
	}
}

// On several GPUs every one of them times configurations.
func TestTuneSpreadsOverDevices(t *testing.T) {
	const devices = 3
	var started sync.WaitGroup
	started.Add(devices)
	var mu sync.Mutex
	seen := map[int]bool{}
	timer := func(dev, i int, _ any) (Timing, error) {
		mu.Lock()
		first := !seen[dev]
		seen[dev] = true
		mu.Unlock()
		if first {
			// Hold each device's first configuration until every device
			// has one: the others cannot take them all.
			started.Done()
			started.Wait()
		}
		return Timing{Median: time.Duration(100 - i)}, nil
	}
	names := make([]string, 12)
	rep, err := Tune(names, devices, func(int) (any, error) { return nil, nil }, timer, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != devices || rep.Devices != devices || rep.Best != 11 {
		t.Errorf("devices used %v, report %d devices, best #%d", seen, rep.Devices, rep.Best)
	}
	var b strings.Builder
	rep.Table(&b, "k")
	if !strings.Contains(b.String(), "12 configurations on 3 GPUs") {
		t.Errorf("table: %s", b.String())
	}
}

func TestStoreLookup(t *testing.T) {
	c, err := compilecache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	names, compile, timer := tuneFixture()
	rep, err := Tune(names, 1, compile, timer(&fakeDevice{}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	key := CacheKey("k", []byte("src"), names, "(1024,)", "NVIDIA H100 sm_90")
	if _, ok := Lookup(c, key); ok {
		t.Fatal("hit before Store")
	}
	if err := Store(c, key, rep); err != nil {
		t.Fatal(err)
	}
	got, ok := Lookup(c, key)
	if !ok || !got.Cached || got.Best != rep.Best || got.Results[2].Skipped != rep.Results[2].Skipped || got.Results[1].Timing != rep.Results[1].Timing {
		t.Errorf("looked up %+v", got)
	}
	if _, ok := Lookup(c, CacheKey("k", []byte("src"), names, "(2048,)", "NVIDIA H100 sm_90")); ok {
		t.Error("another tuning key hit")
	}
}
