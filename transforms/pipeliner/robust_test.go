package pipeliner_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/lit/chunks"
	"github.com/ttcompiler/tt/passmgr"
)

// run parses src, runs pipeline on it and returns the printed result, the
// pass error and the diagnostics the passes emitted.
func run(t *testing.T, src, pipeline string) (string, error, []string) {
	t.Helper()
	ctx := all.NewContext()
	op, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: "in.mlir"})
	if err != nil {
		t.Fatalf("input does not parse: %v", err)
	}
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+pipeline+")")
	if err != nil {
		t.Fatal(err)
	}
	var diags []string
	cfg := &passmgr.Config{VerifyEach: true, Diagnostics: func(d *ir.Diagnostic) { diags = append(diags, d.Error()) }}
	err = pm.Run(op, cfg)
	return asm.Sprint(op, asm.PrintConfig{}), err, diags
}

// printed is src parsed and printed (the "unchanged" result).
func printed(t *testing.T, src string) string {
	t.Helper()
	op, err := asm.Parse(all.NewContext(), src, asm.ParseConfig{Filename: "in.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	return asm.Sprint(op, asm.PrintConfig{})
}

// loadLoop is a loop loading a contiguous 128x32 f16 tile per iteration
// and feeding it to a dot: the load is pipelined with num-stages >= 2.
const loadLoop = `#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#C = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #C, kWidth = 2}>
#B = #ttg.dot_op<{opIdx = 1, parent = #C, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
tt.func @f(%lb: i32, %ub: i32, %a: tensor<128x32x!tt.ptr<f16>, #AL> {tt.contiguity = dense<[1, 32]> : tensor<2xi32>, tt.divisibility = dense<[16, 16]> : tensor<2xi32>}, %b: tensor<32x128xf16, #B>, %c: tensor<128x128xf32, #C>) -> tensor<128x128xf32, #C> {
  %one = arith.constant 1 : i32
  %r = scf.for %i = %lb to %ub step %one iter_args(%acc = %c) -> (tensor<128x128xf32, #C>) : i32 {
    %x = tt.load %a : tensor<128x32x!tt.ptr<f16>, #AL>
    %xa = ttg.convert_layout %x : tensor<128x32xf16, #AL> -> tensor<128x32xf16, #A>
    %d = tt.dot %xa, %b, %acc : tensor<128x32xf16, #A> * tensor<32x128xf16, #B> -> tensor<128x128xf32, #C>
    scf.yield %d : tensor<128x128xf32, #C>
  }LOOPATTRS
  tt.return %r : tensor<128x128xf32, #C>
}
}`

func withLoopAttrs(attrs string) string { return strings.Replace(loadLoop, "LOOPATTRS", attrs, 1) }

const pipelineAll = "tritongpu-assign-latencies{num-stages=%d},tritongpu-schedule-loops,tritongpu-pipeline{num-stages=%d}"

// TestNumStages: fewer than two stages leave the loop alone, a sane count
// pipelines it with that many buffers, an absurd one is refused with a
// located error instead of expanding the loop that many times.
func TestNumStages(t *testing.T) {
	src := withLoopAttrs("")
	for _, n := range []int{-5, 0, 1} {
		out, err, _ := run(t, src, fmt.Sprintf(pipelineAll, n, n))
		if err != nil || out != printed(t, src) {
			t.Errorf("num-stages=%d changed the loop (err %v):\n%s", n, err, out)
		}
	}
	for _, n := range []int{2, 3, 5} {
		out, err, _ := run(t, src, fmt.Sprintf(pipelineAll, n, n))
		if err != nil {
			t.Fatalf("num-stages=%d: %v", n, err)
		}
		want := fmt.Sprintf("ttg.local_alloc : () -> !ttg.memdesc<%dx128x32xf16", n-1)
		if !strings.Contains(out, want) || !strings.Contains(out, "ttg.async_copy_global_to_local") {
			t.Errorf("num-stages=%d: no %d-slot async pipeline:\n%s", n, n-1, out)
		}
	}
	for _, n := range []int{129, 1 << 30} {
		_, err, _ := run(t, src, fmt.Sprintf(pipelineAll, n, n))
		if err == nil || !strings.Contains(err.Error(), "in.mlir:8:") || !strings.Contains(err.Error(), "at most 128 stages") {
			t.Errorf("num-stages=%d: want a located error, got %v", n, err)
		}
	}
	// A loop's own tt.num_stages overrides the option, and is checked too.
	if _, err, _ := run(t, withLoopAttrs(" {tt.num_stages = 1000 : i32}"), fmt.Sprintf(pipelineAll, 3, 3)); err == nil ||
		!strings.Contains(err.Error(), "tt.num_stages = 1000") {
		t.Errorf("tt.num_stages = 1000: got %v", err)
	}
	out, err, _ := run(t, withLoopAttrs(" {tt.num_stages = 1 : i32}"), fmt.Sprintf(pipelineAll, 3, 3))
	if err != nil || strings.Contains(out, "async_copy") {
		t.Errorf("tt.num_stages = 1 pipelined the loop (err %v)", err)
	}
}

// TestBadSchedules: schedules written by hand that the pipeliner cannot
// follow are refused with a located error, or leave the loop alone with a
// diagnostic, as in Triton; none crashes.
func TestBadSchedules(t *testing.T) {
	body := func(xAttrs, dAttrs, loopAttrs string) string {
		s := strings.Replace(loadLoop, "tt.load %a :", "tt.load %a "+xAttrs+" :", 1)
		s = strings.Replace(s, "tt.dot %xa, %b, %acc :", "tt.dot %xa, %b, %acc "+dAttrs+" :", 1)
		s = strings.Replace(s, "ttg.convert_layout %x :", "ttg.convert_layout %x "+dAttrs+" :", 1)
		return strings.Replace(s, "LOOPATTRS", loopAttrs, 1)
	}
	stage := func(s, c int) string { return fmt.Sprintf("{loop.cluster = %d : i32, loop.stage = %d : i32}", c, s) }
	maxStage := func(m int) string { return fmt.Sprintf(" {tt.scheduled_max_stage = %d : i32}", m) }
	cases := []struct {
		name, src, pipeline string
		err                 string // the error, or "" for none
		diag                string // a diagnostic emitted, or ""
		unchanged           bool   // the loop is not expanded
	}{
		{"stage beyond range", body(stage(500, 0), stage(0, 0), maxStage(2)), "tritongpu-pipeline", "loop.stage = 500 is out of range", "", false},
		{"negative stage", body(stage(-1, 0), stage(0, 0), maxStage(2)), "tritongpu-pipeline", "loop.stage = -1 is out of range", "", false},
		{"huge max stage", body(stage(0, 0), stage(0, 0), maxStage(1<<20)), "tritongpu-pipeline", "tt.scheduled_max_stage = 1048576", "", false},
		{"op without stage", body(stage(0, 1), "", maxStage(2)), "tritongpu-pipeline", "", "not assigned a pipeline stage", true},
		{"load used before def", body(stage(2, 0), stage(0, 1), maxStage(2)), "tritongpu-pipeline", "before its definition in stage 2", "", false},
		{"carried value used too early", strings.Replace(body(stage(0, 0), stage(2, 1), maxStage(2)), "    scf.yield %d",
			"    %early = arith.addf %acc, %acc {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<128x128xf32, #C>\n    scf.yield %d", 1),
			"tritongpu-pipeline", "", "operation scheduled before its operands", true},
		{"negative latency", strings.Replace(loadLoop, "tt.load %a :", "tt.load %a {tt.latency = -2 : i32} :", 1), "tritongpu-schedule-loops", "tt.latency = -2 is out of range", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(c.src, "LOOPATTRS", "", 1)
			out, err, diags := run(t, src, c.pipeline)
			switch {
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "in.mlir:")):
				t.Errorf("want located error %q, got %v", c.err, err)
			case c.err == "" && err != nil:
				t.Errorf("unexpected error: %v", err)
			}
			if c.diag != "" && !strings.Contains(strings.Join(diags, "\n"), c.diag) {
				t.Errorf("want diagnostic %q, got %v", c.diag, diags)
			}
			// Not expanded: no copy was peeled into a prologue.
			if c.unchanged && strings.Count(out, "ttg.async_copy_global_to_local") > 1 {
				t.Errorf("loop was expanded:\n%s", out)
			}
		})
	}
}

