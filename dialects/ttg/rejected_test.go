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

// eraSpellings are the failures of Triton 3.6 on spellings of other
// Triton versions that tt reads and converts to 3.6's form (doc.go): a
// chunk that 3.6 refuses only for one of them may be accepted.
var eraSpellings = []string{
	"unexpected key: CTAOrder",                           // CTAsPerCGA/CTASplitNum/CTAOrder
	"custom op 'tt.experimental_descriptor_",             // tt.experimental_descriptor_*
	"custom op 'ttg.memdesc_subview' is unknown",         // memdesc_subview
	"expected non-function type",                         // !tt.tensordesc<16x16xf32>
	"dialect 'tt' provides no attribute parsing hook",    // #tt.cache_policy
	"unknown attribute `cache_policy` in dialect `ttng`", // #ttng.cache_policy
}

// oldSpellings must not survive in what tt prints.
var oldSpellings = []string{"CTAsPerCGA", "CTASplitNum", "CTAOrder", "experimental_descriptor", "memdesc_subview", "cache_policy"}

// TestRejectedChunks reads every chunk of the TritonGPU, Conversion,
// Analysis and TritonNvidiaGPU lit files that Triton 3.6 rejects (`fail`)
// or aborts on (`crash`). tt must never panic. It may accept a chunk 3.6
// refuses only for an older or newer spelling that tt converts
// (eraSpellings); such a chunk must print in 3.6's spelling and reprint
// identically. Every other chunk must be rejected with a located
// diagnostic; for `fail` chunks the first message and its chunk-relative
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
	same, sameMsg, located, converted := 0, 0, 0, 0
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
		printed, err := rejectChunk(chunks[file][idx])
		if err == nil {
			if !isEraSpelling(status[k]) {
				t.Errorf("%s: accepted; Triton 3.6: %s", k, status[k])
				continue
			}
			if msg := checkConverted(printed); msg != "" {
				t.Errorf("%s: %s", k, msg)
				continue
			}
			converted++
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
	t.Logf("chunks Triton 3.6 refuses: %d; %d accepted as another Triton's spelling and printed in 3.6's; %d rejected with a located diagnostic, %d with Triton's message, %d also at Triton's line:col",
		len(keys), converted, located, sameMsg, same)
}

func isEraSpelling(status string) bool {
	for _, e := range eraSpellings {
		if strings.Contains(status, e) {
			return true
		}
	}
	return false
}

// checkConverted reports what is wrong with the print of an accepted
// chunk: an old spelling left in it, or a print that does not reparse to
// itself.
func checkConverted(printed string) string {
	for _, o := range oldSpellings {
		if strings.Contains(printed, o) {
			return "prints the non-3.6 spelling " + o
		}
	}
	again, err := rejectChunk(printed)
	if err != nil {
		return "its print does not reparse: " + err.Error()
	}
	if again != printed {
		return "its print is not a fixed point"
	}
	return ""
}

// rejectChunk parses and verifies one chunk, turning a panic into an
// error; it returns the print of an accepted chunk.
func rejectChunk(src string) (printed string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	ctx := newContext()
	op, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: "chunk"})
	if err != nil {
		return "", err
	}
	if err := ir.Verify(op); err != nil {
		return "", err
	}
	return asm.Sprint(op, asm.PrintConfig{}), nil
}
