package tttranslate

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// unmaskedMatmul compiles tt-run's unmasked matmul (a 128x128x64 f16 tile
// on 4 warps: tt makes it persistent, its consumers on pairs of tiles, one
// CTA of 229 KB an SM) with extra flags, and returns the PTX and the raw
// metadata.
func unmaskedMatmul(t *testing.T, dir string, extra ...string) (string, map[string]any) {
	t.Helper()
	return unmaskedMatmulTile(t, dir, "128, 128, 64", "4", extra...)
}

// unmaskedMatmulTile is unmaskedMatmul with another tile ("BM, BN, BK")
// and number of warps.
func unmaskedMatmulTile(t *testing.T, dir, tile, warps string, extra ...string) (string, map[string]any) {
	t.Helper()
	out := filepath.Join(dir, "k.ptx")
	args := append([]string{filepath.Join("..", "ttrun", "testdata", "unmasked_matmul.py"), "--kernel", "unmasked_matmul",
		"--signature", "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, " + tile,
		"--num-warps", warps, "--arch", "sm_90", "--kernel-abi=triton", "--no-cache", "-o", out}, extra...)
	code, _, stderr := run(t, "", args...)
	if code != 0 {
		t.Fatalf("tt-translate %s: exit %d: %s", strings.Join(args, " "), code, stderr)
	}
	ptx, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join(dir, "k.json"))
	if err != nil {
		t.Fatal(err)
	}
	var md map[string]any
	if err := json.Unmarshal(js, &md); err != nil {
		t.Fatal(err)
	}
	return string(ptx), md
}

// entry returns the text of the PTX entry name, from its .entry line to
// its closing brace, with the name and its labels (numbered by the
// function's place in the module) made neutral.
func entry(t *testing.T, ptx, name string) string {
	t.Helper()
	i := strings.Index(ptx, ".visible .entry "+name+"(")
	if i < 0 {
		t.Fatalf("no entry %s in the PTX", name)
	}
	j := strings.Index(ptx[i:], "\n}\n")
	if j < 0 {
		t.Fatalf("entry %s does not end", name)
	}
	body := strings.ReplaceAll(ptx[i:i+j], name, "KERNEL")
	return regexp.MustCompile(`\$L__BB\d+_`).ReplaceAllString(body, "$$L__BB_")
}

// With --grid-variant the persistent matmul's PTX holds a second entry,
// unmasked_matmul__tt_grid: the kernel exactly as compiled on the grid's
// own schedule (TT_X_PERSISTENT=off), with the same parameters; the
// metadata describes it (4 warps, less shared memory, two CTAs an SM).
// Without the flag the PTX is the kernel alone, as before.
func TestGridVariant(t *testing.T) {
	requireStages(t, LevelTTIR)
	dir := t.TempDir()
	plain, plainMD := unmaskedMatmul(t, dir)
	if strings.Count(plain, ".visible .entry") != 1 || plainMD["grid_variant"] != nil {
		t.Fatalf("without --grid-variant: %d entries, grid_variant %v", strings.Count(plain, ".visible .entry"), plainMD["grid_variant"])
	}
	ptx, md := unmaskedMatmul(t, dir, "--grid-variant")
	if got := strings.Count(ptx, ".visible .entry"); got != 2 {
		t.Fatalf("--grid-variant: %d entries, want the kernel and its variant", got)
	}
	if entry(t, ptx, "unmasked_matmul") != entry(t, plain, "unmasked_matmul") {
		t.Errorf("the kernel's entry changed with its variant beside it")
	}
	v, ok := md["grid_variant"].(map[string]any)
	if !ok {
		t.Fatalf("no grid_variant in the metadata: %v", md)
	}
	if v["name"] != "unmasked_matmul__tt_grid" || v["num_warps"] != 4.0 || v["ctas_per_sm"] != 2.0 ||
		v["shared"].(float64) >= md["shared"].(float64) || md["num_warps"] != 12.0 {
		t.Errorf("grid_variant %v of a kernel of %v warps and %v bytes", v, md["num_warps"], md["shared"])
	}
	for _, k := range []string{"global_scratch_size", "profile_scratch_size"} {
		if v[k] != md[k] {
			t.Errorf("the variant's %s %v differs from the kernel's %v", k, v[k], md[k])
		}
	}
	t.Setenv("TT_X_PERSISTENT", "off")
	grid, _ := unmaskedMatmul(t, t.TempDir())
	if got, want := entry(t, ptx, "unmasked_matmul__tt_grid"), entry(t, grid, "unmasked_matmul"); got != want {
		t.Errorf("the variant is not the kernel on the grid's own schedule")
	}
}

