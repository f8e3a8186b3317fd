package triton

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/frontend/python"
	"github.com/ttcompiler/tt/ir"
)

// compiler is one ast_to_ttir run: the module being built and the
// functions generated into it.
type compiler struct {
	ctx      *ir.Context
	module   *ir.Operation
	opts     *Options
	l        *loader
	retTypes map[string]Type // generated function -> return type (nil: void)
	building map[string]bool
	depth    int
}

// maxCallDepth bounds nested @jit calls being generated at once.
const maxCallDepth = 64

// argSlot is one parameter of a function being generated: a constant,
// or a value of type Ty (which may be a tuple holding constants).
type argSlot struct {
	Ty    Type
	Const Object // set when the whole argument is a constant
	IsCst bool
	// Div is the tt.divisibility of a kernel argument (0: none).
	Div int
}

// gen generates one function (Triton's CodeGenerator).
type gen struct {
	c        *compiler
	fn       *JITFunction
	b        *ir.Builder
	loc      ir.Location
	prefix   string // name_loc_as_prefix
	lscope   *scope
	defs     *scope // local_defs
	cur      python.Node
	isKernel bool
	name     string
	noinline bool
	slots    []argSlot
	funcOp   *ir.Operation
	retType  Type
	retSet   bool
	scfDepth int
	// inDefault is set while evaluating parameter defaults (globals of any
	// kind may be read there).
	inDefault bool
	// unusedCall is the call whose value an expression statement drops.
	unusedCall *python.Call
}

func (c *compiler) newGen(fn *JITFunction, name string, slots []argSlot, isKernel bool) *gen {
	b := ir.NewBuilder(c.ctx)
	g := &gen{c: c, fn: fn, b: b, lscope: newScope(), defs: newScope(), isKernel: isKernel, name: name,
		noinline: fn.Noinline, slots: slots}
	g.loc = ir.FileLineCol(c.ctx, fn.Src.Path, fn.Def.Pos.Line, 0)
	return g
}

// locOf is the location Triton gives node n: the file, the absolute line
// and the column in the dedented source; inside an assignment to a name,
// a name location around it.
func (g *gen) locOf(n python.Node) ir.Location {
	p := n.Start()
	col := p.Col - g.fn.Dedent
	if col < 0 {
		col = p.Col
	}
	var l ir.Location = ir.FileLineCol(g.c.ctx, g.fn.Src.Path, p.Line, col)
	if g.prefix != "" {
		l = ir.NameLocOf(g.c.ctx, g.prefix, l)
	}
	return l
}

// enter starts visiting node n (setting the location to n's) and returns
// the function that ends the visit. Like Triton's visitor, the location
// after a visit stays at the visited node's own location.
func (g *gen) enter(n python.Node) func() {
	prev := g.cur
	g.cur = n
	here := g.locOf(n)
	g.loc = here
	return func() {
		// Deferred by every visit: a panic that is not yet a located
		// error (a Python exception raised by a type constructor, or a
		// front-end bug) gets the location of the innermost node.
		if r := recover(); r != nil {
			if _, ok := r.(*python.Error); !ok {
				r = recoverError(r, func() (*python.Error, bool) { return g.errAt(n, ""), true })
			}
			g.cur = prev
			g.loc = here
			panic(r)
		}
		g.cur = prev
		g.loc = here
	}
}

