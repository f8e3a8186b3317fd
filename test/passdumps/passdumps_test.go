package passdumps

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	const dump = `// -----// IR Dump Before TritonGPUScheduleLoops (tritongpu-schedule-loops) ('builtin.module' operation) //----- //
module {
}

// -----// IR Dump Before TritonGPUPipeline (tritongpu-pipeline) ('builtin.module' operation) //----- //
module {A}
// -----// SoftwarePipeliner internal IR Dump After: LowerLoops
module {B}
// -----// SoftwarePipeliner internal IR Dump After: ExpandLoops
module {C}
// -----// IR Dump Before Canonicalizer (canonicalize) ('tt.func' operation: @f) //----- //
tt.func @f()
`
	p := filepath.Join(t.TempDir(), "d.mlir")
	if err := os.WriteFile(p, []byte(dump), 0o644); err != nil {
		t.Fatal(err)
	}
	secs, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(secs) != 3 || secs[0].Pass != "tritongpu-schedule-loops" || secs[2].Op != "tt.func" || secs[1].Line != 5 {
		t.Fatalf("sections: %+v", secs)
	}
	if Normalize(secs[1].Text) != "module {A}" || Normalize(secs[1].Internal["LowerLoops"]) != "module {B}" ||
		Normalize(secs[1].Internal["ExpandLoops"]) != "module {C}" {
		t.Errorf("pipeline section: %q %q", secs[1].Text, secs[1].Internal)
	}
	if d := LineDiff("a\nb", "a\nc"); !strings.Contains(d, "line 2") {
		t.Errorf("LineDiff: %s", d)
	}
}
