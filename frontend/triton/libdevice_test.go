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

// compileLibdevice compiles kernel of libdeviceSource for arch.
func compileLibdevice(t *testing.T, kernel, signature, arch string) (string, error) {
	t.Helper()
	read := func(p string) ([]byte, error) {
		if p == "k.py" {
			return []byte(libdeviceSource), nil
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
		ttir, err := compileLibdevice(t, "k", "*fp32:16, *i32:16, *fp32:16, 128", c.arch)
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
	if _, err := compileLibdevice(t, "cuda_only", "*fp32:16, 128", "sm_90"); err != nil {
		t.Errorf("fast_sinf on sm_90: %v", err)
	}
	_, err := compileLibdevice(t, "cuda_only", "*fp32:16, 128", "gfx942")
	if err == nil || !strings.Contains(err.Error(), "fast_sinf") {
		t.Errorf("fast_sinf on gfx942: got %v, want an error naming it (the HIP module has no fast_sinf)", err)
	}
}
