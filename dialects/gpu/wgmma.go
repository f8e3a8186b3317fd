package gpu

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Warpgroup matrix multiply-accumulate (Hopper, PTX wgmma.*, sm_90a):
//
//	gpu.wgmma_fence
//	%d:64 = gpu.wgmma m64n128k16 f32.f16.f16 %da, %db, %acc, [%c0, ..., %c63] {trans_b}
//	%e:32 = gpu.wgmma m64n64k16 f32.bf16.bf16 [%a0, %a1, %a2, %a3], %db, %false
//	gpu.wgmma_commit
//	%r:64 = gpu.wgmma_wait 0, %d0, ..., %d63 : f32, ..., f32
//	%desc = gpu.wgmma_desc %addr {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
//
// # gpu.wgmma
//
// The 128 threads of a warpgroup (four consecutive warps whose first warp
// index is a multiple of 4; w = warp index mod 4) issue together one
// asynchronous D = A*B + (scale_d ? C : 0) with A MxK, B KxN and C, D MxN,
// M = 64 (PTX wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype).
// Operands, in order: A (one i64 shared-memory descriptor, or four i32
// words of registers in brackets), B (an i64 descriptor), scale_d (i1; a
// constant becomes PTX's immediate), and optionally C in brackets; D has
// C's count and types. C may be left out only when scale_d is the
// constant false.
//
// Types (dtype.atype.btype), K, N and the registers per thread:
//
//	f16.f16.f16, f32.f16.f16, f32.bf16.bf16     K 16   N = 8..256 step 8
//	f32.tf32.tf32                               K 8    N = 8..256 step 8
//	{f16,f32}.{e4m3,e5m2}.{e4m3,e5m2}           K 32   N = 8..256 step 8
//	s32.{s8,u8}.{s8,u8} {satfinite}             K 32   N = 8, 16, 24, 32, 48..224 step 16
//
// C and D are 32-bit words: N/2 of them, f32 for f32 and i32 for s32
// accumulators; N/4 i32 words for f16 accumulators, word j holding
// elements 2j (low half) and 2j+1 (high half). Accumulator element i of a
// thread (lane l of warp w, g = l >> 2, t = l & 3) is
//
//	D[16w + g + 8*((i>>1)&1)][2t + (i&1) + 8*(i>>2)]
//
// A in registers is four i32 words per thread, PTX's register fragment:
// 16-bit types (k16) pack elements 2j, 2j+1 into word j with element i at
// row 16w + g + 8*((i>>1)&1), column 2t + (i&1) + 8*(i>>2); tf32 (k8) has
// one element per word, element i at row 16w + g + 8*(i&1), column
// t + 4*(i>>1); 8-bit types (k32) pack elements 4j..4j+3 into word j
// (element 4j in the low byte), element i at row 16w + g + 8*((i>>2)&1),
// column 4t + (i&3) + 16*(i>>3). Element types and arithmetic are those
// of gpu.mma_sync (tf32 ignores the 13 low mantissa bits, f32 sums have at
// least f32 precision in an unspecified order, s32 wraps unless
// `satfinite` clamps).
//
// Options: `trans_a` / `trans_b` (f16/bf16 with the operand in shared
// memory: read it MN-major instead of K-major), `neg_a` / `neg_b` (float
// types: negate every element, PTX imm-scale -1), `satfinite` (s32).
//
// Shared-memory operands: a descriptor d (see gpu.wgmma_desc) gives start
// = (d & 0x3FFF) << 4, LBO = ((d >> 16) & 0x3FFF) << 4, SBO = ((d >> 32) &
// 0x3FFF) << 4 (bytes), base offset (d >> 49) & 7 (tt always uses 0: the
// swizzle pattern is aligned to its repeat of 8*S bytes) and the swizzle
// width S = 16 (none, mode 0), 128 (mode 1), 64 (mode 2) or 32 (mode 3)
// bytes from d >> 62. The element at row r of the M (A) or N (B)
// dimension and k of K, of e bytes, is read at swizzle(start + off) with
//
//	K-major (the default; A is MxK row-major, B is NxK, i.e. KxN column-major):
//	  S = 16:  off = 16*(r%8) + SBO*(r/8) + LBO*(kb/16) + kb%16,  kb = k*e
//	  S > 16:  off = S*(r%8)  + SBO*(r/8) + kb                    (LBO unused)
//	MN-major (trans_a for A, trans_b for B):
//	  S = 16:  off = rb%16 + SBO*(rb/16) + 16*(k%8) + LBO*(k/8),   rb = r*e
//	  S > 16:  off = rb%S  + LBO*(rb/S)  + S*(k%8)  + SBO*(k/8)
//	swizzle(x) = x ^ (((x >> 7) & (S/16 - 1)) << 4)
//
// (the canonical layouts of the PTX ISA and CUTLASS's GMMA descriptors:
// 16-byte chunks of a row are XORed with the row within the 8-row atom).
// A K-slice of a wider tile is addressed by advancing start.
//
// # Asynchrony, groups and the tied wait
//
// A gpu.wgmma is issued at the op. It reads its shared-memory operands and
// its A and C registers at some unspecified time before its group
// retires, and its results D are *pending* until then. A pending value may
// only be (a) the C operand of a later gpu.wgmma of the same warpgroup
// (the hardware chains accumulations in issue order), (b) an operand of
// gpu.wgmma_wait, or (c) passed to a block argument; any other use reads
// registers the tensor core may still be writing (a race, undefined in
// PTX; a simulator reports it). Shared memory a pending wgmma reads must
// not be written before its group retires.
//
// gpu.wgmma_commit closes the wgmma ops the thread issued since its
// previous commit into a group. gpu.wgmma_wait N blocks until at most the
// N most recently committed groups of the thread are pending, retiring the
// older ones in order. Its results are its operands, value for value
// (Triton's warp_group_dot_wait): a result whose value was produced by a
// retired group is available; one still pending stays pending. Reading
// the accumulators through the wait's results is what orders those reads
// after the wait. The PTX emitter keeps a wait's results in its operands'
// registers and coalesces a loop's accumulator block arguments with the
// wgmma results flowing into them, so nothing touches the accumulator
// registers between issue and wait (ptxas serializes wgmma when anything
// does).
//
// gpu.wgmma_fence (PTX wgmma.fence.sync.aligned) orders the thread's
// earlier register writes before later wgmma ops: it must come between
// any op that defines a wgmma's A words or C accumulators (other than an
// earlier wgmma of the same shape) and that wgmma. It changes no value;
// the emitters keep it in place (it reads and writes all memory), and
// emit one themselves after copies they must make into a wgmma's
// registers.
//
// Shared memory reads of wgmma go through the async proxy: data written
// by ordinary stores (gpu.store, gpu.stmatrix, gpu.cp_async) must be
// followed by gpu.fence_proxy_async in the writing threads and a barrier
// before a wgmma reads it.
//
// # gpu.wgmma_desc
//
// %d = gpu.wgmma_desc %addr {swizzle = S, lbo = L, sbo = B} builds the
// 64-bit matrix descriptor of the shared-memory matrix at addr:
//
//	((addr & 0x3FFFF) >> 4) | ((L >> 4) << 16) | ((B >> 4) << 32) | (base_offset << 49) | (mode << 62)
//
// with mode 0 (S = 0: no swizzle), 1 (128), 2 (64) or 3 (32); L and B are
// multiples of 16 below 2^18, base_offset (default 0) is 0..7. It is
// Pure: plain integer arithmetic on the address.
var (
	WGMMAFenceOp  = Dialect.NewOp("wgmma_fence", 0)
	WGMMAOp       = Dialect.NewOp("wgmma", 0)
	WGMMACommitOp = Dialect.NewOp("wgmma_commit", 0)
	WGMMAWaitOp   = Dialect.NewOp("wgmma_wait", 0)
	WGMMADescOp   = Dialect.NewOp("wgmma_desc", ir.Pure)
)

