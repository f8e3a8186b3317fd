package gpu

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Warp specialization: named barriers, register reallocation, election.
//
//	gpu.named_barrier %id, %count
//	gpu.named_barrier %id, %count {unaligned}
//	gpu.named_barrier_arrive %id, %count
//	gpu.setmaxnreg inc 240
//	%p = gpu.elect_sync : i1
//
// gpu.named_barrier (PTX bar.sync id, count) and gpu.named_barrier_arrive
// (bar.arrive id, count) use hardware barrier id (i32, 0..15; 0 is the one
// gpu.barrier uses) among count threads (i32, a multiple of 32, all the
// threads of the warps taking part; the warps arrive whole). A sync
// arrives and waits until count threads have arrived at the barrier
// (arrivals and syncs both count), then the barrier resets; an arrive
// counts the thread and does not wait. Memory accesses of the threads
// before their arrival or sync are visible to the syncing threads after
// the barrier (CTA-scope ordering, like gpu.barrier for the participants).
// Producer warps arrive at a barrier their consumers sync on.
//
// The barrier is PTX's aligned form unless the op has the unit attribute
// `unaligned`: every warp taking part reaches it at the same instruction,
// as threads reach __syncthreads (ptxas may rely on it, and
// compute-sanitizer's synccheck reports a barrier among all of the CTA's
// threads reached from two instructions as divergent). A barrier that
// warps of different roles reach from different code, such as the
// dispatch barrier of warp specialization between the default warps and
// the parked workers, must be `unaligned` (PTX barrier.sync and
// barrier.arrive without .aligned).
//
// gpu.setmaxnreg inc|dec N (setmaxnreg.{inc,dec}.sync.aligned.u32,
// sm_90a) asks that the registers per thread of the executing warpgroup
// be raised (inc) or lowered (dec) to N, a multiple of 8 in 24..256; all
// warps of the warpgroup execute it together. It changes no value (a
// simulator treats it as a warpgroup-collective no-op).
//
// gpu.elect_sync (elect.sync with a full mask, sm_90) is true in exactly
// one lane of the warp (the lowest active lane) and false in the others;
// it is warp-collective (NoMemoryEffect, never speculated).
//
// The barriers and setmaxnreg read and write all memory (nothing moves
// across them).

// TurnBarrier is the first of the two hardware barriers (14 and 15) by
// which the two warpgroups of a warp-specialized consumer take turns at
// the tensor cores (tt's ping-pong, transforms/pipeliner/ws_pingpong.go).
// The warp-specialization lowering numbers its partitions' barriers below
// them.
const TurnBarrier = 14

var (
	NamedBarrierOp       = Dialect.NewOp("named_barrier", 0)
	NamedBarrierArriveOp = Dialect.NewOp("named_barrier_arrive", 0)
	SetMaxNRegOp         = Dialect.NewOp("setmaxnreg", 0)
	ElectSyncOp          = Dialect.NewOp("elect_sync", ir.NoMemoryEffect)
)

func init() {
	for _, def := range []*ir.OpDef{NamedBarrierOp, NamedBarrierArriveOp} {
		def.Parse = parseNamedBarrier
		def.Print = func(p ir.OpPrinter, op *ir.Operation) {
			p.WriteString(" ")
			p.PrintOperands(op.Operands())
			p.PrintOptionalAttrDict(op.Attrs())
		}
		def.Verify = verifyNamedBarrier
		def.AppendEffects = orderingEffects
	}

	SetMaxNRegOp.Inherent = []string{"increase", "regs"}
	SetMaxNRegOp.Parse = parseSetMaxNReg
	SetMaxNRegOp.Print = func(p ir.OpPrinter, op *ir.Operation) {
		dir := "dec"
		if IncreasesRegs(op) {
			dir = "inc"
		}
		p.Printf(" %s %d", dir, MaxNRegs(op))
		p.PrintOptionalAttrDict(op.Attrs(), "increase", "regs")
	}
	SetMaxNRegOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 0, 0); err != nil {
			return err
		}
		if a := op.Attr("increase"); a != nil {
			if _, ok := a.(*ir.UnitAttr); !ok {
				return ir.OpErrorf(op, "'increase' must be a unit attribute")
			}
		}
		a, ok := op.Attr("regs").(*ir.IntegerAttr)
		if !ok || !ir.IsInteger(a.Type(), 32) {
			return ir.OpErrorf(op, "requires attribute 'regs' (i32)")
		}
		if n := a.Int(); n < 24 || n > 256 || n%8 != 0 {
			return ir.OpErrorf(op, "register count must be a multiple of 8 between 24 and 256, not %d", n)
		}
		return nil
	}
	SetMaxNRegOp.AppendEffects = orderingEffects

	ElectSyncOp.Parse = parseColonResult
	ElectSyncOp.Print = printColonResult
	ElectSyncOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 0, 1); err != nil {
			return err
		}
		if !ir.IsInteger(op.Result(0).Type(), 1) {
			return ir.OpErrorf(op, "result must be i1, got '%s'", asm.TypeString(op.Result(0).Type()))
		}
		return nil
	}
}

