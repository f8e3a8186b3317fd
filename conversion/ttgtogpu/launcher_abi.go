package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Triton's launcher ABI. tt's kernels take exactly their tt.func
// arguments (LOWERING.md). Triton 3.6's CUDA launcher passes two more
// after them, always: the global scratch pointer (per-CTA global memory
// of metadata global_scratch_size bytes, null when that is 0) and the
// profile scratch pointer (Proton's instrumentation buffer). A kernel
// meant for Triton's launcher gets them as its two last parameters,
// `!llvm.ptr<1>` each, which the PTX emitter declares as Triton's PTX
// does: `.param .u64 .ptr .global .align 1 NAME_param_N`.
//
// A kernel that uses global scratch memory already takes its base as its
// last parameter (marked tt.global_scratch, tensormap.go); it then gets
// only the profile pointer. tt has no profiling, so the profile pointer is
// never read. The sizes to launch with are those of the module's global
// scratch attributes, 0 without them.

// ScratchParams is the number of parameters Triton's launcher appends.
const ScratchParams = 2

// LauncherScratch is what Triton's launcher reads from a kernel's
// metadata to allocate the two scratch buffers it passes.
type LauncherScratch struct {
	GlobalSize, GlobalAlign   int
	ProfileSize, ProfileAlign int
}

// AppendLauncherScratchParams gives every kernel of a per-thread module
// Triton's two trailing scratch-pointer parameters and returns the
// scratch sizes to record in the kernel metadata.
func AppendLauncherScratchParams(module *ir.Operation) (LauncherScratch, error) {
	scratch := LauncherScratch{GlobalAlign: 1, ProfileAlign: 1}
	if n, ok := intModuleAttr(module, ttg.AttrGlobalScratchMemorySize); ok {
		scratch.GlobalSize = n
	}
	if n, ok := intModuleAttr(module, ttg.AttrGlobalScratchMemoryAlignment); ok && n > 0 {
		scratch.GlobalAlign = n
	}
	if n, ok := intModuleAttr(module, ttg.AttrProfileScratchMemorySize); ok {
		scratch.ProfileSize = n
	}
	if n, ok := intModuleAttr(module, ttg.AttrProfileScratchMemoryAlignment); ok && n > 0 {
		scratch.ProfileAlign = n
	}
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return scratch, ir.OpErrorf(module, "expected a module with a body")
	}
	found := false
	for _, op := range module.Region(0).Front().Ops() {
		if op.Name() != "llvm.func" || op.Region(0).Empty() || !llvm.IsKernel(op) {
			continue
		}
		found = true
		if err := appendScratchParams(op); err != nil {
			return scratch, err
		}
	}
	if !found {
		return scratch, ir.OpErrorf(module, "the module holds no kernel to give Triton's launcher parameters")
	}
	return scratch, nil
}

// appendScratchParams adds the missing pointer parameters to one kernel
// (both, or the profile pointer after a global scratch parameter): its
// function type, its entry block and, when it has them, its argument
// attributes.
func appendScratchParams(fn *ir.Operation) error {
	ft := llvm.FuncTypeOf(fn)
	if ft == nil {
		return ir.OpErrorf(fn, "kernel without an !llvm.func type")
	}
	ctx := fn.Context()
	ptr := llvm.Ptr(ctx, llvm.GlobalAddrSpace)
	missing := ScratchParams
	if HasGlobalScratchParam(fn) {
		missing--
	}
	params := append([]ir.Type(nil), ft.Params...)
	entry := fn.Region(0).Front()
	for i := 0; i < missing; i++ {
		params = append(params, ptr)
		entry.AddArgument(ptr, fn.Loc())
	}
	fn.SetAttr(llvm.FunctionTypeAttr, ir.TypeAttrOf(ctx, llvm.Func(ctx, ft.Result, params, ft.VarArg)))
	if arr, ok := fn.Attr(llvm.ArgAttrsAttr).(*ir.ArrayAttr); ok {
		elems := append([]ir.Attribute(nil), arr.Elems...)
		for i := 0; i < missing; i++ {
			elems = append(elems, ir.DictionaryAttrOf(ctx, nil))
		}
		fn.SetAttr(llvm.ArgAttrsAttr, ir.ArrayAttrOf(ctx, elems))
	}
	return nil
}

// HasGlobalScratchParam reports whether a lowered kernel's last parameter
// is its global scratch base (tt's kernel ABI then asks the launcher for a
// buffer of global_scratch_size bytes per program).
func HasGlobalScratchParam(fn *ir.Operation) bool {
	arr, ok := fn.Attr(llvm.ArgAttrsAttr).(*ir.ArrayAttr)
	if !ok || len(arr.Elems) == 0 {
		return false
	}
	d, ok := arr.Elems[len(arr.Elems)-1].(*ir.DictionaryAttr)
	return ok && d.Get(GlobalScratchArgAttr) != nil
}

func intModuleAttr(module *ir.Operation, name string) (int, bool) {
	a, ok := module.Attr(name).(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return int(a.Int()), true
}
