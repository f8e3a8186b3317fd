package tttranslate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// Level is how far down the pipeline a module is.
type Level int

const (
	// LevelTTIR: tt ops without layouts (Triton's front-end output).
	LevelTTIR Level = iota
	// LevelTTGIR: tensors carry ttg layouts; the module has ttg.num-warps.
	LevelTTGIR
	// LevelPerThread: llvm.func kernels over llvm and gpu ops.
	LevelPerThread
)

func (l Level) String() string {
	return [...]string{"TTIR", "TTGIR", "per-thread IR"}[l]
}

// DetectLevel tells where a module is: per-thread IR if it holds an
// llvm.func, TTGIR if it carries the `ttg.num-warps` module attribute,
// TTIR otherwise.
func DetectLevel(module *ir.Operation) Level {
	if module.NumRegions() > 0 && !module.Region(0).Empty() {
		for _, op := range module.Region(0).Front().Ops() {
			if op.Name() == "llvm.func" {
				return LevelPerThread
			}
		}
	}
	if module.Attr("ttg.num-warps") != nil {
		return LevelTTGIR
	}
	return LevelTTIR
}

// Stage is one step of the pipeline: a textual list of registered passes
// or named pipelines (comma-separated) that takes a module at level In to
// level Out.
type Stage struct {
	Name     string
	In, Out  Level
	Pipeline string
	// AMD replaces Pipeline for AMD targets (gfx*) when set.
	AMD string
}

// Stages is the pipeline from TTIR to per-thread IR, in order. A module
// runs the stages whose input level is at or below its own: TTGIR input
// skips the TTIR stages. The names are those registered in passmgr.Default
// by the transforms and conversion packages; this table is the one place
// to adjust them.
var Stages = []Stage{
	{Name: "ttir", In: LevelTTIR, Out: LevelTTIR, Pipeline: "ttir-pipeline", AMD: "ttir-pipeline-amd"},
	// tt-persistent-programs and tt-specialize-dot-chains (tt's own,
	// NVIDIA only) run on the TTIR before Triton's make_ttgir, whose
	// fuse-nested-loops, warp specialization and pipeliner then treat
	// the kernel as one written persistent, or its marked loops as ones
	// to specialize where they can be.
	{Name: "ttgir", In: LevelTTIR, Out: LevelTTGIR, Pipeline: "tt-persistent-programs,tt-tma-loads,tt-specialize-dot-chains,tt-hoist-epilogue-loads,ttgir-pipeline", AMD: "ttgir-pipeline-amd"},
	{Name: "llir", In: LevelTTGIR, Out: LevelPerThread, Pipeline: "ttgir-to-gpu-pipeline"},
}

// persistentSchedule reports whether the stage runs tt-persistent-programs
// with params (which may turn it off).
func (s Stage) persistentSchedule(params map[string]string) bool {
	return params["capability"] == "90" && params["persistent"] != "off" && passmgr.Experiment("TT_X_PERSISTENT", "on") != "off" &&
		slices.Contains(s.names(), "tt-persistent-programs")
}

// planWarps reports whether the stage may compile module on other warps
// than asked (ttir.AccumulatorWarps and ttir.RowSplitPlan decide): it runs
// tt-specialize-dot-chains for sm_90 (the TTIR make_ttir left goes in),
// and no register bound was asked for (--maxnreg), which the plans' own
// would replace.
func (s Stage) planWarps(params map[string]string, module *ir.Operation) bool {
	return params["capability"] == "90" && module.Attr(ttg.AttrMaxNReg) == nil &&
		slices.Contains(s.names(), "tt-specialize-dot-chains")
}

// StagesFrom returns the stages a module at level l runs (for NVIDIA).
func StagesFrom(l Level) []Stage { return stagesFor(l, false) }

// stagesFor returns the stages from level l, with the AMD pipelines when
// amd is set.
func stagesFor(l Level, amd bool) []Stage {
	var out []Stage
	for _, s := range Stages {
		if s.In >= l {
			if amd && s.AMD != "" {
				s.Pipeline = s.AMD
			}
			out = append(out, s)
		}
	}
	return out
}

// Missing returns the names of a stage's passes and pipelines that are not
// registered in reg.
func (s Stage) Missing(reg *passmgr.Registry) []string {
	var out []string
	for _, name := range s.names() {
		if reg.Lookup(name) == nil && reg.LookupPipeline(name) == nil {
			out = append(out, name)
		}
	}
	return out
}

func (s Stage) names() []string {
	var out []string
	for _, n := range strings.Split(s.Pipeline, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// build makes the pass manager of a stage. Each pass or named pipeline
// receives those of the compilation parameters it declares as options
// (num-warps, num-stages, target, ...), so the table needs no per-pass
// option syntax.
func (s Stage) build(reg *passmgr.Registry, params map[string]string) (*passmgr.PassManager, error) {
	if miss := s.Missing(reg); len(miss) > 0 {
		return nil, fmt.Errorf("stage %s: %s not registered (is the package that provides it linked in?)", s.Name, strings.Join(quoteAll(miss), ", "))
	}
	pm := passmgr.New(reg, "builtin.module")
	for _, name := range s.names() {
		if err := pm.AddPassOffering(name, params); err != nil {
			return nil, fmt.Errorf("stage %s: %v", s.Name, err)
		}
	}
	return pm, nil
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "'" + n + "'"
	}
	return out
}
