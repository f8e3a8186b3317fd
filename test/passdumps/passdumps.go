// Package passdumps reads Triton's IR dumps of its pass pipelines
// (MLIR_ENABLE_DUMP output, as ../shared/kernels/passes holds them) for
// the tests that replay tt's passes on them.
package passdumps

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

var header = regexp.MustCompile(`^// -----// IR Dump Before \S+ \(([^)]+)\) \('([^']+)' operation(?:: @.*)?\) //----- //$`)

// InternalHeader starts the dumps a pass prints of its internal steps
// (the software pipeliner's dump-intermediate-steps).
const InternalHeader = "// -----// SoftwarePipeliner internal IR Dump After: "

// Section is the IR printed before one pass, and the pass's internal dumps
// that followed it, by step name.
type Section struct {
	Pass, Op, Text string
	Line           int
	Internal       map[string]string
}

// Read splits a dump file into its sections (a .gz file is decompressed).
func Read(path string) ([]*Section, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	var out []*Section
	var cur *Section
	var body strings.Builder
	inner := ""
	flush := func() {
		if cur == nil {
			return
		}
		if inner != "" {
			cur.Internal[inner] = body.String()
		} else {
			cur.Text = body.String()
		}
		body.Reset()
	}
	for i, line := range strings.Split(string(data), "\n") {
		if m := header.FindStringSubmatch(line); m != nil {
			flush()
			inner = ""
			cur = &Section{Pass: m[1], Op: m[2], Line: i + 1, Internal: map[string]string{}}
			out = append(out, cur)
			continue
		}
		if strings.HasPrefix(line, InternalHeader) {
			flush()
			inner = strings.TrimPrefix(line, InternalHeader)
			continue
		}
		body.WriteString(line)
		body.WriteByte('\n')
	}
	flush()
	return out, nil
}

// Normalize drops blank lines and trailing spaces, which dumps and the
// printer place differently.
func Normalize(s string) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimRight(l, " "); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// LineDiff shows the first line where want and got differ.
func LineDiff(want, got string) string {
	if n, first := LineDiffs(strings.Split(want, "\n"), strings.Split(got, "\n")); n > 0 {
		return first
	}
	return "(equal)"
}

// LineDiffs counts the lines where want and got differ (a missing line
// differs from any) and shows the first.
func LineDiffs(want, got []string) (n int, first string) {
	for i := 0; i < len(want) || i < len(got); i++ {
		var a, b string
		if i < len(want) {
			a = want[i]
		}
		if i < len(got) {
			b = got[i]
		}
		if a != b {
			if n == 0 {
				first = fmt.Sprintf("line %d\n--- Triton: %s\n--- tt:     %s", i+1, a, b)
			}
			n++
		}
	}
	return n, first
}

var ssaName = regexp.MustCompile(`%[A-Za-z0-9_$.\-]+`)

// Structure reprints IR text with default SSA names and then renames the
// values in order of appearance: two printings compare equal when the IR
// is the same whatever its value names (Triton's folding keeps other name
// locations than tt's).
func Structure(text string) (string, error) {
	op, err := asm.ParseString(all.NewContext(), text)
	if err != nil {
		return "", err
	}
	names := map[string]string{}
	s := ssaName.ReplaceAllStringFunc(asm.Sprint(op, asm.PrintConfig{}), func(x string) string {
		if n, ok := names[x]; ok {
			return n
		}
		names[x] = "%v" + strconv.Itoa(len(names))
		return names[x]
	})
	return Normalize(s), nil
}

// Structures returns the Structure of tt's IR text and of Triton's,
// failing t when either does not parse.
func Structures(t testing.TB, got, want string) (g, w string) {
	t.Helper()
	g, err := Structure(got)
	if err != nil {
		t.Fatalf("tt's output does not parse: %v", err)
	}
	w, err = Structure(want)
	if err != nil {
		t.Fatalf("Triton's IR does not parse: %v", err)
	}
	return g, w
}

// CheckCompile runs the pass pipeline on the TTIR at ttirPath and checks
// that the result contains each string of contains and has Triton's
// structure, the IR at wantPath (Structure equal). The test skips when the
// TTIR is missing; the passes named must be registered by the caller.
func CheckCompile(t testing.TB, ttirPath, wantPath, pipeline string, contains ...string) {
	t.Helper()
	ttir, err := os.ReadFile(ttirPath)
	if err != nil {
		t.Skipf("kernel not found: %v", err)
	}
	want, err := os.ReadFile(wantPath)
	if err != nil {
		t.Fatal(err)
	}
	op, err := asm.ParseString(all.NewContext(), string(ttir))
	if err != nil {
		t.Fatal(err)
	}
	pm, err := passmgr.Parse(passmgr.Default, pipeline)
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(op, &passmgr.Config{VerifyEach: true}); err != nil {
		t.Fatal(err)
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	for _, s := range contains {
		if !strings.Contains(got, s) {
			t.Errorf("the compiled kernel lacks %q", s)
		}
	}
	if g, w := Structures(t, got, string(want)); g != w {
		t.Errorf("the output differs from %s:\n%s", wantPath, LineDiff(w, g))
	}
}
