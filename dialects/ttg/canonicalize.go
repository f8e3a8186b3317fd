package ttg

import "github.com/ttcompiler/tt/ir"

// The canonicalization patterns Triton registers for ttg.convert_layout
// (lib/Dialect/TritonGPU/IR/Ops.cpp): conversions fold into the ops that
// produce or consume them when the layout does not matter there.

// ConvertLayoutPatterns are the patterns of ConvertLayoutOp::
// getCanonicalizationPatterns, in Triton's order.
var ConvertLayoutPatterns = []ir.RewritePattern{
	ir.NewPattern("CanonicalizeConvertFromConvert", "ttg.convert_layout", 1, canonicalizeConvertFromConvert),
	ir.NewPattern("CanonicalizeConvertFromReshape", "tt.reshape", 1, canonicalizeConvertFromReshape),
	ir.NewPattern("CanonicalizeConvertFromTranspose", "tt.trans", 1, canonicalizeConvertFromTranspose),
	ir.NewPattern("CanonicalizeConvertFromGatherSource", "tt.gather", 1, canonicalizeConvertFromGatherSource),
	ir.NewPattern("CanonicalizeConvertFromHistogram", "tt.histogram", 1, canonicalizeConvertFromHistogram),
	ir.NewPattern("CanonicalizeConvertFromAlloc", "ttg.local_alloc", 1, canonicalizeConvertFromAlloc),
	ir.NewPattern("CanonicalizeConvertFromLocalStore", "ttg.local_store", 1, canonicalizeConvertFromLocalStore),
	ir.NewPattern("CanonicalizeConvertFromSplit", "tt.split", 1, canonicalizeConvertFromSplit),
	ir.NewPattern("CanonicalizeConvertFromTMEMStore", "ttng.tmem_store", 1, canonicalizeConvertFromTMEMStore),
}

func init() {
	ConvertLayout.Def.Canonicalize = ConvertLayoutPatterns
}

// definingConvert returns the convert_layout producing v, or nil.
func definingConvert(v ir.Value) *ir.Operation {
	if d := v.DefiningOp(); d != nil && d.Name() == "ttg.convert_layout" {
		return d
	}
	return nil
}

// isConvertTrivial reports whether a convert_layout moves no data (its
// layouts are equivalent).
func isConvertTrivial(cvt *ir.Operation) bool {
	src, ok1 := cvt.Operand(0).Type().(*ir.RankedTensorType)
	dst, ok2 := cvt.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return false
	}
	return src.Encoding == dst.Encoding || (src.Encoding != nil && dst.Encoding != nil && EquivalentLayouts(src.Encoding, dst.Encoding, src.Dims))
}

// IsExpensiveView reports whether viewing a tensor of type src as dst (a
// reshape) needs data movement: the layouts replicate data differently or
// give threads different numbers of elements.
func IsExpensiveView(src, dst ir.Type) bool {
	ls, err1 := TypeLinearLayout(src)
	ld, err2 := TypeLinearLayout(dst)
	if err1 != nil || err2 != nil {
		return true
	}
	ms, md := ls.FreeVariableMasks(), ld.FreeVariableMasks()
	for i := range ms {
		if i < len(md) && ms[i].Value != md[i].Value {
			return true
		}
	}
	return TotalElemsPerThread(src) != TotalElemsPerThread(dst)
}

func hasDotOperandEncoding(v ir.Value) bool {
	if t, ok := v.Type().(*ir.RankedTensorType); ok {
		_, isDot := t.Encoding.(*DotOperandEncoding)
		return isDot
	}
	return false
}

// cloneWith creates an op like old (its name) with the given types,
// operands and attributes at the location of cvt, the convert it
// replaces (Triton 3.6's replaceOpWithNewOp, which takes the replaced
// op's location).
func cloneWith(rw ir.Rewriter, old, cvt *ir.Operation, types []ir.Type, operands []ir.Value, attrs []ir.NamedAttr) *ir.Operation {
	st := ir.NewState(old.Context(), old.Name(), cvt.Loc())
	st.Types = types
	st.Operands = operands
	st.Attrs = attrs
	return rw.Create(st)
}

