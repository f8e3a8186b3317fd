package nvptx

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// smallCTAThreads is the largest block (two warps) for which a kernel
// declares `.minnctapersm 1` (see emitFunction's directives).
const smallCTAThreads = 64

// fn emits one function: its registers, its values and its instructions.
type fn struct {
	m      *module
	op     *ir.Operation
	name   string
	index  int  // the function's number in the module, for labels
	kernel bool // an entry (else a device function)

	regs   regFile
	vals   valueTable
	body   []byte // the instructions printed so far
	labels map[*ir.Block]string
	used   map[string]bool // labels some branch targets
	order  []*ir.Block     // block layout
	// labelLines are the labels written into body, in order, and where:
	// the only lines that dropUnusedLabels may remove.
	labelLines []labelLine

	cur     *ir.Block         // block being emitted
	next    *ir.Block         // the block laid out after cur
	consts  map[*value]string // constants moved into registers in cur
	locals  int64             // bytes of the local-memory depot
	nlabels int               // extra labels (split edges)
	webs    *accWebs          // wgmma accumulators sharing registers (coalesce.go)
	opLists []*value          // the value lists of the op being emitted (opList)
	words   regTable[laneOf]  // lanes unpacked from 32-bit words (isel_mma.go)
	loc     sourceState       // line information (lineinfo.go)
	// slab holds the next fresh registers' values (newValue): a kernel
	// has thousands, each an allocation of its own before. A slab holds
	// at most 256, and no more than the values the function defines that
	// have none yet (unfresh: a count from its slots, which newValue
	// counts down), so that a small function wastes little.
	slab    []value
	unfresh int
}

// funcText is the PTX of one function: its head (directives, register
// declarations) and its body, which the emitter wrote into a buffer of its
// own and hands on as it is, without a copy.
type funcText struct {
	head string
	body []byte
}

// emitFunction prints one kernel (`.visible .entry`) or device function
// (`.func`, called with llvm.call).
func (m *module) emitFunction(op *ir.Operation, index int, kernel bool) (funcText, error) {
	name, _ := op.Attr(ir.SymbolAttrName).(*ir.StringAttr)
	if name == nil {
		return funcText{}, ir.OpErrorf(op, "function has no symbol name")
	}
	f := &fn{
		m: m, op: op, name: name.Value, index: index, kernel: kernel,
		labels: map[*ir.Block]string{}, used: map[string]bool{},
	}
	if op.Region(0).Empty() {
		return funcText{}, ir.OpErrorf(op, "function '%s' has no body", f.name)
	}
	// About one line of 45-55 bytes per op in the lowered kernels (the
	// perf matmuls and layernorm): sizing the body once to a little more
	// spares the copies of doubling it. The buffer is made, not grown
	// (growing zeroes what it adds): capacity never written then costs no
	// memory.
	nops := 0
	for _, b := range op.Region(0).Blocks() {
		for o := b.First(); o != nil; o = o.Next() {
			nops++
		}
	}
	f.body = make([]byte, 0, 64*nops)
	s := newSlots(op.Region(0))
	defer s.release()
	f.unfresh = s.n
	f.vals = newValueTable(s)
	f.webs = buildAccumulatorWebs(op, s)
	var params []param
	var err error
	if kernel {
		params, err = f.params()
	} else {
		params, err = deviceParams(op)
	}
	if err != nil {
		return funcText{}, err
	}
	if err := f.layout(); err != nil {
		return funcText{}, err
	}
	for i, b := range f.order {
		f.cur = b
		f.next = nil
		if i+1 < len(f.order) {
			f.next = f.order[i+1]
		}
		if f.consts == nil {
			f.consts = map[*value]string{}
		}
		clear(f.consts)
		if l, ok := f.labels[b]; ok {
			f.label(l)
		}
		if i == 0 {
			if err := f.loadParams(params); err != nil {
				return funcText{}, err
			}
		}
		// The emitter only reads the IR: the block's own list is walked
		// (Ops would copy it, a list of every op of the kernel).
		for o := b.First(); o != nil; o = o.Next() {
			if err := f.emitOp(o); err != nil {
				return funcText{}, err
			}
		}
	}

	var out strings.Builder
	if kernel {
		fmt.Fprintf(&out, "\t// .globl\t%s\n", f.name)
		fmt.Fprintf(&out, ".visible .entry %s(", f.name)
		for i, p := range params {
			if i > 0 {
				out.WriteString(",")
			}
			fmt.Fprintf(&out, "\n\t.param %s %s%s", p.decl, p.name, p.size)
		}
		out.WriteString("\n)\n")
		// PTX takes one of the two: the exact block size, or a bound.
		threads := 32 * m.numWarps
		if m.opts.ReqNTID {
			fmt.Fprintf(&out, ".reqntid %d, 1, 1\n", threads)
		} else {
			fmt.Fprintf(&out, ".maxntid %d, 1, 1\n", threads)
		}
		if m.maxNReg > 0 {
			fmt.Fprintf(&out, ".maxnreg %d\n", m.maxNReg)
		} else if threads <= smallCTAThreads {
			// ptxas sizes a block of one or two warps for 32 resident
			// blocks an SM unless told otherwise: at most 64 registers
			// a thread at one warp, 32 at two. A tensor-core tile there
			// then spills kilobytes a thread (13 KB for a 128x128x64 tf32
			// dot at two warps; the ptxas 12.8 Triton 3.6 ships
			// miscompiled exactly that spill code). One resident block
			// is all such a kernel needs; ptxas still uses no more
			// registers than the code asks for.
			out.WriteString(".minnctapersm 1\n")
		}
		if m.numCTAs > 1 {
			// The kernel's CTAs index one another's data by their rank in
			// the cluster: it must be launched with these cluster
			// dimensions (as Triton's launcher does), never without.
			fmt.Fprintf(&out, ".explicitcluster\n.reqnctapercluster %d\n", m.numCTAs)
		}
		if m.ctaCluster > 1 {
			// Each CTA is a program that shares loads with its cluster's
			// other CTAs (TMA multicast): the cluster shape is part of
			// the kernel, so a plain launch (no cluster attribute) of a
			// grid whose x is a multiple of it forms the clusters.
			fmt.Fprintf(&out, ".reqnctapercluster %d, 1, 1\n", m.ctaCluster)
		}
	} else {
		proto, err := prototype(op)
		if err != nil {
			return funcText{}, err
		}
		out.WriteString(proto + "\n")
	}
	out.WriteString("{\n")
	if f.locals > 0 {
		fmt.Fprintf(&out, "\t.local .align 16 .b8 \t__local_depot%d[%d];\n", f.index, f.locals)
	}
	out.WriteString(f.regs.declarations())
	out.WriteString("\n")
	body := append(f.dropUnusedLabels(f.body), "}\n"...)
	return funcText{head: out.String(), body: body}, nil
}

