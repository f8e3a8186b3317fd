package arith_test

import (
	"testing"

	"github.com/ttcompiler/tt/dialects/cf"
	"github.com/ttcompiler/tt/dialects/math"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestPrintMalformed prints every op of these dialects with no operands,
// results or regions: the custom printers must not panic.
func TestPrintMalformed(t *testing.T) {
	ctx := newCtx()
	scf.Load(ctx)
	cf.Load(ctx)
	math.Load(ctx)
	ub.Load(ctx)
	for _, d := range ctx.Dialects() {
		if d.Name == "builtin" {
			continue // not ours
		}
		for _, def := range d.Ops {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s: panic %v", def.Name, r)
					}
				}()
				op := ir.Create(ir.NewState(ctx, def.Name, nil))
				_ = asm.OpString(op)
			}()
		}
	}
}
