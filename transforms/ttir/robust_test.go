package ttir_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms/ttir"
)

// corpusChunks returns every `// -----` chunk of every lit file of the
// Triton corpus and every section of the Triton 3.6 pass dumps.
func corpusChunks(t *testing.T) map[string]string {
	t.Helper()
	chunks := map[string]string{}
	err := filepath.Walk(filepath.Join(corpus, "test"), func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, c := range strings.Split(string(data), "\n// -----") {
			chunks[strings.TrimPrefix(path, corpus+"/")+"#"+strconv.Itoa(i)] = c
		}
		return nil
	})
	if err != nil || len(chunks) == 0 {
		t.Skipf("Triton lit corpus not available: %v", err)
	}
	if testing.Short() {
		return chunks
	}
	// Every stage of Triton 3.6's pipelines on real kernels, too.
	dumps, _ := filepath.Glob(filepath.Join(kernels, "passes", "*.passes.mlir"))
	for _, f := range dumps {
		for i, s := range readDump(t, f) {
			chunks[filepath.Base(f)+"#"+strconv.Itoa(i)] = s.text
		}
	}
	return chunks
}

// TestPassesNeverCrash runs every pass of this package on every chunk of
// Triton's lit corpus that parses and verifies: a pass may refuse input
// with a located diagnostic, but it must not crash, and what it returns
// must verify.
// passSpecs are the package's passes as the robustness and fuzz tests
// run them: each with its default options, and the passes that do
// nothing with those also with the options that make them rewrite.
func passSpecs() []string {
	var specs []string
	for _, p := range ttir.Passes() {
		specs = append(specs, p.Name)
	}
	return append(specs, "tt-persistent-programs{capability=90}", "tt-persistent-programs{capability=90 num-warps=8}")
}

func TestPassesNeverCrash(t *testing.T) {
	mods := map[string]*ir.Operation{}
	for name, src := range corpusChunks(t) {
		ctx := all.NewContext()
		ctx.AllowUnregistered = true
		if mod, err := asm.ParseString(ctx, src); err == nil && ir.Verify(mod) == nil {
			mods[name] = mod
		}
	}
	for _, spec := range passSpecs() {
		crashes, failures, runs := 0, 0, 0
		for name, orig := range mods {
			mod := orig.Clone(nil)
			pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+spec+")")
			if err != nil {
				t.Fatal(err)
			}
			runs++
			err = pm.Run(mod, &passmgr.Config{VerifyEach: true, DisableThreading: true})
			switch {
			case err == nil:
			case strings.Contains(err.Error(), "crashed"):
				crashes++
				t.Errorf("%s crashed on %s: %v", spec, name, err)
			default:
				failures++
				if d, ok := err.(*ir.Diagnostic); ok && d.Loc == nil {
					t.Errorf("%s failed on %s without a location: %v", spec, name, err)
				}
			}
		}
		t.Logf("%-45s %4d chunks, %d refused with a diagnostic, %d crashes", spec, runs, failures, crashes)
	}
}
