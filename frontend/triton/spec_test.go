package triton_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/frontend/triton"
)

// referenceSpec is frontend/testdata/reference/spec.json: the kernels and
// specializations gen_reference.py compiles with Triton 3.6 on the GPU
// machine; it writes <name>.ttir beside the spec.
type referenceSpec struct {
	Cases []referenceCase `json:"cases"`
}

type referenceCase struct {
	Name, File, Kernel, Signature string
	Constexprs                    map[string]string `json:"constexprs"`
	NumWarps                      int               `json:"num_warps"`
	NumStages                     int               `json:"num_stages"`
}

const referenceDir = "../testdata/reference"

func readSpec(t *testing.T) referenceSpec {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(referenceDir, "spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s referenceSpec
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// casePath resolves a spec file relative to the repository root
// (shared/... is the shared folder beside the checkout).
func casePath(file string) string {
	if rest, ok := strings.CutPrefix(file, "shared/"); ok {
		return filepath.Join(shared, rest)
	}
	return filepath.Join("..", "..", file)
}

func caseArgs(t *testing.T, path string, c referenceCase) []triton.ArgSpec {
	t.Helper()
	args := sig(t, c.Signature)
	if len(c.Constexprs) > 0 {
		k, err := triton.FindKernel(path, c.Kernel, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range k.Params {
			if s, ok := c.Constexprs[p.Name]; ok {
				spec, err := triton.ParseConstant(s)
				if err != nil {
					t.Fatal(err)
				}
				for len(args) <= i {
					args = append(args, triton.ArgSpec{})
				}
				args[i] = spec
			}
		}
	}
	return args
}

// TestReferenceKernels compiles every kernel of the reference spec (the
// examples from the seed articles and Triton's tutorials 01, 02, 03, 05
// and 06) and, where Triton 3.6's TTIR for it is in testdata (made by
// gen_reference.py on the GPU machine), requires tt's TTIR after
// ttir-pipeline to equal it.
func TestReferenceKernels(t *testing.T) {
	spec := readSpec(t)
	compared := 0
	for _, c := range spec.Cases {
		c := c
		t.Run(c.Name, func(t *testing.T) {
			path := casePath(c.File)
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s not found", path)
			}
			mod := mustCompile(t, path, c.Kernel, caseArgs(t, path, c))
			ref := filepath.Join(referenceDir, c.Name+".ttir")
			if _, err := os.Stat(ref); err != nil {
				if err := runTTIRPipeline(mod); err != nil {
					t.Fatalf("ttir-pipeline: %v", err)
				}
				t.Logf("no Triton reference yet (run gen_reference.py on the GPU machine)")
				return
			}
			compared++
			comparePipeline(t, mod, parseRef(t, ref))
		})
	}
	t.Logf("%d of %d kernels compared with Triton 3.6's TTIR", compared, len(spec.Cases))
}
