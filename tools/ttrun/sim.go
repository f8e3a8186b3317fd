package ttrun

import (
	"errors"
	"fmt"
	"os"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/sim"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

// Sim is the simulator backend (--backend sim): it lowers the kernel with
// tt-translate's pipeline for an architecture (TTIR and TTGIR go through
// the remaining stages; per-thread IR runs as it is) and runs the
// per-thread IR in the SIMT simulator (package sim): warps of the
// architecture's size, the module's shared memory, barriers and shuffles,
// with shared-memory race detection. It needs no GPU.
type Sim struct {
	// Arch is the architecture compiled for ("" is sm_90; gfx942 runs
	// 64-lane wavefronts).
	Arch string
	// Workers limits how many CTAs run at once (0: all CPUs).
	Workers int
	// NoRaceCheck turns the shared-memory race detector off.
	NoRaceCheck bool
	// SMs is the simulated SM count that kernels read as %nsmid (0:
	// sim.DefaultSMs).
	SMs int
}

func init() { RegisterBackend(Sim{}) }

// Name is the backend's --backend name.
func (Sim) Name() string { return "sim" }

// Describe is the backend's line in --help.
func (Sim) Describe() string {
	return "tt's pipeline lowers the kernel (TTIR, TTGIR, or per-thread IR as it is)\nand a SIMT simulator runs it: warps, shared memory, barriers, shuffles,\natomics; a shared-memory data race is an error"
}

// Run lowers and simulates the kernel; buffers are updated in place.
func (b Sim) Run(k *Kernel, grid [3]int, args []Arg, opts Options) error {
	module, err := lowerForSim(k, b.Arch, opts.NumWarps, opts.NumStages)
	if err != nil {
		return err
	}
	p, err := sim.Load(module)
	if err != nil {
		return err
	}
	kern, err := p.Kernel(k.Name)
	if err != nil {
		return err
	}
	var scratch *tttranslate.GlobalScratch
	if fn := ir.LookupSymbol(module, ir.FlatSymbolRef(module.Context(), k.Name)); fn != nil && ttgtogpu.HasGlobalScratchParam(fn) {
		scratch = tttranslate.ModuleGlobalScratch(module)
	}
	if want := len(args) + btoi(scratch != nil); len(kern.Params) != want {
		return fmt.Errorf("sim backend: the lowered @%s takes %d parameters, the kernel %d (global scratch: %v)", k.Name, len(kern.Params), len(args), scratch != nil)
	}
	mem := sim.NewMemory()
	bits := make([]uint64, len(args))
	for i := range args {
		a := &args[i]
		switch {
		case a.IsPointer():
			bits[i] = mem.Alloc(a.Name, a.Buffer.Data)
		case ir.IsFloat(a.Type):
			bits[i] = sim.FloatArg(kern.Params[i], a.Float)
		default:
			bits[i] = sim.IntArg(kern.Params[i], a.Int)
		}
	}
	// A program of a kernel with clusters is a cluster of CTAs.
	ctaGrid := kern.CTAGrid(grid)
	if scratch != nil {
		// The kernel's last parameter: its CTAs' global scratch
		// (simulated buffers are aligned far beyond any kernel's need).
		n, err := globalScratchBytes(scratch, ctaGrid, scratch.GlobalScratchAlign)
		if err != nil {
			return fmt.Errorf("sim backend: @%s: %w", k.Name, err)
		}
		bits = append(bits, mem.Alloc("global_scratch", make([]byte, n)))
	}
	return kern.Launch(mem, ctaGrid, bits, sim.Config{Stdout: opts.Stdout, Workers: b.Workers, NoRaceCheck: b.NoRaceCheck,
		Context: opts.Context, Progress: opts.Progress, SMs: b.SMs})
}

// lowerForSim lowers a copy of the kernel's module to per-thread IR for
// arch (default sm_90); numWarps and numStages 0 keep the module's (or
// Triton's defaults, 4 and 3). Errors are rendered with their source
// lines.
func lowerForSim(k *Kernel, arch string, numWarps, numStages int) (*ir.Operation, error) {
	o := tttranslate.DefaultOptions()
	o.Arch = arch
	if numWarps > 0 {
		o.NumWarps = numWarps
	}
	if numStages > 0 {
		o.NumStages = numStages
	}
	module := k.Module.Clone(ir.NewMapping())
	if _, _, err := tttranslate.Lower(module, o); err != nil {
		return nil, renderCompileError(k, err)
	}
	return module, nil
}

// renderCompileError shows a compilation error of the kernel with its
// source line, when the source can be read.
func renderCompileError(k *Kernel, err error) error {
	if src, rerr := os.ReadFile(k.Source); rerr == nil {
		return errors.New(tttranslate.RenderError(k.Source, string(src), err))
	}
	return err
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
