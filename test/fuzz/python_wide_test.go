package fuzz

import (
	"flag"
	"strings"
	"testing"
)

var pyWide = flag.Bool("pywide", false, "run TestPythonWideIntegers")

// TestPythonWideIntegers compiles every Python seed that takes an i32
// scalar with its i32 scalars as i64 (Triton specializes a Python int
// beyond 32 bits so): each one alone, then all of them, for sm_90 and
// gfx942 on 4 warps and sm_80 and sm_90 on 8. i64 sizes and strides reach
// the loops' bounds and the address arithmetic of every pass; one wide
// entry can take a path that all of them do not (Python fuzz seed 325: an
// i64 K alone kept the kernel on TMA, where nvgpu-warp-specialization
// broke its K loop). Every outcome must be code or a located diagnostic.
func TestPythonWideIntegers(t *testing.T) {
	if !*pyWide {
		t.Skip("run with -pywide")
	}
	targets := []struct {
		target, arch string
		warps        int
	}{{"ptx", "sm_90", 4}, {"llvmir", "gfx942", 4}, {"ptx", "sm_80", 8}, {"ptx", "sm_90", 8}}
	counts := map[Status]int{}
	for _, s := range pySeeds(t) {
		for _, sig := range widenedSignatures(s.Signature) {
			for _, tg := range targets {
				j := Job{Name: s.Name, Src: s.Src, Kernel: s.Kernel, Signature: sig, NumWarps: tg.warps, Target: tg.target, Arch: tg.arch}
				o := runJob(j, parsePython, compilePython)
				counts[o.Status]++
				if o.Status.Failed() || o.Status == Unlocated {
					t.Errorf("%s %s: %s: %s", s.Name, j, o.Status, o.Msg)
				}
			}
		}
	}
	t.Logf("outcomes: %v", counts)
}

// widenedSignatures returns sig with each i32 entry made i64 (its
// divisibility kept) alone, then with all of them, where sig has any.
func widenedSignatures(sig []string) []string {
	var wide []int
	for i, e := range sig {
		if strings.HasPrefix(e, "i32") {
			wide = append(wide, i)
		}
	}
	with := func(idx ...int) string {
		out := append([]string(nil), sig...)
		for _, i := range idx {
			out[i] = "i64" + strings.TrimPrefix(out[i], "i32")
		}
		return strings.Join(out, ", ")
	}
	var out []string
	for _, i := range wide {
		out = append(out, with(i))
	}
	if len(wide) > 1 {
		out = append(out, with(wide...))
	}
	return out
}
