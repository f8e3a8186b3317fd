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
	// rewrite, if set, adapts the file in memory (and names the adaptation).
	rewrite     func(string) string
	rewriteName string
	// knownFailures maps chunk numbers to the reason they fail today; the
	// test fails if the set of failing chunks differs.
	knownFailures map[int]string
}

// dropCTAKeys removes the mid-2025 CTAsPerCGA/CTASplitNum/CTAOrder keys,
// which Triton 3.6 no longer accepts (it writes the trivial single-CTA
// layout by omitting them).
func dropCTAKeys(src string) string {
	re := regexp.MustCompile(`,\s*CTAsPerCGA = \[[0-9, ]*\], CTASplitNum = \[[0-9, ]*\], CTAOrder = \[[0-9, ]*\]`)
	return re.ReplaceAllString(src, "")
}

var litCases = []litCase{
	{
		file: "test/Triton/canonicalize.mlir",
		knownFailures: map[int]string{
			13: "tt.int_to_ptr has no canonicalization int_to_ptr(addi(ptr_to_int(p), C)) -> addptr(p, C/sizeof(elem))",
			14: "tt.int_to_ptr has no canonicalization int_to_ptr(addi(ptr_to_int(p), C)) -> addptr(p, C/sizeof(elem))",
			15: "tt.int_to_ptr has no canonicalization int_to_ptr(addi(C, ptr_to_int(p))) -> addptr(p, C/sizeof(elem))",
		},
	},
	{
		file: "test/TritonGPU/canonicalize.mlir",
		knownFailures: map[int]string{
			0: "mid-2025 syntax: CTAOrder keys (Triton 3.6 rejects them too)",
			1: "mid-2025 syntax: CTAOrder keys (Triton 3.6 rejects them too)",
			2: "mid-2025 syntax: CTAOrder keys (Triton 3.6 rejects them too)",
			3: "mid-2025 syntax: CTAOrder keys (Triton 3.6 rejects them too)",
			4: "mid-2025 syntax: CTAOrder keys (Triton 3.6 rejects them too)",
			5: "mid-2025 syntax: CTAOrder keys (Triton 3.6 rejects them too)",
			6: "mid-2025 syntax: CTAOrder keys (Triton 3.6 rejects them too)",
			7: "mid-2025 syntax: CTAOrder keys (Triton 3.6 rejects them too)",
			8: "mid-2025 syntax: CTAOrder keys (Triton 3.6 rejects them too)",
		},
	},
	{
		file:        "test/TritonGPU/canonicalize.mlir",
		rewrite:     dropCTAKeys,
		rewriteName: "without CTA keys (3.6 syntax)",
		knownFailures: map[int]string{
			4: "gpu.barrier: the gpu dialect is not loaded; and #shared with order [1, 0] on a rank-1 memdesc is rejected",
		},
	},
	{file: "test/Triton/inline-hints.mlir"},
}

// TestTritonLit runs the Triton lit files whose RUN lines use only this
// package's passes, whole and chunk by chunk, and checks that exactly the
// known chunks fail.
func TestTritonLit(t *testing.T) {
	for _, c := range litCases {
		name := c.file
		if c.rewriteName != "" {
			name += " " + c.rewriteName
		}
		t.Run(name, func(t *testing.T) {
			path, err := filepath.Abs(filepath.Join(tritonLit, c.file))
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Skipf("conformance file not available: %v", err)
			}
			src := string(data)
			if c.rewrite != nil {
				src = c.rewrite(src)
				path = filepath.Join(t.TempDir(), filepath.Base(c.file))
				if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
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
			t.Logf("%s: %d/%d chunks pass", name, chunks-len(fails), chunks)
			for _, i := range want {
				t.Logf("  chunk %d: known failure: %s", i, c.knownFailures[i])
			}
		})
	}
}
