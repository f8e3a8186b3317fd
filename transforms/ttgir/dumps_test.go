package ttgir_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/tools/ttopt"
)

// dumpSections splits a Triton IR dump (MLIR_ENABLE_DUMP) into the pass
// names and the IR before each pass.
func dumpSections(t *testing.T, path string) (names, bodies []string) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(string(src), "// -----// IR Dump Before ")
	for _, p := range parts[1:] {
		head, body, _ := strings.Cut(p, "\n")
		names = append(names, head[strings.Index(head, "(")+1:strings.Index(head, ")")])
		if k := strings.Index(body, "// -----// SoftwarePipeliner"); k >= 0 {
			body = body[:k]
		}
		bodies = append(bodies, body)
	}
	return names, bodies
}

var ssaRE = regexp.MustCompile(`%[A-Za-z0-9_$.\-]+`)

// normalizeIR renames SSA values in order of appearance and drops blank
// lines, so that outputs printed with different names compare equal.
func normalizeIR(s string) string {
	m := map[string]string{}
	s = ssaRE.ReplaceAllStringFunc(s, func(x string) string {
		if v, ok := m[x]; ok {
			return v
		}
		v := fmt.Sprintf("%%v%d", len(m))
		m[x] = v
		return v
	})
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimRight(l, " "); l != "" && !strings.HasPrefix(l, "#loc") {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

var moduleAttrRE = regexp.MustCompile(`"ttg.num-ctas" = (\d+) : i32, "ttg.num-warps" = (\d+) : i32, ttg.target = "([^"]+)", "ttg.threads-per-warp" = (\d+) : i32`)

// dumpPass is how one of our passes is replayed on a dump section.
type dumpPass struct {
	// options gives the pass options compiler.py passed for the target
	// ("cuda:90", "hip:gfx942"); out is the IR after the pass.
	options func(target, out string) string
	// nested names a pass that this one runs first on the module (its
	// dump section follows ours and is skipped): optimize-dot-operands
	// starts with the canonicalizer.
	nested string
}

func noOptions(string, string) string { return "" }

// dumpPasses are this package's passes (and convert-triton-to-tritongpu),
// with the options Triton's make_ttgir gave them.
var dumpPasses = map[string]dumpPass{
	"convert-triton-to-tritongpu": {options: func(_, out string) string {
		// The options compiler.py passed, as the module records them.
		m := moduleAttrRE.FindStringSubmatch(out)
		if m == nil {
			return "?"
		}
		return fmt.Sprintf("target=%s num-warps=%s threads-per-warp=%s num-ctas=%s", m[3], m[2], m[4], m[1])
	}},
	"tritongpu-coalesce":                  {options: noOptions},
	"tritongpu-remove-layout-conversions": {options: noOptions},
	"tritongpu-optimize-thread-locality":  {options: noOptions},
	"tritongpu-reduce-data-duplication":   {options: noOptions},
	"tritongpu-accelerate-matmul":         {options: noOptions},
	"tritongpu-reorder-instructions":      {options: noOptions},
	"tritongpu-coalesce-async-copy":       {options: noOptions},
	"tritongpu-prefetch":                  {options: noOptions},
	"tritongpu-F32DotTC": {options: func(target, _ string) string {
		// make_ttgir: emuTF32 = capability // 10 >= 8 (AMD passes false).
		return fmt.Sprintf("emu-tf32=%t", strings.HasPrefix(target, "cuda:") && capability(target) >= 80)
	}},
	"tritongpu-optimize-dot-operands": {nested: "canonicalize", options: func(target, _ string) string {
		return fmt.Sprintf("hoist-layout-conversion=%t", capability(target) >= 80)
	}},
	// The TritonNvidiaGPU passes of make_ttgir (package transforms/nvidia).
	"triton-nvidia-gpu-plan-cta":                 {options: noOptions},
	"triton-nvidia-optimize-descriptor-encoding": {options: noOptions},
	"triton-nvidia-gpu-fence-insertion": {options: func(target, _ string) string {
		return fmt.Sprintf("compute-capability=%d", capability(target))
	}},
	"triton-nvidia-mma-lowering": {options: noOptions},
}

func capability(target string) int {
	var cc int
	fmt.Sscanf(target, "cuda:%d", &cc)
	return cc
}

var targetRE = regexp.MustCompile(`ttg.target = "([^"]+)"`)

// TestPassDumps replays this package's passes (and
// convert-triton-to-tritongpu) on the IR Triton 3.6 fed them when it
// compiled vector_add, softmax and matmul for sm_90, sm_80 and gfx942, and
// compares with the IR Triton's next dump shows, up to SSA names.
func TestPassDumps(t *testing.T) {
	dir := filepath.Join(kernels, "passes")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("pass dumps not found: %v", err)
	}
	counts := map[string]int{}
	for _, k := range []string{"vector_add", "softmax", "matmul"} {
		for _, arch := range []string{"sm90", "sm80", "gfx942"} {
			names, bodies := dumpSections(t, filepath.Join(dir, k+"."+arch+".passes.mlir"))
			for i, n := range names {
				p, ours := dumpPasses[n]
				next := i + 1
				if ours && p.nested != "" && next < len(names) && names[next] == p.nested {
					next++
				}
				if !ours || next >= len(bodies) {
					continue
				}
				counts[n]++
				target := ""
				if m := targetRE.FindStringSubmatch(bodies[next]); m != nil {
					target = m[1]
				}
				flag := "-" + n
				if o := p.options(target, bodies[next]); o != "" {
					flag += "=" + o
				}
				var out, errb strings.Builder
				if rc := ttopt.Run([]string{"-", flag}, strings.NewReader(bodies[i]), &out, &errb); rc != 0 {
					t.Errorf("%s %s %s (section %d): exit %d\n%s", k, arch, n, i, rc, errb.String())
					continue
				}
				got, want := normalizeIR(out.String()), normalizeIR(bodies[next])
				if got != want && ssaRE.ReplaceAllString(got, "%_") != ssaRE.ReplaceAllString(want, "%_") {
					t.Errorf("%s %s %s (section %d) differs\n--- got ---\n%s\n--- want ---\n%s", k, arch, n, i, got, want)
				}
			}
		}
	}
	// How often each pass runs in the nine pipelines: a pass missing here
	// would silently not be checked.
	want := map[string]int{
		"convert-triton-to-tritongpu":                9,
		"tritongpu-coalesce":                         9,
		"tritongpu-remove-layout-conversions":        30,
		"tritongpu-optimize-thread-locality":         9,
		"tritongpu-reduce-data-duplication":          9,
		"tritongpu-accelerate-matmul":                6,
		"tritongpu-F32DotTC":                         9,
		"tritongpu-optimize-dot-operands":            12,
		"triton-nvidia-gpu-plan-cta":                 6,
		"triton-nvidia-optimize-descriptor-encoding": 6,
		"triton-nvidia-gpu-fence-insertion":          6,
		"triton-nvidia-mma-lowering":                 6,
	}
	for n, c := range want {
		if counts[n] != c {
			t.Errorf("%s replayed on %d sections, want %d", n, counts[n], c)
		}
	}
}