func canonicalizeConvertFromConvert(op *ir.Operation, rw ir.Rewriter) bool {
	src := op.Operand(0)
	dstType := op.Result(0).Type()
	if src.Type() == dstType {
		rw.ReplaceOp(op, []ir.Value{src})
		return true
	}
	srcT, _ := src.Type().(*ir.RankedTensorType)
	dstT, _ := dstType.(*ir.RankedTensorType)
	if srcT != nil && dstT != nil {
		_, toDot := dstT.Encoding.(*DotOperandEncoding)
		_, fromMma := srcT.Encoding.(*NvidiaMmaEncoding)
		if toDot && fromMma {
			return false
		}
	}
	arg := src.DefiningOp()
	if arg == nil {
		return false
	}
	types := []ir.Type{dstType}
	switch arg.Name() {
	case "tt.reshape":
		if !arg.HasAttr("allow_reorder") || arg.HasAttr("efficient_layout") || IsExpensiveView(arg.Operand(0).Type(), dstType) {
			return false
		}
		if hasDotOperandEncoding(op.Operand(0)) || hasDotOperandEncoding(op.Result(0)) {
			return false
		}
		// Triton 3.6 reshapes the reshape's result (not its source) here.
		nr := cloneWith(rw, arg, op, types, []ir.Value{arg.Result(0)}, []ir.NamedAttr{{Name: "allow_reorder", Value: ir.Unit(op.Context())}})
		rw.ReplaceOpWithOp(op, nr)
		return true
	case "tt.histogram":
		nh := cloneWith(rw, arg, op, types, arg.Operands(), arg.Attrs())
		rw.ReplaceOpWithOp(op, nh)
		return true
	case "ttg.local_load":
		restore := rw.B().Restore()
		rw.B().SetInsertionPoint(arg)
		nl := cloneWith(rw, arg, op, types, arg.Operands(), arg.Attrs())
		restore()
		rw.ReplaceOpWithOp(op, nl)
		return true
	case "tt.cat":
		if isExpensiveCat(arg, dstT) {
			return false
		}
		nc := cloneWith(rw, arg, op, types, arg.Operands(), arg.Attrs())
		rw.ReplaceOpWithOp(op, nc)
		return true
	case "ttg.convert_layout":
		nc := cloneWith(rw, op, op, types, []ir.Value{arg.Operand(0)}, nil)
		rw.ReplaceOpWithOp(op, nc)
		return true
	case "tt.splat":
		ns := cloneWith(rw, arg, op, types, []ir.Value{arg.Operand(0)}, nil)
		rw.ReplaceOpWithOp(op, ns)
		return true
	case "tt.make_range":
		nm := cloneWith(rw, arg, op, types, nil, []ir.NamedAttr{{Name: "start", Value: arg.Attr("start")}, {Name: "end", Value: arg.Attr("end")}})
		rw.ReplaceOpWithOp(op, nm)
		return true
	case "arith.constant":
		d, ok := arg.Attr("value").(*ir.DenseElementsAttr)
		if !ok || !d.IsSplat() || dstT == nil {
			return false
		}
		nd := ir.DenseSplat(op.Context(), dstT, d.SplatAttr(op.Context()))
		nc := cloneWith(rw, arg, op, types, nil, []ir.NamedAttr{{Name: "value", Value: nd}})
		rw.ReplaceOpWithOp(op, nc)
		return true
	}
	return false
}

// isExpensiveCat reports whether concatenating into a tensor with encoding
// of dst's type would give threads fewer elements (then a convert through
// shared memory happens anyway).
func isExpensiveCat(cat *ir.Operation, dst *ir.RankedTensorType) bool {
	if dst == nil {
		return true
	}
	return TotalElemsPerThread(dst) < TotalElemsPerThread(cat.Result(0).Type())
}

// reshape(cvt) -> reshape
func canonicalizeConvertFromReshape(op *ir.Operation, rw ir.Rewriter) bool {
	cvt := definingConvert(op.Operand(0))
	if cvt == nil {
		return false
	}
	if !isConvertTrivial(cvt) {
		if IsExpensiveView(cvt.Operand(0).Type(), op.Result(0).Type()) || !op.HasAttr("allow_reorder") {
			return false
		}
	}
	nr := cloneWith(rw, op, op, op.ResultTypes(), []ir.Value{cvt.Operand(0)}, op.Attrs())
	rw.ReplaceOpWithOp(op, nr)
	return true
}

// trans(cvt) -> trans; an identity transpose becomes a convert.
func canonicalizeConvertFromTranspose(op *ir.Operation, rw ir.Rewriter) bool {
	if isIota(orderAttr(op)) {
		nc := rw.Create(&ir.OperationState{Ctx: op.Context(), Name: "ttg.convert_layout", Loc: op.Loc(),
			Operands: []ir.Value{op.Operand(0)}, Types: op.ResultTypes()})
		rw.ReplaceOpWithOp(op, nc)
		return true
	}
	cvt := definingConvert(op.Operand(0))
	if cvt == nil || !isConvertTrivial(cvt) {
		return false
	}
	nt := cloneWith(rw, op, op, op.ResultTypes(), []ir.Value{cvt.Operand(0)}, op.Attrs())
	rw.ReplaceOpWithOp(op, nt)
	return true
}

