package ttng_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

const mmaHeader = `#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#sharedM = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#sharedN = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem2 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CTASplitM = 2>
#tmem2t = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CTASplitM = 2, twoCTAs = true>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
`

func verifyMMA(t *testing.T, body string) error {
	t.Helper()
	return verifyModule(t, mmaHeader+body+"\n}\n")
}

// verifyModule parses src and returns what the verifier says of it.
func verifyModule(t *testing.T, src string) error {
	t.Helper()
	ctx := ir.NewContext()
	builtin.Load(ctx)
	arith.Load(ctx)
	tt.Load(ctx)
	ttg.Load(ctx)
	ttng.Load(ctx)
	m, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: "mma"})
	if err != nil {
		t.Fatal(err)
	}
	return ir.Verify(m)
}

// checkVerifyError fails t unless err is nil when want is "", or its first
// line contains want.
func checkVerifyError(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Fatalf("unexpected error: %v", err)
	case want != "" && err == nil:
		t.Fatalf("no error; want %q", want)
	case want != "" && !strings.Contains(strings.SplitN(err.Error(), "\n", 2)[0], want):
		t.Fatalf("got %q\nwant %q", err.Error(), want)
	}
}

// TestTCGen5MMAVerifier checks the dtype and two-CTA rules of
// tc_gen5_mma with Triton's messages.
func TestTCGen5MMAVerifier(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"ok f16", `tt.func @f(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1) {
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
    tt.return
  }`, ""},
		{"kinds differ", `tt.func @f(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #shared8, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1) {
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #shared8, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
    tt.return
  }`, "'ttng.tc_gen5_mma' op LHS and RHS operand dtypes kinds don't match: LHS kind is f16 but RHS kind is f8f6f4"},
		{"bad accumulator", `tt.func @f(%a: !ttg.memdesc<128x64xbf16, #shared, #smem>, %b: !ttg.memdesc<64x128xbf16, #shared, #smem>, %d: !ttg.memdesc<128x128xf16, #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>, #tm, mutable>, %p: i1) {
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xbf16, #shared, #smem>, !ttg.memdesc<64x128xbf16, #shared, #smem>, !ttg.memdesc<128x128xf16, #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>, #tm, mutable>
    tt.return
  }`, "'ttng.tc_gen5_mma' op unsupported accumulator dtype for operand types 'bf16' and 'bf16', accumulator dtype is 'f16' but must be one of ['f32']"},
		{"unsupported dtype", `tt.func @f(%a: !ttg.memdesc<128x64xf64, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1) {
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf64, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
    tt.return
  }`, "'ttng.tc_gen5_mma' op unsupported LHS operand dtype: f64"},
		{"two CTAs, A not split", `tt.func @f(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #sharedN, #smem>, %d: !ttg.memdesc<256x128xf32, #tmem2t, #tm, mutable>, %p: i1) {
    ttng.tc_gen5_mma %a, %b, %d, %p, %p {two_ctas} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #sharedN, #smem>, !ttg.memdesc<256x128xf32, #tmem2t, #tm, mutable>
    tt.return
  }`, "'ttng.tc_gen5_mma' op The op is two CTAs but the split num of the LHS is not 2, 1. Got 1, 1"},
		{"two CTAs, D not twoCTAs", `tt.func @f(%a: !ttg.memdesc<128x64xf16, #sharedM, #smem>, %b: !ttg.memdesc<64x128xf16, #sharedN, #smem>, %d: !ttg.memdesc<256x128xf32, #tmem2, #tm, mutable>, %p: i1) {
    ttng.tc_gen5_mma %a, %b, %d, %p, %p {two_ctas} : !ttg.memdesc<128x64xf16, #sharedM, #smem>, !ttg.memdesc<64x128xf16, #sharedN, #smem>, !ttg.memdesc<256x128xf32, #tmem2, #tm, mutable>
    tt.return
  }`, "'ttng.tc_gen5_mma' op The returned value's encoding must have twoCTA=true to be used in a twoCTA matmul"},
		{"two CTAs ok", `tt.func @f(%a: !ttg.memdesc<128x64xf16, #sharedM, #smem>, %b: !ttg.memdesc<64x128xf16, #sharedN, #smem>, %d: !ttg.memdesc<256x128xf32, #tmem2t, #tm, mutable>, %p: i1) {
    ttng.tc_gen5_mma %a, %b, %d, %p, %p {two_ctas} : !ttg.memdesc<128x64xf16, #sharedM, #smem>, !ttg.memdesc<64x128xf16, #sharedN, #smem>, !ttg.memdesc<256x128xf32, #tmem2t, #tm, mutable>
    tt.return
  }`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkVerifyError(t, verifyMMA(t, "  "+c.body), c.want) })
	}
}

