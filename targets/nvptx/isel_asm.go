package nvptx

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Inline PTX (llvm.inline_asm, the way Triton writes predicated memory
// ops): operands are numbered outputs first, then inputs, and `$N` in the
// text names operand N. Constraints pick the register class an operand
// must be in: h (16-bit), r (32-bit), l (64-bit), f (f32), d (f64),
// b (predicate), c (8-bit, in a 16-bit register), n (an immediate); a
// digit ties an input to that output; `=` marks outputs; `~{...}`
// clobbers are ignored.

var constraintClass = map[byte]regClass{
	'h': classB16, 'c': classB16, 'r': classB32, 'l': classB64,
	'f': classF32, 'd': classF64, 'b': classPred,
}

func (f *fn) emitInlineAsm(op *ir.Operation) error {
	var outs, ins []string
	for _, c := range strings.Split(llvm.AsmConstraints(op), ",") {
		c = strings.TrimSpace(c)
		switch {
		case c == "" || strings.HasPrefix(c, "~"):
		case strings.HasPrefix(c, "="):
			outs = append(outs, strings.TrimLeft(c[1:], "&"))
		default:
			ins = append(ins, c)
		}
	}
	if len(ins) != op.NumOperands() {
		return ir.OpErrorf(op, "constraints name %d inputs, the op has %d operands", len(ins), op.NumOperands())
	}
	// The results: none, one value, or a struct with one member per output.
	var results []*value
	if op.NumResults() == 1 {
		if _, void := op.Result(0).Type().(*llvm.VoidType); !void {
			r, err := f.result(op, 0)
			if err != nil {
				return err
			}
			if len(outs) > 1 || r.parts != nil && len(outs) == len(r.parts) {
				results = r.parts
			} else {
				results = []*value{r}
			}
		}
	}
	if len(results) != len(outs) {
		return ir.OpErrorf(op, "constraints name %d outputs, the op returns %d values", len(outs), len(results))
	}

	operands := make([]string, 0, len(outs)+len(ins))
	// Outputs whose register class differs from the result's are written to
	// a temporary of the asked class and moved after the asm.
	type fixup struct {
		dst, tmp string
		move     string // the instruction that copies tmp to dst
	}
	var fixups []fixup
	var unpacks []word
	for i, c := range outs {
		cls, ok := constraintClass[c[0]]
		if !ok || len(c) != 1 {
			return ir.OpErrorf(op, "unsupported output constraint '=%s'", c)
		}
		r := results[i]
		if r.parts != nil {
			// A vector output (vector<2xf16> in an "=r"): its lanes are
			// unpacked from the register after the asm.
			w, err := f.wordOf(r)
			if err != nil || w.cls != cls && classInfo[w.cls].bits != classInfo[cls].bits {
				return ir.OpErrorf(op, "output %d: constraint '%s' does not fit %s", i, c, asm.TypeString(r.typ))
			}
			w.reg = f.regs.alloc(cls)
			w.cls = cls
			operands = append(operands, w.reg)
			unpacks = append(unpacks, w)
			continue
		}
		if f.class(r) == cls {
			operands = append(operands, r.reg)
			continue
		}
		from, to := classInfo[cls].bits, classInfo[f.class(r)].bits
		move := fmt.Sprintf("mov.b%d", to)
		if from != to {
			// An integer narrower than the constraint's register (i8 in
			// "=r") is the register's low bits, as LLVM's constraints
			// make it.
			if _, isInt := r.typ.(*ir.IntegerType); !isInt || to > from || f.class(r) == classPred {
				return ir.OpErrorf(op, "output %d: constraint '%s' does not fit %s", i, c, asm.TypeString(r.typ))
			}
			move = fmt.Sprintf("cvt.u%d.u%d", to, from)
		}
		tmp := f.regs.alloc(cls)
		operands = append(operands, tmp)
		fixups = append(fixups, fixup{r.reg, tmp, move})
	}
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	for i, c := range ins {
		x := xs[i]
		if x.parts != nil {
			// A vector input (vector<1xi32>, vector<2xf16>) travels packed
			// in one register of its total width.
			w, err := f.wordOf(x)
			if err != nil {
				return ir.OpErrorf(op, "input %d: %v", i, err)
			}
			f.pack(w.reg, w.cls, x.leaves())
			x = &value{typ: ir.IntegerTypeOf(op.Context(), w.bits), reg: w.reg}
		}
		if n, err := strconv.Atoi(c); err == nil {
			// Tied to output n: the asm reads and writes that register.
			if n < 0 || n >= len(outs) {
				return ir.OpErrorf(op, "input %d is tied to a missing output %d", i, n)
			}
			dst := operands[n]
			cls, _ := constraintClass[outs[n][0]]
			f.inss("mov.%s %s, %s", classInfo[cls].movType, dst, f.asmInput(x, cls))
			operands = append(operands, dst)
			continue
		}
		if c == "n" || c == "i" {
			k, ok := constInt(x)
			if !ok {
				return ir.OpErrorf(op, "input %d has constraint '%s' but is not a constant", i, c)
			}
			operands = append(operands, fmt.Sprint(k))
			continue
		}
		cls, ok := constraintClass[c[0]]
		if !ok || len(c) != 1 {
			return ir.OpErrorf(op, "unsupported input constraint '%s'", c)
		}
		operands = append(operands, f.asmInput(x, cls))
	}

	text, err := substituteOperands(llvm.AsmString(op), operands)
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	// Hopper's warpgroup instructions exist only for sm_90a.
	for _, accel := range []string{"wgmma.", "setmaxnreg."} {
		if strings.Contains(text, accel) {
			if err := f.requireAccel(op, "inline asm with "+strings.TrimSuffix(accel, "."), accel == "wgmma."); err != nil {
				return err
			}
		}
	}
	f.raw("\t// begin inline asm")
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		f.raw("\t" + strings.TrimSpace(line))
	}
	f.raw("\t// end inline asm")
	for _, fx := range fixups {
		f.inss("%s %s, %s", fx.move, fx.dst, fx.tmp)
	}
	for _, w := range unpacks {
		f.unpack(w.v.leaves(), w.reg, w.cls)
	}
	return nil
}

