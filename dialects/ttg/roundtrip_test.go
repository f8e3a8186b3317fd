package ttg_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// roundTrip parses src, verifies it, and checks that it prints as want (src
// itself when want is ""), that the print is a fixed point, and that the
// generic form parses back to the same custom print.
func roundTrip(t *testing.T, src, want string) {
	t.Helper()
	if want == "" {
		want = src
	}
	op, err := asm.Parse(newContext(), src, asm.ParseConfig{Filename: "rt"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatalf("verify: %v", err)
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("print (-want +got):\n%s", d)
	}
	generic := asm.Sprint(op, asm.PrintConfig{Generic: true})
	op2, err := asm.Parse(newContext(), generic, asm.ParseConfig{Filename: "generic"})
	if err != nil {
		t.Fatalf("reparse generic: %v\n%s", err, generic)
	}
	if err := ir.Verify(op2); err != nil {
		t.Fatalf("verify generic: %v\n%s", err, generic)
	}
	if again := asm.Sprint(op2, asm.PrintConfig{}); again != got {
		t.Fatalf("generic round trip differs:\n%s", cmp.Diff(got, again))
	}
}

// TestAttributeRoundTrip prints every layout attribute in the canonical
// form Triton 3.6 prints, from input with keys in any order.
func TestAttributeRoundTrip(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`#ttg.blocked<{order = [1, 0], warpsPerCTA = [4, 1], sizePerThread = [1, 4], threadsPerWarp = [8, 4]}>`,
			`#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>`},
		{`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1], CGALayout = [[1, 0], [0, 0]]}>`, ""},
		{`#ttg.nvidia_mma<{instrShape = [16, 8], versionMajor = 2, warpsPerCTA = [2, 2]}>`,
			`#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>`},
		{`#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[1, 0]], instrShape = [16, 128, 16]}>`, ""},
		{`#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>`, ""},
		{`#ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 32], isTransposed = false, tilesPerWarp = [2, 2], elementBitWidth = 64}>`, ""},
		{`#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true, tilesPerWarp = [1, 1, 1], elementBitWidth = 32}>`,
			`#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>`},
		{`#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>`, ""},
		{`#ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>`, ""},
		{`#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>`, ""},
		{`#ttg.swizzled_shared<{order = [1, 0], vec = 8, maxPhase = 8, perPhase = 1}>`,
			`#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>`},
		{`#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>`, ""},
		{`#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>`, ""},
		{`#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, rank = 4}>`, ""},
		{`#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = true, elementBitWidth = 8, fp4Padded = true, CGALayout = [[0, 1]]}>`, ""},
		{`#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, rank = 2}>`,
			`#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>`},
		{`#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 2]]}, alignment = 16>`, ""},
		{`#ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [[2, 0]]}, alignment = 16>`, ""},
		{`#ttg.padded_shared<[4:+4] {order = [0, 1], shape = [4, 4]}>`, ""},
		{`#ttg.padded_shared<[128:+8, 256:+4] {offset = [[1, 0], [2, 0], [0, 1], [0, 2]], block = []}>`,
			`#ttg.padded_shared<[128:+8, 256:+4] {order = [0, 1], shape = [4, 4]}>`},
		{`#ttg.padded_shared<[4:+4] {offset = [[0, 1], [1, 0]], block = []}>`,
			`#ttg.padded_shared<[4:+4] {order = [1, 0], shape = [2, 2]}>`},
		{`#ttg.shared_memory`, ""},
		{`#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>`, ""},
		{`#ttng.tensor_memory_encoding<colStride = 2, blockN = 64, blockM = 64, twoCTAs = true, CTASplitM = 2>`,
			`#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 2, CTASplitM = 2, twoCTAs = true>`},
		{`#ttng.tensor_memory_scales_encoding<>`, ""},
		{`#ttng.tensor_memory`, ""},
	} {
		want := c.want
		if want == "" {
			want = c.in
		}
		ctx := newContext()
		a, err := parseAttrIn(ctx, c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got := asm.AttrString(a); got != want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, want)
		}
		if b, err := parseAttrIn(ctx, want); err != nil || b != a {
			t.Errorf("%s: canonical form does not parse to the same attribute (%v)", want, err)
		}
	}
	// Slices and dot operands print their parents through aliases.
	roundTrip(t, `#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%arg0: tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, %arg1: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %arg2: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) {
    tt.return
  }
}
`, "")
}

// parseAttr parses one attribute through an alias definition.
func parseAttr(s string) (ir.Attribute, error) { return parseAttrIn(newContext(), s) }

