package gpu

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// A pool of tensor-map slots for kernels whose launch passes no global
// scratch (tt-tma-loads' maps, docs/perf-notes.md item 00000000b):
//
//	%slot = gpu.tensormap_pool_claim %claims, %p {slots = 2048 : i64} : !llvm.ptr<1>, i1 -> i32
//
// %claims is a module global of `slots` i32 claim words, zero when free.
// Each thread where %p holds probes the words from (%smid * 8) mod slots
// on, taking the first free one with an acquire compare-and-swap of 0 to 1
// (`atom.acquire.gpu.global.cas.b32`), and spins over the pool, sleeping
// briefly after each failed probe, until one frees: every holder is a
// running CTA, which releases its slot (an atomic exchange of 0 with
// release semantics) when it returns. The result is the slot's index
// where %p holds, 0 elsewhere. The op reads and writes memory in order
// (never moved or erased).
var TensormapPoolClaimOp = Dialect.NewOp("tensormap_pool_claim", 0)

// TensormapPoolSlotsAttr is the attribute holding the pool's slot count,
// a power of two.
const TensormapPoolSlotsAttr = "slots"

func init() {
	def := TensormapPoolClaimOp
	def.Inherent = []string{TensormapPoolSlotsAttr}
	def.AppendEffects = orderingEffects
	def.Parse = func(p ir.OpParser, st *ir.OperationState) error {
		if err := parseTypedOperands(p, st); err != nil {
			return err
		}
		if err := p.ParseArrow(); err != nil {
			return err
		}
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		st.Types = []ir.Type{t}
		return nil
	}
	def.Print = func(p ir.OpPrinter, op *ir.Operation) {
		printTypedOperands(p, op)
		p.WriteString(" -> ")
		p.PrintType(op.Result(0).Type())
	}
	def.Verify = func(op *ir.Operation) error {
		if err := counts(op, 2, 1); err != nil {
			return err
		}
		if s, ok := spaceOf(op.Operand(0).Type()); !ok || s != SpaceGlobal {
			return ir.OpErrorf(op, "the claim words must be an !llvm.ptr<1>, got '%s'", asm.TypeString(op.Operand(0).Type()))
		}
		if !ir.IsInteger(op.Result(0).Type(), 32) {
			return ir.OpErrorf(op, "the result must be i32, got '%s'", asm.TypeString(op.Result(0).Type()))
		}
		if n := TensormapPoolSlots(op); n < 1 || n&(n-1) != 0 {
			return ir.OpErrorf(op, "'slots' must be a positive power of two, got %d", n)
		}
		return verifyLastPred(op)
	}
}

// TensormapPoolSlots is a gpu.tensormap_pool_claim's slot count (0 if
// missing).
func TensormapPoolSlots(op *ir.Operation) int64 {
	if a, ok := op.Attr(TensormapPoolSlotsAttr).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

// NewTensormapPoolClaim builds `gpu.tensormap_pool_claim %claims, %pred`.
func NewTensormapPoolClaim(b *ir.Builder, loc ir.Location, claims, pred ir.Value, slots int64) *ir.Operation {
	return b.CreateOp(TensormapPoolClaimOp.Name, loc, []ir.Value{claims, pred}, []ir.Type{ir.I32(b.Ctx)},
		ir.NamedAttr{Name: TensormapPoolSlotsAttr, Value: ir.I64Attr(b.Ctx, slots)})
}
