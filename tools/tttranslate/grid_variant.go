package tttranslate

import (
	"bytes"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/ttcompiler/tt/analysis/resources"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/targets/nvptx"
)

// The grid-schedule variant (--grid-variant). tt-persistent-programs
// makes a big-tile dot kernel persistent: its first programs, as many as
// the SMs hold, walk every tile and the others exit. The schedule pays on
// grids of many tiles a program; on a grid that the same kernel on the
// grid's own schedule runs in one wave of CTAs it only adds its start (a
// claimed slot, tensor maps, the ring's barriers), and a kernel made
// persistent may hold fewer CTAs an SM than the grid's own schedule (the
// 128x128 matmul's consumers on pairs of tiles: one CTA of 229 KB against
// two of 98 KB), so that such a grid then runs two tiles a CTA where it
// could run one (docs/PERFORMANCE.md, "The grid-schedule variant").
// Shared memory, and so the CTAs an SM, are fixed at launch, so only the
// launcher can choose: with --grid-variant tt compiles a persistent
// kernel a second time on the grid's own schedule and emits both into
// one PTX module, the second entry named GridVariantName(kernel) with the
// same parameters; the metadata's "grid_variant" describes it. A launch
// of at most ctas_per_sm x the SMs programs (one wave of the variant's
// CTAs) runs the variant, any other launch the kernel
// (python/tt_triton's grid_variant.py does, and the Go API's Launch).

// gridVariantSuffix makes the variant's entry name from the kernel's.
const gridVariantSuffix = "__tt_grid"

// GridVariantName is the entry of the grid-schedule variant of kernel.
func GridVariantName(kernel string) string { return kernel + gridVariantSuffix }

// smThreads and smRegisters are an sm_90 SM's resident threads and
// 32-bit registers; a warp's registers are allocated in units of
// warpRegisterUnit.
const (
	smThreads        = 2048
	smRegisters      = 64 * 1024
	warpRegisterUnit = 256
)

// ctasPerSMOf returns how many CTAs of a per-thread module's kernel an
// SM of arch holds by its shared memory, threads and registers (each
// thread counted at its register bound, ptxas's 255 without one: a lower
// bound where ptxas allocates fewer).
func ctasPerSMOf(module *ir.Operation, arch string) int {
	shared, warps, regs := 0, 0, 255
	if a, ok := module.Attr("ttg.shared").(*ir.IntegerAttr); ok {
		shared = int(a.Int())
	}
	if a, ok := module.Attr("ttg.num-warps").(*ir.IntegerAttr); ok {
		warps = int(a.Int())
	}
	if a, ok := module.Attr(ttg.AttrTotalNumWarps).(*ir.IntegerAttr); ok {
		warps = int(a.Int())
	}
	if a, ok := module.Attr(ttg.AttrMaxNReg).(*ir.IntegerAttr); ok && a.Int() > 0 {
		regs = min(regs, int(a.Int()))
	}
	byShared, ok := resources.BlocksPerSMByShared(arch, shared)
	if !ok || warps <= 0 {
		return 0
	}
	perWarp := (regs*32 + warpRegisterUnit - 1) / warpRegisterUnit * warpRegisterUnit
	return min(byShared, smThreads/(32*warps), smRegisters/(perWarp*warps))
}

// variantBuild is the compilation of a kernel's grid-schedule variant:
// the kernel as given to Compile, compiled again with the persistent
// schedule off. Compile starts it on its own goroutine as soon as
// tt-persistent-programs' plan makes the kernel persistent, so that on a
// machine of two or more cores it costs the kernel's compile little wall
// time (compiled after the kernel, it added 18-43%). The copy is taken in
// the kernel's context, which the compilation leaves alone, and compiled
// in a context of its own.
type variantBuild struct {
	input *ir.Operation // the kernel as given, then the variant
	opts  Options       // the variant's options
	done  chan struct{} // closed when the compilation ends; nil until it starts
	err   error
}

// newVariantBuild returns the variant's compilation, not started, or nil
// where o asks for no variant or module is past the stage that makes
// kernels persistent.
func newVariantBuild(module *ir.Operation, o Options) *variantBuild {
	if !o.GridVariant || o.Target != "ptx" || DetectLevel(module) >= LevelTTGIR {
		return nil
	}
	v := o
	v.gridSchedule, v.GridVariant, v.persistentPlanned = true, false, nil
	// The variant's compilation prints nothing of its own: no stage
	// dumps, reproducers (the kernel's stages wrote theirs), IR printing,
	// timing or diagnostics (its warnings and remarks repeat the kernel's;
	// an error comes back as its result).
	v.DumpStages, v.ReproducerPath = "", ""
	v.Pass = *passmgr.DefaultConfig()
	v.Pass.VerifyEach = false
	v.Pass.Diagnostics = func(*ir.Diagnostic) {}
	return &variantBuild{input: module.Clone(nil), opts: v}
}

