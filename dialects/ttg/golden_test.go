package ttg_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// goldenAreas are the lit folders whose chunks this package answers for.
var goldenAreas = []string{"test/TritonGPU/", "test/Conversion/", "test/Analysis/", "test/TritonNvidiaGPU/"}

type chunkResult struct {
	key, status, reason string
}

// TestGoldenConformance prints every `ok` chunk of the TritonGPU,
// Conversion, Analysis and TritonNvidiaGPU lit files and compares the
// result with how Triton 3.6 prints it (the .golden files).
func TestGoldenConformance(t *testing.T) {
	root := filepath.Join(sharedDir, "conformance")
	raw, err := os.ReadFile(filepath.Join(root, "triton-3.6-print", "status.json"))
	if err != nil {
		t.Skipf("no conformance data: %v", err)
	}
	var status map[string]string
	if err := json.Unmarshal(raw, &status); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k, v := range status {
		if v != "ok" {
			continue
		}
		for _, a := range goldenAreas {
			if strings.HasPrefix(k, a) {
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	chunksOf := map[string][]string{}
	linesOf := map[string][]int{}
	var results []chunkResult
	pass, missing := 0, 0
	for _, k := range keys {
		file, idxStr, _ := strings.Cut(k, "#")
		idx, _ := strconv.Atoi(idxStr)
		if _, ok := chunksOf[file]; !ok {
			src, err := os.ReadFile(filepath.Join(root, "triton-lit", file))
			if err != nil {
				t.Fatal(err)
			}
			chunksOf[file], linesOf[file] = splitChunks(string(src))
		}
		golden, err := os.ReadFile(filepath.Join(root, "triton-3.6-print", file+"."+idxStr+".golden"))
		if err != nil {
			t.Fatal(err)
		}
		r := chunkResult{key: k}
		got, err := printChunk(chunksOf[file][idx], file, linesOf[file][idx])
		switch {
		case missingDialect(err) != "":
			r.status, r.reason = "missing", "needs dialect "+missingDialect(err)
			missing++
		case err != nil:
			r.status, r.reason = "FAIL", err.Error()
		case got != string(golden):
			r.status, r.reason = "FAIL", firstDiff(string(golden), got)
		default:
			r.status = "pass"
			pass++
		}
		results = append(results, r)
	}
	for _, r := range results {
		if r.status != "pass" {
			t.Logf("%-45s %s: %s", r.key, r.status, r.reason)
		}
	}
	t.Logf("golden conformance: %d/%d pass, %d need dialects not in the tree yet", pass, len(results), missing)
	for _, r := range results {
		if r.status == "FAIL" {
			t.Errorf("%s: %s", r.key, r.reason)
		}
	}
}

// printChunk parses and verifies a chunk and prints it as triton-opt does.
func printChunk(src, file string, line int) (string, error) {
	ctx := newContext()
	op, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: file, LineOffset: line - 1})
	if err != nil {
		return "", err
	}
	if err := ir.Verify(op); err != nil {
		return "", fmt.Errorf("verify: %w", err)
	}
	return asm.Sprint(op, asm.PrintConfig{}), nil
}

// firstDiff describes the first line where got differs from want.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", i+1, w, g)
		}
	}
	return "identical"
}
