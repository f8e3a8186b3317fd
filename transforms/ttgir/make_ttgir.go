package ttgir

import (
	"flag"
	"fmt"

	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.RegisterPipeline(&passmgr.NamedPipeline{
		Name: "ttgir-pipeline",
		Summary: "Triton 3.6's NVIDIA make_ttgir: convert-triton-to-tritongpu and the TTGIR " +
			"optimizations, in compiler.py's order (passes tt does not have yet are shown as ?placeholders)",
		Build: func(fs *flag.FlagSet) func() string {
			o := DefaultPipelineOptions()
			fs.IntVar(&o.NumWarps, "num-warps", o.NumWarps, "number of warps")
			fs.IntVar(&o.NumCTAs, "num-ctas", o.NumCTAs, "number of CTAs in a cluster")
			fs.IntVar(&o.ThreadsPerWarp, "threads-per-warp", o.ThreadsPerWarp, "threads per warp")
			fs.IntVar(&o.Capability, "capability", o.Capability, "CUDA compute capability (major*10 + minor)")
			fs.StringVar(&o.Target, "target", o.Target, "target string (default cuda:<capability>)")
			fs.IntVar(&o.NumStages, "num-stages", o.NumStages, "software pipelining stages")
			fs.StringVar(&o.Turns, "turns", "", "nvgpu-warp-specialization's turns (tt's own; empty: the pass's default)")
			fs.IntVar(&o.ProducerRegs, "producer-registers", 0, "nvgpu-warp-specialization's producer-registers (tt's own; 0: the pass's default)")
			fs.IntVar(&o.TileTurnsRing, "tile-turns-ring", 0, "nvgpu-warp-specialization's tile-turns-ring (tt's own; 0: the pass's default)")
			return func() string { return passmgr.StepsText(passmgr.Default, NVIDIATTGIRSteps(o)) }
		},
	})
	for pass, reason := range notBuilt {
		passmgr.Default.MarkNotBuilt(pass, reason)
	}
}

// Why the passes of make_ttgir that tt does not have yet are missing
// (the steps run as soon as a pass of the name is registered;
// TestNotBuiltSteps lists the steps still waiting).
const (
	tensorMemory = "Blackwell (sm_100) tensor memory is not supported yet"
	warpSpec     = "automatic warp specialization (Blackwell) is not built yet"
)

var notBuilt = map[string]string{
	"tritongpu-hoist-tmem-alloc":              tensorMemory,
	"tritongpu-promote-lhs-to-tmem":           tensorMemory,
	"tritongpu-automatic-warp-specialization": warpSpec,
	"tritongpu-optimize-partition-warps":      warpSpec,
	"triton-nvidia-gpu-remove-tmem-tokens":    tensorMemory,
}

// PipelineOptions are the knobs of Triton's make_ttgir that the pipeline
// reads (compiler.py's opt.num_warps, opt.num_ctas, opt.num_stages and the
// compute capability).
type PipelineOptions struct {
	NumWarps, NumCTAs, ThreadsPerWarp int
	Capability                        int
	// Target overrides the module's ttg.target; empty means
	// "cuda:<Capability>".
	Target    string
	NumStages int
	// Turns and ProducerRegs, when set, are nvgpu-warp-specialization's
	// options of the same names (tt's own schedule of an 8-warp
	// specialized loop; tt-translate's row split sets them).
	Turns        string
	ProducerRegs int
	// TileTurnsRing, when set, is nvgpu-warp-specialization's budget for
	// the ring of consumers taking turns over the tiles (tt-translate
	// shrinks it where the kernel's other buffers need the rest).
	TileTurnsRing int
}

// DefaultPipelineOptions are Triton's CUDA defaults (num_warps=4,
// num_ctas=1, num_stages=3) on an sm_90 target.
func DefaultPipelineOptions() PipelineOptions {
	return PipelineOptions{NumWarps: 4, NumCTAs: 1, ThreadsPerWarp: 32, Capability: 90, NumStages: 3}
}

