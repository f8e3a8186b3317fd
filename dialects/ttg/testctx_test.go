package ttg_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/dialects/math"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
)

// sharedDir is where the conformance data and kernels live.
var sharedDir = func() string {
	if d := os.Getenv("TT_SHARED"); d != "" {
		return d
	}
	wd, _ := os.Getwd()
	// dialects/ttg -> repo root -> ../shared
	return filepath.Join(wd, "..", "..", "..", "shared")
}()

// newContext loads every dialect Triton's IR uses that exists in the tree.
func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	arith.Load(ctx)
	math.Load(ctx)
	function.Load(ctx)
	ub.Load(ctx)
	tt.Load(ctx)
	ttg.Load(ctx)
	loadExtra(ctx)
	return ctx
}

// missingDialect returns the dialect a diagnostic complains is not loaded
// (or an op of an unknown dialect), or "".
func missingDialect(err error) string {
	if err == nil {
		return ""
	}
	m := missingRE.FindStringSubmatch(err.Error())
	if m == nil {
		return ""
	}
	for _, g := range m[1:] {
		if g != "" && !loadedDialects[g] {
			return g
		}
	}
	return ""
}

// loadedDialects are the dialects newContext always loads: an unknown op of
// one of them is an error, not a missing dialect.
var loadedDialects = map[string]bool{"builtin": true, "arith": true, "math": true, "func": true, "ub": true,
	"tt": true, "ttg": true, "ttng": true, "amdg": true, "scf": true, "cf": true}

var missingRE = regexp.MustCompile(`dialect '([a-z_]+)' is not loaded|operation '([a-z_]+)\.[a-z_.]+' is unregistered|custom op '([a-z_]+)\.[a-z_.0-9]+' is unknown|unregistered operation '([a-z_]+)\.`)

// splitChunks splits a file the way -split-input-file does: on lines that
// start with `// -----`. It returns each chunk with the line it starts on.
func splitChunks(src string) (chunks []string, firstLines []int) {
	lines := strings.SplitAfter(src, "\n")
	var cur strings.Builder
	start := 1
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "// -----") {
			chunks = append(chunks, cur.String())
			firstLines = append(firstLines, start)
			cur.Reset()
			start = i + 2
			continue
		}
		cur.WriteString(l)
	}
	chunks = append(chunks, cur.String())
	firstLines = append(firstLines, start)
	return chunks, firstLines
}