var wgmmaOptions = []option{flag("trans_a"), flag("trans_b"), flag("neg_a"), flag("neg_b"), flag("satfinite")}

var wgmmaDescOptions = []option{
	intOpt("swizzle", 0, true),
	intOpt("lbo", 0, true),
	intOpt("sbo", 0, true),
	intOpt("base_offset", 0, false),
}

func init() {
	for _, def := range []*ir.OpDef{WGMMAFenceOp, WGMMACommitOp} {
		def.Parse = parseNoOperands
		def.Print = printNoOperands
		def.Verify = func(op *ir.Operation) error { return counts(op, 0, 0) }
		def.AppendEffects = orderingEffects
	}

	WGMMAOp.Inherent = append([]string{"shape", "d_type", "a_type", "b_type"}, inherentNames(wgmmaOptions)...)
	WGMMAOp.Parse = parseWGMMA
	WGMMAOp.Print = printWGMMA
	WGMMAOp.Verify = verifyWGMMA
	WGMMAOp.AppendEffects = orderingEffects

	WGMMAWaitOp.Inherent = []string{"pending"}
	WGMMAWaitOp.Parse = parseWGMMAWait
	WGMMAWaitOp.Print = printWGMMAWait
	WGMMAWaitOp.Verify = verifyWGMMAWait
	WGMMAWaitOp.AppendEffects = orderingEffects

	WGMMADescOp.Inherent = inherentNames(wgmmaDescOptions)
	WGMMADescOp.Parse = parseWGMMADesc
	WGMMADescOp.Print = printWGMMADesc
	WGMMADescOp.Verify = verifyWGMMADesc
}