// layout orders the blocks (the region's order: the lowering emits blocks
// in a sensible order, entry first; values used before the layout reaches
// their definition get their registers at the first use, see get) and
// names the ones that are branch targets. Block arguments get their
// registers here, so that the copies on every incoming edge write the same
// registers.
func (f *fn) layout() error {
	f.order = f.op.Region(0).Blocks()
	for i, b := range f.order {
		if i > 0 {
			for ai := 0; ai < b.NumArguments(); ai++ {
				a := b.Argument(ai)
				slot := f.vals.slots.of(a)
				v, err := f.valueFor(a, slot)
				if err != nil {
					return ir.Errorf(a.Loc(), "block argument: %v", err)
				}
				f.vals.setAt(a, slot, v)
			}
		}
		if b.HasPredecessors() {
			f.labels[b] = fmt.Sprintf("$L__BB%d_%d", f.index, i)
		}
	}
	return nil
}

// dropUnusedLabels removes from body, in place, the labels of blocks only
// reached by falling through, which keeps the PTX readable, and returns
// what is left. Only the lines label wrote are looked at: every other line
// is an instruction, a directive or a raw line, which start with a tab.
func (f *fn) dropUnusedLabels(body []byte) []byte {
	w, r := 0, 0 // the kept text's end, and where the text to keep next starts
	for _, l := range f.labelLines {
		if !strings.HasPrefix(l.name, "$L__BB") || f.used[l.name] {
			continue
		}
		w += copy(body[w:], body[r:l.at])
		r = l.at + len(l.name) + len(":\n")
	}
	w += copy(body[w:], body[r:])
	return body[:w]
}

// newValue allocates the registers of a value of type t.
func (f *fn) newValue(t ir.Type) (*value, error) {
	if isAggregate(t) {
		v := &value{typ: t}
		es := elementTypes(t)
		if len(es) > 0 { // (an empty aggregate keeps no parts, as a scalar)
			v.parts = make([]*value, len(es))
		}
		for i, e := range es {
			p, err := f.newValue(e)
			if err != nil {
				return nil, err
			}
			v.parts[i] = p
		}
		return v, nil
	}
	c, ok := scalarClass(t)
	if !ok {
		return nil, fmt.Errorf("unsupported type %s", asm.TypeString(t))
	}
	if len(f.slab) == 0 {
		f.slab = make([]value, min(max(f.unfresh, 16), 256))
	}
	f.unfresh--
	v := &f.slab[0]
	f.slab = f.slab[1:]
	v.typ, v.reg = t, f.regs.alloc(c)
	return v, nil
}

