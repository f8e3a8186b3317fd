// Package pipeline checks that tt's pass pipelines preserve what kernels
// compute: every kernel case (Triton's inputs and outputs) is run in the
// interpreter after the TTIR pipeline (make_ttir) and after the TTGIR
// pipeline (make_ttgir: MMA layouts, the software pipeliner's buffers and
// async copies included), and must still match Triton.
package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/tools/ttrun"
	_ "github.com/ttcompiler/tt/transforms/all"
)

type suite struct{ dir, manifest string }

func suites() []suite {
	out := []suite{{"../../testdata/cases", "../../testdata/cases/manifest.json"}}
	shared := filepath.Join("..", "..", "..", "shared", "kernels", "cases")
	if _, err := os.Stat(filepath.Join(shared, "manifest.json")); err == nil {
		out = append(out, suite{shared, filepath.Join(shared, "manifest.json")})
	}
	return out
}

func runPipeline(mod *ir.Operation, text string) error {
	pm, err := passmgr.Parse(passmgr.Default, text)
	if err != nil {
		return err
	}
	return pm.Run(mod, passmgr.DefaultConfig())
}

func TestPipelinesPreserveResults(t *testing.T) {
	interp, err := ttrun.LookupBackend("interp")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range suites() {
		m, err := ttrun.ReadManifest(s.manifest)
		if err != nil {
			t.Fatal(err)
		}
		for i := range m.Cases {
			c := &m.Cases[i]
			for _, stage := range []string{"ttir", "ttgir"} {
				stage := stage
				t.Run(c.Name+"/"+stage, func(t *testing.T) {
					transform := func(mod *ir.Operation, c *ttrun.Case) error {
						if err := runPipeline(mod, "builtin.module(ttir-pipeline)"); err != nil {
							return err
						}
						if stage == "ttir" {
							return nil
						}
						nw := c.NumWarps
						if nw == 0 {
							nw = 4
						}
						return runPipeline(mod, fmt.Sprintf("builtin.module(ttgir-pipeline{num-warps=%d})", nw))
					}
					res, err := ttrun.RunCase(s.dir, c, interp, ttrun.CaseOptions{Transform: transform})
					if err != nil {
						t.Fatal(err)
					}
					if !res.Pass {
						t.Fatalf("results changed: %s", res)
					}
				})
			}
		}
	}
}
