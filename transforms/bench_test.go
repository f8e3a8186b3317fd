package transforms_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms"
)

// genModule writes a module of nFuncs tt.func ops with about opsPerFunc
// tt/arith ops each: pointer arithmetic, loads and stores, with duplicate
// constants and expressions, foldable ops and dead code for the
// canonicalizer and CSE to find.
func genModule(nFuncs, opsPerFunc int) string {
	var b strings.Builder
	b.WriteString("module {\n")
	for f := 0; f < nFuncs; f++ {
		fmt.Fprintf(&b, "  tt.func @f%d(%%p: !tt.ptr<f32>, %%x: i32) {\n", f)
		b.WriteString("    %c1 = arith.constant 1 : i32\n")
		b.WriteString("    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>\n")
		for g := 0; g < opsPerFunc/12; g++ {
			fmt.Fprintf(&b, "    %%k%d = arith.constant %d : i32\n", g, g%7)
			fmt.Fprintf(&b, "    %%a%d = arith.addi %%x, %%k%d : i32\n", g, g)
			fmt.Fprintf(&b, "    %%b%d = arith.muli %%a%d, %%c1 : i32\n", g, g)
			fmt.Fprintf(&b, "    %%s%d = tt.splat %%b%d : i32 -> tensor<128xi32>\n", g, g)
			fmt.Fprintf(&b, "    %%o%d = arith.addi %%s%d, %%r : tensor<128xi32>\n", g, g)
			fmt.Fprintf(&b, "    %%q%d = tt.splat %%p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>\n", g)
			fmt.Fprintf(&b, "    %%t%d = tt.addptr %%q%d, %%o%d : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n", g, g, g)
			fmt.Fprintf(&b, "    %%v%d = tt.load %%t%d : tensor<128x!tt.ptr<f32>>\n", g, g)
			fmt.Fprintf(&b, "    %%u%d = tt.load %%t%d : tensor<128x!tt.ptr<f32>>\n", g, g)
			fmt.Fprintf(&b, "    %%w%d = arith.addf %%v%d, %%u%d : tensor<128xf32>\n", g, g, g)
			fmt.Fprintf(&b, "    %%d%d = arith.subi %%x, %%x : i32\n", g)
			fmt.Fprintf(&b, "    tt.store %%t%d, %%w%d : tensor<128x!tt.ptr<f32>>\n", g, g)
		}
		b.WriteString("    tt.return\n  }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

func benchPipeline(b *testing.B, pipeline string) {
	ctx := all.NewContext()
	src := genModule(100, 1000)
	base, err := asm.ParseString(ctx, src)
	if err != nil {
		b.Fatal(err)
	}
	nOps := 0
	ir.WalkOps(base, func(*ir.Operation) { nOps++ })
	pm, err := passmgr.Parse(passmgr.Default, pipeline)
	if err != nil {
		b.Fatal(err)
	}
	cfg := &passmgr.Config{}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		op := base.Clone(nil)
		b.StartTimer()
		if err := pm.Run(op, cfg); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(nOps), "ops")
}

// BenchmarkCanonicalizeCSEModule runs both passes on the whole module
// (one greedy driver, one CSE walk).
func BenchmarkCanonicalizeCSEModule(b *testing.B) {
	benchPipeline(b, "builtin.module(canonicalize,cse)")
}

// BenchmarkCanonicalizeCSEPerFunction nests the passes per function, so
// the pass manager runs the functions in parallel (compare -cpu 1,2).
func BenchmarkCanonicalizeCSEPerFunction(b *testing.B) {
	benchPipeline(b, "builtin.module(tt.func(canonicalize,cse))")
}

// BenchmarkCSEModule and BenchmarkCanonicalizeModule time each pass alone.
func BenchmarkCSEModule(b *testing.B)          { benchPipeline(b, "builtin.module(cse)") }
func BenchmarkCanonicalizeModule(b *testing.B) { benchPipeline(b, "builtin.module(canonicalize)") }

// readsTwice is a function that loads n addresses and then loads each of
// them again: every second load has its twin n ops earlier, with no write
// between. CSE must merge the twins in time linear in n (it once rescanned
// the ops between each pair).
func readsTwice(n int) string {
	var b strings.Builder
	b.WriteString("tt.func @f(%p: !tt.ptr<f32>) -> f32 {\n  %t0 = arith.constant 0.0 : f32\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  %%c%d = arith.constant %d : i32\n  %%a%d = tt.addptr %%p, %%c%d : !tt.ptr<f32>, i32\n", i, i, i, i)
		fmt.Fprintf(&b, "  %%x%d = tt.load %%a%d : !tt.ptr<f32>\n  %%t%d = arith.addf %%t%d, %%x%d : f32\n", i, i, i+1, i, i)
	}
	fmt.Fprintf(&b, "  %%s0 = arith.addf %%t%d, %%t%d : f32\n", n, n)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  %%y%d = tt.load %%a%d : !tt.ptr<f32>\n  %%s%d = arith.addf %%s%d, %%y%d : f32\n", i, i, i+1, i, i)
	}
	fmt.Fprintf(&b, "  tt.return %%s%d : f32\n}\n", n)
	return b.String()
}

func benchReadsTwice(b *testing.B, n int) {
	src := readsTwice(n)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		op, err := asm.ParseString(all.NewContext(), src)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if res := transforms.CSE(op); res.CSEd < n {
			b.Fatalf("merged %d loads, want %d", res.CSEd, n)
		}
	}
}

func BenchmarkCSEReadsTwice1k(b *testing.B) { benchReadsTwice(b, 1000) }
func BenchmarkCSEReadsTwice8k(b *testing.B) { benchReadsTwice(b, 8000) }
