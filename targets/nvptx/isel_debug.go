package nvptx

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Device printf and assert call the CUDA runtime's device functions
// vprintf(format, args) and __assertfail(message, file, line, function,
// charSize), declared `.extern .func` once per module. Strings become
// `.global` byte arrays, and printf's arguments are packed in C's
// varargs layout (floats promoted to f64, small integers to i32, each
// aligned to its size) into the kernel's local-memory depot.

var externFuncs = map[string]string{
	"vprintf": ".extern .func (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,\n\t.param .b64 vprintf_param_1\n)\n;\n",
	"__assertfail": ".extern .func __assertfail\n(\n\t.param .b64 __assertfail_param_0,\n\t.param .b64 __assertfail_param_1,\n" +
		"\t.param .b32 __assertfail_param_2,\n\t.param .b64 __assertfail_param_3,\n\t.param .b64 __assertfail_param_4\n)\n;\n",
}

// declareExtern declares a runtime function once.
func (m *module) declareExtern(name string) {
	if !m.declared[name] {
		m.declared[name] = true
		m.decls.WriteString(externFuncs[name])
	}
}

// stringConstant declares a NUL-terminated global string and returns a
// register holding its generic address.
func (f *fn) stringConstant(s string) string {
	name := fmt.Sprintf("$str%d", f.m.strings)
	f.m.strings++
	bytes := make([]string, 0, len(s)+1)
	for i := 0; i < len(s); i++ {
		bytes = append(bytes, fmt.Sprint(s[i]))
	}
	bytes = append(bytes, "0")
	fmt.Fprintf(&f.m.decls, ".global .align 1 .b8 %s[%d] = {%s};\n", name, len(bytes), strings.Join(bytes, ", "))
	g := f.regs.alloc(classB64)
	f.inss("mov.u64 %s, %s", g, name)
	r := f.regs.alloc(classB64)
	f.inss("cvta.global.u64 %s, %s", r, g)
	return r
}

// varArg is one printf argument in its promoted type.
type varArg struct {
	reg, typ string // register and store type
	size     int64
}

// promote converts a printf argument as C's default promotions do.
func (f *fn) promote(v *value) varArg {
	switch t := v.typ.(type) {
	case *ir.FloatType:
		r := f.reg(v)
		if t.Kind != ir.F64 {
			d := f.regs.alloc(classF64)
			f.inss("cvt.f64.%s %s, %s", ftype(t), d, r)
			r = d
		}
		return varArg{r, "f64", 8}
	case *llvm.PointerType:
		r := f.reg(v)
		if regBits(t) == 32 {
			d := f.regs.alloc(classB64)
			f.inss("cvt.u64.u32 %s, %s", d, r)
			r = d
		}
		return varArg{r, "b64", 8}
	}
	w := bitWidth(v.typ)
	switch {
	case w == 64:
		return varArg{f.reg(v), "b64", 8}
	case w == 32:
		return varArg{f.reg(v), "b32", 4}
	case w == 1:
		d := f.regs.alloc(classB32)
		f.inss("selp.u32 %s, 1, 0, %s", d, f.reg(v))
		return varArg{d, "b32", 4}
	}
	d := f.regs.alloc(classB32)
	f.ins("cvt.s32.s%d %s, %s", max(w, 8), d, f.reg(v))
	return varArg{d, "b32", 4}
}

func (f *fn) emitPrintf(op *ir.Operation) error {
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	f.m.declareExtern("vprintf")
	format := f.stringConstant(gpu.Format(op))
	args := f.regs.alloc(classB64)
	if len(xs) == 0 {
		f.inss("mov.u64 %s, 0", args) // no arguments: a null buffer
	} else {
		var off int64
		var stores []func(base string)
		for _, x := range xs {
			if x.parts != nil {
				return ir.OpErrorf(op, "cannot print an aggregate")
			}
			a := f.promote(x)
			off = (off + a.size - 1) / a.size * a.size
			o := off
			stores = append(stores, func(base string) { f.ins("st.local.%s [%s+%d], %s", a.typ, base, o, a.reg) })
			off += a.size
		}
		f.locals = max(f.locals, off)
		depot := f.regs.alloc(classB64)
		f.ins("mov.u64 %s, __local_depot%d", depot, f.index)
		for _, st := range stores {
			st(depot)
		}
		f.inss("cvta.local.u64 %s, %s", args, depot)
	}
	ret := f.regs.alloc(classB32)
	f.raw("\t{ // callseq vprintf")
	f.callParams([]int{64, 64}, []string{format, args})
	f.inss(".param .b32 retval0")
	f.inss("call.uni (retval0), vprintf, (param0, param1)")
	f.inss("ld.param.b32 %s, [retval0]", ret)
	f.raw("\t}")
	return nil
}

// emitAssert calls __assertfail where the condition is false; the call
// does not return (it traps once the message is printed).
func (f *fn) emitAssert(op *ir.Operation) error {
	cond, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	if k := cond.konst; k != nil && !k.undef && k.bits&1 != 0 {
		return nil // always holds
	}
	f.m.declareExtern("__assertfail")
	skip := f.split()
	if cond.konst == nil || cond.konst.undef {
		f.inss("@%s bra %s", f.reg(cond), skip)
	}
	function := gpu.AssertFunction(op)
	if function == "" {
		function = f.name
	}
	msg := f.stringConstant(gpu.AssertMessage(op))
	file := f.stringConstant(gpu.AssertFile(op))
	fun := f.stringConstant(function)
	line := f.regs.alloc(classB32)
	f.ins("mov.u32 %s, %d", line, gpu.AssertLine(op))
	charSize := f.regs.alloc(classB64)
	f.inss("mov.u64 %s, 1", charSize)
	f.raw("\t{ // callseq __assertfail")
	params := f.callParams([]int{64, 64, 32, 64, 64}, []string{msg, file, line, fun, charSize})
	f.inss("call.uni __assertfail, (%s)", strings.Join(params, ", "))
	f.raw("\t}")
	f.label(skip)
	// Constants moved into registers on the failing path were not set on
	// the path that skipped it.
	f.consts = map[*value]string{}
	return nil
}