// param is one kernel parameter.
type param struct {
	name, decl string // `add_kernel_param_0`, `.u64 .ptr .global .align 1`
	ldType     string // type of the ld.param
	arg        ir.Value
	leaf       int    // for device functions: which scalar of arg
	byval      bool   // a byte array passed by value whose address the kernel takes
	size       string // `[128]` after the name of a by-value array
}

// params declares the kernel parameters: the function's arguments in
// order, with ARCHITECTURE.md's ABI (pointers .u64, integers .uN, floats
// .fN, i1 as a byte).
func (f *fn) params() ([]param, error) {
	entry := f.op.Region(0).Front()
	var out []param
	for i, a := range entry.Arguments() {
		p := param{name: fmt.Sprintf("%s_param_%d", f.name, i), arg: a}
		if decl, size, ok, err := byvalParam(f.op, i); err != nil {
			return nil, err
		} else if ok {
			p.decl, p.size, p.byval = decl, size, true
			out = append(out, p)
			continue
		}
		switch t := a.Type().(type) {
		case *llvm.PointerType:
			switch t.AddrSpace {
			case llvm.GlobalAddrSpace:
				p.decl = ".u64 .ptr .global .align 1"
			case llvm.GenericAddrSpace:
				p.decl = ".u64"
			default:
				return nil, ir.Errorf(a.Loc(), "kernel parameter %d: pointers to address space %d cannot be passed to a kernel", i, t.AddrSpace)
			}
			p.ldType = "u64"
		case *ir.IntegerType:
			switch t.Width {
			case 1, 8:
				p.decl, p.ldType = ".u8", "u8"
			case 16, 32, 64:
				p.decl, p.ldType = fmt.Sprintf(".u%d", t.Width), fmt.Sprintf("u%d", t.Width)
			default:
				return nil, ir.Errorf(a.Loc(), "kernel parameter %d: unsupported type %s", i, asm.TypeString(t))
			}
		case *ir.FloatType:
			switch t.Kind {
			case ir.F32, ir.F64:
				p.decl, p.ldType = "."+ftype(t), ftype(t)
			case ir.F16, ir.BF16:
				p.decl, p.ldType = ".b16", "b16"
			default:
				return nil, ir.Errorf(a.Loc(), "kernel parameter %d: unsupported type %s", i, asm.TypeString(t))
			}
		default:
			return nil, ir.Errorf(a.Loc(), "kernel parameter %d: unsupported type %s", i, asm.TypeString(t))
		}
		out = append(out, p)
	}
	return out, nil
}

// loadParams reads the parameters into registers at the top of the entry
// block. Unused parameters are not read.
func (f *fn) loadParams(ps []param) error {
	if !f.kernel {
		return f.loadDeviceParams(ps)
	}
	for _, p := range ps {
		if !ir.HasUses(p.arg) {
			continue
		}
		t := p.arg.Type()
		if p.byval {
			// The parameter's generic address (a grid-constant
			// parameter: the kernel reads it in place).
			r := f.regs.alloc(classB64)
			f.inss("mov.b64 %s, %s", r, p.name)
			f.inss("cvta.param.u64 %s, %s", r, r)
			f.vals.set(p.arg, &value{typ: t, reg: r})
			continue
		}
		if ir.IsInteger(t, 1) {
			// i1 travels as a byte; the predicate is its low bit.
			b := f.regs.alloc(classB16)
			f.inss("ld.param.u8 %s, [%s]", b, p.name)
			and := f.regs.alloc(classB16)
			f.inss("and.b16 %s, %s, 1", and, b)
			r := f.regs.alloc(classPred)
			f.inss("setp.ne.b16 %s, %s, 0", r, and)
			f.vals.set(p.arg, &value{typ: t, reg: r})
			continue
		}
		c, _ := scalarClass(t)
		r := f.regs.alloc(c)
		f.inss("ld.param.%s %s, [%s]", p.ldType, r, p.name)
		f.vals.set(p.arg, &value{typ: t, reg: r})
	}
	return nil
}

// ins writes one instruction line.
func (f *fn) ins(format string, args ...any) {
	f.flushSource()
	b, ok := appendSimple(append(f.body, '\t'), format, args)
	if !ok {
		b = fmt.Appendf(b, format, args...)
	}
	f.body = append(b, ";\n"...)
}

// inss is ins for instructions whose arguments are all strings (most
// are: registers, types, immediates already printed): a ...string list
// stays on the caller's stack, where every string passed as an `any`
// was boxed into an allocation of its own.
func (f *fn) inss(format string, args ...string) {
	f.flushSource()
	b, ok := appendStrings(append(f.body, '\t'), format, args)
	if !ok {
		boxed := make([]any, len(args))
		for i, a := range args {
			boxed[i] = a
		}
		b = fmt.Appendf(b, format, boxed...)
	}
	f.body = append(b, ";\n"...)
}

