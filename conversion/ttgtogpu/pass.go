package ttgtogpu

import (
	"flag"
	"fmt"
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
			fs.IntVar(&o.ComputeCapability, "compute-capability", 0, "device compute capability (0: from the module's ttg.target)")
			fs.IntVar(&o.PTXVersion, "ptx-version", 0, "PTX ISA version times ten (0: the capability's default)")
			return func(op *ir.Operation, _ *passmgr.State) error { return Lower(op, o) }
		},
	})
	passmgr.Default.MarkNotBuilt("allocate-amdgpu-shared-memory", "AMD's own allocator is not built yet")
	passmgr.Default.RegisterPipeline(&passmgr.NamedPipeline{
		Name: PipelineName,
		Summary: "TTGIR to per-thread IR: tt-pipeline-chained-dots (NVIDIA), allocate-shared-memory, convert-scf-to-cf, " +
			PassName + ", canonicalize, cse, sink-to-uses",
		Build: func(fs *flag.FlagSet) func() string {
			var o Options
			fs.IntVar(&o.ComputeCapability, "compute-capability", 0, "device compute capability (0: from the module's ttg.target)")
			fs.IntVar(&o.PTXVersion, "ptx-version", 0, "PTX ISA version times ten (0: the capability's default)")
			fs.StringVar(&o.Target, "target", "", "target of the modules (cuda:90, hip:gfx942); picks the vendor's shared memory allocation")
			return func() string { return Pipeline(o, passmgr.Default) }
		},
	})
}

// Pipeline renders the lowering pipeline for reg (see passmgr.StepsText).
func Pipeline(o Options, reg *passmgr.Registry) string {
	// Triton's NVIDIA pass is allocate-shared-memory-nv, its AMD one
	// allocate-amdgpu-shared-memory; until that exists, the generic
	// allocate-shared-memory stands in for it.
	allocator := passmgr.NewStep("allocate-shared-memory-nv")
	if strings.HasPrefix(o.Target, "hip:") {
		allocator = passmgr.Step{Pass: "allocate-amdgpu-shared-memory", StandIn: "allocate-shared-memory"}
	}
	var opts []string
	if o.ComputeCapability != 0 {
		opts = append(opts, fmt.Sprintf("compute-capability=%d", o.ComputeCapability))
	}
	if o.PTXVersion != 0 {
		opts = append(opts, fmt.Sprintf("ptx-version=%d", o.PTXVersion))
	}
	var steps []passmgr.Step
	if !strings.HasPrefix(o.Target, "hip:") {
		// tt's own TTGIR scheduling before the buffers are placed: in a
		// loop of two chained wgmmas (attention), the second is issued in
		// the next iteration, after the first.
		steps = append(steps, passmgr.NewStep("tt-pipeline-chained-dots"))
	}
	return passmgr.StepsText(reg, append(steps,
		allocator,
		passmgr.NewStep("convert-scf-to-cf"),
		passmgr.NewStep(PassName, opts...),
		passmgr.NewStep("canonicalize"),
		passmgr.NewStep("cse"),
		// Values next to their uses: the PTX emitter allocates no registers
		// itself, and ptxas keeps a value live from where it is computed.
		passmgr.NewStep("sink-to-uses"),
	))
}
