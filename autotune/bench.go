package autotune

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"time"
)

// Device is a GPU that times work: runs are enqueued on its stream in
// order; Record marks a point of the stream; Elapsed measures between
// two marks once they have passed.
type Device interface {
	// FlushL2 enqueues work that evicts the L2 cache (Triton zeroes a
	// 256 MB buffer).
	FlushL2() error
	// Record enqueues a timing event.
	Record() (Event, error)
	// Synchronize waits for all enqueued work.
	Synchronize() error
	// Elapsed returns the GPU time between two recorded events, after a
	// Synchronize.
	Elapsed(start, end Event) (time.Duration, error)
}

// Event is a Device's timing event.
type Event = any

// BenchOptions are do_bench's budgets.
type BenchOptions struct {
	// Warmup and Rep are the time to spend on warm-up runs and on timed
	// runs (Triton's defaults 25 ms and 100 ms when zero).
	Warmup, Rep time.Duration
	// MaxRuns bounds the runs of each phase (default 10,000): a kernel
	// whose estimate is near zero would otherwise ask for millions.
	MaxRuns int
}

func (o BenchOptions) withDefaults() BenchOptions {
	if o.Warmup <= 0 {
		o.Warmup = 25 * time.Millisecond
	}
	if o.Rep <= 0 {
		o.Rep = 100 * time.Millisecond
	}
	if o.MaxRuns <= 0 {
		o.MaxRuns = 10000
	}
	return o
}

// Timing is the outcome of a Bench: the median time of a run with the
// 20th and 80th percentiles, over Runs timed runs.
type Timing struct {
	Median, P20, P80 time.Duration
	Runs             int
}

// Less orders timings as the autotuner compares Triton's (median, p20,
// p80) lists.
func (t Timing) Less(u Timing) bool {
	if t.Median != u.Median {
		return t.Median < u.Median
	}
	if t.P20 != u.P20 {
		return t.P20 < u.P20
	}
	return t.P80 < u.P80
}

// Bench times run on dev as triton.testing.do_bench does. reset, when
// set, is called before every run (timed or not) and is not timed: it
// restores the buffers a kernel updates in place (reset_to_zero,
// restore_value), so every run sees the same inputs.
func Bench(dev Device, run, reset func() error, o BenchOptions) (Timing, error) {
	o = o.withDefaults()
	if reset == nil {
		reset = func() error { return nil }
	}
	once := func() error {
		if err := reset(); err != nil {
			return fmt.Errorf("restoring the in-place outputs: %w", err)
		}
		return run()
	}
	if err := once(); err != nil {
		return Timing{}, err
	}
	if err := dev.Synchronize(); err != nil {
		return Timing{}, err
	}
	// Estimate a run's time over five, each after an L2 flush (the
	// flushes are inside the measurement, as in do_bench).
	const estimateRuns = 5
	start, err := dev.Record()
	if err != nil {
		return Timing{}, err
	}
	for range estimateRuns {
		if err := reset(); err != nil {
			return Timing{}, err
		}
		if err := dev.FlushL2(); err != nil {
			return Timing{}, err
		}
		if err := run(); err != nil {
			return Timing{}, err
		}
	}
	end, err := dev.Record()
	if err != nil {
		return Timing{}, err
	}
	if err := dev.Synchronize(); err != nil {
		return Timing{}, err
	}
	total, err := dev.Elapsed(start, end)
	if err != nil {
		return Timing{}, err
	}
	estimate := max(total/estimateRuns, time.Nanosecond)
	nWarmup := clamp(int(o.Warmup/estimate), 1, o.MaxRuns)
	nRep := clamp(int(o.Rep/estimate), 1, o.MaxRuns)
	for range nWarmup {
		if err := once(); err != nil {
			return Timing{}, err
		}
	}
	starts := make([]Event, nRep)
	ends := make([]Event, nRep)
	for i := range nRep {
		if err := reset(); err != nil {
			return Timing{}, err
		}
		if err := dev.FlushL2(); err != nil {
			return Timing{}, err
		}
		if starts[i], err = dev.Record(); err != nil {
			return Timing{}, err
		}
		if err := run(); err != nil {
			return Timing{}, err
		}
		if ends[i], err = dev.Record(); err != nil {
			return Timing{}, err
		}
	}
	if err := dev.Synchronize(); err != nil {
		return Timing{}, err
	}
	times := make([]float64, nRep)
	for i := range nRep {
		d, err := dev.Elapsed(starts[i], ends[i])
		if err != nil {
			return Timing{}, err
		}
		times[i] = float64(d)
	}
	sort.Float64s(times)
	return Timing{
		Median: time.Duration(quantile(times, 0.5)),
		P20:    time.Duration(quantile(times, 0.2)),
		P80:    time.Duration(quantile(times, 0.8)),
		Runs:   nRep,
	}, nil
}

func clamp(v, lo, hi int) int { return min(max(v, lo), hi) }

// quantile is torch.quantile's linear interpolation on sorted values.
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	pos := q * float64(len(sorted)-1)
	lo := int(math.Floor(pos))
	hi := min(lo+1, len(sorted)-1)
	return sorted[lo] + (sorted[hi]-sorted[lo])*(pos-float64(lo))
}

// errNoDevice is Tune's error when given no device to time on.
var errNoDevice = errors.New("autotune: no device to time the configurations on")
