package all_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/passmgr"
	_ "github.com/ttcompiler/tt/transforms/all"
)

// TestNotBuiltSteps builds every named pipeline of this build and lists
// the steps that are still placeholders for passes tt does not have yet.
// Registering one of those passes makes its steps run: then remove it
// from this list (the test fails until you do) and from the not-built
// table of its pipeline file. A step naming a pass that is neither
// registered nor marked fails the build of its pipeline here.
func TestNotBuiltSteps(t *testing.T) {
	for _, c := range []struct {
		pipeline string
		notBuilt string
	}{
		{"ttir-pipeline", ""},
		{"ttir-pipeline-amd", ""},
		{"ttgir-pipeline{capability=80}", ""},
		{"ttgir-pipeline{capability=90}", ""},
		{"ttgir-pipeline{capability=100}", "tritongpu-hoist-tmem-alloc tritongpu-promote-lhs-to-tmem " +
			"tritongpu-automatic-warp-specialization tritongpu-optimize-partition-warps tritongpu-hoist-tmem-alloc " +
			"triton-nvidia-gpu-remove-tmem-tokens"},
		{"ttgir-pipeline-amd{arch=gfx942}", ""},
		{"ttgir-to-gpu-pipeline{target=cuda:90}", ""},
		{"ttgir-to-gpu-pipeline{target=hip:gfx942}", ""},
	} {
		pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+c.pipeline+")")
		if err != nil {
			t.Errorf("%s: %v", c.pipeline, err)
			continue
		}
		var got []string
		for _, s := range pm.NotBuilt() {
			if s.NotBuilt == "" {
				t.Errorf("%s: step %s is not built and has no reason", c.pipeline, s.Pass)
			}
			got = append(got, s.Pass)
		}
		if g := strings.Join(got, " "); g != c.notBuilt {
			t.Errorf("%s: steps not built yet\n got  %s\n want %s", c.pipeline, g, c.notBuilt)
		}
	}
	// A mark left on a pass that is registered now is stale.
	for _, p := range passmgr.Default.NotBuiltPasses() {
		if passmgr.Default.Lookup(p) != nil {
			t.Errorf("%s is registered: remove it from the not-built table of its pipeline", p)
		}
	}
}
