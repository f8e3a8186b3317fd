package fuzz

import (
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

var (
	campaign = flag.Duration("campaign", 0, "run TestCampaign for this long (0: skip it)")
	seed     = flag.Int64("fuzz.seed", 0, "first random seed of TestCampaign (0: the time)")
	only     = flag.String("fuzz.only", "", "TestCampaign mutates only the seed kernels whose text matches this regexp (\"tt.dot \": the dot kernels)")
	amdArch  = flag.String("fuzz.amd", "gfx942", "the AMD architecture inputs compile for, and whose TTGIR of the dot kernels becomes seeds (gfx90a, gfx942, gfx950)")
	shared   = flag.String("fuzz.shared", "", "the shared/ directory whose kernels are seeds too (default: ../shared beside the checkout, which a git worktree elsewhere lacks)")
)

// The limits of one compilation. Every kernel of the repository compiles
// in well under a second of CPU and 100 MiB; a mutant that needs ten
// times that is a bug (or an input the compiler should refuse quickly).
// The wall-clock guard only catches a worker that stops using the CPU (a
// deadlock); on a loaded machine it allows for much waiting.
const (
	cpuLimit    = 10 * time.Second
	memoryLimit = 1 << 30
	wallGuard   = 5 * time.Minute
	workerEnv   = "TT_FUZZ_WORKER"
)

// config is one architecture an input compiles for, and the outputs to
// emit: input i emits targets[i%len(targets)], so that both of NVIDIA's
// emitters (tt's PTX printer and the LLVM IR translation) see sm_80's
// mma.sync code.
type config struct {
	arch    string
	targets []string
}

// configs are the tt-translate settings every input runs under: the
// NVIDIA pipeline to PTX for sm_90 (wgmma), to PTX or LLVM IR for sm_80
// (mma.sync), and the AMD pipeline to LLVM IR for gfx942 (MFMA).
var configs = []config{
	{"sm_90", []string{"ptx"}}, {"sm_80", []string{"llvmir", "ptx"}}, {"gfx942", []string{"llvmir"}},
}

func TestMain(m *testing.M) {
	var err error
	switch os.Getenv(workerEnv) {
	case "":
		flag.Parse()
		setAMDArch(*amdArch)
		os.Exit(m.Run())
	case "selftest":
		err = Serve(os.Stdin, os.Stdout, Limits{CPU: time.Second, Memory: 64 << 20}, func(Job) error { return nil }, misbehave)
	default:
		err = Serve(os.Stdin, os.Stdout, Limits{CPU: cpuLimit, Memory: memoryLimit}, parseVerifyAny, compileAny)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// misbehave is the compiler of TestHarnessLimits: it does what the job's
// source says.
func misbehave(j Job) error {
	switch j.Src {
	case "spin":
		for x := 0; ; x++ {
			_ = x * x
		}
	case "grow":
		var keep [][]byte
		for {
			keep = append(keep, make([]byte, 1<<20))
		}
	case "panic":
		panic("on purpose")
	case "goroutine-panic":
		go func() { panic("on purpose, where nothing recovers") }()
		time.Sleep(time.Minute)
	case "unlocated":
		return errors.New("no location")
	case "broken":
		return &passmgr.BrokenIR{Pass: "break", Err: ir.Errorf(ir.FileLineCol(tttranslate.NewContext(), "k.ttir", 1, 1), "verifier")}
	}
	return nil
}

// TestHarnessLimits: the harness itself turns each kind of misbehaviour
// into its outcome, and the next job gets a working worker.
func TestHarnessLimits(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{Timeout: time.Minute, Start: func() *exec.Cmd {
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), workerEnv+"=selftest")
		return cmd
	}}
	defer r.Close()
	for _, c := range []struct {
		src  string
		want Status
	}{
		{"ok", OK}, {"spin", Timeout}, {"ok", OK}, {"grow", Memory}, {"panic", Panic},
		{"goroutine-panic", Panic}, {"unlocated", Unlocated}, {"broken", Broken}, {"ok", OK},
	} {
		if o := r.Run(Job{Name: c.src, Src: c.src}); o.Status != c.want {
			t.Errorf("%s: %s (%s), want %s", c.src, o.Status, o.Msg, c.want)
		}
	}
}

func parseVerify(j Job) error {
	op, err := asm.Parse(tttranslate.NewContext(), j.Src, asm.ParseConfig{Filename: j.Name})
	if err != nil {
		return err
	}
	return ir.Verify(op)
}

// compile is tt-translate's whole pipeline, as its command line runs it
// with --verify-each: a pass that breaks the IR is caught at that pass.
func compile(j Job) error {
	o := jobOptions(j)
	_, err := tttranslate.CompileSource(j.Name, j.Src, o)
	if errors.Is(err, tttranslate.ErrNoKernel) {
		// tt-translate reports it against the file, as tt-run does.
		return ir.Errorf(ir.FileLineCol(tttranslate.NewContext(), j.Name, 1, 1), "%v", err)
	}
	return err
}

// jobOptions are tt-translate's options for a job: its target,
// architecture, warps, stages (AMD's default of 2) and CTAs, with
// --verify-each, and for PTX --grid-variant, which the Triton plugin and
// the Go API pass (a persistent kernel is compiled twice and emitted
// with its variant), strict: a variant that fails is the job's failure,
// not a warning nobody reads.
func jobOptions(j Job) tttranslate.Options {
	o := tttranslate.DefaultOptions()
	o.Pass.VerifyEach = true
	o.GridVariant = j.Target == "ptx"
	o.StrictGridVariant = true // a variant that fails where its kernel compiled is a finding
	o.Target, o.Arch, o.NumWarps = j.Target, j.Arch, j.NumWarps
	if strings.HasPrefix(j.Arch, "gfx") {
		o.NumStages = 2
	}
	if j.NumStages != 0 {
		o.NumStages = j.NumStages
	}
	if j.NumCTAs != 0 {
		o.NumCTAs = j.NumCTAs
	}
	return o
}

// newRunner starts workers: this test binary, re-run with workerEnv set.
func newRunner(t testing.TB) *Runner {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{Timeout: wallGuard, Start: func() *exec.Cmd {
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), workerEnv+"=compile")
		return cmd
	}}
	t.Cleanup(r.Close)
	return r
}

