package tt

import (
	"fmt"
	"math"

	"github.com/ttcompiler/tt/analysis/resources"
	"github.com/ttcompiler/tt/numeric"
	"github.com/ttcompiler/tt/runtime/cuda"
)

// Grid is a launch grid: programs along x, y and z (0 counts as 1).
type Grid [3]int

func (g Grid) normalized() [3]int {
	out := [3]int(g)
	for i := range out {
		if out[i] == 0 {
			out[i] = 1
		}
	}
	return out
}

// Function is a Kernel loaded on a Device.
type Function struct {
	d   *Device
	k   *Kernel
	mod *cuda.Module
	fn  *cuda.Function
	// variant is the kernel's grid-schedule variant (Kernel.GridVariant),
	// run for grids of at most variantPrograms programs.
	variant         *cuda.Function
	variantPrograms int
	// scratch is the global scratch of the largest grid launched so far
	// (kernels that build tensor maps); launches on the device's stream
	// run in order, so they share it.
	scratch *Buffer
}

// Load loads a kernel compiled to PTX for this GPU (the driver's JIT
// assembles it) and returns its function; loading a Kernel again returns
// the same Function.
func (d *Device) Load(k *Kernel) (*Function, error) {
	if k.Target != "ptx" {
		return nil, fmt.Errorf("tt: %s is compiled for %s; Load runs PTX on NVIDIA GPUs", k.Name, k.Target)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.loaded == nil {
		return nil, cuda.ErrClosed
	}
	if f, ok := d.loaded[k]; ok {
		return f, nil
	}
	mod, err := d.ctx.LoadModule(k.Code, cuda.JITOptions{})
	if err != nil {
		return nil, fmt.Errorf("tt: loading %s (compiled for %s) on %s (%s): %w", k.Name, k.Arch, d.name, d.arch, err)
	}
	fn, err := loadEntry(mod, k.Name, k.Shared)
	f := &Function{d: d, k: k, mod: mod, fn: fn}
	if v := k.GridVariant; err == nil && v != nil {
		var sms int
		if sms, err = d.dev.Attribute(cuda.DevAttrMultiprocessorCount); err == nil {
			f.variant, err = loadEntry(mod, v.Name, v.Shared)
			f.variantPrograms = v.CTAsPerSM * sms
		}
	}
	if err != nil {
		mod.Close()
		return nil, fmt.Errorf("tt: %s: %w", k.Name, err)
	}
	d.loaded[k] = f
	return f, nil
}

// loadEntry returns the function name of mod, allowed shared bytes of
// dynamic shared memory.
func loadEntry(mod *cuda.Module, name string, shared int) (*cuda.Function, error) {
	fn, err := mod.Function(name)
	if err == nil && shared > 48<<10 {
		err = fn.SetMaxDynamicSharedMemory(shared)
	}
	return fn, err
}

// Kernel is the loaded kernel.
func (f *Function) Kernel() *Kernel { return f.k }

// Launch enqueues the kernel over grid with args, one per runtime
// parameter in order: a *Buffer (of this device) for a pointer, a Go
// integer for an integer, a float32 or float64 for a float. It returns
// once the launch is queued; Device.Synchronize waits for it.
func (f *Function) Launch(grid Grid, args ...any) error {
	g := grid.normalized()
	if err := resources.CheckGrid(g, f.d.arch); err != nil {
		return fmt.Errorf("tt: launching %s: %v", f.k.Name, err)
	}
	// A program of a ttg.num-ctas kernel is a cluster of CTAs, launched
	// as Triton's launcher does; one of a tt.cta-cluster kernel is a CTA
	// of a cluster, and the grid must hold whole clusters.
	ctaGrid, cluster, err := cuda.ProgramLaunch(g, f.k.NumCTAs, f.k.ClusterDims)
	if err != nil {
		return fmt.Errorf("tt: launching %s: %v", f.k.Name, err)
	}
	cargs, err := f.args(args)
	if err != nil {
		return err
	}
	fn, cfg := f.fn, cuda.LaunchConfig{Grid: ctaGrid, Block: [3]int{32 * f.k.NumWarps, 1, 1}, SharedBytes: f.k.Shared, Cluster: cluster}
	if f.RunsGridVariant(grid) {
		v := f.k.GridVariant
		fn, cfg.Block[0], cfg.SharedBytes = f.variant, 32*v.NumWarps, v.Shared
	}
	if f.k.GlobalScratch > 0 {
		scratch, err := f.globalScratch(cfg.Grid)
		if err != nil {
			return fmt.Errorf("tt: launching %s: %w", f.k.Name, err)
		}
		cargs = cargs.Ptr(scratch)
	}
	if err := fn.Launch(cfg, cargs); err != nil {
		return fmt.Errorf("tt: launching %s: %w", f.k.Name, err)
	}
	return nil
}

// RunsGridVariant reports whether a launch over grid runs the kernel's
// grid-schedule variant (Kernel.GridVariant): where the grid is one wave
// of the variant's CTAs, the grid's own schedule beats the persistent
// kernel's single CTA an SM.
func (f *Function) RunsGridVariant(grid Grid) bool {
	g := grid.normalized()
	return f.variant != nil && g[0]*g[1]*g[2] <= f.variantPrograms
}

// cudaAllocAlign is the alignment of the driver's allocations.
const cudaAllocAlign = 256

// globalScratch returns a buffer of the kernel's global scratch for every
// CTA of grid, growing the function's buffer when the grid needs
// more (after the launches that may still use the old one).
func (f *Function) globalScratch(grid [3]int) (cuda.DevicePtr, error) {
	if f.k.GlobalScratchAlign > cudaAllocAlign {
		return 0, fmt.Errorf("global scratch alignment %d exceeds the driver's %d", f.k.GlobalScratchAlign, cudaAllocAlign)
	}
	need := int64(f.k.GlobalScratch) * int64(grid[0]) * int64(grid[1]) * int64(grid[2])
	f.d.mu.Lock()
	defer f.d.mu.Unlock()
	if f.scratch != nil && int64(f.scratch.size) >= need {
		return f.scratch.ptr, nil
	}
	if f.scratch != nil {
		if err := f.d.ctx.Synchronize(); err != nil {
			return 0, err
		}
		f.scratch.Free()
	}
	b, err := f.d.Alloc(int(need), "")
	if err != nil {
		f.scratch = nil
		return 0, fmt.Errorf("%d bytes of global scratch: %w", need, err)
	}
	f.scratch = b
	return b.ptr, nil
}

// args converts Go values to the kernel's parameters.
func (f *Function) args(args []any) (cuda.Args, error) {
	ps := f.k.Params
	var out cuda.Args
	if len(args) != len(ps) {
		return out, fmt.Errorf("tt: %s takes %d arguments (%s), got %d", f.k.Name, len(ps), paramList(ps), len(args))
	}
	for i, p := range ps {
		var err error
		if out, err = appendArg(out, f.d, p, args[i]); err != nil {
			return out, fmt.Errorf("tt: %s argument %d (%s %s): %v", f.k.Name, i, p.Name, p.Type, err)
		}
	}
	return out, nil
}

func paramList(ps []Param) string {
	s := ""
	for i, p := range ps {
		if i > 0 {
			s += ", "
		}
		s += p.Name + " " + p.Type
	}
	return s
}

// appendArg appends one argument in the parameter's ABI type.
func appendArg(out cuda.Args, d *Device, p Param, v any) (cuda.Args, error) {
	if p.IsPointer() {
		b, ok := v.(*Buffer)
		switch {
		case !ok:
			return out, fmt.Errorf("a pointer parameter takes a *tt.Buffer, not a %T", v)
		case b.d != d:
			return out, fmt.Errorf("the buffer is on another device")
		case b.ptr == 0:
			return out, fmt.Errorf("the buffer was freed")
		case b.DType != "" && b.DType != p.Type[1:]:
			return out, fmt.Errorf("the buffer holds %s elements (set its DType to reinterpret them)", b.DType)
		}
		return out.Ptr(b.ptr), nil
	}
	switch p.Type {
	case "i32", "i64":
		n, ok := goInt(v)
		if !ok {
			if b, isBool := v.(bool); isBool {
				n, ok = boolInt(b), true
			}
		}
		if !ok {
			return out, fmt.Errorf("want an integer, got a %T", v)
		}
		if p.Type == "i32" {
			if n < math.MinInt32 || n > math.MaxUint32 {
				return out, fmt.Errorf("%d does not fit in 32 bits", n)
			}
			return out.I32(int32(n)), nil
		}
		return out.I64(n), nil
	case "fp32", "fp64", "fp16", "bf16":
		x, ok := goFloat(v)
		if !ok {
			return out, fmt.Errorf("want a float, got a %T", v)
		}
		switch p.Type {
		case "fp32":
			return out.F32(float32(x)), nil
		case "fp64":
			return out.F64(x), nil
		case "fp16":
			return out.F16(numeric.F16FromFloat64(x, numeric.RNE)), nil
		}
		return out.F16(numeric.BF16FromFloat64(x, numeric.RNE)), nil
	}
	return out, fmt.Errorf("parameters of type %s cannot be passed by Launch", p.Type)
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// goFloat reads a Go float or integer as a float64.
func goFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float32:
		return float64(x), true
	case float64:
		return x, true
	}
	if n, ok := goInt(v); ok {
		return float64(n), true
	}
	return 0, false
}
