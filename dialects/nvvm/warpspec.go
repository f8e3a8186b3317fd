package nvvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// The ops of Triton's warp-specialization lowering, in MLIR's syntax:
//
//	nvvm.barrier id = %id number_of_threads = %n   (bar.sync id, n; both optional)
//	nvvm.bar.warp.sync %mask : i32                  (bar.warp.sync)
//	nvvm.setmaxregister increase 80                 (setmaxnreg.inc.sync.aligned.u32)
//
// The action is stored as `#nvvm.action<increase>` (MLIR's
// SetMaxRegisterActionAttr).
var (
	BarrierOp        = Dialect.NewOp("barrier", ir.AttrSizedOperandSegments)
	BarWarpSyncOp    = Dialect.NewOp("bar.warp.sync", 0)
	SetMaxRegisterOp = Dialect.NewOp("setmaxregister", 0)
)

func init() {
	kindCases["action"] = []string{"decrease", "increase"}
	all := func(_ *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Read}, ir.Effect{Kind: ir.Write})
	}

	BarrierOp.Inherent = []string{"operandSegmentSizes"}
	BarrierOp.Parse = parseBarrier
	BarrierOp.Print = printBarrier
	BarrierOp.AppendEffects = all

	BarWarpSyncOp.Parse = func(p ir.OpParser, st *ir.OperationState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		vals, err := p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{t})
		st.Operands = vals
		return err
	}
	BarWarpSyncOp.Print = func(p ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.PrintOperand(op.Operand(0))
		p.PrintOptionalAttrDict(op.Attrs())
		p.WriteString(" : " + asm.TypeString(op.Operand(0).Type()))
	}
	BarWarpSyncOp.AppendEffects = all

	SetMaxRegisterOp.Inherent = []string{"action", "regCount"}
	SetMaxRegisterOp.Parse = func(p ir.OpParser, st *ir.OperationState) error {
		loc := p.Loc()
		kw, err := p.ParseKeyword()
		if err != nil {
			return err
		}
		if kw != "increase" && kw != "decrease" {
			return p.ErrorfAt(loc, "expected 'increase' or 'decrease', got '%s'", kw)
		}
		n, err := p.ParseInteger()
		if err != nil {
			return err
		}
		st.AddAttr("action", Kind(p.Context(), "action", kw))
		st.AddAttr("regCount", ir.I32Attr(p.Context(), n))
		return p.ParseOptionalAttrDict(st)
	}
	SetMaxRegisterOp.Print = func(p ir.OpPrinter, op *ir.Operation) {
		action := "increase"
		if k, ok := op.Attr("action").(*KindAttr); ok {
			action = k.Value
		}
		n := int64(0)
		if a, ok := op.Attr("regCount").(*ir.IntegerAttr); ok {
			n = a.Int()
		}
		p.Printf(" %s %d", action, n)
		p.PrintOptionalAttrDict(op.Attrs(), "action", "regCount")
	}
	SetMaxRegisterOp.Verify = func(op *ir.Operation) error {
		a, ok := op.Attr("regCount").(*ir.IntegerAttr)
		if !ok {
			return ir.OpErrorf(op, "requires attribute 'regCount'")
		}
		if n := a.Int(); n < 24 || n > 256 || n%8 != 0 {
			return ir.OpErrorf(op, "new register size must be multiple of 8 and in the range [24, 256], not %d", n)
		}
		return nil
	}
	SetMaxRegisterOp.AppendEffects = all
}

func parseBarrier(p ir.OpParser, st *ir.OperationState) error {
	i32 := ir.I32(p.Context())
	var segs [2]int64
	for i, kw := range []string{"id", "number_of_threads"} {
		if _, ok := p.ParseOptionalKeyword(kw); !ok {
			continue
		}
		if err := p.ParseEqual(); err != nil {
			return err
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		vals, err := p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{i32})
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, vals...)
		segs[i] = 1
	}
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(p.Context(), segs[:]))
	return p.ParseOptionalAttrDict(st)
}

func printBarrier(p ir.OpPrinter, op *ir.Operation) {
	segs, _ := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	k := 0
	for i, kw := range []string{"id", "number_of_threads"} {
		if segs != nil && i < len(segs.Ints) && segs.Ints[i] == 1 && k < op.NumOperands() {
			p.WriteString(" " + kw + " = ")
			p.PrintOperand(op.Operand(k))
			k++
		}
	}
	p.PrintOptionalAttrDict(op.Attrs(), "operandSegmentSizes")
}

// NewBarrier builds `nvvm.barrier id = id number_of_threads = n`.
func NewBarrier(b *ir.Builder, loc ir.Location, id, n ir.Value) *ir.Operation {
	return b.CreateOp(BarrierOp.Name, loc, []ir.Value{id, n}, nil,
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ir.DenseI32Array(b.Ctx, []int64{1, 1})})
}

// NewBarWarpSync builds `nvvm.bar.warp.sync mask : i32`.
func NewBarWarpSync(b *ir.Builder, loc ir.Location, mask ir.Value) *ir.Operation {
	return b.CreateOp(BarWarpSyncOp.Name, loc, []ir.Value{mask}, nil)
}

// NewSetMaxRegister builds `nvvm.setmaxregister increase|decrease n`.
func NewSetMaxRegister(b *ir.Builder, loc ir.Location, increase bool, n int) *ir.Operation {
	action := "decrease"
	if increase {
		action = "increase"
	}
	return b.CreateOp(SetMaxRegisterOp.Name, loc, nil, nil,
		ir.NamedAttr{Name: "action", Value: Kind(b.Ctx, "action", action)},
		ir.NamedAttr{Name: "regCount", Value: ir.I32Attr(b.Ctx, int64(n))})
}
