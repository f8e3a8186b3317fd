package tt_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// parsePrint parses and verifies src and returns its print, or the error.
func parsePrint(src string) (string, error) {
	op, err := asm.Parse(newCtx(), src, asm.ParseConfig{Filename: "s"})
	if err != nil {
		return "", err
	}
	if err := ir.Verify(op); err != nil {
		return "", err
	}
	return asm.Sprint(op, asm.PrintConfig{}), nil
}

// expectPrint checks that src prints with every want line and that the
// print is a fixed point.
func expectPrint(t *testing.T, src string, want ...string) {
	t.Helper()
	got, err := parsePrint(src)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("print lacks %q:\n%s", w, got)
		}
	}
	again, err := parsePrint(got)
	if err != nil || again != got {
		t.Errorf("print is not a fixed point (%v):\n%s\n%s", err, got, again)
	}
}

// expectError checks that src fails with a located error containing msg.
func expectError(t *testing.T, src, msg string) {
	t.Helper()
	_, err := parsePrint(src)
	if err == nil || !strings.Contains(err.Error(), msg) {
		t.Errorf("want error %q, got %v\n%s", msg, err, src)
		return
	}
	if ir.FindFileLineCol(ir.AsDiagnostics(err, nil)[0].Loc) == nil {
		t.Errorf("error without a location: %v", err)
	}
}

func fn(args, body string) string {
	return "tt.func @f(" + args + ") {\n" + body + "\n  tt.return\n}\n"
}

// TestTypeSpellings: later Tritons' `!tt.tensordesc<16x16xf32>` and named
// address spaces are read as Triton 3.6's types and printed in 3.6's form.
func TestTypeSpellings(t *testing.T) {
	expectPrint(t, fn("%a: !tt.tensordesc<16x16xf32>, %b: !tt.tensordesc<64xbf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>>", ""),
		"%arg0: !tt.tensordesc<tensor<16x16xf32>>",
		"%arg1: !tt.tensordesc<tensor<64xbf16, #shared>>")
	// Both spellings are the same type.
	expectPrint(t, fn("%a: !tt.tensordesc<16x16xf32>", `  %c = arith.constant 0 : i32
  %0 = tt.descriptor_load %a[%c, %c] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf32>`),
		"tt.descriptor_load %arg0[%c0_i32, %c0_i32] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf32>")
	expectError(t, fn("%a: !tt.tensordesc<16xtensor<16xf32>>", ""), "tensor descriptors must not wrap tensor types")
	expectError(t, fn("%a: !tt.tensordesc<f32>", ""), "failed to parse TT_TensorDescType parameter 'blockType'")

	expectPrint(t, fn(`%a: !tt.ptr<f32, "global">, %b: !tt.ptr<i8, "descriptor">, %c: !tt.ptr<f16, "constant">, %d: !tt.ptr<f32, 3>`, ""),
		"%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i8, 0>, %arg2: !tt.ptr<f16, 4>, %arg3: !tt.ptr<f32, 3>")
	expectError(t, fn(`%a: !tt.ptr<f32, "bogus">`, ""), "invalid pointer address space 'bogus'")

	// The later pointee check, less what Triton 3.6 itself uses.
	expectError(t, fn("%a: !tt.ptr<index>", ""), "pointer types must point to integer or floating-point types")
	expectError(t, fn("%a: !tt.ptr<vector<4xf32>>", ""), "pointer types must point to integer or floating-point types")
	expectPrint(t, fn("%a: !tt.ptr<!tt.ptr<f32>>, %b: !tt.ptr<tensor<4x8xf16>>", ""), "!tt.ptr<!tt.ptr<f32>>", "!tt.ptr<tensor<4x8xf16>>")
}

