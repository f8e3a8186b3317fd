package fuzz

import (
	"flag"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

var pyCampaign = flag.Duration("pycampaign", 0, "run TestPythonCampaign for this long (0: skip it)")

// pyFrontEnd is the TTIR of the last Python job the front end built, for
// the compile step that follows it in the worker (which runs one job at a
// time).
var pyFrontEnd struct {
	job Job
	mod *ir.Operation
}

// parsePython is a Python job's parse-and-verify step: what tt-translate
// does before its stages (frontEnd in tools/tttranslate/python.go): the
// file is read with the target host code sees, the kernel specialized
// with --signature (triton.Specialize) and compiled to TTIR, which the
// front end verifies.
func parsePython(j Job) error {
	pyFrontEnd.mod = nil
	read := pyRead(j)
	k, err := triton.FindKernelFor(j.Name, j.Kernel, read, triton.TargetOf(j.Arch))
	if err != nil {
		return err
	}
	sig, err := triton.ParseSignature(j.Signature)
	if err != nil {
		return &UsageError{err}
	}
	specs, err := triton.Specialize(k, sig, nil)
	if err != nil {
		return err
	}
	mod, err := triton.Compile(tttranslate.NewContext(), j.Name, triton.Options{Kernel: k.Name, Args: specs,
		NumWarps: j.NumWarps, Arch: j.Arch, Stdout: io.Discard, ReadFile: read})
	if err != nil {
		return err
	}
	pyFrontEnd.job, pyFrontEnd.mod = j, mod
	return nil
}

// compilePython runs the stages on the TTIR parsePython built, as
// tt-translate's Compile does after its front end.
func compilePython(j Job) error {
	if pyFrontEnd.mod == nil || pyFrontEnd.job != j {
		if err := parsePython(j); err != nil {
			return err
		}
	}
	mod := pyFrontEnd.mod
	pyFrontEnd.mod = nil
	_, err := tttranslate.Compile(mod, jobOptions(j))
	return err
}

// parseVerifyAny and compileAny are the worker's steps for both kinds of
// job.
func parseVerifyAny(j Job) error {
	if isPython(j) {
		return parsePython(j)
	}
	return parseVerify(j)
}

func compileAny(j Job) error {
	if isPython(j) {
		return compilePython(j)
	}
	return compile(j)
}

// pySeedsOnce caches the Python seeds (reading test_core.tar.gz takes a
// second).
var pySeedsOnce []PySeed

func pySeeds(t testing.TB) []PySeed {
	if pySeedsOnce == nil {
		pySeedsOnce = PySeeds(repoRoot(t), sharedDir(t))
	}
	if len(pySeedsOnce) == 0 {
		t.Fatal("no Python seed kernels found")
	}
	return pySeedsOnce
}

// pyMutantJob derives a Python input from its random source: a seed
// kernel (the tutorials and examples as often as the ten thousand unit
// test kernels together), one to three mutations and a warp count.
func pyMutantJob(seeds []PySeed, r *rand.Rand) (Job, []string) {
	var s *PySeed
	if r.Intn(2) == 0 {
		// The spec's kernels are the files that are not test_core's
		// hashed names.
		var spec []int
		for i := range seeds {
			if !isHashName(seeds[i].Name) {
				spec = append(spec, i)
			}
		}
		if len(spec) > 0 {
			s = &seeds[spec[r.Intn(len(spec))]]
		}
	}
	if s == nil {
		s = &seeds[r.Intn(len(seeds))]
	}
	src, sig, log := MutatePython(s, r, 1+r.Intn(3))
	warps := 4
	if r.Intn(4) == 0 {
		warps = []int{1, 2, 8, 16}[r.Intn(4)]
	}
	return Job{Name: s.Name, Src: src, Kernel: s.Kernel, Signature: strings.Join(sig, ", "), NumWarps: warps}, log
}

// isHashName reports whether a file name is test_core's recording's
// (sixteen hex digits).
func isHashName(name string) bool {
	base := strings.TrimSuffix(name, ".py")
	if len(base) != 16 {
		return false
	}
	return strings.Trim(base, "0123456789abcdef") == ""
}

// TestPythonSeeds is the Python harness's CI run: a fixed set of mutants
// of the Python kernels through the front end and the whole pipeline,
// under the worker's limits. It also checks that the mutations reach the
// pipeline: some mutant must compile.
func TestPythonSeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	seeds := pySeeds(t)
	rnd := rand.New(rand.NewSource(1))
	st := runMutants(t, 40, func() (Job, []string) { return pyMutantJob(seeds, rnd) })
	if st.by[OK] == 0 || st.by[Rejected] == 0 {
		t.Errorf("the mutants should both compile and be refused: %v", st)
	}
	t.Log(st)
}

// TestPythonCrashers replays the Python inputs that ever failed.
func TestPythonCrashers(t *testing.T) {
	if replayCrashers(t, "*.py") == 0 {
		t.Skip("no Python crashers")
	}
}

// TestPythonCampaign is a long run of the Python mutations
// (-pycampaign=5m); new failures are kept in testdata/crashers.
func TestPythonCampaign(t *testing.T) {
	if *pyCampaign == 0 {
		t.Skip("no -pycampaign duration given")
	}
	seeds := pySeeds(t)
	rnd := campaignRand(t, fmt.Sprintf("%d Python seed kernels", len(seeds)))
	runCampaign(t, *pyCampaign, true, func() (Job, []string) { return pyMutantJob(seeds, rnd) })
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
