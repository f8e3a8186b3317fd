package tt

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/ttcompiler/tt/autotune"
	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/frontend/triton"
)

// Tune runs the kernel's @triton.autotune for args: the configurations
// that prune_configs_by keeps compile in parallel, each is timed on one
// of devs (spread over all of them) as Triton's do_bench times it, with
// the buffers named by reset_to_zero and restore_value reset before each
// run; the table of times goes to w (nil: nowhere) and the winner is kept
// for the args' tuning key, in memory and in the compile cache (a later
// Tune or Run, in any process, reuses it). args' buffers are on devs[0];
// Tune copies them to the other GPUs, which must be of the same kind.
// After tuning, the in-place buffers hold their contents from before.
func (j *JITKernel) Tune(devs []*Device, grid GridFunc, args Args, w io.Writer) (*autotune.Report, error) {
	at := j.info.Autotune
	if ok, err := j.Autotuned(); err != nil || !ok {
		if err == nil {
			err = fmt.Errorf("tt: %s has no @triton.autotune", j.info.Name)
		}
		return nil, err
	}
	if len(devs) == 0 {
		return nil, errors.New("tt: Tune needs at least one device")
	}
	for _, d := range devs[1:] {
		if d.arch != devs[0].arch || d.name != devs[0].name {
			return nil, fmt.Errorf("tt: Tune on different GPUs (%s and %s): their times do not compare", devs[0].name, d.name)
		}
	}
	named, kwargs, all, err := j.tuningArgs(args)
	if err != nil {
		return nil, err
	}
	configs, err := at.Prune(named, kwargs)
	if err != nil {
		return nil, &CompileError{Msg: err.Error(), Err: err}
	}
	names := make([]string, len(configs))
	for i, c := range configs {
		names[i] = c.String()
	}
	tkey := at.TuningKey(all, j.paramNames())
	title := fmt.Sprintf("autotune %s, key %s", j.info.Name, tkey)
	cache, _ := j.opts.cache()
	ckey := autotune.CacheKey(j.info.Name, []byte(j.src), names, tkey, devs[0].name+" "+devs[0].arch+" "+compilecache.Compiler())
	if cache != nil {
		if rep, ok := autotune.Lookup(cache, ckey); ok && len(rep.Results) == len(configs) {
			rep.Table(orDiscard(w), title)
			j.choose(tkey, configs[rep.Best])
			return rep, nil
		}
	}
	runs, err := replicate(devs, args, at.ResetToZero, at.RestoreValue)
	if err != nil {
		return nil, err
	}
	defer runs.free()
	compile := func(i int) (any, error) {
		c := configs[i]
		if err := c.Unsupported(); err != nil {
			return nil, err
		}
		return j.compile(devs[0].arch, args, c)
	}
	bench := autotune.BenchOptions{Warmup: time.Duration(at.Warmup) * time.Millisecond, Rep: time.Duration(at.Rep) * time.Millisecond}
	timer := func(dev, i int, art any) (autotune.Timing, error) {
		d := devs[dev]
		f, err := d.Load(art.(*Kernel))
		if err != nil {
			return autotune.Timing{}, err
		}
		bd, err := d.benchDevice()
		if err != nil {
			return autotune.Timing{}, err
		}
		devArgs := runs.args[dev]
		vals := make([]any, len(f.k.Params))
		for p, prm := range f.k.Params {
			vals[p] = devArgs[prm.Name]
		}
		g := grid(j.meta(devArgs, configValues(configs[i])))
		return autotune.Bench(bd, func() error { return f.Launch(g, vals...) }, func() error { return runs.reset(dev) }, bench)
	}
	rep, err := autotune.Tune(names, len(devs), compile, timer, autotune.Options{Progress: w, Label: "autotune " + j.info.Name})
	if err != nil {
		if rep != nil {
			rep.Table(orDiscard(w), title)
		}
		return rep, err
	}
	if err := runs.reset(0); err != nil {
		return nil, err
	}
	rep.Table(orDiscard(w), title)
	if cache != nil {
		autotune.Store(cache, ckey, rep) // best effort
	}
	j.choose(tkey, configs[rep.Best])
	return rep, nil
}

