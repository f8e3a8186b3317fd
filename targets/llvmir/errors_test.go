package llvmir_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/targets/llvmir"
)

// TestTranslationErrors checks that what a target cannot express is
// reported at the op, not emitted.
func TestTranslationErrors(t *testing.T) {
	cases := []struct{ arch, body, want string }{
		{"gfx942", `gpu.printf "x"`, "gpu.printf is not supported on AMDGCN"},
		{"gfx942", `%0 = gpu.cvt %x, %x {rounding = rn, satfinite} : f32, f32 -> vector<2xf8E4M3FN>`, "no AMDGCN lowering"},
		{"gfx942", `%0 = gpu.cvt %x {rounding = rn, relu} : f32 -> f16`, "no AMDGCN lowering"},
		{"gfx942", `%0 = gpu.atomic_rmw fadd, relaxed, gpu, %p, %h : !llvm.ptr<1>, vector<2xf16> -> vector<2xf16>`, "packed atomics are not supported"},
		{"gfx942", `%0 = gpu.ex2_approx %b : bf16`, "on bf16 has no AMDGCN lowering"},
		{"gfx942", `%0 = gpu.fma %x, %x, %x {rounding = rm} : f32`, "'gpu.fma' {rounding = rm} has no AMDGCN lowering"},
		{"gfx942", `%0 = gpu.fsub %x, %x {rounding = rz, ftz} : f32`, "'gpu.fsub' {rounding = rz} has no AMDGCN lowering"},
		{"gfx942", `%0 = gpu.fsqrt %x {rounding = rp} : f32`, "'gpu.fsqrt' {rounding = rp} has no AMDGCN lowering"},
		{"gfx942", `%0 = gpu.num_sm_ids : i32`, "'gpu.num_sm_ids' (PTX %nsmid) has no AMDGCN equivalent"},
		{"gfx942", `%0 = gpu.sm_id : i32`, "'gpu.sm_id' (PTX %smid) has no AMDGCN equivalent"},
		{"sm_75", `%0 = llvm.fadd %b, %b : bf16`, "arithmetic on 'bf16' is not supported by the LLVM 14 translation"},
		{"sm_90", `%0 = llvm.fdiv %b, %b : bf16`, "arithmetic on 'bf16' is not supported by the LLVM 14 translation"},
		{"gfx942", `%0 = llvm.fmul %b, %b : bf16`, "arithmetic on 'bf16' is not supported by the LLVM 14 translation"},
		{"sm_90", `%0 = llvm.fpext %b : bf16 to f32`, "use gpu.cvt"},
		{"sm_90", `%0 = llvm.atomicrmw fmax %p, %x monotonic : !llvm.ptr<1>, f32`, "not available in LLVM 14"},
		{"sm_90", `%0 = builtin.unrealized_conversion_cast %x : f32 to i32
  llvm.store %0, %p : i32, !llvm.ptr<1>`, "unresolved conversion cast"},
		{"sm_90", `%0 = "test.op"() : () -> i32`, "cannot translate 'test.op' to LLVM IR"},
		{"sm_75", `gpu.cp_async_mbarrier_arrive %s {noinc} : !llvm.ptr<3>`, "cp.async.mbarrier.arrive needs sm_80 or newer; the target is sm_75"},
		{"gfx942", `gpu.cp_async_mbarrier_arrive %s : !llvm.ptr<3>`, "'gpu.cp_async_mbarrier_arrive' is an NVIDIA instruction; the target is gfx942"},
		{"sm_90", `%0 = llvm.inline_asm asm_dialect = intel "nop", "" : () -> !llvm.void`, "Intel-dialect inline assembly"},
		{"sm_90", `gpu.memory_counter_wait {ds = 0}`, "'gpu.memory_counter_wait' is an AMD instruction; the target is sm_90"},
		{"gfx803", `gpu.memory_counter_wait {ds = 0}`, "tt encodes the memory counters for gfx9 to gfx12; the target is gfx803"},
		{"gfx1310", `gpu.memory_counter_wait {load = 1}`, "tt encodes the memory counters for gfx9 to gfx12; the target is gfx1310"},
	}
	for _, c := range refusedGPUOps {
		cases = append(cases, struct{ arch, body, want string }{"sm_90", c, "is emitted by tt's PTX emitter only"})
	}
	for _, c := range cases {
		src := `llvm.func @f(%p: !llvm.ptr<1>, %x: f32, %h: vector<2xf16>, %b: bf16, %s: !llvm.ptr<3>, %c: i1) {
  ` + c.body + `
  llvm.return
}`
		ctx := newContext()
		ctx.AllowUnregistered = true
		m, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: "t.mlir"})
		if err != nil {
			t.Fatalf("%s: parse: %v", c.body, err)
		}
		if err := ir.Verify(m); err != nil {
			t.Fatalf("%s: verify: %v", c.body, err)
		}
		_, err = llvmir.Translate(m, llvmir.MustTarget(c.arch))
		if err == nil {
			t.Errorf("%s on %s: no error, want %q", c.body, c.arch, c.want)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.want) || !strings.Contains(msg, "t.mlir:2:") {
			t.Errorf("%s on %s:\n got: %s\nwant: %s at t.mlir:2", c.body, c.arch, msg, c.want)
		}
	}
}