func parseAttrIn(ctx *ir.Context, s string) (ir.Attribute, error) {
	op, err := asm.Parse(ctx, "#a = "+s+"\nmodule attributes {x = #a} {\n}\n", asm.ParseConfig{Filename: "attr"})
	if err != nil {
		return nil, err
	}
	return op.Attr("x"), nil
}

// TestMalformedLayouts checks that bad layouts give located errors with
// Triton's messages, never panics.
func TestMalformedLayouts(t *testing.T) {
	for _, c := range []struct{ in, msg string }{
		{`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1], CTAOrder = [0, 1]}>`, "CTAsPerCGA, CTASplitNum, and CTAOrder must all be present or all be absent"},
		{`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1], CTAorder = [0, 1]}>`, "unexpected key: CTAorder"},
		{`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1], CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [1, 1]}>`, "CTAOrder must be a permutation of 0..(rank-1), but was [1, 1]"},
		{`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1], CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [1, 0], CGALayout = [[0, 1]]}>`, "CGALayout cannot be combined with CTAsPerCGA, CTASplitNum and CTAOrder"},
		{`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1], CTAsPerCGA = [1, 3], CTASplitNum = [1, 3], CTAOrder = [1, 0]}>`, "must be powers of two"},
		{`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1], CTAsPerCGA = [1], CTASplitNum = [1], CTAOrder = [0]}>`, "must have rank 2"},
		{`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1], CGALayout = [[1, 0], [1, 0]]}>`, "After removing broadcast bases the CGA encoding must be a permutation matrix"},
		{`#ttg.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>`, "Every element in sizePerThread must be a power of two."},
		{`#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [1]}>`, "order must be a permutation of 0..(rank-1), but was [1]"},
		{`#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>`, "must all have the same rank"},
		{`#ttg.blocked<{sizePerThread = 4, threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>`, "expected an array for number of elements per thread"},
		{`#ttg.blocked<{sizePerThread = [-1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>`, "expected an unsigned integer value in number of elements per thread"},
		{`#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[1, 0]]}>`, "'CGALayout' entry length does not match rank 1"},
		{`#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = 3}>`, "expected array value for 'CGALayout'"},
		{`#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[3]]}>`, "invalid CGALayout"},
		{`#ttg.blocked<[1]>`, "invalid kind of attribute specified"},
		{`#ttg.blocked`, "expected '<'"},
		{`#ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>`, "parent layout must have at least rank >= 2"},
		{`#ttg.slice<{dim = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>`, "expected a distributed encoding trait"},
		{`#ttg.slice<{parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>`, "expected an integer 'dim'"},
		{`#ttg.dot_op<{opIdx = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1]}>}>`, "ttg.dot_op opIdx parameter can be 0 or 1, got: 2"},
		{`#ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1]}>, kWidth = 2}>`, "kWidth parameter is not supported when the parent is a blocked layout"},
		{`#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>}>`, "kWidth parameter is mandatory for Ampere or Hopper MMA parent"},
		{`#ttg.dot_op<{opIdx = 0, parnt = #ttg.shared_memory}>`, "duplicate or unknown struct parameter name: parnt"},
		{`#ttg.dot_op<{opIdx = 0}>`, "struct is missing required parameter: parent"},
		{`#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [8, 8], isTransposed = true}>`, "invalid (mDim, nDim) combination: (8, 8)"},
		{`#ttg.amd_mfma<{version = 5, warpsPerCTA = [1, 1], instrShape = [32, 32], isTransposed = true}>`, "version must be in the [0, 4] range"},
		{`#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32], isTransposed = 1}>`, "expected a bool type in isTransposed"},
		{`#ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 1], instrShape = [16, 16, 32]}>`, "invalid WMMA v1 instruction shape"},
		{`#ttg.amd_wmma<{version = 4, isTranspose = false, warpsPerCTA = [1, 1]}>`, "WMMA version must be in the [1, 3] range"},
		{`#ttg.linear<{register = [], lane = [], warp = [], block = []}>`, "Empty Layout not supported"},
		{`#ttg.linear<{register = [[1]], lane = [], warp = []}>`, "Expected basis of 'block' not found"},
		{`#ttg.linear<{register = [[1, 1]], lane = [], warp = [], block = []}>`, "In a distributed layout, each base must move in at most one dimension."},
		{`#ttg.linear<{register = [[1], [1, 0]], lane = [], warp = [], block = []}>`, "does not have 1 entries"},
		{`#ttg.linear<{register = [[3]], lane = [], warp = [], block = []}>`, "invalid linear layout"},
		{`#ttg.linear<{register = 1, lane = [], warp = [], block = []}>`, "Expected array of arrays for basis of 'register'"},
		{`#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>`, "unexpected key: hasLeadingOffset"},
		{`#ttg.nvmma_shared<{swizzlingByteWidth = 48, transposed = false, elementBitWidth = 16}>`, "swizzlingByteWidth must be 0, 32, 64, or 128"},
		{`#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false}>`, "elementBitWidth must be non-zero"},
		{`#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = [], alignment = 16}>`, "alignment must be specified outside of the linear layout braces"},
		{`#ttg.shared_linear<{offset = [[0, 1], [0, 1]]}, alignment = 16>`, "After removing the zero bases the layout must be bijective"},
		{`#ttg.shared_linear<{offset = [[0, 1]]}, alignment = 12>`, "alignment must be a positive power of two"},
		{`#ttg.padded_shared<[4:+4] {shape = [1, 2, 4], order = [1, 0]}>`, "Mismatch of shape and order ranks in padded layout"},
		{`#ttg.padded_shared<[3:+4] {shape = [4, 4], order = [1, 0]}>`, "interval values must all be power of two"},
		{`#ttg.padded_shared<[4:+4, 4:+8] {shape = [4, 4], order = [1, 0]}>`, "interval values cannot have duplicates"},
		{`#ttg.padded_shared<[4:+4] {shape = [4, 4], order = [1, 0], foo = 1}>`, `Unexpected attribute "foo" found`},
		{`#ttg.padded_shared<[4:+4] {offset = [[1, 1], [2, 0]], block = []}>`, "Each offset basis must move in at most one dimension."},
		{`#ttg.padded_shared<[4:4] {shape = [4, 4], order = [1, 0]}>`, "expected '+'"},
		{`#ttg.nope<{}>`, "unknown attribute `nope` in dialect `ttg`"},
		{`#ttng.tensor_memory_encoding<blockM = 32, blockN = 128, colStride = 1>`, "blockM must be 64 or 128 but got 32"},
		{`#ttng.tensor_memory_encoding<blockM = 128, blockN = 128>`, "struct is missing required parameter: colStride"},
	} {
		_, err := parseAttr(c.in)
		if err == nil {
			t.Errorf("%s: parsed", c.in)
			continue
		}
		d := ir.AsDiagnostics(err, nil)[0]
		if !strings.Contains(d.Message, c.msg) {
			t.Errorf("%s:\n got %q\nwant %q", c.in, d.Message, c.msg)
		}
		// Errors point at the attribute's name, or (like MLIR's parser) at
		// the token where parsing stopped.
		if fl := ir.FindFileLineCol(d.Loc); fl == nil || fl.Line > 2 {
			t.Errorf("%s: error not located: %v", c.in, d)
		}
	}
}

