// Package chunks runs lit files written for `-split-input-file` chunk by
// chunk, so that a test can pin which chunks of a corpus file pass and
// fail (and why) instead of only whether the whole file does.
//
// Each chunk becomes a lit file of its own: the file's RUN lines, then
// blank lines up to where the chunk starts, so that diagnostics and
// `@below`-style expectations keep their line numbers. A RUN line whose
// FileCheck prefixes occur nowhere in the chunk keeps its tool but loses
// its FileCheck stage: run over the whole file the check would find its
// lines in other chunks, run over this chunk alone it would fail with "no
// check strings found", which says nothing about the chunk.
package chunks

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/lit"
)

// sep is MLIR's -split-input-file marker.
var sep = regexp.MustCompile(`(?m)^// -----.*$`)

// Split returns the chunks of src, each as a lit file of its own.
func Split(src string) []string {
	var runs []string
	for _, l := range strings.Split(src, "\n") {
		if strings.Contains(l, "RUN:") {
			runs = append(runs, l)
		}
	}
	var out []string
	start := 0
	for _, loc := range append(sep.FindAllStringIndex(src, -1), []int{len(src), len(src)}) {
		body := src[start:loc[0]]
		header := make([]string, len(runs))
		for i, r := range runs {
			header[i] = dropUnusedFileCheck(r, body)
		}
		chunk := body
		if start > 0 {
			line := strings.Count(src[:start], "\n")
			chunk = strings.Join(header, "\n") + strings.Repeat("\n", line-len(runs)+1) + body
		} else {
			// The first chunk holds the RUN lines themselves.
			for i, r := range runs {
				chunk = strings.Replace(chunk, r, header[i], 1)
			}
		}
		out = append(out, chunk)
		start = loc[1]
	}
	return out
}

var prefixFlag = regexp.MustCompile(`--?check-prefix(?:es)?[= ]([A-Za-z0-9_,-]+)`)

// dropUnusedFileCheck removes the `| FileCheck ...` stage of run when none
// of its check prefixes is used in body.
func dropUnusedFileCheck(run, body string) string {
	i := strings.Index(run, "| FileCheck")
	if i < 0 {
		return run
	}
	prefixes := []string{"CHECK"}
	if m := prefixFlag.FindStringSubmatch(run[i:]); m != nil {
		prefixes = strings.Split(m[1], ",")
	}
	for _, p := range prefixes {
		// A directive is the prefix with one of FileCheck's suffixes
		// (CHECK-NOCANON: is another prefix, not a CHECK directive).
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(p) + `(-(NEXT|SAME|NOT|DAG|LABEL|EMPTY|COUNT-[0-9]+))?(\{LITERAL\})?:`).MatchString(body) {
			return run
		}
	}
	return strings.TrimRight(run[:i], " ")
}

var (
	verifyFlag = regexp.MustCompile(`\s-verify-diagnostics(=\S+)?`)
	fileCheck  = regexp.MustCompile(`\s*\|\s*FileCheck.*$`)
)

// probe rewrites the chunk's RUN lines to run only their tools, without
// checking diagnostics or output, so that their errors are printed.
func probe(chunk string) string {
	lines := strings.Split(chunk, "\n")
	for i, l := range lines {
		if strings.Contains(l, "RUN:") {
			lines[i] = fileCheck.ReplaceAllString(verifyFlag.ReplaceAllString(l, ""), "")
		}
	}
	return strings.Join(lines, "\n")
}

// Known is a chunk expected to fail.
type Known struct {
	// Why is the reason, for the reader.
	Why string
	// Evidence must appear in the chunk's lit log: it shows the chunk
	// fails for that reason and not another.
	Evidence string
}

// Case is a corpus file and its chunks (numbered from 0 in `// -----`
// order) expected to fail.
type Case struct {
	File    string
	Failing map[int]Known
}

