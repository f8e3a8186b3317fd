package fuzz

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/frontend/python"
	"github.com/ttcompiler/tt/frontend/triton"
)

// TestPyMutationsReach: every Python mutation applies to some seed, and
// those that edit the file leave Python that parses (the front end's
// parser is not what they probe) in most tries.
func TestPyMutationsReach(t *testing.T) {
	seeds := pySeeds(t)
	r := rand.New(rand.NewSource(1))
	for _, mu := range PyMutations {
		applied, parsed := 0, 0
		for try := 0; try < 2000 && applied < 50; try++ {
			s := &seeds[r.Intn(len(seeds))]
			m := &pyMutant{src: s.Src, sig: append([]string(nil), s.Signature...), seed: s}
			if mu.Apply(m, r) == "" {
				continue
			}
			applied++
			if _, err := python.Parse(s.Name, m.src); err == nil {
				parsed++
			} else {
				t.Logf("%s: %v", mu.Name, err)
			}
		}
		if applied == 0 {
			t.Errorf("%s: applies to none of %d seeds", mu.Name, len(seeds))
		} else if parsed < applied*9/10 {
			t.Errorf("%s: %d of %d mutants parse", mu.Name, parsed, applied)
		}
	}
}

// pyTestSeed is a small kernel for the mutations' own tests.
var pyTestSeed = PySeed{Name: "k.py", Kernel: "k", Signature: []string{"*fp32:16", "i32", "64"},
	Src: `import triton
import triton.language as tl


@triton.jit
def k(x_ptr,  # the input
      n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n,
                other=0.0)
    for i in tl.static_range(2):
        x += i
    tl.store(x_ptr + offs, tl.sum(x, axis=0), mask=offs < n)


def host():
    pass
`}

func init() {
	pyTestSeed.Params = []triton.KernelParam{{Name: "x_ptr"}, {Name: "n"}, {Name: "BLOCK", Constexpr: true}}
}

// TestPyMutationEdits: the edits that need the file's structure (the
// def's parameters and comments, a statement over two lines, a store
// under an if) do what they say.
func TestPyMutationEdits(t *testing.T) {
	apply := func(f func(*pyMutant, *rand.Rand) string, seed int64) *pyMutant {
		m := &pyMutant{src: pyTestSeed.Src, sig: append([]string(nil), pyTestSeed.Signature...), seed: &pyTestSeed}
		if f(m, rand.New(rand.NewSource(seed))) == "" {
			t.Fatalf("did not apply")
		}
		if _, err := python.Parse("k.py", m.src); err != nil {
			t.Errorf("the mutant does not parse: %v\n%s", err, m.src)
		}
		return m
	}
	dropped := map[string]bool{}
	for s := int64(0); s < 30; s++ {
		m := apply(mutateParamDrop, s)
		for _, p := range []string{"x_ptr", "n,", "BLOCK"} {
			if !strings.Contains(m.src[:strings.Index(m.src, "):")], p) {
				dropped[p] = true
			}
		}
		if !strings.Contains(m.src, "# the input") {
			t.Errorf("the comment went with the parameter:\n%s", m.src)
		}
	}
	if len(dropped) != 3 {
		t.Errorf("parameters dropped: %v, want each of the three", dropped)
	}
	m := apply(mutateIfStore, 0)
	if !strings.Contains(m.src, ":\n        tl.store(x_ptr + offs") {
		t.Errorf("the store is not under an if:\n%s", m.src)
	}
	for s := int64(0); s < 20; s++ {
		m := apply(mutateLineDrop, s)
		if strings.Contains(m.src, "other=0.0") && !strings.Contains(m.src, "x = tl.load") {
			t.Errorf("half a statement dropped:\n%s", m.src)
		}
		if strings.Contains(m.src, "def host():\n    pass\n") && strings.Count(m.src, "pass") > 2 {
			t.Errorf("a line outside the kernel dropped:\n%s", m.src)
		}
	}
}
