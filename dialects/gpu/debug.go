package gpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Device-side debugging:
//
//	gpu.printf "pid %d: %f\n", %pid, %x : i32, f32
//	gpu.assert %cond, "x > 0", "kernel.py", 12 {function = "kernel"}
//
// printf prints with C printf conventions (CUDA vprintf: floats are
// promoted to f64, small integers to i32). assert aborts the kernel with
// the message when cond is false (CUDA __assertfail; AMD traps).

var (
	PrintfOp = Dialect.NewOp("printf", 0)
	AssertOp = Dialect.NewOp("assert", 0)
)

func init() {
	PrintfOp.Inherent = []string{"format"}
	PrintfOp.Parse = parsePrintf
	PrintfOp.Print = printPrintf
	PrintfOp.Verify = verifyPrintf
	PrintfOp.AppendEffects = func(_ *ir.Operation, buf []ir.Effect) []ir.Effect { return append(buf, ir.Effect{Kind: ir.Write}) }

	AssertOp.Inherent = []string{"message", "file", "line", "function"}
	AssertOp.Parse = parseAssert
	AssertOp.Print = printAssert
	AssertOp.Verify = verifyAssert
	AssertOp.AppendEffects = func(_ *ir.Operation, buf []ir.Effect) []ir.Effect { return append(buf, ir.Effect{Kind: ir.Write}) }
}

func parsePrintf(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	f, ok := p.ParseOptionalString()
	if !ok {
		return p.Errorf("expected a format string")
	}
	st.AddAttr("format", ir.StringAttrOf(ctx, f))
	var us []ir.UnresolvedOperand
	if p.ParseOptionalComma() {
		var err error
		if us, err = p.ParseOperandList(ir.DelimNone); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	var types []ir.Type
	if len(us) > 0 {
		var err error
		if types, err = p.ParseColonTypeList(); err != nil {
			return err
		}
	}
	vals, err := p.ResolveOperands(us, types)
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func printPrintf(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintString(Format(op))
	if op.NumOperands() > 0 {
		p.WriteString(", ")
		p.PrintOperands(op.Operands())
	}
	p.PrintOptionalAttrDict(op.Attrs(), "format")
	if op.NumOperands() > 0 {
		p.WriteString(" : ")
		p.PrintTypes(op.OperandTypes())
	}
}

func verifyPrintf(op *ir.Operation) error {
	if op.NumResults() != 0 {
		return ir.OpErrorf(op, "has no results")
	}
	if _, ok := op.Attr("format").(*ir.StringAttr); !ok {
		return ir.OpErrorf(op, "requires string attribute 'format'")
	}
	for i, v := range op.Operands() {
		switch t := v.Type().(type) {
		case *ir.IntegerType:
			if t.Width > 64 {
				return ir.OpErrorf(op, "argument #%d: integers of at most 64 bits can be printed", i)
			}
		case *ir.FloatType:
			switch t.Kind {
			case ir.F16, ir.BF16, ir.F32, ir.F64:
			default:
				return ir.OpErrorf(op, "argument #%d: cannot print '%s'", i, asm.TypeString(t))
			}
		case *llvm.PointerType:
		default:
			return ir.OpErrorf(op, "argument #%d: printf takes integers, floats and pointers, got '%s'", i, asm.TypeString(t))
		}
	}
	return nil
}

// Format returns the format string of a gpu.printf.
func Format(op *ir.Operation) string { return strAttr(op, "format") }

func strAttr(op *ir.Operation, name string) string {
	if s, ok := op.Attr(name).(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

func parseAssert(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	for _, name := range []string{"message", "file"} {
		if err := p.ParseComma(); err != nil {
			return err
		}
		s, ok := p.ParseOptionalString()
		if !ok {
			return p.Errorf("expected the %s string", name)
		}
		st.AddAttr(name, ir.StringAttrOf(ctx, s))
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	line, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("line", ir.I32Attr(ctx, line))
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	v, err := p.ResolveOperand(u, ir.I1(ctx))
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{v}
	return nil
}

func printAssert(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(", ")
	p.PrintString(strAttr(op, "message"))
	p.WriteString(", ")
	p.PrintString(strAttr(op, "file"))
	p.WriteString(", ")
	p.WriteString(itoa(AssertLine(op)))
	p.PrintOptionalAttrDict(op.Attrs(), "message", "file", "line")
}

func verifyAssert(op *ir.Operation) error {
	if err := counts(op, 1, 0); err != nil {
		return err
	}
	if !ir.IsInteger(op.Operand(0).Type(), 1) {
		return ir.OpErrorf(op, "condition must be i1, got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	for _, n := range []string{"message", "file"} {
		if _, ok := op.Attr(n).(*ir.StringAttr); !ok {
			return ir.OpErrorf(op, "requires string attribute '%s'", n)
		}
	}
	if a := op.Attr("function"); a != nil {
		if _, ok := a.(*ir.StringAttr); !ok {
			return ir.OpErrorf(op, "attribute 'function' must be a string")
		}
	}
	if a, ok := op.Attr("line").(*ir.IntegerAttr); !ok || !ir.IsInteger(a.Typ, 32) {
		return ir.OpErrorf(op, "requires i32 attribute 'line'")
	}
	return nil
}

// AssertMessage, AssertFile, AssertFunction and AssertLine read a
// gpu.assert.
func AssertMessage(op *ir.Operation) string  { return strAttr(op, "message") }
func AssertFile(op *ir.Operation) string     { return strAttr(op, "file") }
func AssertFunction(op *ir.Operation) string { return strAttr(op, "function") }
func AssertLine(op *ir.Operation) int64 {
	if a, ok := op.Attr("line").(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

// NewPrintf builds `gpu.printf format, args...`.
func NewPrintf(b *ir.Builder, loc ir.Location, format string, args ...ir.Value) *ir.Operation {
	return b.CreateOp(PrintfOp.Name, loc, args, nil, ir.NamedAttr{Name: "format", Value: ir.StringAttrOf(b.Ctx, format)})
}

// NewAssert builds `gpu.assert cond, message, file, line` (function may
// be "").
func NewAssert(b *ir.Builder, loc ir.Location, cond ir.Value, message, file, function string, line int64) *ir.Operation {
	attrs := []ir.NamedAttr{
		{Name: "message", Value: ir.StringAttrOf(b.Ctx, message)},
		{Name: "file", Value: ir.StringAttrOf(b.Ctx, file)},
		{Name: "line", Value: ir.I32Attr(b.Ctx, line)},
	}
	if function != "" {
		attrs = append(attrs, ir.NamedAttr{Name: "function", Value: ir.StringAttrOf(b.Ctx, function)})
	}
	return b.CreateOp(AssertOp.Name, loc, []ir.Value{cond}, nil, attrs...)
}

func itoa(v int64) string {
	if v < 0 {
		return "-" + itoa(-v)
	}
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}
