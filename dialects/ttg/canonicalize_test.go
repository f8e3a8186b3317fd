package ttg_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/pattern"
)

// canonHeader declares the layouts the canonicalization cases use.
const canonHeader = `#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked3 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
`

// canonicalize parses header+body+"}", runs the canonicalizer and returns
// the function bodies' printed lines (the module and layout lines dropped;
// aliases are renumbered over the layouts still in use, as MLIR does).
func canonicalize(t *testing.T, body string) string {
	t.Helper()
	return canonicalizeIn(t, newContext(), body)
}

// canonicalizeUnregistered is canonicalize with unregistered ops allowed
// (a generic "use" op stands for any reader).
func canonicalizeUnregistered(t *testing.T, body string) string {
	t.Helper()
	ctx := newContext()
	ctx.AllowUnregistered = true
	return canonicalizeIn(t, ctx, body)
}

func canonicalizeIn(t *testing.T, ctx *ir.Context, body string) string {
	t.Helper()
	m, err := asm.Parse(ctx, canonHeader+body+"}\n", asm.ParseConfig{Filename: "canon"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	set := pattern.Freeze(pattern.CanonicalizationPatterns(ctx))
	if _, err := pattern.ApplyGreedily(m, set, pattern.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify after canonicalization: %v", err)
	}
	var out []string
	for _, l := range strings.Split(asm.Sprint(m, asm.PrintConfig{}), "\n") {
		if strings.HasPrefix(l, "    ") {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return strings.Join(out, "\n")
}

func TestCanonicalizeConvertLayout(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"same type", `tt.func @f(%a: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    %0 = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked>
    tt.return %0 : tensor<64x64xf16, #blocked>
  }`, `tt.return %arg0 : tensor<64x64xf16, #blocked>`},
		{"convert of convert", `tt.func @f(%a: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked2> {
    %0 = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %1 = ttg.convert_layout %0 : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #blocked2>
    tt.return %1 : tensor<64x64xf16, #blocked2>
  }`, `%0 = ttg.convert_layout %arg0 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
tt.return %0 : tensor<64x64xf16, #blocked1>`},
		{"convert back is identity", `tt.func @f(%a: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    %0 = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %1 = ttg.convert_layout %0 : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #blocked>
    tt.return %1 : tensor<64x64xf16, #blocked>
  }`, `tt.return %arg0 : tensor<64x64xf16, #blocked>`},
		{"splat", `tt.func @f(%a: f16) -> tensor<64x64xf16, #blocked1> {
    %0 = tt.splat %a : f16 -> tensor<64x64xf16, #blocked>
    %1 = ttg.convert_layout %0 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    tt.return %1 : tensor<64x64xf16, #blocked1>
  }`, `%0 = tt.splat %arg0 : f16 -> tensor<64x64xf16, #blocked>
tt.return %0 : tensor<64x64xf16, #blocked>`},
		{"make_range", `tt.func @f() -> tensor<128xi32, #blocked4> {
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked3>
    %1 = ttg.convert_layout %0 : tensor<128xi32, #blocked3> -> tensor<128xi32, #blocked4>
    tt.return %1 : tensor<128xi32, #blocked4>
  }`, `%0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
tt.return %0 : tensor<128xi32, #blocked>`},
		{"splat constant", `tt.func @f() -> tensor<64x64xf16, #blocked1> {
    %cst = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
    %1 = ttg.convert_layout %cst : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    tt.return %1 : tensor<64x64xf16, #blocked1>
  }`, `%cst = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
tt.return %cst : tensor<64x64xf16, #blocked>`},
		{"cat to more elements per thread", `tt.func @f(%a: tensor<32xf32, #blocked4>) -> tensor<64xf32, #blocked3> {
    %0 = tt.cat %a, %a : tensor<32xf32, #blocked4> -> tensor<64xf32, #blocked4>
    %1 = ttg.convert_layout %0 : tensor<64xf32, #blocked4> -> tensor<64xf32, #blocked3>
    tt.return %1 : tensor<64xf32, #blocked3>
  }`, `%0 = tt.cat %arg0, %arg0 : tensor<32xf32, #blocked> -> tensor<64xf32, #blocked1>
tt.return %0 : tensor<64xf32, #blocked1>`},
		{"cat to fewer elements per thread stays", `tt.func @f(%a: tensor<32xf32, #blocked3>) -> tensor<64xf32, #blocked4> {
    %0 = tt.cat %a, %a : tensor<32xf32, #blocked3> -> tensor<64xf32, #blocked3>
    %1 = ttg.convert_layout %0 : tensor<64xf32, #blocked3> -> tensor<64xf32, #blocked4>
    tt.return %1 : tensor<64xf32, #blocked4>
  }`, `%0 = tt.cat %arg0, %arg0 : tensor<32xf32, #blocked> -> tensor<64xf32, #blocked>
%1 = ttg.convert_layout %0 : tensor<64xf32, #blocked> -> tensor<64xf32, #blocked1>
tt.return %1 : tensor<64xf32, #blocked1>`},
		{"mma to dot operand stays", `tt.func @f(%a: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %0 = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #mma>
    %1 = ttg.convert_layout %0 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %1 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }`, `%0 = ttg.convert_layout %arg0 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #mma>
%1 = ttg.convert_layout %0 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
tt.return %1 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>`},
		{"local_alloc of convert", `tt.func @f(%a: tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem> {
    %0 = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %1 = ttg.local_alloc %0 : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return %1 : !ttg.memdesc<64x64xf16, #shared, #smem>
  }`, `%0 = ttg.local_alloc %arg0 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
tt.return %0 : !ttg.memdesc<64x64xf16, #shared, #smem>`},
		{"local_store of convert", `tt.func @f(%a: tensor<64x64xf16, #blocked>, %m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
    %0 = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    ttg.local_store %0, %m : tensor<64x64xf16, #blocked1> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }`, `ttg.local_store %arg0, %arg1 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
tt.return`},
		{"memdesc_trans twice", `tt.func @f(%m: !ttg.memdesc<64x64xf16, #shared, #smem>) -> !ttg.memdesc<64x64xf16, #shared, #smem> {
    %0 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    %1 = ttg.memdesc_trans %0 {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared1, #smem> -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return %1 : !ttg.memdesc<64x64xf16, #shared, #smem>
  }`, `tt.return %arg0 : !ttg.memdesc<64x64xf16, #shared, #smem>`},
		{"memdesc_reinterpret same type", `tt.func @f(%m: !ttg.memdesc<64x64xf16, #shared, #smem>) -> !ttg.memdesc<64x64xf16, #shared, #smem> {
    %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return %0 : !ttg.memdesc<64x64xf16, #shared, #smem>
  }`, `tt.return %arg0 : !ttg.memdesc<64x64xf16, #shared, #smem>`},
		{"dead local_load", `tt.func @f(%m: !ttg.memdesc<64x64xf16, #shared, #smem>) {
    %0 = ttg.local_load %m : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
    tt.return
  }`, `tt.return`},
		{"live local_alloc with store kept", `tt.func @f(%a: tensor<64x64xf16, #blocked>) {
    %0 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %a, %0 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %0 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }`, `%0 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
ttg.local_store %arg0, %0 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
ttg.local_dealloc %0 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
tt.return`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := canonicalize(t, "  "+c.body+"\n")
			if d := cmp.Diff(c.want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// TestConvertFoldsTakeTheConvertsLocation: an op that absorbs a
// convert_layout of its result (make_range, splat, constant, ...) is
// created at the convert's location, as Triton 3.6's replaceOpWithNewOp
// does: the convert stands where the value is used in the new layout.
func TestConvertFoldsTakeTheConvertsLocation(t *testing.T) {
	ctx := newContext()
	src := canonHeader + `  tt.func @f(%x: i32) -> (tensor<128xi32, #blocked4>, tensor<128xi32, #blocked4>) {
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked3> loc("range"("k.py":1:1))
    %1 = ttg.convert_layout %0 : tensor<128xi32, #blocked3> -> tensor<128xi32, #blocked4> loc("use"("k.py":2:2))
    %2 = tt.splat %x : i32 -> tensor<128xi32, #blocked3> loc("splat"("k.py":3:3))
    %3 = ttg.convert_layout %2 : tensor<128xi32, #blocked3> -> tensor<128xi32, #blocked4> loc("use2"("k.py":4:4))
    tt.return %1, %3 : tensor<128xi32, #blocked4>, tensor<128xi32, #blocked4>
  }
}
`
	m, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: "canon"})
	if err != nil {
		t.Fatal(err)
	}
	set := pattern.Freeze(pattern.CanonicalizationPatterns(ctx))
	if _, err := pattern.ApplyGreedily(m, set, pattern.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	got := asm.Sprint(m, asm.PrintConfig{DebugInfo: true})
	for _, want := range []string{
		`tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked> loc(#loc`,
		`loc("use"(`, `loc("use2"(`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	for _, gone := range []string{`"range"`, `"splat"`} {
		if strings.Contains(got, gone) {
			t.Errorf("the folded op kept its own location %s:\n%s", gone, got)
		}
	}
}

// TestCanonicalizeWarpSpecialize: captures no partition reads and second
// listings of a capture are dropped (the partitions read the first
// listing), and so are results nothing uses, with their yielded values.
func TestCanonicalizeWarpSpecialize(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"unread and repeated captures", `tt.func @f(%a: i32, %b: i32, %c: i32) {
    ttg.warp_specialize(%a, %b, %c, %a)
    default {
      ttg.warp_yield
    }
    partition0(%x: i32, %y: i32, %z: i32, %w: i32) num_warps(4) {
      %0 = arith.addi %x, %w : i32
      %1 = arith.addi %0, %z : i32
      "use"(%1) : (i32) -> ()
      ttg.warp_return
    }
    partition1(%x: i32, %y: i32, %z: i32, %w: i32) num_warps(4) {
      "use"(%w) : (i32) -> ()
      ttg.warp_return
    } : (i32, i32, i32, i32) -> ()
    tt.return
  }`, `ttg.warp_specialize(%arg0, %arg2)
default {
ttg.warp_yield
}
partition0(%arg3: i32, %arg4: i32) num_warps(4) {
%0 = arith.addi %arg3, %arg3 : i32
%1 = arith.addi %0, %arg4 : i32
"use"(%1) : (i32) -> ()
ttg.warp_return
}
partition1(%arg3: i32, %arg4: i32) num_warps(4) {
"use"(%arg3) : (i32) -> ()
ttg.warp_return
} : (i32, i32) -> ()
tt.return`},
		{"unused results", `tt.func @f(%a: i32, %b: i32) -> i32 {
    %0:3 = ttg.warp_specialize(%a)
    default {
      ttg.warp_yield %a, %b, %a : i32, i32, i32
    }
    partition0(%x: i32) num_warps(4) {
      "use"(%x) : (i32) -> ()
      ttg.warp_return
    } : (i32) -> (i32, i32, i32)
    tt.return %0#1 : i32
  }`, `%0 = ttg.warp_specialize(%arg0)
default {
ttg.warp_yield %arg1 : i32
}
partition0(%arg2: i32) num_warps(4) {
"use"(%arg2) : (i32) -> ()
ttg.warp_return
} : (i32) -> i32
tt.return %0 : i32`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := canonicalizeUnregistered(t, c.body)
			if d := cmp.Diff(c.want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// TestCanonicalizeConvertIntoTMEMStore: where the target says the
// convert's source layout can be stored to tensor memory directly, the
// store takes it; the source is found after the optional dependency
// token, which stays in place.
func TestCanonicalizeConvertIntoTMEMStore(t *testing.T) {
	saved := ttg.TMEMCompatible
	defer func() { ttg.TMEMCompatible = saved }()
	ttg.TMEMCompatible = func(*ir.Operation, ir.Type, ir.Type) bool { return true }
	got := canonicalize(t, `tt.func @f(%a: tensor<128x64xf32, #blocked>, %m: !ttg.memdesc<128x64xf32, #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>, #ttng.tensor_memory, mutable>, %tok: !ttg.async.token) {
    %true = arith.constant true
    %0 = ttg.convert_layout %a : tensor<128x64xf32, #blocked> -> tensor<128x64xf32, #blocked1>
    %1 = ttng.tmem_store %0, %m[%tok], %true : tensor<128x64xf32, #blocked1> -> !ttg.memdesc<128x64xf32, #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>, #ttng.tensor_memory, mutable>
    tt.return
  }`)
	want := `%true = arith.constant true
%0 = ttng.tmem_store %arg0, %arg1[%arg2], %true : tensor<128x64xf32, #blocked> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
tt.return`
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
