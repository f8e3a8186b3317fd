package amd

import (
	"flag"
	"fmt"

	"github.com/ttcompiler/tt/analysis/slices"
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-accelerate-matmul",
		DisplayName: "TritonAMDGPUAccelerateMatmul",
		Summary:     "accelerate matmul",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			o := MatmulOptions{KPack: 1}
			fs.StringVar(&o.Arch, "arch-generation-name", "", "GFX generation name of target device.")
			fs.IntVar(&o.MatrixInstructionSize, "matrix-instruction-size", 0, "enforce matrix instruction MN size")
			fs.IntVar(&o.KPack, "kPack", 1, "KWidth / kBase")
			return func(op *ir.Operation, st *passmgr.State) error { return AccelerateMatmul(op, o, st.Emit) }
		},
	})
}

// MatmulOptions are tritonamdgpu-accelerate-matmul's options.
type MatmulOptions struct {
	// Arch is the GFX architecture ("gfx942").
	Arch string
	// MatrixInstructionSize forces the M and N of the MFMA (16 or 32);
	// 0 lets the result shape decide.
	MatrixInstructionSize int
	// KPack multiplies the K elements each lane reads per operand load
	// (kWidth = kBase * kPack), for wider LDS reads.
	KPack int
}

// AccelerateMatmul is Triton 3.6's tritonamdgpu-accelerate-matmul: every
// tt.dot with a blocked result that an MFMA (CDNA) or WMMA (RDNA)
// instruction can compute gets an amd_mfma / amd_wmma result layout and
// dot_op operands whose kWidth is the instruction's kBase (times kPack);
// operands the instruction cannot read as they are are cast (OCP fp8 to
// f16 before gfx950). Dots left on the FMA path get operand types the FMA
// lowering takes. emit receives the remarks 3.6 prints.
func AccelerateMatmul(module *ir.Operation, o MatmulOptions, emit func(*ir.Diagnostic)) error {
	if o.KPack != 1 && o.KPack != 2 {
		return ir.Errorf(module.Loc(), "tritonamdgpu-accelerate-matmul: kPack must be 1 or 2 (ds_read_b128 is the widest LDS read), got %d", o.KPack)
	}
	if o.MatrixInstructionSize != 0 && o.MatrixInstructionSize != 4 && o.MatrixInstructionSize != 16 && o.MatrixInstructionSize != 32 && o.MatrixInstructionSize != 64 {
		return ir.Errorf(module.Loc(), "tritonamdgpu-accelerate-matmul: matrix-instruction-size must be 0, 16 or 32, got %d", o.MatrixInstructionSize)
	}
	a := &matmulAccelerator{opts: o, isa: amdgpu.DeduceISAFamily(o.Arch), emit: emit}
	var patterns []ir.RewritePattern
	switch {
	case a.isa.IsCDNA():
		patterns = append(patterns,
			ir.NewPattern("BlockedToMFMA", "tt.dot", 2, a.blockedToMFMA),
			ir.NewPattern("ScaledBlockedToMFMA", "tt.dot_scaled", 2, a.scaledToMFMA))
	case a.isa == amdgpu.RDNA3 || a.isa == amdgpu.RDNA4:
		patterns = append(patterns,
			ir.NewPattern("BlockedToWMMA", "tt.dot", 2, a.blockedToWMMA),
			ir.NewPattern("ScaledBlockedToWMMA", "tt.dot_scaled", 3, a.scaledToWMMA))
	case a.isa == amdgpu.GFX1250:
		patterns = append(patterns, ir.NewPattern("ScaledBlockedToScaledWMMAF8F6F4", "tt.dot_scaled", 3, a.scaledToWMMA))
	}
	if len(patterns) > 0 {
		if err := applyGreedily(module, patterns); err != nil {
			return err
		}
		if a.err != nil {
			return a.err
		}
	}
	if err := applyGreedily(module, []ir.RewritePattern{ir.NewPattern("AccelerateBlocked", "tt.dot", 1, a.accelerateBlocked)}); err != nil {
		return err
	}
	if a.err != nil {
		return a.err
	}
	decomposeMixedModeDots(module)
	return nil
}

// matmulAccelerator is one run of the pass.
type matmulAccelerator struct {
	opts MatmulOptions
	isa  amdgpu.ISAFamily
	emit func(*ir.Diagnostic)
	err  error
}

func (a *matmulAccelerator) remark(op *ir.Operation, format string, args ...any) {
	if a.emit != nil {
		a.emit(&ir.Diagnostic{Loc: op.Loc(), Severity: ir.SevRemark, Message: fmt.Sprintf(format, args...)})
	}
}