func parseNamedBarrier(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(us) != 2 {
		return p.ErrorfAt(loc, "expected 2 operands (barrier id, thread count), got %d", len(us))
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	i32 := ir.I32(p.Context())
	vals, err := p.ResolveOperands(us, []ir.Type{i32, i32})
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func verifyNamedBarrier(op *ir.Operation) error {
	if err := counts(op, 2, 0); err != nil {
		return err
	}
	if a := op.Attr(unalignedAttr); a != nil {
		if _, ok := a.(*ir.UnitAttr); !ok {
			return ir.OpErrorf(op, "'%s' must be a unit attribute", unalignedAttr)
		}
	}
	for i, what := range []string{"barrier id", "thread count"} {
		v := op.Operand(i)
		if !ir.IsInteger(v.Type(), 32) {
			return ir.OpErrorf(op, "%s must be i32, got '%s'", what, asm.TypeString(v.Type()))
		}
		k, ok := ir.DefiningConstant(v).(*ir.IntegerAttr)
		if !ok {
			continue
		}
		if i == 0 && (k.Int() < 0 || k.Int() > 15) {
			return ir.OpErrorf(op, "barrier id must be between 0 and 15, not %d", k.Int())
		}
		if i == 1 && (k.Int() <= 0 || k.Int()%32 != 0) {
			return ir.OpErrorf(op, "thread count must be a positive multiple of 32, not %d", k.Int())
		}
	}
	return nil
}

func parseSetMaxNReg(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	kw, err := p.ParseKeyword()
	if err != nil {
		return err
	}
	switch kw {
	case "inc":
		st.AddAttr("increase", ir.Unit(p.Context()))
	case "dec":
	default:
		return p.ErrorfAt(loc, "expected 'inc' or 'dec', got '%s'", kw)
	}
	n, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("regs", ir.I32Attr(p.Context(), n))
	return p.ParseOptionalAttrDict(st)
}

// IncreasesRegs reports whether a setmaxnreg raises the register count.
func IncreasesRegs(op *ir.Operation) bool { return op.Attr("increase") != nil }

// MaxNRegs returns the register count of a setmaxnreg.
func MaxNRegs(op *ir.Operation) int { return int(enumOf(op, "regs", 0)) }

// unalignedAttr marks a named barrier that its warps reach from different
// instructions.
const unalignedAttr = "unaligned"

// NewNamedBarrier builds `gpu.named_barrier id, count` (a sync) or, when
// arrive, `gpu.named_barrier_arrive id, count`.
func NewNamedBarrier(b *ir.Builder, loc ir.Location, id, count ir.Value, arrive bool) *ir.Operation {
	name := NamedBarrierOp.Name
	if arrive {
		name = NamedBarrierArriveOp.Name
	}
	return b.CreateOp(name, loc, []ir.Value{id, count}, nil)
}

// SetUnaligned marks a named barrier as reached from different
// instructions by the warps taking part.
func SetUnaligned(op *ir.Operation) { op.SetAttr(unalignedAttr, ir.Unit(op.Context())) }

// IsUnaligned reports whether a named barrier is marked `unaligned`.
func IsUnaligned(op *ir.Operation) bool { return op.Attr(unalignedAttr) != nil }

// NamedBarrierPTX is the PTX instruction of a gpu.named_barrier (bar.sync)
// or gpu.named_barrier_arrive (bar.arrive), barrier.sync and
// barrier.arrive (the unaligned forms) for one marked `unaligned`.
func NamedBarrierPTX(op *ir.Operation) string {
	arrive := op.Name() == NamedBarrierArriveOp.Name
	switch {
	case IsUnaligned(op) && arrive:
		return "barrier.arrive"
	case IsUnaligned(op):
		return "barrier.sync"
	case arrive:
		return "bar.arrive"
	}
	return "bar.sync"
}

// NewSetMaxNReg builds `gpu.setmaxnreg inc|dec regs`.
func NewSetMaxNReg(b *ir.Builder, loc ir.Location, increase bool, regs int) *ir.Operation {
	attrs := []ir.NamedAttr{{Name: "regs", Value: ir.I32Attr(b.Ctx, int64(regs))}}
	if increase {
		attrs = append(attrs, ir.NamedAttr{Name: "increase", Value: ir.Unit(b.Ctx)})
	}
	return b.CreateOp(SetMaxNRegOp.Name, loc, nil, nil, attrs...)
}

// NewElectSync builds `gpu.elect_sync : i1`.
func NewElectSync(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp(ElectSyncOp.Name, loc, nil, []ir.Type{ir.I1(b.Ctx)})
}
