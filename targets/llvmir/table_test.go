package llvmir_test

import (
	"bytes"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/targets/llvmir"
)

// TestTableLoadLLC compiles testdata/table.mlir's translation with llc
// where it is installed: on NVPTX the tables are .global arrays read with
// ld.global.nc (what the PTX emitter writes), and on AMDGCN they are
// read-only data of the code object.
func TestTableLoadLLC(t *testing.T) {
	if llc() == "" {
		t.Skip("llc not found: the translation is checked against the golden files only")
	}
	m, _ := parseFile(t, "testdata/table.mlir")
	for _, c := range []struct {
		arch, march string
		want        []string
	}{
		{"sm_90", "nvptx64", []string{`\.global \.align 8 \.b8 __tt_table_0\[24\]`, `\.global \.align 4 \.b8 __tt_table_1\[16\]`, `ld\.global\.nc\.u64`, `ld\.global\.nc\.u32`}},
		{"gfx942", "amdgcn", []string{`__tt_table_0@rel32@lo`, `\.section\s+\.rodata`, `__tt_table_1:`}},
	} {
		t.Run(c.arch, func(t *testing.T) {
			cpu := llcArch(c.march, c.arch)
			if cpu == "" {
				t.Skipf("%s knows no processor of the %s family", llc(), c.arch)
			}
			var ll bytes.Buffer
			if err := llvmir.Emit(m, llvmir.MustTarget(c.arch), &ll); err != nil {
				t.Fatalf("translate: %v", err)
			}
			cmd := exec.Command(llc(), "-march="+c.march, "-mcpu="+cpu, "-o", "-")
			cmd.Stdin = &ll
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("llc: %v\n%s", err, stderr.String())
			}
			for _, w := range c.want {
				if !regexp.MustCompile(w).Match(out) {
					t.Errorf("no %s in llc's output:\n%s", w, out)
				}
			}
		})
	}
}
