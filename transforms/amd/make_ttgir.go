package amd

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/passmgr"
)

// PipelineName is the named pipeline of Triton's AMD make_ttgir.
const PipelineName = "ttgir-pipeline-amd"

func init() {
	passmgr.Default.RegisterPipeline(&passmgr.NamedPipeline{
		Name: PipelineName,
		Summary: "Triton 3.6's AMD make_ttgir: convert-triton-to-tritongpu (hip:<arch>, 64 threads per warp " +
			"on CDNA) and the TTGIR optimizations, in compiler.py's order (passes tt does not have yet are shown as ?placeholders)",
		Build: func(fs *flag.FlagSet) func() string {
			o := DefaultOptions()
			fs.IntVar(&o.NumWarps, "num-warps", o.NumWarps, "number of warps")
			fs.IntVar(&o.NumCTAs, "num-ctas", o.NumCTAs, "number of CTAs in a cluster")
			fs.IntVar(&o.ThreadsPerWarp, "threads-per-warp", o.ThreadsPerWarp, "threads per warp (0: the architecture's wavefront size)")
			fs.StringVar(&o.Arch, "arch", o.Arch, "GFX architecture, e.g. gfx942")
			fs.StringVar(&o.Target, "target", o.Target, "target string (default hip:<arch>)")
			fs.IntVar(&o.NumStages, "num-stages", o.NumStages, "software pipelining stages")
			return func() string { return passmgr.StepsText(passmgr.Default, TTGIRSteps(o)) }
		},
	})
	for pass, reason := range notBuilt {
		passmgr.Default.MarkNotBuilt(pass, reason)
	}
}

// Why the passes of AMD's make_ttgir that tt does not have yet are missing
// (the steps run as soon as a pass of the name is registered;
// TestNotBuiltSteps lists the steps still waiting).
const (
	dotPath    = "the MFMA/WMMA tt.dot path is not built yet"
	pipelining = "software pipelining is not built yet"
	amdPasses  = "the tritonamdgpu optimization passes are not built yet"
)

var notBuilt = map[string]string{
	"tritonamdgpu-accelerate-matmul":        dotPath,
	"tritonamdgpu-optimize-epilogue":        dotPath,
	"tritonamdgpu-optimize-dot-operands":    dotPath,
	"tritonamdgpu-hoist-layout-conversions": dotPath,
	"tritonamdgpu-schedule-loops":           pipelining,
	"tritonamdgpu-pipeline":                 pipelining,
	"tritonamdgpu-in-thread-transpose":      dotPath,
	"tritonamdgpu-reorder-instructions":     amdPasses,
	"tritonamdgpu-block-pingpong":           pipelining,
	"tritonamdgpu-canonicalize-pointers":    amdPasses,
	"tritonamdgpu-convert-buffer-ops":       amdPasses,
	"tritonamdgpu-fold-true-cmpi":           amdPasses,
	"tritonamdgpu-update-async-wait-count":  pipelining,
}

// Options are the knobs of Triton's AMD make_ttgir that the pipeline reads
// (HIPOptions' num_warps, num_ctas, num_stages, warp_size and arch).
type Options struct {
	NumWarps, NumCTAs int
	// ThreadsPerWarp is the wavefront size; 0 takes the architecture's
	// (WarpSize).
	ThreadsPerWarp int
	// Arch is the GFX architecture name ("gfx942").
	Arch string
	// Target overrides the module's ttg.target; empty means "hip:<Arch>".
	Target    string
	NumStages int
}

// DefaultOptions are Triton's HIP defaults (num_warps=4, num_ctas=1,
// num_stages=2) on gfx942.
func DefaultOptions() Options {
	return Options{NumWarps: 4, NumCTAs: 1, Arch: "gfx942", NumStages: 2}
}

// WarpSize is the wavefront size of a GFX architecture, as HIPOptions
// sets warp_size: 32 on RDNA (gfx10 and later), 64 on GCN and CDNA.
func WarpSize(arch string) int {
	if major, ok := gfxMajor(arch); ok && major >= 10 {
		return 32
	}
	return 64
}

