package ttgir

import (
	"flag"
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-accelerate-matmul",
		DisplayName: "TritonGPUAccelerateMatmul",
		Summary:     "accelerate matmul",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error { return AccelerateMatmul(op, st.Emit) }
		},
	})
}

// AccelerateMatmul is Triton 3.6's tritongpu-accelerate-matmul for NVIDIA
// targets: every tt.dot whose operands a tensor-core instruction takes gets
// an nvidia_mma result layout, mma.sync (v2) on sm_80-89 with dot_op
// operands in registers, wgmma (v3, ttng.warp_group_dot) on sm_90 with the
// operands that come from memory staged in nvmma_shared buffers; other dots
// stay on the FMA path over their blocked layout. tt.dot_scaled is
// decomposed into an upcast, a scale multiply and a tt.dot. Operand element
// types the chosen instruction does not take natively are promoted last
// (fp8 to f16 for mma.sync before sm_89; any mixed FMA dot to the
// accumulator type). emit receives the remarks and warnings 3.6 prints.
func AccelerateMatmul(module *ir.Operation, emit func(*ir.Diagnostic)) error {
	target := ttg.Target(module)
	if !ttg.IsCUDA(target) {
		return ir.Errorf(module.Loc(), "tritongpu-accelerate-matmul needs an NVIDIA target: the module's %s is %q, want \"cuda:<capability>\"", ttg.AttrTarget, target)
	}
	m := &matmulAccelerator{cc: ttg.ComputeCapability(target), emit: emit}
	transposeScaledDots(module)
	patterns := []ir.RewritePattern{
		ir.NewPattern("BlockedToMMA", "tt.dot", 1, m.blockedToMMA),
		ir.NewPattern("BlockedToMMAv5", "tt.dot", 10, m.blockedToMMAv5),
		ir.NewPattern("DecomposeScaledBlocked", "tt.dot_scaled", 1, m.decomposeScaled),
		ir.NewPattern("ScaledBlockedToMMAv5", "tt.dot_scaled", 10, m.scaledToNative),
	}
	if err := applyPatterns(module, patterns); err != nil {
		return err
	}
	if m.err != nil {
		return m.err
	}
	return promoteMixedModeDots(module, m.cc)
}

// matmulAccelerator is one run of the pass.
type matmulAccelerator struct {
	cc   int
	emit func(*ir.Diagnostic)
	// err is the first error a pattern met; the pattern reports no change.
	err error
}

func (m *matmulAccelerator) fail(err error) bool {
	if m.err == nil {
		m.err = err
	}
	return false
}

func (m *matmulAccelerator) report(d *ir.Diagnostic) {
	if m.emit != nil {
		m.emit(d)
	}
}

func remarkAt(op *ir.Operation, format string, args ...any) *ir.Diagnostic {
	return &ir.Diagnostic{Loc: op.Loc(), Severity: ir.SevRemark, Message: fmt.Sprintf(format, args...)}
}

// mmaVersion is the newest MMA version the target offers that supports
// the dot (Triton's getMMAVersionSafe), 0 if none does; it remarks when
// the target's newest instruction set cannot take the dot.
func (m *matmulAccelerator) mmaVersion(dot *ir.Operation) int {
	var versions []int
	switch {
	case m.cc < 75:
		versions = []int{1}
	case m.cc < 90:
		versions = []int{2}
	case m.cc < 100:
		versions = []int{3, 2}
	case m.cc < 110:
		versions = []int{5, 2}
	default:
		versions = []int{2}
	}
	for _, v := range versions {
		if ttg.SupportsMMA(dot, v) {
			return v
		}
		if v == 3 || v == 5 {
			m.report(remarkAt(dot, "MMA version %d acceleration not applied due to unsupported shapes or data types.", v).
				Note(dot.Loc(), "Target compute capability (%d) supports MMA v%d.", m.cc, v))
		}
	}
	return 0
}

