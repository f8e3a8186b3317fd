package arith

import (
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// GuardPrinters wraps the custom printers of d's ops so that printing a
// structurally invalid op (one that would fail verification) cannot
// panic: MLIR prints such ops in the generic form, which a custom Print
// hook cannot fall back to, so the op's text is marked invalid instead.
// It is idempotent per dialect.
func GuardPrinters(d *ir.Dialect) {
	guardMu.Lock()
	defer guardMu.Unlock()
	if guarded[d] {
		return
	}
	guarded[d] = true
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

var (
	guardMu sync.Mutex
	guarded = map[*ir.Dialect]bool{}
)
