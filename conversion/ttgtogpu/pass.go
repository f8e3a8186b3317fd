package ttgtogpu

import (
	"flag"
	"fmt"
	"github.com/ttcompiler/tt/analysis/allocation"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// PassName is the conversion's command-line name.
const PassName = "convert-triton-gpu-to-gpu"

// PipelineName is the named lowering pipeline tt-translate runs after the
// TTGIR pipeline.
const PipelineName = "ttgir-to-gpu-pipeline"

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        PassName,
		DisplayName: "ConvertTritonGPUToGPU",
		Summary:     "Convert TritonGPU IR (after convert-scf-to-cf) to per-thread llvm and gpu dialect IR",
		Anchor:      "builtin.module",
		Dependent:   []*ir.Dialect{llvm.Dialect, gpu.Dialect},
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			var o Options
			o.flags(fs)
			return func(op *ir.Operation, st *passmgr.State) error {
				run := o
				def := "pair"
				if o.NoFP8PairConversions {
					def = "generic"
				}
				switch mode := passmgr.Experiment("TT_X_FP8_CVT", def); mode {
				case "pair", "generic":
					run.NoFP8PairConversions = mode == "generic"
				default:
					return fmt.Errorf("%s: TT_X_FP8_CVT=%q: want pair or generic", PassName, mode)
				}
				l, err := newLowering(op, run)
				if err != nil {
					return err
				}
				// What allocate-shared-memory-nv recorded, where no pass
				// since changed what it read.
				if r, ok := passmgr.CachedAnalysis[allocation.NvidiaRecorded](st, op); ok {
					l.recorded, l.recordedAt = r, op.Context().Generation()
				}
				return l.run()
			}
		},
	})
	passmgr.Default.RegisterPipeline(&passmgr.NamedPipeline{
		Name: PipelineName,
		Summary: "TTGIR to per-thread IR: tt-split-pointer-tiles, tritongpu-allocate-warp-groups, tt-pipeline-chained-dots and tt-mbarrier-async-copies (NVIDIA), allocate-shared-memory, " +
			"tritongpu-global-scratch-memory-allocation, triton-nvidia-gpu-proxy-fence-insertion (NVIDIA), convert-scf-to-cf, " +
			PassName + ", " + WarpSpecializePassName + ", canonicalize, cse, select-to-block-args, reassociate-loop-addresses, separate-const-offset-from-gep, cse, hoist-wgmma-descriptors, sink-to-uses",
		Build: func(fs *flag.FlagSet) func() string {
			var o Options
			o.flags(fs)
			fs.StringVar(&o.Target, "target", "", "target of the modules (cuda:90, hip:gfx942); picks the vendor's shared memory allocation")
			return func() string { return Pipeline(o, passmgr.Default) }
		},
	})
}

// flags declares the conversion's options on fs. The two Triton options
// are on by default, as in Triton; the Options fields say when they are
// off so that a zero Options is Triton's default.
func (o *Options) flags(fs *flag.FlagSet) {
	fs.IntVar(&o.ComputeCapability, "compute-capability", 0, "device compute capability (0: from the module's ttg.target)")
	fs.IntVar(&o.PTXVersion, "ptx-version", 0, "PTX ISA version times ten (0: the capability's default)")
	fs.Var(offFlag{&o.NoFPFusion}, "enable-fp-fusion", "contract float multiplies and adds into fma (Triton's enable_fp_fusion; default true)")
	fs.Var(offFlag{&o.NoReflectFTZ}, "enable-reflect-ftz", "libdevice's flush-to-zero path for the functions tt implements for it (Triton's enable_reflect_ftz; default true)")
	fs.Var(offFlag{&o.NoFP8PairConversions}, "fp8-pair-conversions", "convert to and from 8-bit floats two elements at a time with sm_89's cvt instructions where the target has them (default true)")
}

// offFlag is a boolean option, true by default, whose Options field
// records that it is off.
type offFlag struct{ off *bool }

func (f offFlag) String() string {
	if f.off == nil {
		return "true"
	}
	return strconv.FormatBool(!*f.off)
}

func (f offFlag) Set(v string) error {
	on, err := strconv.ParseBool(v)
	if err == nil {
		*f.off = !on
	}
	return err
}

func (f offFlag) IsBoolFlag() bool { return true }