// TestLoopsLeftAlone: loops the pipeliner does not handle keep their
// shape and get no schedule.
func TestLoopsLeftAlone(t *testing.T) {
	distanceTwo := strings.Replace(loadLoop, "iter_args(%acc = %c) -> (tensor<128x128xf32, #C>)", "iter_args(%acc = %c, %prev = %c) -> (tensor<128x128xf32, #C>, tensor<128x128xf32, #C>)", 1)
	distanceTwo = strings.Replace(distanceTwo, "scf.yield %d : tensor<128x128xf32, #C>", "scf.yield %d, %acc : tensor<128x128xf32, #C>, tensor<128x128xf32, #C>", 1)
	distanceTwo = strings.Replace(distanceTwo, "%r = scf.for", "%r:2 = scf.for", 1)
	distanceTwo = strings.Replace(distanceTwo, "tt.return %r :", "tt.return %r#0 :", 1)
	barrier := strings.Replace(loadLoop, "    scf.yield %d", "    gpu.barrier\n    scf.yield %d", 1)
	outer := strings.Replace(loadLoop, "    scf.yield %d", "    scf.for %j = %lb to %ub step %one : i32 {\n    }\n    scf.yield %d", 1)
	for name, src := range map[string]string{"distance 2": distanceTwo, "barrier": barrier, "outer loop": outer} {
		src = strings.Replace(src, "LOOPATTRS", "", 1)
		out, err, _ := run(t, src, fmt.Sprintf(pipelineAll, 3, 3))
		if err != nil || strings.Contains(out, "async_copy") || strings.Contains(out, "loop.stage") {
			t.Errorf("%s: loop pipelined or error %v:\n%s", name, err, out)
		}
	}
}

