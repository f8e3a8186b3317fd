package gpu

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// MMASyncOp is a warp-level matrix multiply-accumulate, PTX
// `mma.sync.aligned.mMnNkK.row.col{.satfinite}.dtype.atype.btype.ctype`:
//
//	%d0, %d1, %d2, %d3 = gpu.mma_sync m16n8k16 f32.f16.f16 [%a0, ..., %a7], [%b0, ..., %b3], [%c0, ..., %c3]
//	%e:4 = gpu.mma_sync m16n8k32 s32.s8.u8 [%a0, ..., %a15], [%b0, ..., %b7], [%c0, ..., %c3] {satfinite}
//
// The 32 lanes of a warp together compute D = A*B + C for an MxK matrix A
// (row-major), a KxN matrix B (column-major) and MxN matrices C and D. The
// keywords name the shape and the PTX types of D, A and B (C has D's
// type). Operands and results are matrix *elements*, not packed 32-bit
// registers: each lane passes the A, B and C elements it holds and gets
// its D elements, in the fragment order below. This matches the 1:N
// scalarization of the lowering (register i of a dot-operand or mma
// layout is element i of the fragment) and lets a simulator read typed
// values; the emitters pack pairs (16-bit) or quads (8-bit) of elements
// into the 32-bit registers PTX wants (free after ptxas) and unpack D.
//
// Element types: f16 -> f16, bf16 -> bf16, tf32 -> f32 (the f32 bits are
// passed; the tensor core ignores the 13 low mantissa bits), e4m3, e5m2
// -> i8 (the fp8 bit pattern: 8-bit floats live in i8 in per-thread IR,
// as in Triton's LLVM lowering), s8/u8 -> i8 (two's complement or
// unsigned bytes), f32 -> f32, s32 -> i32, f64 -> f64.
//
// The instructions, with their element counts per lane (A, B, C = D):
//
//	m16n8k8   f16.f16.f16, f32.f16.f16, f32.bf16.bf16      (4, 2, 4)   sm_80
//	m16n8k8   f32.tf32.tf32                                 (4, 2, 4)   sm_80
//	m16n8k16  f16.f16.f16, f32.f16.f16, f32.bf16.bf16      (8, 4, 4)   sm_80
//	m16n8k16  s32.{s8,u8}.{s8,u8} {satfinite}              (8, 4, 4)   sm_80
//	m16n8k32  s32.{s8,u8}.{s8,u8} {satfinite}              (16, 8, 4)  sm_80
//	m16n8k32  f32.{e4m3,e5m2}.{e4m3,e5m2}                  (16, 8, 4)  sm_89, PTX 8.4
//	m16n8k32  f16.{e4m3,e5m2}.{e4m3,e5m2}                  (16, 8, 4)  sm_89, PTX 8.7
//	m8n8k4    f64.f64.f64                                  (1, 1, 2)   sm_80
//	m16n8k4   f64.f64.f64                                  (2, 1, 4)   sm_90
//	m16n8k8   f64.f64.f64                                  (4, 2, 4)   sm_90
//	m16n8k16  f64.f64.f64                                  (8, 4, 4)   sm_90
//
// Fragments (PTX ISA 8.x, "Matrix fragments for mma.m16n8k*"), with
// g = lane >> 2 and t = lane & 3; element i of a lane's list is
//
//	C, D (every m16 shape):    row g + 8*(i>>1),        col 2t + (i&1)
//	A, 16-bit, k16:            row g + 8*((i>>1)&1),    col 2t + (i&1) + 8*(i>>2)
//	B, 16-bit, k16:            row (k) 2t + (i&1) + 8*(i>>1),  col (n) g
//	A, 16-bit, k8:             row g + 8*(i>>1),        col 2t + (i&1)
//	B, 16-bit, k8:             k 2t + i,                n g
//	A, tf32, k8:               row g + 8*(i&1),         col t + 4*(i>>1)
//	B, tf32, k8:               k t + 4*i,               n g
//	A, 8-bit, k32:             row g + 8*((i>>2)&1),    col 4t + (i&3) + 16*(i>>3)
//	B, 8-bit, k32:             k 4t + (i&3) + 16*(i>>2), n g
//	A, 8-bit, k16:             row g + 8*(i>>2),        col 4t + (i&3)
//	B, 8-bit, k16:             k 4t + i,                n g
//	A, f64, m16 (k4, k8, k16): row g + 8*(i&1),         col t + 4*(i>>1)
//	B, f64, m16:               k t + 4*i,               n g
//	A, B, f64, m8n8k4:         one element: A row g, k t; B k t, n g
//	C, D, f64, m8n8k4:         row g,                   col 2t + i
//
// Arithmetic: D[m][n] = C[m][n] + sum over k of A[m][k]*B[k][n]. Products
// of the inputs are exact; for f32 results the sum is accumulated with at
// least f32 precision in an unspecified order (a simulator may sum
// exactly and round once to f32); f16 results are rounded to nearest
// even. tf32 inputs are the f32 operands with the 13 low mantissa bits
// treated as zero. f64 results are IEEE double sums rounded to nearest
// even (the PTX ISA leaves their order open too; the simulator chains
// fused multiply-adds onto C in ascending k, as double-precision tensor
// cores do). For s32 results the sum wraps modulo 2^32, unless
// `satfinite` is set: then the exact result is clamped to [-2^31, 2^31-1].
// The op is warp-collective (`.sync.aligned`): every lane of the warp must
// execute it together, with the same attributes; it has no memory effects
// but is not speculatable.
var MMASyncOp = Dialect.NewOp("mma_sync", ir.NoMemoryEffect)

