package sim

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// gpu.printf formats like C's printf (CUDA's vprintf: floats promoted to
// double): conversions d i u x X o c p e E f F g G a A and %%, with
// flags, width, precision and length modifiers.

// printfArg is an operand of a gpu.printf: its slot and type.
type printfArg struct {
	slot int32
	t    ir.Type
}

func compilePrintf(c *compiler, in *instr) error {
	format := gpu.Format(in.op)
	args := make([]printfArg, len(in.args))
	for i, s := range in.args {
		t := in.op.Operand(i).Type()
		if _, ok := t.(*ir.FloatType); ok {
			if err := checkFloat(t); err != nil {
				return err
			}
		}
		args[i] = printfArg{s, t}
	}
	in.step = func(th *thread, in *instr) error {
		vals := make([]uint64, len(args))
		for i, a := range args {
			vals[i] = th.regs[a.slot]
		}
		_, err := io.WriteString(th.cta.out, cprintf(format, args, vals))
		return err
	}
	return nil
}

// cprintf formats vals (of the types of args) by a C format string.
func cprintf(format string, args []printfArg, vals []uint64) string {
	var b strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		ch := format[i]
		if ch != '%' {
			b.WriteByte(ch)
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("-+ #0", format[j]) >= 0 {
			j++
		}
		for j < len(format) && (format[j] >= '0' && format[j] <= '9' || format[j] == '.') {
			j++
		}
		spec := format[i+1 : j] // flags, width, precision
		bits := 32
		for j < len(format) && strings.IndexByte("hljztL", format[j]) >= 0 {
			switch format[j] {
			case 'h':
				bits /= 2
			case 'l', 'j', 'z', 't', 'L':
				bits = 64
			}
			j++
		}
		if j >= len(format) {
			b.WriteString(format[i:])
			break
		}
		conv := format[j]
		i = j
		if conv == '%' {
			b.WriteByte('%')
			continue
		}
		if next >= len(args) {
			b.WriteString("%" + spec + string(conv))
			continue
		}
		a, v := args[next], vals[next]
		next++
		b.WriteString(formatArg(spec, conv, bits, a.t, v))
	}
	return b.String()
}

// formatArg formats one argument by its conversion; bits is the length
// modifier's integer size.
func formatArg(spec string, conv byte, bits int, t ir.Type, v uint64) string {
	w := bitWidth(t)
	switch conv {
	case 'd', 'i':
		x := numeric.Int64(numeric.SExt(v, min(w, 64))&numeric.Mask(bits), bits)
		return fmt.Sprintf("%"+spec+"d", x)
	case 'u', 'x', 'X', 'o':
		x := v & numeric.Mask(min(w, 64)) & numeric.Mask(bits)
		verb := string(conv)
		if conv == 'u' {
			verb = "d"
		}
		return fmt.Sprintf("%"+spec+verb, x)
	case 'c':
		return fmt.Sprintf("%"+spec+"c", rune(byte(v)))
	case 'p':
		return fmt.Sprintf("%"+spec+"s", fmt.Sprintf("0x%x", v))
	case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A':
		x := float64(numeric.Int64(v, w))
		if _, ok := t.(*ir.FloatType); ok {
			x = toF64(t, v)
		}
		if math.IsInf(x, 0) || math.IsNaN(x) {
			s := "inf"
			switch {
			case math.IsNaN(x):
				s = "nan"
			case x < 0:
				s = "-inf"
			}
			if conv >= 'A' && conv <= 'Z' {
				s = strings.ToUpper(s)
			}
			return fmt.Sprintf("%"+widthOnly(spec)+"s", s)
		}
		verb := string(conv)
		switch conv {
		case 'F':
			verb = "f"
		case 'a':
			verb = "x"
		case 'A':
			verb = "X"
		case 'g', 'G':
			if !strings.Contains(spec, ".") {
				spec += ".6"
			}
		}
		return fmt.Sprintf("%"+spec+verb, x)
	}
	return "%" + spec + string(conv)
}

// widthOnly keeps the '-' flag and the width of a spec (for inf and nan,
// which C pads with spaces and prints without precision).
func widthOnly(spec string) string {
	flags := len(spec) - len(strings.TrimLeft(spec, "-+ #0"))
	out := strings.SplitN(spec[flags:], ".", 2)[0]
	if strings.Contains(spec[:flags], "-") {
		out = "-" + out
	}
	return out
}