// TestAtomicSyncOps: tt.atomic_load, tt.atomic_store and tt.atomic_poll.
func TestAtomicSyncOps(t *testing.T) {
	expectPrint(t, fn("%p: tensor<32x!tt.ptr<i32>>, %s: !tt.ptr<f32>, %v: f32, %m: i1, %e: tensor<32xi32>, %t: i64", `  %0 = tt.atomic_load acquire, gpu, %p : (tensor<32x!tt.ptr<i32>>) -> tensor<32xi32>
  %1 = tt.atomic_load relaxed, cta, %s, %m : (!tt.ptr<f32>, i1) -> f32
  tt.atomic_store release, sys, %s, %v, %m : !tt.ptr<f32>
  %2 = tt.atomic_poll acquire, gpu, %p, %e timeout %t : tensor<32x!tt.ptr<i32>>, tensor<32xi32> -> tensor<32xi1>
  %3 = tt.atomic_poll relaxed, gpu, %p, %e : tensor<32x!tt.ptr<i32>>, tensor<32xi32> -> tensor<32xi1>`),
		"tt.atomic_load acquire, gpu, %arg0 : (tensor<32x!tt.ptr<i32>>) -> tensor<32xi32>",
		"tt.atomic_load relaxed, cta, %arg1, %arg3 : (!tt.ptr<f32>, i1) -> f32",
		"tt.atomic_store release, sys, %arg1, %arg2, %arg3 : !tt.ptr<f32>",
		"tt.atomic_poll acquire, gpu, %arg0, %arg4 timeout %arg5 : tensor<32x!tt.ptr<i32>>, tensor<32xi32> -> tensor<32xi1>")
	for _, c := range []struct{ args, body, msg string }{
		{"%p: !tt.ptr<i1>", "  %0 = tt.atomic_load acquire, gpu, %p : (!tt.ptr<i1>) -> i1", "'tt.atomic_load' op does not support sub-byte elements"},
		{"%p: !tt.ptr<i32>", "  %0 = tt.atomic_load release, gpu, %p : (!tt.ptr<i32>) -> i32", "only supports acquire and relaxed semantics"},
		{"%p: !tt.ptr<i32>", "  %0 = tt.atomic_load acquire, gpu, %p : (!tt.ptr<i32>) -> i64", "failed to verify that result matches ptr type"},
		{"%p: !tt.ptr<!tt.ptr<f32>>", "  %0 = tt.atomic_load acquire, gpu, %p : (!tt.ptr<!tt.ptr<f32>>) -> !tt.ptr<f32>", "only supports integer and floating-point elements"},
		{"%p: tensor<32x!tt.ptr<i1>>, %v: tensor<32xi1>", "  tt.atomic_store release, gpu, %p, %v : tensor<32x!tt.ptr<i1>>", "'tt.atomic_store' op does not support sub-byte elements"},
		{"%p: !tt.ptr<i32>, %v: i32", "  tt.atomic_store acquire, gpu, %p, %v : !tt.ptr<i32>", "only supports release and relaxed semantics"},
		{"%p: tensor<32x!tt.ptr<i32>>, %e: tensor<32xi32>", "  %0 = tt.atomic_poll acquire, gpu, %p, %e : tensor<32x!tt.ptr<i32>>, tensor<32xi32> -> i1", "failed to verify that result type matches expected shape"},
		{"%p: tensor<32x!tt.ptr<i8>>, %e: tensor<32xi8>", "  %0 = tt.atomic_poll acquire, gpu, %p, %e : tensor<32x!tt.ptr<i8>>, tensor<32xi8> -> tensor<32xi1>", "only supports integer elements with width {16, 32, 64}"},
		{"%p: !tt.ptr<i32>, %e: i32", "  %0 = tt.atomic_poll release, gpu, %p, %e : !tt.ptr<i32>, i32 -> i1", "only supports acquire and relaxed semantics"},
	} {
		expectError(t, fn(c.args, c.body), c.msg)
	}
}

// TestCachePolicy: later Tritons' `cachePolicy` attribute on tt.load and
// tt.store becomes Triton 3.6's cache and evict properties.
func TestCachePolicy(t *testing.T) {
	expectPrint(t, fn("%p: !tt.ptr<f32>, %v: f32", `  %0 = tt.load %p {cachePolicy = #tt.cache_policy<cache_modifier = cg, eviction_policy = evict_last>} : !tt.ptr<f32>
  tt.store %p, %v {cachePolicy = #tt.cache_policy<eviction_policy = evict_first, cache_modifier = wb>} : !tt.ptr<f32>`),
		"tt.load %arg0 cacheModifier = cg evictionPolicy = evict_last : !tt.ptr<f32>",
		"tt.store %arg0, %arg1 cacheModifier = wb evictionPolicy = evict_first : !tt.ptr<f32>")
	expectError(t, fn("%p: !tt.ptr<f32>", "  %0 = tt.load %p {cachePolicy = #tt.cache_policy<cache_modifier = wb, eviction_policy = evict_normal>} : !tt.ptr<f32>"),
		"'tt.load' op invalid cache policy: cache modifier 'wb' is not supported for loads")
	expectError(t, fn("%p: !tt.ptr<f32>, %v: f32", "  tt.store %p, %v {cachePolicy = #tt.cache_policy<cache_modifier = ca>} : !tt.ptr<f32>"),
		"'tt.store' op invalid cache policy: cache modifier 'ca' is not supported for stores")
	expectError(t, fn("%p: !tt.ptr<f32>", "  %0 = tt.load %p cacheModifier = ca {cachePolicy = #tt.cache_policy<cache_modifier = cg>} : !tt.ptr<f32>"),
		"has both a cachePolicy and cacheModifier/evictionPolicy clauses")
	expectError(t, fn("%p: !tt.ptr<f32>", "  %0 = tt.load %p {cachePolicy = 1 : i32} : !tt.ptr<f32>"),
		"'tt.load' op unsupported cache policy attribute 1 : i32")
	expectError(t, fn("%p: !tt.ptr<f32>", "  %0 = tt.load %p {cachePolicy = #tt.cache_policy<cache_modifier = zz>} : !tt.ptr<f32>"),
		"expected one of [none, ca, cg, wb, cs, wt, cv] for cache_modifier, got 'zz'")
	// Triton 3.6's own clauses keep accepting any modifier.
	expectPrint(t, fn("%p: !tt.ptr<f32>", "  %0 = tt.load %p cacheModifier = wb : !tt.ptr<f32>"), "tt.load %arg0 cacheModifier = wb : !tt.ptr<f32>")
}

