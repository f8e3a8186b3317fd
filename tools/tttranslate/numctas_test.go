package tttranslate

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/test/passdumps"
)

// ctaKernels holds what Triton 3.6 compiled with num_ctas > 1
// (testdata/cta/README.md).
const ctaKernels = "../../testdata/cta/"

// TestNumCTAs: --num-ctas takes Triton's cluster sizes on sm_90, and the
// TTGIR of a 2-CTA matmul is Triton's (same ops, types and layouts, SSA
// names aside); the scalar-only kernel_r compiles for every cluster size.
// The lowering below TTGIR still refuses CGA layouts (conversion/ttgtogpu).
func TestNumCTAs(t *testing.T) {
	const mm = "mm_float16_float32_128x128x16_s4_w4_c2"
	var stdout, stderr bytes.Buffer
	if code := Run([]string{ctaKernels + mm + ".ttir", "--target=ttgir", "--arch=sm_90", "--num-warps=4", "--num-ctas=2", "--num-stages=4"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	want, err := os.ReadFile(ctaKernels + mm + ".ttgir")
	if err != nil {
		t.Fatal(err)
	}
	g, w := passdumps.Structures(t, stdout.String(), string(want))
	if g != w {
		t.Errorf("TTGIR differs from Triton's:\n%s", passdumps.LineDiff(w, g))
	}
	if !strings.Contains(g, "CGALayout = [[0, 1]]") {
		t.Errorf("no layout split between the CTAs:\n%s", g)
	}
	for _, n := range []string{"1", "2", "4", "8", "16"} {
		stdout.Reset()
		stderr.Reset()
		if code := Run([]string{ctaKernels + "kernel_r_c4.ttir", "--target=ttgir", "--num-ctas=" + n}, nil, &stdout, &stderr); code != 0 {
			t.Errorf("--num-ctas=%s: exit %d: %s", n, code, stderr.String())
		} else if !strings.Contains(stdout.String(), `"ttg.num-ctas" = `+n+` : i32`) {
			t.Errorf("--num-ctas=%s: the module does not record it", n)
		}
	}
}
