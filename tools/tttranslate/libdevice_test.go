package tttranslate

import (
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/internal/libdevicelist"
)

// libdeviceKernel is a TTIR kernel applying sym (of types sig in
// testdata/libdevice's letters: f f32, d f64, i i32, l i64, the result
// last) to loaded tensors of 256 elements and storing the result.
func libdeviceKernel(sym, sig string) string {
	types := map[byte]string{'f': "f32", 'd': "f64", 'i': "i32", 'l': "i64"}
	const n = 256
	res := types[sig[len(sig)-1]]
	var b strings.Builder
	var params, operands, tensors []string
	for i := 0; i < len(sig)-1; i++ {
		params = append(params, fmt.Sprintf("%%x%d: !tt.ptr<%s> {tt.divisibility = 16 : i32}", i, types[sig[i]]))
	}
	fmt.Fprintf(&b, "module {\n  tt.func public @k(%s, %%o: !tt.ptr<%s> {tt.divisibility = 16 : i32}) {\n", strings.Join(params, ", "), res)
	fmt.Fprintf(&b, "    %%r = tt.make_range {end = %d : i32, start = 0 : i32} : tensor<%dxi32>\n", n, n)
	for i := 0; i < len(sig)-1; i++ {
		ty := types[sig[i]]
		fmt.Fprintf(&b, "    %%s%d = tt.splat %%x%d : !tt.ptr<%s> -> tensor<%dx!tt.ptr<%s>>\n", i, i, ty, n, ty)
		fmt.Fprintf(&b, "    %%p%d = tt.addptr %%s%d, %%r : tensor<%dx!tt.ptr<%s>>, tensor<%dxi32>\n", i, i, n, ty, n)
		fmt.Fprintf(&b, "    %%v%d = tt.load %%p%d : tensor<%dx!tt.ptr<%s>>\n", i, i, n, ty)
		operands, tensors = append(operands, fmt.Sprintf("%%v%d", i)), append(tensors, fmt.Sprintf("tensor<%dx%s>", n, ty))
	}
	fmt.Fprintf(&b, "    %%os = tt.splat %%o : !tt.ptr<%s> -> tensor<%dx!tt.ptr<%s>>\n", res, n, res)
	fmt.Fprintf(&b, "    %%op = tt.addptr %%os, %%r : tensor<%dx!tt.ptr<%s>>, tensor<%dxi32>\n", n, res, n)
	fmt.Fprintf(&b, "    %%f = tt.extern_elementwise %s {libname = \"\", libpath = \"\", pure = true, symbol = \"%s\"} : (%s) -> tensor<%dx%s>\n",
		strings.Join(operands, ", "), sym, strings.Join(tensors, ", "), n, res)
	fmt.Fprintf(&b, "    tt.store %%op, %%f : tensor<%dx!tt.ptr<%s>>\n    tt.return\n  }\n}\n", n, res)
	return b.String()
}

// TestLibdeviceModules: every function of Triton 3.6's libdevice modules
// compiles for the target whose module it is, as a user's kernel calling
// it would: CUDA's 313 signatures to PTX for sm_90, AMD's 109 (OCML's and
// Triton's __triton_hip_ names) to LLVM IR for gfx942 and, where an llc
// that knows gfx942 is on PATH, on to AMDGCN. tt links no library: the
// output calls no function of either.
func TestLibdeviceModules(t *testing.T) {
	llc := ""
	for _, name := range []string{"llc-19", "llc-18", "llc-17"} {
		if p, err := exec.LookPath(name); err == nil {
			llc = p
			break
		}
	}
	call := regexp.MustCompile(`(__nv_|__ocml_|__triton_hip_)\w+`)
	for _, m := range []struct{ list, target, arch string }{
		{"cuda.txt", "ptx", "sm_90"}, {"hip.txt", "llvmir", "gfx942"}, {"hip.txt", "amdgcn", "gfx942"},
	} {
		if m.target == "amdgcn" && llc == "" {
			t.Logf("no llc that knows gfx942 on PATH: %s compiled to LLVM IR only", m.list)
			continue
		}
		t.Run(m.list+"/"+m.target, func(t *testing.T) {
			sigs, err := libdevicelist.Read("../../testdata/libdevice/" + m.list)
			if err != nil {
				t.Fatal(err)
			}
			for _, sig := range sigs {
				r := [2]string{sig.Symbol, sig.Types}
				o := DefaultOptions()
				o.Target, o.Arch, o.LLC = m.target, m.arch, llc
				if strings.HasPrefix(m.arch, "gfx") {
					o.NumStages = 2
				}
				src := libdeviceKernel(r[0], r[1])
				res, err := CompileSource("k.ttir", src, o) // not named for the symbol: PTX names its file
				if err != nil {
					t.Errorf("%s (%s): %s", r[0], r[1], RenderError("k.ttir", src, err))
					continue
				}
				if s := call.FindString(string(res.Output)); s != "" {
					t.Errorf("%s (%s): the %s output names %s", r[0], r[1], m.target, s)
				}
			}
		})
	}
}
