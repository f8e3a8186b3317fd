package tttranslate

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// Options are the compilation parameters and what to print on the way.
type Options struct {
	// Target is the output: "ptx", "llvmir", "amdgcn" or "hsaco" (an AMD
	// code object: llc's object linked by ld.lld).
	Target string
	// Arch is the GPU: "sm_90" (default for ptx and llvmir), "sm_80",
	// "gfx942" (default for amdgcn).
	Arch string
	// NumWarps, NumStages and NumCTAs parameterize the TTIR -> TTGIR
	// conversion and the software pipeliner (Triton's defaults 4, 3, 1 on
	// NVIDIA; the command line's num-stages default is 2 on AMD, as
	// Triton's HIPOptions).
	NumWarps, NumStages, NumCTAs int
	// NumWarpsGiven says the user chose NumWarps: a TTGIR module's
	// ttg.num-warps must then agree with it.
	NumWarpsGiven bool
	// PTXVersion is the `.version` of PTX output ("" for the emitter's).
	PTXVersion string
	// FPFusion lets ptxas fuse float multiplies and adds (Triton's
	// enable_fp_fusion, on by default there and here).
	FPFusion bool
	// LineInfo prints the source position of each op into the PTX
	// (`.loc`/`.file`, the line table profilers read), as Triton does
	// unless TRITON_DISABLE_LINE_INFO is set; on by default.
	LineInfo bool
	// LLD is the ld.lld used for hsaco ("" looks for ld.lld on PATH).
	LLD string
	// LLC is the llc used for amdgcn ("" looks for llc on PATH).
	LLC string
	// Pass configures IR printing, timing and verification for every
	// stage's pipeline.
	Pass passmgr.Config
	// DumpStages, if set, is a directory that receives the IR after each
	// stage (NN-stage.mlir).
	DumpStages string
	// ReproducerPath, if set, is the prefix of the stages' reproducers:
	// PREFIX.make_<stage>.repro.mlir, written before each stage runs
	// (Triton's TRITON_REPRODUCER_PATH; reproducer.go).
	ReproducerPath string
	// Remarks passes the passes' remarks on (--remarks, or Triton's
	// MLIR_ENABLE_DIAGNOSTICS=remarks); by default only warnings and
	// errors are printed, as Triton does.
	Remarks bool
	// Triton holds the rest of Triton's compile options (triton.go).
	Triton TritonOptions
	// GridVariant adds to the PTX of a kernel tt made persistent the same
	// kernel on the grid's own schedule, for a launcher to run on small
	// grids (--grid-variant; grid_variant.go).
	GridVariant bool
	// StrictGridVariant makes a failure of the variant's compilation or
	// emission (other than its not fitting the SM) the compilation's
	// error instead of a warning: for tests and the fuzz campaign, where
	// a variant that does not compile is a compiler bug to report, not a
	// launch to go without.
	StrictGridVariant bool
	// gridSchedule compiles the kernel on the grid's own schedule (the
	// grid-schedule variant's compilation).
	gridSchedule bool
	// persistentPlanned, when set, is called once, as soon as
	// tt-persistent-programs' plan says the kernel will be persistent
	// (Compile starts its grid-schedule variant there, beside the rest of
	// the kernel's stages).
	persistentPlanned func()
}

// DefaultOptions are Triton's defaults for an NVIDIA H100. The IR is
// verified after each stage, not after each pass (Pass.VerifyEach, the
// --verify-each flag): per-pass verification was 17-19% of a dot kernel's
// compile, and tt-opt, the tests and the fuzz campaign keep it on.
func DefaultOptions() Options {
	pass := *passmgr.DefaultConfig()
	pass.VerifyEach = false
	return Options{Target: "ptx", NumWarps: 4, NumStages: 3, NumCTAs: 1, FPFusion: true, LineInfo: true, Pass: pass,
		Triton: defaultTritonOptions()}
}

// stageConfig is the pass configuration the stages run with: o.Pass,
// with the passes' remarks dropped unless o.Remarks asks for them.
func (o *Options) stageConfig() passmgr.Config {
	cfg := o.Pass
	if o.Remarks || cfg.Diagnostics != nil {
		return cfg
	}
	out := cfg.IROut
	if out == nil {
		out = os.Stderr
	}
	cfg.Diagnostics = func(d *ir.Diagnostic) {
		if d.Severity != ir.SevRemark {
			fmt.Fprintln(out, d.Error())
		}
	}
	return cfg
}

// remarksFromEnv reports whether MLIR_ENABLE_DIAGNOSTICS (Triton's knob, a
// comma-separated list) asks for remarks.
func remarksFromEnv() bool {
	for _, v := range strings.Split(os.Getenv("MLIR_ENABLE_DIAGNOSTICS"), ",") {
		if strings.TrimSpace(v) == "remarks" {
			return true
		}
	}
	return false
}

// arch returns the architecture, defaulted by target.
func (o *Options) arch() string {
	if o.Arch != "" {
		return o.Arch
	}
	if o.Target == "amdgcn" || o.Target == "hsaco" {
		return "gfx942"
	}
	return "sm_90"
}

// vendorTarget is Triton's target string for the ttg.target attribute:
// "cuda:90", "hip:gfx942".
func (o *Options) vendorTarget() (string, error) {
	a := o.arch()
	// Only the architectures tt-translate's --arch takes: every other
	// spelling that reads as a number (sm_1000, cuda:35) compiled as if
	// tt knew that GPU (tt-run --backend sim --arch sm_1000 ran).
	if cc, ok := strings.CutPrefix(a, "cuda:"); ok {
		a = "sm_" + cc
	}
	if !supported(a) {
		return "", fmt.Errorf("unknown architecture %q (supported: %s)", o.arch(), strings.Join(SupportedArchs, ", "))
	}
	if strings.HasPrefix(a, "gfx") {
		return "hip:" + a, nil
	}
	return "cuda:" + strings.TrimSuffix(strings.TrimPrefix(a, "sm_"), "a"), nil
}

// params are the option values offered to every pass and pipeline of the
// stages (each takes those it declares).
func (o *Options) params() (map[string]string, error) {
	vt, err := o.vendorTarget()
	if err != nil {
		return nil, err
	}
	p := map[string]string{
		"num-warps":        strconv.Itoa(o.NumWarps),
		"num-stages":       strconv.Itoa(o.NumStages),
		"num-ctas":         strconv.Itoa(o.NumCTAs),
		"threads-per-warp": "32",
		"target":           vt,
		"arch":             o.arch(),
	}
	if cc, ok := strings.CutPrefix(vt, "cuda:"); ok {
		p["compute-capability"] = cc
		p["capability"] = cc
	}
	if major, minor, ok := ptxVersionNumbers(o.PTXVersion); ok {
		p["ptx-version"] = strconv.Itoa(major*10 + minor) // the conversion takes it times ten
	}
	if strings.HasPrefix(vt, "hip:") {
		p["threads-per-warp"] = strconv.Itoa(warpSize(o.arch()))
	}
	tritonParams(o, p)
	if o.gridSchedule {
		p["persistent"] = "off"
	}
	return p, nil
}