// Run runs each case's file chunk by chunk with cfg and fails t when the
// set of failing chunks differs from the cases' (a chunk that passes today
// and fails tomorrow, or a pinned failure that now passes), or when a
// pinned chunk fails for another reason than its evidence.
func Run(t *testing.T, cfg *lit.Config, corpus string, cases []Case) {
	t.Helper()
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("lit corpus not found: %v", err)
	}
	for _, c := range cases {
		t.Run(filepath.Base(c.File), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(corpus, c.File))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			cfg := *cfg
			cfg.TempDir = dir
			var failed []int
			parts := Split(string(data))
			for i, chunk := range parts {
				p := filepath.Join(dir, fmt.Sprintf("chunk%d.mlir", i))
				if err := os.WriteFile(p, []byte(chunk), 0o644); err != nil {
					t.Fatal(err)
				}
				res := cfg.RunFile(p)
				known, isKnown := c.Failing[i]
				if !res.Status.IsFailure() {
					if isKnown {
						t.Errorf("chunk %d passes; expected a failure (%s)", i, known.Why)
					}
					continue
				}
				failed = append(failed, i)
				if !isKnown {
					t.Errorf("chunk %d fails: %s\n%s", i, res.Status, res.Log)
					continue
				}
				log := res.Log
				if !strings.Contains(log, known.Evidence) {
					// --verify-diagnostics=only-expected hides unexpected
					// errors: run the tools alone to see them.
					pp := filepath.Join(dir, fmt.Sprintf("chunk%d.probe.mlir", i))
					if err := os.WriteFile(pp, []byte(probe(chunk)), 0o644); err != nil {
						t.Fatal(err)
					}
					log += cfg.RunFile(pp).Log
				}
				if !strings.Contains(log, known.Evidence) {
					t.Errorf("chunk %d fails for another reason than %q (log lacks %q):\n%s", i, known.Why, known.Evidence, res.Log)
				}
			}
			var want []int
			for i := range c.Failing {
				want = append(want, i)
			}
			sort.Ints(want)
			if fmt.Sprint(failed) != fmt.Sprint(want) {
				t.Errorf("failing chunks %v, want %v", failed, want)
			}
			t.Logf("%s: %d/%d chunks pass", c.File, len(parts)-len(failed), len(parts))
		})
	}
}

// AllChunks, as a chunk number of RunLineCase.Failing, pins every chunk of
// the RUN line.
const AllChunks = -1

// RunLineCase is a corpus file run RUN line by RUN line and, for each,
// chunk by chunk. Failing maps a RUN line (numbered from 0) to its chunks
// expected to fail (AllChunks: every one). A Whole file (one using
// split-file, whose parts cross `// -----`) runs as one and must pass.
type RunLineCase struct {
	File    string
	Whole   bool
	Failing map[int]map[int]Known
}

// PinChunks pins the given chunks for one reason.
func PinChunks(k Known, cs ...int) map[int]Known {
	m := map[int]Known{}
	for _, c := range cs {
		m[c] = k
	}
	return m
}

// RunLines runs each case's file with only one RUN line at a time, chunk
// by chunk, with cfg, and fails t when the set of failing (RUN line,
// chunk) pairs differs from the cases' pins, or when a pinned pair fails
// for another reason than its evidence.
func RunLines(t *testing.T, cfg *lit.Config, corpus string, cases []RunLineCase) {
	t.Helper()
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("lit corpus not found: %v", err)
	}
	for _, c := range cases {
		t.Run(c.File, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(corpus, c.File))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			cfg := *cfg
			cfg.TempDir = dir
			if c.Whole {
				p := filepath.Join(dir, filepath.Base(c.File))
				if err := os.WriteFile(p, data, 0o644); err != nil {
					t.Fatal(err)
				}
				if res := cfg.RunFile(p); res.Status.IsFailure() {
					t.Errorf("fails: %s\n%s", res.Status, res.Log)
				}
				return
			}
			src := string(data)
			total, passed := 0, 0
			for r := 0; r < NumRunLines(src); r++ {
				known := c.Failing[r]
				var failed []int
				parts := Split(WithOnlyRunLine(src, r))
				for i, chunk := range parts {
					p := filepath.Join(dir, fmt.Sprintf("run%d.chunk%d.mlir", r, i))
					if err := os.WriteFile(p, []byte(chunk), 0o644); err != nil {
						t.Fatal(err)
					}
					total++
					res := cfg.RunFile(p)
					if !res.Status.IsFailure() {
						passed++
						continue
					}
					failed = append(failed, i)
					k, ok := known[i]
					if !ok {
						k, ok = known[AllChunks]
					}
					switch {
					case !ok:
						t.Errorf("RUN line %d, chunk %d fails: %s\n%s", r, i, res.Status, res.Log)
					case !strings.Contains(res.Log, k.Evidence):
						t.Errorf("RUN line %d, chunk %d fails for another reason than %q:\n%s", r, i, k.Why, res.Log)
					}
				}
				var want []int
				if _, all := known[AllChunks]; all {
					for i := range parts {
						want = append(want, i)
					}
				} else {
					for i := range known {
						want = append(want, i)
					}
				}
				sort.Ints(want)
				if fmt.Sprint(failed) != fmt.Sprint(want) {
					t.Errorf("RUN line %d: failing chunks %v, want %v", r, failed, want)
				}
			}
			t.Logf("%s: %d/%d (RUN line, chunk) runs pass", c.File, passed, total)
		})
	}
}
