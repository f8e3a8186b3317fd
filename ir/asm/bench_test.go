package asm_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir/asm"
)

// largeModule generates a module of funcs tt.funcs with opsPerFunc ops of
// realistic Triton IR each (tensor arithmetic, pointers, loads/stores).
func largeModule(funcs, opsPerFunc int) string {
	var b strings.Builder
	b.WriteString("module {\n")
	for f := 0; f < funcs; f++ {
		fmt.Fprintf(&b, "  tt.func public @k%d(%%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %%n: i32) attributes {noinline = false} {\n", f)
		b.WriteString("    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>\n")
		b.WriteString("    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>\n")
		b.WriteString("    %q = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>\n")
		b.WriteString("    %v0 = tt.load %q : tensor<1024x!tt.ptr<f32>>\n")
		n := 4
		for i := 0; n < opsPerFunc-2; i++ {
			switch i % 4 {
			case 0:
				fmt.Fprintf(&b, "    %%v%d = arith.addf %%v%d, %%v%d : tensor<1024xf32>\n", i+1, i, i)
			case 1:
				fmt.Fprintf(&b, "    %%v%d = arith.mulf %%v%d, %%v0 : tensor<1024xf32>\n", i+1, i)
			case 2:
				fmt.Fprintf(&b, "    %%c%d = arith.constant %d.500000e+00 : f32\n", i, i%7)
				fmt.Fprintf(&b, "    %%s%d = tt.splat %%c%d : f32 -> tensor<1024xf32>\n", i, i)
				fmt.Fprintf(&b, "    %%v%d = arith.subf %%v%d, %%s%d : tensor<1024xf32>\n", i+1, i, i)
				n += 2
			case 3:
				fmt.Fprintf(&b, "    %%v%d = math.exp %%v%d : tensor<1024xf32>\n", i+1, i)
			}
			n++
			if n >= opsPerFunc-2 {
				fmt.Fprintf(&b, "    tt.store %%q, %%v%d : tensor<1024x!tt.ptr<f32>>\n", i+1)
			}
		}
		b.WriteString("    tt.return\n  }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// BenchmarkParse100k parses a module of about 100,000 operations.
func BenchmarkParse100k(b *testing.B) {
	src := largeModule(100, 1000)
	ctx := all.NewContext()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := asm.ParseString(ctx, src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrint100k prints a module of about 100,000 operations.
func BenchmarkPrint100k(b *testing.B) {
	src := largeModule(100, 1000)
	ctx := all.NewContext()
	m, err := asm.ParseString(ctx, src)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = asm.Sprint(m, asm.PrintConfig{})
	}
}

func TestLargeModuleRoundTrips(t *testing.T) {
	src := largeModule(3, 200)
	ctx := all.NewContext()
	m, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range m.Region(0).Front().Ops() {
		n += len(f.Region(0).Front().Ops())
	}
	if n < 590 {
		t.Fatalf("generator produced %d ops, want about 600", n)
	}
	text := asm.Sprint(m, asm.PrintConfig{})
	m2, err := asm.ParseString(ctx, text)
	if err != nil {
		t.Fatal(err)
	}
	if asm.Sprint(m2, asm.PrintConfig{}) != text {
		t.Fatal("large module print is not a fixed point")
	}
}
