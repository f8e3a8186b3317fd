package ttg_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestOlderCTAKeys: mid-2025 layouts spell the CTA split as CTAsPerCGA,
// CTASplitNum and CTAOrder; tt reads them as the CGALayout they denote and
// prints Triton 3.6's form.
func TestOlderCTAKeys(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [0, 1]}>`,
			`#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>`},
		// CTAOrder [1, 0]: dim 1's split comes first (CTA 1), then dim 0's.
		{`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CTAsPerCGA = [2, 2], CTASplitNum = [2, 2], CTAOrder = [1, 0]}>`,
			`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CGALayout = [[0, 1], [1, 0]]}>`},
		// Four CTAs splitting dim 1 in two: the second pair broadcasts.
		{`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CTAsPerCGA = [1, 4], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>`,
			`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CGALayout = [[0, 1], [0, 0]]}>`},
		{`#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0], instrShape = [16, 256, 32]}>`,
			`#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], CGALayout = [[1, 0]], instrShape = [16, 256, 32]}>`},
		{`#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CTAsPerCGA = [1], CTASplitNum = [1], CTAOrder = [0]}>`,
			`#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>`},
		{`#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>`,
			`#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>`},
		{`#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true, CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>`,
			`#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>`},
	} {
		ctx := newContext()
		a, err := parseAttrIn(ctx, c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got := asm.AttrString(a); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
		if b, err := parseAttrIn(ctx, c.want); err != nil || b != a {
			t.Errorf("%s: the 3.6 form is not the same attribute (%v)", c.want, err)
		}
	}
}

// TestMemDescSubview: mid-2025 ttg.memdesc_subview becomes memdesc_index or
// memdesc_subslice where the conversion is exact, and is refused where 3.6
// has no equivalent.
func TestMemDescSubview(t *testing.T) {
	const head = `#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
tt.func @f(%i: i32) {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %a = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #A, #ttg.shared_memory, mutable>
`
	roundTripOps(t, head+`  %b = ttg.memdesc_subview %a[%i, %c0, %c0] : !ttg.memdesc<2x16x16xf16, #A, #ttg.shared_memory, mutable> -> !ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>
  %c = ttg.memdesc_subview %b[%c8, %c0] : !ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable> -> !ttg.memdesc<8x16xf16, #A, #ttg.shared_memory, mutable>
  tt.return
}
`, []string{
		"ttg.memdesc_index %0[%arg0] : !ttg.memdesc<2x16x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>",
		"ttg.memdesc_subslice %1[8, 0] : !ttg.memdesc<16x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<8x16xf16, #shared, #smem, mutable, 16x16>",
	})
	for _, c := range []struct{ view, msg string }{
		{`%b = ttg.memdesc_subview %a[%i, %c8, %c0] : !ttg.memdesc<2x16x16xf16, #A, #ttg.shared_memory, mutable> -> !ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>`,
			"offset #1 of a rank-reducing view must be a constant 0"},
		{`%b = ttg.memdesc_subview %a[%c0, %i, %c0] : !ttg.memdesc<2x16x16xf16, #A, #ttg.shared_memory, mutable> -> !ttg.memdesc<1x8x16xf16, #A, #ttg.shared_memory, mutable>`,
			"offset #1 of a same-rank view must be a constant"},
		{`%z = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>
  %b = ttg.memdesc_subview %z[%c0, %c0] : !ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable> -> !ttg.memdesc<1x16x16xf16, #A, #ttg.shared_memory, mutable>`,
			"the result rank must be the source rank or one less"},
		{`%b = ttg.memdesc_subview %a[%c0, %c0] : !ttg.memdesc<2x16x16xf16, #A, #ttg.shared_memory, mutable> -> !ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>`,
			"expected 3 offsets (the source rank), got 2"},
	} {
		_, err := asm.Parse(newContext(), head+"  "+c.view+"\n  tt.return\n}\n", asm.ParseConfig{Filename: "sv"})
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: want error %q, got %v", c.view, c.msg, err)
			continue
		}
		if ir.FindFileLineCol(ir.AsDiagnostics(err, nil)[0].Loc) == nil {
			t.Errorf("%s: error without a location: %v", c.view, err)
		}
	}
	// The generic form of the old name is not an op tt builds.
	op, err := asm.Parse(newContext(), `%0 = "ttg.memdesc_subview"() : () -> i32`, asm.ParseConfig{Filename: "g"})
	if err == nil {
		err = ir.Verify(op)
	}
	if err == nil || !strings.Contains(err.Error(), "mid-2025 form") {
		t.Errorf("generic ttg.memdesc_subview: got %v", err)
	}
}

