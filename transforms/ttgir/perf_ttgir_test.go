package ttgir_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/test/passdumps"
	"github.com/ttcompiler/tt/tools/ttopt"
)

// perfTTGIR holds the TTGIR Triton 3.6 wrote for the perf kernels on an
// H200 (sm_90, asm["ttgir"], compiled from a copy of perf_compare.py; its
// path is written as the TTIR's, shared/tools/perf_compare.py); their
// TTIR and compile options are in ../shared/kernels/perf.
const perfTTGIR = "../../testdata/perf-ttgir"

// installPrefix matches the directory a location's path has Triton installed
// in, up to its triton/ package folder.
var installPrefix = regexp.MustCompile(`"[^"]*/site-packages/`)

// perfLocationDiffs pins the lines of each perf kernel's TTGIR whose
// locations (and the value names printed from them) differ from Triton's
// once location aliases are resolved: ops, types and attributes are equal
// for every kernel (docs/CONFORMANCE.md says where the locations differ
// and why). A kernel not listed must match Triton's locations too.
var perfLocationDiffs = map[string]int{
	"matmul_f16_4096_128x128x64_w4":  36,
	"matmul_f16_4096_128x256x64_w8":  36,
	"matmul_f16_8192_128x128x64_w4":  36,
	"matmul_f16_8192_128x256x64_w8":  36,
	"matmul_bf16_4096_128x256x64_w8": 36,
	"attention_f16_4096_d64":         46,
	"attention_f16_4096_d128":        46,
}

// TestPerfKernelsTTGIR: ttgir-pipeline, with each perf kernel's
// num_warps and num_stages for sm_90, gives Triton's own TTGIR: equal
// ops, types and attributes (passdumps.Structure, as the matmul's
// comparison), and equal locations but for the pinned differences.
func TestPerfKernelsTTGIR(t *testing.T) {
	dir := filepath.Join(kernels, "perf")
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Skipf("kernels not found: %v", err)
	}
	var man []struct {
		Name      string
		NumWarps  int `json:"num_warps"`
		NumStages int `json:"num_stages"`
	}
	if err := json.Unmarshal(b, &man); err != nil {
		t.Fatal(err)
	}
	if len(man) != 14 {
		t.Errorf("the perf manifest lists %d kernels, the reference TTGIR 14", len(man))
	}
	for _, k := range man {
		t.Run(k.Name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(perfTTGIR, k.Name+".ttgir"))
			if err != nil {
				t.Fatal(err)
			}
			ttir := filepath.Join(dir, k.Name+".ttir")
			args := []string{ttir, fmt.Sprintf("-ttgir-pipeline=num-warps=%d capability=90 num-stages=%d", k.NumWarps, k.NumStages),
				"-mlir-use-nameloc-as-prefix", "-mlir-print-debuginfo"}
			var stdout, stderr strings.Builder
			if rc := ttopt.Run(args, nil, &stdout, &stderr); rc != 0 {
				t.Fatalf("tt-opt %s: exit %d\n%s", strings.Join(args, " "), rc, stderr.String())
			}
			got := stdout.String()
			g, err := passdumps.Structure(got)
			if err != nil {
				t.Fatal(err)
			}
			w, err := passdumps.Structure(string(want))
			if err != nil {
				t.Fatal(err)
			}
			if g != w {
				t.Fatalf("the TTGIR differs from Triton's:\n%s", passdumps.LineDiff(w, g))
			}
			// Triton compiled the kernels from another copy of the script.
			src, err := os.ReadFile(ttir)
			if err != nil {
				t.Fatal(err)
			}
			file := regexp.MustCompile(`loc\("([^"]+\.py)":`).FindStringSubmatch(string(src))
			if file == nil {
				t.Fatal("the TTIR has no file location")
			}
			wantLocs := strings.ReplaceAll(string(want), `"shared/tools/perf_compare.py"`, strconv.Quote(file[1]))
			// The shared TTIR locates Triton's standard.py in the GPU machine's
			// Python; the recorded TTGIR relative to it (triton/language/...).
			gotLocs := installPrefix.ReplaceAllString(got, `"`)
			n, first := passdumps.LineDiffs(resolveLocations(wantLocs), resolveLocations(gotLocs))
			if n != perfLocationDiffs[k.Name] {
				t.Errorf("%d lines have other locations than Triton's, %d known; first:\n%s", n, perfLocationDiffs[k.Name], first)
			}
		})
	}
}

var (
	locAliasDef = regexp.MustCompile(`^(#loc\d*) = (.*)$`)
	locAliasRef = regexp.MustCompile(`#loc\d*\b`)
)

// resolveLocations replaces every location alias (#locN) of printed IR by
// what it stands for and drops the alias definitions, so that two
// printings compare equal when their ops carry the same locations,
// however the printer numbered them.
func resolveLocations(text string) []string {
	defs := map[string]string{}
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if m := locAliasDef.FindStringSubmatch(l); m != nil {
			defs[m[1]] = m[2]
		} else if l != "" {
			lines = append(lines, l)
		}
	}
	var expand func(s string, depth int) string
	expand = func(s string, depth int) string {
		return locAliasRef.ReplaceAllStringFunc(s, func(a string) string {
			if d, ok := defs[a]; ok && depth < 32 {
				return expand(d, depth+1)
			}
			return a
		})
	}
	for i, l := range lines {
		lines[i] = expand(l, 0)
	}
	return lines
}
