package transforms

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// runPipeline parses src, runs the textual pipeline on it with
// verification after each pass, and returns the printed result.
func runPipeline(t *testing.T, pipeline, src string) (string, error) {
	t.Helper()
	return runPipelineIn(t, all.NewContext(), pipeline, src)
}

// runPipelineIn is runPipeline in a given context.
func runPipelineIn(t *testing.T, ctx *ir.Context, pipeline, src string) (string, error) {
	t.Helper()
	op, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatalf("input does not verify: %v", err)
	}
	pm, err := passmgr.Parse(passmgr.Default, pipeline)
	if err != nil {
		t.Fatalf("pipeline %q: %v", pipeline, err)
	}
	err = pm.Run(op, &passmgr.Config{VerifyEach: true})
	return asm.Sprint(op, asm.PrintConfig{}), err
}

// golden is one pipeline run with its exact expected output.
type golden struct {
	name, pipeline, in, want string
}

func runGoldens(t *testing.T, cases []golden) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := runPipeline(t, c.pipeline, c.in)
			if err != nil {
				t.Fatalf("pipeline failed: %v\n%s", err, got)
			}
			want := strings.TrimLeft(c.want, "\n")
			if got != want {
				t.Errorf("output mismatch\n--- got ---\n%s--- want ---\n%s", got, want)
			}
		})
	}
}

func parseTestPipeline(text string) (*passmgr.PassManager, error) {
	return passmgr.Parse(passmgr.Default, text)
}
