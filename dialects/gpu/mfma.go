package gpu

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// MFMAOp is a wavefront-level matrix fused multiply-add of AMD's CDNA
// GPUs, `v_mfma_<dtype>_<M>x<N>x<K>_<type>` (LLVM's llvm.amdgcn.mfma.*):
//
//	%d:16 = gpu.mfma m32n32k8 f32.f16.f16 [%a0, ..., %a3], [%b0, ..., %b3], [%c0, ..., %c15]
//	%e:4 = gpu.mfma m16n16k32 i32.i8.i8 [%a0, ..., %a7], [%b0, ..., %b7], [%c0, ..., %c3]
//
// The 64 lanes of a wavefront together compute D = A*B + C for an MxK
// matrix A, a KxN matrix B and MxN matrices C and D, M = N = 32 or 16
// (one block; the multi-block 4x4 forms are not modelled). Operands and
// results are matrix elements, as for gpu.mma_sync: each lane passes its
// kBase A and B elements and its M*N/64 C elements and gets its D
// elements; the emitter packs them into the intrinsic's vectors.
//
// kBase = K*M/64 (the lanes split K into 64/M groups). With g = lane / M
// the lane's K group, element i of a lane's list is
//
//	A:             row lane % M,                 k g*kBase + i
//	B:             k g*kBase + i,                col lane % N
//	C, D (M = 32): row 8*(i/4) + 4*g + i%4,      col lane % 32
//	C, D (M = 16): row 4*g + i,                  col lane % 16
//
// Types (dtype.atype.btype), element IR types, and the forms (CDNA3):
//
//	f32.f16.f16     f16                32x32x8, 16x16x16
//	f32.bf16.bf16   bf16               32x32x8, 16x16x16   (the _1k forms)
//	f32.f32.f32     f32                32x32x2, 16x16x4
//	f32.xf32.xf32   f32                32x32x4, 16x16x8    (gfx942)
//	i32.i8.i8       i8                 32x32x16, 16x16x32  (gfx942)
//	f32.{fp8,bf8}.{fp8,bf8}  i8 bits   32x32x16, 16x16x32  (gfx942; fp8 is
//	                                   e4m3fnuz, bf8 e5m2fnuz)
//	f32.f16.f16     f16                32x32x16, 16x16x32  (gfx950: CDNA4's
//	                                   double-rate forms, kBase 8)
//
// Arithmetic: D[m][n] = C[m][n] + sum over k of A[m][k]*B[k][n]. Products
// are exact; the f32 sum is accumulated with at least f32 precision in an
// unspecified order (a simulator may sum exactly and round once); xf32
// inputs are the f32 values with the 13 low mantissa bits treated as
// zero; the i32 sum wraps modulo 2^32. The op is wavefront-collective:
// every lane must execute it together; it has no memory effects but is
// not speculatable.
var MFMAOp = Dialect.NewOp("mfma", ir.NoMemoryEffect)

// MFMAType is an MFMA element type.
type MFMAType int64

const (
	MFMAInvalid MFMAType = iota
	MFMAF16
	MFMABF16
	MFMAF32
	MFMAXF32
	MFMAI8
	MFMAFP8 // e4m3fnuz
	MFMABF8 // e5m2fnuz
	MFMAI32
)

// MFMATypeEnum spells MFMAType values as in the ISA's instruction names.
var MFMATypeEnum = &ir.EnumInfo{Name: "MFMAType", Cases: []ir.EnumCase{
	{Keyword: "f16", Value: int64(MFMAF16)}, {Keyword: "bf16", Value: int64(MFMABF16)},
	{Keyword: "f32", Value: int64(MFMAF32)}, {Keyword: "xf32", Value: int64(MFMAXF32)},
	{Keyword: "i8", Value: int64(MFMAI8)}, {Keyword: "fp8", Value: int64(MFMAFP8)},
	{Keyword: "bf8", Value: int64(MFMABF8)}, {Keyword: "i32", Value: int64(MFMAI32)},
}}

func (t MFMAType) String() string { return MFMATypeEnum.KeywordOf(int64(t)) }

// Bits is the size of one element.
func (t MFMAType) Bits() int {
	switch t {
	case MFMAF16, MFMABF16:
		return 16
	case MFMAF32, MFMAXF32, MFMAI32:
		return 32
	case MFMAI8, MFMAFP8, MFMABF8:
		return 8
	}
	return 0
}

// ElemType is the IR type that carries one element of type t (8-bit
// floats travel as their i8 bit patterns).
func (t MFMAType) ElemType(ctx *ir.Context) ir.Type {
	switch t {
	case MFMAF16:
		return ir.F16Type(ctx)
	case MFMABF16:
		return ir.BF16Type(ctx)
	case MFMAF32, MFMAXF32:
		return ir.F32Type(ctx)
	case MFMAI8, MFMAFP8, MFMABF8:
		return ir.I8(ctx)
	case MFMAI32:
		return ir.I32(ctx)
	}
	return nil
}

// IsFP8 reports whether t is one of the 8-bit float types.
func (t MFMAType) IsFP8() bool { return t == MFMAFP8 || t == MFMABF8 }

