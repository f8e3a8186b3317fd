package ttir_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

const maxFuzzInput = 64 << 10

// FuzzTTIRPasses runs every pass of the package on any input that parses
// and verifies: none may crash, and what a pass returns must verify.
// Seeds: the kernels Triton compiled and the inputs of this package's
// tests.
func FuzzTTIRPasses(f *testing.F) {
	for _, dir := range []string{"", "cases", "perf"} {
		files, _ := filepath.Glob(filepath.Join(kernels, dir, "*.ttir"))
		for _, p := range files {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(string(data))
			}
		}
	}
	for _, s := range []string{mulReduce, unswitchResults} {
		f.Add(replaceAll(s, "ELEM", "f32", "AXIS", "1", "RES", "16x16"))
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > maxFuzzInput {
			return // kernels are far smaller; huge inputs only slow the search
		}
		ctx := all.NewContext()
		ctx.AllowUnregistered = true
		mod, err := asm.ParseString(ctx, src)
		if err != nil || ir.Verify(mod) != nil {
			return
		}
		for _, spec := range passSpecs() {
			pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+spec+")")
			if err != nil {
				t.Fatal(err)
			}
			err = pm.Run(mod.Clone(nil), &passmgr.Config{VerifyEach: true, DisableThreading: true})
			if err != nil && strings.Contains(err.Error(), "crashed") {
				t.Fatalf("%s crashed: %v", spec, err)
			}
		}
	})
}
