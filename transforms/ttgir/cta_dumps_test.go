package ttgir_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/test/passdumps"
	"github.com/ttcompiler/tt/tools/ttopt"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

// ctaDumps holds what Triton 3.6 compiled for kernels launched with
// num_ctas > 1 on an H200 (sm_90): TTIR, TTGIR and make_ttgir pass by pass
// (README.md there).
const ctaDumps = "../../testdata/cta"

// ctaCloneOrder are the comparisons in which tt orders plan-cta's clones
// otherwise than the Triton run that made the references (3.6's order
// follows heap addresses; see compareUpToCloneOrder): the plan-cta step
// and, through it, the TTGIR.
var ctaCloneOrder = map[string]bool{
	"mm_float16_float16_64x128x32_s4_w8_c2/triton-nvidia-gpu-plan-cta":  true,
	"mm_float16_float32_256x128x32_s4_w8_c2/triton-nvidia-gpu-plan-cta": true,
	"mm_float16_float16_64x128x32_s4_w8_c2/ttgir":                       true,
	"mm_float16_float32_256x128x32_s4_w8_c2/ttgir":                      true,
}

// ctaPassOptions are the options Triton's make_ttgir gave each pass for
// these sm_90 kernels (as TestPassDumps' dumpPasses; num_stages=3, the
// loops carry their own tt.num_stages).
func ctaPassOptions(pass, out string) string {
	switch pass {
	case "nvgpu-warp-specialization", "tritongpu-assign-latencies", "tritongpu-pipeline":
		return "num-stages=3"
	}
	if p, ok := dumpPasses[pass]; ok {
		return p.options("cuda:90", out)
	}
	return ""
}

// compareUpToCloneOrder checks that tt's IR has Triton's structure (the
// same ops with the same types and attributes, whatever the SSA names),
// up to the order of clones: when plan-cta wants one value in several
// layouts it clones the producer, and the order of the clones follows the
// storage addresses of Triton's types (see transforms/nvidia's
// multiUsersBackward), which tt cannot reproduce.
// The comparisons named in ctaCloneOrder must need the tolerance, the
// others must not.
func compareUpToCloneOrder(t *testing.T, name, got, want string) {
	t.Helper()
	g, w := passdumps.Structures(t, got, want)
	if g == w {
		if ctaCloneOrder[name] {
			t.Errorf("%s now orders plan-cta's clones as Triton did: drop it from ctaCloneOrder", name)
		}
		return
	}
	if sg, sw := sortClones(g), sortClones(w); sg != sw {
		t.Errorf("differs from Triton:\n%s", passdumps.LineDiff(sw, sg))
	} else if !ctaCloneOrder[name] {
		t.Errorf("plan-cta's clones are in another order than Triton's:\n%s", passdumps.LineDiff(w, g))
	}
}

var (
	ssaNameRE   = regexp.MustCompile(`%[A-Za-z0-9_$.\-]+`)
	layoutRefRE = regexp.MustCompile(`#ttg\.\w+<\{[^}]*\}>|#\w+`)
)

// sortClones orders each run of adjacent ops that are the same but for
// their layouts by their text with the SSA names masked (the types decide),
// then renames the SSA values in order of appearance again.
func sortClones(text string) string {
	lines := strings.Split(text, "\n")
	shape := func(l string) string { return layoutRefRE.ReplaceAllString(ssaNameRE.ReplaceAllString(l, "%_"), "#_") }
	typed := func(l string) string { return ssaNameRE.ReplaceAllString(l, "%_") }
	for i := 0; i < len(lines); {
		j := i + 1
		if strings.Contains(lines[i], " = ") && !strings.HasSuffix(lines[i], "{") {
			for j < len(lines) && shape(lines[j]) == shape(lines[i]) {
				j++
			}
		}
		run := lines[i:j]
		sort.SliceStable(run, func(a, b int) bool { return typed(run[a]) < typed(run[b]) })
		i = j
	}
	names := map[string]string{}
	return ssaNameRE.ReplaceAllStringFunc(strings.Join(lines, "\n"), func(x string) string {
		if n, ok := names[x]; ok {
			return n
		}
		names[x] = fmt.Sprintf("%%v%d", len(names))
		return names[x]
	})
}

