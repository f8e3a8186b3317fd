package scf

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
)

// Dialect is the scf dialect. Its canonicalizations create arith ops.
var Dialect = &ir.Dialect{Name: "scf", Dependents: []*ir.Dialect{arith.Dialect}}

// Load registers the scf (and arith) dialects in ctx.
func Load(ctx *ir.Context) {
	arith.GuardPrinters(Dialect)
	ctx.Load(Dialect)
}

// regionSizeError is the ODS message for a SizedRegion<1> violation.
func regionSizeError(op *ir.Operation, i int, name string) error {
	return ir.OpErrorf(op, "region #%d ('%s') failed to verify constraint: region with 1 blocks", i, name)
}

// checkRegionCount verifies the number of regions of op.
func checkRegionCount(op *ir.Operation, n int) error {
	if op.NumRegions() == n {
		return nil
	}
	if n == 1 {
		return ir.OpErrorf(op, "requires one region")
	}
	return ir.OpErrorf(op, "expected %d regions", n)
}

// verifyImplicitYield checks that each non-empty region of op ends with
// scf.yield (the SingleBlockImplicitTerminator trait).
func verifyImplicitYield(op *ir.Operation) error {
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			last := b.Last()
			if last == nil {
				return ir.OpErrorf(op, "expects a non-empty block")
			}
			if last.Name() != "scf.yield" {
				return ir.OpErrorf(op, "expects regions to end with 'scf.yield', found '%s'", last.Name())
			}
		}
	}
	return nil
}

// EnsureYield gives a region its implicit terminator (MLIR's
// ensureTerminator): a block if the region is empty, and an operand-less
// scf.yield if its block does not end with a terminator.
func EnsureYield(ctx *ir.Context, r *ir.Region, loc ir.Location) {
	if r.Empty() {
		r.Append(ir.NewBlock(ctx, nil, nil))
	}
	b := r.Front()
	if last := b.Last(); last != nil && (last.Has(ir.Terminator) || !last.Registered() && last.Name() == "scf.yield") {
		return
	}
	b.Append(ir.Create(ir.NewState(ctx, "scf.yield", loc)))
}

// Yielded returns the operands of the terminator of region r's block.
func Yielded(r *ir.Region) []ir.Value {
	if r.Empty() || r.Front().Last() == nil {
		return nil
	}
	return r.Front().Last().Operands()
}