// NVIDIATTGIRSteps is make_ttgir of Triton 3.6's NVIDIA backend
// (third_party/nvidia/backend/compiler.py) as a list of passes with
// options, built or not.
func NVIDIATTGIRSteps(o PipelineOptions) []passmgr.Step {
	target := o.Target
	if target == "" {
		target = fmt.Sprintf("cuda:%d", o.Capability)
	}
	major := o.Capability / 10
	emuTF32 := major >= 8
	hoist := o.Capability >= 80
	s := passmgr.NewStep
	dotOperands := s("tritongpu-optimize-dot-operands", fmt.Sprintf("hoist-layout-conversion=%t", hoist))
	steps := []passmgr.Step{
		s("convert-triton-to-tritongpu", "target="+target, fmt.Sprintf("num-warps=%d", o.NumWarps),
			fmt.Sprintf("threads-per-warp=%d", o.ThreadsPerWarp), fmt.Sprintf("num-ctas=%d", o.NumCTAs)),
		s("tritongpu-coalesce"),
		s("tritongpu-F32DotTC", fmt.Sprintf("emu-tf32=%t", emuTF32)),
		s("triton-nvidia-gpu-plan-cta"),
		s("tritongpu-remove-layout-conversions"),
		s("tritongpu-optimize-thread-locality"),
		s("tritongpu-accelerate-matmul"),
		s("tritongpu-remove-layout-conversions"),
		dotOperands,
		s("triton-nvidia-optimize-descriptor-encoding"),
		s("triton-loop-aware-cse"),
	}
	stages := fmt.Sprintf("num-stages=%d", o.NumStages)
	switch {
	case major == 8 || major == 9:
		steps = append(steps,
			s("tritongpu-fuse-nested-loops"),
			s("canonicalize"),
			s("triton-licm"),
			s("canonicalize"),
			s("tritongpu-combine-tensor-select-and-if"),
			warpSpecialization(o, stages),
			s("tritongpu-assign-latencies", stages),
			s("tritongpu-schedule-loops"),
			s("tritongpu-pipeline", stages))
	case major >= 10:
		steps = append(steps,
			s("tritongpu-fuse-nested-loops"),
			s("canonicalize"),
			s("triton-licm"),
			s("tritongpu-optimize-accumulator-init"),
			s("tritongpu-hoist-tmem-alloc", "hoist-out-of-if=false"),
			s("tritongpu-promote-lhs-to-tmem"),
			s("tritongpu-assign-latencies", stages),
			s("tritongpu-schedule-loops"),
			s("tritongpu-automatic-warp-specialization", stages),
			s("tritongpu-pipeline", stages),
			s("tritongpu-optimize-partition-warps"),
			s("tritongpu-combine-tensor-select-and-if"),
			s("tritongpu-hoist-tmem-alloc", "hoist-out-of-if=true"),
			s("triton-nvidia-gpu-remove-tmem-tokens"))
	default:
		steps = append(steps, s("triton-licm"))
	}
	steps = append(steps,
		s("canonicalize"),
		s("triton-loop-aware-cse"),
		s("tritongpu-prefetch"),
		dotOperands,
		s("tritongpu-coalesce-async-copy"),
		s("triton-nvidia-optimize-tmem-layouts"))
	if major >= 9 {
		steps = append(steps, s("triton-nvidia-tma-lowering"))
	}
	steps = append(steps,
		s("tritongpu-remove-layout-conversions"),
		s("triton-nvidia-interleave-tmem"),
		s("tritongpu-reduce-data-duplication"),
		s("tritongpu-reorder-instructions"),
		s("triton-loop-aware-cse"),
		s("symbol-dce"),
		s("triton-nvidia-gpu-fence-insertion", fmt.Sprintf("compute-capability=%d", o.Capability)),
		s("triton-nvidia-mma-lowering"),
		s("sccp"),
		s("cse"),
		s("canonicalize"))
	return steps
}

// warpSpecialization is the nvgpu-warp-specialization step, with tt's own
// schedule options where o sets them.
func warpSpecialization(o PipelineOptions, stages string) passmgr.Step {
	opts := []string{stages}
	if o.Turns != "" {
		opts = append(opts, "turns="+o.Turns)
	}
	if o.ProducerRegs != 0 {
		opts = append(opts, fmt.Sprintf("producer-registers=%d", o.ProducerRegs))
	}
	if o.TileTurnsRing != 0 {
		opts = append(opts, fmt.Sprintf("tile-turns-ring=%d", o.TileTurnsRing))
	}
	return passmgr.NewStep("nvgpu-warp-specialization", opts...)
}