// genFunction builds the tt.func for g.fn (visit_FunctionDef).
func (g *gen) genFunction() {
	d := g.fn.Def
	done := g.enter(d)
	defer done()
	ctx := g.c.ctx
	var inputs []ir.Type
	for _, s := range g.slots {
		if !s.IsCst {
			inputs = s.Ty.flatten(ctx, inputs)
		}
	}
	vis := "private"
	if g.isKernel {
		vis = "public"
	}
	st := ir.NewState(ctx, "tt.func", g.loc)
	st.AddAttr(ir.SymbolAttrName, ir.StringAttrOf(ctx, g.name))
	st.AddAttr("function_type", ir.TypeAttrOf(ctx, ir.Function(ctx, inputs, nil)))
	st.AddAttr(ir.SymbolVisibilityAttrName, ir.StringAttrOf(ctx, vis))
	st.AddAttr("noinline", ir.BoolAttrOf(ctx, g.noinline))
	locs := make([]ir.Location, len(inputs))
	for i := range locs {
		locs[i] = g.loc
	}
	entry := ir.NewBlock(ctx, inputs, locs)
	st.AddRegion().Append(entry)
	g.funcOp = ir.Create(st)
	builtin.Body(g.c.module).Append(g.funcOp)
	fop := tt.FuncOp{Operation: g.funcOp}

	// Bind the parameters: constants, and values rebuilt from the entry
	// block's arguments (with their attributes and name locations).
	args := entry.Arguments()
	cursor := 0
	for i, p := range g.fn.Params {
		s := g.slots[i]
		var v Object
		if s.IsCst {
			v = s.Const
		} else {
			if s.Div != 0 {
				fop.SetArgAttr(cursor, "tt.divisibility", ir.I32Attr(ctx, int64(s.Div)))
			}
			var n int
			v, n = unflatten(s.Ty, args[cursor:])
			cursor += n
			setValueLoc(ctx, v, p.Name)
		}
		g.setValue(p.Name, v)
	}
	g.b.SetInsertionPointToStart(entry)
	g.visitBody(d.Body)
	// Finalize: the function falls off its end (or off the dead block a
	// return left behind).
	if !g.retSet || g.retType == nil {
		g.retType, g.retSet = nil, true
		g.op("tt.return", nil, nil)
	} else {
		results := g.retType.flatten(ctx, nil)
		fop.SetAttr("function_type", ir.TypeAttrOf(ctx, ir.Function(ctx, inputs, results)))
		var vals []ir.Value
		for _, t := range results {
			vals = append(vals, g.poison(t))
		}
		g.op("tt.return", vals, nil)
	}
}

// setValue binds a name in the local scope (set_value).
func (g *gen) setValue(name string, v Object) {
	g.lscope.set(name, v)
	g.defs.set(name, v)
}

// builtinNames are the Python builtins kernels may use.
var kernelBuiltinNames = map[string]bool{"len": true, "list": true, "range": true, "float": true, "int": true,
	"isinstance": true, "getattr": true, "hasattr": true, "print": true, "min": true, "max": true}

// lookup resolves a name: locals, then globals (constexpr ones, modules,
// functions, dtypes), then the builtins kernels may use.
func (g *gen) lookup(n *python.Name) Object {
	if v, ok := g.lscope.get(n.ID); ok {
		return v
	}
	if v, ok := g.fn.Src.Globals.get(n.ID); ok {
		if g.globalAllowed(v) || g.inDefault || kernelBuiltinNames[n.ID] {
			return unwrap(v)
		}
		if o, ok := v.(*Opaque); ok {
			g.fail(n, "cannot use global variable %s in a kernel: %s is a host value the compiler cannot evaluate", n.ID, o.What)
		}
		g.fail(n, "Cannot access global variable %s from within @jit'ed function. Triton kernels can only access global variables that are instantiated as constexpr (`%s = triton.language.constexpr(...)`).", n.ID, n.ID)
	}
	if kernelBuiltinNames[n.ID] {
		if v, ok := kernelBuiltin(n.ID); ok {
			return v
		}
	}
	g.fail(n, "NameError: name '%s' is not defined", n.ID)
	return nil
}

// globalAllowed is the set of global values Triton lets kernels read.
func (g *gen) globalAllowed(v Object) bool {
	switch v.(type) {
	case *ConstexprBox, *Namespace, *JITFunction, *Builtin, *DType, *Class, *EnumVal, noneType:
		return true
	}
	return false
}

// ---------------------------------------------------------------------
// Calls of @jit functions

// mangle is mangle_fn: the name of a function specialized for its
// argument types and constants.
func mangle(full string, argTys []Type, consts []constEntry) string {
	parts := make([]string, len(argTys))
	for i, t := range argTys {
		parts[i] = t.Mangle()
	}
	cparts := make([]string, len(consts))
	for i, c := range consts {
		cparts[i] = pathString(c.path) + "c" + constRepr(c.v)
	}
	cs := strings.Join(cparts, "_")
	cs = strings.ReplaceAll(cs, ".", "_d_")
	cs = strings.ReplaceAll(cs, "'", "_sq_")
	cs = strings.ReplaceAll(strings.ReplaceAll(cs, "[", "_"), "]", "_")
	return full + "__" + strings.Join(parts, "_") + "__" + cs
}

type constEntry struct {
	path []int
	v    Object
}

