package nvptx

import (
	"regexp"
	"strings"
	"testing"
)

var (
	wgmmaLine = regexp.MustCompile(`wgmma\.mma_async\S* \{([^}]*)\}, (\{[^}]*\}|%rd\d+)`)
	regRef    = regexp.MustCompile(`%[a-z]+\d+`)
)

// wgmmaHazards scans PTX in layout order and reports (1) an instruction
// other than wgmma touching the accumulators of a wgmma between its issue
// and the next wgmma.wait_group, and (2) a wgmma whose accumulator or A
// registers were written by another instruction since the last
// wgmma.fence. Both make ptxas serialize wgmma, or are undefined.
func wgmmaHazards(ptx string) []string {
	var bad []string
	inFlight := map[string]bool{}
	dirty := map[string]bool{}
	for _, line := range strings.Split(ptx, "\n") {
		l := strings.TrimSpace(line)
		switch {
		case l == "" || strings.HasPrefix(l, "//") || strings.HasPrefix(l, ".") || strings.HasSuffix(l, ":"):
			continue
		case strings.HasPrefix(l, "wgmma.fence"):
			dirty = map[string]bool{}
			continue
		case strings.HasPrefix(l, "wgmma.wait_group"):
			inFlight = map[string]bool{}
			continue
		case strings.HasPrefix(l, "wgmma.commit_group"):
			continue
		}
		if m := wgmmaLine.FindStringSubmatch(l); m != nil {
			regs := regRef.FindAllString(m[1], -1)
			if strings.HasPrefix(m[2], "{") {
				regs = append(regs, regRef.FindAllString(m[2], -1)...)
			}
			for _, r := range regs {
				if dirty[r] {
					bad = append(bad, "written since the last wgmma.fence: "+r+" in "+l)
				}
			}
			for _, r := range regRef.FindAllString(m[1], -1) {
				inFlight[r] = true
			}
			continue
		}
		for _, r := range regRef.FindAllString(l, -1) {
			if inFlight[r] {
				bad = append(bad, "in-flight accumulator "+r+" touched by: "+l)
				break
			}
		}
		// The first register of an ordinary instruction is its result.
		if rs := regRef.FindAllString(l, 1); len(rs) == 1 && !strings.HasPrefix(l, "@") && !strings.HasPrefix(l, "st.") {
			dirty[rs[0]] = true
		}
	}
	return bad
}

// TestWGMMAAccumulatorsStayInPlace emits the wgmma goldens and checks that
// nothing touches accumulator registers while a wgmma may write them, that
// every register write feeding a wgmma is fenced, and that the pipelined
// loop's accumulators cross the back edge without a single mov.
func TestWGMMAAccumulatorsStayInPlace(t *testing.T) {
	ptx, ks := emitFile(t, "testdata/golden/wgmma.mlir", "sm_90")
	if ks[0].Target != "sm_90a" || !strings.Contains(ptx, ".target sm_90a") {
		t.Errorf("wgmma did not select sm_90a: %+v", ks)
	}
	for _, h := range wgmmaHazards(ptx) {
		t.Error(h)
	}
	loop := ptx[strings.Index(ptx, "$L__BB0_1:"):strings.Index(ptx, "$L__BB0_3:")]
	m := wgmmaLine.FindStringSubmatch(loop)
	if m == nil {
		t.Fatalf("no wgmma in the loop:\n%s", loop)
	}
	for _, r := range regRef.FindAllString(m[1], -1) {
		for _, l := range strings.Split(loop, "\n") {
			if strings.Contains(l, "mov") && regexp.MustCompile(regexp.QuoteMeta(r)+`\b`).MatchString(l) {
				t.Errorf("accumulator %s copied in the loop: %s", r, l)
			}
		}
	}
	// Both wgmma of an iteration and the wait share one register list.
	if n := strings.Count(loop, "{"+m[1]+"}"); n != 2 {
		t.Errorf("the loop's two wgmma do not share their accumulators (%d uses of {%s})", n, m[1])
	}
}

// TestWGMMAHazardCheck makes sure the hazard scan above can fail.
func TestWGMMAHazardCheck(t *testing.T) {
	bad := wgmmaHazards(`
	mov.f32 %f1, 0f00000000;
	wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2}, %rd1, %rd2, 1, 1, 1, 0, 0;
	add.f32 %f3, %f2, %f2;
	wgmma.wait_group.sync.aligned 0;`)
	if len(bad) != 2 {
		t.Errorf("want an unfenced write and an in-flight read, got %q", bad)
	}
}
