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

// TestPassDumps replays this package's passes (and
// convert-triton-to-tritongpu) on the IR Triton 3.6 fed them when it
// compiled vector_add, softmax and matmul for sm_90, sm_80 and gfx942, and
// compares with the IR Triton's next dump shows, up to SSA names.
func TestPassDumps(t *testing.T) {
	dir := filepath.Join(kernels, "passes")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("pass dumps not found: %v", err)
	}
	ours := map[string]bool{
		"convert-triton-to-tritongpu":         true,
		"tritongpu-coalesce":                  true,
		"tritongpu-remove-layout-conversions": true,
		"tritongpu-optimize-thread-locality":  true,
		"tritongpu-reduce-data-duplication":   true,
		"tritongpu-accelerate-matmul":         true,
		"tritongpu-F32DotTC":                  true,
	}
	count := 0
	for _, k := range []string{"vector_add", "softmax", "matmul"} {
		for _, arch := range []string{"sm90", "sm80", "gfx942"} {
			names, bodies := dumpSections(t, filepath.Join(dir, k+"."+arch+".passes.mlir"))
			for i, n := range names {
				if !ours[n] || i+1 >= len(bodies) {
					continue
				}
				count++
				flag := "-" + n
				if n == "convert-triton-to-tritongpu" {
					// The options compiler.py passed, as the module records them.
					m := moduleAttrRE.FindStringSubmatch(bodies[i+1])
					if m == nil {
						t.Fatalf("%s %s: no module attributes after %s", k, arch, n)
					}
					flag += fmt.Sprintf("=target=%s num-warps=%s threads-per-warp=%s num-ctas=%s", m[3], m[2], m[4], m[1])
				}
				var out, errb strings.Builder
				if rc := ttopt.Run([]string{"-", flag}, strings.NewReader(bodies[i]), &out, &errb); rc != 0 {
					t.Errorf("%s %s %s (section %d): exit %d\n%s", k, arch, n, i, rc, errb.String())
					continue
				}
				got, want := normalizeIR(out.String()), normalizeIR(bodies[i+1])
				if got != want && ssaRE.ReplaceAllString(got, "%_") != ssaRE.ReplaceAllString(want, "%_") {
					t.Errorf("%s %s %s (section %d) differs\n--- got ---\n%s\n--- want ---\n%s", k, arch, n, i, got, want)
				}
			}
		}
	}
	if count != 81 {
		t.Errorf("replayed %d sections, want 81", count)
	}
}