func (a *matmulAccelerator) fail(err error) bool {
	if a.err == nil {
		a.err = err
	}
	return false
}

// blockedResult returns dot's result type when it has a blocked layout.
func blockedResult(op *ir.Operation) (*ir.RankedTensorType, bool) {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, false
	}
	_, blocked := rt.Encoding.(*ttg.BlockedEncoding)
	return rt, blocked
}

// chooseMfma picks the MFMA for a dot with result type c, element types
// aElem and bElem and K = inputK (Triton's chooseMfmaInstruction): the
// instruction's M and N are forced, or the largest of 32 and 16 that the
// result's smaller dim holds (16 for f64, which has no 32x32 form), or 4x64
// / 64x4 for skinny results. It remarks and fails when no instruction fits
// or its K does not divide inputK (the operands would be duplicated).
func (a *matmulAccelerator) chooseMfma(op *ir.Operation, c *ir.RankedTensorType, aElem, bElem ir.Type, inputK int, withScale, allowXF32 bool) (*amdgpu.MfmaIntrinsic, bool) {
	version := a.isa.MfmaVersion()
	rank := c.Rank()
	m, n := int(c.Dims[rank-2]), int(c.Dims[rank-1])
	mDim, nDim := 0, 0
	if a.opts.MatrixInstructionSize != 0 {
		mDim, nDim = a.opts.MatrixInstructionSize, a.opts.MatrixInstructionSize
	} else {
		switch minSize := min(m, n); {
		case minSize >= 32:
			mDim, nDim = 32, 32
			if isFloatKind(aElem, ir.F64) || isFloatKind(bElem, ir.F64) {
				mDim, nDim = 16, 16
			}
		case minSize >= 16:
			mDim, nDim = 16, 16
		case minSize >= 4:
			if m >= 64 {
				mDim, nDim = 64, 4
			} else if n >= 64 {
				mDim, nDim = 4, 64
			}
		}
	}
	q := amdgpu.MfmaQuery{Version: version, M: mDim, N: nDim, AElem: aElem, BElem: bElem, WithScale: withScale, UseTF32: allowXF32}
	instr, remarks, err := amdgpu.SelectMfma(op.Context(), q, inputK)
	for _, r := range remarks {
		a.remark(op, "%s", r)
	}
	if err != nil {
		enforced := ""
		if a.opts.MatrixInstructionSize != 0 {
			enforced = fmt.Sprintf(", enforcedNonKDim=%d", a.opts.MatrixInstructionSize)
		}
		a.remark(op, "Unable to select MFMA intrinsic for the request: version=%d, result-shape=(%dx%d), selected-tiles=(%dx%d), inputKSize=%d, aElemType=%s, bElemType=%s, withScale=%t, allowXF32=%t%s",
			version, m, n, mDim, nDim, inputK, asm.TypeString(aElem), asm.TypeString(bElem), withScale, allowXF32, enforced)
		return nil, false
	}
	if inputK%instr.K != 0 {
		a.remark(op, "Unable to select MFMA intrinsic '%s' as MFMA intrinsic k-dimension size kDim=%d, which is not a multiple of tile k-dimension size inputKSize=%d. Using this intrinsic would introduce data duplication.",
			"rocdl."+instr.Name, instr.K, inputK)
		return nil, false
	}
	return instr, true
}