// TestUnpredicatableOp: a side-effecting op the pipeliner cannot
// predicate in an early stage is a located error (Triton aborts).
func TestUnpredicatableOp(t *testing.T) {
	// An atomic computing the load's address runs in the load's (early,
	// predicated) stage.
	src := strings.Replace(loadLoop, "    %x = tt.load %a :", "    %cas = tt.atomic_cas acq_rel, gpu, %q, %lb, %ub : (!tt.ptr<i32>, i32, i32) -> i32\n    %c16 = arith.constant 16 : i32\n    %m = arith.muli %cas, %c16 : i32\n    %off = tt.splat %m : i32 -> tensor<128x32xi32, #AL>\n    %pa = tt.addptr %a, %off : tensor<128x32x!tt.ptr<f16>, #AL>, tensor<128x32xi32, #AL>\n    %x = tt.load %pa :", 1)
	src = strings.Replace(src, "%c: tensor<128x128xf32, #C>)", "%c: tensor<128x128xf32, #C>, %q: !tt.ptr<i32>)", 1)
	src = strings.Replace(src, "LOOPATTRS", "", 1)
	_, err, _ := run(t, src, fmt.Sprintf(pipelineAll, 3, 3))
	if err == nil || !strings.Contains(err.Error(), "pipeliner doesn't know how to predicate this op") || !strings.Contains(err.Error(), "in.mlir:") {
		t.Errorf("want a located error, got %v", err)
	}
}

// TestTMALoweringBadDescriptors: descriptors without a shared layout, or
// with a layout TMA cannot use, are located errors.
func TestTMALoweringBadDescriptors(t *testing.T) {
	const tmpl = `#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
ENC
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f(%d: !tt.tensordesc<tensor<128x64xf16DESC>>, %i: i32) -> tensor<128x64xf16, #b> {
    %l = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xf16DESC>> -> tensor<128x64xf16, #b>
    tt.return %l : tensor<128x64xf16, #b>
  }
}`
	for _, c := range []struct{ enc, desc, err string }{
		{"", "", "tensor descriptor should have encoding set"},
		{"#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>", ", #s", "TMA result must have NVMMA shared layout"},
		{"#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>", ", #s", ""},
	} {
		src := strings.NewReplacer("ENC", c.enc, "DESC", c.desc).Replace(tmpl)
		_, err, _ := run(t, src, "triton-nvidia-tma-lowering")
		if c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "in.mlir:5:")) {
			t.Errorf("%q: want located error %q, got %v", c.desc, c.err, err)
		}
		if c.err == "" && err != nil {
			t.Errorf("%q: %v", c.desc, err)
		}
	}
}

// TestWarpSpecialization: without a loop asking for it the pass changes
// nothing; a marked loop without TMA loads is refused with a located error.
func TestWarpSpecialization(t *testing.T) {
	src := withLoopAttrs("")
	if out, err, _ := run(t, src, "nvgpu-warp-specialization{num-stages=3}"); err != nil || out != printed(t, src) {
		t.Errorf("changed a module without tt.warp_specialize (err %v)", err)
	}
	ws := withLoopAttrs(" {tt.warp_specialize}")
	if _, err, _ := run(t, ws, "nvgpu-warp-specialization{num-stages=3}"); err == nil || !strings.Contains(err.Error(), "in.mlir:8:") ||
		!strings.Contains(err.Error(), "needs tensor-descriptor (TMA) loads") {
		t.Errorf("want a located refusal, got %v", err)
	}
	// Triton skips functions with an else branch anywhere.
	withElse := strings.Replace(ws, "  tt.return %r", "  %e = arith.cmpi slt, %lb, %ub : i32\n  scf.if %e {\n  } else {\n    tt.print \" e\" {hex = false, isSigned = array<i32: 0>} : %lb : i32\n  }\n  tt.return %r", 1)
	if out, err, _ := run(t, withElse, "nvgpu-warp-specialization{num-stages=3}"); err != nil || out != printed(t, withElse) {
		t.Errorf("else branch: Triton leaves the loop alone (err %v)", err)
	}
}

