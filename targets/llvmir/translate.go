package llvmir

import (
	"bufio"
	"io"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	lltypes "github.com/llir/llvm/ir/types"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// translator holds the state of one module translation.
type translator struct {
	ctx    *ir.Context
	target Target
	mod    *llir.Module

	types     map[ir.Type]lltypes.Type
	ptrs      map[int]*lltypes.PointerType
	typeNames map[string]bool
	globals   map[string]*llir.Global
	funcs     map[string]*llir.Func
	strings   map[string]*llir.Global // interned C strings (printf, assert)
	tables    map[string]*llir.Global // gpu.table_load tables by content
	invariant *metadata.Tuple         // the !{} of !invariant.load
	smem      *llir.Global

	numWarps, threadsPerWarp int
	// maxNReg is the module's ttg.maxnreg (Triton's maxnreg option), 0
	// without one.
	maxNReg int
	// numCTAs is the module's ttg.num-ctas: above 1 its kernels require
	// clusters of (numCTAs, 1, 1) CTAs (NVPTX only).
	numCTAs int
	// ctaCluster is the module's tt.cta-cluster: above 1 its kernels run
	// in clusters of (ctaCluster, 1, 1) CTAs that are one program each.
	ctaCluster int
}

// attrCTACluster is the module attribute tt.cta-cluster (dialects/ttg's
// AttrCTACluster, which a target may not import).
const attrCTACluster = "tt.cta-cluster"

// Translate converts a module of per-thread IR (llvm.func, llvm.mlir.global,
// llvm and gpu ops) into an LLVM 14 module for target. Errors are located
// diagnostics of the op that could not be translated.
func Translate(module *ir.Operation, target Target) (*llir.Module, error) {
	if module.NumRegions() != 1 || module.Region(0).Front() == nil {
		return nil, ir.OpErrorf(module, "expected a module with one block")
	}
	// The lowerings rely on the ops' invariants.
	if err := ir.Verify(module); err != nil {
		return nil, err
	}
	registerHandlers()
	tr := &translator{
		ctx:       module.Context(),
		target:    target,
		mod:       llir.NewModule(),
		types:     map[ir.Type]lltypes.Type{},
		ptrs:      map[int]*lltypes.PointerType{},
		typeNames: map[string]bool{},
		globals:   map[string]*llir.Global{},
		funcs:     map[string]*llir.Func{},
		strings:   map[string]*llir.Global{},
	}
	tr.mod.TargetTriple = target.Triple()
	tr.numWarps = intAttr(module, "ttg.num-warps", 0)
	// A warp-specialized kernel launches its partitions' warps too.
	tr.numWarps = intAttr(module, "ttg.total-num-warps", tr.numWarps)
	tr.maxNReg = intAttr(module, "ttg.maxnreg", 0)
	tr.numCTAs = intAttr(module, "ttg.num-ctas", 1)
	if tr.numCTAs > 1 && target.Kind == AMDGCN {
		return nil, ir.OpErrorf(module, "clusters of CTAs ('ttg.num-ctas' = %d) are NVIDIA's; the target is %s", tr.numCTAs, target.Arch)
	}
	tr.ctaCluster = intAttr(module, attrCTACluster, 1)
	switch {
	case tr.ctaCluster < 1 || tr.ctaCluster > 16:
		return nil, ir.OpErrorf(module, "'%s' must be from 1 to 16 (the CTAs of a cluster), got %d", attrCTACluster, tr.ctaCluster)
	case tr.ctaCluster > 1 && target.Kind == AMDGCN:
		return nil, ir.OpErrorf(module, "clusters of CTAs ('%s' = %d) are NVIDIA's; the target is %s", attrCTACluster, tr.ctaCluster, target.Arch)
	case tr.ctaCluster > 1 && target.SM() < 90:
		return nil, ir.OpErrorf(module, "clusters of CTAs ('%s' = %d) need sm_90 or newer; the target is %s", attrCTACluster, tr.ctaCluster, target.Arch)
	case tr.ctaCluster > 1 && tr.numCTAs > 1:
		return nil, ir.OpErrorf(module, "'%s' = %d and 'ttg.num-ctas' = %d cannot both be set: a program is either a whole cluster or one CTA of it", attrCTACluster, tr.ctaCluster, tr.numCTAs)
	}
	tr.threadsPerWarp = intAttr(module, "ttg.threads-per-warp", target.WarpSize())
	body := module.Region(0).Front().Ops()
	// Declare every symbol first: bodies may refer to later ones.
	for _, op := range body {
		var err error
		switch op.Name() {
		case llvm.GlobalOp.Name:
			err = tr.declareGlobal(op)
		case llvm.FuncOp.Name:
			err = tr.declareFunc(op)
		default:
			err = ir.OpErrorf(op, "cannot translate '%s' at module level to LLVM IR (expected llvm.func or llvm.mlir.global)", op.Name())
		}
		if err != nil {
			return nil, err
		}
	}
	for _, op := range body {
		if op.Name() == llvm.FuncOp.Name && !op.Region(0).Empty() {
			if err := tr.defineFunc(op); err != nil {
				return nil, err
			}
		}
	}
	return tr.mod, nil
}

// Emit translates module and writes the LLVM IR text to w.
func Emit(module *ir.Operation, target Target, w io.Writer) error {
	m, err := Translate(module, target)
	if err != nil {
		return err
	}
	// Straight to w: m.String() would build the whole text in memory
	// first, one more copy of what can be tens of MB (a 2^20-element
	// scan for gfx942: 46 MB).
	bw := bufio.NewWriterSize(w, 1<<16)
	if _, err = m.WriteTo(bw); err != nil {
		return err
	}
	return bw.Flush()
}

func intAttr(op *ir.Operation, name string, def int) int {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return int(a.Int())
	}
	return def
}