func repoRoot(t testing.TB) string {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// sharedDir is -fuzz.shared, else ../shared beside the checkout, or ""
// without it.
func sharedDir(t testing.TB) string {
	if *shared != "" {
		if _, err := os.Stat(filepath.Join(*shared, "kernels")); err != nil {
			t.Fatalf("-fuzz.shared: %v", err)
		}
		return *shared
	}
	d := filepath.Join(repoRoot(t), "..", "shared")
	if _, err := os.Stat(filepath.Join(d, "kernels")); err != nil {
		return ""
	}
	return d
}

// stats counts a campaign's outcomes, and separately those of inputs with
// a dot (tt.dot, ttng.warp_group_dot) per architecture: how far the
// campaign reaches the tensor-core lowerings.
type stats struct {
	inputs, jobs, verified int
	by                     map[Status]int
	dots                   map[string]*dotCount
	start                  time.Time
}

// dotCount is the compilations of dot inputs for one architecture.
type dotCount struct{ jobs, verified, compiled int }

func (s *stats) add(j Job, o Outcome) {
	s.jobs++
	if s.by == nil {
		s.by, s.dots = map[Status]int{}, map[string]*dotCount{}
	}
	s.by[o.Status]++
	if o.Verified {
		s.verified++
	}
	if strings.Contains(j.Src, "tt.dot ") || strings.Contains(j.Src, "ttng.warp_group_dot ") {
		d := s.dots[j.Arch]
		if d == nil {
			d = &dotCount{}
			s.dots[j.Arch] = d
		}
		d.jobs++
		if o.Verified {
			d.verified++
		}
		if o.Status == OK {
			d.compiled++
		}
	}
}

func (s *stats) String() string {
	usage := ""
	if n := s.by[Usage]; n > 0 {
		usage = fmt.Sprintf(", %d signatures refused on the command line", n)
	}
	return fmt.Sprintf("%d inputs, %d compilations (%d of them verified) in %v: %d compiled, %d rejected with a located error, %d unlocated errors, %d panics, %d passes that broke the IR, %d timeouts (>%v CPU), %d over the memory limit (%d MiB)",
		s.inputs, s.jobs, s.verified, time.Since(s.start).Round(time.Second), s.by[OK], s.by[Rejected], s.by[Unlocated],
		s.by[Panic], s.by[Broken], s.by[Timeout], cpuLimit, s.by[Memory], memoryLimit>>20) + usage
}

// dotString reports the dot inputs' compilations per architecture.
func (s *stats) dotString() string {
	var parts []string
	for _, c := range configs {
		if d := s.dots[c.arch]; d != nil {
			parts = append(parts, fmt.Sprintf("%s %d (%d verified, %d compiled)", c.arch, d.jobs, d.verified, d.compiled))
		}
	}
	return "compilations of inputs with a dot: " + strings.Join(parts, ", ")
}

// mutant derives input i of a run from its random source: a seed kernel,
// one to three mutations, a warp count, a pipeline depth and, for
// Hopper, sometimes a cluster of 2 or 4 CTAs (Triton's num_ctas: the
// layouts split the tiles over the CTAs, and TMA multicasts).
func mutant(seeds []Seed, r *rand.Rand) (Job, []string) {
	s := seeds[r.Intn(len(seeds))]
	src, log := Mutate(s.Src, r, 1+r.Intn(3))
	warps := 4
	if r.Intn(4) == 0 {
		warps = []int{1, 2, 8, 16, 32}[r.Intn(5)]
	}
	stages := 0 // the target's default
	if r.Intn(4) == 0 {
		stages = []int{1, 2, 4, 5}[r.Intn(4)]
	}
	ctas := 0 // one
	if r.Intn(8) == 0 {
		ctas = []int{2, 4}[r.Intn(2)]
	}
	return Job{Name: s.Name, Src: src, NumWarps: warps, NumStages: stages, NumCTAs: ctas}, log
}

// configsFor are the configurations a job runs under: all of them for
// TTIR; for TTGIR laid out for one vendor, that vendor's (the others
// refuse it at once: "the module was compiled for ...").
func configsFor(src string) []config {
	var out []config
	for _, c := range configs {
		amd := strings.HasPrefix(c.arch, "gfx")
		if strings.Contains(src, `ttg.target = "hip:`) && !amd || strings.Contains(src, `ttg.target = "cuda:`) && amd {
			continue
		}
		out = append(out, c)
	}
	return out
}

// runInput runs a job under every configuration and reports the failures
// (unlocated errors among them: bad input deserves a location).
func runInput(r *Runner, st *stats, j Job) (fails []Job, outs []Outcome) {
	ctas := j.NumCTAs
	for _, c := range configsFor(j.Src) {
		j.Target, j.Arch = c.targets[st.inputs%len(c.targets)], c.arch
		// Clusters are Hopper's: tt-translate refuses --num-ctas for the
		// others, as Triton does, before it reads the kernel.
		j.NumCTAs = 0
		if c.arch == "sm_90" {
			j.NumCTAs = ctas
		}
		o := r.Run(j)
		st.add(j, o)
		if o.Status.Failed() || o.Status == Unlocated {
			fails, outs = append(fails, j), append(outs, o)
		}
		if !o.Verified && o.Status != Timeout && o.Status != Memory {
			break // it does not parse or verify: the other targets agree
		}
	}
	return fails, outs
}

// setAMDArch makes arch the AMD architecture of configs and derivedArchs
// (the worker takes the architecture from each job).
func setAMDArch(arch string) {
	for i, c := range configs {
		if strings.HasPrefix(c.arch, "gfx") {
			configs[i].arch = arch
		}
	}
	for i, a := range derivedArchs {
		if strings.HasPrefix(a, "gfx") {
			derivedArchs[i] = arch
		}
	}
}

// derivedArchs are the architectures whose TTGIR of the dot kernels
// becomes seeds too: sm_90's wgmma (nvidia_mma v3), sm_80's mma.sync (v2)
// and gfx942's MFMA layouts, with their dot operands and swizzled,
// padded or rotating shared layouts.
var derivedArchs = []string{"sm_90", "sm_80", "gfx942"}

// withDerived adds to seeds, for every TTIR seed with a tt.dot (at most
// limit of them, spread over the list; 0: all), tt's own TTGIR of it for
// each of derivedArchs, named "<seed>@<arch>.ttgir". Mutating those
// reaches the dot lowerings with layouts the TTIR pipelines never choose.
// A seed the pipeline rejects with a diagnostic gives no TTGIR; a crash
// fails the test (the seeds are the repository's own kernels).
func withDerived(t testing.TB, seeds []Seed, limit int) []Seed {
	var dots []Seed
	for _, s := range seeds {
		if strings.HasSuffix(s.Name, ".ttir") && strings.Contains(s.Src, "tt.dot ") {
			dots = append(dots, s)
		}
	}
	if limit > 0 && len(dots) > limit {
		picked := make([]Seed, limit)
		for i := range picked {
			picked[i] = dots[i*len(dots)/limit]
		}
		dots = picked
	}
	out := append([]Seed(nil), seeds...)
	perArch := map[string]int{}
	for _, s := range dots {
		for _, arch := range derivedArchs {
			var stdout, stderr strings.Builder
			rc := tttranslate.Run([]string{"--target=ttgir", "--arch=" + arch, "-o", "-", "-"}, strings.NewReader(s.Src), &stdout, &stderr)
			switch {
			case strings.Contains(stderr.String(), "' crashed: "):
				t.Errorf("%s: tt-translate --target=ttgir --arch=%s crashed:\n%s", s.Name, arch, stderr.String())
			case rc == 0:
				out = append(out, Seed{Name: s.Name + "@" + arch + ".ttgir", Src: stdout.String()})
				perArch[arch]++
			}
		}
	}
	for _, arch := range derivedArchs {
		if len(dots) > 0 && perArch[arch] == 0 {
			t.Errorf("no dot kernel compiled to TTGIR for %s: the campaign would not reach its dot lowering", arch)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// TestFuzzSeeds is the harness's CI run: a fixed set of mutants of the
// repository's kernels (and of shared/'s when present) through the whole
// pipeline under the time and memory limits. It takes a few seconds.
func TestFuzzSeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	seeds := Seeds(repoRoot(t), sharedDir(t))
	if len(seeds) == 0 {
		t.Fatal("no seed kernels found")
	}
	seeds = withDerived(t, seeds, 2)
	rnd := rand.New(rand.NewSource(1))
	st := runMutants(t, 150, func() (Job, []string) { return mutant(seeds, rnd) })
	if st.verified == 0 {
		t.Errorf("no mutant verified: the mutations no longer reach the passes")
	}
	for _, c := range configs {
		if d := st.dots[c.arch]; d == nil || d.compiled == 0 {
			t.Errorf("no mutant with a dot compiled for %s: the mutations no longer reach its dot lowering", c.arch)
		}
	}
	t.Log(st)
	t.Log(st.dotString())
}

// runMutants runs n inputs from next under every configuration and
// fails the test for each failure: the seed runs of CI.
func runMutants(t *testing.T, n int, next func() (Job, []string)) *stats {
	r := newRunner(t)
	st := &stats{start: time.Now()}
	for i := 0; i < n; i++ {
		j, log := next()
		st.inputs++
		fails, outs := runInput(r, st, j)
		for k, f := range fails {
			t.Errorf("%s (%s) on %s after %s:\n%s\n--- input:\n%s", outs[k].Status, f, f.Name, strings.Join(log, "; "), outs[k].Msg, f.Src)
		}
	}
	return st
}

// TestCrashers replays every input that ever failed: each must now compile
// or be rejected with a located diagnostic, within the limits.
func TestCrashers(t *testing.T) {
	if replayCrashers(t, "*.mlir") == 0 {
		t.Fatal("no crashers in testdata/crashers")
	}
}

// replayCrashers runs the crashers matching glob and returns how many
// there are.
func replayCrashers(t *testing.T, glob string) int {
	files, _ := filepath.Glob(filepath.Join("testdata", "crashers", glob))
	if len(files) == 0 {
		return 0
	}
	r := newRunner(t)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		j := ParseCrasher(filepath.Base(f), string(data))
		t.Run(filepath.Base(f), func(t *testing.T) {
			if strings.HasSuffix(f, ".py") && !isPython(j) {
				t.Fatalf("%s has no `# fuzz:` header with a kernel", f)
			}
			o := r.Run(j)
			if o.Status.Failed() || o.Status == Unlocated {
				t.Errorf("%s (%s):\n%s", o.Status, j, o.Msg)
			}
		})
	}
	return len(files)
}

// TestCampaign is a long fuzzing run (-campaign=30m). New failures are
// written to testdata/crashers and fail the test; the counts are logged
// for docs/CONFORMANCE.md.
func TestCampaign(t *testing.T) {
	if *campaign == 0 {
		t.Skip("no -campaign duration given")
	}
	seeds := withDerived(t, Seeds(repoRoot(t), sharedDir(t)), 0)
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			t.Fatalf("-fuzz.only: %v", err)
		}
		seeds = slices.DeleteFunc(seeds, func(s Seed) bool { return !re.MatchString(s.Src) })
		if len(seeds) == 0 {
			t.Fatalf("no seed kernel matches -fuzz.only=%q", *only)
		}
	}
	rnd := campaignRand(t, fmt.Sprintf("%d seed kernels", len(seeds)))
	st, _ := runCampaign(t, *campaign, false, func() (Job, []string) { return mutant(seeds, rnd) })
	t.Log(st.dotString())
}

