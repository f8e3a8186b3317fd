package transforms_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/filecheck"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms"
)

// tritonLit is the conformance copy of Triton's lit tests.
const tritonLit = "../../shared/conformance/triton-lit"

// litRun is the `triton-opt ARGS | FileCheck ARGS` RUN line of a file.
type litRun struct{ opt, check []string }

func parseRunLine(t *testing.T, src, path string) litRun {
	t.Helper()
	var run string
	for _, line := range strings.Split(src, "\n") {
		if i := strings.Index(line, "RUN:"); i >= 0 {
			run = strings.TrimSpace(line[i+len("RUN:"):])
			break
		}
	}
	optPart, checkPart, found := strings.Cut(run, "|")
	opt, check := litArgs(optPart, path), litArgs(checkPart, path)
	if !found || len(opt) == 0 || opt[0] != "triton-opt" || len(check) == 0 || check[0] != "FileCheck" {
		t.Fatalf("%s: RUN line is not `triton-opt ... | FileCheck ...`: %q", path, run)
	}
	return litRun{opt[1:], check[1:]}
}

// litArgs splits a RUN-line command into words (quotes removed) and
// substitutes %s.
func litArgs(cmd, path string) []string {
	var args []string
	var cur strings.Builder
	var quote byte
	in := false
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				args = append(args, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		args = append(args, cur.String())
	}
	for i, a := range args {
		args[i] = strings.ReplaceAll(a, "%s", path)
	}
	return args
}

// runLit runs the RUN line on the file at path in-process: tt-opt stands
// in for triton-opt, then FileCheck checks its output against the file.
// It returns "" on success, else the reason.
func runLit(run litRun, path string) string {
	var out, errb bytes.Buffer
	if rc := ttopt.Run(run.opt, strings.NewReader(""), &out, &errb); rc != 0 {
		return fmt.Sprintf("tt-opt exited %d:\n%s", rc, errb.String())
	}
	var fcOut, fcErr bytes.Buffer
	args := make([]string, len(run.check))
	copy(args, run.check)
	for i, a := range args {
		if a == "%s" || strings.HasSuffix(a, ".mlir") {
			args[i] = path
		}
	}
	if rc := filecheck.MainEnv("--enable-var-scope", args, bytes.NewReader(out.Bytes()), &fcOut, &fcErr); rc != 0 {
		return "FileCheck failed:\n" + fcErr.String()
	}
	return ""
}

// runChunks runs every `// -----` chunk of src as its own lit file and
// returns the reasons of the failing chunks by chunk number.
func runChunks(t *testing.T, run litRun, origPath, src string) map[int]string {
	t.Helper()
	dir := t.TempDir()
	fails := map[int]string{}
	for i, chunk := range splitChunks(src) {
		p := filepath.Join(dir, fmt.Sprintf("chunk%d.mlir", i))
		if err := os.WriteFile(p, []byte(chunk), 0o644); err != nil {
			t.Fatal(err)
		}
		r := litRun{opt: replacePath(run.opt, origPath, p), check: replacePath(run.check, origPath, p)}
		if reason := runLit(r, p); reason != "" {
			fails[i] = reason
		}
	}
	return fails
}

func replacePath(args []string, from, to string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = strings.ReplaceAll(a, from, to)
	}
	return out
}

var separator = regexp.MustCompile(`(?m)^// -----\s*$`)

func splitChunks(src string) []string { return separator.Split(src, -1) }

// litCase is a lit file with its known failing chunks and why they fail.
type litCase struct {
	file string
	// knownFailures maps chunk numbers to the reason they fail today; the
	// test fails if the set of failing chunks differs.
	knownFailures map[int]string
}

var litCases = []litCase{
	{
		file: "test/Triton/canonicalize.mlir",
	},
	{
		file: "test/TritonGPU/canonicalize.mlir",
		knownFailures: map[int]string{
			4: "#shared with order [1, 0] on a rank-1 memdesc (Triton 3.6 rejects it too)",
		},
	},
	{file: "test/Triton/inline-hints.mlir"},
}

// TestTritonLit runs the Triton lit files whose RUN lines use only this
// package's passes, whole and chunk by chunk, and checks that exactly the
// known chunks fail.
func TestTritonLit(t *testing.T) {
	for _, c := range litCases {
		t.Run(c.file, func(t *testing.T) {
			path, err := filepath.Abs(filepath.Join(tritonLit, c.file))
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Skipf("conformance file not available: %v", err)
			}
			src := string(data)
			run := parseRunLine(t, src, path)
			whole := runLit(run, path)
			fails := map[int]string{}
			if whole != "" {
				fails = runChunks(t, run, path, src)
			}
			var got, want []int
			for i := range fails {
				got = append(got, i)
			}
			for i := range c.knownFailures {
				want = append(want, i)
			}
			sort.Ints(got)
			sort.Ints(want)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				for i, reason := range fails {
					if _, known := c.knownFailures[i]; !known {
						t.Errorf("chunk %d fails unexpectedly:\n%s", i, reason)
					}
				}
				for i := range c.knownFailures {
					if _, failed := fails[i]; !failed {
						t.Errorf("chunk %d now passes: drop it from the known failures", i)
					}
				}
				if len(fails) == 0 && whole != "" {
					t.Errorf("the whole file fails although every chunk passes:\n%s", whole)
				}
			}
			chunks := len(splitChunks(src))
			t.Logf("%s: %d/%d chunks pass", c.file, chunks-len(fails), chunks)
			for _, i := range want {
				t.Logf("  chunk %d: known failure: %s", i, c.knownFailures[i])
			}
		})
	}
}
