package chunks

import (
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	src := strings.Join([]string{
		"// RUN: tool %s -split-input-file | FileCheck %s",
		"// RUN: tool %s -split-input-file | FileCheck %s --check-prefix=FOO",
		"// CHECK: zero",
		"// -----",
		"// FOO: one",
		"// CHECK-LABEL: one",
		"// -----",
		"// nothing checked here",
	}, "\n")
	got := Split(src)
	if len(got) != 3 {
		t.Fatalf("%d chunks, want 3", len(got))
	}
	// Chunk 0 holds the RUN lines themselves; FOO is unused there.
	if !strings.Contains(got[0], "// RUN: tool %s -split-input-file | FileCheck %s\n") ||
		strings.Contains(got[0], "check-prefix=FOO") {
		t.Errorf("chunk 0:\n%s", got[0])
	}
	// Chunk 1 uses both prefixes, and its text keeps its line numbers.
	lines := strings.Split(got[1], "\n")
	if !strings.Contains(lines[1], "--check-prefix=FOO") || lines[4] != "// FOO: one" {
		t.Errorf("chunk 1:\n%s", got[1])
	}
	// Chunk 2 checks nothing: both RUN lines keep their tool only.
	if strings.Contains(got[2], "FileCheck") || strings.Count(got[2], "RUN: tool") != 2 {
		t.Errorf("chunk 2:\n%s", got[2])
	}
}

func TestProbe(t *testing.T) {
	got := probe("// RUN: tool %s -verify-diagnostics=only-expected --pass | FileCheck %s\nbody")
	if got != "// RUN: tool %s --pass\nbody" {
		t.Errorf("probe = %q", got)
	}
}