// MMAType is a PTX matrix element type (.atype, .btype, .dtype of mma and
// wgmma).
type MMAType int64

const (
	MMAInvalid MMAType = iota
	MMAF16
	MMABF16
	MMATF32
	MMAE4M3
	MMAE5M2
	MMAS8
	MMAU8
	MMAF32
	MMAS32
	MMAF64
)

// MMATypeEnum spells MMAType values as PTX type names.
var MMATypeEnum = &ir.EnumInfo{Name: "MMAType", Cases: []ir.EnumCase{
	{Keyword: "f16", Value: int64(MMAF16)}, {Keyword: "bf16", Value: int64(MMABF16)},
	{Keyword: "tf32", Value: int64(MMATF32)}, {Keyword: "e4m3", Value: int64(MMAE4M3)},
	{Keyword: "e5m2", Value: int64(MMAE5M2)}, {Keyword: "s8", Value: int64(MMAS8)},
	{Keyword: "u8", Value: int64(MMAU8)}, {Keyword: "f32", Value: int64(MMAF32)},
	{Keyword: "s32", Value: int64(MMAS32)}, {Keyword: "f64", Value: int64(MMAF64)},
}}

func (t MMAType) String() string { return MMATypeEnum.KeywordOf(int64(t)) }

// Bits is the size of one element.
func (t MMAType) Bits() int {
	switch t {
	case MMAF16, MMABF16:
		return 16
	case MMATF32, MMAF32, MMAS32:
		return 32
	case MMAE4M3, MMAE5M2, MMAS8, MMAU8:
		return 8
	case MMAF64:
		return 64
	}
	return 0
}

// ElemType is the IR type that carries one element of type t.
func (t MMAType) ElemType(ctx *ir.Context) ir.Type {
	switch t {
	case MMAF16:
		return ir.F16Type(ctx)
	case MMABF16:
		return ir.BF16Type(ctx)
	case MMATF32, MMAF32:
		return ir.F32Type(ctx)
	case MMAE4M3, MMAE5M2, MMAS8, MMAU8:
		return ir.I8(ctx)
	case MMAS32:
		return ir.I32(ctx)
	case MMAF64:
		return ir.F64Type(ctx)
	}
	return nil
}

// IsFP8 reports whether t is one of the 8-bit float types.
func (t MMAType) IsFP8() bool { return t == MMAE4M3 || t == MMAE5M2 }

// IsInt8 reports whether t is one of the 8-bit integer types.
func (t MMAType) IsInt8() bool { return t == MMAS8 || t == MMAU8 }

