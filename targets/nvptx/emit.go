package nvptx

import (
	"fmt"
	"io"
	"strings"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// module holds what the kernels of one module share.
type module struct {
	opts Options
	arch arch
	// launch holds the attributes of the module whose kernel is being
	// emitted (EmitModules takes several).
	launch

	emitters  map[*ir.OpDef]emitter    // the emitters met so far (emitterOf)
	globals   map[string]*ir.Operation // llvm.mlir.global by symbol
	funcs     map[string]*ir.Operation // llvm.func declarations by symbol
	functions map[string]*ir.Operation // llvm.func definitions by symbol
	decls     strings.Builder          // globals and extern functions printed
	declared  map[string]bool
	needSmem  bool              // a kernel addresses the dynamic shared memory
	accel     bool              // a kernel uses sm_90a-only instructions
	strings   int               // printf format strings made so far
	tables    map[string]string // gpu.table_load tables declared: content -> name
	minPTX    int               // the lowest PTX version (major*10+minor) the code needs
	files     sourceFiles       // the source files `.loc` names (Options.LineInfo)
}

// launch are the kernel attributes a module's attributes give its
// kernels: what their entries declare and their launch metadata.
type launch struct {
	numWarps int
	shared   int
	// numCTAs is the CTAs of a cluster (ttg.num-ctas; Triton's
	// num_ctas): above 1 the kernels are `.explicitcluster` entries that
	// must be launched in clusters of (numCTAs, 1, 1).
	numCTAs int
	// ctaCluster is the CTAs (along x) of the clusters the kernels run
	// in while each CTA stays one program (the module's tt.cta-cluster,
	// 1 without): the entries get `.reqnctapercluster N, 1, 1` but no
	// .explicitcluster, so that a plain launch of a grid whose x is a
	// multiple of N forms the clusters.
	ctaCluster int
	// maxNReg bounds the registers of each thread of a kernel
	// (`.maxnreg`, from the module's ttg.maxnreg: Triton's maxnreg
	// option); 0 leaves it to ptxas.
	maxNReg int
}

// Emit prints the PTX of every kernel of module (a builtin.module holding
// per-thread IR: llvm.func kernels whose bodies use the llvm and gpu
// dialects, see docs/LOWERING.md) to w, and returns the kernels' launch
// metadata in module order. Errors are located diagnostics; nothing is
// written to w when emission fails.
func Emit(mod *ir.Operation, opts Options, w io.Writer) ([]Kernel, error) {
	return EmitModules([]*ir.Operation{mod}, opts, w)
}

// EmitModules prints the kernels of several modules as one PTX module,
// each kernel with its own module's attributes (warps, shared memory,
// clusters, register bound): compilations of one kernel under two
// schedules that a launcher chooses between at run time, loaded from one
// binary. A global or function that two modules define must be the same
// in both (it is printed once); kernels need names of their own.
func EmitModules(mods []*ir.Operation, opts Options, w io.Writer) ([]Kernel, error) {
	if len(mods) == 0 {
		return nil, fmt.Errorf("no module to emit")
	}
	a, err := parseArch(opts.Arch)
	if err != nil {
		return nil, ir.OpErrorf(mods[0], "%v", err)
	}
	if _, err := checkPTXVersion(opts.PTXVersion); err != nil {
		return nil, ir.OpErrorf(mods[0], "%v", err)
	}
	m := &module{
		opts: opts, arch: a,
		globals: map[string]*ir.Operation{}, funcs: map[string]*ir.Operation{}, functions: map[string]*ir.Operation{},
		declared: map[string]bool{},
	}
	type kernel struct {
		op     *ir.Operation
		launch launch
	}
	var kernels []kernel
	var devices []*ir.Operation
	for _, mod := range mods {
		l, err := launchOf(mod, a, opts)
		if err != nil {
			return nil, err
		}
		if mod.NumRegions() != 1 || mod.Region(0).Empty() {
			return nil, ir.OpErrorf(mod, "expected a module with a body")
		}
		found := false
		for _, op := range mod.Region(0).Front().Ops() {
			name, _ := op.Attr(ir.SymbolAttrName).(*ir.StringAttr)
			switch op.Name() {
			case "llvm.mlir.global":
				if name == nil {
					return nil, ir.OpErrorf(op, "global without a name")
				}
				if prev := m.globals[name.Value]; prev != nil && prev != op {
					if !sameDeclaration(prev, op) {
						return nil, ir.OpErrorf(op, "global @%s differs from the one another module of the PTX module defines", name.Value)
					}
					continue
				}
				m.globals[name.Value] = op
			case "llvm.func":
				if name == nil {
					return nil, ir.OpErrorf(op, "function without a name")
				}
				if op.Region(0).Empty() {
					if prev := m.funcs[name.Value]; prev == nil || sameDeclaration(prev, op) {
						m.funcs[name.Value] = op
						continue
					}
					return nil, ir.OpErrorf(op, "function @%s is declared differently by another module of the PTX module", name.Value)
				}
				if m.functions[name.Value] != nil {
					// Two bodies of one name: which one a call means
					// would depend on the order of the modules.
					return nil, ir.OpErrorf(op, "function @%s is defined by two modules of the PTX module", name.Value)
				}
				m.functions[name.Value] = op
				if llvm.IsKernel(op) {
					kernels = append(kernels, kernel{op, l})
					found = true
				} else {
					devices = append(devices, op)
				}
			default:
				return nil, ir.OpErrorf(op, "the PTX emitter expects per-thread IR (llvm.func, llvm.mlir.global) at module level, found '%s'", op.Name())
			}
		}
		if !found {
			return nil, ir.OpErrorf(mod, "the module holds no kernel (an llvm.func marked gpu.kernel)")
		}
	}
	// Device functions first, after prototypes of them all (they may call
	// each other in any order), then the kernels.
	var protos strings.Builder
	var bodies []funcText
	for i, d := range devices {
		p, err := prototype(d)
		if err != nil {
			return nil, err
		}
		protos.WriteString(p + ";\n")
		text, err := m.emitFunction(d, len(kernels)+i, false)
		if err != nil {
			return nil, err
		}
		bodies = append(bodies, text)
	}
	var metas []Kernel
	for i, k := range kernels {
		m.launch = k.launch
		text, err := m.emitFunction(k.op, i, true)
		if err != nil {
			return nil, err
		}
		metas = append(metas, Kernel{Name: ir.SymbolName(k.op), NumWarps: m.numWarps, NumCTAs: m.numCTAs,
			ClusterDims: [3]int{m.numCTAs * m.ctaCluster, 1, 1}, Shared: m.shared})
		bodies = append(bodies, text)
	}
	target := a.target(m.accel)
	version, err := m.version()
	if err != nil {
		return nil, ir.OpErrorf(mods[0], "%v", err)
	}
	for i := range metas {
		metas[i].Target = target
	}

	// The module's text goes to w in pieces: joining them first copied
	// the whole PTX once more (tens of KB a dot kernel). A writer that
	// can grow (tt-translate's buffer) is sized for it once.
	size := 256 + m.decls.Len() + protos.Len()
	for _, b := range bodies {
		size += len(b.head) + len(b.body) + 1
	}
	if g, ok := w.(interface{ Grow(int) }); ok {
		g.Grow(size)
	}
	var head strings.Builder
	head.WriteString("//\n// Generated by tt\n//\n\n")
	fmt.Fprintf(&head, ".version %s\n.target %s\n.address_size 64\n\n", version, target)
	if m.needSmem {
		head.WriteString(".extern .shared .align 16 .b8 global_smem[];\n")
	}
	var werr error
	write := func(s string) {
		if werr == nil {
			_, werr = io.WriteString(w, s)
		}
	}
	write(head.String())
	write(m.decls.String())
	if protos.Len() > 0 {
		write("\n")
		write(protos.String())
	}
	for _, b := range bodies {
		write("\n")
		write(b.head)
		if werr == nil {
			_, werr = w.Write(b.body)
		}
	}
	if len(m.files.paths) > 0 {
		write("\n")
		write(m.files.declarations())
	}
	if werr != nil {
		return nil, werr
	}
	return metas, nil
}

// launchOf reads the kernel attributes of mod (ttg.num-warps or, for a
// warp-specialized kernel, ttg.total-num-warps; ttg.num-ctas;
// tt.cta-cluster; ttg.shared; ttg.maxnreg), opts.NumWarps standing in
// for a module without warps.
func launchOf(mod *ir.Operation, a arch, opts Options) (launch, error) {
	l := launch{numWarps: opts.NumWarps, numCTAs: 1, ctaCluster: 1}
	if n, ok := intAttr(mod, "ttg.num-warps"); ok {
		l.numWarps = int(n)
	}
	// A warp-specialized kernel launches its partitions' warps too.
	if n, ok := intAttr(mod, "ttg.total-num-warps"); ok {
		l.numWarps = int(n)
	}
	if n, ok := intAttr(mod, "ttg.num-ctas"); ok {
		if n < 1 || n > 16 || n&(n-1) != 0 {
			return l, ir.OpErrorf(mod, "'ttg.num-ctas' must be a power of two from 1 to 16 (a cluster's CTAs), got %d", n)
		}
		if n > 1 && a.sm < 90 {
			return l, ir.OpErrorf(mod, "clusters of CTAs ('ttg.num-ctas' = %d) need sm_90 or newer; the target is %s", n, a.target(false))
		}
		l.numCTAs = int(n)
	}
	if n, ok := intAttr(mod, attrCTACluster); ok {
		switch {
		case n < 1 || n > 16:
			return l, ir.OpErrorf(mod, "'%s' must be from 1 to 16 (the CTAs of a cluster), got %d", attrCTACluster, n)
		case n > 1 && a.sm < 90:
			return l, ir.OpErrorf(mod, "clusters of CTAs ('%s' = %d) need sm_90 or newer; the target is %s", attrCTACluster, n, a.target(false))
		case n > 1 && l.numCTAs > 1:
			// Both would set the entry's cluster shape, and they disagree
			// on what a program is (a cluster, or one of its CTAs).
			return l, ir.OpErrorf(mod, "'%s' = %d and 'ttg.num-ctas' = %d cannot both be set: a program is either a whole cluster or one CTA of it", attrCTACluster, n, l.numCTAs)
		}
		l.ctaCluster = int(n)
	}
	if n, ok := intAttr(mod, "ttg.shared"); ok {
		l.shared = int(n)
	}
	if n, ok := intAttr(mod, "ttg.maxnreg"); ok {
		if n <= 0 {
			return l, ir.OpErrorf(mod, "'ttg.maxnreg' must be positive, got %d", n)
		}
		l.maxNReg = int(n)
	}
	if l.numWarps <= 0 {
		return l, ir.OpErrorf(mod, "the module has no 'ttg.num-warps' attribute and no number of warps was given")
	}
	return l, nil
}

// sameDeclaration reports whether two bodiless module-level ops (globals,
// function declarations) of modules of one context declare the same
// thing: their attributes, uniqued by the context, are the same values.
func sameDeclaration(a, b *ir.Operation) bool {
	if a.Name() != b.Name() || a.NumRegions() != b.NumRegions() {
		return false
	}
	for i := 0; i < a.NumRegions(); i++ {
		if !a.Region(i).Empty() || !b.Region(i).Empty() {
			return false
		}
	}
	x, y := a.Attrs(), b.Attrs()
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		// Attributes of one context are equal when they are the same
		// instance; the modules may come from different contexts.
		if x[i].Name != y[i].Name || x[i].Value != y[i].Value && asm.AttrString(x[i].Value) != asm.AttrString(y[i].Value) {
			return false
		}
	}
	return true
}

