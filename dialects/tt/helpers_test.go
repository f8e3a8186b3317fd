package tt_test

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/dialects/math"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// sharedDir is ../shared beside the checkout (skipped when absent).
func sharedDir(t *testing.T) string {
	t.Helper()
	for _, d := range []string{"../../../shared"} {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return d
		}
	}
	t.Skip("shared/ not found")
	return ""
}

// loadedDialects are the dialects the tests can load; dialects written by
// others are added here as they land.
var loadedDialects = map[string]func(*ir.Context){
	"builtin": builtin.Load,
	"tt":      tt.Load,
	"arith":   arith.Load,
	"math":    math.Load,
	"ub":      ub.Load,
	"func":    function.Load,
	"ttg":     ttg.Load,
	"scf":     scf.Load,
}

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	for _, l := range loadedDialects {
		l(ctx)
	}
	return ctx
}

var opNameRe = regexp.MustCompile(`(?m)(?:^|[\s"=(])([a-z_]+)\.[a-z_][a-z0-9_.]*`)
var dialectRefRe = regexp.MustCompile(`[#!]([a-z_]+)\.[a-z_]`)

// missingDialects lists the dialect namespaces src uses (ops, types or
// attributes) that the tests cannot load.
func missingDialects(src string) []string {
	known := map[string]bool{"loc": true, "tt": true}
	seen := map[string]bool{}
	check := func(ns string) {
		if known[ns] || seen[ns] {
			return
		}
		if _, ok := loadedDialects[ns]; !ok {
			seen[ns] = true
		}
	}
	for _, line := range strings.Split(src, "\n") {
		code := line
		if i := strings.Index(code, "//"); i >= 0 {
			code = code[:i]
		}
		code = stripStrings(code)
		for _, m := range dialectRefRe.FindAllStringSubmatch(code, -1) {
			check(m[1])
		}
		f := strings.Fields(code)
		for i, w := range f {
			if w == "=" && i+1 < len(f) || i == 0 {
				name := f[i]
				if w == "=" {
					name = f[i+1]
				}
				name = strings.Trim(name, "\"")
				if ns, _, ok := strings.Cut(name, "."); ok && regexp.MustCompile(`^[a-z_]+$`).MatchString(ns) {
					check(ns)
				}
			}
		}
	}
	var out []string
	for ns := range seen {
		out = append(out, ns)
	}
	sort.Strings(out)
	return out
}

func stripStrings(s string) string {
	var b strings.Builder
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '"' && (i == 0 || s[i-1] != '\\') {
			in = !in
			b.WriteByte(c)
			continue
		}
		if !in {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// stripLocations removes every ` loc(...)` trailer and `#loc` line.
func stripLocations(src string) string {
	var out []string
	for _, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(line, "#loc") {
			continue
		}
		out = append(out, removeLocs(line))
	}
	return strings.Join(out, "\n")
}

func removeLocs(line string) string {
	for {
		i := strings.Index(line, " loc(")
		if i < 0 {
			return line
		}
		depth, j := 0, i+4
		inStr := false
		for ; j < len(line); j++ {
			c := line[j]
			if c == '"' && line[j-1] != '\\' {
				inStr = !inStr
			}
			if inStr {
				continue
			}
			if c == '(' {
				depth++
			} else if c == ')' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		line = line[:i] + line[j+1:]
	}
}

func parse(t *testing.T, ctx *ir.Context, src, name string) *ir.Operation {
	t.Helper()
	op, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: name})
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return op
}

func files(t *testing.T, pattern string) []string {
	m, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
