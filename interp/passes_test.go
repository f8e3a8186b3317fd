package interp

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
)

// passesDir holds Triton 3.6's IR before every pass of its pipelines for
// the seed kernels (shared/kernels/passes).
func passesDir(t *testing.T) string {
	for _, d := range []string{"../../shared/kernels/passes"} {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return d
		}
	}
	t.Skip("shared/kernels/passes not found")
	return ""
}

// seedLaunch describes how to launch a seed kernel and which buffer holds
// its result.
type seedLaunch struct {
	grid int
	// args returns the arguments for a kernel with nparams parameters
	// (Triton specializes unit strides away in some dumps).
	args   func(nparams int) []any
	result int
}

func f16Random(n int, seed uint32) []byte {
	b := make([]byte, 2*n)
	for i := 0; i < n; i++ {
		seed = seed*1664525 + 1013904223
		v := float32(int32(seed>>8)%2000) / 1000
		h := numeric.F16FromFloat32(v, numeric.RNE)
		b[2*i], b[2*i+1] = byte(h), byte(h>>8)
	}
	return b
}

func f32Random(n int, seed uint32) []byte {
	v := make([]float32, n)
	for i := range v {
		seed = seed*1664525 + 1013904223
		v[i] = float32(int32(seed>>8)%20000) / 3000
	}
	return f32s(v...)
}

var seedLaunches = map[string]seedLaunch{
	"add_kernel": {grid: 2, result: 2, args: func(int) []any {
		return []any{f32Random(1040, 1), f32Random(1040, 2), make([]byte, 4*1040), 1040}
	}},
	"softmax_kernel": {grid: 37, result: 0, args: func(int) []any {
		return []any{make([]byte, 4*37*1008), f32Random(37*1008, 3), 1008, 1008, 1008}
	}},
	"matmul_kernel": {grid: 2, result: 2, args: func(nparams int) []any {
		const m, n, k = 130, 120, 64 // masked edges in M and N, one k step
		a, b, c := f16Random(m*k, 4), f16Random(k*n, 5), make([]byte, 2*m*n)
		if nparams == 9 { // sak, sbn, scn specialized to 1
			return []any{a, b, c, m, n, k, k, n, n}
		}
		return []any{a, b, c, m, n, k, k, 1, n, 1, n, 1}
	}},
}

// Every module-level stage of Triton's pipelines (TTIR through every
// TTGIR pass, up to the conversion to LLVM) computes what the first stage
// computes: layouts, pipelining, async copies, wgmma and the rest of
// TTGIR do not change the results.
func TestEveryPipelineStage(t *testing.T) {
	dir := passesDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.passes.mlir"))
	if len(files) == 0 {
		t.Skip("no pass dumps")
	}
	for _, f := range files {
		f := f
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var ref []byte
			ran, unparsed, unsupported := 0, 0, 0
			for si, sec := range strings.Split(string(data), "// -----// ")[1:] {
				if testing.Short() && si%6 != 0 {
					continue
				}
				header, body, _ := strings.Cut(sec, "\n")
				// Whole-module dumps: before a module pass, and the
				// software pipeliner's internal stages.
				if !strings.Contains(header, "('builtin.module' operation)") && !strings.Contains(header, "internal IR Dump") {
					continue
				}
				pass := strings.TrimSuffix(strings.TrimPrefix(header, "IR Dump Before "), " //----- //")
				mod, err := asm.Parse(all.NewContext(), body, asm.ParseConfig{Filename: pass})
				if err != nil {
					unparsed++ // the LLVM dialect, AMD ops: beyond the interpreter
					continue
				}
				fn, err := FindKernel(mod, "")
				if err != nil {
					unparsed++ // lowered to the LLVM dialect: no tt.func left
					continue
				}
				l, ok := seedLaunches[ir.SymbolName(fn)]
				if !ok {
					t.Fatalf("%s: no launch for @%s", pass, ir.SymbolName(fn))
				}
				prog, err := Compile(fn)
				if err != nil {
					t.Fatalf("%s: %v", pass, err)
				}
				args := l.args(fn.Region(0).Front().NumArguments())
				mem := NewMemory()
				var as []Arg
				for _, a := range args {
					switch a := a.(type) {
					case []byte:
						as = append(as, PtrArg(mem.Alloc("buf", a)))
					case int:
						as = append(as, IntArg(int64(a)))
					}
				}
				if err := prog.Launch(mem, as, Config{Grid: [3]int{l.grid, 1, 1}}); err != nil {
					if strings.Contains(err.Error(), "not supported by the interpreter") {
						unsupported++ // AMD buffer ops and the like
						continue
					}
					t.Fatalf("before %s: %v", pass, err)
				}
				out := args[l.result].([]byte)
				if ref == nil {
					ref = out
				} else if !bytes.Equal(out, ref) {
					t.Errorf("the IR before %s computes a different result", pass)
				}
				ran++
			}
			t.Logf("%d stages ran with identical results, %d beyond TTGIR (LLVM dialect), %d with unsupported (AMD) ops", ran, unparsed, unsupported)
			want := 30
			if strings.Contains(f, "gfx942") {
				want = 15
			}
			if testing.Short() {
				want = 2
			}
			if ran < want {
				t.Errorf("only %d stages ran", ran)
			}
		})
	}
}

// The final TTGIR Triton 3.6 produced for each seed kernel
// (shared/kernels/*.ttgir) computes exactly what its TTIR computes.
func TestSeedTTGIRMatchesTTIR(t *testing.T) {
	dir := filepath.Dir(passesDir(t))
	ttirs, _ := filepath.Glob(filepath.Join(dir, "*.ttir"))
	if len(ttirs) == 0 {
		t.Skip("no seed kernels")
	}
	for _, p := range ttirs {
		ttgir := strings.TrimSuffix(p, ".ttir") + ".ttgir"
		var outs [][]byte
		for _, f := range []string{p, ttgir} {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			mod, err := asm.Parse(all.NewContext(), string(data), asm.ParseConfig{Filename: f})
			if err != nil {
				t.Fatal(err)
			}
			fn, err := FindKernel(mod, "")
			if err != nil {
				t.Fatal(err)
			}
			l := seedLaunches[ir.SymbolName(fn)]
			if l.args == nil {
				t.Fatalf("%s: no launch for @%s", f, ir.SymbolName(fn))
			}
			args := l.args(fn.Region(0).Front().NumArguments())
			mustRun(t, string(data), launchOpts{grid: [3]int{l.grid, 1, 1}}, args...)
			outs = append(outs, args[l.result].([]byte))
		}
		if !bytes.Equal(outs[0], outs[1]) {
			t.Errorf("%s: TTGIR and TTIR results differ", filepath.Base(ttgir))
		}
	}
}
