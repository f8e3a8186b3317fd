package ttrun

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/ttcompiler/tt/autotune"
	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/internal/cli"
)

// --autotune: a Python kernel's @triton.autotune, run as Triton's
// Autotuner does. The configurations prune_configs_by keeps are compiled
// in parallel, each timed on the backend's GPUs (spread over all of them)
// with the buffers reset_to_zero and restore_value name reset before each
// run; the table is printed, the winner kept per tuning key in the
// compile cache, and the kernel then runs with it.

// Tuner is a backend that times kernels for --autotune (the cuda
// backend).
type Tuner interface {
	Backend
	// GPU names the GPUs that would time the kernels (a tuning result
	// holds for that GPU only).
	GPU() (string, error)
	// StartTuning opens the GPUs for timing runs; zero and restore name
	// the buffers reset before every run (zeroed, resp. restored to their
	// contents before tuning).
	StartTuning(zero, restore []string, cache *compilecache.Cache) (TuningSession, error)
}

// TuningSession times compiled kernels on a Tuner's GPUs.
type TuningSession interface {
	// Devices is how many GPUs time configurations.
	Devices() int
	// Compile builds a kernel for timing, with its configuration's warps,
	// stages and register bound in o; it is called from several goroutines
	// at once.
	Compile(k *Kernel, o Options) (any, error)
	// Time times a compiled kernel on GPU dev over grid with args, as
	// autotune.Bench does; calls for one GPU come from one goroutine.
	Time(dev int, compiled any, grid [3]int, args []Arg, o autotune.BenchOptions) (autotune.Timing, error)
	Close() error
}

// tuned is one configuration ready to time.
type tuned struct {
	kernel   *Kernel
	args     []Arg
	compiled any
}

// tune picks the configuration of p's kernel for its arguments; it
// returns it, or the exit status of a failure.
func (r *runner) tune(p PythonKernel) (*triton.Config, int) {
	t, ok := r.b.(Tuner)
	if !ok {
		return nil, cli.Usagef(r.stderr, "tt-run", "--autotune times kernels on a GPU: use --backend cuda (the %s backend cannot)", r.b.Name())
	}
	info, err := FindPython(p)
	if err == nil && info.TuningErr != nil {
		err = renderPython(info.TuningErr)
	}
	if err != nil {
		r.errorf("%v", err)
		return nil, 1
	}
	at := info.Autotune
	if at == nil {
		return nil, cli.Usagef(r.stderr, "tt-run", "--autotune: kernel %s has no @triton.autotune", info.Name)
	}
	vals, err := bindPythonArgs(info, p.Args)
	if err != nil {
		return nil, cli.Usagef(r.stderr, "tt-run", "%v", err)
	}
	all, err := hostArgs(info, vals)
	if err != nil {
		return nil, cli.Usagef(r.stderr, "tt-run", "%v", err)
	}
	named, kwargs := triton.NewDict(), triton.NewDict()
	for _, prm := range info.Params {
		if v, ok := all.Get(prm.Name); ok {
			if prm.Constexpr {
				kwargs.Set(prm.Name, v)
			} else {
				named.Set(prm.Name, v)
			}
		}
	}
	for _, c := range p.Constexprs {
		n, v, _ := strings.Cut(c, "=")
		if obj, err := triton.ParseValue(v); err == nil {
			kwargs.Set(n, obj)
			all.Set(n, obj)
		}
	}
	configs, err := at.Prune(named, kwargs)
	if err != nil {
		r.errorf("%v", renderPython(err))
		return nil, 1
	}
	names := make([]string, len(configs))
	for i, c := range configs {
		names[i] = c.String()
	}
	params := make([]string, len(info.Params))
	for i, prm := range info.Params {
		params[i] = prm.Name
	}
	tkey := at.TuningKey(all, params)
	title := fmt.Sprintf("autotune %s, key %s", info.Name, tkey)
	gpu, err := t.GPU()
	if err != nil {
		r.errorf("%v", err)
		return nil, 1
	}
	src, err := os.ReadFile(p.Path)
	if err != nil {
		r.errorf("%v", err)
		return nil, 1
	}
	ckey := autotune.CacheKey(info.Name, src, names, tkey, gpu+" "+compilecache.Compiler())
	if r.cache != nil {
		if rep, ok := autotune.Lookup(r.cache, ckey); ok && len(rep.Results) == len(configs) {
			rep.Table(r.stdout, title)
			return configs[rep.Best], 0
		}
	}
	session, err := t.StartTuning(at.ResetToZero, at.RestoreValue, r.cache)
	if err != nil {
		r.errorf("--autotune: %v", err)
		return nil, 1
	}
	defer session.Close()
	compile := func(i int) (any, error) {
		c := configs[i]
		if err := c.Unsupported(); err != nil {
			return nil, err
		}
		kp := p
		kp.Config = c
		k, runtime, err := loadPython(kp, info)
		if err != nil {
			return nil, err
		}
		args, err := bindArgs(k, runtime)
		if err != nil {
			return nil, err
		}
		compiled, err := session.Compile(k, configOptions(c))
		if err != nil {
			return nil, err
		}
		return &tuned{kernel: k, args: args, compiled: compiled}, nil
	}
	bench := autotune.BenchOptions{Warmup: time.Duration(at.Warmup) * time.Millisecond, Rep: time.Duration(at.Rep) * time.Millisecond}
	timer := func(dev, i int, art any) (autotune.Timing, error) {
		tc := art.(*tuned)
		grid, err := r.gridFor(tc.kernel, tc.args)
		if err != nil {
			return autotune.Timing{}, err
		}
		return session.Time(dev, tc.compiled, grid, tc.args, bench)
	}
	if n := session.Devices(); n > 1 {
		fmt.Fprintf(r.stderr, "tt-run: autotune: timing %d configurations on %d GPUs\n", len(configs), n)
	}
	rep, err := autotune.Tune(names, session.Devices(), compile, timer, autotune.Options{Progress: r.stderr, Label: "tt-run: autotune " + info.Name})
	if rep != nil {
		rep.Table(r.stdout, title)
	}
	if err != nil {
		r.errorf("%v", err)
		return nil, 1
	}
	if r.cache != nil {
		autotune.Store(r.cache, ckey, rep) // best effort
	}
	return configs[rep.Best], 0
}

// gridFor is the launch grid of a kernel with its arguments: --grid's
// numbers, or its expressions evaluated.
func (r *runner) gridFor(k *Kernel, args []Arg) ([3]int, error) {
	if r.o.gridExprs == nil {
		return r.o.grid, nil
	}
	return evalGrid(r.o.gridExprs, gridVars(k, args))
}

// configOptions are the launch options of an autotuning configuration.
func configOptions(c *triton.Config) Options {
	return Options{NumWarps: c.NumWarps, NumStages: c.NumStages, MaxNReg: c.MaxNReg}
}
