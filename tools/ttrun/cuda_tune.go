package ttrun

import (
	"errors"
	"fmt"

	"github.com/ttcompiler/tt/autotune"
	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/runtime/cuda"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

// The cuda backend as a Tuner: every GPU of the same model as the chosen
// one times configurations (one context and one timing goroutine each),
// with the arguments' buffers copied to each.

// GPU names the backend's GPU and its architecture.
func (b CUDA) GPU() (string, error) {
	dev, arch, err := b.device()
	if err != nil {
		return "", err
	}
	name, err := dev.Name()
	if err != nil {
		return "", err
	}
	return name + " " + arch, nil
}

// device opens the driver and returns the backend's device and the
// architecture compiled for.
func (b CUDA) device() (cuda.Device, string, error) {
	if err := cuda.Load(); err != nil {
		return cuda.Device{}, "", fmt.Errorf("cuda backend: %w", err)
	}
	dev, err := cuda.GetDevice(b.Device)
	if err != nil {
		return cuda.Device{}, "", fmt.Errorf("cuda backend: %w", err)
	}
	if b.Arch != "" {
		return dev, b.Arch, nil
	}
	arch, err := dev.Arch()
	if err != nil {
		return cuda.Device{}, "", fmt.Errorf("cuda backend: %w", err)
	}
	return dev, arch, nil
}

// StartTuning opens every GPU of the backend's model.
func (b CUDA) StartTuning(zero, restore []string, cache *compilecache.Cache) (TuningSession, error) {
	first, arch, err := b.device()
	if err != nil {
		return nil, err
	}
	model, err := first.Name()
	if err != nil {
		return nil, err
	}
	n, err := cuda.DeviceCount()
	if err != nil {
		return nil, err
	}
	s := &cudaTuning{arch: arch, zero: zero, restore: restore, cache: cache}
	for i := range n {
		dev, err := cuda.GetDevice((b.Device + i) % n)
		if err != nil {
			s.Close()
			return nil, err
		}
		if name, err := dev.Name(); err != nil || name != model {
			continue // times on another model do not compare
		}
		ctx, err := cuda.NewContext(dev)
		if err != nil {
			s.Close()
			return nil, err
		}
		bench, err := cuda.NewBenchDevice(ctx)
		if err != nil {
			ctx.Close()
			s.Close()
			return nil, err
		}
		s.devs = append(s.devs, &tuningDevice{ctx: ctx, bench: bench, bufs: map[string]cuda.DevicePtr{}, saved: map[string]cuda.DevicePtr{}})
	}
	return s, nil
}

// cudaTuning is a tuning session on the GPUs of one model.
type cudaTuning struct {
	arch          string
	zero, restore []string
	cache         *compilecache.Cache
	devs          []*tuningDevice
}

// tuningDevice is one GPU's context, timer and copies of the buffers.
type tuningDevice struct {
	ctx   *cuda.Context
	bench *cuda.BenchDevice
	bufs  map[string]cuda.DevicePtr // by argument name
	saved map[string]cuda.DevicePtr // restore_value's contents
}

// cudaCompiled is a configuration's PTX.
type cudaCompiled struct {
	ptx  []byte
	meta tttranslate.Kernel
}

func (s *cudaTuning) Devices() int { return len(s.devs) }

func (s *cudaTuning) Compile(k *Kernel, o Options) (any, error) {
	ptx, meta, err := compileForCUDA(k, s.arch, o, s.cache)
	if err != nil {
		return nil, err
	}
	return &cudaCompiled{ptx: ptx, meta: meta}, nil
}

func (s *cudaTuning) Time(dev int, compiled any, grid [3]int, args []Arg, o autotune.BenchOptions) (autotune.Timing, error) {
	d := s.devs[dev]
	c := compiled.(*cudaCompiled)
	ctaGrid, cluster, err := cuda.ProgramLaunch(grid, c.meta.NumCTAs, c.meta.ClusterDims)
	if err != nil {
		return autotune.Timing{}, fmt.Errorf("@%s: %w", c.meta.Name, err)
	}
	if err := d.upload(args, s.restore); err != nil {
		return autotune.Timing{}, err
	}
	mod, err := d.ctx.LoadModule(c.ptx, cuda.JITOptions{})
	if err != nil {
		return autotune.Timing{}, err
	}
	defer mod.Close()
	fn, err := mod.Function(c.meta.Name)
	if err == nil && c.meta.Shared > 48<<10 {
		err = fn.SetMaxDynamicSharedMemory(c.meta.Shared)
	}
	if err != nil {
		return autotune.Timing{}, err
	}
	var cargs cuda.Args
	for i := range args {
		a := &args[i]
		if a.IsPointer() {
			cargs = cargs.Ptr(d.bufs[a.Name])
		} else if cargs, err = cudaScalarArg(cargs, a); err != nil {
			return autotune.Timing{}, err
		}
	}
	cfg := cuda.LaunchConfig{Grid: ctaGrid, Block: [3]int{32 * c.meta.NumWarps, 1, 1}, SharedBytes: c.meta.Shared, Cluster: cluster}
	run := func() error { return fn.Launch(cfg, cargs) }
	reset := func() error {
		for _, n := range s.zero {
			if p, ok := d.bufs[n]; ok {
				if err := d.ctx.Memset(p, 0, bufferBytes(args, n)); err != nil {
					return err
				}
			}
		}
		for _, n := range s.restore {
			if err := d.ctx.CopyDtoD(d.bufs[n], d.saved[n], bufferBytes(args, n)); err != nil {
				return err
			}
		}
		return nil
	}
	return autotune.Bench(d.bench, run, reset, o)
}

func bufferBytes(args []Arg, name string) int {
	for _, a := range args {
		if a.Name == name && a.IsPointer() {
			return max(len(a.Buffer.Data), 1)
		}
	}
	return 0
}

// upload copies the buffers to the GPU once, and saves the contents
// restore_value restores.
func (d *tuningDevice) upload(args []Arg, restore []string) error {
	for _, a := range args {
		if !a.IsPointer() {
			continue
		}
		if _, done := d.bufs[a.Name]; done {
			continue
		}
		n := max(len(a.Buffer.Data), 1)
		p, err := d.ctx.Alloc(n)
		if err != nil {
			return fmt.Errorf("buffer %s: %w", a.Name, err)
		}
		d.bufs[a.Name] = p
		if err := d.ctx.CopyHtoD(p, a.Buffer.Data); err != nil {
			return fmt.Errorf("buffer %s: %w", a.Name, err)
		}
	}
	for _, n := range restore {
		if _, done := d.saved[n]; done {
			continue
		}
		src, ok := d.bufs[n]
		if !ok {
			return fmt.Errorf("restore_value names %s, which is not a buffer argument", n)
		}
		p, err := d.ctx.Alloc(bufferBytes(args, n))
		if err != nil {
			return err
		}
		d.saved[n] = p
		if err := d.ctx.CopyDtoD(p, src, bufferBytes(args, n)); err != nil {
			return err
		}
	}
	return nil
}

func (s *cudaTuning) Close() error {
	var errs []error
	for _, d := range s.devs {
		for _, p := range d.bufs {
			errs = append(errs, d.ctx.Free(p))
		}
		for _, p := range d.saved {
			errs = append(errs, d.ctx.Free(p))
		}
		errs = append(errs, d.bench.Close(), d.ctx.Close())
	}
	s.devs = nil
	return errors.Join(errs...)
}