func pathString(p []int) string {
	s := make([]string, len(p))
	for i, x := range p {
		s[i] = itoa(x)
	}
	if len(s) == 1 {
		return "(" + s[0] + ",)"
	}
	return "(" + strings.Join(s, ", ") + ")"
}

// constRepr is repr() of a constant argument: constexpr[v], or None.
func constRepr(v Object) string {
	if _, ok := unwrap(v).(noneType); ok {
		return "None"
	}
	return "constexpr[" + str(v) + "]"
}

// leafPaths walks an argument list (tuples recursively), collecting the
// constant leaves and the value leaves.
func leafPaths(vals []Object) (consts []constEntry, values []Object) {
	var walk func(path []int, v Object)
	walk = func(path []int, v Object) {
		if t, ok := v.(*Tuple); ok {
			for i, e := range t.Values {
				walk(append(append([]int(nil), path...), i), e)
			}
			return
		}
		if isConstexpr(v) {
			consts = append(consts, constEntry{path: path, v: v})
			return
		}
		values = append(values, v)
	}
	for i, v := range vals {
		walk([]int{i}, v)
	}
	sort.SliceStable(consts, func(i, j int) bool { return lessPath(consts[i].path, consts[j].path) })
	return consts, values
}

func lessPath(a, b []int) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// callJIT is call_JitFunction: specialize fn for the arguments, generate
// it once per specialization, and call it.
func (g *gen) callJIT(fn *JITFunction, args []Object, kws []kwArg) Object {
	vals, err := bindParams(fn, args, kws)
	if err != nil {
		g.failCur("%v", err)
	}
	for i := range vals {
		vals[i] = unwrap(vals[i])
		if o, ok := vals[i].(*Opaque); ok {
			g.failCur("argument %s of %s is a host value the compiler cannot evaluate (%s)", fn.Params[i].Name, fn.Name, o.What)
		}
	}
	if fn.Noinline {
		for i, v := range vals {
			if t, ok := v.(*Tensor); ok && t.T.IsBlock() && t.T.Numel() != 1 {
				g.failCur("Function %s is marked noinline, but was called with non-scalar argument %s:%s", fn.Name, fn.Params[i].Name, str(t))
			}
		}
	}
	consts, values := leafPaths(vals)
	var tys []Type
	for _, v := range values {
		tys = append(tys, typeOf(v))
	}
	name := mangle(fn.Module+"."+fn.QualName, tys, consts)
	if g.c.building[name] {
		g.failCur("recursive call to %s is not supported", fn.Name)
	}
	ret, done := g.c.retTypes[name]
	if !done {
		if g.c.depth >= maxCallDepth {
			g.failCur("@jit calls nested more than %d deep", maxCallDepth)
		}
		slots := make([]argSlot, len(vals))
		for i, v := range vals {
			if isConstexpr(v) {
				slots[i] = argSlot{IsCst: true, Const: v, Ty: &ConstexprType{Value: v}}
			} else {
				slots[i] = argSlot{Ty: typeOf(v)}
			}
		}
		callee := g.c.newGen(fn, name, slots, false)
		g.c.building[name] = true
		g.c.depth++
		func() {
			defer func() {
				g.c.depth--
				delete(g.c.building, name)
				if r := recover(); r != nil {
					if e, ok := r.(*python.Error); ok {
						panic(withCallNote(e, g.fn.Src.Path, g.cur.Start(), fn.Name))
					}
					panic(r)
				}
			}()
			callee.genFunction()
		}()
		ret = callee.retType
		g.c.retTypes[name] = ret
	}
	var operands []ir.Value
	for _, v := range values {
		operands = flattenValues(v, operands)
	}
	var results []ir.Type
	if ret != nil {
		results = ret.flatten(g.c.ctx, nil)
	}
	call := tt.NewCall(g.b, g.loc, name, results, operands...)
	if ret == nil {
		return None
	}
	v, _ := unflatten(ret, call.Results())
	return v
}

func (c *compiler) funcExists(name string) bool {
	for _, op := range builtin.Body(c.module).Ops() {
		if op.Name() == "tt.func" && ir.SymbolName(op) == name {
			return true
		}
	}
	return false
}

func describeSlots(s []argSlot) string {
	var parts []string
	for _, x := range s {
		parts = append(parts, fmt.Sprint(x.Ty))
	}
	return strings.Join(parts, ", ")
}