var linkages = map[string]enum.Linkage{
	"private": enum.LinkagePrivate, "internal": enum.LinkageInternal,
	"available_externally": enum.LinkageAvailableExternally, "linkonce": enum.LinkageLinkOnce,
	"weak": enum.LinkageWeak, "common": enum.LinkageCommon, "appending": enum.LinkageAppending,
	"extern_weak": enum.LinkageExternWeak, "linkonce_odr": enum.LinkageLinkOnceODR,
	"weak_odr": enum.LinkageWeakODR, "external": enum.LinkageNone,
	// Declarations spell their linkage.
	"external-decl": enum.LinkageExternal,
}

func linkageOf(op *ir.Operation) string {
	if k, ok := op.Attr(llvm.LinkageAttrName).(*llvm.KeywordAttr); ok {
		return k.Keyword
	}
	return "external"
}

// declareGlobal creates the LLVM global of an llvm.mlir.global.
func (tr *translator) declareGlobal(op *ir.Operation) error {
	name := ir.SymbolName(op)
	t := llvm.GlobalType(op)
	lt, ok := tr.typ(t)
	if !ok {
		return ir.OpErrorf(op, "cannot translate type '%s' to LLVM IR", asm.TypeString(t))
	}
	if op.NumRegions() > 0 && !op.Region(0).Empty() {
		return ir.OpErrorf(op, "globals with an initializer region are not supported by the LLVM IR translation")
	}
	as := lltypes.AddrSpace(llvm.GlobalAddrSpaceOf(op))
	link := linkageOf(op)
	var g *llir.Global
	if v := op.Attr("value"); v != nil {
		init, err := tr.constantOf(v, t, lt)
		if err != nil {
			return ir.OpErrorf(op, "initializer: %v", err)
		}
		g = tr.mod.NewGlobalDef(name, init)
	} else if link == "external" || link == "extern_weak" {
		g = tr.mod.NewGlobal(name, lt)
		if link == "external" {
			link = "external-decl"
		}
	} else {
		// A defined global without a value starts undefined (shared
		// memory cannot be initialized anyway).
		g = tr.mod.NewGlobalDef(name, constant.NewUndef(lt))
	}
	// NewGlobal* caches the pointer type: set the address space on both.
	g.AddrSpace = as
	g.Typ.AddrSpace = as
	g.Linkage = linkages[link]
	g.Immutable = op.Attr("constant") != nil
	if a, ok := op.Attr("alignment").(*ir.IntegerAttr); ok {
		g.Align = llir.Align(a.Int())
	}
	if _, dup := tr.globals[name]; dup {
		return ir.OpErrorf(op, "redefinition of symbol '%s'", name)
	}
	tr.globals[name] = g
	if name == sharedMemoryName {
		tr.smem = g
	}
	return nil
}

