package llvmir_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/targets/llvmir"
)

// TestAMDGCNRoundedToNearest: the gpu dialect's ops with rounding rn are
// LLVM's own operations on AMDGCN, with no fast-math flag that would let
// LLVM contract or approximate them (ftz a hint, as on the fast-math
// ops); gpu.saturate a clamp whose compares send NaN to 0.
func TestAMDGCNRoundedToNearest(t *testing.T) {
	src := `llvm.func @f(%x: f32, %y: f64) -> f32 {
  %0 = gpu.fadd %x, %x {rounding = rn, ftz} : f32
  %1 = gpu.fsub %0, %x {rounding = rn} : f32
  %2 = gpu.fmul %1, %x {rounding = rn} : f32
  %3 = gpu.fdiv %2, %x {rounding = rn} : f32
  %4 = gpu.frcp %3 {rounding = rn} : f32
  %5 = gpu.fma %4, %x, %x {rounding = rn} : f32
  %6 = gpu.fsqrt %5 {rounding = rn} : f32
  %7 = gpu.saturate %6 {ftz} : f32
  %8 = gpu.fma %y, %y, %y {rounding = rn} : f64
  %9 = gpu.fsqrt %8 {rounding = rn} : f64
  %10 = llvm.fptrunc %9 : f64 to f32
  %11 = llvm.fadd %7, %10 : f32
  llvm.return %11 : f32
}`
	m, err := asm.Parse(newContext(), src, asm.ParseConfig{Filename: "rn.mlir"})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		t.Fatal(err)
	}
	ll, err := llvmir.Translate(m, llvmir.MustTarget("gfx942"))
	if err != nil {
		t.Fatal(err)
	}
	out := ll.String()
	for _, want := range []string{"fadd float %arg0, %arg0", "fsub float", "fmul float", "fdiv float 1.0,", "call float @llvm.fma.f32(",
		"call float @llvm.sqrt.f32(", "fcmp ogt float", "fcmp olt float", "call double @llvm.fma.f64(", "call double @llvm.sqrt.f64("} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	for _, flag := range []string{"contract", "fast", "afn", "arcp", "reassoc"} {
		if strings.Contains(out, " "+flag+" ") {
			t.Errorf("fast-math flag %q in\n%s", flag, out)
		}
	}
}