// Shape is an instruction shape MxNxK.
type Shape struct{ M, N, K int }

func (s Shape) String() string { return fmt.Sprintf("m%dn%dk%d", s.M, s.N, s.K) }

// parseShape reads `m16n8k16`.
func parseShape(kw string) (Shape, bool) {
	var s Shape
	rest, ok := strings.CutPrefix(kw, "m")
	if !ok {
		return s, false
	}
	m, rest, ok1 := strings.Cut(rest, "n")
	n, k, ok2 := strings.Cut(rest, "k")
	if !ok1 || !ok2 {
		return s, false
	}
	var err1, err2, err3 error
	s.M, err1 = strconv.Atoi(m)
	s.N, err2 = strconv.Atoi(n)
	s.K, err3 = strconv.Atoi(k)
	return s, err1 == nil && err2 == nil && err3 == nil && s.M > 0 && s.N > 0 && s.K > 0
}

// shapeAttr stores a shape as `array<i32: M, N, K>`.
func shapeAttr(ctx *ir.Context, s Shape) ir.Attribute {
	return ir.DenseI32Array(ctx, []int64{int64(s.M), int64(s.N), int64(s.K)})
}

// ShapeOf returns the `shape` of an mma_sync or wgmma (zero if malformed).
func ShapeOf(op *ir.Operation) Shape {
	a, ok := op.Attr("shape").(*ir.DenseArrayAttr)
	if !ok || len(a.Ints) != 3 {
		return Shape{}
	}
	return Shape{int(a.Ints[0]), int(a.Ints[1]), int(a.Ints[2])}
}

func mmaTypeOf(op *ir.Operation, name string) MMAType {
	return MMAType(enumOf(op, name, int64(MMAInvalid)))
}

// MMATypes are the PTX types of D, A and B of an mma_sync or wgmma.
type MMATypes struct{ D, A, B MMAType }

// String is `dtype.atype.btype`.
func (t MMATypes) String() string { return t.D.String() + "." + t.A.String() + "." + t.B.String() }

// TypesOf returns the element types of an mma_sync or wgmma.
func TypesOf(op *ir.Operation) MMATypes {
	return MMATypes{D: mmaTypeOf(op, "d_type"), A: mmaTypeOf(op, "a_type"), B: mmaTypeOf(op, "b_type")}
}

func parseMMATypes(kw string) (MMATypes, bool) {
	parts := strings.Split(kw, ".")
	if len(parts) != 3 {
		return MMATypes{}, false
	}
	var ts [3]MMAType
	for i, p := range parts {
		v, ok := MMATypeEnum.ValueOf(p)
		if !ok {
			return MMATypes{}, false
		}
		ts[i] = MMAType(v)
	}
	return MMATypes{D: ts[0], A: ts[1], B: ts[2]}, true
}

func (t MMATypes) attrs(ctx *ir.Context) []ir.NamedAttr {
	return []ir.NamedAttr{
		{Name: "d_type", Value: enumAttr(ctx, t.D)},
		{Name: "a_type", Value: enumAttr(ctx, t.A)},
		{Name: "b_type", Value: enumAttr(ctx, t.B)},
	}
}

// MMAForm is what an mma_sync instruction needs from the target.
type MMAForm struct {
	MinSM  int // lowest compute capability with the instruction
	MinPTX int // lowest PTX version (major*10+minor), 0 for PTX 8.0's
}

