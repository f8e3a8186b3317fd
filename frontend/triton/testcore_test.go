package triton_test

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/ir/asm"
)

// Triton's test_core.py compiles some ten thousand kernel specializations.
// gen_reference.py --test-core (run on the GPU machine) records each one
// as a standalone Python file, its specialization and options, and the
// TTIR Triton 3.6 made for it, and packs them into
// testdata/reference/test_core.tar.gz (manifest.jsonl, NAME.py, NAME.ttir),
// which the test reads without unpacking. It compiles every record and
// compares after ttir-pipeline. Kernels tt does not match yet are listed,
// with the reason, in test_core_known.txt; the test fails when a kernel's
// outcome differs from the list (a new failure, or a listed kernel that
// now matches), and -update-known rewrites the list.

var (
	updateKnown  = flag.Bool("update-known", false, "rewrite testdata/reference/test_core_known.txt from this run")
	testCorePath = flag.String("test-core", "", "test_core.py's recorded kernels: a folder holding manifest.jsonl, NAME.py and NAME.ttir, or a .tar.gz of one (default testdata/reference/test_core.tar.gz)")
)

// testCoreRecord is one row of test_core/manifest.jsonl.
type testCoreRecord struct {
	Name               string            `json:"name"`
	Test               string            `json:"test"`
	File               string            `json:"file"`
	Kernel             string            `json:"kernel"`
	Module             string            `json:"module"`
	Args               []string          `json:"args"`
	Constexprs         map[string]string `json:"constexprs"`
	Arch               int               `json:"arch"`
	NumWarps           int               `json:"num_warps"`
	Debug              bool              `json:"debug"`
	SanitizeOverflow   bool              `json:"sanitize_overflow"`
	UnsupportedGlobals []string          `json:"unsupported_globals"`
	Skip               string            `json:"skip"`
}

// moduleName is the Python module the kernel was defined in, which
// Triton puts in the names of the functions a kernel calls: the
// recorded one, or (recordings made before the recorder wrote it) the
// module of the test file, where test_core's kernels are defined.
func (r testCoreRecord) moduleName() string {
	if r.Module != "" {
		return r.Module
	}
	file, _, _ := strings.Cut(r.Test, "::")
	return strings.TrimSuffix(filepath.Base(file), ".py")
}

// testCoreSet is a recording: its manifest rows (one per name) and a
// reader of its files by base name.
type testCoreSet struct {
	rows []testCoreRecord
	read func(name string) ([]byte, error)
}

// openTestCore reads a recording from a folder or a .tar.gz.
func openTestCore(path string) (*testCoreSet, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	read := func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(path, name)) }
	if !st.IsDir() {
		files, err := readTarGz(path)
		if err != nil {
			return nil, err
		}
		read = func(name string) ([]byte, error) {
			if b, ok := files[name]; ok {
				return b, nil
			}
			return nil, fmt.Errorf("%s: no %s in the archive: %w", path, name, os.ErrNotExist)
		}
	}
	manifest, err := read("manifest.jsonl")
	if err != nil {
		return nil, err
	}
	rows, err := parseTestCoreManifest(path+":manifest.jsonl", manifest)
	if err != nil {
		return nil, err
	}
	return &testCoreSet{rows: rows, read: read}, nil
}

// readTarGz returns the regular files of a gzip-compressed tar archive by
// base name.
func readTarGz(path string) (map[string][]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	files := map[string][]byte{}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", path, h.Name, err)
		}
		files[filepath.Base(h.Name)] = data
	}
}

// parseTestCoreManifest reads JSON lines, keeping the first row of each
// name (a recording merged from shards may repeat one).
func parseTestCoreManifest(path string, data []byte) ([]testCoreRecord, error) {
	var rows []testCoreRecord
	seen := map[string]bool{}
	for n, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var r testCoreRecord
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n+1, err)
		}
		if !seen[r.Name] {
			seen[r.Name] = true
			rows = append(rows, r)
		}
	}
	return rows, nil
}

// testCoreOutcome is what happened to one record: "" (matches Triton),
// or a category (error, pipeline, differs, reference, panic,
// not-recorded) and a message.
type testCoreOutcome struct {
	category, message string
}

// testCoreArgs builds the specialization of a record.
func testCoreArgs(path string, r testCoreRecord, read func(string) ([]byte, error)) ([]triton.ArgSpec, error) {
	k, err := triton.FindKernel(path, r.Kernel, read)
	if err != nil {
		return nil, err
	}
	if len(r.Args) != len(k.Params) {
		return nil, fmt.Errorf("the record has %d arguments, %s takes %d", len(r.Args), r.Kernel, len(k.Params))
	}
	args := make([]triton.ArgSpec, len(k.Params))
	for i, p := range k.Params {
		if src, ok := r.Constexprs[p.Name]; ok {
			if fn, ok := strings.CutPrefix(src, "@fn:"); ok {
				args[i] = triton.ArgSpec{Expr: fn}
				continue
			}
			if args[i], err = triton.ParseConstant(src); err != nil {
				return nil, fmt.Errorf("constexpr %s = %s: %v", p.Name, src, err)
			}
			continue
		}
		if args[i], err = triton.ParseArgSpec(r.Args[i]); err != nil {
			return nil, fmt.Errorf("argument %s: %v", p.Name, err)
		}
	}
	return args, nil
}

