package ttgtogpu

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/analysis/resources"
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Options configure the conversion.
type Options struct {
	// ComputeCapability is the target's SM version times ten plus minor
	// (90 for sm_90); 0 takes it from the module's ttg.target.
	ComputeCapability int
	// PTXVersion is the PTX ISA version times ten (84 for 8.4); 0 picks
	// one the capability supports. Only instructions available in it are
	// used.
	PTXVersion int
	// Target is the vendor target ("cuda:90", "hip:gfx942") the lowering
	// pipeline is built for; empty means NVIDIA. The conversion itself
	// reads the module's ttg.target.
	Target string
}

// lowering is the state of one conversion of a module.
type lowering struct {
	opts           Options
	module         *ir.Operation
	ctx            *ir.Context
	numWarps       int
	threadsPerWarp int
	// amd is set for AMD targets (ttg.target "hip:..."): wavefronts of 32
	// or 64 lanes, and none of the PTX-only instruction choices.
	amd bool

	axis    *axisinfo.Module
	access  map[*ir.Operation]accessInfo // vector widths of global accesses, from axis info
	layouts map[*ir.RankedTensorType]*regLayout
	funcs   map[*ir.Operation]*funcState
	smem    *smemPlan
	// clips are the tt.clampf ops lowered to min.xorsign.abs.
	clips map[*ir.Operation]bool

	err error // the first located failure a pattern reported
}

// Lower converts every function of a TritonGPU module (after
// convert-scf-to-cf) into per-thread IR of the llvm and gpu dialects.
func Lower(module *ir.Operation, opts Options) error {
	l, err := newLowering(module, opts)
	if err != nil {
		return err
	}
	return l.run()
}

func newLowering(module *ir.Operation, opts Options) (*lowering, error) {
	l := &lowering{
		opts: opts, module: module, ctx: module.Context(),
		layouts: map[*ir.RankedTensorType]*regLayout{},
		funcs:   map[*ir.Operation]*funcState{},
	}
	l.numWarps = ttg.NumWarps(module)
	if l.numWarps <= 0 || !isPow2(int64(l.numWarps)) {
		return nil, ir.Errorf(module.Loc(), "module needs a power-of-two \"ttg.num-warps\" attribute (got %d)", l.numWarps)
	}
	l.amd = strings.HasPrefix(ttg.Target(module), "hip:")
	l.threadsPerWarp = ttg.ThreadsPerWarp(module)
	if err := checkWarpSize(module, l.threadsPerWarp, l.amd); err != nil {
		return nil, err
	}
	if n := ttg.NumCTAs(module); n != 1 {
		return nil, ir.Errorf(module.Loc(), "convert-triton-gpu-to-gpu supports one CTA per cluster (\"ttg.num-ctas\" = %d)", n)
	}
	// The lowering's work and output grow with the registers of each
	// tensor: refuse absurd tiles before emitting per-thread code for them.
	if err := resources.CheckTensors(module); err != nil {
		return nil, err
	}
	if l.opts.ComputeCapability == 0 {
		l.opts.ComputeCapability = capabilityOf(ttg.Target(module))
	}
	if l.opts.PTXVersion == 0 {
		l.opts.PTXVersion = defaultPTXVersion(l.opts.ComputeCapability)
	}
	return l, nil
}

// checkWarpSize accepts the warp sizes of the hardware: 32 lanes on
// NVIDIA, 32 (RDNA) or 64 (CDNA wavefronts) on AMD.
func checkWarpSize(module *ir.Operation, n int, amd bool) error {
	switch {
	case n == 32:
		return nil
	case n == 64 && amd:
		return nil
	case n == 64:
		return ir.Errorf(module.Loc(), "64 threads per warp needs an AMD target (ttg.target \"hip:...\"), the module's is %q", ttg.Target(module))
	}
	return ir.Errorf(module.Loc(), "convert-triton-gpu-to-gpu supports 32 or 64 (AMD) threads per warp, not %d", n)
}

// capabilityOf parses "cuda:90" (default 80 when absent or not CUDA).
func capabilityOf(target string) int {
	var cc int
	if _, err := fmt.Sscanf(target, "cuda:%d", &cc); err == nil && cc > 0 {
		return cc
	}
	return 80
}

func defaultPTXVersion(cc int) int {
	switch {
	case cc >= 100:
		return 86
	case cc >= 90:
		return 80
	case cc >= 89:
		return 78
	}
	return 70
}

func (l *lowering) run() error {
	if err := l.checkInput(); err != nil {
		return err
	}
	l.axis = axisinfo.Analyze(l.module)
	l.access = l.planAccesses()
	l.clips = l.findClips()
	plan, err := planSharedMemory(l)
	if err != nil {
		return err
	}
	l.smem = plan
	cfg := &conversion.Config{
		Target:   l.target(),
		Patterns: l.patterns(),
		Types:    l.typeConverter(),
		Mode:     conversion.Full,
	}
	if err := conversion.Apply(l.module, cfg); err != nil {
		if l.err != nil {
			return l.err
		}
		return err
	}
	if l.err != nil {
		return l.err
	}
	l.smem.annotate(l.module)
	for _, fs := range l.funcs {
		decomposeRemainders(fs.fn)
		contractFMA(fs.fn)
		foldSignFlips(fs.fn)
		removeRedundantBarriers(fs.fn)
	}
	return nil
}

// checkInput rejects what the conversion cannot take, with located
// diagnostics, before anything is changed.
func (l *lowering) checkInput() error {
	var errs []error
	ir.WalkOps(l.module, func(op *ir.Operation) {
		if ir.DialectNamespace(op.Name()) == "scf" {
			errs = append(errs, ir.OpErrorf(op, "structured control flow must be lowered first (run convert-scf-to-cf before convert-triton-gpu-to-gpu)"))
		}
	})
	return errors.Join(errs...)
}

// fail records a located failure (the first one wins) and reports the
// pattern as not applied.
func (l *lowering) fail(err error) bool {
	if l.err == nil {
		l.err = err
	}
	return false
}

// layoutOf returns the register layout of a tensor type (cached).
func (l *lowering) layoutOf(t *ir.RankedTensorType) (*regLayout, error) {
	if r, ok := l.layouts[t]; ok {
		return r, nil
	}
	r, err := newRegLayout(t)
	if err != nil {
		return nil, err
	}
	if r.laneBits != log2(int64(l.threadsPerWarp)) || r.warpBits != log2(int64(l.numWarps)) {
		return nil, fmt.Errorf("layout spans %d lanes and %d warps, the module has %d and %d",
			1<<r.laneBits, 1<<r.warpBits, l.threadsPerWarp, l.numWarps)
	}
	l.layouts[t] = r
	return r, nil
}

// opLayout returns the register layout of a value's tensor type, or a
// located error.
func (l *lowering) opLayout(op *ir.Operation, t ir.Type) (*regLayout, error) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil, ir.OpErrorf(op, "expected a tensor, got %s", typeStr(t))
	}
	r, err := l.layoutOf(rt)
	if err != nil {
		return nil, ir.OpErrorf(op, "cannot lower tensor type %s: %v", typeStr(t), err)
	}
	return r, nil
}

// numThreads is the number of threads of a CTA.
func (l *lowering) numThreads() int { return l.numWarps * l.threadsPerWarp }
