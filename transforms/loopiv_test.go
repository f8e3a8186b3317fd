package transforms

import (
	"strings"
	"testing"
)

// TestInductionOffsetsSettingRefused: induction-offsets takes on or off,
// from the pass option or TT_X_INDUCTION_OFFSETS; anything else stops the
// pipeline with an error naming the value.
func TestInductionOffsetsSettingRefused(t *testing.T) {
	src := "module {\n}\n"
	if _, err := runPipeline(t, "builtin.module(reassociate-loop-addresses{induction-offsets=yes})", src); err == nil || !strings.Contains(err.Error(), `"yes"`) {
		t.Errorf("induction-offsets=yes: %v, want the value refused", err)
	}
	t.Setenv("TT_X_INDUCTION_OFFSETS", "always")
	if _, err := runPipeline(t, "builtin.module(reassociate-loop-addresses)", src); err == nil || !strings.Contains(err.Error(), `"always"`) {
		t.Errorf("TT_X_INDUCTION_OFFSETS=always: %v, want the setting refused", err)
	}
	t.Setenv("TT_X_INDUCTION_OFFSETS", "on")
	if _, err := runPipeline(t, "builtin.module(reassociate-loop-addresses)", src); err != nil {
		t.Errorf("TT_X_INDUCTION_OFFSETS=on: %v", err)
	}
}