// TestTMEMCopyVerifier checks tmem_copy against Triton 3.6's
// TMEMCopyOp::verify, with its messages.
func TestTMEMCopyVerifier(t *testing.T) {
	const decls = `#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#s32u = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
#s8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#s8u = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8}>
#tmem64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
`
	copyOp := func(src, dst string) string {
		return `tt.func @f(%s: ` + src + `, %d: ` + dst + `) {
    ttng.tmem_copy %s, %d : ` + src + `, ` + dst + `
    tt.return
  }`
	}
	cases := []struct{ name, ctas, body, want string }{
		{"ok", "1", copyOp("!ttg.memdesc<128x128xf32, #s32, #smem>", "!ttg.memdesc<128x128xf32, #tmem, #tm, mutable>"), ""},
		{"ok scales", "1", copyOp("!ttg.memdesc<128x4xi8, #s8u, #smem>", "!ttg.memdesc<128x4xi8, #scales, #tm, mutable>"), ""},
		{"source in tensor memory", "1", copyOp("!ttg.memdesc<128x128xf32, #tmem, #tm>", "!ttg.memdesc<128x128xf32, #tmem, #tm, mutable>"),
			"'ttng.tmem_copy' op The source must be a shared memory buffer"},
		{"shapes", "1", copyOp("!ttg.memdesc<128x64xf32, #s32, #smem>", "!ttg.memdesc<128x128xf32, #tmem, #tm, mutable>"),
			"'ttng.tmem_copy' op source shape 128, 64 must match destination shape 128, 128"},
		{"immutable", "1", copyOp("!ttg.memdesc<128x128xf32, #s32, #smem>", "!ttg.memdesc<128x128xf32, #tmem, #tm>"),
			"'ttng.tmem_copy' op Cannot copy into an immutable alloc"},
		{"two CTAs", "2", copyOp("!ttg.memdesc<128x128xf32, #s32, #smem>", "!ttg.memdesc<128x128xf32, #tmem, #tm, mutable>"),
			"'ttng.tmem_copy' op NYI: Only one CTA is supported for now."},
		{"swizzled scales", "1", copyOp("!ttg.memdesc<128x4xi8, #s8, #smem>", "!ttg.memdesc<128x4xi8, #scales, #tm, mutable>"),
			"'ttng.tmem_copy' op The source should not be swizzled for now"},
		{"64-row layout", "1", copyOp("!ttg.memdesc<128x128xf32, #s32, #smem>", "!ttg.memdesc<128x128xf32, #tmem64, #tm, mutable>"),
			"'ttng.tmem_copy' op Tmem layout ahouls have M=128."},
		{"unswizzled source", "1", copyOp("!ttg.memdesc<128x128xf32, #s32u, #smem>", "!ttg.memdesc<128x128xf32, #tmem, #tm, mutable>"),
			"'ttng.tmem_copy' op Source layout should be swizzled."},
		{"16-bit source", "1", copyOp("!ttg.memdesc<128x128xf16, #shared, #smem>", "!ttg.memdesc<128x128xf16, #tmem, #tm, mutable>"),
			"'ttng.tmem_copy' op Source element type should be 32-bit."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			header := strings.Replace(mmaHeader, `"ttg.num-ctas" = 2`, `"ttg.num-ctas" = `+c.ctas, 1)
			checkVerifyError(t, verifyModule(t, decls+header+"  "+c.body+"\n}\n"), c.want)
		})
	}
}
