package triton_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/ir/asm"
)

const dotSource = `
import triton
import triton.language as tl

@triton.jit
def k(a_ptr, b_ptr, c_ptr, PREC: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, N)
    a = tl.load(a_ptr + offs[:, None] * N + offs[None, :])
    b = tl.load(b_ptr + offs[:, None] * N + offs[None, :])
    if PREC == "":
        c = tl.dot(a, b)
    else:
        c = tl.dot(a, b, input_precision=PREC)
    tl.store(c_ptr + offs[:, None] * N + offs[None, :], c.to(c_ptr.dtype.element_ty))
`

// compileDot compiles dotSource's kernel for arch with n x n operands of
// dtype and input_precision prec ("" for tl.dot's default): the tt.dot
// line.
func compileDot(t *testing.T, arch, dtype, prec, n string) (string, error) {
	t.Helper()
	read := func(p string) ([]byte, error) {
		if p == "dot.py" {
			return []byte(dotSource), nil
		}
		return nil, os.ErrNotExist
	}
	args, err := triton.ParseSignature("*" + dtype + ":16, *" + dtype + ":16, *fp32:16, '" + prec + "', " + n)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := triton.Compile(all.NewContext(), "dot.py", triton.Options{Kernel: "k", Args: args, Arch: arch, ReadFile: read})
	if err != nil {
		return "", err
	}
	return regexp.MustCompile(`(?m)^.*tt\.dot .*$`).FindString(asm.Sprint(mod, asm.PrintConfig{})), nil
}

// TestDotOptionsByTarget: tl.dot takes its backend's options, as Triton's
// CUDAOptions and HIPOptions give them: f32 operands default to tf32
// where the target allows it (NVIDIA, and AMD's gfx942 with XF32) and to
// ieee elsewhere on AMD; a precision the target does not allow is
// Triton's assertion, naming the allowed ones; an fp8 dot's
// max_num_imprecise_acc defaults to 2^30 on sm_90 only; the smallest K is
// CUDA's min_dot_size on NVIDIA, any on AMD.
func TestDotOptionsByTarget(t *testing.T) {
	for _, c := range []struct {
		arch, dtype, prec string
		want, absent      string // in the tt.dot line (or the error), and not in it
	}{
		{"sm_90", "fp32", "", "inputPrecision = tf32", ""},
		{"gfx942", "fp32", "", "inputPrecision = tf32", ""},
		{"gfx90a", "fp32", "", "tt.dot", "inputPrecision"}, // ieee, the default, unprinted
		{"gfx950", "fp32", "", "tt.dot", "inputPrecision"},
		{"sm_90", "fp32", "tf32x3", "inputPrecision = tf32x3", ""},
		{"gfx942", "fp32", "tf32x3", "input_precision must be one of ('bf16x3', 'bf16x6', 'ieee', 'tf32'). Got tf32x3", ""},
		{"gfx90a", "fp32", "tf32", "input_precision must be one of ('ieee', 'bf16x3', 'bf16x6'). Got tf32", ""},
		{"gfx90a", "fp32", "bf16x3", "inputPrecision = bf16x3", ""},
		{"sm_90", "fp8e5", "", "maxNumImpreciseAcc = 1073741824", ""},
		{"gfx942", "fp8e5", "", "tt.dot", "maxNumImpreciseAcc"}, // 0, unprinted
		// min_dot_size: K >= 16 on NVIDIA (32 for 8 bits), any K on AMD.
		{"sm_90", "fp16@8", "", "K >= 16", ""},
		{"gfx942", "fp16@8", "", "tensor<8x8xf16> * tensor<8x8xf16>", ""},
		{"sm_90", "fp8e5@16", "", "K >= 32", ""},
	} {
		n := "32"
		dtype, size, ok := strings.Cut(c.dtype, "@")
		if ok {
			n = size
		}
		line, err := compileDot(t, c.arch, dtype, c.prec, n)
		got := line
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, c.want) || c.absent != "" && strings.Contains(got, c.absent) {
			t.Errorf("%s %s input_precision=%q: got %s, want %q and no %q", c.arch, c.dtype, c.prec, got, c.want, c.absent)
		}
	}
}
