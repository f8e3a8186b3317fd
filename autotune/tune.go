package autotune

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ttcompiler/tt/internal/progress"
)

// Compiler builds configuration i for the GPU; what it returns goes to
// the Timer. It is called from several goroutines at once.
type Compiler func(i int) (any, error)

// Timer times compiled configuration i on device dev (0 ≤ dev < the
// devices given to Tune), usually with Bench. Calls for one device come
// from one goroutine; calls for different devices run at once.
type Timer func(dev, i int, compiled any) (Timing, error)

// Options control Tune.
type Options struct {
	// Workers is how many configurations compile at once (default
	// GOMAXPROCS).
	Workers int
	// Progress, when a terminal, shows a progress line for tuning that
	// takes longer than a second.
	Progress io.Writer
	// Label starts the progress line ("autotune matmul_kernel").
	Label string
}

// Result is one configuration's outcome.
type Result struct {
	// Config is the configuration as printed.
	Config string
	// Timing is its time, when it ran; Device the GPU it ran on.
	Timing Timing
	Device int
	// Skipped is why it was not timed (it failed to compile or to run),
	// in one line; "" when it was timed.
	Skipped string
	// Compile is how long it took to compile.
	Compile time.Duration
}

// Report is the outcome of tuning: every configuration's result, in the
// order given, and the best.
type Report struct {
	Results []Result
	// Best is the index of the fastest configuration (-1: none ran).
	Best int
	// Devices is how many GPUs timed the configurations.
	Devices int
	// Cached says the report was kept from an earlier tuning.
	Cached bool
}

// Tune compiles the configurations (named by configs) and times those
// that compile on devices GPUs, spreading them over the GPUs; it returns
// the report, and an error when no configuration ran.
func Tune(configs []string, devices int, compile Compiler, timer Timer, o Options) (*Report, error) {
	if devices < 1 {
		return nil, errNoDevice
	}
	n := len(configs)
	rep := &Report{Results: make([]Result, n), Best: -1, Devices: devices}
	for i, c := range configs {
		rep.Results[i].Config = c
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	label := o.Label
	if label == "" {
		label = "autotune"
	}
	line := progress.Start(o.Progress, label, int64(n), "configurations", progress.Options{})
	defer line.Stop()
	type compiled struct {
		i   int
		art any
	}
	indices := make(chan int, n)
	for i := range n {
		indices <- i
	}
	close(indices)
	ready := make(chan compiled, n)
	var compiling sync.WaitGroup
	for range min(workers, max(n, 1)) {
		compiling.Add(1)
		go func() {
			defer compiling.Done()
			for i := range indices {
				start := time.Now()
				art, err := compile(i)
				rep.Results[i].Compile = time.Since(start)
				if err != nil {
					rep.Results[i].Skipped = "compile: " + OneLine(err)
					line.Add(1)
					continue
				}
				ready <- compiled{i, art}
			}
		}()
	}
	go func() {
		compiling.Wait()
		close(ready)
	}()
	var timing sync.WaitGroup
	for dev := range devices {
		timing.Add(1)
		go func() {
			defer timing.Done()
			for c := range ready {
				t, err := timer(dev, c.i, c.art)
				r := &rep.Results[c.i]
				r.Device = dev
				if err != nil {
					r.Skipped = "run: " + OneLine(err)
				} else {
					r.Timing = t
				}
				line.Add(1)
			}
		}()
	}
	timing.Wait()
	rep.pickBest()
	if rep.Best < 0 {
		return rep, fmt.Errorf("autotune: none of the %d configurations ran (first: %s)", n, firstSkip(rep))
	}
	return rep, nil
}

func (r *Report) pickBest() {
	r.Best = -1
	for i, res := range r.Results {
		if res.Skipped == "" && (r.Best < 0 || res.Timing.Less(r.Results[r.Best].Timing)) {
			r.Best = i
		}
	}
}

func firstSkip(r *Report) string {
	if len(r.Results) == 0 {
		return "no configurations"
	}
	return r.Results[0].Skipped
}

// OneLine is the first line of an error's message, without the location
// prefix of a diagnostic ("file:1:2: error: "), at most 160 characters.
func OneLine(err error) string {
	s := strings.TrimSpace(err.Error())
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, "error: "); i >= 0 {
		s = s[i+len("error: "):]
	}
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return s
}

// Table prints the report: one row per configuration, fastest first,
// then those skipped with their reasons, and the winner.
func (r *Report) Table(w io.Writer, title string) {
	src := ""
	if r.Cached {
		src = " (from the cache)"
	}
	gpus := "1 GPU"
	if r.Devices > 1 {
		gpus = fmt.Sprintf("%d GPUs", r.Devices)
	}
	fmt.Fprintf(w, "%s: %d configurations on %s%s\n", title, len(r.Results), gpus, src)
	order := make([]int, len(r.Results))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		x, y := r.Results[order[a]], r.Results[order[b]]
		if (x.Skipped == "") != (y.Skipped == "") {
			return x.Skipped == ""
		}
		return x.Skipped == "" && x.Timing.Less(y.Timing)
	})
	fmt.Fprintf(w, "  %3s  %10s %10s %10s  %s\n", "#", "median ms", "p20 ms", "p80 ms", "configuration")
	for _, i := range order {
		res := r.Results[i]
		mark := " "
		if i == r.Best {
			mark = "*"
		}
		if res.Skipped != "" {
			fmt.Fprintf(w, "%s %3d  %32s  %s\n        skipped: %s\n", mark, i, "-", res.Config, res.Skipped)
			continue
		}
		fmt.Fprintf(w, "%s %3d  %10.4f %10.4f %10.4f  %s\n", mark, i, ms(res.Timing.Median), ms(res.Timing.P20), ms(res.Timing.P80), res.Config)
	}
	if r.Best >= 0 {
		fmt.Fprintf(w, "best: #%d %s (%.4f ms)\n", r.Best, r.Results[r.Best].Config, ms(r.Results[r.Best].Timing.Median))
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