// blockedToMMA rewrites a dot with a blocked result into an MMA v2 tt.dot
// or an MMA v3 ttng.warp_group_dot (Triton's BlockedToMMA).
func (m *matmulAccelerator) blockedToMMA(op *ir.Operation, rw ir.Rewriter) bool {
	if m.cc < 70 {
		return false
	}
	if m.cc < 80 {
		m.report(remarkAt(op, "Dot op using MMA for compute capability %d has been deprecated. It falls back to the FMA path.", m.cc))
		return false
	}
	ret, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || ret.Encoding == nil {
		return false
	}
	if _, isMMA := ret.Encoding.(*ttg.NvidiaMmaEncoding); isMMA {
		return false
	}
	dot := tt.DotOp{Operation: op}
	aT := dot.A().Type().(*ir.RankedTensorType)
	bT := dot.B().Type().(*ir.RankedTensorType)
	// f64 tensor cores are fast only on the data-center parts.
	if (isFloat(aT.Elem, ir.F64) || isFloat(bT.Elem, ir.F64) || isFloat(ret.Elem, ir.F64)) && m.cc != 80 && m.cc != 90 {
		return false
	}
	version := m.mmaVersion(op)
	if version != 2 && version != 3 {
		return false
	}
	b := rw.B()
	enc, newRet, acc, err := m.mmaEncodingFor(op, b, version)
	if err != nil {
		return m.fail(err)
	}
	_ = enc
	a, bv := dot.A(), dot.B()
	var newDot *ir.Operation
	if version == 3 {
		allowTranspose := isFloat(aT.Elem, ir.F16, ir.BF16)
		if !comesFromLoadOrBlockArg(a) {
			a = convertToDotOperand(b, a, 0, ir.BitWidth(aT.Elem), newRet)
		} else {
			a = m.sharedMMAOperand(b, a, 0, allowTranspose, false, false, op)
		}
		bv = m.sharedMMAOperand(b, bv, 1, allowTranspose, false, false, op)
		newDot = newWarpGroupDot(b, op.Loc(), newRet, a, bv, acc, dot.InputPrecision(), dot.MaxNumImpreciseAcc())
	} else {
		bits := min(origBitWidth(a), origBitWidth(bv))
		a = convertToDotOperand(b, a, 0, bits, newRet)
		bv = convertToDotOperand(b, bv, 1, bits, newRet)
		newDot = tt.NewDot(b, op.Loc(), a, bv, acc, dot.InputPrecision(), dot.MaxNumImpreciseAcc())
	}
	cvt := ttg.NewConvertLayout(b, op.Loc(), newDot.Result(0), ret)
	rw.ReplaceOp(op, cvt.Results())
	return true
}

// mmaEncodingFor chooses the nvidia_mma layout of the given version for
// dot's result and converts the accumulator to it before dot (Triton's
// createMMAEncodingForDot).
func (m *matmulAccelerator) mmaEncodingFor(dot *ir.Operation, b *ir.Builder, version int) (*ttg.NvidiaMmaEncoding, *ir.RankedTensorType, ir.Value, error) {
	ctx := dot.Context()
	ret := dot.Result(0).Type().(*ir.RankedTensorType)
	aT := dot.Operand(0).Type().(*ir.RankedTensorType)
	warps, err := numWarpsAt(dot)
	if err != nil {
		return nil, nil, nil, err
	}
	minor := 0
	if m.cc == 75 {
		minor = 1
	}
	perCTA := shapePerCTA(ret)
	instr, err := ttg.MMAInstrShape(version, perCTA, aT.Elem, warps)
	if err != nil {
		return nil, nil, nil, ir.OpErrorf(dot, "%v", err)
	}
	var wpt []int
	if version == 3 {
		wpt = warpsPerTileV3(dot, perCTA, warps, instr)
	} else {
		wpt = warpsPerTileV2(dot, perCTA, warps)
	}
	enc := ttg.NewNvidiaMma(ctx, version, minor, wpt, ttg.CGAOf(ret.Encoding, ret.Rank()), instr)
	newRet := withEncoding(ctx, ret, enc)
	accIn := dot.Operand(2)
	acc := ttg.NewConvertLayout(b, accIn.Loc(), accIn, newRet).Result(0)
	return enc, newRet, acc, nil
}