// WGMMAAccWords returns the number of 32-bit accumulator words per thread
// of an m64nN wgmma with accumulator type d.
func WGMMAAccWords(s Shape, d MMAType) int {
	if d == MMAF16 {
		return s.N / 4
	}
	return s.N / 2
}

// WGMMAAccType is the IR type of one accumulator word.
func WGMMAAccType(ctx *ir.Context, d MMAType) ir.Type {
	if d == MMAF32 {
		return ir.F32Type(ctx)
	}
	return ir.I32(ctx)
}

// WGMMAOptions are the immediate options of a wgmma.
type WGMMAOptions struct {
	TransA, TransB bool
	NegA, NegB     bool
	Satfinite      bool
}

// WGMMAOptionsOf returns the options of a gpu.wgmma.
func WGMMAOptionsOf(op *ir.Operation) WGMMAOptions {
	return WGMMAOptions{
		TransA: op.Attr("trans_a") != nil, TransB: op.Attr("trans_b") != nil,
		NegA: op.Attr("neg_a") != nil, NegB: op.Attr("neg_b") != nil,
		Satfinite: op.Attr("satfinite") != nil,
	}
}

// IsFloat reports whether a wgmma's inputs are floats (it then takes the
// imm-scale operands).
func (t MMATypes) IsFloat() bool { return !t.A.IsInt8() }

// HasTrans reports whether the instruction takes imm-trans operands
// (f16 and bf16 only).
func (t MMATypes) HasTrans() bool { return t.A == MMAF16 || t.A == MMABF16 }

// Immediates returns the immediate operands PTX's wgmma.mma_async takes
// after scale-d, in order: imm-scale-a and imm-scale-b (1, or -1 to
// negate; float types), then imm-trans-a (A in shared memory only) and
// imm-trans-b (f16 and bf16 only).
func (o WGMMAOptions) Immediates(t MMATypes, aInRegs bool) []int {
	var imm []int
	scale := func(neg bool) int {
		if neg {
			return -1
		}
		return 1
	}
	flag := func(on bool) int {
		if on {
			return 1
		}
		return 0
	}
	if t.IsFloat() {
		imm = append(imm, scale(o.NegA), scale(o.NegB))
	}
	if t.HasTrans() {
		if !aInRegs {
			imm = append(imm, flag(o.TransA))
		}
		imm = append(imm, flag(o.TransB))
	}
	return imm
}

