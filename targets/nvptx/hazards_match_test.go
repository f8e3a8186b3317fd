package nvptx

import (
	"regexp"
	"slices"
	"testing"

	"github.com/ttcompiler/tt/internal/textgen"
)

// WGMMAHazards' matchers replaced these regexps (regexp's package
// initialization ran in every process); they stay here as the oracle.
var (
	wgmmaLineOracle = regexp.MustCompile(`wgmma\.mma_async\S* \{([^}]*)\}, (\{[^}]*\}|%rd\d+)`)
	waitLineOracle  = regexp.MustCompile(`^wgmma\.wait_group\S*\s+(\d+)`)
	regRefOracle    = regexp.MustCompile(`%[a-z]+\d+`)
)

// hazardInputs returns hand-picked lines and random ones built from
// pieces of PTX that the matchers look for.
func hazardInputs() []string {
	out := []string{"",
		"wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%f1, %f2}, %rd4, %rd5, p, 1, 1, 0, 1;",
		"wgmma.mma_async.sync {%f1,%f2}, {%r1, %r2}, %rd5;",
		"wgmma.mma_async {}, %rd;", "wgmma.mma_async x {%f1}, %rd12x", "wgmma.mma_async\t{%f1}, %rd1",
		"wgmma.mma_async {%f1} , %rd1 wgmma.mma_async.x {%f2}, {%r3}",
		"wgmma.wait_group.sync.aligned 1;", "wgmma.wait_group 0", "wgmma.wait_group.x\t\n 12 3", "wgmma.wait_group1",
		"mov.f32 %f1, %f200;", "%%r1 %r %1 %rd22x%f3", "%Rd1 %r1d2",
	}
	pieces := []string{"wgmma.mma_async", "wgmma.wait_group", ".sync", " ", "\t", "\n", "\v", "{", "}", ", ", ",",
		"%rd", "%r", "%f", "%", "1", "23", "x", "Q", ";"}
	return append(out, textgen.Glued(pieces, 14, 100000)...)
}

func TestHazardMatchersMatchRegexps(t *testing.T) {
	for _, s := range hazardInputs() {
		acc, a, ok := wgmmaOperands(s)
		if m := wgmmaLineOracle.FindStringSubmatch(s); ok != (m != nil) || ok && (acc != m[1] || a != m[2]) {
			t.Fatalf("wgmmaOperands(%q) = %q, %q, %v; the regexp finds %q", s, acc, a, ok, m)
		}
		n, ok := waitGroupCount(s)
		if m := waitLineOracle.FindStringSubmatch(s); ok != (m != nil) || ok && n != m[1] {
			t.Fatalf("waitGroupCount(%q) = %q, %v; the regexp finds %q", s, n, ok, m)
		}
		for _, limit := range []int{-1, 1, 2} {
			if got, want := registerRefs(s, limit), regRefOracle.FindAllString(s, limit); !slices.Equal(got, want) {
				t.Fatalf("registerRefs(%q, %d) = %q; the regexp finds %q", s, limit, got, want)
			}
		}
	}
}