// MMASyncForm returns the requirements of an mma.sync instruction, or an
// error saying why the combination does not exist.
func MMASyncForm(s Shape, t MMATypes, satfinite bool) (MMAForm, error) {
	if t.A == MMAF64 || t.B == MMAF64 || t.D == MMAF64 {
		return f64MMAForm(s, t, satfinite)
	}
	if s.M != 16 || s.N != 8 || s.K != 8 && s.K != 16 && s.K != 32 {
		return MMAForm{}, fmt.Errorf("unsupported mma shape %s (want m16n8k8, m16n8k16 or m16n8k32)", s)
	}
	same := t.A == t.B
	ok := false
	form := MMAForm{MinSM: 80}
	switch {
	case t.A.IsInt8() && t.B.IsInt8():
		ok = t.D == MMAS32 && (s.K == 16 || s.K == 32)
	case t.A.IsFP8() && t.B.IsFP8():
		ok = s.K == 32 && (t.D == MMAF32 || t.D == MMAF16)
		form = MMAForm{MinSM: 89, MinPTX: 84}
		if t.D == MMAF16 {
			form.MinPTX = 87
		}
	case same && t.A == MMAF16:
		ok = (s.K == 8 || s.K == 16) && (t.D == MMAF16 || t.D == MMAF32)
	case same && t.A == MMABF16:
		ok = (s.K == 8 || s.K == 16) && t.D == MMAF32
	case same && t.A == MMATF32:
		ok = s.K == 8 && t.D == MMAF32
	}
	if !ok {
		return MMAForm{}, fmt.Errorf("mma.sync has no %s form with types %s", s, t)
	}
	if satfinite && t.D != MMAS32 {
		return MMAForm{}, fmt.Errorf("satfinite applies to integer (s32) mma only")
	}
	return form, nil
}

// f64MMAForm: double precision exists as m8n8k4 from sm_80 (PTX 7.0,
// inside PTX 8.0's baseline) and as m16n8k4, m16n8k8 and m16n8k16 from
// sm_90 (PTX 7.8), all f64.f64.f64.
func f64MMAForm(s Shape, t MMATypes, satfinite bool) (MMAForm, error) {
	if t.A != MMAF64 || t.B != MMAF64 || t.D != MMAF64 {
		return MMAForm{}, fmt.Errorf("mma.sync has no %s form with types %s (f64 multiplies f64 only)", s, t)
	}
	if satfinite {
		return MMAForm{}, fmt.Errorf("satfinite applies to integer (s32) mma only")
	}
	switch {
	case s == Shape{M: 8, N: 8, K: 4}:
		return MMAForm{MinSM: 80}, nil
	case s.M == 16 && s.N == 8 && (s.K == 4 || s.K == 8 || s.K == 16):
		return MMAForm{MinSM: 90}, nil
	}
	return MMAForm{}, fmt.Errorf("unsupported f64 mma shape %s (want m8n8k4, or m16n8k4, m16n8k8 or m16n8k16 on sm_90)", s)
}

// MMASyncCounts returns the number of A, B and C (= D) elements per lane
// of an mMnNkK mma.sync.
func MMASyncCounts(s Shape) (a, b, c int) {
	return s.M * s.K / 32, s.K * s.N / 32, s.M * s.N / 32
}

var mmaOptions = []option{flag("satfinite")}

func init() {
	MMASyncOp.Inherent = append([]string{"shape", "d_type", "a_type", "b_type"}, inherentNames(mmaOptions)...)
	MMASyncOp.Parse = parseMMASync
	MMASyncOp.Print = printMMASync
	MMASyncOp.Verify = verifyMMASync
}

// parseShapeAndTypes reads `mMnNkK dtype.atype.btype` into st.
func parseShapeAndTypes(p ir.OpParser, st *ir.OperationState) (Shape, MMATypes, error) {
	loc := p.Loc()
	kw, err := p.ParseKeyword()
	if err != nil {
		return Shape{}, MMATypes{}, err
	}
	s, ok := parseShape(kw)
	if !ok {
		return Shape{}, MMATypes{}, p.ErrorfAt(loc, "expected a shape such as m16n8k16, got '%s'", kw)
	}
	loc = p.Loc()
	kw, err = p.ParseKeyword()
	if err != nil {
		return Shape{}, MMATypes{}, err
	}
	ts, ok := parseMMATypes(kw)
	if !ok {
		return Shape{}, MMATypes{}, p.ErrorfAt(loc, "expected dtype.atype.btype with types among [%s], got '%s'", keywords(MMATypeEnum), kw)
	}
	ctx := p.Context()
	st.AddAttr("shape", shapeAttr(ctx, s))
	for _, a := range ts.attrs(ctx) {
		st.AddAttr(a.Name, a.Value)
	}
	return s, ts, nil
}