// sharedMemoryName is the dynamic shared memory of a kernel: an external
// addrspace(3) byte array, as Triton declares it.
const sharedMemoryName = "global_smem"

// sharedMemory returns @global_smem, declaring it on first use.
func (tr *translator) sharedMemory() *llir.Global {
	if tr.smem == nil {
		g := tr.mod.NewGlobal(sharedMemoryName, lltypes.NewArray(0, lltypes.I8))
		g.AddrSpace = llvm.SharedAddrSpace
		g.Typ.AddrSpace = llvm.SharedAddrSpace
		g.Align = 16
		g.Linkage = enum.LinkageExternal
		tr.smem = g
		tr.globals[sharedMemoryName] = g
	}
	return tr.smem
}

// declareFunc creates the LLVM function of an llvm.func.
func (tr *translator) declareFunc(op *ir.Operation) error {
	name := ir.SymbolName(op)
	ft := llvm.FuncTypeOf(op)
	if ft == nil {
		return ir.OpErrorf(op, "missing function type")
	}
	lt, ok := tr.typ(ft)
	if !ok {
		return ir.OpErrorf(op, "cannot translate function type '%s' to LLVM IR", asm.TypeString(ft))
	}
	sig := lt.(*lltypes.FuncType)
	var params []*llir.Param
	for i, p := range sig.Params {
		for _, a := range llvm.ArgAttrs(op, i) {
			if a.Name == "llvm.byval" {
				// A tensor map passed by value, whose address the kernel
				// takes: LLVM 14 has no grid-constant parameters.
				return ir.OpErrorf(op, "kernel parameter %d is passed by value (a tensor map); only the PTX emitter (--target=ptx) passes such parameters", i)
			}
		}
		params = append(params, llir.NewParam("arg"+itoa(i), p))
	}
	if _, dup := tr.funcs[name]; dup {
		return ir.OpErrorf(op, "redefinition of symbol '%s'", name)
	}
	f := tr.mod.NewFunc(name, sig.RetType, params...)
	f.Sig.Variadic = sig.Variadic
	if op.Region(0).Empty() {
		tr.funcs[name] = f
		return nil
	}
	f.Linkage = linkages[linkageOf(op)]
	if llvm.IsKernel(op) {
		tr.markKernel(op, f)
	}
	tr.funcs[name] = f
	return nil
}

