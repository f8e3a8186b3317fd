package tttranslate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/internal/sharedtest"
)

// Triton's own test_matmul.py kernel on sm_90: with a 128x256 f16 tile it
// gets tt-persistent-programs' schedule (the PTX reads %nsmid); with a
// 256x128 tf32 tile and four stages the schedule would keep 192 KB of
// pipeline buffers live beside the epilogue's 64 KB (256 KB, over the
// SM's 227 KB), so tt-translate compiles it again without the schedule:
// the kernel that fit still fits, and its TTGIR is what the PTX was made
// from; the 128x128 f16 tile on 4 warps gets two CTAs an SM, what its
// shared memory allows. TT_X_PERSISTENT=off leaves every kernel as it was.
func TestPersistentScheduleFallsBackOnSharedMemory(t *testing.T) {
	requireStages(t, LevelTTIR)
	src := tritonLanguageTest(t, "test_matmul.py")
	dir := t.TempDir()
	compile := func(sig, target string, extra ...string) (string, int) {
		t.Helper()
		text, md := translateToFile(t, dir, target, append([]string{src, "--kernel", "matmul_kernel", "--signature", sig,
			"--arch", "sm_90", "--num-warps", "8"}, extra...)...)
		return text, md.Shared
	}
	const ints = "i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1"
	f16 := "*fp16:16, *fp16:16, *fp16:16, " + ints + ", 128, 256, 64, 3"
	tf32 := "*fp32:16, *fp32:16, *fp32:16, " + ints + ", 256, 128, 32, 4"

	if ptx, _ := compile(f16, "ptx"); !strings.Contains(ptx, "%nsmid") {
		t.Errorf("the 128x256 f16 matmul was not made persistent")
	}
	ptx, shared := compile(tf32, "ptx", "--constexpr", "PRECISION='tf32'")
	if strings.Contains(ptx, "%nsmid") || shared > 232448 {
		t.Errorf("the 256x128 tf32 matmul kept the schedule (%d bytes of shared memory)", shared)
	}
	if ttgir, _ := compile(tf32, "ttgir", "--constexpr", "PRECISION='tf32'"); strings.Contains(ttgir, "%nsmid") {
		t.Errorf("the TTGIR of the 256x128 tf32 matmul kept the schedule its PTX dropped")
	}
	// The perf set's 128x128 matmul on 4 warps without the consumers
	// taking turns: registers and shared memory (104 KB) for two CTAs an
	// SM.
	t.Setenv("TT_X_TILE_TURNS", "off")
	mm := sharedtest.Path(t, "kernels/perf/matmul_f16_4096_128x128x64_w4.ttir")
	out := filepath.Join(dir, "mm.ttgir")
	if code, _, stderr := run(t, "", mm, "--arch", "sm_90", "--target=ttgir", "--no-cache", "-o", out); code != 0 {
		t.Fatalf("tt-translate %s: exit %d: %s", mm, code, stderr)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if programsPerSM(string(text)) != 2 {
		t.Errorf("the 128x128 matmul's persistent programs are not %%nsmid * 2")
	}

	// The same kernel as tt compiles it by default, with two consumer
	// warpgroups working on pairs of tiles, and with TT_X_TILE_TURNS=on
	// taking turns over them (the tile loop nested, its loads on TMA; 12
	// warps, whose registers fill an SM): planned with one CTA an SM,
	// the programs %nsmid, not twice as many.
	for _, mode := range []struct{ env, mark string }{{"", "], 49152;"}, {"on", "bar.arrive 15, 256"}} {
		t.Setenv("TT_X_TILE_TURNS", mode.env)
		ptx, md := translateToFile(t, dir, "ptx", mm, "--arch", "sm_90")
		if md.NumWarps != 12 || !strings.Contains(ptx, "%nsmid") || !strings.Contains(ptx, mode.mark) {
			t.Errorf("TT_X_TILE_TURNS=%q: the 128x128 matmul is not a persistent kernel of 12 warps with two consumers (num_warps %d)", mode.env, md.NumWarps)
		}
		if ttgir, _ := translateToFile(t, dir, "ttgir", mm, "--arch", "sm_90"); programsPerSM(ttgir) != 1 {
			t.Errorf("TT_X_TILE_TURNS=%q: with two consumers the persistent programs are still %%nsmid * 2", mode.env)
		}
	}
	t.Setenv("TT_X_TILE_TURNS", "")

	t.Setenv("TT_X_PERSISTENT", "off")
	if ptx, _ := compile(f16, "ptx"); strings.Contains(ptx, "%nsmid") {
		t.Errorf("TT_X_PERSISTENT=off: the 128x256 f16 matmul was made persistent")
	}
}

// translateToFile runs tt-translate with args and --target=target, its
// output in dir (k.TARGET, and k.json for PTX), and returns the output and
// the kernel metadata (zero for other targets).
func translateToFile(t *testing.T, dir, target string, args ...string) (string, kernelMeta) {
	t.Helper()
	out := filepath.Join(dir, "k."+target)
	args = append(args, "--target="+target, "--no-cache", "-o", out)
	code, _, stderr := run(t, "", args...)
	if code != 0 {
		t.Fatalf("tt-translate %s: exit %d: %s", strings.Join(args, " "), code, stderr)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var md kernelMeta
	if target == "ptx" {
		js, err := os.ReadFile(filepath.Join(dir, "k.json"))
		if err != nil || json.Unmarshal(js, &md) != nil {
			t.Fatalf("metadata: %v", err)
		}
	}
	return string(text), md
}

// kernelMeta is what the tests read of tt-translate's kernel metadata.
type kernelMeta struct {
	Shared   int `json:"shared"`
	NumWarps int `json:"num_warps"`
}

// The consumers taking turns (on by default) leave alone a 4-warp matmul
// whose k-steps are 128 deep (64 KB a ring position, too big for the
// turns' four slots) and one whose f32 accumulator would take 256
// registers a consumer thread (128x256, which tt-translate compiles on 8
// warps instead): each compiles exactly as with TT_X_TILE_TURNS=off,
// neither its tile loop nested nor its loads moved onto TMA; the 128x128
// kernel with 64-deep steps takes the turns (12 warps).
func TestTileTurnsLeavesDeepStepsAlone(t *testing.T) {
	requireStages(t, LevelTTIR)
	src := filepath.Join("..", "..", "examples", "tiled_matmul.py")
	dir := t.TempDir()
	compile := func(bn, bk string) (string, kernelMeta) {
		t.Helper()
		return translateToFile(t, dir, "ptx", src, "--kernel", "matmul_kernel", "--signature",
			"*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, 1, i32:16, 1, i32:16, 1, 128, "+bn+", "+bk,
			"--arch", "sm_90", "--num-warps", "4")
	}
	for _, c := range [][2]string{{"128", "128"}, {"256", "32"}} {
		t.Setenv("TT_X_TILE_TURNS", "off")
		plain, _ := compile(c[0], c[1])
		t.Setenv("TT_X_TILE_TURNS", "")
		if turned, _ := compile(c[0], c[1]); turned != plain {
			t.Errorf("the consumers taking turns changed the 128x%s kernel with %s-deep k-steps", c[0], c[1])
		}
	}
	if _, md := compile("128", "64"); md.NumWarps != 12 {
		t.Errorf("the 128x128 kernel with 64-deep k-steps runs %d warps, want 12 (the turns)", md.NumWarps)
	}
}

// A register bound of the user's above what the 12-warp kernel tt makes of
// a 4-warp 128x128 matmul can give each thread (64K / 384: 168 registers)
// is bounded by it: --maxnreg=255, right for the 4 warps the user asked for,
// would otherwise let ptxas give each of the 384 threads 255 registers, and
// every launch would fail for want of them (the H200, 2026-11-30).
func TestUserRegisterBoundFitsTheSpecializedKernel(t *testing.T) {
	requireStages(t, LevelTTIR)
	src := filepath.Join("..", "..", "examples", "tiled_matmul.py")
	dir := t.TempDir()
	compile := func(extra ...string) (string, kernelMeta) {
		t.Helper()
		args := []string{src, "--kernel", "matmul_kernel", "--signature",
			"*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64",
			"--arch", "sm_90", "--num-warps", "4"}
		return translateToFile(t, dir, "ptx", append(args, extra...)...)
	}
	plain, md := compile()
	if md.NumWarps != 12 || !strings.Contains(plain, ".maxnreg 168") {
		t.Fatalf("the 128x128 matmul: %d warps, .maxnreg 168 %v; want the 12-warp specialized kernel", md.NumWarps, strings.Contains(plain, ".maxnreg 168"))
	}
	if bounded, _ := compile("--maxnreg=255"); bounded != plain {
		t.Errorf("--maxnreg=255 changed the kernel (want the register file's 168, as without it)")
	}
	if low, _ := compile("--maxnreg=1"); !strings.Contains(low, ".maxnreg 24") || strings.Contains(low, "setmaxnreg.dec.sync.aligned.u32 -") {
		t.Errorf("--maxnreg=1: want .maxnreg 24 (setmaxnreg's and ptxas's minimum)")
	}
}

// A matmul whose strides Triton's specialization does not promise to be
// multiples of 16 (3000x5000x1000: none is) loads its tiles element by
// element, which neither cp.async nor TMA can copy: tt-persistent-programs
// leaves it as it is (on the H200 the persistent kernel read 7.5 TFLOP/s,
// the kernel as asked 21.9), where the same kernel with strides of 16
// elements gets the persistent pairs.
func TestPersistentNeedsVectorLoads(t *testing.T) {
	requireStages(t, LevelTTIR)
	src := filepath.Join("..", "..", "examples", "tiled_matmul.py")
	dir := t.TempDir()
	compile := func(stride string) (string, kernelMeta) {
		t.Helper()
		return translateToFile(t, dir, "ptx", src, "--kernel", "matmul_kernel", "--signature",
			"*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, "+stride+", 1, "+stride+", 1, "+stride+", 1, 128, 128, 64",
			"--arch", "sm_90", "--num-warps", "4")
	}
	if ptx, md := compile("i32"); strings.Contains(ptx, "%nsmid") || md.NumWarps != 4 {
		t.Errorf("unaligned strides: persistent (%v) on %d warps, want the 4-warp kernel as asked", strings.Contains(ptx, "%nsmid"), md.NumWarps)
	}
	if ptx, md := compile("i32:16"); !strings.Contains(ptx, "%nsmid") || md.NumWarps != 12 {
		t.Errorf("strides of 16 elements: persistent %v on %d warps, want the pairs (12 warps)", strings.Contains(ptx, "%nsmid"), md.NumWarps)
	}
}

// Where the pairs' ring (four 48 KB k-steps) or the turns' (six 32 KB
// ones) and the kernel's other buffers are over the SM's shared memory,
// tt-translate compiles the kernel again with the turns, then with their
// ring in what the other buffers leave, and says so: Triton's
// test_matmul.py kernel, f16 into f32, whose epilogue converts its f32
// tile through 64 KB, takes the turns with five slots.
func TestTileTurnsRingShrinks(t *testing.T) {
	requireStages(t, LevelTTIR)
	t.Setenv("MLIR_ENABLE_DIAGNOSTICS", "remarks")
	out := filepath.Join(t.TempDir(), "k.ptx")
	code, _, stderr := run(t, "", tritonLanguageTest(t, "test_matmul.py"), "--kernel", "matmul_kernel", "--signature",
		"*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64, 3",
		"--num-warps", "4", "--arch", "sm_90", "--target=ptx", "--no-cache", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var md kernelMeta
	if text, err := os.ReadFile(strings.TrimSuffix(out, ".ptx") + ".json"); err != nil {
		t.Fatal(err)
	} else if err := json.Unmarshal(text, &md); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "remark: consumers working on pairs of tiles: their ring and the kernel's other buffers need more shared memory than the SM has; compiled again with consumers taking turns over the tiles") {
		t.Errorf("no remark of the turns instead of pairs; stderr:\n%s", stderr)
	}
	if !strings.Contains(stderr, "remark: consumers taking turns over the tiles: their ring compiled again within 166808 bytes (162.9 KB)") {
		t.Errorf("no remark of the smaller ring; stderr:\n%s", stderr)
	}
	// Five 32 KB slots, the 64 KB epilogue buffer and the barriers: under
	// 227 KB, over what four slots would take.
	if md.NumWarps != 12 || md.Shared > 227<<10 || md.Shared < 224<<10 {
		t.Errorf("%d warps, %d bytes of shared memory: want the turns (12 warps) with five ring slots", md.NumWarps, md.Shared)
	}
}

// tt-translate compiles a kernel planned for the turns again without
// them, says why in a remark, and writes exactly what TT_X_TILE_TURNS=off
// writes, when
//   - what the SM's shared memory leaves the ring beside the kernel's
//     other buffers holds fewer than four k-steps: the unmasked matmul on
//     f32 (tf32) with 64x256 tiles and 32-deep steps, whose B tile is
//     transposed through shared memory and whose epilogue converts 64 KB;
//   - its tile loop was not specialized: the perf set's 128x128 matmul
//     with TT_X_SPECIALIZE=off, which leaves the loop unmarked.
func TestTileTurnsFallBack(t *testing.T) {
	requireStages(t, LevelTTIR)
	const mm = "kernels/perf/matmul_f16_4096_128x128x64_w4.ttir" // in ../shared
	for _, c := range []struct {
		name, env, why string
		args           []string
	}{
		{"shared memory", "", "the 35768 bytes (34.9 KB) of shared memory their ring may take beside the kernel's other buffers hold fewer than four of its k-steps",
			[]string{filepath.Join("..", "ttrun", "testdata", "unmasked_matmul.py"), "--kernel", "unmasked_matmul", "--signature",
				"*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 256, 32",
				"--num-warps", "4"}},
		{"not specialized", "off", "their loop was not specialized", []string{mm}},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append(c.args, "--arch", "sm_90", "--target=ptx", "--no-cache")
			if args[0] == mm {
				args[0] = sharedtest.Path(t, mm)
			}
			t.Setenv("TT_X_SPECIALIZE", c.env)
			t.Setenv("MLIR_ENABLE_DIAGNOSTICS", "remarks")
			code, turned, stderr := run(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if !strings.Contains(stderr, "remark: compiled without consumers taking turns over the tiles: "+c.why) {
				t.Errorf("no remark of the fallback; stderr:\n%s", stderr)
			}
			t.Setenv("TT_X_TILE_TURNS", "off")
			if _, plain, _ := run(t, "", args...); turned != plain {
				t.Errorf("the fallback's PTX is not the kernel's without the turns")
			}
		})
	}
}

// A TT_X_TILE_TURNS that is neither on, pairs nor off is refused at the
// kernel's location, not ignored; so are a chunk of the turns' walk or a
// group of rows that is neither a positive count nor off, a count of
// ring slots out of range, and TMA loads or stores of no known mode.
func TestTileTurnsBadSetting(t *testing.T) {
	requireStages(t, LevelTTIR)
	mm := sharedtest.Path(t, "kernels/perf/matmul_f16_4096_128x128x64_w4.ttir")
	for _, c := range []struct{ env, value, want string }{
		{"TT_X_TILE_TURNS", "maybe", `tile-turns="maybe": want on, pairs or off`},
		{"TT_X_TURN_CHUNK", "many", `TT_X_TURN_CHUNK="many": want a positive count`},
		{"TT_X_GROUP_COLUMNS", "0", `TT_X_GROUP_COLUMNS="0": want a positive count`},
		{"TT_X_TILE_SLOTS", "3", `TT_X_TILE_SLOTS="3": want a count of slots from 4 to 16`},
		{"TT_X_TMA_LOADS", "maybe", `tt-tma-loads: unknown mode "maybe"`},
		{"TT_X_TMA_STORES", "maybe", `tt-tma-loads: "maybe" is none of on, wide and off`},
	} {
		t.Setenv(c.env, c.value)
		code, _, stderr := run(t, "", mm, "--arch", "sm_90", "--target=ptx", "--no-cache", "-o", filepath.Join(t.TempDir(), "k.ptx"))
		if code != 1 || !regexp.MustCompile(`:\d+:\d+: error: .*`+regexp.QuoteMeta(c.want)).MatchString(stderr) {
			t.Errorf("%s=%s: exit %d, stderr:\n%s", c.env, c.value, code, stderr)
		}
		t.Setenv(c.env, "")
	}
}

// programsPerSM returns the CTAs an SM that a persistent kernel's TTGIR
// plans (its programs: max(%nsmid, 1) times that many, at most the
// grid), or -1.
func programsPerSM(ttgir string) int {
	m := regexp.MustCompile(`(%\w+) = arith\.maxsi %\w+, %c1_i32\w* : i32`).FindStringSubmatch(ttgir)
	if m == nil || !strings.Contains(ttgir, "%nsmid") {
		return -1
	}
	per := regexp.MustCompile(`arith\.muli ` + regexp.QuoteMeta(m[1]) + `, %c(\d+)_i32\w* : i32`).FindStringSubmatch(ttgir)
	if per == nil {
		if strings.Contains(ttgir, "arith.minsi "+m[1]+",") {
			return 1 // times one, folded
		}
		return -1
	}
	n, _ := strconv.Atoi(per[1])
	return n
}