// robustPipelines are the runs of this package's passes the robustness
// checks try, for a stage count n.
func robustPipelines(n int) []string {
	return []string{
		fmt.Sprintf(pipelineAll, n, n),
		"tritongpu-fuse-nested-loops," + fmt.Sprintf(pipelineAll, n, n),
		"tritongpu-test-pipeline-lower-loop",
		"triton-nvidia-tma-lowering",
		fmt.Sprintf("nvgpu-warp-specialization{num-stages=%d}", n),
	}
}

// checkNoCrash runs pipeline on src (if it parses and verifies) and fails
// if a pass crashes or leaves IR that does not verify.
func checkNoCrash(t *testing.T, src, name, pipeline string) {
	ctx := all.NewContext()
	ctx.AllowUnregistered = true
	op, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: name})
	if err != nil || ir.Verify(op) != nil {
		return
	}
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+pipeline+")")
	if err != nil {
		t.Fatal(err)
	}
	err = pm.Run(op, &passmgr.Config{VerifyEach: true, Diagnostics: func(*ir.Diagnostic) {}})
	if err != nil && (strings.Contains(err.Error(), "crashed") || strings.Contains(err.Error(), "verif")) {
		t.Errorf("%s, %s: %v", name, pipeline, err)
	}
}

// corpusChunks are the chunks of the corpus files of this package.
func corpusChunks(tb testing.TB) []string {
	var out []string
	for _, f := range litFiles {
		data, err := os.ReadFile(filepath.Join(corpus, f.File))
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, chunks.Split(string(data))...)
	}
	return out
}

// TestCorpusNeverCrashes runs every pass of the package, with stage counts
// 0, 2 and 4, on every chunk of the corpus files: no pass may crash or
// leave IR that does not verify.
func TestCorpusNeverCrashes(t *testing.T) {
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("Triton 3.6 lit corpus not found: %v", err)
	}
	if testing.Short() {
		t.Skip("slow: runs the passes on the whole corpus")
	}
	for c, chunk := range corpusChunks(t) {
		for _, n := range []int{0, 2, 4} {
			for _, p := range robustPipelines(n) {
				checkNoCrash(t, chunk, fmt.Sprintf("chunk%d", c), p)
			}
		}
	}
}

// FuzzPipeliner runs the package's passes on mutated corpus chunks.
func FuzzPipeliner(f *testing.F) {
	if _, err := os.Stat(corpus); err == nil {
		for _, c := range corpusChunks(f) {
			f.Add(c, uint8(3))
		}
	}
	f.Add(withLoopAttrs(""), uint8(3))
	f.Fuzz(func(t *testing.T, src string, n uint8) {
		for _, p := range robustPipelines(int(n % 8)) {
			checkNoCrash(t, src, "fuzz.mlir", p)
		}
	})
}

// TestProducerRegistersSettingRefused: the option producer-registers and
// TT_X_PRODUCER_REGS take a multiple of 8 from 24 to 256; another value
// stops the pass with an error naming it (setmaxnreg takes no other
// counts).
func TestProducerRegistersSettingRefused(t *testing.T) {
	src := `module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @f() {
    tt.return
  }
}`
	for _, v := range []string{"50", "16", "264", "many"} {
		t.Setenv("TT_X_PRODUCER_REGS", v)
		if _, err, _ := run(t, src, "nvgpu-warp-specialization{num-stages=3}"); err == nil || !strings.Contains(err.Error(), "TT_X_PRODUCER_REGS=\""+v+"\"") {
			t.Errorf("TT_X_PRODUCER_REGS=%s: %v, want the setting refused", v, err)
		}
	}
	t.Setenv("TT_X_PRODUCER_REGS", "64")
	if _, err, _ := run(t, src, "nvgpu-warp-specialization{num-stages=3}"); err != nil {
		t.Errorf("TT_X_PRODUCER_REGS=64: %v", err)
	}
	t.Setenv("TT_X_PRODUCER_REGS", "")
	for _, v := range []string{"20", "100", "0"} {
		if _, err, _ := run(t, src, "nvgpu-warp-specialization{num-stages=3 producer-registers="+v+"}"); err == nil || !strings.Contains(err.Error(), "producer-registers="+v) {
			t.Errorf("producer-registers=%s: %v, want the option refused", v, err)
		}
	}
	if _, err, _ := run(t, src, "nvgpu-warp-specialization{num-stages=3 producer-registers=24}"); err != nil {
		t.Errorf("producer-registers=24: %v", err)
	}
}