// campaignRand is a campaign's random source: -fuzz.seed, else the time.
func campaignRand(t *testing.T, what string) *rand.Rand {
	s := *seed
	if s == 0 {
		s = time.Now().UnixNano()
	}
	t.Logf("seed %d, %s", s, what)
	return rand.New(rand.NewSource(s))
}

// runCampaign runs inputs from next for d, keeps each new failure in
// testdata/crashers (one per message too when byMessage: the Python
// campaign meets one cause in many kernels) and fails the test for it,
// and logs the counts, with those of the mutations in the inputs' logs.
func runCampaign(t *testing.T, d time.Duration, byMessage bool, next func() (Job, []string)) (*stats, map[string]int) {
	r := newRunner(t)
	st := &stats{start: time.Now()}
	deadline := time.Now().Add(d)
	seen := map[string]bool{}
	mutations := map[string]int{}
	lastReport := time.Now()
	for time.Now().Before(deadline) {
		j, log := next()
		for _, l := range log {
			name, _, _ := strings.Cut(l, ":")
			mutations[name]++
		}
		st.inputs++
		fails, outs := runInput(r, st, j)
		for k, f := range fails {
			name := CrasherName(f)
			key := string(outs[k].Status) + firstLine(outs[k].Msg)
			if seen[name] || byMessage && seen[key] {
				continue
			}
			seen[name], seen[key] = true, true
			path := filepath.Join("testdata", "crashers", name)
			if err := os.WriteFile(path, []byte(FormatCrasher(f, outs[k], log)), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Errorf("%s (%s): kept as %s\n%.2000s", outs[k].Status, f, path, outs[k].Msg)
		}
		if time.Since(lastReport) > time.Minute {
			t.Logf("%v", st)
			lastReport = time.Now()
		}
	}
	t.Logf("final: %v", st)
	var kinds []string
	for k, n := range st.by {
		kinds = append(kinds, fmt.Sprintf("%s=%d", k, n))
	}
	for k, n := range mutations {
		kinds = append(kinds, fmt.Sprintf("%s:%d", k, n))
	}
	sort.Strings(kinds)
	t.Logf("by status and mutation: %s", strings.Join(kinds, " "))
	return st, mutations
}