// warpsPerTileV2 spreads an mma.sync dot's warps: along the larger dim for
// a dot chained with another (attention), sharing the warps layout of a
// chained dot already on MMA, else balancing the per-warp repetitions of
// the 16x8 tile so the A and B fragments stay small.
func warpsPerTileV2(dot *ir.Operation, shape []int64, numWarps int) []int {
	rank := len(shape)
	if rank == 3 {
		return []int{numWarps, 1, 1}
	}
	region := dot.ParentRegion()
	sameRegion := func(o *ir.Operation) bool { return o.ParentRegion() == region && o.Name() != "tt.trans" }
	// The other dots of the dot's slice, in program order (sorted alone:
	// a loop unrolled into hundreds of dots has a slice of thousands of
	// ops for each).
	others := map[*ir.Operation]bool{}
	for _, o := range connectedSliceWith(dot, sliceOptions{filter: sameRegion}) {
		if o == dot || (o.Name() != "tt.dot" && o.Name() != "tt.dot_scaled") {
			continue
		}
		if rt, ok := o.Result(0).Type().(*ir.RankedTensorType); ok && rt.Rank() == rank {
			others[o] = true
		}
	}
	chained := false
	for _, o := range programOrder(dot.ParentOp(), others) {
		rt := o.Result(0).Type().(*ir.RankedTensorType)
		if mma, ok := rt.Encoding.(*ttg.NvidiaMmaEncoding); ok {
			return append([]int(nil), mma.WarpsPerCTA...)
		}
		chained = true
	}
	if chained {
		if shape[0] >= shape[1] {
			return []int{numWarps, 1}
		}
		return []int{1, numWarps}
	}
	warps := []int{1, 1}
	reps := []int64{ceilDiv(shape[0], 16), ceilDiv(shape[1], 8)}
	for warps[0]*warps[1] < numWarps {
		if reps[0] >= reps[1] {
			warps[0] *= 2
			if reps[0] != 1 {
				reps[0] /= 2
			}
		} else {
			warps[1] *= 2
			reps[1] /= 2
		}
	}
	return warps
}