// label writes the line of a label.
func (f *fn) label(name string) {
	f.labelLines = append(f.labelLines, labelLine{name, len(f.body)})
	f.body = append(append(f.body, name...), ":\n"...)
}

// labelLine is a label and the offset of its line in a function's body.
type labelLine struct {
	name string
	at   int
}

// appendStrings appends format with its args to b when it uses only %s,
// one for each arg, as fmt would print it, and reports true; for any
// other format it reports false and returns b as it was. The text between
// the verbs is appended a run at a time, in the one pass that also checks
// the format (what a refused format appended is cut off again).
func appendStrings(b []byte, format string, args []string) ([]byte, bool) {
	mark := len(b)
	n := 0
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 {
			break
		}
		if i+1 == len(format) || format[i+1] != 's' || n == len(args) {
			return b[:mark], false
		}
		b = append(append(b, format[:i]...), args[n]...)
		n++
		format = format[i+2:]
	}
	if n != len(args) {
		return b[:mark], false
	}
	return append(b, format...), true
}

// appendSimple appends format with its args to b when it uses only %s of
// strings and %d of integers (nearly every instruction), as fmt would
// print them but without its reflection; for any other format or
// argument it reports false and returns b as it was (checked as it
// appends, as appendStrings does).
func appendSimple(b []byte, format string, args []any) ([]byte, bool) {
	mark := len(b)
	n := 0
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 {
			break
		}
		if i+1 == len(format) || n == len(args) {
			return b[:mark], false
		}
		b = append(b, format[:i]...)
		ok := true
		switch verb, x := format[i+1], args[n]; {
		case verb == 's':
			var str string
			if str, ok = x.(string); ok {
				b = append(b, str...)
			}
		case verb == 'd':
			switch x := x.(type) {
			case int:
				b = strconv.AppendInt(b, int64(x), 10)
			case int32:
				b = strconv.AppendInt(b, int64(x), 10)
			case int64:
				b = strconv.AppendInt(b, x, 10)
			case uint32:
				b = strconv.AppendUint(b, uint64(x), 10)
			case uint64:
				b = strconv.AppendUint(b, x, 10)
			default:
				ok = false
			}
		default:
			ok = false
		}
		if !ok {
			return b[:mark], false
		}
		n++
		format = format[i+2:]
	}
	if n != len(args) {
		return b[:mark], false
	}
	return append(b, format...), true
}

// raw writes a line as is (inline asm bodies, comments).
func (f *fn) raw(line string) {
	f.flushSource()
	f.body = append(append(f.body, line...), '\n')
}

// emitOp selects the instructions of one operation.
func (f *fn) emitOp(op *ir.Operation) error {
	e, ok := f.m.emitterOf(op)
	if !ok {
		return ir.OpErrorf(op, "the PTX emitter does not support '%s'", op.Name())
	}
	if f.m.opts.LineInfo {
		f.markSource(op)
	}
	f.opLists = f.opLists[:0]
	return e(f, op)
}

// byvalParam returns the declaration of kernel parameter i when it is
// passed by value (`llvm.byval = !llvm.array<N x i8>` with
// `nvvm.grid_constant`, as a tensor map is): `.align A .b8` and `[N]`.
// The argument is the parameter's generic address (cvta.param, PTX 7.7).
func byvalParam(op *ir.Operation, i int) (decl, size string, ok bool, err error) {
	var byval ir.Attribute
	align, grid := int64(1), false
	for _, a := range llvm.ArgAttrs(op, i) {
		switch a.Name {
		case "llvm.byval":
			byval = a.Value
		case "llvm.align":
			if v, ok := a.Value.(*ir.IntegerAttr); ok {
				align = v.Int()
			}
		case "nvvm.grid_constant":
			grid = true
		}
	}
	if byval == nil {
		return "", "", false, nil
	}
	arg := op.Region(0).Front().Argument(i)
	ta, _ := byval.(*ir.TypeAttr)
	var arr *llvm.ArrayType
	if ta != nil {
		arr, _ = ta.Value.(*llvm.ArrayType)
	}
	if arr == nil || !ir.IsInteger(arr.Elem, 8) || !grid {
		return "", "", false, ir.Errorf(arg.Loc(), "kernel parameter %d: by-value parameters must be grid-constant byte arrays (llvm.byval = !llvm.array<N x i8>, nvvm.grid_constant)", i)
	}
	if pt, ok := arg.Type().(*llvm.PointerType); !ok || pt.AddrSpace != llvm.GenericAddrSpace {
		return "", "", false, ir.Errorf(arg.Loc(), "kernel parameter %d: a by-value parameter is its generic address (!llvm.ptr), not %s", i, asm.TypeString(arg.Type()))
	}
	return fmt.Sprintf(".align %d .b8", align), fmt.Sprintf("[%d]", arr.Len), true, nil
}