// checkTestCoreRecord compiles one record with the options Triton used
// and compares it with Triton's TTIR. A panic anywhere (front end,
// parser, pipeline) is an outcome of its own, so that one kernel cannot
// stop the others.
func checkTestCoreRecord(set *testCoreSet, r testCoreRecord) (out testCoreOutcome) {
	if r.Skip != "" {
		return testCoreOutcome{"not-recorded", r.Skip}
	}
	defer func() {
		if p := recover(); p != nil {
			out = testCoreOutcome{"panic", firstLine(fmt.Sprint(p))}
		}
	}()
	path := r.Name + ".py"
	args, err := testCoreArgs(path, r, set.read)
	if err != nil {
		return testCoreOutcome{"error", firstLine(triton.Render(err, set.read))}
	}
	ctx := all.NewContext()
	mod, err := triton.Compile(ctx, path, triton.Options{
		Kernel: r.Kernel, Args: args, NumWarps: r.NumWarps, Capability: r.Arch,
		Debug: r.Debug, NoSanitizeOverflow: !r.SanitizeOverflow, ReadFile: set.read,
		ModuleName: r.moduleName(),
	})
	if err != nil {
		if len(r.UnsupportedGlobals) > 0 {
			return testCoreOutcome{"not-recorded", "globals the recorder could not write: " + strings.Join(r.UnsupportedGlobals, ", ")}
		}
		return testCoreOutcome{"error", firstLine(triton.Render(err, set.read))}
	}
	data, err := set.read(r.Name + ".ttir")
	if err != nil {
		return testCoreOutcome{"error", err.Error()}
	}
	ref, err := asm.Parse(all.NewContext(), string(data), asm.ParseConfig{Filename: r.Name + ".ttir"})
	if err != nil {
		return testCoreOutcome{"reference", "tt cannot parse Triton's TTIR: " + firstLine(err.Error())}
	}
	if err := runTTIRPipeline(mod); err != nil {
		return testCoreOutcome{"pipeline", firstLine(err.Error())}
	}
	if got, want := canonical(mod), canonical(ref); got != want {
		return testCoreOutcome{"differs", strings.Join(strings.Fields(firstDiff(got, want)), " ")}
	}
	return testCoreOutcome{}
}

// checkTestCore checks every record of a set on GOMAXPROCS workers; the
// outcomes are in the rows' order.
func checkTestCore(set *testCoreSet) []testCoreOutcome {
	out := make([]testCoreOutcome, len(set.rows))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = checkTestCoreRecord(set, set.rows[i])
			}
		}()
	}
	for i := range set.rows {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

const testCoreKnownFile = "test_core_known.txt"

// readKnown reads NAME CATEGORY: message lines.
func readKnown(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	known := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, rest, _ := strings.Cut(line, " ")
		cat, _, _ := strings.Cut(rest, ":")
		known[name] = cat
	}
	return known, nil
}