// blockedToMFMA rewrites a dot with a blocked result onto MFMA (Triton's
// BlockedToMFMA).
func (a *matmulAccelerator) blockedToMFMA(op *ir.Operation, rw ir.Rewriter) bool {
	oldRet, ok := blockedResult(op)
	if !ok {
		return false
	}
	numWarps, ok := ttg.LookupNumWarps(op)
	if !ok {
		return a.fail(ir.OpErrorf(op, "needs the number of warps: set %q on the module", ttg.AttrNumWarps))
	}
	dot := tt.DotOp{Operation: op}
	aT := dot.A().Type().(*ir.RankedTensorType)
	bT := dot.B().Type().(*ir.RankedTensorType)
	version := a.isa.MfmaVersion()
	withScale := version == 4 && amdgpu.IsF8F6F4(aT.Elem) && amdgpu.IsF8F6F4(bT.Elem)
	allowXF32 := dot.InputPrecision() == tt.PrecisionTF32 && version == 3
	inputK := int(aT.Dims[aT.Rank()-1])
	instr, ok := a.chooseMfma(op, oldRet, aT.Elem, bT.Elem, inputK, withScale, allowXF32)
	if !ok {
		if !withScale {
			return false
		}
		if instr, ok = a.chooseMfma(op, oldRet, aT.Elem, bT.Elem, inputK, false, allowXF32); !ok {
			return false
		}
		withScale = false
	}
	if withScale {
		return a.fail(ir.OpErrorf(op, "runs on gfx950's scaled MFMA (%s) in Triton 3.6; tt does not implement the scaled f8f6f4 MFMA", instr.Name))
	}
	ctx := op.Context()
	warps := warpsPerTile(op, oldRet.Dims, numWarps, instr.M, instr.N)
	var accElem ir.Type = ir.F32Type(ctx)
	switch {
	case ir.IsIntOrIndex(oldRet.Elem):
		accElem = ir.I32(ctx)
	case isFloatKind(oldRet.Elem, ir.F64):
		accElem = ir.F64Type(ctx)
	}
	// A transposed layout gives each lane consecutive elements of a row,
	// which vectorizes global stores; 4x64 cannot be transposed (its A
	// operand would have to be broadcast).
	isTransposed := !(instr.M == 4 && instr.N == 64)
	is16Bit := isFloatKind(instr.AElem, ir.F16, ir.BF16)
	tiles := []int{1, 1}
	if version == 4 && is16Bit && instr.M == 16 && instr.N == 16 && oldRet.Rank() == 2 {
		// gfx950 keeps a 16x16 chain dot's result in the layout its user
		// operand wants, so the conversion stays within the warp.
		switch {
		case isChainDotHead(op, 0) && oldRet.Dims[0] >= int64(16*2*warps[0]) && oldRet.Dims[1] == 16 && warps[1] == 1:
			isTransposed, tiles = true, []int{2, 1}
		case isChainDotHead(op, 1) && oldRet.Dims[0] == 16 && oldRet.Dims[1] >= int64(16*2*warps[1]) && warps[0] == 1:
			isTransposed, tiles = false, []int{1, 2}
		}
	}
	if oldRet.Rank() == 3 {
		tiles = append([]int{1}, tiles...)
	}
	enc := ttg.NewAMDMfma(ctx, version, warps, []int{instr.M, instr.N, instr.K}, isTransposed, cgaOf(oldRet), tiles, ir.BitWidth(accElem))

	b := rw.B()
	acc := convertAndCast(b, dot.C(), enc, accElem)
	// kWidth: the K elements each lane reads with one LDS load; kPack
	// widens it to two instructions' worth, except for the second dot of
	// a chain, whose A is the first dot's MFMA result (kWidth = kBase, and
	// 4 for 16-bit types so that the conversion is free).
	chainTail := isChainDotTail(op)
	kWidth := instr.KBase
	if !chainTail {
		kWidth *= a.opts.KPack
	}
	if is16Bit && chainTail {
		kWidth = 4
	}
	av := convertAndCast(b, dot.A(), ttg.NewDotOperand(ctx, 0, enc, kWidth), instr.AElem)
	bv := convertAndCast(b, dot.B(), ttg.NewDotOperand(ctx, 1, enc, kWidth), instr.BElem)
	newDot := tt.NewDot(b, op.Loc(), av, bv, acc, dot.InputPrecision(), dot.MaxNumImpreciseAcc())
	rw.ReplaceOp(op, []ir.Value{convertAndCast(b, newDot.Result(0), oldRet.Encoding, oldRet.Elem)})
	return true
}

// scaledToMFMA is where Triton 3.6 upcasts the operands of a tt.dot_scaled
// with amdg.upcast_mxfp for a bf16/f16 MFMA (ScaledBlockedToMFMA); tt does
// not implement microscaled dots on AMD, and says so at the op.
func (a *matmulAccelerator) scaledToMFMA(op *ir.Operation, rw ir.Rewriter) bool {
	if _, ok := blockedResult(op); !ok {
		return false
	}
	return a.fail(ir.OpErrorf(op, "tt.dot_scaled on %s (MFMA version %d) is upcast with amdg.upcast_mxfp in Triton 3.6; tt does not implement microscaled dots on AMD", a.opts.Arch, a.isa.MfmaVersion()))
}

// scaledToWMMA: the same for WMMA targets.
func (a *matmulAccelerator) scaledToWMMA(op *ir.Operation, rw ir.Rewriter) bool {
	if _, ok := blockedResult(op); !ok {
		return false
	}
	return a.fail(ir.OpErrorf(op, "tt.dot_scaled on %s is decomposed or lowered to scaled WMMA in Triton 3.6; tt does not implement microscaled dots on AMD", a.opts.Arch))
}