// TestCTAPassDumps replays every pass of make_ttgir on the IR Triton 3.6
// fed it when compiling the multi-CTA kernels and compares the result with
// the IR before Triton's next pass, up to SSA names.
func TestCTAPassDumps(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(ctaDumps, "*.passes.mlir.gz"))
	if err != nil || len(files) != 10 {
		t.Fatalf("want the 10 dumps of %s, found %d (%v)", ctaDumps, len(files), err)
	}
	runs := 0
	for _, file := range files {
		secs, err := passdumps.Read(file)
		if err != nil {
			t.Fatal(err)
		}
		base := strings.TrimSuffix(filepath.Base(file), ".passes.mlir.gz")
		for i := 0; i+1 < len(secs); i++ {
			s := secs[i]
			if s.Op != "builtin.module" || passmgr.Default.Lookup(s.Pass) == nil {
				continue
			}
			next := i + 1
			if s.Pass == "tritongpu-optimize-dot-operands" && secs[next].Pass == "canonicalize" {
				next++ // its nested canonicalizer dumps a section of its own
			}
			if next >= len(secs) {
				continue
			}
			runs++
			flag := "-" + s.Pass
			if o := ctaPassOptions(s.Pass, secs[next].Text); o != "" {
				flag += "=" + o
			}
			want := secs[next].Text
			t.Run(fmt.Sprintf("%s/%02d_%s", base, i, s.Pass), func(t *testing.T) {
				var out, errb strings.Builder
				if rc := ttopt.Run([]string{"-", flag}, strings.NewReader(s.Text), &out, &errb); rc != 0 {
					t.Fatalf("exit %d\n%s", rc, errb.String())
				}
				compareUpToCloneOrder(t, base+"/"+s.Pass, out.String(), want)
			})
		}
	}
	// 40 passes of make_ttgir in each of the 10 dumps: a pass missing
	// from the registry would silently not be checked.
	if runs != 400 {
		t.Errorf("replayed %d pass runs, want 400", runs)
	}
}

// TestCTAKernelsTTGIR: `tt-translate --target=ttgir --arch sm_90
// --num-warps W --num-ctas C --num-stages S` on each kernel's TTIR gives
// Triton's TTGIR (up to the order of plan-cta's clones, and SSA names).
func TestCTAKernelsTTGIR(t *testing.T) {
	ttirs, err := filepath.Glob(filepath.Join(ctaDumps, "*.ttir"))
	if err != nil || len(ttirs) != 10 {
		t.Fatalf("want the 10 kernels of %s, found %d (%v)", ctaDumps, len(ttirs), err)
	}
	for _, ttir := range ttirs {
		base := strings.TrimSuffix(filepath.Base(ttir), ".ttir")
		t.Run(base, func(t *testing.T) {
			warps, ctas, stages := 4, 4, 3 // kernel_r_c4
			if strings.HasPrefix(base, "mm_") {
				if _, err := fmt.Sscanf(base[strings.LastIndex(base, "_s"):], "_s%d_w%d_c%d", &stages, &warps, &ctas); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(filepath.Join(ctaDumps, base+".ttgir"))
			if err != nil {
				t.Fatal(err)
			}
			args := []string{ttir, "--target=ttgir", "--arch", "sm_90", "--num-warps", fmt.Sprint(warps),
				"--num-ctas", fmt.Sprint(ctas), "--num-stages", fmt.Sprint(stages), "--no-cache"}
			var out, errb bytes.Buffer
			if rc := tttranslate.Run(args, nil, &out, &errb); rc != 0 {
				t.Fatalf("tt-translate %s: exit %d\n%s", strings.Join(args, " "), rc, errb.String())
			}
			compareUpToCloneOrder(t, base+"/ttgir", out.String(), string(want))
		})
	}
}
