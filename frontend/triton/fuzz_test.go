package triton_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/frontend/triton"
)

// FuzzFrontend compiles every kernel of a mutated Python file with
// argument types guessed from parameter names: whatever the input, the
// front end returns TTIR that verifies or a diagnostic, never a panic
// (which Compile reports as an "internal error") or IR that fails
// verification.
func FuzzFrontend(f *testing.F) {
	seeds, _ := filepath.Glob("../../examples/*.py")
	seeds = append(seeds, "../../testdata/cases/make_cases.py")
	for _, p := range seeds {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data))
		}
	}
	for _, c := range errorCases {
		f.Add(strings.Replace(errorKernel, "BODY", strings.ReplaceAll(c.body, "\n", "\n    "), 1))
	}
	f.Fuzz(func(t *testing.T, src string) {
		const path = "fuzz.py"
		read := func(p string) ([]byte, error) {
			if p == path {
				return []byte(src), nil
			}
			return nil, os.ErrNotExist
		}
		names, err := triton.Kernels(path, read)
		if err != nil {
			checkDiagnostic(t, err, read)
			return
		}
		if len(names) > 4 {
			names = names[:4]
		}
		for _, name := range names {
			k, err := triton.FindKernel(path, name, read)
			if err != nil {
				checkDiagnostic(t, err, read)
				continue
			}
			var args []triton.ArgSpec
			for _, p := range k.Params {
				args = append(args, guessArg(p))
			}
			_, err = triton.Compile(all.NewContext(), path, triton.Options{Kernel: name, Args: args, ReadFile: read})
			if err != nil {
				checkDiagnostic(t, err, read)
			}
		}
	})
}

// guessArg specializes a parameter the way the examples name them:
// constexprs 64, *_ptr and capitalized names fp32 pointers, others i32.
func guessArg(p triton.KernelParam) triton.ArgSpec {
	switch {
	case p.Constexpr:
		return triton.Constant(bi(64))
	case strings.HasSuffix(p.Name, "ptr") || p.Name != "" && p.Name[0] >= 'A' && p.Name[0] <= 'Z' && len(p.Name) <= 3:
		return triton.ArgSpec{Type: "*fp32", Divisibility: 16}
	}
	return triton.ArgSpec{Type: "i32"}
}

func checkDiagnostic(t *testing.T, err error, read func(string) ([]byte, error)) {
	t.Helper()
	msg := err.Error()
	if strings.Contains(msg, "internal error") || strings.Contains(msg, "does not verify") {
		t.Fatalf("%s", triton.Render(err, read))
	}
	if out := triton.Render(err, read); out == "" {
		t.Fatalf("empty rendering of %v", err)
	}
}