// warpsPerTile spreads a dot's warps over its result (Triton's
// warpsPerTile for MFMA and WMMA): all along M for batched dots and for
// the first dot of a chain (no cross-warp reduction in between, no
// conversion to the second dot's operand); for the second dot of a chain
// along M first, as far as M has tiles; otherwise doubling the dim with
// more tiles per warp.
func warpsPerTile(op *ir.Operation, shape []int64, numWarps, mTile, nTile int) []int {
	if len(shape) == 3 {
		return []int{numWarps, 1, 1}
	}
	if isChainDotHead(op, 0) {
		return []int{numWarps, 1}
	}
	if isChainDotTail(op) {
		m := min(numWarps, int(ceilDiv(shape[0], int64(mTile))))
		return []int{m, numWarps / m}
	}
	ret := []int{1, 1}
	t0, t1 := shape[0], shape[1]
	for ret[0]*ret[1] < numWarps {
		if t0/int64(mTile*2)/int64(ret[0]) >= t1/int64(nTile)/int64(ret[1]) {
			if int64(ret[0]) < t0/int64(mTile) {
				ret[0] *= 2
			} else {
				ret[1] *= 2
			}
		} else {
			ret[1] *= 2
		}
	}
	if int64(ret[1]*nTile) > t1 {
		return []int{ret[1], ret[0]}
	}
	return ret
}

// isDotLike reports the ops of Triton's DotOpInterface.
func isDotLike(op *ir.Operation) bool {
	switch op.Name() {
	case "tt.dot", "tt.dot_scaled", "ttng.warp_group_dot", "ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled":
		return true
	}
	return false
}

// isChainDotHead reports whether dot's result feeds (within its region)
// operand opIdx of another dot, as the first dot of attention feeds the
// second.
func isChainDotHead(dot *ir.Operation, opIdx int) bool {
	region := dot.ParentRegion()
	fwd := slices.Forward(dot, slices.Options{Filter: func(o *ir.Operation) bool { return o.ParentRegion() == region }})
	for _, o := range fwd.List {
		if !isDotLike(o) || o == dot {
			continue
		}
		if d := o.Operand(opIdx).DefiningOp(); d != nil && fwd.Contains(d) {
			return true
		}
	}
	return false
}

// isChainDotTail reports whether dot's A operand is computed (within its
// region) from another dot.
func isChainDotTail(dot *ir.Operation) bool {
	opA := dot.Operand(0).DefiningOp()
	if opA == nil {
		return false
	}
	region := dot.ParentRegion()
	bwd := slices.Backward(opA, slices.Options{OmitBlockArguments: true, Filter: func(o *ir.Operation) bool { return o.ParentRegion() == region }})
	for _, o := range bwd.List {
		if isDotLike(o) {
			return true
		}
	}
	return false
}

// convertAndCast converts v to layout enc and then, if needed, to element
// type elem (Triton's convertAndCastTensor): integers by bitcast, trunc or
// sign/zero extension, f16<->f32 by extf/truncf, other floats by
// tt.fp_to_fp.
func convertAndCast(b *ir.Builder, v ir.Value, enc ir.Attribute, elem ir.Type) ir.Value {
	ctx := b.Ctx
	old := v.Type().(*ir.RankedTensorType)
	conv := ttg.NewConvertLayout(b, v.Loc(), v, ir.RankedTensor(ctx, old.Dims, old.Elem, enc)).Result(0)
	if elem == old.Elem {
		return conv
	}
	to := ir.RankedTensor(ctx, old.Dims, elem, enc)
	loc := v.Loc()
	if ir.IsIntOrIndex(elem) {
		ow, nw := ir.BitWidth(old.Elem), ir.BitWidth(elem)
		switch {
		case ow == nw:
			return b.CreateOp("arith.bitcast", loc, []ir.Value{conv}, []ir.Type{conv.Type()}).Result(0)
		case ow > nw:
			return b.CreateOp("arith.trunci", loc, []ir.Value{conv}, []ir.Type{to}).Result(0)
		case isSigned(old.Elem):
			return b.CreateOp("arith.extsi", loc, []ir.Value{conv}, []ir.Type{to}).Result(0)
		default:
			return b.CreateOp("arith.extui", loc, []ir.Value{conv}, []ir.Type{to}).Result(0)
		}
	}
	switch {
	case isFloatKind(old.Elem, ir.F16) && isFloatKind(elem, ir.F32):
		return b.CreateOp("arith.extf", loc, []ir.Value{conv}, []ir.Type{to}).Result(0)
	case isFloatKind(old.Elem, ir.F32) && isFloatKind(elem, ir.F16):
		return b.CreateOp("arith.truncf", loc, []ir.Value{conv}, []ir.Type{to}).Result(0)
	}
	return tt.NewFpToFp(b, loc, conv, to, 0, false).Result(0)
}

// isSigned reports an explicitly signed integer type (si8); signless
// integers count as unsigned, as in MLIR.
func isSigned(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Signed
}
