package ttgtogpu_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/npy"
	"github.com/ttcompiler/tt/numeric"
	"github.com/ttcompiler/tt/sim"
)

// caseManifest is the case format of shared/kernels/cases and
// testdata/cases: a kernel's TTIR, launch, inputs and the outputs Triton
// 3.6's kernel wrote on an NVIDIA GPU.
type caseManifest struct {
	Cases []struct {
		Name, TTIR, Kernel string
		Grid               [3]int
		NumWarps           int `json:"num_warps"`
		Args               []struct {
			Name, Kind, Npy, Dtype string
			Value                  float64
		}
		Outputs []struct{ Arg, Expect string }
		Tol     float64
	}
}

// TestGPUCases runs the seed kernels' cases (shared/kernels/cases) and the
// repository's own suite (testdata/cases) through the TTIR, TTGIR and
// lowering pipelines and the SIMT simulator. Compiled for sm_90, the
// outputs are compared with those the NVIDIA GPU recorded; compiled for
// gfx942 (64-lane wavefronts, no AMD GPU to record on), with the
// interpreter's outputs for the same inputs, where the interpreter follows
// Triton's AMD lowering (amdReference). Kernels with tt.dot are
// TestGPUDotCases'.
func TestGPUCases(t *testing.T) {
	forTargets(t, func(t *testing.T, tg gpuTarget) { gpuCases(t, tg, false) })
}

// TestGPUDotCases runs the cases with tt.dot compiled by tt's own
// pipelines for sm_80 (accelerate-matmul's mma.sync and FMA dots, the
// tensor-core lowering) and for gfx942 (MFMA and FMA dots, the stream
// pipeliner, 64-lane wavefronts) in the simulator, against the outputs
// Triton's sm_90 kernels wrote on the GPU (within each case's tolerance:
// the matrix units of the generations and vendors sum in different
// orders).
func TestGPUDotCases(t *testing.T) {
	t.Run(sm80.name, func(t *testing.T) { gpuCases(t, sm80, true) })
	t.Run(gfx942.name, func(t *testing.T) { gpuCases(t, gfx942, true) })
}

func gpuCases(t *testing.T, tg gpuTarget, dots bool) {
	for _, dir := range []string{kernels + "cases", "../../testdata/cases"} {
		b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
		if err != nil {
			t.Logf("skipping %s: %v", dir, err)
			continue
		}
		var man caseManifest
		if err := json.Unmarshal(b, &man); err != nil {
			t.Fatal(err)
		}
		for _, c := range man.Cases {
			t.Run(filepath.Base(filepath.Dir(dir))+"/"+c.Name, func(t *testing.T) {
				m := parseFile(t, filepath.Join(dir, c.TTIR))
				if isDot := hasDot(m); isDot != dots {
					t.Skipf("dot kernel: %v (TestGPUDotCases runs the dot kernels)", isDot)
				}
				runPipeline(t, m, tg.pipeline(c.NumWarps))
				ttgir := m.Clone(nil)
				if err := lowerErr(m); err != nil {
					if unsupported[c.Name] {
						t.Skipf("not supported yet: %v", err)
					}
					t.Fatal(err)
				}
				var fn *ir.Operation
				for _, op := range ops(m, "llvm.func") {
					if ir.SymbolName(op) == c.Kernel {
						fn = op
					}
				}
				mem := sim.NewMemory()
				bufs := map[string][]byte{}
				dtypes := map[string]string{}
				outputs := map[string]bool{}
				for _, o := range c.Outputs {
					outputs[o.Arg] = true
				}
				var args []uint64
				var argNames []string
				params := fn.Region(0).Front().ArgumentTypes()
				for i, a := range c.Args {
					argNames = append(argNames, a.Name)
					if a.Kind != "buffer" {
						args = append(args, sim.FloatArg(params[i], a.Value))
						continue
					}
					arr, err := npy.ReadFile(filepath.Join(dir, a.Npy))
					if err != nil {
						t.Fatal(err)
					}
					if outputs[a.Name] {
						poison(a.Dtype, arr.Data)
					}
					bufs[a.Name], dtypes[a.Name] = arr.Data, a.Dtype
					args = append(args, mem.Alloc(a.Name, arr.Data))
				}
				var ref map[string][]byte
				if tg.lanes != 32 && !dots {
					amdReference(ttgir, tg.lanes)
					ref = interpretCase(t, ttgir, c.Kernel, c.Grid, params, argNames, bufs, args)
				}
				args = withGlobalScratch(m, fn, mem, c.Grid, args)
				if err := simulate(m, c.Kernel, mem, c.Grid, args); err != nil {
					if why, ok := simGaps[c.Name]; ok && strings.Contains(err.Error(), "llvm.inline_asm is not simulated") {
						t.Skipf("%s: %v", why, err)
					}
					t.Fatal(err)
				}
				for _, o := range c.Outputs {
					var want []byte
					if ref != nil {
						want = ref[o.Arg]
					} else {
						arr, err := npy.ReadFile(filepath.Join(dir, o.Expect))
						if err != nil {
							t.Fatal(err)
						}
						want = arr.Data
					}
					tol := c.Tol
					if ref == nil && tg.lanes == 32 && sameOrder[c.Name] {
						tol = -1 // bit for bit
					}
					if msg := compareOutput(dtypes[o.Arg], tol, want, bufs[o.Arg]); msg != "" {
						t.Errorf("%s: %s", o.Arg, msg)
					}
				}
			})
		}
	}
}

