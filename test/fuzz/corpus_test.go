package fuzz

import "testing"

// TestCrasherSettingsRoundTrip: a kept crasher replays under the settings
// it failed with, the cluster size included (a crasher found at
// --num-ctas=2 that replayed at one CTA would pass TestCrashers without
// the fix).
func TestCrasherSettingsRoundTrip(t *testing.T) {
	for _, j := range []Job{
		{Name: "k.mlir", Src: "module {\n}\n", Target: "ptx", Arch: "sm_90", NumWarps: 8, NumStages: 4, NumCTAs: 2},
		{Name: "k.mlir", Src: "module {\n}\n", Target: "llvmir", Arch: "gfx942", NumWarps: 4},
		{Name: "k.py", Src: "import triton\n", Target: "ptx", Arch: "sm_80", NumWarps: 2, Kernel: "add", Signature: "*fp32:16, tensordesc<fp16[64, 64]>, 1024"},
	} {
		text := FormatCrasher(j, Outcome{Status: Broken}, []string{"view: dot at line 3: transposed"})
		back := ParseCrasher(j.Name, text)
		if back.Target != j.Target || back.Arch != j.Arch || back.NumWarps != j.NumWarps || back.NumStages != j.NumStages || back.NumCTAs != j.NumCTAs ||
			back.Kernel != j.Kernel || back.Signature != j.Signature {
			t.Errorf("%s: read back as %s from\n%s", j, back, text)
		}
	}
}