// start starts the compilation on its own goroutine, once.
func (b *variantBuild) start() {
	if b.done != nil {
		return
	}
	b.done = make(chan struct{})
	go func() {
		defer close(b.done)
		// A crash here must not take the caller's process down from a
		// goroutine it cannot recover on: it becomes the build's error.
		defer func() {
			if x := recover(); x != nil {
				b.err = &VariantCrash{Value: x, Stack: debug.Stack()}
			}
		}()
		if variantHook != nil {
			variantHook()
		}
		// The copy moves to a context of its own, so that neither
		// compilation's changes count as the other's (the pass manager
		// keeps analyses and skips verification while its context's IR
		// has not changed) and they share no locks.
		src := asm.Sprint(b.input, asm.PrintConfig{Generic: true, DebugInfo: true})
		if b.input, b.err = asm.Parse(NewContext(), src, asm.ParseConfig{}); b.err != nil {
			return
		}
		if _, _, b.err = lower(b.input, b.opts); b.err == nil {
			_, b.err = applyKernelABI(b.input, &b.opts)
		}
	}()
}

// VariantCrash is a panic of the grid-schedule variant's compilation,
// which runs on a goroutine of its own: a compiler bug, reported as the
// variant's failure.
type VariantCrash struct {
	Value any
	Stack []byte
}

func (e *VariantCrash) Error() string {
	return fmt.Sprintf("the grid-schedule variant's compilation crashed: %v\n%s", e.Value, e.Stack)
}

// variantHook, when set (by tests), runs first in the variant's goroutine.
var variantHook func()

// wait waits for a started compilation to end.
func (b *variantBuild) wait() {
	if b != nil && b.done != nil {
		<-b.done
	}
}

// gridVariant finishes b, the grid-schedule variant of persistent (the
// kernel tt-persistent-programs scheduled), and returns it lowered with
// its kernel renamed GridVariantName, with how many of its CTAs an SM
// holds. Where the variant could not replace the kernel at a launch
// (other scratch buffers or clusters, or more shared memory than the SM
// has: the persistent kernel's ring is sized to fit, the grid's own
// schedule keeps the stages asked for) it returns nil and says why in a
// remark; where its compilation fails otherwise (a compiler bug: the
// kernel itself compiled), nil and a warning, or with o.StrictGridVariant
// the failure as the error.
func gridVariant(b *variantBuild, persistent *ir.Operation, o Options) (*ir.Operation, int, error) {
	cfg := o.stageConfig()
	report := func(sev ir.Severity, format string, args ...any) (*ir.Operation, int, error) {
		d := remark(persistent, "no grid-schedule variant: "+format, args...)
		d.Severity = sev
		cfg.Emit(d)
		return nil, 0, nil
	}
	b.start()
	b.wait()
	if err := b.err; err != nil {
		// A schedule the kernel's tile does not fit is no bug: the
		// persistent kernel sizes its ring to the SM, while the grid's
		// own schedule keeps the stages asked for, as Triton would, and
		// Triton refuses such a kernel as out of resources.
		var oor *resources.OutOfResources
		if errors.As(err, &oor) {
			return report(ir.SevRemark, "on the grid's own schedule it needs %s of %s, over the %s of %s",
				resources.KB(oor.Required), oor.Resource, resources.KB(oor.Limit), oor.Arch)
		}
		if o.StrictGridVariant {
			return nil, 0, err
		}
		return report(ir.SevWarning, "its compilation failed: %v", err)
	}
	input, v := b.input, &b.opts
	held := ctasPerSMOf(input, o.arch())
	if held < 1 {
		return report(ir.SevRemark, "no CTA of it fits an SM")
	}
	if a, b := globalScratchOf(input, v), globalScratchOf(persistent, &o); (a == nil) != (b == nil) || a != nil && *a != *b {
		return report(ir.SevRemark, "its global scratch buffer differs from the persistent kernel's")
	}
	if ttg.NumCTAs(input) != ttg.NumCTAs(persistent) {
		return report(ir.SevRemark, "its clusters differ from the persistent kernel's")
	}
	kernels := perThreadKernels(input)
	if len(kernels) != 1 {
		return report(ir.SevRemark, "it has %d kernels", len(kernels))
	}
	k := kernels[0]
	k.SetAttr(ir.SymbolAttrName, ir.StringAttrOf(k.Context(), GridVariantName(ir.SymbolName(k))))
	return input, held, nil
}

// emitWithVariant emits module with emit, or, given a grid-schedule
// variant, module's kernel and the variant as one PTX module, the variant
// described in the kernel's metadata. A variant the PTX module cannot
// hold (a global or function both define differently) is left out with a
// warning (with o.StrictGridVariant, its error is the result).
func emitWithVariant(module, variant *ir.Operation, held int, emit emitter, o *Options) ([]byte, []Kernel, error) {
	if variant == nil {
		return emit(module, o)
	}
	var b bytes.Buffer
	ks, err := nvptx.EmitModules([]*ir.Operation{module, variant}, ptxOptions(o), &b)
	if err == nil && len(ks) != 2 {
		err = fmt.Errorf("the PTX module holds %d kernels, expected a kernel and its grid-schedule variant", len(ks))
	}
	if err != nil {
		if o.StrictGridVariant {
			return nil, nil, err
		}
		d := remark(module, "no grid-schedule variant: its PTX: %v", err)
		d.Severity = ir.SevWarning
		cfg := o.stageConfig()
		cfg.Emit(d)
		return emit(module, o)
	}
	out := kernelsOfPTX(ks, module, variant)
	v := out[1]
	v.CTAsPerSM = held
	out[0].GridVariant = &v
	return b.Bytes(), out[:1], nil
}
