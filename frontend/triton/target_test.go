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

// compileFor compiles kernel of the Python source src, specialized by
// signature, for arch: the TTIR, or the front end's error.
func compileFor(t *testing.T, src, kernel, signature, arch string) (string, error) {
	t.Helper()
	read := func(p string) ([]byte, error) {
		if p == "k.py" {
			return []byte(src), nil
		}
		return nil, os.ErrNotExist
	}
	args, err := triton.ParseSignature(signature)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := triton.Compile(all.NewContext(), "k.py", triton.Options{Kernel: kernel, Args: args, Arch: arch, ReadFile: read})
	if err != nil {
		return "", err
	}
	return asm.Sprint(mod, asm.PrintConfig{}), nil
}

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
	ttir, err := compileFor(t, dotSource, "k", "*"+dtype+":16, *"+dtype+":16, *fp32:16, '"+prec+"', "+n, arch)
	return regexp.MustCompile(`(?m)^.*tt\.dot .*$`).FindString(ttir), err
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

// libdeviceSource calls libdevice functions through each way a kernel
// imports them.
const libdeviceSource = `
import triton
import triton.language as tl
from triton.language.extra import libdevice
from triton.language.extra.cuda import libdevice as cuda_libdevice
from triton.language.extra.hip import libdevice as hip_libdevice

@triton.jit
def k(x_ptr, n_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    n = tl.load(n_ptr + offs)
    y = libdevice.erfinv(x) + libdevice.pow(x, n) + libdevice.isinf(x).to(tl.float32)
    y += cuda_libdevice.lgamma(x) + hip_libdevice.lgamma(x)
    tl.store(y_ptr + offs, y)

@triton.jit
def cuda_only(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, libdevice.fast_sinf(tl.load(x_ptr + offs)))
`

// TestLibdeviceByTarget: tl.extra.libdevice is the target's libdevice
// module, as Triton's backends map it: CUDA's __nv_ functions on NVIDIA,
// the HIP module's OCML and __triton_hip_ functions on AMD; the cuda and
// hip modules imported by name are themselves on either target. A
// function only CUDA's module has is an error on AMD, as in Triton.
func TestLibdeviceByTarget(t *testing.T) {
	symbols := regexp.MustCompile(`symbol = "(\w+)"`)
	for _, c := range []struct {
		arch string
		want []string
	}{
		{"sm_90", []string{"__nv_erfinvf", "__nv_powif", "__nv_isinff", "__nv_lgammaf", "__ocml_lgamma_f32"}},
		{"gfx942", []string{"__ocml_erfinv_f32", "__ocml_pown_f32", "__ocml_isinf_f32", "__nv_lgammaf", "__ocml_lgamma_f32"}},
	} {
		ttir, err := compileFor(t, libdeviceSource, "k", "*fp32:16, *i32:16, *fp32:16, 128", c.arch)
		if err != nil {
			t.Fatalf("%s: %s", c.arch, triton.Render(err, func(string) ([]byte, error) { return []byte(libdeviceSource), nil }))
		}
		var got []string
		for _, m := range symbols.FindAllStringSubmatch(ttir, -1) {
			got = append(got, m[1])
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: symbols %v, want %v", c.arch, got, c.want)
		}
	}
	if _, err := compileFor(t, libdeviceSource, "cuda_only", "*fp32:16, 128", "sm_90"); err != nil {
		t.Errorf("fast_sinf on sm_90: %v", err)
	}
	_, err := compileFor(t, libdeviceSource, "cuda_only", "*fp32:16, 128", "gfx942")
	if err == nil || !strings.Contains(err.Error(), "fast_sinf") {
		t.Errorf("fast_sinf on gfx942: got %v, want an error naming it (the HIP module has no fast_sinf)", err)
	}
}

const fp8Source = `
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, y_ptr, DT: tl.constexpr):
    offs = tl.arange(0, 32)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs).to(DT).to(tl.float32))
`

// TestFP8TypesByTarget: an fp8 type the target's backend does not take is
// Triton's ValueError, naming the supported ones as the backend's options
// sort them; the others compile.
func TestFP8TypesByTarget(t *testing.T) {
	for _, c := range []struct {
		arch, dtype string
		want        string // "" compiles
	}{
		{"sm_90", "tl.float8e4nv", ""},
		{"sm_90", "tl.float8e4b15", ""},
		{"sm_90", "tl.float8e4b8", "type fp8e4b8 not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e4nv', 'fp8e5')"},
		{"sm_80", "tl.float8e4nv", "type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')"},
		{"sm_80", "tl.float8e5", ""},
		{"gfx942", "tl.float8e4b8", ""},
		{"gfx942", "tl.float8e4b15", "type fp8e4b15 not supported in this architecture. The supported fp8 dtypes are ('fp8e4b8', 'fp8e4nv', 'fp8e5', 'fp8e5b16')"},
	} {
		_, err := compileFor(t, fp8Source, "k", "*fp32:16, *fp32:16, "+c.dtype, c.arch)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s %s: %v", c.arch, c.dtype, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "k.py:8:")):
			t.Errorf("%s %s: got %v, want a located %q", c.arch, c.dtype, err, c.want)
		}
	}
}

// TestHIPMemrealtime: tl.extra.hip.memrealtime reads the real-time counter
// as each AMD generation can: s_memrealtime, or the GET_REALTIME message
// on gfx11 and gfx12; an impure 64-bit inline assembly, as Triton's.
func TestHIPMemrealtime(t *testing.T) {
	src := `
import triton
import triton.language as tl
from triton.language.extra import hip

@triton.jit
def k(y_ptr):
    tl.store(y_ptr, hip.memrealtime())
`
	for arch, want := range map[string]string{"gfx942": "s_memrealtime $0", "gfx950": "s_memrealtime $0",
		"gfx1100": "s_sendmsg_rtn_b64 $0, sendmsg(MSG_RTN_GET_REALTIME)", "gfx1200": "s_sendmsg_rtn_b64 $0"} {
		ttir, err := compileFor(t, src, "k", "*i64:16", arch)
		if err != nil {
			t.Fatalf("%s: %v", arch, err)
		}
		line := regexp.MustCompile(`(?m)^.*tt\.elementwise_inline_asm.*$`).FindString(ttir)
		if !strings.Contains(line, want) || !strings.Contains(line, "pure = false") || !strings.Contains(line, "-> i64") {
			t.Errorf("%s: %q, want %q, impure, i64", arch, line, want)
		}
	}
}
