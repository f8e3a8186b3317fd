package function

import (
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// Dialect is the func dialect.
var Dialect = &ir.Dialect{Name: "func"}

// Load registers the func dialect in ctx.
func Load(ctx *ir.Context) {
	guardOnce.Do(func() { guardPrinters(Dialect) })
	ctx.Load(Dialect)
}

var guardOnce sync.Once

// guardPrinters makes the custom printers of d's ops robust against
// structurally invalid ops (see arith.GuardPrinters).
func guardPrinters(d *ir.Dialect) {
	for _, def := range d.Ops {
		if def.Print == nil {
			continue
		}
		print := def.Print
		def.Print = func(p ir.OpPrinter, op *ir.Operation) {
			defer func() {
				if recover() != nil {
					p.WriteString(" <<INVALID OPERATION: print it in the generic form>>")
				}
			}()
			print(p, op)
		}
	}
}
