package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// KernelAttr marks an llvm.func as a kernel entry point.
const KernelAttr = gpu.KernelAttr

// signature converts a function type: parameters flatten 1:N; results
// become nothing, one value, or a struct of all the flattened values.
func (l *lowering) signature(op *ir.Operation, ft *ir.FunctionType, tc *conversion.TypeConverter) (*llvm.FuncType, []ir.Type, error) {
	var params, results []ir.Type
	for i, t := range ft.Inputs {
		c, ok := tc.ConvertTypes(t)
		if !ok {
			return nil, nil, ir.OpErrorf(op, "cannot lower the type of argument #%d: %s", i, asm.TypeString(t))
		}
		params = append(params, c...)
	}
	for i, t := range ft.Results {
		c, ok := tc.ConvertTypes(t)
		if !ok {
			return nil, nil, ir.OpErrorf(op, "cannot lower the type of result #%d: %s", i, asm.TypeString(t))
		}
		results = append(results, c...)
	}
	return llvm.Func(l.ctx, l.packedResultType(results), params, false), results, nil
}

// packedResultType is the llvm result type carrying a flattened result list.
func (l *lowering) packedResultType(results []ir.Type) ir.Type {
	switch len(results) {
	case 0:
		return llvm.Void(l.ctx)
	case 1:
		return results[0]
	}
	return llvm.Struct(l.ctx, results, false)
}

// lowerFunc turns tt.func into llvm.func. Public functions are kernels
// (Triton's rule); their parameters are exactly the tt.func arguments, in
// order. Other functions that use shared memory take its base address as
// one more parameter (see smemPlan.baseParam), and then those that need
// global scratch their share of it (tensormap.go).
func (l *lowering) lowerFunc(op *ir.Operation, rw *conversion.Rewriter) bool {
	f := tt.FuncOp{Operation: op}
	ft := f.Type()
	if ft == nil {
		return l.fail(ir.OpErrorf(op, "function has no function_type"))
	}
	kernel := f.IsPublic()
	sig, _, err := l.signature(op, ft, rw.TypeConverter())
	if err != nil {
		return l.fail(err)
	}
	smemParam := !kernel && l.smem.baseParam[f.Name()] > 0
	if smemParam {
		sig = llvm.Func(l.ctx, sig.Result, append(append([]ir.Type(nil), sig.Params...), llvm.Ptr(l.ctx, llvm.SharedAddrSpace)), false)
	}
	scratchParam := kernel && l.globalScratchSize() > 0 || !kernel && l.scratchFuncs[f.Name()]
	if scratchParam {
		sig = llvm.Func(l.ctx, sig.Result, append(append([]ir.Type(nil), sig.Params...), llvm.Ptr(l.ctx, llvm.GlobalAddrSpace)), false)
	}
	if kernel && len(ft.Results) > 0 {
		return l.fail(ir.OpErrorf(op, "kernel '%s' must not return values", f.Name()))
	}
	st := ir.NewState(l.ctx, llvm.FuncOp.Name, op.Loc())
	st.AddAttr(ir.SymbolAttrName, ir.StringAttrOf(l.ctx, f.Name()))
	st.AddAttr(llvm.FunctionTypeAttr, ir.TypeAttrOf(l.ctx, sig))
	if kernel {
		st.AddAttr(KernelAttr, ir.Unit(l.ctx))
	} else if !f.IsDeclaration() {
		st.AddAttr(llvm.LinkageAttrName, llvm.Linkage(l.ctx, "internal"))
	}
	if kernel {
		argAttrs, err := l.kernelArgAttrs(op, ft, rw.TypeConverter())
		if err != nil {
			return l.fail(err)
		}
		if scratchParam {
			argAttrs = withGlobalScratchArgAttr(l.ctx, argAttrs, len(sig.Params))
		}
		if argAttrs != nil {
			st.AddAttr(llvm.ArgAttrsAttr, argAttrs)
		}
	}
	if b := l.smem.buffers[op]; b != nil && b.Size > 0 {
		// The function's own scratch: the warp-group state words of warp
		// specialization (convert-warp-specialize-to-llvm reads it, as
		// Triton's allocation.offset on the function).
		st.AddAttr("allocation.offset", ir.I32Attr(l.ctx, int64(b.Offset)))
	}
	if a := op.Attr("noinline"); a != nil {
		if b, ok := a.(*ir.IntegerAttr); ok && b.Bool() {
			st.AddAttr("no_inline", ir.Unit(l.ctx))
		}
	}
	region := st.AddRegion()
	b := rw.B()
	b.SetInsertionPoint(op)
	newOp := b.Create(st)
	if !f.IsDeclaration() {
		rw.InlineRegionBefore(op.Region(0), region, nil)
		if !rw.ConvertRegionTypes(region, nil) {
			return l.fail(ir.OpErrorf(op, "cannot lower the block argument types of '%s'", f.Name()))
		}
		fs := newFuncState(newOp, kernel)
		if smemParam {
			fs.smem = region.Front().AddArgument(llvm.Ptr(l.ctx, llvm.SharedAddrSpace), op.Loc())
		}
		if scratchParam {
			fs.globalScratch = region.Front().AddArgument(llvm.Ptr(l.ctx, llvm.GlobalAddrSpace), op.Loc())
		}
		l.funcs[newOp] = fs
	}
	rw.EraseOp(op)
	return true
}

