package ub

import (
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// Dialect is the ub dialect.
var Dialect = &ir.Dialect{Name: "ub"}

// Load registers the ub dialect in ctx.
func Load(ctx *ir.Context) {
	guardOnce.Do(func() { guardPrinters(Dialect) })
	ctx.Load(Dialect)
}

func init() {
	Dialect.ParseAttribute = parseAttribute
	Dialect.MaterializeConstant = materialize
}

func parseAttribute(p ir.DialectParser, mnemonic string, _ ir.Type) (ir.Attribute, error) {
	if mnemonic == "poison" {
		return Poison(p.Context()), nil
	}
	return nil, p.Errorf("unknown attribute `%s` in dialect `ub`", mnemonic)
}

func materialize(b *ir.Builder, value ir.Attribute, typ ir.Type, loc ir.Location) *ir.Operation {
	if p, ok := value.(*PoisonAttr); ok {
		return NewPoison(b, loc, typ, p)
	}
	return nil
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