// parseGroup reads a bracketed operand list of n values of type t.
func parseGroup(p ir.OpParser, what string, n int, t ir.Type) ([]ir.Value, error) {
	loc := p.Loc()
	us, err := p.ParseOperandList(ir.DelimSquare)
	if err != nil {
		return nil, err
	}
	if len(us) != n {
		return nil, p.ErrorfAt(loc, "expected %d %s elements, got %d", n, what, len(us))
	}
	ts := make([]ir.Type, n)
	for i := range ts {
		ts[i] = t
	}
	return p.ResolveOperands(us, ts)
}

func parseMMASync(p ir.OpParser, st *ir.OperationState) error {
	s, ts, err := parseShapeAndTypes(p, st)
	if err != nil {
		return err
	}
	if _, err := MMASyncForm(s, ts, false); err != nil {
		return p.Errorf("%v", err)
	}
	ctx := p.Context()
	na, nb, nc := MMASyncCounts(s)
	ops, err := parseABC(p, elemGroup{na, ts.A.ElemType(ctx)}, elemGroup{nb, ts.B.ElemType(ctx)}, elemGroup{nc, ts.D.ElemType(ctx)})
	if err != nil {
		return err
	}
	if err := parseOptions(p, st, mmaOptions); err != nil {
		return err
	}
	st.Operands = ops
	for i := 0; i < nc; i++ {
		st.Types = append(st.Types, ts.D.ElemType(ctx))
	}
	return nil
}

// elemGroup is one of the bracketed element lists of an MMA op: n values
// of type t.
type elemGroup struct {
	n int
	t ir.Type
}

// parseABC reads the A, B and C element lists `[..], [..], [..]`.
func parseABC(p ir.OpParser, a, b, c elemGroup) ([]ir.Value, error) {
	var ops []ir.Value
	for i, g := range []elemGroup{a, b, c} {
		if i > 0 {
			if err := p.ParseComma(); err != nil {
				return nil, err
			}
		}
		vs, err := parseGroup(p, "ABC"[i:i+1], g.n, g.t)
		if err != nil {
			return nil, err
		}
		ops = append(ops, vs...)
	}
	return ops, nil
}

// printABC prints the A, B and C element lists.
func printABC(p ir.OpPrinter, a, b, c []ir.Value) {
	printGroup(p, a)
	p.WriteString(", ")
	printGroup(p, b)
	p.WriteString(", ")
	printGroup(p, c)
}

func printGroup(p ir.OpPrinter, vs []ir.Value) {
	p.WriteString("[")
	p.PrintOperands(vs)
	p.WriteString("]")
}

func printMMASync(p ir.OpPrinter, op *ir.Operation) {
	v := MMASyncView{op}
	p.WriteString(" " + ShapeOf(op).String() + " " + TypesOf(op).String() + " ")
	printABC(p, v.A(), v.B(), v.C())
	printOptions(p, op, mmaOptions)
}

// verifyShapeAndTypes checks that the shape and type attributes are there.
func verifyShapeAndTypes(op *ir.Operation) (Shape, MMATypes, error) {
	s := ShapeOf(op)
	if s == (Shape{}) {
		return s, MMATypes{}, ir.OpErrorf(op, "requires attribute 'shape' (array<i32: M, N, K>)")
	}
	for _, name := range []string{"d_type", "a_type", "b_type"} {
		if a := op.Attr(name); a == nil || !MMATypeEnum.Valid(a) {
			return s, MMATypes{}, ir.OpErrorf(op, "requires attribute '%s' (one of %s)", name, keywords(MMATypeEnum))
		}
	}
	return s, TypesOf(op), nil
}

// verifyElems checks that vs are n values of type t.
func verifyElems(op *ir.Operation, what string, vs []ir.Value, n int, t ir.Type) error {
	return verifyElemTypes(op, what, len(vs), func(i int) ir.Type { return vs[i].Type() }, n, t)
}

