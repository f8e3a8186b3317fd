package transforms_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// robustnessPipelines are run one by one on every input.
var robustnessPipelines = []string{
	"builtin.module(canonicalize)",
	"builtin.module(canonicalize{top-down=false region-simplify=disabled})",
	"builtin.module(cse)",
	"builtin.module(tt.func(canonicalize,cse))",
	"builtin.module(loop-invariant-code-motion)",
	"builtin.module(inline)",
	"builtin.module(symbol-dce)",
	"builtin.module(sccp)",
	"builtin.module(remove-dead-values)",
	"builtin.module(convert-scf-to-cf)",
	"builtin.module(inline,sccp,canonicalize,cse,loop-invariant-code-motion,symbol-dce,convert-scf-to-cf,canonicalize,cse)",
}

// TestPassesOnCorpus runs every pass on every chunk of the Triton lit
// corpus and on the seed and perf kernels: no pass may crash, the output
// must verify, and a failure must be a located diagnostic.
func TestPassesOnCorpus(t *testing.T) {
	var inputs []string
	var names []string
	add := func(path string, split bool) {
		data, err := os.ReadFile(path)
		if err != nil {
			return
		}
		chunks := []string{string(data)}
		if split {
			chunks = splitChunks(string(data))
		}
		for i, c := range chunks {
			if strings.Contains(c, "expected-error") || strings.Contains(c, "expected-warning") {
				continue
			}
			inputs = append(inputs, c)
			names = append(names, filepath.Base(path)+"#"+itoa(i))
		}
	}
	lits, _ := filepath.Glob(filepath.Join(tritonLit, "test", "*", "*.mlir"))
	for _, p := range lits {
		add(p, true)
	}
	kernels, _ := filepath.Glob("../../shared/kernels/*.tt*ir")
	perf, _ := filepath.Glob("../../shared/kernels/perf/*.ttir")
	for _, p := range append(kernels, perf...) {
		add(p, false)
	}
	if len(inputs) == 0 {
		t.Skip("no corpus")
	}
	ran := 0
	for i, src := range inputs {
		for _, pipeline := range robustnessPipelines {
			ctx := all.NewContext()
			ctx.AllowUnregistered = true
			op, err := asm.ParseString(ctx, src)
			if err != nil || ir.Verify(op) != nil {
				break // not valid input for this tool version
			}
			pm, err := passmgr.Parse(passmgr.Default, pipeline)
			if err != nil {
				t.Fatal(err)
			}
			ran++
			err = pm.Run(op, &passmgr.Config{VerifyEach: true})
			if err == nil {
				continue
			}
			var d *ir.Diagnostic
			if strings.Contains(err.Error(), "crashed") || !errors.As(err, &d) {
				t.Errorf("%s: %s: %v", names[i], pipeline, err)
				continue
			}
			if strings.Contains(pipeline, "remove-dead-values") && strings.Contains(d.Message, "branch ops") {
				continue // MLIR's documented restriction
			}
			t.Errorf("%s: %s failed: %v", names[i], pipeline, err)
		}
	}
	t.Logf("%d pass runs on %d inputs", ran, len(inputs))
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