// Pipeline renders the lowering pipeline for reg (see passmgr.StepsText).
func Pipeline(o Options, reg *passmgr.Registry) string {
	// Triton's NVIDIA pass is allocate-shared-memory-nv, its AMD one
	// allocate-amdgpu-shared-memory.
	// Both size conversion scratch for the same capability as the
	// conversion (the option, else the module's ttg.target).
	allocator := passmgr.NewStep("allocate-shared-memory-nv")
	if o.ComputeCapability != 0 {
		allocator = passmgr.NewStep("allocate-shared-memory-nv", fmt.Sprintf("compute-capability=%d", o.ComputeCapability))
	}
	if strings.HasPrefix(o.Target, "hip:") {
		allocator = passmgr.NewStep("allocate-amdgpu-shared-memory")
	}
	var opts []string
	if o.ComputeCapability != 0 {
		opts = append(opts, fmt.Sprintf("compute-capability=%d", o.ComputeCapability))
	}
	if o.PTXVersion != 0 {
		opts = append(opts, fmt.Sprintf("ptx-version=%d", o.PTXVersion))
	}
	if o.NoFPFusion {
		opts = append(opts, "enable-fp-fusion=false")
	}
	if o.NoReflectFTZ {
		opts = append(opts, "enable-reflect-ftz=false")
	}
	if o.NoFP8PairConversions {
		opts = append(opts, "fp8-pair-conversions=false")
	}
	var steps []passmgr.Step
	if arch, ok := strings.CutPrefix(o.Target, "hip:"); ok {
		// AMD's make_llir starts with these two (Triton's compiler.py).
		steps = append(steps,
			passmgr.NewStep("tritonamdgpu-update-async-wait-count", "arch-generation-name="+arch),
			passmgr.NewStep("optimize-amd-lds-usage", "target-arch="+arch, "lds-limit=0"))
	} else {
		// tt's own TTGIR scheduling before the buffers are placed: in a
		// loop of two chained wgmmas (attention), the second can be issued
		// in the next iteration, after the first. Off unless its mode (or
		// TT_X_CHAINED_DOTS) says otherwise: it has not paid on Hopper yet.
		steps = append(steps,
			// tt's own: the pointer branch of a turns kernel's guard on
			// two warpgroups (a warp_specialize of its own), before the
			// warps are assigned.
			passmgr.NewStep("tt-split-pointer-tiles"),
			// Warp ranges of the ttg.warp_specialize partitions and the
			// kernel's ttg.total-num-warps, first as in 3.6's make_llir.
			passmgr.NewStep("tritongpu-allocate-warp-groups"),
			passmgr.NewStep("tt-pipeline-chained-dots"),
			// tt's own: the cp.async rings of kernels with several
			// warpgroups are ordered by per-slot mbarriers, not CTA
			// barriers, so that the warpgroups do not run in lockstep.
			passmgr.NewStep("tt-mbarrier-async-copies"))
	}
	lowering := []passmgr.Step{passmgr.NewStep(PassName, opts...)}
	if !strings.HasPrefix(o.Target, "hip:") {
		// The dispatch loop of warp-specialized kernels (3.6 runs it
		// after the conversion, before canonicalize; NVIDIA only).
		lowering = append(lowering, passmgr.NewStep(WarpSpecializePassName))
	}
	steps = append(steps,
		allocator,
		// Offsets of ttg.global_scratch_alloc (in-kernel tensor maps) and
		// the module's per-program size, as Triton's make_llir.
		passmgr.NewStep("tritongpu-global-scratch-memory-allocation"))
	if !strings.HasPrefix(o.Target, "hip:") {
		// Fences between the threads' accesses of shared memory and TMA
		// writes of memory the allocation overlaps with it, as 3.6's
		// make_llir (after the allocation, which it reads).
		var cc []string
		if o.ComputeCapability != 0 {
			cc = append(cc, fmt.Sprintf("compute-capability=%d", o.ComputeCapability))
		}
		steps = append(steps, passmgr.NewStep("triton-nvidia-gpu-proxy-fence-insertion", cc...))
	}
	return passmgr.StepsText(reg, append(append(steps, passmgr.NewStep("convert-scf-to-cf")), append(lowering, []passmgr.Step{
		passmgr.NewStep("canonicalize"),
		passmgr.NewStep("cse"),
		// A select whose condition the branches into its users' block
		// decide becomes a block argument (LLVM's select-to-phi): a
		// flattened loop's accumulator reset then reads no wgmma register
		// in flight.
		passmgr.NewStep("select-to-block-args"),
		// Address arithmetic of loops split into a loop-invariant part in
		// front of the loop and the per-iteration part (what LLVM's
		// reassociation, LICM and LSR do for Triton), then shared again.
		passmgr.NewStep("reassociate-loop-addresses"),
		// Registers whose offsets differ by constants share one address
		// and add their constant (what LLVM's instcombine and
		// SeparateConstOffsetFromGEP do for Triton).
		passmgr.NewStep("separate-const-offset-from-gep"),
		passmgr.NewStep("cse"),
		// The wgmma descriptors of a buffer a loop reads whole computed once
		// in front of the loop (LLVM's LICM does it for Triton).
		passmgr.NewStep("hoist-wgmma-descriptors"),
		// Values next to their uses: the PTX emitter allocates no registers
		// itself, and ptxas keeps a value live from where it is computed.
		passmgr.NewStep("sink-to-uses"),
	}...)...))
}