// lowerReturn turns tt.return into llvm.return (several values are packed
// into a struct).
func (l *lowering) lowerReturn(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	l.releaseTensormapPool(op, e)
	var vals []ir.Value
	for _, v := range op.Operands() {
		vals = append(vals, rw.RemappedN(v)...)
	}
	e.create("llvm.return", e.packValues(vals), nil)
	rw.EraseOp(op)
	return nil
}

// packValues returns no value, the value, or a struct of the values.
func (e *emitter) packValues(vals []ir.Value) []ir.Value {
	if len(vals) <= 1 {
		return vals
	}
	types := make([]ir.Type, len(vals))
	for i, v := range vals {
		types[i] = v.Type()
	}
	st := llvm.Struct(e.ctx(), types, false)
	acc := e.op1("llvm.mlir.undef", st, nil)
	for i, v := range vals {
		acc = e.op1("llvm.insertvalue", st, []ir.Value{acc, v}, named("position", ir.DenseI64Array(e.ctx(), []int64{int64(i)})))
	}
	return []ir.Value{acc}
}

// lowerCall turns tt.call into llvm.call on the flattened arguments.
func (l *lowering) lowerCall(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	tc := rw.TypeConverter()
	var args []ir.Value
	for _, v := range op.Operands() {
		args = append(args, rw.RemappedN(v)...)
	}
	var groups [][]ir.Type
	var flat []ir.Type
	for i, t := range op.ResultTypes() {
		c, ok := tc.ConvertTypes(t)
		if !ok {
			return ir.OpErrorf(op, "cannot lower the type of result #%d: %s", i, asm.TypeString(t))
		}
		groups = append(groups, c)
		flat = append(flat, c...)
	}
	callee := tt.CallOp{Operation: op}.Callee()
	if l.smem.buffers[op] != nil && l.smem.baseParam[callee] == 0 {
		// A kernel places its shared memory from offset 0.
		return ir.OpErrorf(op, "calls kernel @%s, which uses shared memory; only functions that are not kernels can use the caller's", callee)
	}
	if n := l.smem.baseParam[callee]; n > 0 {
		// The callee's shared memory is the reservation the allocation
		// made at this call.
		off, err := l.sharedOffset(op, n)
		if err != nil {
			return err
		}
		args = append(args, e.smemAddr(off, e.i32c(0)))
	}
	if l.scratchFuncs[callee] {
		// The callee's global scratch is the caller's bytes at the
		// offset the allocation gave this call.
		p, err := l.globalScratchAt(op, e)
		if err != nil {
			return err
		}
		args = append(args, p)
	}
	var results []ir.Type
	packed := l.packedResultType(flat)
	if _, void := packed.(*llvm.VoidType); !void {
		results = []ir.Type{packed}
	}
	call := e.create("llvm.call", args, results, named("callee", ir.FlatSymbolRef(l.ctx, callee)))
	var vals []ir.Value
	switch len(flat) {
	case 0:
	case 1:
		vals = call.Results()
	default:
		for i, t := range flat {
			vals = append(vals, e.op1("llvm.extractvalue", t, call.Results(),
				named("position", ir.DenseI64Array(l.ctx, []int64{int64(i)}))))
		}
	}
	out := make([][]ir.Value, len(groups))
	k := 0
	for i, g := range groups {
		out[i] = vals[k : k+len(g)]
		k += len(g)
	}
	rw.ReplaceOpN(op, out)
	return nil
}

// kernelArgAttrs returns the llvm.func argument attributes of a kernel:
// those of its tensor descriptor parameters (tensordesc.go), or nil when
// it has none.
func (l *lowering) kernelArgAttrs(op *ir.Operation, ft *ir.FunctionType, tc *conversion.TypeConverter) (ir.Attribute, error) {
	var attrs []ir.Attribute
	any := false
	for _, t := range ft.Inputs {
		c, _ := tc.ConvertTypes(t)
		var entry []ir.NamedAttr
		if dt, ok := t.(*tt.TensorDescType); ok {
			if err := l.target.asyncProxy(); err != nil {
				return nil, ir.OpErrorf(op, "tensor descriptor parameter: %v", err)
			}
			var err error
			if entry, err = l.tensorDescArgAttrs(op, dt); err != nil {
				return nil, err
			}
			any = true
		}
		for range c {
			attrs = append(attrs, ir.DictionaryAttrOf(l.ctx, entry))
		}
	}
	if !any {
		return nil, nil
	}
	return ir.ArrayAttrOf(l.ctx, attrs), nil
}
