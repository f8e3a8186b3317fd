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
	passmgr.Default.RegisterPipeline(&passmgr.NamedPipeline{
		Name: PipelineName,
		Summary: "TTGIR to per-thread IR: allocate-shared-memory (when registered), convert-scf-to-cf, " +
			PassName + ", canonicalize, cse, sink-to-uses (when registered)",
		Build: func(fs *flag.FlagSet) func() string {
			var o Options
			fs.IntVar(&o.ComputeCapability, "compute-capability", 0, "device compute capability (0: from the module's ttg.target)")
			fs.IntVar(&o.PTXVersion, "ptx-version", 0, "PTX ISA version times ten (0: the capability's default)")
			fs.StringVar(&o.Target, "target", "", "target of the modules (cuda:90, hip:gfx942); picks the vendor's shared memory allocation")
			return func() string { return Pipeline(o, passmgr.Default) }
		},
	})
}

// Pipeline renders the lowering pipeline, leaving out the passes reg does
// not know (allocate-shared-memory is optional: without it the conversion
// runs the same allocation itself).
func Pipeline(o Options, reg *passmgr.Registry) string {
	var parts []string
	add := func(name, opts string) {
		if reg.Lookup(name) == nil {
			return
		}
		if opts != "" {
			name += "{" + opts + "}"
		}
		parts = append(parts, name)
	}
	// Triton's NVIDIA pass is allocate-shared-memory-nv, its AMD one
	// allocate-amdgpu-shared-memory; the generic allocate-shared-memory
	// stands in for either.
	allocators := []string{"allocate-shared-memory-nv", "allocate-shared-memory"}
	if strings.HasPrefix(o.Target, "hip:") {
		allocators = []string{"allocate-amdgpu-shared-memory", "allocate-shared-memory"}
	}
	for _, name := range allocators {
		if reg.Lookup(name) != nil {
			add(name, "")
			break
		}
	}
	add("convert-scf-to-cf", "")
	var opts []string
	if o.ComputeCapability != 0 {
		opts = append(opts, fmt.Sprintf("compute-capability=%d", o.ComputeCapability))
	}
	if o.PTXVersion != 0 {
		opts = append(opts, fmt.Sprintf("ptx-version=%d", o.PTXVersion))
	}
	add(PassName, strings.Join(opts, " "))
	add("canonicalize", "")
	add("cse", "")
	// Values next to their uses: the PTX emitter allocates no registers
	// itself, and ptxas keeps a value live from where it is computed.
	add("sink-to-uses", "")
	return strings.Join(parts, ",")
}