// version is the `.version` to print: the one asked for (checked against
// what the code needs), or the lowest that has every instruction used and
// knows the target (8.0 at least).
func (m *module) version() (string, error) {
	need := max(m.minPTX, 80)
	if m.arch.sm >= 100 {
		need = max(need, 86)
	}
	if m.opts.PTXVersion != "" {
		var major, minor int
		fmt.Sscanf(m.opts.PTXVersion, "%d.%d", &major, &minor)
		if major*10+minor < need {
			return "", fmt.Errorf("the kernel needs PTX %d.%d or newer, but PTX %s was asked for", need/10, need%10, m.opts.PTXVersion)
		}
		return m.opts.PTXVersion, nil
	}
	return fmt.Sprintf("%d.%d", need/10, need%10), nil
}

// attrCTACluster is the module attribute tt.cta-cluster (dialects/ttg's
// AttrCTACluster, which the emitter may not import).
const attrCTACluster = "tt.cta-cluster"

func intAttr(op *ir.Operation, name string) (int64, bool) {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int(), true
	}
	return 0, false
}

// symbol makes an LLVM symbol a valid PTX identifier, as LLVM's NVPTX
// printer does: PTX names take letters, digits, `_` and `$`.
func symbol(name string) string {
	var b strings.Builder
	for i, r := range name {
		switch {
		case r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '.':
			b.WriteString("_$_")
		default:
			fmt.Fprintf(&b, "_$%x_", r)
		}
	}
	return b.String()
}

