package tttranslate

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/internal/sharedtest"
	"github.com/ttcompiler/tt/targets/nvptx"
)

// The Hopper matmuls through the whole pipeline to PTX: every wgmma of a
// tile keeps its accumulators in one register set, nothing else touches
// them while a wgmma may be writing them (nvptx.WGMMAHazards: what makes
// ptxas serialize wgmma), and the loop carries them across its back edge
// without a copy.

var (
	accList  = regexp.MustCompile(`wgmma\.mma_async\S* \{([^}]*)\}`)
	loopHead = regexp.MustCompile(`(?m)^(\$L__BB\d+_\d+):$`)
	regRef   = regexp.MustCompile(`%[a-z]+\d+`)
)

// checkWGMMAPTX compiles a matmul and checks its PTX as above; it returns
// the PTX.
func checkWGMMAPTX(t *testing.T, path string, o Options, wantPerIter int) string {
	t.Helper()
	src := parseFile(t, path)
	res, err := CompileSource(path, src, o)
	if err != nil {
		t.Fatalf("%s", RenderError(path, src, err))
	}
	ptx := string(res.Output)
	for _, p := range wgmmaPTXProblems(ptx, wantPerIter) {
		t.Errorf("%s: %s", path, p)
	}
	return ptx
}

// wgmmaPTXProblems lists what is wrong with the wgmma code of a matmul's
// PTX: the target, hazards, the count of wgmma in the loop, and copies of
// the loop's accumulators (but for constants written into them after
// every wgmma retired).
// wgmmaLoop returns the body of the PTX's loop with wgmma: the block
// that branches back to its own label ("" if none).
func wgmmaLoop(ptx string) string {
	for _, m := range loopHead.FindAllStringSubmatchIndex(ptx, -1) {
		label := ptx[m[2]:m[3]]
		end := strings.Index(ptx[m[1]:], "bra.uni "+label+";")
		if end > 0 && strings.Contains(ptx[m[1]:m[1]+end], "wgmma.mma_async") {
			return ptx[m[1] : m[1]+end]
		}
	}
	return ""
}

// drainedAfter is whether every wgmma has retired after the PTX line l,
// given whether they had before it.
func drainedAfter(l string, drained bool) bool {
	switch {
	case strings.HasPrefix(l, "wgmma.wait_group.sync.aligned 0"):
		return true
	case strings.HasPrefix(l, "wgmma.mma_async"):
		return false
	}
	return drained
}

func wgmmaPTXProblems(ptx string, wantPerIter int) []string {
	var bad []string
	if !strings.Contains(ptx, ".target sm_90a") {
		bad = append(bad, "wgmma code must target sm_90a")
	}
	bad = append(bad, nvptx.WGMMAHazards(ptx)...)
	loop := wgmmaLoop(ptx)
	if loop == "" {
		return append(bad, "no loop with wgmma")
	}
	if n := strings.Count(loop, "wgmma.mma_async"); n != wantPerIter {
		bad = append(bad, fmt.Sprintf("%d wgmma per iteration, want %d", n, wantPerIter))
	}
	accs := map[string]bool{}
	for _, m := range accList.FindAllStringSubmatch(loop, -1) {
		for _, r := range strings.Split(m[1], ",") {
			accs[strings.TrimSpace(r)] = true
		}
	}
	// Once every wgmma has retired (wait_group 0, as in a flattened loop's
	// epilogue), writing a constant into an accumulator register (the
	// next tile's reset) reads no register in flight; any other mov of an
	// accumulator is a copy ptxas would have to serialize around. The
	// loop's head is drained when its body ends drained (a tile loop
	// whose K loop, inside it, waits for every wgmma before the
	// epilogue: the reset at the top of the next tile).
	lines := strings.Split(loop, "\n")
	drained := false
	for _, l := range lines {
		drained = drainedAfter(strings.TrimSpace(l), drained)
	}
	for _, l := range lines {
		l = strings.TrimSpace(l)
		drained = drainedAfter(l, drained)
		if !strings.HasPrefix(l, "mov") {
			continue
		}
		regs := regRef.FindAllString(l, -1)
		if drained && len(regs) == 1 && accs[regs[0]] {
			continue
		}
		for _, r := range regs {
			if accs[r] {
				bad = append(bad, fmt.Sprintf("accumulator %s copied in the loop: %s", r, l))
			}
		}
	}
	return bad
}

