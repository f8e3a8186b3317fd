package lit

import (
	"strings"
	"testing"
)

func TestChunks(t *testing.T) {
	src := "// RUN: a %s \\\n// RUN:   | b\n// RUN: c %s\nx\n// -----\ny\n// -----\nz\n"
	if n := NumRunLines(src); n != 2 {
		t.Errorf("NumRunLines = %d, want 2", n)
	}
	chunks := ChunkFiles(src)
	if len(chunks) != 3 {
		t.Fatalf("%d chunks, want 3", len(chunks))
	}
	// Later chunks keep the RUN lines and their original line numbers.
	lines := strings.Split(chunks[2], "\n")
	if lines[0] != "// RUN: a %s \\" || lines[7] != "z" {
		t.Errorf("chunk 2: %q", chunks[2])
	}
	only := WithOnlyRunLine(src, 1)
	if !strings.Contains(only, "// RUN-DISABLED: a") || !strings.Contains(only, "// RUN-DISABLED:   | b") ||
		!strings.Contains(only, "// RUN: c") || strings.Count(only, "\n") != strings.Count(src, "\n") {
		t.Errorf("WithOnlyRunLine: %q", only)
	}
}
