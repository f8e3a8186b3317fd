package ttg_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestRejectedChunks reads every chunk of the TritonGPU, Conversion,
// Analysis and TritonNvidiaGPU lit files that Triton 3.6 rejects (`fail`)
// or aborts on (`crash`). tt must reject each with a located diagnostic and
// never panic; for `fail` chunks the first message and its chunk-relative
// line:col should be Triton's.
func TestRejectedChunks(t *testing.T) {
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
		if !strings.HasPrefix(v, "fail") && !strings.HasPrefix(v, "crash") {
			continue
		}
		for _, a := range goldenAreas {
			if strings.HasPrefix(k, a) {
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	failRE := regexp.MustCompile(`^fail: loc\((\d+):(\d+)\): error: (.*)$`)
	chunks := map[string][]string{}
	same, sameMsg, located := 0, 0, 0
	for _, k := range keys {
		file, idxStr, _ := strings.Cut(k, "#")
		idx, _ := strconv.Atoi(idxStr)
		if _, ok := chunks[file]; !ok {
			src, err := os.ReadFile(filepath.Join(root, "triton-lit", file))
			if err != nil {
				t.Fatal(err)
			}
			chunks[file], _ = splitChunks(string(src))
		}
		err := rejectChunk(chunks[file][idx])
		if err == nil {
			t.Errorf("%s: accepted; Triton 3.6: %s", k, status[k])
			continue
		}
		first := strings.SplitN(err.Error(), "\n", 2)[0]
		loc := regexp.MustCompile(`^chunk:(\d+):(\d+): error: (.*)$`).FindStringSubmatch(first)
		if loc == nil {
			t.Errorf("%s: diagnostic without location: %s", k, first)
			continue
		}
		located++
		m := failRE.FindStringSubmatch(status[k])
		switch {
		case m == nil:
			t.Logf("%-45s crash in 3.6; tt: %s", k, first)
		case m[1] == loc[1] && m[2] == loc[2] && m[3] == loc[3]:
			same++
			sameMsg++
		case m[3] == loc[3]:
			sameMsg++
			t.Logf("%-45s same message, 3.6 at %s:%s, tt at %s:%s", k, m[1], m[2], loc[1], loc[2])
		default:
			t.Logf("%-45s 3.6: %s:%s %s\n%45s tt:  %s", k, m[1], m[2], m[3], "", first)
		}
	}
	t.Logf("rejected chunks: %d/%d rejected with a located diagnostic; %d with Triton's message, %d also at Triton's line:col",
		located, len(keys), sameMsg, same)
}

// rejectChunk parses and verifies one chunk, turning a panic into an error.
func rejectChunk(src string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	ctx := newContext()
	op, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: "chunk"})
	if err != nil {
		return err
	}
	return ir.Verify(op)
}