// warpsPerTileV3 spreads a wgmma dot's warps in groups of four along M,
// then N; a dot whose result feeds another dot keeps all warps along M so
// that row reductions stay within a warp group.
func warpsPerTileV3(dot *ir.Operation, shape []int64, numWarps int, instr []int) []int {
	for _, o := range valueForwardSlice(dot.Result(0), sliceOptions{}).list {
		if isDotLike(o) {
			return []int{numWarps, 1}
		}
	}
	ret := []int{4, 1}
	for ret[0]*ret[1] < numWarps {
		if shape[0] > int64(16*ret[0]) {
			ret[0] *= 2
		} else {
			ret[1] *= 2
		}
	}
	_ = instr
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

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// comesFromLoadOrBlockArg reports whether v, through layout conversions,
// transposes and memdesc views, is loaded from global memory or is a
// block argument (Triton's comesFromLoadOrBlockArg).
func comesFromLoadOrBlockArg(v ir.Value) bool {
	for {
		def := v.DefiningOp()
		if def == nil {
			break
		}
		if def.Name() == "ttg.convert_layout" || def.Name() == "tt.trans" || ttg.IsMemDescView(def) {
			v = def.Operand(0)
			continue
		}
		break
	}
	if _, ok := v.(*ir.BlockArgument); ok {
		return true
	}
	d := v.DefiningOp()
	return d != nil && (d.Name() == "tt.load" || d.Name() == "tt.descriptor_load" || d.Name() == "tt.descriptor_gather")
}

// sharedMMAOperand stages v (seen through layout conversions) in an
// nvmma_shared buffer allocated right after it is produced (Triton's
// getSharedMemoryMMAOperand). When the instruction cannot read the operand
// transposed, the buffer takes the order the instruction needs and, if
// that differs from the registers' order, warns at op.
func (m *matmulAccelerator) sharedMMAOperand(b *ir.Builder, v ir.Value, opIdx int, allowTranspose, fp4Padded, forceTranspose bool, op *ir.Operation) ir.Value {
	ctx := b.Ctx
	arg := v
	for {
		d := arg.DefiningOp()
		if d == nil || d.Name() != "ttg.convert_layout" {
			break
		}
		arg = d.Operand(0)
	}
	argT := arg.Type().(*ir.RankedTensorType)
	order := ttg.OrderForMemory(argT.Encoding, argT.Dims)
	newOrder := order
	if !allowTranspose {
		newOrder = []int{1, 0}
		if opIdx == 1 {
			newOrder = []int{0, 1}
		}
		if forceTranspose {
			newOrder[0], newOrder[1] = newOrder[1], newOrder[0]
		}
	}
	if !slices.Equal(newOrder, order) && op != nil {
		m.report(&ir.Diagnostic{Loc: op.Loc(), Severity: ir.SevWarning, Message: fmt.Sprintf(
			"Warning: Forcing a different order [%d, %d] on SMEM than the register order for the operand %d. "+
				"The registers are transposed before they are stored to shared memory and the operand's load is not pipelined, "+
				"which costs performance; storing the operand transposed in global memory avoids this.",
			newOrder[0], newOrder[1], opIdx)})
	}
	enc := ttg.NVMMASharedFor(ctx, argT.Dims, newOrder, ttg.CGAOf(argT.Encoding, argT.Rank()), ir.BitWidth(argT.Elem), fp4Padded)
	memT := ttg.SharedMemDesc(ctx, argT.Dims, argT.Elem, enc, false)
	defer b.Restore()()
	b.SetInsertionPointAfterValue(arg)
	return ttg.NewLocalAlloc(b, arg.Loc(), memT, arg).Result(0)
}

// convertToDotOperand converts v to the dot operand layout of the MMA
// result type ret, with kWidth chosen for elements of the given bit width
// (the narrowest the data had in memory; Triton's
// convertDotOperandForMMA).
func convertToDotOperand(b *ir.Builder, v ir.Value, opIdx, bits int, ret *ir.RankedTensorType) ir.Value {
	ctx := b.Ctx
	elem := ir.ElementTypeOrSelf(v.Type())
	if bits > 0 {
		elem = ir.IntegerTypeOf(ctx, bits)
	}
	enc := ttg.NewDotOperandFor(ctx, opIdx, ret.Encoding, elem)
	return ttg.NewConvertLayout(b, v.Loc(), v, withEncoding(ctx, v.Type(), enc)).Result(0)
}

// origBitWidth is the bit width x had when it was loaded (Triton's
// computeOrigBitWidth): through elementwise ops, views, broadcasts and
// conversions back to the loads, the narrowest loaded element; 4 after an
// fp4 unpacking; halved after a join, whose backward propagation halves
// the operand's kWidth.
func origBitWidth(x ir.Value) int {
	filter := func(op *ir.Operation) bool {
		if op.Has(ir.Elementwise) && ir.IsMemoryEffectFree(op) {
			return true
		}
		switch op.Name() {
		case "tt.expand_dims", "tt.reshape", "tt.trans", "tt.join", "tt.split",
			"ttg.fp4_to_fp", "tt.load", "tt.descriptor_load", "tt.broadcast", "ttg.convert_layout":
			return true
		}
		return false
	}
	slice := valueBackwardSlice(x, sliceOptions{filter: filter, omitBlockArgs: true})
	for _, op := range slice.list {
		if op.Name() == "ttg.fp4_to_fp" {
			return 4
		}
	}
	bits := ir.BitWidth(ir.ElementTypeOrSelf(x.Type()))
	join := false
	for _, op := range slice.list {
		switch op.Name() {
		case "tt.load", "tt.descriptor_load":
			if t, ok := op.Result(0).Type().(*ir.RankedTensorType); ok {
				bits = min(bits, ir.BitWidth(t.Elem))
			}
		case "tt.join":
			join = true
		}
	}
	if join {
		bits /= 2
	}
	return bits
}

// newWarpGroupDot builds `ttng.warp_group_dot a, b, c` (synchronous).
func newWarpGroupDot(b *ir.Builder, loc ir.Location, ret ir.Type, a, bv, c ir.Value, prec tt.InputPrecision, maxImprecise int64) *ir.Operation {
	ctx := b.Ctx
	return b.CreateOp("ttng.warp_group_dot", loc, []ir.Value{a, bv, c}, []ir.Type{ret},
		ir.NamedAttr{Name: "inputPrecision", Value: ir.I32EnumAttr(ctx, prec)},
		ir.NamedAttr{Name: "maxNumImpreciseAcc", Value: ir.I32Attr(ctx, maxImprecise)},
		ir.NamedAttr{Name: "isAsync", Value: ir.BoolAttrOf(ctx, false)})
}

// blockedToMMAv5 stands where Triton 3.6 rewrites a dot into tcgen05
// (sm_100): tt does not implement Blackwell's tensor memory path, so a dot
// 3.6 would run on it is refused rather than silently left on FMA.
func (m *matmulAccelerator) blockedToMMAv5(op *ir.Operation, rw ir.Rewriter) bool {
	ret, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || ret.Encoding == nil || m.cc < 100 || m.cc >= 110 {
		return false
	}
	if _, isMMA := ret.Encoding.(*ttg.NvidiaMmaEncoding); isMMA {
		return false
	}
	if !ttg.SupportsMMA(op, 5) {
		return false
	}
	dot := tt.DotOp{Operation: op}
	if min(origBitWidth(dot.A()), origBitWidth(dot.B())) >= 32 && dot.InputPrecision() != tt.PrecisionTF32 {
		return false
	}
	return m.fail(ir.OpErrorf(op, "runs on tcgen05 (MMA v5) for compute capability %d in Triton 3.6; tt does not implement Blackwell's tensor-memory MMA", m.cc))
}

// scaledToNative stands where Triton 3.6 keeps a tt.dot_scaled for
// Blackwell's native block-scaled MMA (tcgen05 on sm_100, mma.sync with
// scales on sm_120), which tt does not implement.
func (m *matmulAccelerator) scaledToNative(op *ir.Operation, rw ir.Rewriter) bool {
	ret, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || ret.Encoding == nil {
		return false
	}
	if _, isMMA := ret.Encoding.(*ttg.NvidiaMmaEncoding); isMMA {
		return false
	}
	d := tt.DotScaledOp{Operation: op}
	if d.AScale() == nil || d.BScale() == nil {
		return false
	}
	switch {
	case m.cc == 120:
		if ttg.NumCTAs(ttg.ModuleOf(op)) != 1 {
			return false
		}
		return m.fail(ir.OpErrorf(op, "keeps its scales for sm_120's block-scaled mma.sync in Triton 3.6; tt does not implement it"))
	case m.cc/10 == 10:
		warps, _ := ttg.LookupNumWarps(op)
		perCTA := shapePerCTA(ret)
		if (warps != 4 && warps != 8) || perCTA[0] < 128 || perCTA[1] < 16 {
			return false
		}
		return m.fail(ir.OpErrorf(op, "runs on tcgen05 block-scaled MMA for compute capability %d in Triton 3.6; tt does not implement Blackwell's tensor-memory MMA", m.cc))
	}
	return false
}

// promoteMixedModeDots promotes the operands of dots the chosen
// instruction cannot take as they are (Triton's decomposeMixedModeDotOp):
// e5m2/e4m3 operands of mma.sync become f16 below sm_89 (and on sm_90 and
// sm_100, whose mma.sync emulates them), and FMA dots get operands of the
// accumulator's type.
func promoteMixedModeDots(module *ir.Operation, cc int) error {
	var dots []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() == "tt.dot" {
			dots = append(dots, op)
		}
	})
	for _, op := range dots {
		dot := tt.DotOp{Operation: op}
		aElem := ir.ElementTypeOrSelf(dot.A().Type())
		dElem := ir.ElementTypeOrSelf(op.Result(0).Type())
		var to ir.Type
		if mma, ok := ir.EncodingOf(op.Result(0).Type()).(*ttg.NvidiaMmaEncoding); ok {
			if !ttg.IsFP8(aElem) || cc == 89 || cc == 120 || mma.IsHopper() {
				continue
			}
			to = ir.F16Type(op.Context())
		} else {
			if aElem == dElem {
				continue
			}
			to = dElem
		}
		b := ir.NewBuilder(op.Context())
		b.SetInsertionPoint(op)
		for i := 0; i < 2; i++ {
			v, err := promoteOperand(b, op, i, to)
			if err != nil {
				return err
			}
			op.SetOperand(i, v)
		}
	}
	return nil
}