func writeKnown(path string, rows []testCoreRecord, out []testCoreOutcome) error {
	var b strings.Builder
	b.WriteString("# test_core.py kernels whose TTIR tt does not match yet (TestCoreKernelsMatchTriton -update-known)\n")
	b.WriteString("# NAME CATEGORY: first line of the difference or error   (test)\n")
	for i, r := range rows {
		if o := out[i]; o.category != "" {
			fmt.Fprintf(&b, "%s %s: %s   (%s)\n", r.Name, o.category, o.message, r.Test)
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// runTestCore checks every record and compares the outcomes with the
// known-failure list.
func runTestCore(t *testing.T, path, knownPath string) {
	set, err := openTestCore(path)
	if err != nil {
		// The recording is part of the repository: a missing one is a
		// broken checkout or a wrong -test-core, not a reason to skip.
		t.Fatal(err)
	}
	known, err := readKnown(knownPath)
	if err != nil {
		t.Fatal(err)
	}
	out := checkTestCore(set)
	counts := map[string]int{}
	for i, r := range set.rows {
		o := out[i]
		cat := o.category
		if cat == "" {
			cat = "match"
		}
		counts[cat]++
		if *updateKnown {
			continue
		}
		switch want := known[r.Name]; {
		case o.category == want:
		case want == "":
			t.Errorf("%s (%s, kernel %s): %s: %s", r.Name, r.Test, r.Kernel, o.category, o.message)
		case o.category == "":
			t.Errorf("%s (%s) matches Triton now: remove it from %s", r.Name, r.Test, knownPath)
		default:
			t.Errorf("%s (%s): listed as %s, now %s: %s", r.Name, r.Test, want, o.category, o.message)
		}
	}
	if *updateKnown {
		if err := writeKnown(knownPath, set.rows, out); err != nil {
			t.Fatal(err)
		}
	}
	var cats []string
	for c, n := range counts {
		cats = append(cats, fmt.Sprintf("%s %d", c, n))
	}
	sort.Strings(cats)
	t.Logf("%d recorded kernels (test_core.py and the tests recorded with it): %s", len(set.rows), strings.Join(cats, ", "))
}

// TestCoreKernelsMatchTriton: test_core.py's kernels, as recorded.
func TestCoreKernelsMatchTriton(t *testing.T) {
	path := *testCorePath
	if path == "" {
		path = filepath.Join(referenceDir, "test_core.tar.gz")
	}
	runTestCore(t, path, filepath.Join(referenceDir, testCoreKnownFile))
}

// TestCoreRecordRunner runs the record checker on a record made from a
// testdata/cases kernel and Triton's TTIR for it (testdata/cases), the way
// gen_reference.py writes records: the kernel's file, its arguments in
// signature syntax, a function passed as a constexpr by name. A record
// whose reference lost an op must come out "differs".
func TestCoreRecordRunner(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../testdata/cases/make_cases.py")
	if err != nil {
		t.Skip(err)
	}
	// A @jit function handed to the kernel as a constexpr, as test_core's
	// tests do with their `fn` parameters.
	text := string(src) + `

@triton.jit
def _scaled(x):
    return x * 2.0


@triton.jit
def _apply_kernel(X, Y, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    tl.store(Y + o, FN(tl.load(X + o, mask=m)), mask=m)
`
	ref, err := os.ReadFile("../../testdata/cases/clamp.ttir")
	if err != nil {
		t.Skip(err)
	}
	k, err := triton.FindKernel("../../testdata/cases/make_cases.py", "clamp_kernel", nil)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := asm.Parse(all.NewContext(), string(ref), asm.ParseConfig{})
	if err != nil {
		t.Fatal(err)
	}
	var args []string
	for _, a := range specFromReference(t, mod, "clamp_kernel", k, caseConstexprs(t, "testdata/cases")["clamp"]) {
		args = append(args, a.String())
	}
	write := func(name, file, content string) {
		if err := os.WriteFile(filepath.Join(dir, name+file), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rows := []testCoreRecord{
		{Name: "clamp", Kernel: "clamp_kernel", Args: args, Arch: 90, NumWarps: 4, SanitizeOverflow: true},
		{Name: "clamp_changed", Kernel: "clamp_kernel", Args: args, Arch: 90, NumWarps: 4, SanitizeOverflow: true},
		{Name: "apply", Kernel: "_apply_kernel", Args: []string{"*fp32:16", "*fp32:16", "i32", "", "128"},
			Constexprs: map[string]string{"FN": "@fn:_scaled"}, Arch: 90, NumWarps: 4},
	}
	// Without its (first) store, which has no results to leave dangling.
	lines := strings.Split(string(ref), "\n")
	for i, l := range lines {
		if strings.Contains(l, "tt.store") {
			lines = append(lines[:i], lines[i+1:]...)
			break
		}
	}
	changed := strings.Join(lines, "\n")
	for _, r := range rows {
		write(r.Name, ".py", text)
	}
	write("clamp", ".ttir", string(ref))
	write("clamp_changed", ".ttir", changed)
	set := &testCoreSet{rows: rows, read: func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) }}
	if o := checkTestCoreRecord(set, rows[0]); o.category != "" {
		t.Errorf("clamp: %s: %s", o.category, o.message)
	}
	if o := checkTestCoreRecord(set, rows[1]); o.category != "differs" {
		t.Errorf("clamp with a changed reference: got %q (%s), want differs", o.category, o.message)
	}
	// The function argument resolves in the record's file: tt's own
	// output (no reference) must contain the call's multiply.
	path := filepath.Join(dir, "apply.py")
	fnArgs, err := testCoreArgs(path, rows[2], nil)
	if err != nil {
		t.Fatal(err)
	}
	out := mustCompile(t, path, "_apply_kernel", fnArgs)
	if err := runTTIRPipeline(out); err != nil {
		t.Fatal(err)
	}
	if s := asm.Sprint(out, asm.PrintConfig{}); !strings.Contains(s, "arith.mulf") {
		t.Errorf("FN=_scaled was not applied:\n%s", s)
	}
}
