package passmgr_test

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/ttcompiler/tt/passmgr"
)

// A named pipeline built from steps runs its registered passes, keeps a
// placeholder for a marked pass that is not built (shown in the textual
// pipeline, the timing report and NotBuilt), runs the stand-in in its
// place, and rejects a step naming an unknown pass. Registering the
// pass makes its step run.
func TestStepsPipeline(t *testing.T) {
	var log []string
	var mu sync.Mutex
	reg := registry(&log, &mu)
	reg.MarkNotBuilt("later", "not written yet")
	steps := []passmgr.Step{
		passmgr.NewStep("m"),
		{Pass: "later", Options: "level=2", StandIn: "a"},
		passmgr.NewStep("a", "level=1", ""),
	}
	reg.RegisterPipeline(&passmgr.NamedPipeline{Name: "steps", Text: passmgr.StepsText(reg, steps)})

	pm, err := passmgr.Parse(reg, "builtin.module(steps)")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pm.String(), "builtin.module(m,?later{level=2},a,a{level=1})"; got != want {
		t.Errorf("pipeline %s, want %s", got, want)
	}
	nb := pm.NotBuilt()
	if len(nb) != 1 || nb[0].Pass != "later" || nb[0].Options != "level=2" || nb[0].NotBuilt != "not written yet" {
		t.Errorf("NotBuilt = %+v", nb)
	}
	// The dump parses back to the same pipeline.
	again, err := passmgr.Parse(reg, pm.String())
	if err != nil || again.String() != pm.String() {
		t.Errorf("re-parsed dump: %v, %v", again, err)
	}

	cfg := passmgr.DefaultConfig()
	cfg.Timer = &passmgr.Timer{}
	if err := pm.Run(module(t), cfg); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(log, " "); got != "m@builtin.module a@builtin.module a@builtin.module{1 fast}" {
		t.Errorf("ran %s", got)
	}
	var rep bytes.Buffer
	cfg.Timer.Report(&rep)
	if !strings.Contains(rep.String(), "later (not built)") {
		t.Errorf("timing report does not show the placeholder:\n%s", rep.String())
	}

	// A step that names neither a registered nor a marked pass fails the
	// pipeline where it is built.
	text := passmgr.StepsText(reg, []passmgr.Step{passmgr.NewStep("m"), passmgr.NewStep("misspelt")})
	reg.RegisterPipeline(&passmgr.NamedPipeline{Name: "typo", Text: text})
	if _, err := passmgr.Parse(reg, "builtin.module(typo)"); err == nil ||
		!strings.Contains(err.Error(), "pipeline 'typo': 'misspelt' does not refer to a registered pass") {
		t.Errorf("unknown step: err = %v", err)
	}

	// Once registered, the marked pass runs in the step's place, without
	// its stand-in.
	reg.Register(&passmgr.Pass{Name: "later", Build: reg.Lookup("a").Build})
	if got := passmgr.StepsText(reg, steps); got != "m,later{level=2},a{level=1}" {
		t.Errorf("with later registered: %s", got)
	}
	if pm, err := passmgr.Parse(reg, "builtin.module(?later)"); err != nil || len(pm.NotBuilt()) != 0 {
		t.Errorf("?later with later registered: %v, %v", pm, err)
	}
}