// refusedGPUOps are the gpu ops the translation refuses on NVPTX (one use
// each): the in-kernel tensor-map ops, whose global_stride encoding
// depends on the PTX version llc picks, and the tensor-map pool's claim
// (a probe loop the PTX emitter writes itself).
var refusedGPUOps = []string{
	`gpu.tensormap_replace %s, %c {field = "rank", value = 1 : i32} : !llvm.ptr<3>, i1`,
	`gpu.tensormap_cp_fenceproxy %p, %s, %c : !llvm.ptr<1>, !llvm.ptr<3>, i1`,
	`gpu.fence_proxy_tensormap_acquire %p, %c : !llvm.ptr<1>, i1`,
	`%k = gpu.tensormap_pool_claim %p, %c {slots = 64 : i64} : !llvm.ptr<1>, i1 -> i32`,
}

// TestTensorMapParameterRefused: a by-value tensor map parameter needs
// grid-constant parameters, which LLVM 14 lacks; the translation refuses
// it at the function rather than passing a pointer.
func TestTensorMapParameterRefused(t *testing.T) {
	src := `llvm.func @k(%map: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}) attributes {gpu.kernel} {
  llvm.return
}`
	m, err := asm.Parse(newContext(), src, asm.ParseConfig{Filename: "t.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = llvmir.Translate(m, llvmir.MustTarget("sm_90"))
	if err == nil || !strings.Contains(err.Error(), "t.mlir:1:") || !strings.Contains(err.Error(), "kernel parameter 0 is passed by value") {
		t.Fatalf("got %v, want a located refusal of parameter 0", err)
	}
}

// TestTargets checks architecture parsing.
func TestTargets(t *testing.T) {
	for _, c := range []struct {
		arch, triple string
		warp, sm     int
	}{
		{"sm_80", "nvptx64-nvidia-cuda", 32, 80}, {"sm_90a", "nvptx64-nvidia-cuda", 32, 90},
		{"gfx942", "amdgcn-amd-amdhsa", 64, 0}, {"gfx1100", "amdgcn-amd-amdhsa", 32, 0},
	} {
		tg, err := llvmir.ParseTarget(c.arch)
		if err != nil {
			t.Fatal(err)
		}
		if tg.Triple() != c.triple || tg.WarpSize() != c.warp || tg.SM() != c.sm {
			t.Errorf("%s: got %s, warp %d, sm %d", c.arch, tg.Triple(), tg.WarpSize(), tg.SM())
		}
	}
	for arch, want := range map[string]int{"gfx90a": 9, "gfx942": 9, "gfx950": 9, "gfx1030": 10, "gfx1100": 11, "gfx1200": 12,
		"gfx942:sramecc+:xnack-": 9, "gfx9": -1, "gfxabc": -1, "sm_90": -1} {
		tg, err := llvmir.ParseTarget(arch)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := tg.GFXMajor(); ok != (want >= 0) || (ok && got != want) {
			t.Errorf("%s: GFXMajor %d, %t; want %d", arch, got, ok, want)
		}
	}
	for _, bad := range []string{"sm_60", "sm_x", "x86", ""} {
		if _, err := llvmir.ParseTarget(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
