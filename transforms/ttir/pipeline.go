package ttir

import (
	"flag"
	"strings"

	"github.com/ttcompiler/tt/passmgr"
)

// NVIDIATTIRPipeline returns the textual pass list of Triton 3.6's NVIDIA
// make_ttir (third_party/nvidia/backend/compiler.py) for a compute
// capability: before Hopper (capability < 90) there is no TMA, so tensor
// descriptors are lowered to pointers.
func NVIDIATTIRPipeline(capability int) string {
	passes := []string{"inline", "triton-rewrite-tensor-pointer"}
	if capability/10 < 9 {
		passes = append(passes, "triton-rewrite-tensor-descriptor-to-pointer")
	}
	passes = append(passes, "canonicalize", "triton-combine", "triton-reorder-broadcast",
		"cse", "symbol-dce", "triton-loop-unroll")
	return strings.Join(passes, ",")
}

// AMDTTIRPipeline is Triton 3.6's AMD make_ttir
// (third_party/amd/backend/compiler.py): descriptors are always lowered,
// and triton-licm runs after CSE.
const AMDTTIRPipeline = "inline,triton-rewrite-tensor-pointer,triton-rewrite-tensor-descriptor-to-pointer," +
	"canonicalize,triton-combine,triton-reorder-broadcast,cse,triton-licm,symbol-dce,triton-loop-unroll"

// Pipelines returns the named pipelines of this package.
func Pipelines() []*passmgr.NamedPipeline {
	return []*passmgr.NamedPipeline{
		{
			Name:    "ttir-pipeline",
			Summary: "Triton 3.6's make_ttir for NVIDIA GPUs (option capability, e.g. 80 or 90)",
			Build: func(fs *flag.FlagSet) func() string {
				capability := fs.Int("capability", 90, "CUDA compute capability (major*10 + minor)")
				return func() string { return NVIDIATTIRPipeline(*capability) }
			},
		},
		{
			Name:    "ttir-pipeline-amd",
			Summary: "Triton 3.6's make_ttir for AMD GPUs",
			Text:    AMDTTIRPipeline,
		},
	}
}