// MFMATypes are the types of D, A and B of a gpu.mfma.
type MFMATypes struct{ D, A, B MFMAType }

// String is `dtype.atype.btype`.
func (t MFMATypes) String() string { return t.D.String() + "." + t.A.String() + "." + t.B.String() }

// MFMAForm is an MFMA instruction: its element counts per lane and the
// LLVM intrinsic that runs it.
type MFMAForm struct {
	KBase, NumC int
	Intrinsic   string
	// GFX942 marks the forms CDNA3 introduced (xf32, i8 with K 16/32,
	// fp8); the others run on CDNA2 (gfx90a) too.
	GFX942 bool
	// GFX950 marks the forms CDNA4 introduced (the double-rate f16
	// ones), which run on gfx950 only.
	GFX950 bool
}

// MFMAFormOf returns the instruction of a shape and types, or why there
// is none.
func MFMAFormOf(s Shape, t MFMATypes) (MFMAForm, error) {
	if s.M != s.N || s.M != 32 && s.M != 16 {
		return MFMAForm{}, fmt.Errorf("unsupported mfma shape %s (want 32x32xK or 16x16xK)", s)
	}
	big := s.M == 32
	pick := func(k32, k16 int) bool { return big && s.K == k32 || !big && s.K == k16 }
	name := ""
	gfx942, gfx950 := false, false
	switch {
	case t.D == MFMAF32 && t.A == MFMAF16 && t.B == MFMAF16 && pick(8, 16):
		name = fmt.Sprintf("f32.%dx%dx%df16", s.M, s.N, s.K)
	case t.D == MFMAF32 && t.A == MFMAF16 && t.B == MFMAF16 && pick(16, 32):
		// v_mfma_f32_32x32x16_f16, v_mfma_f32_16x16x32_f16: LLVM spells
		// them with a dot before the type, unlike the older forms.
		name, gfx942, gfx950 = fmt.Sprintf("f32.%dx%dx%d.f16", s.M, s.N, s.K), true, true
	case t.D == MFMAF32 && t.A == MFMABF16 && t.B == MFMABF16 && pick(8, 16):
		name = fmt.Sprintf("f32.%dx%dx%dbf16.1k", s.M, s.N, s.K)
	case t.D == MFMAF32 && t.A == MFMAF32 && t.B == MFMAF32 && pick(2, 4):
		name = fmt.Sprintf("f32.%dx%dx%df32", s.M, s.N, s.K)
	case t.D == MFMAF32 && t.A == MFMAXF32 && t.B == MFMAXF32 && pick(4, 8):
		name, gfx942 = fmt.Sprintf("f32.%dx%dx%d.xf32", s.M, s.N, s.K), true
	case t.D == MFMAI32 && t.A == MFMAI8 && t.B == MFMAI8 && pick(16, 32):
		name, gfx942 = fmt.Sprintf("i32.%dx%dx%d.i8", s.M, s.N, s.K), true
	case t.D == MFMAF32 && t.A.IsFP8() && t.B.IsFP8() && pick(16, 32):
		name, gfx942 = fmt.Sprintf("f32.%dx%dx%d.%s.%s", s.M, s.N, s.K, t.A, t.B), true
	}
	if name == "" {
		return MFMAForm{}, fmt.Errorf("there is no mfma %s with types %s", s, t)
	}
	return MFMAForm{KBase: s.K * s.M / 64, NumC: s.M * s.N / 64, Intrinsic: "llvm.amdgcn.mfma." + name, GFX942: gfx942, GFX950: gfx950}, nil
}

// MFMAElem gives, for lane `lane` and element i of operand A ("a"), B
// ("b") or the accumulator ("c"), the (row, col) of the element in the
// instruction's matrix (for B: k, n).
func MFMAElem(s Shape, kBase int, which byte, lane, i int) (row, col int) {
	g := lane / s.M
	switch which {
	case 'a':
		return lane % s.M, g*kBase + i
	case 'b':
		return g*kBase + i, lane % s.N
	}
	if s.M == 32 {
		return 8*(i/4) + 4*g + i%4, lane % 32
	}
	return 4*g + i, lane % 16
}

// MFMATypesOf returns the element types of a gpu.mfma.
func MFMATypesOf(op *ir.Operation) MFMATypes {
	get := func(name string) MFMAType { return MFMAType(enumOf(op, name, int64(MFMAInvalid))) }
	return MFMATypes{D: get("d_type"), A: get("a_type"), B: get("b_type")}
}

func (t MFMATypes) attrs(ctx *ir.Context) []ir.NamedAttr {
	return []ir.NamedAttr{
		{Name: "d_type", Value: enumAttr(ctx, t.D)},
		{Name: "a_type", Value: enumAttr(ctx, t.A)},
		{Name: "b_type", Value: enumAttr(ctx, t.B)},
	}
}

// MFMAView is a typed view of gpu.mfma.
type MFMAView struct{ *ir.Operation }