// verifyOperandElems is verifyElems of op's operands lo to hi-1, without
// listing them (a wgmma's accumulator is up to 128 operands).
func verifyOperandElems(op *ir.Operation, what string, lo, hi, n int, t ir.Type) error {
	return verifyElemTypes(op, what, hi-lo, func(i int) ir.Type { return op.Operand(lo + i).Type() }, n, t)
}

// verifyResultElems is verifyElems of op's results, without listing them.
func verifyResultElems(op *ir.Operation, n int, t ir.Type) error {
	return verifyElemTypes(op, "results", op.NumResults(), func(i int) ir.Type { return op.Result(i).Type() }, n, t)
}

// verifyElemTypes checks that there are n elements, each of type t.
func verifyElemTypes(op *ir.Operation, what string, count int, typeOf func(int) ir.Type, n int, t ir.Type) error {
	if count != n {
		return ir.OpErrorf(op, "expected %d %s, got %d", n, what, count)
	}
	for i := range count {
		if et := typeOf(i); et != t {
			return ir.OpErrorf(op, "%s #%d has type '%s', expected '%s'", what, i, asm.TypeString(et), asm.TypeString(t))
		}
	}
	return nil
}

func verifyMMASync(op *ir.Operation) error {
	s, ts, err := verifyShapeAndTypes(op)
	if err != nil {
		return err
	}
	if err := verifyOptions(op, mmaOptions); err != nil {
		return err
	}
	if _, err := MMASyncForm(s, ts, op.Attr("satfinite") != nil); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	na, nb, nc := MMASyncCounts(s)
	if op.NumOperands() != na+nb+nc {
		return ir.OpErrorf(op, "%s takes %d A, %d B and %d C elements (%d operands), got %d operands", s, na, nb, nc, na+nb+nc, op.NumOperands())
	}
	ctx := op.Context()
	v := MMASyncView{op}
	if err := verifyElems(op, "A elements", v.A(), na, ts.A.ElemType(ctx)); err != nil {
		return err
	}
	if err := verifyElems(op, "B elements", v.B(), nb, ts.B.ElemType(ctx)); err != nil {
		return err
	}
	if err := verifyElems(op, "C elements", v.C(), nc, ts.D.ElemType(ctx)); err != nil {
		return err
	}
	return verifyResultElems(op, nc, ts.D.ElemType(ctx))
}

// MMASyncView is a typed view of gpu.mma_sync.
type MMASyncView struct{ *ir.Operation }

func (v MMASyncView) counts() (int, int, int) { return MMASyncCounts(ShapeOf(v.Operation)) }

// A returns the lane's A elements.
func (v MMASyncView) A() []ir.Value {
	na, _, _ := v.counts()
	return v.OperandRange(0, min(na, v.NumOperands()))
}

// B returns the lane's B elements.
func (v MMASyncView) B() []ir.Value {
	na, nb, _ := v.counts()
	ops := v.Operands()
	return ops[min(na, len(ops)):min(na+nb, len(ops))]
}

// C returns the lane's accumulator elements.
func (v MMASyncView) C() []ir.Value {
	na, nb, _ := v.counts()
	ops := v.Operands()
	return ops[min(na+nb, len(ops)):]
}

// Satfinite reports whether an integer mma saturates.
func (v MMASyncView) Satfinite() bool { return v.Attr("satfinite") != nil }

// NewMMASync builds `gpu.mma_sync`: a, b and c are the lane's elements of
// A, B and C in fragment order.
func NewMMASync(b *ir.Builder, loc ir.Location, s Shape, ts MMATypes, satfinite bool, a, bv, c []ir.Value) *ir.Operation {
	ops := append(append(append([]ir.Value{}, a...), bv...), c...)
	res := make([]ir.Type, len(c))
	for i := range res {
		res[i] = ts.D.ElemType(b.Ctx)
	}
	attrs := append([]ir.NamedAttr{{Name: "shape", Value: shapeAttr(b.Ctx, s)}}, ts.attrs(b.Ctx)...)
	if satfinite {
		attrs = append(attrs, ir.NamedAttr{Name: "satfinite", Value: ir.Unit(b.Ctx)})
	}
	return b.CreateOp(MMASyncOp.Name, loc, ops, res, attrs...)
}