// TestWGMMAMatmulPTX: a hand-written TTGIR matmul pipelined as Triton's
// sm_90 pipeline does (the wgmma of one iteration in flight during the
// next one's loads, warp_group_dot_wait {pendings = 1}), and Triton's own
// matmul TTIR through tt's pipelines with num_stages=1 (synchronous
// loads, operands through local_alloc), without the consumers taking
// turns that tt gives that 4-warp kernel by default
// (TestWGMMATileTurnsPTX).
func TestWGMMAMatmulPTX(t *testing.T) {
	requireStages(t, LevelTTIR)
	t.Setenv("TT_X_TILE_TURNS", "off")
	o := DefaultOptions()
	o.Arch = "sm_90"
	checkWGMMAPTX(t, "../../conversion/ttgtogpu/testdata/wgmma/matmul_pipelined.ttgir", o, 8)
	o.NumStages = 1
	checkWGMMAPTX(t, sharedtest.Path(t, "kernels/matmul_f16_128x128x64_w4_s3.ttir"), o, 8)
}

// TestWGMMATileTurnsPTX: the same checks on the 4-warp matmul as tt
// compiles it by default, two consumer warpgroups working on pairs of
// tiles (pipeliner/ws_pairs.go: a k-step of two A tiles and one B tile,
// 48 KB, on one full barrier), and with TT_X_TILE_TURNS=on taking turns
// over the tiles (pipeliner/ws_tiles.go), each with its own accumulator.
func TestWGMMATileTurnsPTX(t *testing.T) {
	requireStages(t, LevelTTIR)
	o := DefaultOptions()
	o.Arch = "sm_90"
	mm := sharedtest.Path(t, "kernels/matmul_f16_128x128x64_w4_s3.ttir")
	ptx := checkWGMMAPTX(t, mm, o, 8)
	if !strings.Contains(ptx, "mbarrier.arrive.expect_tx.shared.b64 _, [%r") || !strings.Contains(ptx, "], 49152;") {
		t.Errorf("the 4-warp matmul's consumers do not work on pairs of tiles")
	}
	t.Setenv("TT_X_TILE_TURNS", "on")
	if ptx := checkWGMMAPTX(t, mm, o, 8); !strings.Contains(ptx, "bar.arrive 15, 256") {
		t.Errorf("TT_X_TILE_TURNS=on: the 4-warp matmul's consumers do not take turns")
	}
}

