package ttgtogpu_test

import (
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/ttcompiler/tt/npy"
)

// TestTritonSM80MatmulCase writes a GPU case set for Triton 3.6's own
// sm_80 TTGIR of the 128x128x64 f16 matmul (the input of its
// convert-triton-gpu-to-llvm): the TTGIR, random inputs and the output
// the interpreter computes from them, in the manifest format of
// shared/kernels/cases, so that scripts/gpu/prepare.sh --arch sm_80 compiles it
// with tt-translate and scripts/gpu/validate.sh runs ptxas and gpu_check.py on
// the GPU. The set goes to $TT_SM80_CASES_DIR (prepare.sh sets it), else
// to a temporary directory; either way the test runs the written case in
// the simulator against the written expectation.
//
// The matrices are dense and row-major: the kernel's hints (every integer
// argument divisible by 16) then hold for the sizes and the row strides
// but not for the unit column strides, which only ever scale one-element
// accesses in this kernel (its blocked layouts hold one element per
// thread along the columns), so no vector width depends on them.
func TestTritonSM80MatmulCase(t *testing.T) {
	dir := os.Getenv("TT_SM80_CASES_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	const name = "matmul_sm80_triton"
	src := passDump(t, "matmul.sm80.passes.mlir", "ConvertTritonGPUToLLVM")
	if err := os.WriteFile(filepath.Join(dir, name+".ttgir"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	M, N, K := 256, 192, 128
	grid := [3]int{((M + 127) / 128) * ((N + 127) / 128), 1, 1}
	args := sm80MatmulArgs(rand.New(rand.NewSource(80)), M, N, K, 1)
	want := cloneArgs(args)
	interpret(t, parse(t, src), "matmul_kernel", grid, want)

	type arg struct {
		Name  string `json:"name"`
		Kind  string `json:"kind"`
		Dtype string `json:"dtype,omitempty"`
		Shape []int  `json:"shape,omitempty"`
		Npy   string `json:"npy,omitempty"`
		Value *int64 `json:"value,omitempty"`
	}
	names := []string{"a_ptr", "b_ptr", "c_ptr", "M", "N", "K", "sam", "sak", "sbk", "sbn", "scm", "scn"}
	shapes := [][]int{{M, K}, {K, N}, {M, N}}
	var margs []arg
	write := func(file string, shape []int, data []byte) {
		a := npy.Array{DType: npy.Float16, Shape: shape, Data: data}
		if err := npy.WriteFile(filepath.Join(dir, file), a); err != nil {
			t.Fatal(err)
		}
	}
	for i, n := range names {
		if i < 3 {
			file := name + "." + n + ".npy"
			write(file, shapes[i], args[i].buf)
			margs = append(margs, arg{Name: n, Kind: "buffer", Dtype: "float16", Shape: shapes[i], Npy: file})
			continue
		}
		v := int64(args[i].bits)
		margs = append(margs, arg{Name: n, Kind: "i32", Value: &v})
	}
	expect := name + ".expect.c_ptr.npy"
	write(expect, shapes[2], want[2].buf)
	man := map[string]any{
		"triton": "3.6.0 (TTGIR from its sm_80 pass dump; expectation from tt's interpreter)",
		"cases": []map[string]any{{
			"name": name, "ttir": name + ".ttgir", "kernel": "matmul_kernel", "grid": grid,
			"num_warps": 4, "num_stages": 3, "shared": 32768, "args": margs,
			"outputs": []map[string]string{{"arg": "c_ptr", "expect": expect}}, "tol": 0.002,
		}},
	}
	b, err := json.MarshalIndent(man, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	// The written case, as gpu_check.py will run it, in the simulator.
	got := cloneArgs(args)
	m := parseFile(t, filepath.Join(dir, name+".ttgir"))
	simulateLowered(t, m, "matmul_kernel", grid, got, nil)
	arr, err := npy.ReadFile(filepath.Join(dir, expect))
	if err != nil {
		t.Fatal(err)
	}
	if msg := compareOutput("float16", 0.002, arr.Data, got[2].buf); msg != "" {
		t.Errorf("c_ptr: %s", msg)
	}
}
