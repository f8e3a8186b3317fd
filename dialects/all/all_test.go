package all_test

import (
	"testing"

	_ "github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Every op of every dialect has a well-formed assembly format (formats are
// compiled on first use, so a malformed one would otherwise only show when
// some IR prints or parses that op).
func TestEveryFormatCompiles(t *testing.T) {
	if err := asmfmt.CheckInstalled(); err != nil {
		t.Fatal(err)
	}
}
