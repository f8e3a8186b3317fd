package tt_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// chunk is one `// -----` piece of a lit file.
type chunk struct {
	index     int
	text      string
	firstLine int // 1-based line of the chunk's first line in the file
}

// splitChunks splits a lit file as mlir's -split-input-file does (only
// when the RUN line asks for it).
func splitChunks(src string) []chunk {
	split := false
	for _, l := range strings.Split(src, "\n") {
		if strings.Contains(l, "RUN:") && strings.Contains(l, "split-input-file") {
			split = true
		}
	}
	if !split {
		return []chunk{{0, src, 1}}
	}
	var out []chunk
	lines := strings.Split(src, "\n")
	start := 0
	for i, l := range lines {
		if strings.HasPrefix(l, "// -----") {
			out = append(out, chunk{len(out), strings.Join(lines[start:i], "\n") + "\n", start + 1})
			start = i + 1
		}
	}
	out = append(out, chunk{len(out), strings.Join(lines[start:], "\n"), start + 1})
	return out
}

func loadStatus(t *testing.T, dir string) map[string]string {
	data, err := os.ReadFile(filepath.Join(dir, "conformance/triton-3.6-print/status.json"))
	if err != nil {
		t.Skip("status.json not found")
	}
	var st map[string]string
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestConformanceGoldens: each chunk of test/Triton/*.mlir that Triton 3.6
// parsed prints exactly as Triton 3.6 printed it.
func TestConformanceGoldens(t *testing.T) {
	dir := sharedDir(t)
	status := loadStatus(t, dir)
	paths := files(t, filepath.Join(dir, "conformance/triton-lit/test/Triton/*.mlir"))
	pass, fail, skipped := 0, 0, map[string]int{}
	var failures []string
	for _, path := range paths {
		data, _ := os.ReadFile(path)
		src := string(data)
		rel := "test/Triton/" + filepath.Base(path)
		unreg := strings.Contains(src, "allow-unregistered-dialect")
		// Goldens were printed with the flags of the file's RUN line.
		nameLoc := strings.Contains(src, "use-nameloc-as-prefix")
		for _, c := range splitChunks(src) {
			key := rel + "#" + strconv.Itoa(c.index)
			if status[key] != "ok" {
				continue
			}
			name := rel + "." + strconv.Itoa(c.index)
			golden, err := os.ReadFile(filepath.Join(dir, "conformance/triton-3.6-print", rel+"."+strconv.Itoa(c.index)+".golden"))
			if err != nil {
				t.Errorf("%s: golden missing", name)
				continue
			}
			if miss := missingDialects(c.text); len(miss) > 0 {
				skipped[strings.Join(miss, ",")]++
				continue
			}
			t.Run(name, func(t *testing.T) {
				ctx := newCtx()
				ctx.AllowUnregistered = unreg
				op, err := asm.Parse(ctx, c.text, asm.ParseConfig{Filename: rel, LineOffset: c.firstLine - 1})
				if err == nil {
					err = ir.Verify(op)
				}
				if err != nil {
					fail++
					failures = append(failures, name+": "+err.Error())
					t.Errorf("%v", err)
					return
				}
				got := asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: nameLoc})
				if d := cmp.Diff(string(golden), got); d != "" {
					fail++
					failures = append(failures, name+": print differs")
					t.Errorf("print differs (-golden +got):\n%s", d)
					return
				}
				pass++
			})
		}
	}
	var sk []string
	for k, n := range skipped {
		sk = append(sk, k+"="+strconv.Itoa(n))
	}
	sort.Strings(sk)
	t.Logf("goldens: %d passed, %d failed; skipped (dialect not available): %v", pass, fail, sk)
	for _, f := range failures {
		t.Logf("FAIL %s", f)
	}
}