// TestMalformedMemDesc checks !ttg.memdesc's own invariants.
func TestMalformedMemDesc(t *testing.T) {
	for _, c := range []struct{ in, msg string }{
		{`!ttg.memdesc<i64, #ttng.tensor_memory_scales_encoding<>, #ttng.tensor_memory>`, "rank 0 memdesc is not allowed"},
		{`!ttg.memdesc<4x3xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>`, "shape must have power-of-2 and non-zero dimensions; got 4, 3"},
		{`!ttg.memdesc<8x8xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, 4x8>`, "shape must be less than or equal to allocShape"},
		{`!ttg.memdesc<8x8xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttng.tensor_memory>`, "memorySpace must be SharedMemorySpace for shared encoding. Got #ttng.tensor_memory"},
		{`!ttg.memdesc<8x8x8xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>`, "rank must be equal to or one less than the shape size. Got 1 and 3"},
		{`!ttg.memdesc<128x128xf32, #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>, #ttng.tensor_memory>`, "bitwidth * colStride must be less than or equal to 32. Got 32 and 2"},
		{`!ttg.memdesc<128x4xf32, #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>, #ttng.tensor_memory>`, "the allocation shape must be at least 128x64. Got 128, 4"},
		{`!ttg.memdesc<8x8xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>, #ttg.shared_memory>`, "is not a valid encoding"},
		{`!ttg.memdesc<8x8xf16>`, "expected ','"},
		{`!ttg.memdesc<8x8xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>`, "expected ','"},
	} {
		_, err := asm.Parse(newContext(), "!t = "+c.in+"\nmodule {\n}\n", asm.ParseConfig{Filename: "t"})
		if err == nil {
			t.Errorf("%s: parsed", c.in)
			continue
		}
		d := ir.AsDiagnostics(err, nil)[0]
		if !strings.Contains(d.Message, c.msg) {
			t.Errorf("%s:\n got %q\nwant %q", c.in, d.Message, c.msg)
		}
	}
}