// WGMMAForm checks that a wgmma instruction exists, and says why not.
func WGMMAForm(s Shape, t MMATypes, aInRegs bool, o WGMMAOptions) error {
	if s.M != 64 {
		return fmt.Errorf("wgmma has M = 64, not %d", s.M)
	}
	k := 0
	switch {
	case t.A == MMAF16 && t.B == MMAF16 && (t.D == MMAF16 || t.D == MMAF32),
		t.A == MMABF16 && t.B == MMABF16 && t.D == MMAF32:
		k = 16
	case t.A == MMATF32 && t.B == MMATF32 && t.D == MMAF32:
		k = 8
	case t.A.IsFP8() && t.B.IsFP8() && (t.D == MMAF16 || t.D == MMAF32),
		t.A.IsInt8() && t.B.IsInt8() && t.D == MMAS32:
		k = 32
	default:
		return fmt.Errorf("wgmma has no form with types %s", t)
	}
	if s.K != k {
		return fmt.Errorf("wgmma with types %s has K = %d, not %d", t, k, s.K)
	}
	okN := s.N%8 == 0 && s.N >= 8 && s.N <= 256
	if t.A.IsInt8() {
		okN = s.N == 8 || s.N == 16 || s.N == 24 || s.N%16 == 0 && s.N >= 32 && s.N <= 224
	}
	if !okN {
		return fmt.Errorf("wgmma with types %s has no N = %d", t, s.N)
	}
	if (o.TransA || o.TransB) && !t.HasTrans() {
		return fmt.Errorf("only f16 and bf16 wgmma can transpose their operands")
	}
	if o.TransA && aInRegs {
		return fmt.Errorf("'trans_a' applies to an A operand in shared memory, not in registers")
	}
	if (o.NegA || o.NegB) && !t.IsFloat() {
		return fmt.Errorf("only float wgmma can negate their operands")
	}
	if o.Satfinite && t.D != MMAS32 {
		return fmt.Errorf("satfinite applies to integer (s32) wgmma only")
	}
	return nil
}

func parseWGMMA(p ir.OpParser, st *ir.OperationState) error {
	s, ts, err := parseShapeAndTypes(p, st)
	if err != nil {
		return err
	}
	ctx := p.Context()
	i1, i32, i64 := ir.I1(ctx), ir.I32(ctx), ir.I64(ctx)
	var ops []ir.Value
	if p.ParseOptionalLSquare() {
		// A in registers: `[%a0, %a1, %a2, %a3]`.
		loc := p.Loc()
		var us []ir.UnresolvedOperand
		if !p.ParseOptionalRSquare() {
			for {
				u, err := p.ParseOperand()
				if err != nil {
					return err
				}
				us = append(us, u)
				if !p.ParseOptionalComma() {
					break
				}
			}
			if err := p.ParseRSquare(); err != nil {
				return err
			}
		}
		if len(us) != 4 {
			return p.ErrorfAt(loc, "A in registers is 4 i32 words, got %d", len(us))
		}
		vs, err := p.ResolveOperands(us, []ir.Type{i32, i32, i32, i32})
		if err != nil {
			return err
		}
		ops = append(ops, vs...)
	} else {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, i64)
		if err != nil {
			return err
		}
		ops = append(ops, v)
	}
	for _, t := range []ir.Type{i64, i1} {
		if err := p.ParseComma(); err != nil {
			return err
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, t)
		if err != nil {
			return err
		}
		ops = append(ops, v)
	}
	n := WGMMAAccWords(s, ts.D)
	acc := WGMMAAccType(ctx, ts.D)
	if p.ParseOptionalComma() {
		vs, err := parseGroup(p, "C", n, acc)
		if err != nil {
			return err
		}
		ops = append(ops, vs...)
	}
	if err := parseOptions(p, st, wgmmaOptions); err != nil {
		return err
	}
	st.Operands = ops
	for i := 0; i < n; i++ {
		st.Types = append(st.Types, acc)
	}
	return nil
}