func (v MFMAView) split() (a, b, c []ir.Value) {
	ops := v.Operands()
	f, err := MFMAFormOf(ShapeOf(v.Operation), MFMATypesOf(v.Operation))
	if err != nil || len(ops) < 2*f.KBase {
		return nil, nil, ops
	}
	return ops[:f.KBase], ops[f.KBase : 2*f.KBase], ops[2*f.KBase:]
}

// A returns the lane's A elements.
func (v MFMAView) A() []ir.Value { a, _, _ := v.split(); return a }

// B returns the lane's B elements.
func (v MFMAView) B() []ir.Value { _, b, _ := v.split(); return b }

// C returns the lane's accumulator elements.
func (v MFMAView) C() []ir.Value { _, _, c := v.split(); return c }

// NewMFMA builds `gpu.mfma`: a, b and c are the lane's elements in the
// order MFMAElem gives.
func NewMFMA(b *ir.Builder, loc ir.Location, s Shape, ts MFMATypes, a, bv, c []ir.Value) *ir.Operation {
	ops := append(append(append([]ir.Value{}, a...), bv...), c...)
	res := make([]ir.Type, len(c))
	for i := range res {
		res[i] = ts.D.ElemType(b.Ctx)
	}
	attrs := append([]ir.NamedAttr{{Name: "shape", Value: shapeAttr(b.Ctx, s)}}, ts.attrs(b.Ctx)...)
	return b.CreateOp(MFMAOp.Name, loc, ops, res, attrs...)
}

func init() {
	MFMAOp.Inherent = []string{"shape", "d_type", "a_type", "b_type"}
	MFMAOp.Parse = parseMFMA
	MFMAOp.Print = printMFMA
	MFMAOp.Verify = verifyMFMA
}

func parseMFMA(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	kw, err := p.ParseKeyword()
	if err != nil {
		return err
	}
	s, ok := parseShape(kw)
	if !ok {
		return p.ErrorfAt(loc, "expected an mfma shape such as m32n32k8, got '%s'", kw)
	}
	loc = p.Loc()
	kw, err = p.ParseKeyword()
	if err != nil {
		return err
	}
	parts := strings.Split(kw, ".")
	var ts [3]MFMAType
	if len(parts) == 3 {
		for i, part := range parts {
			v, ok := MFMATypeEnum.ValueOf(part)
			if !ok {
				parts = nil
				break
			}
			ts[i] = MFMAType(v)
		}
	}
	if len(parts) != 3 {
		return p.ErrorfAt(loc, "expected dtype.atype.btype with types among [%s], got '%s'", keywords(MFMATypeEnum), kw)
	}
	types := MFMATypes{D: ts[0], A: ts[1], B: ts[2]}
	f, err := MFMAFormOf(s, types)
	if err != nil {
		return p.Errorf("%v", err)
	}
	ctx := p.Context()
	st.AddAttr("shape", shapeAttr(ctx, s))
	for _, a := range types.attrs(ctx) {
		st.AddAttr(a.Name, a.Value)
	}
	ops, err := parseABC(p, elemGroup{f.KBase, types.A.ElemType(ctx)}, elemGroup{f.KBase, types.B.ElemType(ctx)}, elemGroup{f.NumC, types.D.ElemType(ctx)})
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	st.Operands = ops
	for i := 0; i < f.NumC; i++ {
		st.Types = append(st.Types, types.D.ElemType(ctx))
	}
	return nil
}

func printMFMA(p ir.OpPrinter, op *ir.Operation) {
	v := MFMAView{op}
	p.WriteString(" " + ShapeOf(op).String() + " " + MFMATypesOf(op).String() + " ")
	printABC(p, v.A(), v.B(), v.C())
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
}

func verifyMFMA(op *ir.Operation) error {
	s := ShapeOf(op)
	if s == (Shape{}) {
		return ir.OpErrorf(op, "requires attribute 'shape' (array<i32: M, N, K>)")
	}
	for _, name := range []string{"d_type", "a_type", "b_type"} {
		if a := op.Attr(name); a == nil || !MFMATypeEnum.Valid(a) {
			return ir.OpErrorf(op, "requires attribute '%s' (one of %s)", name, keywords(MFMATypeEnum))
		}
	}
	ts := MFMATypesOf(op)
	f, err := MFMAFormOf(s, ts)
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	if op.NumOperands() != 2*f.KBase+f.NumC {
		return ir.OpErrorf(op, "%s takes %d A, %d B and %d C elements, got %d operands", s, f.KBase, f.KBase, f.NumC, op.NumOperands())
	}
	ctx := op.Context()
	v := MFMAView{op}
	if err := verifyElems(op, "A elements", v.A(), f.KBase, ts.A.ElemType(ctx)); err != nil {
		return err
	}
	if err := verifyElems(op, "B elements", v.B(), f.KBase, ts.B.ElemType(ctx)); err != nil {
		return err
	}
	if err := verifyElems(op, "C elements", v.C(), f.NumC, ts.D.ElemType(ctx)); err != nil {
		return err
	}
	return verifyResultElems(op, f.NumC, ts.D.ElemType(ctx))
}
