package ttgtogpu

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// tt.print: one device printf per element a thread owns (repeated copies
// print once), formatted as Triton does:
//
//	pid (X, Y, Z) idx (I, J) PREFIX(operand K) VALUE
//
// tt.assert: one device assertion on the conjunction of the thread's
// elements.

func (l *lowering) lowerPrint(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	prefix := ""
	if s, ok := op.Attr("prefix").(*ir.StringAttr); ok {
		prefix = s.Value
	}
	hex := false
	if b, ok := op.Attr("hex").(*ir.IntegerAttr); ok {
		hex = b.Bool()
	}
	var signed []int64
	if a, ok := op.Attr("isSigned").(*ir.DenseArrayAttr); ok {
		signed = a.Ints
	}
	g := newGPU(e)
	pids := make([]ir.Value, 3)
	for i, ax := range axisNames {
		pids[i] = e.programID(ax)
	}
	if op.NumOperands() == 0 {
		g.printf(escapePercent("pid (%u, %u, %u) ", prefix)+"\n", pids)
		rw.EraseOp(op)
		return nil
	}
	for k, v := range op.Operands() {
		isSigned := k < len(signed) && signed[k] != 0
		vals := rw.RemappedN(v)
		operand := ""
		if op.NumOperands() > 1 {
			operand = fmt.Sprintf("(operand %d) ", k)
		}
		rt, isTensor := v.Type().(*ir.RankedTensorType)
		if !isTensor {
			spec, arg, err := e.printfArg(op, vals[0], hex, isSigned)
			if err != nil {
				return err
			}
			g.printf(escapePercent("pid (%u, %u, %u) ", prefix+operand)+spec+"\n", append(pids[:3:3], arg))
			continue
		}
		lay, err := l.opLayout(op, rt)
		if err != nil {
			return err
		}
		idxFmt := "idx (" + strings.TrimSuffix(strings.Repeat("%d, ", lay.rank()), ", ") + ") "
		for r, val := range vals {
			if !lay.isUniqueReg(r) {
				continue
			}
			spec, arg, err := e.printfArg(op, val, hex, isSigned)
			if err != nil {
				return err
			}
			args := append(append(pids[:3:3], e.globalCoords(lay, r)...), arg)
			g.printf(escapePercent("pid (%u, %u, %u) "+idxFmt, prefix+operand)+spec+"\n", args)
		}
	}
	rw.EraseOp(op)
	return nil
}

// escapePercent appends text (the user's prefix) to a format, escaping %.
func escapePercent(format, text string) string {
	return format + strings.ReplaceAll(text, "%", "%%")
}

// printfArg returns the conversion specifier and the promoted argument of
// a value (C's default argument promotions: floats to double, small
// integers to 32 bits).
func (e *emitter) printfArg(op *ir.Operation, v ir.Value, hex, signed bool) (string, ir.Value, error) {
	t := v.Type()
	switch {
	case isLLVMPointer(t):
		return "%p", v, nil
	case isF64(t):
		return "%f", v, nil
	case promoted(t) || isF32(t) || isKind(t, ir.F16):
		if hex {
			w := ir.BitWidth(t)
			return fmt.Sprintf("0x%%0%dx", w/4), e.zext(e.toBits(v), e.i32()), nil
		}
		return "%f", e.extFloat(e.extToF32(v), ir.F64Type(e.ctx())), nil
	}
	it, ok := t.(*ir.IntegerType)
	if !ok {
		return "", nil, ir.OpErrorf(op, "cannot print values of type %s", asm.TypeString(t))
	}
	w := it.Width
	if w > 64 {
		return "", nil, ir.OpErrorf(op, "cannot print %d-bit integers", w)
	}
	if hex {
		if w > 32 {
			return fmt.Sprintf("0x%%0%dllx", (w+3)/4), v, nil
		}
		return fmt.Sprintf("0x%%0%dx", max((w+3)/4, 1)), e.zext(v, e.i32()), nil
	}
	if w > 32 {
		if signed {
			return "%lli", v, nil
		}
		return "%llu", v, nil
	}
	if signed && w > 1 {
		return "%i", e.sext(v, e.i32()), nil
	}
	return "%u", e.zext(v, e.i32()), nil
}

func isLLVMPointer(t ir.Type) bool { _, ok := t.(*llvm.PointerType); return ok }

// lowerAssert: the assertion fails when any element of this thread is
// false.
func (l *lowering) lowerAssert(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	msg := ""
	if s, ok := op.Attr("message").(*ir.StringAttr); ok {
		msg = s.Value
	}
	var all ir.Value
	for _, v := range rw.RemappedN(op.Operand(0)) {
		if !ir.IsInteger(v.Type(), 1) {
			v = e.icmpC(llvm.ICmpNE, v, 0) // non-zero holds
		}
		all = e.andBool(all, v)
	}
	file, fn, line := sourceOf(op)
	newGPU(e).assert(all, msg, file, fn, line)
	rw.EraseOp(op)
	return nil
}