// unsupported are the suite's kernels the lowering rejects with a located
// error today (none since math_fns' powf and log1pf are implemented).
var unsupported = map[string]bool{}

// sameOrder are the cases whose float outputs depend on the order of
// their operations alone (additions and multiplications, no approximate
// instruction): tt combines in Triton's order, so they match the GPU's
// outputs bit for bit (tol -1 to compareOutput), not only within the
// case's tolerance. Their scans are Triton's order (scan_blocked.go).
var sameOrder = map[string]bool{"cumsum": true, "linear_recurrence": true}

// simGaps are the cases whose lowered kernels hold inline assembly the
// simulator does not execute (it runs the gpu and llvm dialects, not PTX
// text).
var simGaps = map[string]string{
	"matmul_f32_tf32x3": "F32DotTC splits the operands with Triton's inline `cvt.rna.tf32.f32`, which the simulator does not execute",
}

// compareOutput compares a kernel's output with the GPU's. The GPU
// computes exp, log, division and the like with approximate instructions
// that the simulator evaluates exactly, so float32 outputs of a case with
// a tolerance are held to it (relative Frobenius error, as the manifest
// defines it) and, without one, to 16 ulps; float16 and bfloat16 outputs
// of a case with a tolerance (the matmuls, whose tensor cores sum in an
// order of their own) likewise; float64 outputs to 2 ulps; everything
// else, and any output given a negative tolerance, must match bit for bit.
func compareOutput(dtype string, tol float64, want, got []byte) string {
	if dtype == "float64" {
		// libdevice's f64 exp and log (the GPU's) and tt's (libm_f64.go)
		// are each within an ulp of the exact value, not bit for bit the
		// same.
		for i := 0; i+8 <= len(want); i += 8 {
			w := math.Float64frombits(binary.LittleEndian.Uint64(want[i:]))
			g := math.Float64frombits(binary.LittleEndian.Uint64(got[i:]))
			if ulpDistance(w, g) > 2 {
				return fmt.Sprintf("element %d: want %v, got %v", i/8, w, g)
			}
		}
		return ""
	}
	kind := map[string]string{"float32": "f32", "float16": "f16", "bfloat16": "bf16"}[dtype]
	dec, ok := floatDecoders[kind]
	switch {
	case !ok || kind != "f32" && tol == 0 || tol < 0:
		return compareBuf("bytes", want, got, 0)
	case tol == 0:
		return compareBuf("f32", want, got, 16)
	}
	var num, den float64
	for i := 0; i < len(want)/dec.size; i++ {
		w, g := dec.at(want, i), dec.at(got, i)
		if math.IsNaN(w) || math.IsInf(w, 0) {
			if math.Float64bits(w) != math.Float64bits(g) && !(math.IsNaN(w) && math.IsNaN(g)) {
				return fmt.Sprintf("element %d: want %g, got %g", i, w, g)
			}
			continue
		}
		num += (w - g) * (w - g)
		den += w * w
	}
	if err := math.Sqrt(num / math.Max(den, 1e-300)); err > tol || math.IsNaN(err) {
		return fmt.Sprintf("relative error %.2e above %.0e", err, tol)
	}
	return ""
}

// poison fills a float output with NaN before the run, as the cases'
// checkers do (gpu_check.py, tt-run --manifest), so that an element the
// kernel fails to write shows; an atomic accumulator's expectation was
// recorded from the same start.
func poison(dtype string, b []byte) {
	switch dtype {
	case "float32":
		for i := 0; i+4 <= len(b); i += 4 {
			binary.LittleEndian.PutUint32(b[i:], 0x7fc00000)
		}
	case "float16":
		for i := 0; i+2 <= len(b); i += 2 {
			binary.LittleEndian.PutUint16(b[i:], 0x7e00)
		}
	case "float64":
		for i := 0; i+8 <= len(b); i += 8 {
			binary.LittleEndian.PutUint64(b[i:], 0x7ff8000000000000)
		}
	}
}

// interpretCase runs a case's kernel (TTGIR m) in the interpreter on
// copies of its buffers (already poisoned) and scalar bit patterns, and
// returns the buffers by argument name.
func interpretCase(t *testing.T, m *ir.Operation, kernel string, grid [3]int, params []ir.Type, names []string, bufs map[string][]byte, bits []uint64) map[string][]byte {
	t.Helper()
	args := make([]diffArg, len(names))
	for i, n := range names {
		if b, ok := bufs[n]; ok {
			args[i] = diffArg{buf: append([]byte(nil), b...)}
			continue
		}
		if _, isFloat := params[i].(*ir.FloatType); isFloat {
			args[i] = diffArg{bits: math.Float64bits(sim.FloatValue(params[i], bits[i])), float: true}
		} else {
			args[i] = diffArg{bits: uint64(numeric.Int64(bits[i], ir.BitWidth(params[i])))}
		}
	}
	interpret(t, m, kernel, grid, args)
	out := map[string][]byte{}
	for i, n := range names {
		if args[i].buf != nil {
			out[n] = args[i].buf
		}
	}
	return out
}