// TestLocalAtomicScatterRMW: the later Triton's op parses, prints, reprints
// and verifies with that Triton's messages.
func TestLocalAtomicScatterRMW(t *testing.T) {
	const layouts = `#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
`
	roundTrip(t, layouts+`module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @f(%arg0: tensor<128xi32, #blocked>, %arg1: tensor<128xf32, #blocked>, %arg2: tensor<128xi1, #blocked>) -> tensor<128xf32, #blocked> {
    %0 = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    %1 = ttg.local_atomic_scatter_rmw fadd, %0[%arg0], %arg1 {axis = 0 : i32} : (!ttg.memdesc<128xf32, #shared, #smem, mutable>, tensor<128xf32, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xf32, #blocked>
    %2 = ttg.local_atomic_scatter_rmw max, %0[%arg0], %1, %arg2 {axis = 0 : i32} : (!ttg.memdesc<128xf32, #shared, #smem, mutable>, tensor<128xf32, #blocked>, tensor<128xi32, #blocked>, tensor<128xi1, #blocked>) -> tensor<128xf32, #blocked>
    tt.return %2 : tensor<128xf32, #blocked>
  }
}
`, "")
	for _, c := range []struct{ dst, vals, res, msg string }{
		{"!ttg.memdesc<128xf32, #shared, #smem>", "tensor<128xf32, #blocked>", "tensor<128xf32, #blocked>", "'ttg.local_atomic_scatter_rmw' op Cannot store into immutable memory"},
		{"!ttg.memdesc<128xf16, #shared, #smem, mutable>", "tensor<128xf32, #blocked>", "tensor<128xf32, #blocked>", "values element type must match destination element type"},
		{"!ttg.memdesc<128xf32, #shared, #smem, mutable>", "tensor<128xf32, #blocked>", "tensor<128xf16, #blocked>", "failed to verify that result type matches values type"},
		{"!ttg.memdesc<128x!tt.ptr<f32>, #shared, #smem, mutable>", "tensor<128x!tt.ptr<f32>, #blocked>", "tensor<128x!tt.ptr<f32>, #blocked>", "values must have integer or floating element type"},
	} {
		src := layouts + `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @f(%d: ` + c.dst + `, %i: tensor<128xi32, #blocked>, %v: ` + c.vals + `) {
    %0 = ttg.local_atomic_scatter_rmw add, %d[%i], %v {axis = 0 : i32} : (` + c.dst + `, ` + c.vals + `, tensor<128xi32, #blocked>) -> ` + c.res + `
    tt.return
  }
}
`
		op, err := asm.Parse(newContext(), src, asm.ParseConfig{Filename: "rmw"})
		if err == nil {
			err = ir.Verify(op)
		}
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("want %q, got %v", c.msg, err)
		}
	}
}

// TestReinterpretChecks: the later memdesc_reinterpret checks tt adopted
// (memory space, mutability) and one it did not (a smaller view, which
// Triton 3.6's own tests write).
func TestReinterpretChecks(t *testing.T) {
	const head = `#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
tt.func @f(%a: !ttg.memdesc<128x128xf16, #shared, #smem, mutable>) {
`
	for _, c := range []struct{ to, msg string }{
		{"!ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>", "source and result must have the same memory space"},
		{"!ttg.memdesc<128x128xf16, #shared, #smem>", "source and result must have the same mutability"},
		{"!ttg.memdesc<128x128xi8, #shared, #smem, mutable>", ""},
	} {
		src := head + "  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> " + c.to + "\n  tt.return\n}\n"
		op, err := asm.Parse(newContext(), src, asm.ParseConfig{Filename: "ri"})
		if err == nil {
			err = ir.Verify(op)
		}
		switch {
		case c.msg == "" && err != nil:
			t.Errorf("%s: want accepted, got %v", c.to, err)
		case c.msg != "" && (err == nil || !strings.Contains(err.Error(), c.msg)):
			t.Errorf("%s: want %q, got %v", c.to, c.msg, err)
		}
	}
}

// TestCGAPermutation checks the CGA bases test directly.
func TestCGAPermutation(t *testing.T) {
	ok := ttg.CGAFromSplitParams([]int{4, 2}, []int{2, 2}, []int{1, 0})
	if got := asm.AttrString(ttg.NewBlocked(newContext(), []int{1, 1}, []int{1, 32}, []int{1, 1}, []int{1, 0}, ok)); !strings.Contains(got, "CGALayout = [[0, 1], [1, 0], [0, 0]]") {
		t.Errorf("CGAFromSplitParams: got %s", got)
	}
}

// roundTripOps parses src, checks that each of wantOps appears in the print
// and that the print is a fixed point.
func roundTripOps(t *testing.T, src string, wantOps []string) {
	t.Helper()
	op, err := asm.Parse(newContext(), src, asm.ParseConfig{Filename: "rt"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatalf("verify: %v", err)
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	for _, w := range wantOps {
		if !strings.Contains(got, w) {
			t.Errorf("print lacks %q:\n%s", w, got)
		}
	}
	roundTrip(t, got, "")
}