// global declares a module global the first time a kernel takes its
// address, and returns its PTX name and address space.
func (m *module) global(op *ir.Operation, name string) (string, int, error) {
	g, ok := m.globals[name]
	if !ok {
		return "", 0, ir.OpErrorf(op, "unknown global @%s", name)
	}
	as := llvm.GlobalAddrSpaceOf(g)
	t := llvm.GlobalType(g)
	sym := symbol(name)
	// The zero-sized external shared array is the dynamic shared memory,
	// whatever its name in the IR (Triton calls it global_smem).
	if arr, ok := t.(*llvm.ArrayType); ok && as == llvm.SharedAddrSpace && arr.Len == 0 {
		m.needSmem = true
		return "global_smem", as, nil
	}
	if m.declared[name] {
		return sym, as, nil
	}
	m.declared[name] = true
	size, align, err := sizeAlign(t)
	if err != nil {
		return "", 0, ir.OpErrorf(g, "%v", err)
	}
	if a, ok := intAttr(g, "alignment"); ok && a > align {
		align = a
	}
	var sp string
	switch as {
	case llvm.GenericAddrSpace, llvm.GlobalAddrSpace:
		sp = ".global"
	case llvm.SharedAddrSpace:
		sp = ".shared"
	case llvm.ConstantAddrSpace:
		sp = ".const"
	default:
		return "", 0, ir.OpErrorf(g, "globals in address space %d are not supported", as)
	}
	fmt.Fprintf(&m.decls, "%s .align %d .b8 %s[%d]", sp, align, sym, size)
	switch v := g.Attr("value").(type) {
	case nil:
	case *ir.StringAttr:
		bytes := make([]string, len(v.Value))
		for i := 0; i < len(v.Value); i++ {
			bytes[i] = fmt.Sprint(v.Value[i])
		}
		fmt.Fprintf(&m.decls, " = {%s}", strings.Join(bytes, ", "))
	default:
		return "", 0, ir.OpErrorf(g, "only string initializers of globals are supported")
	}
	m.decls.WriteString(";\n")
	return sym, as, nil
}

// emitAddressOf takes the address of a global: a mov of its symbol (32-bit
// in the shared window, converted to generic for generic pointers).
func (f *fn) emitAddressOf(op *ir.Operation) error {
	ref, _ := op.Attr("global_name").(*ir.SymbolRefAttr)
	if ref == nil {
		return ir.OpErrorf(op, "missing global_name")
	}
	sym, as, err := f.m.global(op, ref.Root)
	if err != nil {
		return err
	}
	d, err := f.def(op, 0)
	if err != nil {
		return err
	}
	pt := op.Result(0).Type().(*llvm.PointerType)
	switch {
	case pt.AddrSpace == llvm.GenericAddrSpace && as != llvm.GenericAddrSpace:
		t := f.regs.alloc(classB64)
		f.inss("mov.u64 %s, %s", t, sym)
		f.inss("cvta.%s.u64 %s, %s", spaceName(as), d, t)
	case pt.AddrSpace == llvm.GenericAddrSpace:
		t := f.regs.alloc(classB64)
		f.inss("mov.u64 %s, %s", t, sym)
		f.inss("cvta.global.u64 %s, %s", d, t)
	default:
		f.ins("mov.u%d %s, %s", regBits(pt), d, sym)
	}
	return nil
}