// markKernel gives a kernel its calling convention and launch bounds:
// ptx_kernel plus nvvm.annotations (kernel, maxntidx, maxnreg for a
// module with ttg.maxnreg, cluster_dim_x/y/z for one with ttg.num-ctas
// above 1) on NVPTX;
// amdgpu_kernel with Triton's AMD kernel attributes on AMDGCN
// (compiler.py's make_llir: "amdgpu-flat-work-group-size" = "1,N",
// "uniform-work-group-size" (every workgroup is full), "amdgpu-waves-per-
// eu" = "0, 0" (waves_per_eu's default: no occupancy target),
// "denormal-fp-math-f32" = "ieee" (allow_flush_denorm's default), and
// every parameter inreg, so that the firmware may preload the kernel
// arguments into SGPRs).
func (tr *translator) markKernel(op *ir.Operation, f *llir.Func) {
	threads := 0
	if a, ok := op.Attr("nvvm.reqntid").(*ir.DenseArrayAttr); ok && len(a.Ints) > 0 {
		threads = 1
		for _, n := range a.Ints {
			threads *= int(n)
		}
	} else if tr.numWarps > 0 {
		threads = tr.numWarps * tr.threadsPerWarp
	}
	if tr.target.Kind == AMDGCN {
		f.CallingConv = enum.CallingConvAMDGPUKernel
		if threads > 0 {
			f.FuncAttrs = append(f.FuncAttrs, llir.AttrPair{Key: "amdgpu-flat-work-group-size", Value: "1," + itoa(threads)})
		}
		f.FuncAttrs = append(f.FuncAttrs,
			llir.AttrPair{Key: "uniform-work-group-size", Value: "true"},
			llir.AttrPair{Key: "amdgpu-waves-per-eu", Value: "0, 0"},
			llir.AttrPair{Key: "denormal-fp-math-f32", Value: "ieee"})
		for _, p := range f.Params {
			p.Attrs = append(p.Attrs, enum.ParamAttrInReg)
		}
		return
	}
	f.CallingConv = enum.CallingConvPTXKernel
	// The function and the constant go into the tuple as they are:
	// wrapped in metadata values llc rejects them.
	tr.annotate(f, "kernel", 1)
	if threads > 0 {
		tr.annotate(f, "maxntidx", threads)
	}
	if tr.maxNReg > 0 {
		tr.annotate(f, "maxnreg", tr.maxNReg)
	}
	if tr.numCTAs > 1 {
		// LLVM's NVPTX printer turns these into .explicitcluster and
		// .reqnctapercluster from LLVM 20 on; older llc (14, 19) drop them,
		// and their PTX runs right only when launched with the clusters
		// the metadata's num_ctas asks for (as tt's launchers do).
		tr.annotate(f, "cluster_dim_x", tr.numCTAs)
		tr.annotate(f, "cluster_dim_y", 1)
		tr.annotate(f, "cluster_dim_z", 1)
	}
	if tr.ctaCluster > 1 {
		// The same annotations: LLVM has no way to ask for
		// .reqnctapercluster without .explicitcluster, so llc 20's PTX
		// must be launched with explicit cluster dimensions (tt's
		// launchers pass the metadata's cluster_dims), where tt's own
		// emitter's also runs from a plain launch.
		tr.annotate(f, "cluster_dim_x", tr.ctaCluster)
		tr.annotate(f, "cluster_dim_y", 1)
		tr.annotate(f, "cluster_dim_z", 1)
	}
}

func (tr *translator) annotate(f *llir.Func, key string, v int) {
	tup := &metadata.Tuple{MetadataID: -1, Fields: []metadata.Field{f, &metadata.String{Value: key}, constant.NewInt(lltypes.I32, int64(v))}}
	tr.mod.MetadataDefs = append(tr.mod.MetadataDefs, tup)
	nd, ok := tr.mod.NamedMetadataDefs["nvvm.annotations"]
	if !ok {
		nd = &metadata.NamedDef{Name: "nvvm.annotations"}
		tr.mod.NamedMetadataDefs["nvvm.annotations"] = nd
	}
	nd.Nodes = append(nd.Nodes, tup)
}

// declare returns the function named name, declaring it with the given
// signature on first use (intrinsics and runtime functions).
func (tr *translator) declare(name string, ret lltypes.Type, params ...lltypes.Type) *llir.Func {
	if f, ok := tr.funcs[name]; ok {
		return f
	}
	var ps []*llir.Param
	for _, p := range params {
		ps = append(ps, llir.NewParam("", p))
	}
	f := tr.mod.NewFunc(name, ret, ps...)
	tr.funcs[name] = f
	return f
}

// cString returns a private constant global holding s and a NUL, shared by
// equal strings.
func (tr *translator) cString(prefix, s string) *llir.Global {
	if g, ok := tr.strings[s]; ok {
		return g
	}
	name := prefix + "_" + itoa(len(tr.strings))
	for tr.globals[name] != nil || tr.funcs[name] != nil {
		name += "_"
	}
	g := tr.mod.NewGlobalDef(name, constant.NewCharArrayFromString(s+"\x00"))
	g.Linkage = enum.LinkageInternal
	g.Immutable = true
	tr.strings[s] = g
	tr.globals[name] = g
	return g
}