// promoteOperand converts operand i of dot to element type to: fp8 with
// tt.fp_to_fp, other floats with arith.extf.
func promoteOperand(b *ir.Builder, dot *ir.Operation, i int, to ir.Type) (ir.Value, error) {
	v := dot.Operand(i)
	t := v.Type().(*ir.RankedTensorType)
	name := [2]string{"A", "B"}[i]
	from, ok := t.Elem.(*ir.FloatType)
	toF, ok2 := to.(*ir.FloatType)
	if !ok || !ok2 || from.Width() >= toF.Width() {
		return nil, ir.OpErrorf(dot, "operand %s: the FMA dot needs its %s elements as %s, the accumulator's type, and no float extension gives that",
			name, asm.TypeString(t.Elem), asm.TypeString(to))
	}
	rt := t.CloneWith(b.Ctx, to)
	if ttg.IsAnyFP8(from) {
		return tt.NewFpToFp(b, v.Loc(), v, rt, 0, false).Result(0), nil
	}
	return b.CreateOp("arith.extf", v.Loc(), []ir.Value{v}, []ir.Type{rt}).Result(0), nil
}

// transposeScaledDots rewrites a tt.dot_scaled scaled only on its rhs as
// the transposed product (B^T A^T)^T, so the scale is on the lhs, where
// the decomposition wants it.
func transposeScaledDots(module *ir.Operation) {
	var todo []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		d := tt.DotScaledOp{Operation: op}
		if op.Name() == "tt.dot_scaled" && d.AScale() == nil && d.BScale() != nil {
			todo = append(todo, op)
		}
	})
	for _, op := range todo {
		d := tt.DotScaledOp{Operation: op}
		b := ir.NewBuilder(op.Context())
		b.SetInsertionPoint(op)
		order := []int64{1, 0}
		lhs := tt.NewTrans(b, d.A().Loc(), d.A(), order).Result(0)
		rhs := tt.NewTrans(b, d.B().Loc(), d.B(), order).Result(0)
		c := tt.NewTrans(b, d.C().Loc(), d.C(), order).Result(0)
		res := newDotScaled(b, op.Loc(), c.Type(), rhs, lhs, c, d.BScale(), nil, d.BElemType(), d.AElemType(), boolAttr(op, "fastMath", false), true, true)
		tr := tt.NewTrans(b, op.Loc(), res.Result(0), order)
		ir.ReplaceAllUsesWith(op.Result(0), tr.Result(0))
		op.Erase()
	}
}