// TestExperimentalDescriptorOps: early-2025 names of the descriptor ops
// build Triton 3.6's ops.
func TestExperimentalDescriptorOps(t *testing.T) {
	expectPrint(t, fn("%d: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi32>, %y: i32, %s: tensor<32x128xbf16>, %d1: !tt.tensordesc<tensor<128xf32>>", `  %0 = tt.experimental_descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  tt.experimental_descriptor_scatter %d[%x, %y], %s : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
  %1 = tt.experimental_descriptor_load %d1[%y] : !tt.tensordesc<tensor<128xf32>> -> tensor<128xf32>
  tt.experimental_descriptor_store %d1[%y], %1 : !tt.tensordesc<tensor<128xf32>>, tensor<128xf32>`),
		"tt.descriptor_gather %arg0[%arg1, %arg2]", "tt.descriptor_scatter %arg0[%arg1, %arg2], %arg3",
		"tt.descriptor_load %arg4[%arg2]", "tt.descriptor_store %arg4[%arg2], %1")
	expectError(t, `"tt.experimental_descriptor_load"() : () -> ()`, "is the older name of 'tt.descriptor_load'")
}

// TestInferFailureSecondError: like MLIR, a failed result-type inference
// reports its reason and then "failed to infer returned types".
func TestInferFailureSecondError(t *testing.T) {
	_, err := parsePrint(fn("%a: tensor<32xf32>", "  %0, %1 = tt.split %a : tensor<32xf32> -> tensor<16xf32>"))
	ds := ir.AsDiagnostics(err, nil)
	if len(ds) != 1 || ds[0].Message != "last dimension of input tensor must be 2" ||
		len(ds[0].Notes) != 1 || ds[0].Notes[0].Severity != ir.SevError ||
		ds[0].Notes[0].Message != "'tt.split' op failed to infer returned types" {
		t.Fatalf("got %v", err)
	}
}

// TestInvalidLayoutMessages: Triton names an operand with an invalid
// layout by number and value, a result by number only, a sole result not
// at all.
func TestInvalidLayoutMessages(t *testing.T) {
	const shared = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>"
	expectError(t, fn("%x: f32", "  %0 = tt.splat %x : f32 -> tensor<16xf32, "+shared+">"),
		"Result has an invalid layout: Non-distributed layout is not allowed in tensor type.")
	expectError(t, fn("%a: tensor<16xf32, "+shared+">", "  %0 = tt.bitcast %a : tensor<16xf32, "+shared+"> -> tensor<16xi32, "+shared+">"),
		"Operand 0 (<block argument> of type 'tensor<16xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>>' at index: 0) has an invalid layout")
	_, err := parsePrint(fn("%a: tensor<16x2xf32>", `  %0:2 = "tt.split"(%a) : (tensor<16x2xf32>) -> (tensor<16xf32, `+shared+`>, tensor<16xf32, `+shared+`>)`))
	if err == nil || !strings.Contains(err.Error(), "error: Result 0 has an invalid layout: Non-distributed") {
		t.Errorf("want %q, got %v", "Result 0 has an invalid layout: ", err)
	}
}

// TestUnsupportedMMAVersion: an f32 x f32 tt.dot on MMA layouts must use
// tf32 (Triton 3.6's supportMMA).
func TestUnsupportedMMAVersion(t *testing.T) {
	src := func(prec string) string {
		return `#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:80"} {
  tt.func @f(%a: tensor<16x16xf32, #a>, %b: tensor<16x16xf32, #b>, %c: tensor<16x16xf32, #mma>) {
    %0 = tt.dot %a, %b, %c` + prec + ` : tensor<16x16xf32, #a> * tensor<16x16xf32, #b> -> tensor<16x16xf32, #mma>
    tt.return
  }
}
`
	}
	expectError(t, src(", inputPrecision = ieee"), "unsupported MMA version")
	expectError(t, src(", inputPrecision = tf32x3"), "unsupported MMA version")
	expectError(t, src(""), "unsupported MMA version") // the default precision is ieee
	expectPrint(t, src(", inputPrecision = tf32"), "tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32 : tensor<16x16xf32, #ttg.dot_op")
}
