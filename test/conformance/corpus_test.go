// Package conformance measures tt against Triton 3.6 on the shared
// conformance material beside the checkout (../shared): how Triton prints
// each chunk of its lit tests, its kernel dumps, the IR before every pass of
// its pipelines, and its negative tests. Each test logs a table and fails if
// a number drops below the recorded floor (docs/CONFORMANCE.md). The tests
// skip when the shared folder is absent.
package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/tools/ttopt"
)

// shared locates ../shared relative to the repository root.
func shared(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared")
	if _, err := os.Stat(filepath.Join(dir, "conformance")); err != nil {
		t.Skip("the shared conformance material (../shared) is not present")
	}
	return dir
}

// chunks splits a lit file as -split-input-file does when its RUN line
// asks for it, else returns the whole file.
func chunks(src string) []string {
	if !regexp.MustCompile(`(?m)^//\s*RUN:.*split-input-file`).MatchString(src) {
		return []string{src}
	}
	var out []string
	var cur strings.Builder
	for _, l := range strings.SplitAfter(src, "\n") {
		if strings.HasPrefix(l, "// -----") && !strings.HasPrefix(l, "// ------") {
			out = append(out, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteString(l)
	}
	return append(out, cur.String())
}

func runLine(src string) string {
	m := regexp.MustCompile(`(?m)^//\s*RUN:(.*)$`).FindStringSubmatch(src)
	if m == nil {
		return ""
	}
	return m[1]
}

// parseChunk parses and verifies text with every dialect loaded.
func parseChunk(text string, unregistered bool) (*ir.Operation, error) {
	ctx := all.NewContext()
	ctx.AllowUnregistered = unregistered
	op, err := asm.ParseString(ctx, text)
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(op); err != nil {
		return nil, err
	}
	return op, nil
}

type status map[string]string

func loadStatus(t *testing.T, root string) status {
	b, err := os.ReadFile(filepath.Join(root, "conformance", "triton-3.6-print", "status.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s status
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// forChunks calls fn for every chunk of the corpus in status.json order.
func forChunks(t *testing.T, root string, fn func(key, file, text, run, state string)) {
	st := loadStatus(t, root)
	keys := make([]string, 0, len(st))
	for k := range st {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	cache := map[string][]string{}
	runs := map[string]string{}
	for _, k := range keys {
		file, idx, _ := strings.Cut(k, "#")
		n, _ := strconv.Atoi(idx)
		cs, ok := cache[file]
		if !ok {
			b, err := os.ReadFile(filepath.Join(root, "conformance", "triton-lit", file))
			if err != nil {
				t.Fatal(err)
			}
			cs = chunks(string(b))
			cache[file] = cs
			runs[file] = runLine(string(b))
		}
		if n >= len(cs) {
			t.Errorf("%s: chunk %d does not exist", file, n)
			continue
		}
		fn(k, file, cs[n], runs[file], st[k])
	}
}

// TestPrinterConformance: every chunk Triton 3.6 accepts prints exactly as
// Triton 3.6 prints it.
func TestPrinterConformance(t *testing.T) {
	root := shared(t)
	pass, total := 0, 0
	var failures []string
	forChunks(t, root, func(key, file, text, run, state string) {
		if state != "ok" {
			return
		}
		total++
		golden, err := os.ReadFile(filepath.Join(root, "conformance", "triton-3.6-print", strings.Replace(key, "#", ".", 1)+".golden"))
		if err != nil {
			t.Fatal(err)
		}
		op, err := parseChunk(text, strings.Contains(run, "allow-unregistered-dialect"))
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: %v", key, firstLine(err.Error())))
			return
		}
		got := asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: strings.Contains(run, "nameloc-as-prefix")})
		if got != string(golden) {
			failures = append(failures, key+": print differs from Triton 3.6")
			return
		}
		pass++
	})
	t.Logf("printer conformance: %d/%d chunks print exactly as Triton 3.6", pass, total)
	for _, f := range failures {
		t.Log("  " + f)
	}
	floor(t, "printer conformance", pass, total)
}

// TestDiagnosticChunks: negative tests pass --verify-diagnostics. The
// corpus (conformance/triton-lit) is of other Triton eras; where its
// expectation differs from Triton 3.6's own verifier tests
// (TestVerifierLitFiles), tt keeps 3.6's: the floor counts the chunks that
// agree with 3.6 (Triton/invalid.mlir's descriptor load/store chunks and
// TritonGPU/invalid.mlir's warp_specialize partition chunks expect other
// words or another op).
func TestDiagnosticChunks(t *testing.T) {
	root := shared(t)
	pass, total := 0, 0
	var failures []string
	forChunks(t, root, func(key, file, text, run, state string) {
		if state != "diagnostic-test" {
			return
		}
		total++
		args := []string{"--verify-diagnostics"}
		if strings.Contains(run, "allow-unregistered-dialect") {
			args = append(args, "--allow-unregistered-dialect")
		}
		var out, errb bytes.Buffer
		if rc := ttopt.Run(args, strings.NewReader(text), &out, &errb); rc != 0 {
			failures = append(failures, fmt.Sprintf("%s: %s", key, firstLine(errb.String())))
			return
		}
		pass++
	})
	t.Logf("diagnostic chunks: %d/%d pass --verify-diagnostics", pass, total)
	for _, f := range failures {
		t.Log("  " + f)
	}
	floor(t, "diagnostic chunks", pass, 115)
}

// TestRejectedChunks: chunks Triton 3.6 rejects or crashes on are either
// accepted (an older spelling) or rejected with a located diagnostic;
// never a panic.
func TestRejectedChunks(t *testing.T) {
	root := shared(t)
	accepted, located, total := 0, 0, 0
	forChunks(t, root, func(key, file, text, run, state string) {
		if !strings.HasPrefix(state, "fail") && !strings.HasPrefix(state, "crash") {
			return
		}
		total++
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", key, r)
				}
			}()
			_, err := parseChunk(text, strings.Contains(run, "allow-unregistered-dialect"))
			if err == nil {
				accepted++
				t.Logf("  accepted: %s (Triton 3.6: %s)", key, firstLine(state))
				return
			}
			if ds := ir.AsDiagnostics(err, nil); len(ds) > 0 && ir.FindFileLineCol(ds[0].Loc) != nil {
				located++
				return
			}
			t.Errorf("%s: error without a source location: %v", key, err)
		}()
	})
	t.Logf("chunks Triton 3.6 rejects or crashes on: %d total, %d accepted (older spellings), %d rejected with a located diagnostic", total, accepted, located)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// floor fails when a number falls below the recorded floor.
func floor(t *testing.T, what string, got, min int) {
	t.Helper()
	if got < min {
		t.Errorf("%s: %d is below the recorded floor %d", what, got, min)
	}
}