// gfxMajor reads the major version of "gfxNNN" (the digits but the last
// two: gfx942 -> 9, gfx1100 -> 11).
func gfxMajor(arch string) (int, bool) {
	digits, ok := strings.CutPrefix(arch, "gfx")
	if !ok || len(digits) < 3 {
		return 0, false
	}
	n, err := strconv.Atoi(digits[:len(digits)-2])
	return n, err == nil
}

// inThreadTranspose reports whether compiler.py's
// is_in_thread_transpose_enabled holds: CDNA3 (gfx942) only.
func inThreadTranspose(arch string) bool { return arch == "gfx942" }

// blockPingpong reports whether compiler.py's
// is_pingpong_schedule_enabled holds: on gfx942 (and gfx950), for two
// stages.
func blockPingpong(arch string, numStages int) bool {
	return (arch == "gfx942" || arch == "gfx950") && numStages == 2
}

// TTGIRSteps is make_ttgir of Triton 3.6's AMD backend
// (third_party/amd/backend/compiler.py) as a list of passes with options,
// built or not, in the order of Triton's gfx942 IR dumps.
func TTGIRSteps(o Options) []passmgr.Step {
	target := o.Target
	if target == "" {
		target = "hip:" + o.Arch
	}
	tpw := o.ThreadsPerWarp
	if tpw == 0 {
		tpw = WarpSize(o.Arch)
	}
	s := passmgr.NewStep
	arch := "gfx-arch=" + o.Arch
	steps := []passmgr.Step{
		s("convert-triton-to-tritongpu", "target="+target, fmt.Sprintf("num-warps=%d", o.NumWarps),
			fmt.Sprintf("threads-per-warp=%d", tpw), fmt.Sprintf("num-ctas=%d", o.NumCTAs)),
		s("tritongpu-coalesce"),
		s("tritongpu-F32DotTC", "emu-tf32=false"),
		s("tritongpu-remove-layout-conversions"),
		s("tritongpu-optimize-thread-locality"),
		s("tritonamdgpu-accelerate-matmul", arch, "matrix-instruction-size=0", "kPack=1"),
		s("tritongpu-remove-layout-conversions"),
		s("tritonamdgpu-optimize-epilogue"),
		s("tritonamdgpu-optimize-dot-operands", arch),
		s("tritonamdgpu-hoist-layout-conversions"),
		s("tritongpu-fuse-nested-loops"),
		s("canonicalize"),
		s("triton-licm"),
		s("canonicalize"),
		s("tritonamdgpu-schedule-loops", fmt.Sprintf("num_stages=%d", o.NumStages)),
		s("tritonamdgpu-pipeline", "use_async_copy=false", fmt.Sprintf("use_pingpong=%t", blockPingpong(o.Arch, o.NumStages))),
		s("canonicalize"),
		s("tritongpu-remove-layout-conversions"),
		s("tritongpu-reduce-data-duplication"),
	}
	if inThreadTranspose(o.Arch) {
		steps = append(steps,
			s("tritonamdgpu-in-thread-transpose"),
			s("tritongpu-remove-layout-conversions"))
	}
	steps = append(steps, s("tritonamdgpu-reorder-instructions"))
	if blockPingpong(o.Arch, o.NumStages) {
		steps = append(steps, s("tritonamdgpu-block-pingpong", fmt.Sprintf("num-stages=%d", o.NumStages)))
	}
	steps = append(steps,
		s("tritonamdgpu-canonicalize-pointers"),
		s("canonicalize"),
		s("tritonamdgpu-convert-buffer-ops", arch),
		s("tritonamdgpu-fold-true-cmpi"),
		s("canonicalize"),
		s("cse"),
		s("symbol-dce"),
		// Triton 3.6's gfx942 dumps show it with async copies off too.
		s("tritonamdgpu-update-async-wait-count", arch))
	return steps
}