// gather(cvt(src), idx) -> gather(src, idx) unless an optimized layout was
// chosen.
func canonicalizeConvertFromGatherSource(op *ir.Operation, rw ir.Rewriter) bool {
	if op.HasAttr("efficient_layout") {
		return false
	}
	cvt := definingConvert(op.Operand(0))
	if cvt == nil {
		return false
	}
	ops := op.Operands()
	ops[0] = cvt.Operand(0)
	var attrs []ir.NamedAttr
	if a := op.Attr("axis"); a != nil {
		attrs = append(attrs, ir.NamedAttr{Name: "axis", Value: a})
	}
	ng := cloneWith(rw, op, op, op.ResultTypes(), ops, attrs)
	rw.ReplaceOpWithOp(op, ng)
	return true
}

// histogram(cvt) -> histogram, converting the mask to the new layout.
func canonicalizeConvertFromHistogram(op *ir.Operation, rw ir.Rewriter) bool {
	cvt := definingConvert(op.Operand(0))
	if cvt == nil {
		return false
	}
	src := cvt.Operand(0)
	ops := []ir.Value{src}
	if op.NumOperands() > 1 {
		mask := op.Operand(1)
		st, _ := src.Type().(*ir.RankedTensorType)
		if st != nil {
			mt := ir.RankedTensor(op.Context(), st.Dims, ir.I1(op.Context()), st.Encoding)
			m := rw.Create(&ir.OperationState{Ctx: op.Context(), Name: "ttg.convert_layout", Loc: op.Loc(),
				Operands: []ir.Value{mask}, Types: []ir.Type{mt}})
			mask = m.Result(0)
		}
		ops = append(ops, mask)
	}
	nh := cloneWith(rw, op, op, op.ResultTypes(), ops, nil)
	rw.ReplaceOpWithOp(op, nh)
	return true
}

// local_alloc(cvt) -> local_alloc
func canonicalizeConvertFromAlloc(op *ir.Operation, rw ir.Rewriter) bool {
	if op.NumOperands() == 0 {
		return false
	}
	cvt := definingConvert(op.Operand(0))
	if cvt == nil {
		return false
	}
	na := cloneWith(rw, op, op, op.ResultTypes(), []ir.Value{cvt.Operand(0)}, nil)
	rw.ReplaceOpWithOp(op, na)
	return true
}

// local_store(cvt) -> local_store
func canonicalizeConvertFromLocalStore(op *ir.Operation, rw ir.Rewriter) bool {
	cvt := definingConvert(op.Operand(0))
	if cvt == nil {
		return false
	}
	ns := cloneWith(rw, op, op, nil, []ir.Value{cvt.Operand(0), op.Operand(1)}, nil)
	rw.ReplaceOpWithOp(op, ns)
	return true
}

// split(cvt) -> split when the source layout of the convert splits into the
// same result layout.
func canonicalizeConvertFromSplit(op *ir.Operation, rw ir.Rewriter) bool {
	cvt := definingConvert(op.Operand(0))
	if cvt == nil {
		return false
	}
	st, ok := cvt.Operand(0).Type().(*ir.RankedTensorType)
	if !ok || st.Encoding == nil {
		return false
	}
	dstEnc, err := InferSplitEncoding(op.Context(), st.Encoding, st.Dims)
	if err != nil {
		return false
	}
	if rt, ok := op.Result(0).Type().(*ir.RankedTensorType); !ok || rt.Encoding != dstEnc {
		return false
	}
	ns := cloneWith(rw, op, op, op.ResultTypes(), []ir.Value{cvt.Operand(0)}, nil)
	rw.ReplaceOpWithOp(op, ns)
	return true
}

// tmem_store(cvt) -> tmem_store when the convert's source layout can be
// stored to tensor memory directly.
func canonicalizeConvertFromTMEMStore(op *ir.Operation, rw ir.Rewriter) bool {
	// The operands are dst, an optional dependency token, src, pred.
	src := op.NumOperands() - 2
	cvt := definingConvert(op.Operand(src))
	if cvt == nil || TMEMCompatible == nil {
		return false
	}
	if !TMEMCompatible(op, cvt.Operand(0).Type(), op.Operand(0).Type()) {
		return false
	}
	rw.ModifyInPlace(op, func() { op.SetOperand(src, cvt.Operand(0)) })
	return true
}

// TMEMCompatible reports whether a register tensor of type src can be
// stored to the tensor memory buffer dst directly; package ttng sets it.
var TMEMCompatible func(op *ir.Operation, src, dst ir.Type) bool
