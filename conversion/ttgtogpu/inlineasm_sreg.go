package ttgtogpu

import (
	"strings"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/internal/ascii"
	"github.com/ttcompiler/tt/ir"
)

// Inline assembly that only reads a PTX special register, such as
// tl.extra.cuda.smid's `mov.u32 $0, %smid;` or the %nsmid read that sizes
// a persistent kernel, lowers to the gpu op reading that register rather
// than to llvm.inline_asm: the emitters print the same instruction, and
// the simulator, which cannot run assembly, executes the op. The whole
// text must be one such move into $0 (white space and one enclosing
// brace pair aside), with the output constraint "=r", packed_element 1,
// and one i32 result: a scalar, or a tensor whose elements all get the
// value read. A tensor result needs a tensor operand (the Elementwise
// verifier's rule), so operands are allowed when the text does not use
// them and their constraints are plain input registers; anything else
// stays inline assembly.

// specialRegisterReads maps a register to the op that reads it.
var specialRegisterReads = map[string]func(*ir.Builder, ir.Location) *ir.Operation{
	"smid":  gpu.NewSMID,
	"nsmid": gpu.NewNumSMIDs,
}

// inputRegisterClasses are the NVPTX constraints of an input register:
// operands the text ignores may have these and nothing else (no tied,
// immediate or clobber constraints).
var inputRegisterClasses = map[string]bool{"c": true, "h": true, "r": true, "l": true, "f": true, "d": true}

// specialRegisterRead returns the builder of the op that the inline
// assembly op amounts to, or nil when it is anything else.
func (l *lowering) specialRegisterRead(op *ir.Operation, text, constraints string) func(*ir.Builder, ir.Location) *ir.Operation {
	cons := strings.Split(strings.Join(strings.Fields(constraints), ""), ",")
	if op.NumResults() != 1 || len(cons) != op.NumOperands()+1 || cons[0] != "=r" {
		return nil
	}
	for _, c := range cons[1:] {
		if !inputRegisterClasses[c] {
			return nil
		}
	}
	if a, ok := op.Attr("packed_element").(*ir.IntegerAttr); ok && a.Int() != 1 {
		return nil
	}
	if et := l.elemTypeOf(op.Result(0).Type()); et == nil || !ir.IsInteger(et, 32) {
		return nil
	}
	return specialRegisterReads[movedRegister(text)]
}

// movedRegister returns the special register (without its %) that text
// moves into $0 and does nothing else with, or "".
func movedRegister(text string) string {
	s := strings.TrimSpace(text)
	if inner, ok := strings.CutPrefix(s, "{"); ok {
		if inner, ok = strings.CutSuffix(inner, "}"); !ok {
			return ""
		}
		s = strings.TrimSpace(inner)
	}
	return movedIntoResult(s)
}

// movedIntoResult returns reg when s is `mov.u32 $0, %reg;` (mov.b32
// moves the same bits; white space as shown is optional but after the
// opcode, and may be any of PTX's: space, \t, \n, \f, \r), else "".
func movedIntoResult(s string) string {
	typ, ok := strings.CutPrefix(s, "mov.")
	if !ok || !strings.HasPrefix(typ, "b32") && !strings.HasPrefix(typ, "u32") {
		return ""
	}
	operands := ascii.TrimLeftSpace(typ[len("b32"):])
	if len(operands) == len(typ)-len("b32") {
		return ""
	}
	rest, ok := strings.CutPrefix(operands, "$0")
	if ok {
		rest, ok = strings.CutPrefix(ascii.TrimLeftSpace(rest), ",")
	}
	if ok {
		rest, ok = strings.CutPrefix(ascii.TrimLeftSpace(rest), "%")
	}
	n := 0
	for n < len(rest) && (rest[n] == '_' || rest[n] >= 'a' && rest[n] <= 'z') {
		n++
	}
	if !ok || n == 0 || ascii.TrimLeftSpace(rest[n:]) != ";" {
		return ""
	}
	return rest[:n]
}

// lowerSpecialRegisterRead replaces op by one read of the register, given
// to every element of a tensor result.
func (l *lowering) lowerSpecialRegisterRead(op *ir.Operation, read func(*ir.Builder, ir.Location) *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	v := read(e.b, op.Loc()).Result(0)
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		rw.ReplaceOp(op, []ir.Value{v})
		return nil
	}
	lay, err := l.opLayout(op, rt)
	if err != nil {
		return err
	}
	rw.ReplaceOpN(op, [][]ir.Value{repeat(v, lay.numRegs)})
	return nil
}
