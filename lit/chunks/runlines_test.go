package chunks

import (
	"strings"
	"testing"
)

func TestRunLines(t *testing.T) {
	src := "// RUN: a %s \\\n// RUN:   | b\n// RUN: c %s\nx\n// -----\ny\n"
	if n := NumRunLines(src); n != 2 {
		t.Errorf("NumRunLines = %d, want 2", n)
	}
	only := WithOnlyRunLine(src, 1)
	if !strings.Contains(only, "// RUN-DISABLED: a") || !strings.Contains(only, "// RUN-DISABLED:   | b") ||
		!strings.Contains(only, "// RUN: c") || strings.Count(only, "\n") != strings.Count(src, "\n") {
		t.Errorf("WithOnlyRunLine: %q", only)
	}
	// The chunks of the selected line keep line numbers.
	parts := Split(only)
	if len(parts) != 2 || strings.Split(parts[1], "\n")[5] != "y" {
		t.Errorf("Split: %q", parts)
	}
}

func TestOtherPrefixIsNoDirective(t *testing.T) {
	// CHECK-NOCANON: belongs to another prefix: a chunk with only such
	// lines does not use CHECK, and its FileCheck stage is dropped.
	src := "// RUN: tool %s | FileCheck %s\nx\n// -----\n// CHECK-NOCANON: y\n"
	if parts := Split(src); strings.Contains(parts[1], "FileCheck") {
		t.Errorf("FileCheck kept: %q", parts[1])
	}
}
