package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// tt.elementwise_inline_asm runs its assembly once per packed_element
// elements. As in Triton, elements narrower than 32 bits travel packed
// into 32-bit registers (several per register), wider ones one per
// operand; results come back the same way.

// asmPack describes how the elements of one operand or result of a call
// are passed: regs registers of perReg elements each.
type asmPack struct {
	elem   ir.Type
	perReg int
	regs   int
}

func packFor(elem ir.Type, pe int) asmPack {
	bits := bitWidthOf(elem)
	per := 1
	if bits < 32 {
		per = min(32/bits, pe)
	}
	return asmPack{elem: elem, perReg: per, regs: pe / per}
}

// regType is the type of one register of the pack.
func (p asmPack) regType(ctx *ir.Context) ir.Type {
	if p.perReg == 1 {
		return p.elem
	}
	return ir.IntegerTypeOf(ctx, p.perReg*bitWidthOf(p.elem))
}

func (l *lowering) lowerInlineAsm(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	asmText, _ := op.Attr("asm_string").(*ir.StringAttr)
	cons, _ := op.Attr("constraints").(*ir.StringAttr)
	if asmText == nil || cons == nil {
		return ir.OpErrorf(op, "missing asm_string or constraints")
	}
	if read := l.specialRegisterRead(op, asmText.Value, cons.Value); read != nil {
		return l.lowerSpecialRegisterRead(op, read, e, rw)
	}
	pure := false
	if b, ok := op.Attr("pure").(*ir.IntegerAttr); ok {
		pure = b.Bool()
	}
	pe := 1
	if a, ok := op.Attr("packed_element").(*ir.IntegerAttr); ok && a.Int() > 0 {
		pe = int(a.Int())
	}
	n := 1
	if op.NumResults() > 0 {
		if rt, ok := op.Result(0).Type().(*ir.RankedTensorType); ok {
			lay, err := l.opLayout(op, rt)
			if err != nil {
				return err
			}
			n = lay.numRegs
		}
	} else if op.NumOperands() > 0 {
		n = len(rw.RemappedN(op.Operand(0)))
	}
	if n%pe != 0 {
		return ir.OpErrorf(op, "%d elements per thread are not a multiple of packed_element %d", n, pe)
	}
	var inPacks, outPacks []asmPack
	operands := make([][]ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		et := l.elemTypeOf(v.Type())
		if et == nil {
			return ir.OpErrorf(op, "cannot pass operand #%d of type %s", i, asm.TypeString(v.Type()))
		}
		vals := rw.RemappedN(v)
		if len(vals) == 1 && n > 1 {
			vals = repeat(vals[0], n)
		}
		if len(vals) != n {
			return ir.OpErrorf(op, "operand #%d has %d elements per thread, expected %d", i, len(vals), n)
		}
		operands[i] = vals
		inPacks = append(inPacks, packFor(et, pe))
	}
	var outTypes []ir.Type
	for i, t := range op.ResultTypes() {
		et := l.elemTypeOf(t)
		if et == nil {
			return ir.OpErrorf(op, "cannot return result #%d of type %s", i, asm.TypeString(t))
		}
		p := packFor(et, pe)
		outPacks = append(outPacks, p)
		for j := 0; j < p.regs; j++ {
			outTypes = append(outTypes, p.regType(l.ctx))
		}
	}
	var resType ir.Type
	switch len(outTypes) {
	case 0:
	case 1:
		resType = outTypes[0]
	default:
		resType = llvm.Struct(l.ctx, outTypes, false)
	}
	results := make([][]ir.Value, op.NumResults())
	for c := 0; c < n; c += pe {
		var args []ir.Value
		for i, p := range inPacks {
			chunk := operands[i][c : c+pe]
			for j := 0; j < p.regs; j++ {
				part := chunk[j*p.perReg : (j+1)*p.perReg]
				if p.perReg == 1 {
					args = append(args, part[0])
				} else {
					args = append(args, e.packWords(part, p.elem, p.perReg*bitWidthOf(p.elem))[0])
				}
			}
		}
		var types []ir.Type
		if resType != nil {
			types = []ir.Type{resType}
		}
		st := ir.NewState(l.ctx, "llvm.inline_asm", op.Loc())
		st.Operands = args
		st.Types = types
		st.AddAttr("asm_string", asmText)
		st.AddAttr("constraints", cons)
		st.AddAttr("asm_dialect", llvm.AsmDialectEnum.Get(l.ctx, 0))
		if !pure {
			st.AddAttr("has_side_effects", ir.Unit(l.ctx))
		}
		call := e.b.Create(st)
		var outs []ir.Value
		switch len(outTypes) {
		case 0:
		case 1:
			outs = call.Results()
		default:
			for i, t := range outTypes {
				outs = append(outs, e.op1("llvm.extractvalue", t, call.Results(),
					named("position", ir.DenseI64Array(l.ctx, []int64{int64(i)}))))
			}
		}
		k := 0
		for i, p := range outPacks {
			for j := 0; j < p.regs; j++ {
				w := outs[k]
				k++
				if p.perReg == 1 {
					results[i] = append(results[i], w)
				} else {
					results[i] = append(results[i], e.unpackWords([]ir.Value{w}, p.elem, p.perReg*bitWidthOf(p.elem))...)
				}
			}
		}
	}
	if op.NumResults() > 0 {
		if _, ok := op.Result(0).Type().(*ir.RankedTensorType); !ok {
			rw.ReplaceOp(op, flattenGroups(results))
			return nil
		}
	}
	rw.ReplaceOpN(op, results)
	return nil
}
