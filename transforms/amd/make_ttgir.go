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
			"on CDNA) and the TTGIR optimizations, in compiler.py's order (every pass of 3.6's list is built)",
		Build: func(fs *flag.FlagSet) func() string {
			o := DefaultOptions()
			fs.IntVar(&o.NumWarps, "num-warps", o.NumWarps, "number of warps")
			fs.IntVar(&o.NumCTAs, "num-ctas", o.NumCTAs, "number of CTAs in a cluster")
			fs.IntVar(&o.ThreadsPerWarp, "threads-per-warp", o.ThreadsPerWarp, "threads per warp (0: the architecture's wavefront size)")
			fs.StringVar(&o.Arch, "arch", o.Arch, "GFX architecture, e.g. gfx942")
			fs.StringVar(&o.Target, "target", o.Target, "target string (default hip:<arch>)")
			fs.IntVar(&o.NumStages, "num-stages", o.NumStages, "software pipelining stages")
			fs.IntVar(&o.MatrixInstrNonKDim, "matrix-instr-nonkdim", o.MatrixInstrNonKDim, "force the MFMA M and N (0: from the dot's shape)")
			fs.IntVar(&o.KPack, "kpack", o.KPack, "kWidth / kBase of MFMA operands (1 or 2)")
			fs.BoolVar(&o.UseAsyncCopy, "use-async-copy", o.UseAsyncCopy, "pipeline loads straight into LDS (knobs.amd.use_async_copy)")
			return func() string { return TTGIRPipeline(o, passmgr.Default) }
		},
	})
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
	// MatrixInstrNonKDim forces the MFMA's M and N (HIPOptions'
	// matrix_instr_nonkdim; 0 lets the dot's shape decide).
	MatrixInstrNonKDim int
	// KPack is HIPOptions' kpack (kWidth = kBase * kPack).
	KPack int
	// UseAsyncCopy is knobs.amd.use_async_copy: pipelined loads go
	// straight to LDS.
	UseAsyncCopy bool
}

// DefaultOptions are Triton's HIP defaults (num_warps=4, num_ctas=1,
// num_stages=2) on gfx942.
func DefaultOptions() Options {
	return Options{NumWarps: 4, NumCTAs: 1, Arch: "gfx942", NumStages: 2, KPack: 1}
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

// blockPingpong reports whether compiler.py's is_pingpong_schedule_enabled
// holds: on gfx942, and on gfx950 with async copies.
func blockPingpong(arch string, asyncCopy bool) bool {
	return arch == "gfx942" || (arch == "gfx950" && asyncCopy)
}

// TTGIRSteps is make_ttgir of Triton 3.6's AMD backend
// (third_party/amd/backend/compiler.py) as a list of passes with options,
// for all passes, registered or not, with HIPOptions' and the knobs'
// defaults (buffer ops on, async copies off, no schedule hint).
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
	arch := "arch-generation-name=" + o.Arch
	pingpong := blockPingpong(o.Arch, o.UseAsyncCopy)
	steps := []passmgr.Step{
		s("convert-triton-to-tritongpu", "target="+target, fmt.Sprintf("num-warps=%d", o.NumWarps),
			fmt.Sprintf("threads-per-warp=%d", tpw), fmt.Sprintf("num-ctas=%d", o.NumCTAs)),
		s("tritongpu-coalesce"),
		s("tritongpu-F32DotTC", "emu-tf32=false"),
		s("tritongpu-remove-layout-conversions"),
		s("tritongpu-optimize-thread-locality"),
		s("tritonamdgpu-accelerate-matmul", arch, fmt.Sprintf("matrix-instruction-size=%d", o.MatrixInstrNonKDim), fmt.Sprintf("kPack=%d", o.KPack)),
		s("tritongpu-remove-layout-conversions"),
		s("tritonamdgpu-optimize-epilogue"),
		s("tritonamdgpu-optimize-dot-operands", arch),
		s("tritonamdgpu-hoist-layout-conversions"),
		s("tritongpu-fuse-nested-loops"),
		s("canonicalize"),
		s("triton-licm"),
		s("canonicalize"),
		s("tritonamdgpu-schedule-loops", fmt.Sprintf("num_stages=%d", o.NumStages)),
		s("tritonamdgpu-pipeline", fmt.Sprintf("use_async_copy=%t", o.UseAsyncCopy), fmt.Sprintf("use_pingpong=%t", pingpong)),
	}
	if o.UseAsyncCopy {
		steps = append(steps, s("tritonamdgpu-coalesce-async-copy", arch))
	}
	steps = append(steps,
		s("canonicalize"),
		s("tritongpu-remove-layout-conversions"),
		s("tritongpu-reduce-data-duplication"))
	if inThreadTranspose(o.Arch) {
		steps = append(steps,
			s("tritonamdgpu-in-thread-transpose"),
			s("tritongpu-remove-layout-conversions"))
	}
	steps = append(steps, s("tritonamdgpu-reorder-instructions"))
	if pingpong && o.NumStages > 1 {
		steps = append(steps, s("tritonamdgpu-block-pingpong", fmt.Sprintf("num-stages=%d", o.NumStages)))
	}
	steps = append(steps,
		s("tritonamdgpu-canonicalize-pointers"),
		s("canonicalize"),
		s("tritonamdgpu-convert-buffer-ops", arch, "allow-buffer-atomics=true", "analyze-small-tensor-ofst=false"),
		s("tritonamdgpu-fold-true-cmpi"),
		s("canonicalize"),
		s("cse"),
		s("symbol-dce"))
	return steps
}

// TTGIRPipeline renders make_ttgir as a textual pipeline on reg
// (passmgr.StepsText: passes not built yet are ?placeholders). Function
// passes nest under tt.func, as Triton adds them with
// addNestedPass<triton::FuncOp>.
func TTGIRPipeline(o Options, reg *passmgr.Registry) string {
	var parts []string
	for _, st := range TTGIRSteps(o) {
		text := passmgr.StepsText(reg, []passmgr.Step{st})
		if p := reg.Lookup(st.Pass); p != nil && p.Anchor == "tt.func" {
			text = "tt.func(" + text + ")"
		}
		parts = append(parts, text)
	}
	return strings.Join(parts, ",")
}
