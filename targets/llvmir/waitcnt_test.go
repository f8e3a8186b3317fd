package llvmir_test

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/filecheck"
	"github.com/ttcompiler/tt/targets/llvmir"
)

// TestAMDWaitcntAssembly assembles testdata/waitcnt.mlir's translation
// for each of its targets with llc and checks the waits llc prints, which
// LLVM decodes from the immediates tt encoded (the s_waitcnt fields of
// gfx9, gfx10 and gfx11 sit in different bits), against the file's
// FileCheck lines for the target's family. llc without the target (LLVM
// 19 does not know gfx950) compiles for the family's newest processor it
// knows, as TestGolden does.
func TestAMDWaitcntAssembly(t *testing.T) {
	const path = "testdata/waitcnt.mlir"
	if llc() == "" {
		t.Skip("llc not found: the encodings are checked against the golden files only")
	}
	checks, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, archs := parseFile(t, path)
	family := map[string]string{"gfx90a": "GFX9", "gfx942": "GFX9", "gfx950": "GFX9", "gfx1030": "RDNA", "gfx1100": "RDNA", "gfx1200": "GFX12"}
	for _, arch := range archs {
		t.Run(arch, func(t *testing.T) {
			prefix, ok := family[arch]
			if !ok {
				t.Fatalf("no check prefix for %s", arch)
			}
			target := llvmir.MustTarget(arch)
			var ll bytes.Buffer
			if err := llvmir.Emit(m, target, &ll); err != nil {
				t.Fatalf("translate: %v", err)
			}
			cpu := llcArch("amdgcn", arch)
			if cpu == "" {
				t.Skipf("%s knows no processor of the %s family", llc(), arch)
			}
			if cpu != arch && !strings.HasPrefix(cpu, arch[:len(arch)-2]) {
				t.Skipf("%s does not know %s (would compile for %s, another generation)", llc(), arch, cpu)
			}
			cmd := exec.Command(llc(), "-mtriple=amdgcn-amd-amdhsa", "-mcpu="+cpu, "-o", "-")
			cmd.Stdin = &ll
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("llc -mcpu=%s: %v\n%s", cpu, err, stderr.String())
			}
			opts := filecheck.DefaultOptions()
			opts.CheckPrefixes = []string{prefix}
			var diag bytes.Buffer
			if err := filecheck.Check(opts, path, checks, arch+".s", out, &diag); err != nil {
				t.Errorf("%v\n%s", err, diag.String())
			}
		})
	}
}