// asmInput returns x in a register of class cls (moving its bits over when
// x lives in another class of the same width, as LLVM's constraints do).
func (f *fn) asmInput(x *value, cls regClass) string {
	if f.class(x) == cls {
		return f.reg(x)
	}
	r := f.regs.alloc(cls)
	if x.konst != nil {
		f.inss("mov.%s %s, %s", classInfo[cls].movType, r, immediate(x.konst, x.typ, cls))
		return r
	}
	from, to := classInfo[f.class(x)].bits, classInfo[cls].bits
	switch {
	case from == to:
		f.ins("mov.b%d %s, %s", to, r, f.reg(x))
	case cls == classPred:
		f.ins("setp.ne.b%d %s, %s, 0", from, r, f.reg(x))
	case f.class(x) == classPred:
		f.ins("selp.u%d %s, 1, 0, %s", to, r, f.reg(x))
	default:
		f.ins("cvt.u%d.u%d %s, %s", to, from, r, f.reg(x))
	}
	return r
}

// substituteOperands replaces $N with operand N and $$ with $.
func substituteOperands(text string, operands []string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '$' {
			b.WriteByte(c)
			continue
		}
		if i+1 < len(text) && text[i+1] == '$' {
			b.WriteByte('$')
			i++
			continue
		}
		j := i + 1
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if j == i+1 {
			b.WriteByte('$') // a literal `$` (PTX labels may contain one)
			continue
		}
		n, _ := strconv.Atoi(text[i+1 : j])
		if n >= len(operands) {
			return "", fmt.Errorf("inline asm refers to $%d but has %d operands", n, len(operands))
		}
		b.WriteString(operands[n])
		i = j - 1
	}
	return b.String(), nil
}