// winner is the configuration for args' tuning key, tuning on d first
// when it has none.
func (j *JITKernel) winner(d *Device, grid GridFunc, args Args) (int, error) {
	_, _, all, err := j.tuningArgs(args)
	if err != nil {
		return 0, err
	}
	tkey := j.info.Autotune.TuningKey(all, j.paramNames())
	j.mu.Lock()
	i, ok := j.chosen[tkey]
	j.mu.Unlock()
	if ok {
		return i, nil
	}
	if _, err := j.Tune([]*Device{d}, grid, args, nil); err != nil {
		return 0, err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.chosen[tkey], nil
}

func (j *JITKernel) choose(tkey string, c *triton.Config) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for i, x := range j.info.Autotune.Configs {
		if x == c {
			j.chosen[tkey] = i
		}
	}
}

func (j *JITKernel) paramNames() []string {
	out := make([]string, len(j.info.Params))
	for i, p := range j.info.Params {
		out[i] = p.Name
	}
	return out
}

// tuningArgs are the launch's arguments as the autotuner's host code
// sees them: named_args (the runtime parameters'), kwargs (the
// constexprs') and both.
func (j *JITKernel) tuningArgs(args Args) (named, kwargs, all *triton.Dict, err error) {
	named, kwargs, all = triton.NewDict(), triton.NewDict(), triton.NewDict()
	for _, p := range j.info.Params {
		v, ok := args[p.Name]
		if !ok {
			continue
		}
		obj, err := hostObject(v)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("tt: argument %s: %v", p.Name, err)
		}
		if p.Constexpr {
			kwargs.Set(p.Name, obj)
		} else {
			named.Set(p.Name, obj)
		}
		all.Set(p.Name, obj)
	}
	return named, kwargs, all, nil
}

// tuningRuns are the arguments of each GPU during tuning: devs[0] uses
// the caller's buffers, the others copies; saved holds the contents the
// in-place buffers are restored to before each run.
type tuningRuns struct {
	args     []Args
	zero     []string
	restore  []string
	saved    []map[string]*Buffer
	owned    []*Buffer
	devCount int
}

// replicate copies args' buffers to every GPU and saves the buffers a
// run restores.
func replicate(devs []*Device, args Args, zero, restore []string) (*tuningRuns, error) {
	r := &tuningRuns{zero: zero, restore: restore, devCount: len(devs)}
	for dev, d := range devs {
		a := Args{}
		for n, v := range args {
			b, ok := v.(*Buffer)
			if !ok || dev == 0 {
				a[n] = v
				continue
			}
			host := make([]byte, b.size)
			if err := Download(b, host); err != nil {
				r.free()
				return nil, err
			}
			c, err := Upload(d, host)
			if err != nil {
				r.free()
				return nil, err
			}
			c.DType = b.DType
			r.owned = append(r.owned, c)
			a[n] = c
		}
		saved := map[string]*Buffer{}
		for _, n := range restore {
			b, ok := a[n].(*Buffer)
			if !ok {
				r.free()
				return nil, fmt.Errorf("tt: restore_value names %s, which is not a buffer argument", n)
			}
			c, err := d.Alloc(b.size, b.DType)
			if err == nil {
				err = c.CopyFrom(b)
			}
			if err != nil {
				r.free()
				return nil, err
			}
			r.owned = append(r.owned, c)
			saved[n] = c
		}
		for _, n := range zero {
			if _, ok := a[n].(*Buffer); !ok {
				r.free()
				return nil, fmt.Errorf("tt: reset_to_zero names %s, which is not a buffer argument", n)
			}
		}
		r.args = append(r.args, a)
		r.saved = append(r.saved, saved)
	}
	return r, nil
}

// reset zeroes and restores the in-place buffers of GPU dev.
func (r *tuningRuns) reset(dev int) error {
	for _, n := range r.zero {
		if err := r.args[dev][n].(*Buffer).Zero(); err != nil {
			return err
		}
	}
	for _, n := range r.restore {
		if err := r.args[dev][n].(*Buffer).CopyFrom(r.saved[dev][n]); err != nil {
			return err
		}
	}
	return nil
}

func (r *tuningRuns) free() {
	for _, b := range r.owned {
		b.Free()
	}
	r.owned = nil
}
