package triton_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/frontend/python"
)

// TestUnverifiableIRIsLocated: kernels for which Triton 3.6 builds TTIR
// its own verifier refuses (or raises in block_type's constructor) get a
// located error at the construct, in Triton's words, where tt's front end
// built the IR and failed its final verification ("a front-end bug"). The
// Python fuzz campaign found each of them. (fp8e4b15 still loads,
// stores, selects, converts and takes tl.abs.)
func TestUnverifiableIRIsLocated(t *testing.T) {
	for _, c := range []struct {
		name, body, sig string
		line, col       int
		msg             string
	}{
		{"a broadcast past TRITON_MAX_TENSOR_NUMEL", `
    r = tl.arange(0, BLOCK)
    c = tl.arange(0, 128)
    x = tl.load(X + r[:, None] * 128 + c[None, :])
    tl.store(Y + r, tl.sum(x, axis=1))`, "*fp32:16, *fp32:16, *i32:16, 1048576", 9, 17,
			"ValueError: numel (134217728) exceeds triton maximum tensor numel (1048576)"},
		{"atomic_cas of another type than the pointer's", `
    r = tl.arange(0, BLOCK)
    tl.atomic_cas(X + r, tl.full((BLOCK,), 0, tl.int64), tl.full((BLOCK,), 1, tl.int64))`, "*bf16:16, *fp32:16, *i32:16, 64", 8, 5,
			"TypeError: atomic_cas's cmp is <(64,), int64>, but the pointer is <(64,), pointer<bf16>>"},
		{"atomic_cas of a scalar through a block of pointers", `
    r = tl.arange(0, BLOCK)
    tl.atomic_cas(Z + r, 0, 1)`, "*fp32:16, *fp32:16, *i32:16, 64", 8, 5,
			"TypeError: atomic_cas's cmp is int32, but the pointer is <(64,), pointer<int32>>"},
		{"dot_scaled with int16 scales", `
    r = tl.arange(0, 64)
    a = tl.load(X + r[:, None] * 64 + r[None, :]).to(tl.float8e5, bitcast=False)
    s = tl.load(Z + r[:, None] * 2 + tl.arange(0, 2)[None, :]).to(tl.int16)
    c = tl.dot_scaled(a, s, "e5m2", a, None, "e5m2")
    tl.store(Y + r[:, None] * 64 + r[None, :], c)`, "*fp32:16, *fp32:16, *i32:16, 64", 10, 9,
			"TypeError: lhs_scale must be a tensor of uint8 (e8m0) or floating-point scales, got int16"},
		{"fp8e4b15 arithmetic", `
    r = tl.arange(0, BLOCK)
    x = tl.load(X + r)
    tl.store(X + r, x * x)`, "*fp8e4b15:16, *fp32:16, *i32:16, 64", 9, 21,
			"TypeError: fp8e4b15 values have no arithmetic of their own (arith.mulf;"},
		{"fp8e4b15 comparison", `
    r = tl.arange(0, BLOCK)
    x = tl.load(X + r)
    tl.store(Z + r, (x < x).to(tl.int32))`, "*fp8e4b15:16, *fp32:16, *i32:16, 64", 9, 22,
			"TypeError: fp8e4b15 values have no arithmetic of their own (arith.cmpf;"},
		{"an fp8e4b15 scalar converted", `
    r = tl.arange(0, BLOCK)
    tl.store(Y + r, tl.load(Y + r) + X)`, "fp8e4b15, *fp32:16, *i32:16, 64", 8, 21,
			"TypeError: converting fp8e4b15 to fp32: fp8e4b15 converts four values at a time (inline PTX, four a register), and this is a scalar"},
		{"fp8e4b15 compared with fp64", `
    r = tl.arange(0, BLOCK)
    tl.store(Z + r, (tl.load(X + r) > tl.load(Y + r)).to(tl.int32))`, "*fp8e4b15:16, *fp64:16, *i32:16, 64", 8, 22,
			"TypeError: this operation computes in fp64, but fp8e4b15 converts only to fp16 and fp32 (to fp16 here)"},
		{"inline asm packing four of two elements", `
    r = tl.arange(0, 2)
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [tl.load(Z + r)], dtype=tl.int32, is_pure=True, pack=4)
    tl.store(Z + r, y)`, "*fp32:16, *fp32:16, *i32:16, 64", 8, 9,
			"ValueError: inline_asm_elementwise with pack=4 needs a multiple of 4 elements, and its operands have 2"},
		{"tl.where between a pointer and an integer", `
    p = tl.where(tl.load(Z) > 0, X, BLOCK)
    tl.store(p, 1.0)`, "*fp32:16, *fp32:16, *i32:16, 64", 7, 9,
			"TypeError: tl.where: x and y must have the same type, got pointer<fp32> and int32"},
		{"tl.cat of int8 and int16", `
    r = tl.arange(0, BLOCK)
    z = tl.cat(tl.load(X + r), tl.load(Y + r), can_reorder=True)
    tl.store(X + tl.arange(0, 2 * BLOCK), z)`, "*i8:16, *i16:16, *i32:16, 64", 8, 9,
			"ValueError: tl.cat's operands must have the same dtype, got int8 and int16"},
		{"tl.cat of two lengths", `
    z = tl.cat(tl.load(X + tl.arange(0, BLOCK)), tl.load(X + tl.arange(0, 2 * BLOCK)), can_reorder=True)
    tl.store(X + tl.arange(0, 3 * BLOCK), z)`, "*i8:16, *i16:16, *i32:16, 32", 7, 9,
			"ValueError: Shape element 0 must be a power of 2"},
	} {
		src := "import triton\nimport triton.language as tl\n\n\n@triton.jit\ndef k(X, Y, Z, BLOCK: tl.constexpr):" + c.body + "\n"
		err := compileSource(t, "k.py", src, "k", c.sig)
		var pe *python.Error
		if !errors.As(err, &pe) || pe.Pos.Line != c.line || pe.Pos.Col+1 != c.col || !strings.HasPrefix(pe.Msg, c.msg) {
			t.Errorf("%s: got %v, want k.py:%d:%d: %s", c.name, err, c.line, c.col, c.msg)
		}
	}
}