func printWGMMA(p ir.OpPrinter, op *ir.Operation) {
	v := WGMMAView{op}
	p.WriteString(" " + ShapeOf(op).String() + " " + TypesOf(op).String() + " ")
	if v.AInRegisters() {
		printGroup(p, v.A())
	} else {
		p.PrintOperand(v.A()[0])
	}
	p.WriteString(", ")
	p.PrintOperand(v.B())
	p.WriteString(", ")
	p.PrintOperand(v.ScaleD())
	if c := v.C(); len(c) > 0 {
		p.WriteString(", ")
		printGroup(p, c)
	}
	printOptions(p, op, wgmmaOptions)
}

func verifyWGMMA(op *ir.Operation) error {
	s, ts, err := verifyShapeAndTypes(op)
	if err != nil {
		return err
	}
	if err := verifyOptions(op, wgmmaOptions); err != nil {
		return err
	}
	if op.NumOperands() < 3 {
		return ir.OpErrorf(op, "expected A, B, scale_d and C operands, got %d operands", op.NumOperands())
	}
	v := WGMMAView{op}
	if err := WGMMAForm(s, ts, v.AInRegisters(), WGMMAOptionsOf(op)); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	ctx := op.Context()
	n := WGMMAAccWords(s, ts.D)
	acc := WGMMAAccType(ctx, ts.D)
	na := 1
	if v.AInRegisters() {
		na = 4
		if err := verifyElems(op, "A words", v.A(), 4, ir.I32(ctx)); err != nil {
			return err
		}
	} else if !ir.IsInteger(op.Operand(0).Type(), 64) {
		return ir.OpErrorf(op, "A must be an i64 descriptor or four i32 words, got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	if op.NumOperands() < na+2 {
		return ir.OpErrorf(op, "expected B and scale_d after A")
	}
	if !ir.IsInteger(v.B().Type(), 64) {
		return ir.OpErrorf(op, "B must be an i64 descriptor, got '%s'", asm.TypeString(v.B().Type()))
	}
	if !ir.IsInteger(v.ScaleD().Type(), 1) {
		return ir.OpErrorf(op, "scale_d must be i1, got '%s'", asm.TypeString(v.ScaleD().Type()))
	}
	if lo, hi := v.cRange(); lo == hi {
		if k, ok := ir.DefiningConstant(v.ScaleD()).(*ir.IntegerAttr); !ok || k.Int() != 0 {
			return ir.OpErrorf(op, "without C operands scale_d must be the constant false (D = A*B)")
		}
	} else if err := verifyOperandElems(op, "C words", lo, hi, n, acc); err != nil {
		return err
	}
	return verifyResultElems(op, n, acc)
}

// WGMMAView is a typed view of gpu.wgmma.
type WGMMAView struct{ *ir.Operation }

// AInRegisters reports whether A is four i32 words rather than a
// descriptor.
func (v WGMMAView) AInRegisters() bool { return ir.IsInteger(v.Operand(0).Type(), 32) }

func (v WGMMAView) na() int {
	if v.AInRegisters() {
		return 4
	}
	return 1
}

// A returns the descriptor of A, or its four words.
func (v WGMMAView) A() []ir.Value { return v.OperandRange(0, min(v.na(), v.NumOperands())) }

// B returns the descriptor of B.
func (v WGMMAView) B() ir.Value { return v.Operand(v.na()) }

// ScaleD returns the i1 that says whether C is added.
func (v WGMMAView) ScaleD() ir.Value { return v.Operand(v.na() + 1) }

// C returns the accumulator words (empty when left out).
func (v WGMMAView) C() []ir.Value { return v.OperandRange(v.cRange()) }

// cRange returns the operand indices of C, lo to hi-1.
func (v WGMMAView) cRange() (lo, hi int) { return min(v.na()+2, v.NumOperands()), v.NumOperands() }

// NewWGMMA builds `gpu.wgmma`: a is one i64 descriptor or four i32 words;
// c may be empty when scaleD is the constant false.
func NewWGMMA(b *ir.Builder, loc ir.Location, s Shape, ts MMATypes, o WGMMAOptions, a []ir.Value, bDesc, scaleD ir.Value, c []ir.Value) *ir.Operation {
	ops := append(append(append([]ir.Value{}, a...), bDesc, scaleD), c...)
	n := WGMMAAccWords(s, ts.D)
	res := make([]ir.Type, n)
	for i := range res {
		res[i] = WGMMAAccType(b.Ctx, ts.D)
	}
	attrs := append([]ir.NamedAttr{{Name: "shape", Value: shapeAttr(b.Ctx, s)}}, ts.attrs(b.Ctx)...)
	for _, f := range []struct {
		on   bool
		name string
	}{{o.TransA, "trans_a"}, {o.TransB, "trans_b"}, {o.NegA, "neg_a"}, {o.NegB, "neg_b"}, {o.Satfinite, "satfinite"}} {
		if f.on {
			attrs = append(attrs, ir.NamedAttr{Name: f.name, Value: ir.Unit(b.Ctx)})
		}
	}
	return b.CreateOp(WGMMAOp.Name, loc, ops, res, attrs...)
}

// NewWGMMAFence builds `gpu.wgmma_fence`.
func NewWGMMAFence(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp(WGMMAFenceOp.Name, loc, nil, nil)
}

// NewWGMMACommit builds `gpu.wgmma_commit`.
func NewWGMMACommit(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp(WGMMACommitOp.Name, loc, nil, nil)
}

// NewWGMMAWait builds `gpu.wgmma_wait pending, values...`; its results
// are the values, available once their groups retire.
func NewWGMMAWait(b *ir.Builder, loc ir.Location, pending int, values []ir.Value) *ir.Operation {
	ts := make([]ir.Type, len(values))
	for i, v := range values {
		ts[i] = v.Type()
	}
	return b.CreateOp(WGMMAWaitOp.Name, loc, values, ts, ir.NamedAttr{Name: "pending", Value: ir.I32Attr(b.Ctx, int64(pending))})
}

// parseWGMMAWait reads `N[, values...] [attrs] [: types]`.
func parseWGMMAWait(p ir.OpParser, st *ir.OperationState) error {
	n, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("pending", ir.I32Attr(p.Context(), n))
	var us []ir.UnresolvedOperand
	if p.ParseOptionalComma() {
		if us, err = p.ParseOperandList(ir.DelimNone); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if len(us) == 0 {
		return nil
	}
	loc := p.Loc()
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != len(us) {
		return p.ErrorfAt(loc, "%d operands but %d types", len(us), len(ts))
	}
	vals, err := p.ResolveOperands(us, ts)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = ts
	return nil
}

func printWGMMAWait(p ir.OpPrinter, op *ir.Operation) {
	p.Printf(" %d", Pending(op))
	if op.NumOperands() > 0 {
		p.WriteString(", ")
		p.PrintOperands(op.Operands())
	}
	p.PrintOptionalAttrDict(op.Attrs(), "pending")
	if op.NumOperands() > 0 {
		p.WriteString(" : ")
		p.PrintTypes(op.OperandTypes())
	}
}

func verifyWGMMAWait(op *ir.Operation) error {
	if err := verifyPending(op); err != nil {
		return err
	}
	if op.NumResults() != op.NumOperands() {
		return ir.OpErrorf(op, "has %d operands but %d results: the results are the operands", op.NumOperands(), op.NumResults())
	}
	for i := range op.NumOperands() {
		v := op.Operand(i)
		if v.Type() != op.Result(i).Type() {
			return ir.OpErrorf(op, "result #%d has type '%s' but operand #%d has type '%s'", i, asm.TypeString(op.Result(i).Type()), i, asm.TypeString(v.Type()))
		}
		if _, vec := v.Type().(*ir.VectorType); vec || bitWidth(v.Type()) != 32 {
			return ir.OpErrorf(op, "ties 32-bit registers (f32 or i32), got '%s'", asm.TypeString(v.Type()))
		}
	}
	return nil
}

func parseWGMMADesc(p ir.OpParser, st *ir.OperationState) error {
	return parseOneToOne(p, st, func(p ir.OpParser, st *ir.OperationState) error { return parseOptions(p, st, wgmmaDescOptions) })
}

func printWGMMADesc(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	printOptions(p, op, wgmmaDescOptions)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

// DescLayout is the layout part of a wgmma descriptor.
type DescLayout struct {
	Swizzle    int // 0 (none), 32, 64 or 128 bytes
	LBO, SBO   int // leading and stride byte offsets
	BaseOffset int
}

// DescLayoutOf returns the options of a gpu.wgmma_desc.
func DescLayoutOf(op *ir.Operation) DescLayout {
	return DescLayout{
		Swizzle: int(enumOf(op, "swizzle", 0)), LBO: int(enumOf(op, "lbo", 0)),
		SBO: int(enumOf(op, "sbo", 0)), BaseOffset: int(enumOf(op, "base_offset", 0)),
	}
}

// Mode is the descriptor's 2-bit swizzle mode.
func (l DescLayout) Mode() uint64 {
	switch l.Swizzle {
	case 128:
		return 1
	case 64:
		return 2
	case 32:
		return 3
	}
	return 0
}

// Bits returns the descriptor bits that do not depend on the address.
func (l DescLayout) Bits() uint64 {
	return uint64(l.LBO>>4)<<16 | uint64(l.SBO>>4)<<32 | uint64(l.BaseOffset)<<49 | l.Mode()<<62
}

func verifyWGMMADesc(op *ir.Operation) error {
	if err := counts(op, 1, 1); err != nil {
		return err
	}
	if err := verifyOptions(op, wgmmaDescOptions); err != nil {
		return err
	}
	for _, name := range []string{"swizzle", "lbo", "sbo"} {
		if op.Attr(name) == nil {
			return ir.OpErrorf(op, "requires option '%s'", name)
		}
	}
	if s, ok := spaceOf(op.Operand(0).Type()); !ok || s != SpaceShared {
		return ir.OpErrorf(op, "address must be an !llvm.ptr<3>, got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	if !ir.IsInteger(op.Result(0).Type(), 64) {
		return ir.OpErrorf(op, "result must be i64, got '%s'", asm.TypeString(op.Result(0).Type()))
	}
	l := DescLayoutOf(op)
	switch l.Swizzle {
	case 0, 32, 64, 128:
	default:
		return ir.OpErrorf(op, "swizzle must be 0 (none), 32, 64 or 128 bytes, not %d", l.Swizzle)
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"lbo", l.LBO}, {"sbo", l.SBO}} {
		if f.v < 0 || f.v%16 != 0 || f.v >= 1<<18 {
			return ir.OpErrorf(op, "%s must be a multiple of 16 below 2^18, not %d", f.name, f.v)
		}
	}
	if l.BaseOffset < 0 || l.BaseOffset > 7 {
		return ir.OpErrorf(op, "base_offset must be between 0 and 7, not %d", l.BaseOffset)
	}
	return nil
}

// NewWGMMADesc builds `gpu.wgmma_desc addr`.
func NewWGMMADesc(b *ir.Builder, loc ir.Location, addr ir.Value, l DescLayout) *ir.Operation {
	attrs := []ir.NamedAttr{
		{Name: "swizzle", Value: ir.I32Attr(b.Ctx, int64(l.Swizzle))},
		{Name: "lbo", Value: ir.I32Attr(b.Ctx, int64(l.LBO))},
		{Name: "sbo", Value: ir.I32Attr(b.Ctx, int64(l.SBO))},
	}
	if l.BaseOffset != 0 {
		attrs = append(attrs, ir.NamedAttr{Name: "base_offset", Value: ir.I32Attr(b.Ctx, int64(l.BaseOffset))})
	}
	return b.CreateOp(WGMMADescOp.Name, loc, []ir.Value{addr}, []ir.Type{ir.I64(b.Ctx)}, attrs...)
}
