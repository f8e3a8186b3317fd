package ttgtogpu_test

import (
	"encoding/json"
	"fmt"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"math/rand"
	"os"
	"strings"
	"testing"

	_ "github.com/ttcompiler/tt/conversion/tttottg"
	_ "github.com/ttcompiler/tt/transforms/ttgir"
	_ "github.com/ttcompiler/tt/transforms/ttir"
)

type perfCase struct {
	Name     string `json:"name"`
	Kernel   string `json:"kernel"`
	NumWarps int    `json:"num_warps"`
	Shared   int    `json:"shared"`
}

func perfCases(t *testing.T) []perfCase {
	b, err := os.ReadFile(kernels + "perf/manifest.json")
	if err != nil {
		t.Skipf("no perf manifest: %v", err)
	}
	var cs []perfCase
	if err := json.Unmarshal(b, &cs); err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestPerfKernelsLower runs the perf kernels' TTIR through the TTIR, TTGIR
// and lowering pipelines, for sm_90 and gfx942.
func TestPerfKernelsLower(t *testing.T) {
	forTargets(t, perfKernelsLower)
}

func perfKernelsLower(t *testing.T, tg gpuTarget) {
	for _, c := range perfCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			m := parseFile(t, kernels+"perf/"+c.Name+".ttir")
			runPipeline(t, m, tg.pipeline(c.NumWarps))
			if os.Getenv("TTGIR_DUMP") != "" {
				t.Log(print(m))
			}
			if hasDot(m) {
				// The dot path is not complete for every target: where the
				// conversion stops, it must say so, located at a dot-path op
				// (the wgmma ops on sm_90; on gfx942 the MFMA dot and the
				// amdg ops of its operands' path).
				err := lowerErr(m)
				if err == nil {
					return
				}
				msg := err.Error()
				if !strings.Contains(msg, ": error: ") || !strings.Contains(msg, "'ttng.") && !strings.Contains(msg, "tt.dot") && !strings.Contains(msg, "'amdg.") {
					t.Fatalf("want a located error at a dot-path op, got %v", err)
				}
				return
			}
			lower(t, m)
			t.Logf("stats: %s", accessStats(m))
			// The manifest records Triton's sm_90 kernels.
			if got := ttg.SharedBytes(m); got != c.Shared && tg.name == sm90.name {
				t.Errorf("ttg.shared = %d, Triton's kernel uses %d bytes", got, c.Shared)
			}
			if os.Getenv("GPU_DUMP") != "" {
				t.Log(print(m))
			}
		})
	}
}

// accessStats summarizes the global accesses, barriers and shuffles of a
// lowered module: "ld.v4 x2, st.v4 x2, bar 5, shfl 14".
func accessStats(m *ir.Operation) string {
	counts := map[string]int{}
	var keys []string
	inc := func(k string) {
		if counts[k] == 0 {
			keys = append(keys, k)
		}
		counts[k]++
	}
	ir.WalkOps(m, func(op *ir.Operation) {
		switch op.Name() {
		case "gpu.load", "gpu.store":
			p, _ := op.Operand(0).Type().(*llvm.PointerType)
			if p == nil || p.AddrSpace != llvm.GlobalAddrSpace {
				return
			}
			n, bits := op.NumResults(), 0
			if op.Name() == "gpu.load" {
				bits = ir.BitWidth(op.Result(0).Type())
				inc(fmt.Sprintf("ld.v%d.b%d", n, bits))
			} else {
				vals := op.NumOperands() - 2
				bits = ir.BitWidth(op.Operand(op.NumOperands() - 1).Type())
				inc(fmt.Sprintf("st.v%d.b%d", vals, bits))
			}
		case "gpu.barrier":
			inc("bar")
		case "gpu.shuffle":
			inc("shfl")
		}
	})
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%d", k, counts[k]))
	}
	return strings.Join(parts, " ")
}

// TestPerfKernelsDiff runs the perf kernels (on a few programs) in the
// interpreter and, lowered for sm_90 and gfx942, in the SIMT simulator.
func TestPerfKernelsDiff(t *testing.T) {
	forTargets(t, perfKernelsDiff)
}

func perfKernelsDiff(t *testing.T, tg gpuTarget) {
	r := rand.New(rand.NewSource(7))
	softmax := func(cols int) func() ([3]int, []diffArg) {
		return func() ([3]int, []diffArg) {
			rows, n := 2, cols-16
			return [3]int{rows, 1, 1}, []diffArg{zeroBuf("f32", rows*cols), f32Buf(randF32(r, rows*cols, 4)),
				intArg(int64(cols)), intArg(int64(cols)), intArg(int64(n))}
		}
	}
	cases := map[string]func() ([3]int, []diffArg){
		"vector_add_2e26": func() ([3]int, []diffArg) {
			n := 2*1024 - 16
			return [3]int{2, 1, 1}, []diffArg{f32Buf(randF32(r, 2048, 3)), f32Buf(randF32(r, 2048, 3)), zeroBuf("f32", 2048), intArg(int64(n))}
		},
		"softmax_4096x1024":  softmax(1024),
		"softmax_4096x4096":  softmax(4096),
		"softmax_4096x16384": softmax(16384),
		"softmax_8192x8192":  softmax(8192),
		"softmax_online_8192x8192": func() ([3]int, []diffArg) {
			rows, cols, n := 2, 1024, 992
			return [3]int{rows, 1, 1}, []diffArg{f32Buf(randF32(r, rows*cols, 4)), zeroBuf("f32", rows*cols), intArg(int64(cols)), intArg(int64(n))}
		},
		"layernorm_dropout_4096": func() ([3]int, []diffArg) {
			rows, cols, n := 2, 4096, 4000
			return [3]int{rows, 1, 1}, []diffArg{f32Buf(randF32(r, rows*cols, 2)), f32Buf(randF32(r, rows*cols, 2)),
				f32Buf(randF32(r, cols, 1)), f32Buf(randF32(r, cols, 1)), zeroBuf("f32", rows*cols),
				intArg(int64(n)), floatArg(1e-5), floatArg(0.25), intArg(1234), intArg(int64(cols))}
		},
	}
	for _, c := range perfCases(t) {
		mk, ok := cases[c.Name]
		if !ok {
			continue
		}
		for _, allocated := range []bool{false, true} {
			name := c.Name
			if allocated {
				name += "/allocated"
			}
			t.Run(name, func(t *testing.T) {
				m := parseFile(t, kernels+"perf/"+c.Name+".ttir")
				runPipeline(t, m, tg.pipeline(c.NumWarps))
				if allocated {
					withAllocation(t, m)
				}
				grid, args := mk()
				diffTest(t, m, c.Kernel, grid, args, 16)
			})
		}
	}
}
