package nvptx

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Device functions (non-kernel llvm.func with a body, what tt.call lowers
// to) use PTX's call ABI as LLVM does: every scalar of the arguments is
// one `.param`; the result is one return parameter, a byte array holding
// the scalars of a struct result. Parameters are bit types of the
// register's width; predicates travel as .b32 0/1.

// paramBits is the width of the .param holding a scalar of type t.
func paramBits(t ir.Type) int {
	c, _ := scalarClass(t)
	if c == classPred {
		return 32
	}
	return classInfo[c].bits
}

// retLayout places a result's scalars in the return parameter: byte
// offsets (each scalar aligned to its size), the total size and the
// alignment. A single scalar returns as itself.
func retLayout(leaves []ir.Type) (offs []int, size, align int) {
	align = 1
	for _, t := range leaves {
		n := paramBits(t) / 8
		size = (size + n - 1) / n * n
		offs = append(offs, size)
		size += n
		align = max(align, n)
	}
	return offs, (size + align - 1) / align * align, align
}

// retDecl declares a return parameter named name for leaves.
func retDecl(name string, leaves []ir.Type) string {
	if len(leaves) == 1 {
		return fmt.Sprintf(".param .b%d %s", paramBits(leaves[0]), name)
	}
	_, size, align := retLayout(leaves)
	return fmt.Sprintf(".param .align %d .b8 %s[%d]", align, name, size)
}

// retSlot is the address of scalar i of a return parameter.
func retSlot(name string, leaves []ir.Type, i int) string {
	if len(leaves) == 1 {
		return name
	}
	offs, _, _ := retLayout(leaves)
	return fmt.Sprintf("%s+%d", name, offs[i])
}

// resultLeaves returns the scalar types a function returns.
func resultLeaves(op *ir.Operation) ([]ir.Type, error) {
	ft := llvm.FuncTypeOf(op)
	if ft == nil {
		return nil, ir.OpErrorf(op, "function has no function_type")
	}
	if _, void := ft.Result.(*llvm.VoidType); void {
		return nil, nil
	}
	l, err := leafTypes(ft.Result)
	if err != nil {
		return nil, ir.OpErrorf(op, "result: %v", err)
	}
	return l, nil
}

// paramLeaves returns the scalar types of a function's parameters.
func paramLeaves(op *ir.Operation) ([]ir.Type, error) {
	ft := llvm.FuncTypeOf(op)
	if ft == nil {
		return nil, ir.OpErrorf(op, "function has no function_type")
	}
	if ft.VarArg {
		return nil, ir.OpErrorf(op, "variadic device functions are not supported")
	}
	var out []ir.Type
	for i, t := range ft.Params {
		l, err := leafTypes(t)
		if err != nil {
			return nil, ir.OpErrorf(op, "parameter %d: %v", i, err)
		}
		out = append(out, l...)
	}
	return out, nil
}

// prototype is a device function's declaration line:
// `.visible .func (.param .b32 func_retval0) name(.param .b32 name_param_0)`.
func prototype(op *ir.Operation) (string, error) {
	name := symbol(ir.SymbolName(op))
	rs, err := resultLeaves(op)
	if err != nil {
		return "", err
	}
	ps, err := paramLeaves(op)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if a, ok := op.Attr(llvm.LinkageAttrName).(*llvm.KeywordAttr); !ok || (a.Keyword != "internal" && a.Keyword != "private") {
		b.WriteString(".visible ")
	}
	b.WriteString(".func ")
	if len(rs) > 0 {
		b.WriteString("(" + retDecl("func_retval0", rs) + ") ")
	}
	parts := make([]string, len(ps))
	for i, t := range ps {
		parts[i] = fmt.Sprintf(".param .b%d %s_param_%d", paramBits(t), name, i)
	}
	b.WriteString(name + "(" + strings.Join(parts, ", ") + ")")
	return b.String(), nil
}

// deviceParams lists a device function's parameters, one per scalar.
func deviceParams(op *ir.Operation) ([]param, error) {
	if _, err := paramLeaves(op); err != nil {
		return nil, err
	}
	name := symbol(ir.SymbolName(op))
	var out []param
	for _, a := range op.Region(0).Front().Arguments() {
		leaves, _ := leafTypes(a.Type())
		for j, t := range leaves {
			out = append(out, param{
				name: fmt.Sprintf("%s_param_%d", name, len(out)), arg: a, leaf: j,
				ldType: fmt.Sprintf("b%d", paramBits(t)),
			})
		}
	}
	return out, nil
}

// loadDeviceParams reads a device function's parameters into the
// registers of its arguments.
func (f *fn) loadDeviceParams(ps []param) error {
	for _, p := range ps {
		v, ok := f.vals.lookup(p.arg)
		if !ok {
			var err error
			if v, err = f.newValue(p.arg.Type()); err != nil {
				return ir.Errorf(p.arg.Loc(), "parameter: %v", err)
			}
			f.vals.set(p.arg, v)
		}
		l := v.leaves()[p.leaf]
		if f.class(l) == classPred {
			t := f.regs.alloc(classB32)
			f.inss("ld.param.b32 %s, [%s]", t, p.name)
			f.inss("setp.ne.b32 %s, %s, 0", l.reg, t)
			continue
		}
		f.inss("ld.param.%s %s, [%s]", p.ldType, l.reg, p.name)
	}
	return nil
}

// paramValue returns a register holding a scalar as its .param stores it.
func (f *fn) paramValue(l *value) string {
	if f.class(l) == classPred {
		t := f.regs.alloc(classB32)
		f.inss("selp.b32 %s, 1, 0, %s", t, f.reg(l))
		return t
	}
	return f.reg(l)
}

// returnValues stores a device function's result into its return
// parameters.
func (f *fn) returnValues(op *ir.Operation) error {
	if op.NumOperands() == 0 {
		return nil
	}
	v, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	leaves := v.leaves()
	types := make([]ir.Type, len(leaves))
	regs := make([]string, len(leaves))
	for i, l := range leaves {
		types[i], regs[i] = l.typ, f.paramValue(l)
	}
	for i := range leaves {
		f.ins("st.param.b%d [%s], %s", paramBits(types[i]), retSlot("func_retval0", types, i), regs[i])
	}
	return nil
}

// emitCall calls a device function of the module.
func (f *fn) emitCall(op *ir.Operation) error {
	name := llvm.Callee(op)
	if name == "" {
		return ir.OpErrorf(op, "indirect calls are not supported")
	}
	callee, ok := f.m.functions[name]
	if !ok {
		if _, declared := f.m.funcs[name]; declared {
			return ir.OpErrorf(op, "@%s is only declared: tt links no device libraries, so calls must reach functions defined in the module", name)
		}
		return ir.OpErrorf(op, "unknown function @%s", name)
	}
	if llvm.IsKernel(callee) {
		return ir.OpErrorf(op, "cannot call the kernel @%s", name)
	}
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	var res *value
	if op.NumResults() == 1 {
		if res, err = f.result(op, 0); err != nil {
			return err
		}
	}
	// Values first, so that the call sequence holds only the .param
	// traffic.
	var args []*value
	var regs []string
	for _, x := range xs {
		for _, l := range x.leaves() {
			args = append(args, l)
			regs = append(regs, f.paramValue(l))
		}
	}
	var leaves []*value
	var types []ir.Type
	if res != nil {
		leaves = res.leaves()
		for _, l := range leaves {
			types = append(types, l.typ)
		}
	}
	f.raw("\t{ // callseq " + name)
	bits := make([]int, len(args))
	for i, l := range args {
		bits[i] = paramBits(l.typ)
	}
	params := f.callParams(bits, regs)
	call := "call.uni "
	if len(leaves) > 0 {
		f.inss("%s", retDecl("retval0", types))
		call += "(retval0), "
	}
	f.inss("%s%s, (%s)", call, symbol(name), strings.Join(params, ", "))
	var preds [][2]string
	for i, l := range leaves {
		slot := retSlot("retval0", types, i)
		if f.class(l) == classPred {
			t := f.regs.alloc(classB32)
			f.inss("ld.param.b32 %s, [%s]", t, slot)
			preds = append(preds, [2]string{l.reg, t})
			continue
		}
		f.ins("ld.param.b%d %s, [%s]", paramBits(l.typ), l.reg, slot)
	}
	f.raw("\t}")
	for _, p := range preds {
		f.inss("setp.ne.b32 %s, %s, 0", p[0], p[1])
	}
	return nil
}

// callParams declares a call's parameters param0, param1, ... of the
// given widths and stores regs into them, inside the call sequence's
// braces; it returns their names.
func (f *fn) callParams(bits []int, regs []string) []string {
	params := make([]string, len(regs))
	for i := range regs {
		params[i] = fmt.Sprintf("param%d", i)
		f.ins(".param .b%d %s", bits[i], params[i])
		f.ins("st.param.b%d [%s], %s", bits[i], params[i], regs[i])
	}
	return params
}
