package tttranslate

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The tensor_desc case makes two descriptors one after the other: their
// maps are one run (ttng.TensormapCreateRun), built at once. Each is
// published (tensormap.cp_fenceproxy) from its own 128-byte template by
// its own warp, with no CTA barrier between the two; one barrier follows
// the second acquire. Before, the second map waited for the first's
// release, acquire and two barriers (about 3 us a map on an H200).
func TestTensormapRunPTX(t *testing.T) {
	out := filepath.Join(t.TempDir(), "td.ptx")
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"../../testdata/cases/tensor_desc.ttir", "--arch=sm_90", "--no-cache", "-o", out}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	ptx := string(data)
	cp := regexp.MustCompile(`@(%p\d+) tensormap\.cp_fenceproxy\S* \[%rd\d+\], \[(%r\d+)\], 128;`)
	m := cp.FindAllStringSubmatchIndex(ptx, -1)
	if len(m) != 2 {
		t.Fatalf("%d tensormap.cp_fenceproxy, want 2:\n%s", len(m), ptx)
	}
	pred := func(i int) string { return ptx[m[i][2]:m[i][3]] }
	tmpl := func(i int) string { return ptx[m[i][4]:m[i][5]] }
	if pred(0) == pred(1) || tmpl(0) == tmpl(1) {
		t.Errorf("both maps published under %s from %s / %s from %s: want two warps and two templates", pred(0), tmpl(0), pred(1), tmpl(1))
	}
	// The second warp's predicate: thread id / 32 == 1.
	setp := regexp.MustCompile(`setp\.eq\.s32 ` + regexp.QuoteMeta(pred(1)) + `, %r\d+, 1;`)
	if !setp.MatchString(ptx) {
		t.Errorf("the second map's predicate %s is not warp 1's", pred(1))
	}
	if between := ptx[m[0][1]:m[1][0]]; strings.Contains(between, "bar.sync") {
		t.Errorf("a CTA barrier separates the two maps:\n%s", between)
	}
}
