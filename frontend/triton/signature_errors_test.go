package triton_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/frontend/python"
	"github.com/ttcompiler/tt/frontend/triton"
)

// A signature that does not match the kernel (tt-translate's --signature,
// the Go API's arguments) is the user's mistake in reading the def: the
// error is located there, at the parameter left without a value or at
// the kernel's name when the signature has more entries than it has
// parameters (the Python fuzz campaign found all of these unlocated).
const signatureKernel = `import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, n,
               BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
`

func TestSignatureErrorsLocated(t *testing.T) {
	const path = "sig.py"
	k, err := triton.FindKernel(path, "add_kernel", sourceReader(path, signatureKernel))
	if err != nil {
		t.Fatal(err)
	}
	specialize := func(signature string, consts map[string]triton.ArgSpec) error {
		_, err := triton.Specialize(k, sig(t, signature), consts)
		return err
	}
	compile := func(signature string) error { return compileSource(t, path, signatureKernel, "add_kernel", signature) }
	for _, c := range []struct {
		name      string
		err       error
		line, col int
		msg       string
	}{
		{"specialize: one entry too many", specialize("*fp32:16, *fp32:16, i32, 64, i32", nil), 6, 5,
			"the signature has 5 entries but add_kernel takes 4 parameters (x_ptr, y_ptr, n, BLOCK)"},
		{"specialize: an entry missing", specialize("*fp32:16, *fp32:16", nil), 6, 30,
			"parameter n of add_kernel has no signature entry or constexpr value (the signature lists 2 of its 4 parameters"},
		{"specialize: a constexpr of no parameter", specialize("*fp32:16, *fp32:16, i32, 64", map[string]triton.ArgSpec{"BLOCK_SIZE": triton.Constant(bi(64))}), 6, 5,
			"constexpr BLOCK_SIZE: kernel add_kernel has no parameter BLOCK_SIZE"},
		{"compile: one entry too many", compile("*fp32:16, *fp32:16, i32, 64, i32"), 6, 5,
			"the signature has 5 entries but add_kernel takes 4 parameters"},
		{"compile: an entry missing", compile("*fp32:16, *fp32:16, i32"), 7, 16,
			"parameter BLOCK of add_kernel has no signature entry"},
		{"compile: a type for a constexpr", compile("*fp32:16, *fp32:16, i32, i32"), 7, 16,
			"parameter BLOCK is a tl.constexpr: give its value"},
	} {
		var pe *python.Error
		if !errors.As(c.err, &pe) {
			t.Errorf("%s: %v, want a located error", c.name, c.err)
			continue
		}
		if pe.File != path || pe.Pos.Line != c.line || pe.Pos.Col+1 != c.col || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("%s: %s:%d:%d: %s, want %s:%d:%d: ...%s...", c.name, pe.File, pe.Pos.Line, pe.Pos.Col+1, pe.Msg, path, c.line, c.col, c.msg)
		}
	}
}
