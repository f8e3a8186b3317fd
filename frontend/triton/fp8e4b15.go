package triton

import "fmt"

// fp8e4b15 (tl.float8e4b15) has no MLIR type: its values are i8 in the
// IR, and Triton's CUDA backend converts them to and from fp16 with
// inline PTX (its codegen function convert_custom_types), one 32-bit
// register holding four of them. The PTX below is that backend's, byte
// for byte, since it is part of the TTIR Triton prints.

// fp8e4b15ToF16 widens four fp8e4b15 values (in $2) to four halves ($0, $1).
const fp8e4b15ToF16 = "{                                      \n" +
	".reg .b32 a<2>, b<2>;                  \n" +
	"prmt.b32 a0, 0, $2, 0x5746;            \n" +
	"and.b32 b0, a0, 0x7f007f00;            \n" +
	"and.b32 b1, a0, 0x00ff00ff;            \n" +
	"and.b32 a1, a0, 0x00800080;            \n" +
	"shr.b32  b0, b0, 1;                    \n" +
	"add.u32 b1, b1, a1;                    \n" +
	"lop3.b32 $0, b0, 0x80008000, a0, 0xf8; \n" +
	"shl.b32 $1, b1, 7;                     \n" +
	"}                                      \n"

// The narrowing clamps the magnitudes to the largest fp8e4b15 (1.75, the
// half 0x3F00) before the shift: with min.f16x2 from sm_80 on, with
// compares and selects before.
const (
	f16ToFP8e4b15Head = "{\n" +
		"            .reg .pred p<4>;\n" +
		"            .reg .b32 a<2>, b<2>;\n" +
		"            .reg .b16 c<4>;\n" +
		"            .reg .b16 max_val_f16;\n" +
		"            .reg .b32 max_val_f16x2;\n" +
		"            mov.b16 max_val_f16,   0x3F00;\n" +
		"            mov.b32 max_val_f16x2, 0x3F003F00;\n" +
		"            and.b32 a0, $1, 0x7fff7fff;\n" +
		"            and.b32 a1, $2, 0x7fff7fff;"
	f16ToFP8e4b15ClampMin = "min.f16x2 a0, a0, max_val_f16x2;\n" +
		"                  min.f16x2 a1, a1, max_val_f16x2;"
	f16ToFP8e4b15ClampSelect = "setp.lt.f16x2  p0|p1, a0, max_val_f16x2;\n" +
		"                  setp.lt.f16x2  p2|p3, a1, max_val_f16x2;\n" +
		"                  mov.b32 {c0, c1}, a0;\n" +
		"                  mov.b32 {c2, c3}, a1;\n" +
		"                  selp.b16  c0, c0, max_val_f16, p0;\n" +
		"                  selp.b16  c1, c1, max_val_f16, p1;\n" +
		"                  selp.b16  c2, c2, max_val_f16, p2;\n" +
		"                  selp.b16  c3, c3, max_val_f16, p3;\n" +
		"                  mov.b32 a0, {c0, c1};\n" +
		"                  mov.b32 a1, {c2, c3};"
	f16ToFP8e4b15Tail = "mad.lo.u32 a0, a0, 2, 0x00800080;\n" +
		"              mad.lo.u32 a1, a1, 2, 0x00800080;\n" +
		"              lop3.b32 b0, $1, 0x80008000, a0, 0xea;\n" +
		"              lop3.b32 b1, $2, 0x80008000, a1, 0xea;\n" +
		"              prmt.b32 $0, b0, b1, 0x7531;\n" +
		"              }"
)

// convertCustomFP8 is the CUDA backend's convert_custom_float8 (cast
// calls it for any conversion from or to fp8e4b15). As there, widening
// yields fp16, then fp32 when asked for (other destinations keep fp16),
// and narrowing takes fp16 or fp32 (rounded to fp16 toward zero first).
func (g *gen) convertCustomFP8(x *Tensor, dst *DType) *Tensor {
	if !x.T.IsBlock() || x.T.Numel()%4 != 0 {
		// Triton builds the inline asm all the same; its verifier refuses it.
		what := "a scalar"
		if x.T.IsBlock() {
			what = fmt.Sprintf("a tensor of %d elements", x.T.Numel())
		}
		g.failCur("TypeError: converting %s to %s: fp8e4b15 converts four values at a time (inline PTX, four a register), and this is %s", x.T.Scalar(), dst.Scalar(), what)
	}
	if x.T.Scalar().IsFP8E4B15() {
		up := g.inlineAsm(fp8e4b15ToF16, "=r,=r,r", []*Tensor{x}, []*DType{FP16}, true, 4)[0]
		if dst.Scalar().Equal(FP32) {
			up = g.castTo(up, FP32, "")
		}
		return up
	}
	src := x.T.Scalar()
	if !src.Equal(FP16) && !src.Equal(FP32) {
		g.failCur("AssertionError: fp8e4b15 converts only from float16 or float32, not %s", src)
	}
	if src.Equal(FP32) {
		x = g.castTo(x, FP16, "rtz")
	}
	clamp := f16ToFP8e4b15ClampSelect
	if g.c.opts.capability() >= 80 {
		clamp = f16ToFP8e4b15ClampMin
	}
	asm := f16ToFP8e4b15Head + clamp + f16ToFP8e4b15Tail
	return g.inlineAsm(asm, "=r,r,r", []*Tensor{x}, []*DType{FP8E4B15}, true, 4)[0]
}

// castToElement converts a value to the element type of the memory access
// what (a store, a load's other, an atomic). The conversion of fp8e4b15
// to anything but fp32 yields fp16 (convertCustomFP8, as Triton's
// backend), which an access of another type cannot take: Triton builds
// the access and its verifier refuses it ("value type matches ptr
// type"); the front end says so at the access, in words.
func (g *gen) castToElement(x *Tensor, elt *DType, what string) *Tensor {
	out := g.castTo(x, elt, "")
	if got := out.T.Scalar(); !got.Equal(elt) {
		g.failCur("TypeError: %s of %s values through a pointer to %s: %s converts only to fp16 and fp32 (to %s here), not to %s; convert the value to fp32, then to %s",
			what, x.T.Scalar(), elt, x.T.Scalar(), got, elt, elt)
	}
	return out
}

// castToComputation converts a binary operation's operand to the type it
// computes in. fp8e4b15 becomes fp16 for any type but fp32 there too, and
// an fp64 operation would take fp16 and fp64 operands: refused here, as
// Triton's verifier refuses the op it builds.
func (g *gen) castToComputation(x *Tensor, ret *DType) *Tensor {
	out := g.castTo(x, ret, "")
	if got := out.T.Scalar(); !got.Equal(ret) {
		g.failCur("TypeError: this operation computes in %s, but %s converts only to fp16 and fp32 (to %s here); convert the operand to fp32 first",
			ret, x.T.Scalar(), got)
	}
	return out
}
