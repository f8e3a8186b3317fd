package ttgir_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/passmgr/testpasses"
	"github.com/ttcompiler/tt/transforms/ttgir"
)

// allNVIDIAPasses are the passes of Triton 3.6's NVIDIA make_ttgir.
var allNVIDIAPasses = []string{
	"convert-triton-to-tritongpu", "tritongpu-coalesce", "tritongpu-F32DotTC", "triton-nvidia-gpu-plan-cta",
	"tritongpu-remove-layout-conversions", "tritongpu-optimize-thread-locality", "tritongpu-accelerate-matmul",
	"tritongpu-optimize-dot-operands", "triton-nvidia-optimize-descriptor-encoding", "triton-loop-aware-cse",
	"tritongpu-fuse-nested-loops", "canonicalize", "triton-licm", "tritongpu-combine-tensor-select-and-if",
	"nvgpu-warp-specialization", "tritongpu-assign-latencies", "tritongpu-schedule-loops", "tritongpu-pipeline",
	"tritongpu-optimize-accumulator-init", "tritongpu-hoist-tmem-alloc", "tritongpu-promote-lhs-to-tmem",
	"tritongpu-automatic-warp-specialization", "tritongpu-optimize-partition-warps",
	"triton-nvidia-gpu-remove-tmem-tokens", "tritongpu-prefetch", "tritongpu-coalesce-async-copy",
	"triton-nvidia-optimize-tmem-layouts", "triton-nvidia-tma-lowering", "triton-nvidia-interleave-tmem",
	"tritongpu-reduce-data-duplication", "tritongpu-reorder-instructions", "symbol-dce",
	"triton-nvidia-gpu-fence-insertion", "triton-nvidia-mma-lowering", "sccp", "cse",
}

func TestNVIDIATTGIRPipeline(t *testing.T) {
	o := ttgir.DefaultPipelineOptions()
	o.NumWarps, o.NumStages = 8, 4
	// With every pass registered: make_ttgir for sm_90, in the order of
	// Triton's sm90 IR dumps.
	got := passmgr.StepsText(testpasses.NopRegistry(allNVIDIAPasses...), ttgir.NVIDIATTGIRSteps(o))
	want := strings.Join([]string{
		"convert-triton-to-tritongpu{target=cuda:90 num-warps=8 threads-per-warp=32 num-ctas=1}",
		"tritongpu-coalesce", "tritongpu-F32DotTC{emu-tf32=true}", "triton-nvidia-gpu-plan-cta",
		"tritongpu-remove-layout-conversions", "tritongpu-optimize-thread-locality",
		"tritongpu-accelerate-matmul", "tritongpu-remove-layout-conversions",
		"tritongpu-optimize-dot-operands{hoist-layout-conversion=true}",
		"triton-nvidia-optimize-descriptor-encoding", "triton-loop-aware-cse",
		"tritongpu-fuse-nested-loops", "canonicalize", "triton-licm", "canonicalize",
		"tritongpu-combine-tensor-select-and-if", "nvgpu-warp-specialization{num-stages=4}",
		"tritongpu-assign-latencies{num-stages=4}", "tritongpu-schedule-loops", "tritongpu-pipeline{num-stages=4}",
		"canonicalize", "triton-loop-aware-cse", "tritongpu-prefetch",
		"tritongpu-optimize-dot-operands{hoist-layout-conversion=true}", "tritongpu-coalesce-async-copy",
		"triton-nvidia-optimize-tmem-layouts", "triton-nvidia-tma-lowering",
		"tritongpu-remove-layout-conversions", "triton-nvidia-interleave-tmem",
		"tritongpu-reduce-data-duplication", "tritongpu-reorder-instructions", "triton-loop-aware-cse",
		"symbol-dce", "triton-nvidia-gpu-fence-insertion{compute-capability=90}", "triton-nvidia-mma-lowering",
		"sccp", "cse", "canonicalize",
	}, ",")
	if got != want {
		t.Errorf("sm_90 pipeline\n got  %s\n want %s", got, want)
	}

	// sm_75: no loop pipelining, only triton-licm; no TMA lowering.
	o = ttgir.DefaultPipelineOptions()
	o.Capability = 75
	got = passmgr.StepsText(testpasses.NopRegistry(allNVIDIAPasses...), ttgir.NVIDIATTGIRSteps(o))
	for _, absent := range []string{"tritongpu-pipeline", "triton-nvidia-tma-lowering", "emu-tf32=true", "hoist-layout-conversion=true"} {
		if strings.Contains(got, absent) {
			t.Errorf("sm_75 pipeline has %s: %s", absent, got)
		}
	}
	if !strings.Contains(got, "triton-loop-aware-cse,triton-licm,canonicalize") {
		t.Errorf("sm_75 pipeline lacks triton-licm after loop-aware CSE: %s", got)
	}

	// With some passes not built: they are ?placeholders; a pass that is
	// neither registered nor marked (sccp here) stays as it is, for the
	// pipeline parser to reject.
	built := []string{"convert-triton-to-tritongpu", "tritongpu-coalesce", "tritongpu-remove-layout-conversions",
		"tritongpu-optimize-thread-locality", "tritongpu-reduce-data-duplication", "canonicalize", "cse"}
	reg := testpasses.NopRegistry(built...)
	for _, p := range allNVIDIAPasses {
		if reg.Lookup(p) == nil && p != "sccp" {
			reg.MarkNotBuilt(p, "test")
		}
	}
	got = passmgr.StepsText(reg, ttgir.NVIDIATTGIRSteps(ttgir.DefaultPipelineOptions()))
	for _, want := range []string{
		"tritongpu-coalesce,?tritongpu-F32DotTC{emu-tf32=true},?triton-nvidia-gpu-plan-cta,tritongpu-remove-layout-conversions,",
		",?tritongpu-optimize-dot-operands{hoist-layout-conversion=true},?triton-nvidia-optimize-descriptor-encoding,",
		",?triton-nvidia-mma-lowering,sccp,cse,canonicalize",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("partial pipeline lacks %s:\n%s", want, got)
		}
	}
	if !strings.Contains(got, ",sccp,") {
		t.Errorf("the unregistered, unmarked sccp is not left for the parser to reject: %s", got)
	}
}

// The named pipeline parses with its options.
func TestTTGIRPipelineRegistered(t *testing.T) {
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module(ttgir-pipeline{num-warps=8 capability=80 num-stages=2})")
	if err != nil {
		t.Fatal(err)
	}
	if s := pm.String(); !strings.Contains(s, "target=cuda:80") || !strings.Contains(s, "num-warps=8") {
		t.Errorf("pipeline %s", s)
	}
}