// TestWGMMAPipelinedPTX: the same checks on what Triton's sm_90 pipeline
// makes of the matmul (three cp.async stages, wgmma in flight across
// iterations): Triton's own TTGIR, and Triton's TTIR through tt's
// pipelines with num_stages=3; and on the perf matmuls and attention
// kernels. It waits for the cp.async lowering (another branch) with a
// skip that cannot trigger once that is merged.
func TestWGMMAPipelinedPTX(t *testing.T) {
	requireStages(t, LevelTTIR)
	o := DefaultOptions()
	// mbarriers: the loop's cp.async ring is ordered by mbarriers
	// (tt-mbarrier-async-copies, off by default, asked for by mbarrierEnv:
	// two warpgroups, two wgmmas an iteration), or the loop is
	// warp-specialized (attention at head dim 128: tt-specialize-dot-chains
	// marks it, and its consumer waits on mbarriers only; at head dim 64
	// on 4 warps, tt-translate's row split compiles it so, each consumer
	// warpgroup issuing the wgmmas of its 64 rows, unless splitEnv is off).
	// The 4-warp matmuls as Triton pipelines them: without the consumers
	// taking turns (TestWGMMATileTurnsPTX).
	t.Setenv("TT_X_TILE_TURNS", "off")
	cases := []struct {
		path        string // in ../shared
		warps       int
		perIter     int
		mbarrierEnv string
		splitEnv    string
		mbarriers   bool
	}{
		{"kernels/matmul_f16_128x128x64_w4_s3.ttgir", 4, 8, "", "", false},
		{"kernels/matmul_f16_128x128x64_w4_s3.ttir", 4, 8, "", "", false},
		{"kernels/perf/matmul_f16_4096_128x256x64_w8.ttir", 8, 4, "", "", false},
		{"kernels/perf/matmul_bf16_4096_128x256x64_w8.ttir", 8, 4, "", "", false},
		{"kernels/perf/attention_f16_4096_d64.ttir", 4, 8, "", "", true},
		{"kernels/perf/attention_f16_4096_d64.ttir", 4, 16, "", "off", false},
		// Two key blocks an iteration (nvgpu-warp-specialization's
		// turns=twoblocks): 8 + 4 wgmmas each.
		{"kernels/perf/attention_f16_4096_d128.ttir", 8, 24, "", "", true},
		{"kernels/perf/attention_f16_4096_d64.ttir", 4, 16, "8", "off", false},
		{"kernels/perf/attention_f16_4096_d128.ttir", 8, 24, "8", "", true},
		{"kernels/perf/matmul_f16_4096_128x256x64_w8.ttir", 8, 4, "8", "", false},
	}
	for _, c := range cases {
		c.path = sharedtest.Path(t, c.path)
		t.Setenv("TT_X_MBARRIER_COPIES", c.mbarrierEnv)
		t.Setenv("TT_X_SPLIT_ROWS", c.splitEnv)
		o.NumWarps = c.warps
		src := parseFile(t, c.path)
		res, err := CompileSource(c.path, src, o)
		if err != nil && strings.Contains(err.Error(), "does not support 'ttg.async_copy_global_to_local'") {
			t.Skipf("the cp.async lowering is not on this branch yet")
		}
		if err != nil {
			t.Fatalf("%s", RenderError(c.path, src, err))
		}
		for _, p := range wgmmaPTXProblems(string(res.Output), c.perIter) {
			t.Errorf("%s: %s", c.path, p)
		}
		// An mbarrier-ordered ring has no CTA barrier in the loop up to
		// its last copies' arrival (a persistent loop's epilogue, after
		// it, converts through shared memory with barriers); the others
		// keep Triton's cp.async.wait_group + bar.sync.
		loop := wgmmaLoop(string(res.Output))
		if i := strings.LastIndex(loop, "cp.async.mbarrier.arrive"); i >= 0 {
			loop = loop[:i]
		}
		// A barrier of constant id ties warpgroups together; the turn
		// barriers of a warp-specialized consumer's ping-pong (id 14 or
		// 15, per warpgroup, in a register) order only the tensor-core
		// work.
		hasBar, hasMBar := ctaBarrier.MatchString(loop), strings.Contains(loop, "mbarrier.try_wait")
		if c.mbarriers && (hasBar || !hasMBar) || !c.mbarriers && (!hasBar || hasMBar) {
			t.Errorf("%s: the loop has bar.sync %v, mbarrier waits %v; want mbarriers only: %v", c.path, hasBar, hasMBar, c.mbarriers)
		}
	}
}

// ctaBarrier matches a bar.sync of constant id.
var ctaBarrier = regexp.MustCompile(`bar\.sync [0-9]`)

// TestWGMMAPTXCheckFails: the checks above find a copy of an accumulator
// on the back edge of the pipelined loop.
func TestWGMMAPTXCheckFails(t *testing.T) {
	requireStages(t, LevelTTIR)
	o := DefaultOptions()
	ptx := checkWGMMAPTX(t, "../../conversion/ttgtogpu/testdata/wgmma/matmul_pipelined.ttgir", o, 8)
	m := loopHead.FindAllStringSubmatch(ptx, -1)
	var back string
	for _, h := range m {
		if strings.Contains(ptx, "bra.uni "+h[1]+";") {
			back = "bra.uni " + h[1] + ";"
		}
	}
	acc := accList.FindStringSubmatch(ptx)
	if back == "" || acc == nil {
		t.Fatal("no back edge or wgmma")
	}
	r := strings.TrimSpace(strings.Split(acc[1], ",")[0])
	bad := wgmmaPTXProblems(strings.Replace(ptx, back, "mov.f32 "+r+", 0f00000000;\n\t"+back, 1), 8)
	if len(bad) < 2 {
		t.Errorf("a copy into %s on the back edge: want an in-flight hazard and a loop copy, got %q", r, bad)
	}
}