// newDotScaled builds a tt.dot_scaled; scales may be nil.
func newDotScaled(b *ir.Builder, loc ir.Location, ret ir.Type, a, bv, c, aScale, bScale ir.Value, aElem, bElem tt.ScaleDotElemType, fastMath, lhsKPack, rhsKPack bool) *ir.Operation {
	ctx := b.Ctx
	ops := []ir.Value{a, bv, c}
	seg := []int64{1, 1, 1, 0, 0}
	if aScale != nil {
		ops, seg[3] = append(ops, aScale), 1
	}
	if bScale != nil {
		ops, seg[4] = append(ops, bScale), 1
	}
	return b.CreateOp("tt.dot_scaled", loc, ops, []ir.Type{ret},
		ir.NamedAttr{Name: "a_elem_type", Value: ir.I32EnumAttr(ctx, aElem)},
		ir.NamedAttr{Name: "b_elem_type", Value: ir.I32EnumAttr(ctx, bElem)},
		ir.NamedAttr{Name: "fastMath", Value: ir.BoolAttrOf(ctx, fastMath)},
		ir.NamedAttr{Name: "lhs_k_pack", Value: ir.BoolAttrOf(ctx, lhsKPack)},
		ir.NamedAttr{Name: "rhs_k_pack", Value: ir.BoolAttrOf(ctx, rhsKPack)},
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ir.DenseI32Array(ctx, seg)})
}

// boolAttr reads a boolean attribute of op, def when absent.
func boolAttr(op *ir.Operation, name string, def bool) bool {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Bool()
	}
	return def
}

func isFloat(t ir.Type, kinds ...ir.FloatKind) bool {
	f, ok := t.(*ir.FloatType)
	return ok && slices.Contains(kinds, f.Kind)
}