// A kernel tt does not make persistent (a vector add, a matmul on
// clusters of two CTAs) gets no variant;
// every persistent one does, also where the grid's own schedule holds no
// more CTAs an SM (a 128x256 f16 tile on 8 warps: one CTA either way),
// since on a grid of one wave the persistent kernel only adds its start.
func TestGridVariantOnlyForPersistentKernels(t *testing.T) {
	requireStages(t, LevelTTIR)
	dir := t.TempDir()
	ptx, _ := translateToFile(t, dir, "ptx", "../../examples/vector_add.ttir", "--grid-variant")
	if n := strings.Count(ptx, ".visible .entry"); n != 1 {
		t.Errorf("vector add got %d entries", n)
	}
	// Clusters of CTAs are not scheduled persistent: no variant.
	if ptx, md := unmaskedMatmul(t, dir, "--num-ctas", "2", "--grid-variant"); strings.Count(ptx, ".visible .entry") != 1 || md["grid_variant"] != nil {
		t.Errorf("the matmul on clusters of two CTAs got a variant")
	}
	ptx, md := unmaskedMatmulTile(t, dir, "128, 256, 64", "8", "--grid-variant")
	v, ok := md["grid_variant"].(map[string]any)
	if !ok || strings.Count(ptx, ".visible .entry") != 2 {
		t.Fatalf("the 128x256 matmul got no variant: %v", md)
	}
	if v["num_warps"] != 8.0 || v["ctas_per_sm"] != 1.0 {
		t.Errorf("the 128x256 matmul's variant: %v", v)
	}
}

// A kernel whose tile fits the SM only as tt's persistent schedule sizes
// its ring (the autotuned matmul's 128x256x128 configuration at three
// stages: 288 KB on the grid's own schedule, where Triton refuses it as
// out of resources) compiles without a variant, and says so in a remark,
// not a warning: nothing failed that a user should look into.
func TestGridVariantOverSharedMemoryIsARemark(t *testing.T) {
	requireStages(t, LevelTTIR)
	out := filepath.Join(t.TempDir(), "k.ptx")
	args := []string{filepath.Join("..", "..", "examples", "matmul_autotune.py"), "--kernel", "matmul_kernel",
		"--signature", "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1",
		"--constexpr", "BLOCK_M=128", "--constexpr", "BLOCK_N=256", "--constexpr", "BLOCK_K=128", "--constexpr", "GROUP_M=8",
		"--num-warps", "8", "--num-stages", "3", "--arch", "sm_90", "--no-cache", "--grid-variant", "-o", out}
	code, _, stderr := run(t, "", args...)
	if code != 0 || strings.Contains(stderr, "warning") {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	ptx, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(ptx), ".visible .entry"); n != 1 {
		t.Errorf("got %d entries, want the kernel alone", n)
	}
	_, _, stderr = run(t, "", append(args, "--remarks")...)
	if want := "remark: no grid-schedule variant: on the grid's own schedule it needs 288 KB of shared memory, over the 227 KB of sm_90"; !strings.Contains(stderr, want) {
		t.Errorf("with --remarks, stderr lacks %q:\n%s", want, stderr)
	}
}

// The variant compiles beside the kernel's stages where the process has
// two or more Ps, after them where it has one; the PTX and metadata are
// the same either way.
func TestGridVariantBesideOrAfter(t *testing.T) {
	requireStages(t, LevelTTIR)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	besidePTX, besideMD := unmaskedMatmul(t, t.TempDir(), "--grid-variant")
	runtime.GOMAXPROCS(1)
	afterPTX, afterMD := unmaskedMatmul(t, t.TempDir(), "--grid-variant")
	if besidePTX != afterPTX {
		t.Errorf("the PTX differs between the variant compiled beside the kernel and after it")
	}
	if !reflect.DeepEqual(besideMD, afterMD) {
		t.Errorf("the metadata differs:\nbeside %v\nafter  %v", besideMD, afterMD)
	}
	if strings.Count(afterPTX, ".visible .entry") != 2 {
		t.Errorf("no variant")
	}
}

// A panic in the variant's compilation, on its own goroutine, does not
// take the process down: the kernel compiles without a variant and a
// warning says why; strict, it is the compilation's error, a
// VariantCrash.
func TestGridVariantCrash(t *testing.T) {
	requireStages(t, LevelTTIR)
	variantHook = func() { panic("injected") }
	defer func() { variantHook = nil }()
	dir := t.TempDir()
	out := filepath.Join(dir, "k.ptx")
	args := []string{filepath.Join("..", "ttrun", "testdata", "unmasked_matmul.py"), "--kernel", "unmasked_matmul",
		"--signature", "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64",
		"--num-warps", "4", "--arch", "sm_90", "--no-cache", "--grid-variant", "-o", out}
	code, _, stderr := run(t, "", args...)
	if code != 0 || !strings.Contains(stderr, "warning: no grid-schedule variant: its compilation failed: the grid-schedule variant's compilation crashed: injected") {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	if ptx, err := os.ReadFile(out); err != nil || strings.Count(string(ptx), ".visible .entry") != 1 {
		t.Errorf("want the kernel alone: %v", err)
	}
	for _, procs := range []int{1, 2} { // after the kernel, and beside it
		func() {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			o := DefaultOptions()
			o.GridVariant, o.StrictGridVariant = true, true
			// A matmul of the seed article that tt makes persistent.
			src, err := os.ReadFile(filepath.Join("..", "..", "frontend", "testdata", "reference", "examples.kernel_patterns.matmul_kernel.ttir"))
			if err != nil {
				t.Fatal(err)
			}
			_, err = CompileSource("matmul_kernel.ttir", string(src), o)
			var crash *VariantCrash
			if !errors.As(err, &crash) || crash.Value != "injected" {
				t.Errorf("GOMAXPROCS %d: strict compile returned %v, want a VariantCrash", procs, err)
			}
		}()
	}
}
