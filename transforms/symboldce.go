package transforms

import (
	"flag"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "symbol-dce",
		DisplayName: "SymbolDCE",
		Summary:     "Eliminate dead symbols",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				n, err := SymbolDCE(op)
				st.Stat("num-dce'd", "Number of symbols DCE'd").Add(int64(n))
				return err
			}
		},
	})
}

// SymbolDCE erases the private symbols of the symbol table op (and of the
// symbol tables nested in it) that no live operation references,
// transitively; non-symbol ops and public or nested symbols are the
// roots. (MLIR also tracks whether a table is hidden from its parent, but
// with the default canDiscardOnUseEmpty only private symbols are ever
// discarded, so the outcome is the same.) It returns the number of
// symbols erased.
func SymbolDCE(op *ir.Operation) (int, error) {
	if !op.Has(ir.SymbolTable) {
		return 0, ir.OpErrorf(op, " was scheduled to run under SymbolDCE, but does not define a symbol table")
	}
	d := &symbolDCE{live: map[*ir.Operation]bool{}, symbols: newSymbolResolver()}
	d.liveness(op)
	erased := 0
	ir.Walk(op, ir.PostOrder, func(t *ir.Operation) ir.WalkResult {
		if !t.Has(ir.SymbolTable) || t.NumRegions() == 0 {
			return ir.Advance
		}
		for _, b := range t.Region(0).Blocks() {
			for o := b.First(); o != nil; {
				next := o.Next()
				if o.Has(ir.Symbol) && !d.live[o] {
					o.Erase()
					erased++
				}
				o = next
			}
		}
		return ir.Advance
	})
	return erased, nil
}

type symbolDCE struct {
	live    map[*ir.Operation]bool
	symbols *symbolResolver
}

// liveness marks the live symbols of table (MLIR's computeLiveness):
// non-symbols and symbols that may be used from outside are roots; every
// symbol a live op references becomes live.
func (d *symbolDCE) liveness(table *ir.Operation) {
	var work []*ir.Operation
	if table.NumRegions() > 0 {
		for _, b := range table.Region(0).Blocks() {
			for o := b.First(); o != nil; o = o.Next() {
				if !o.Has(ir.Symbol) {
					work = append(work, o)
					continue
				}
				// Only private symbols may be discarded when unused
				// (MLIR's default canDiscardOnUseEmpty), whether or not
				// the table is hidden.
				if ir.IsPrivateSymbol(o) {
					continue
				}
				if !d.live[o] {
					d.live[o] = true
					work = append(work, o)
				}
			}
		}
	}
	for len(work) > 0 {
		op := work[len(work)-1]
		work = work[:len(work)-1]
		if op.Has(ir.SymbolTable) {
			d.liveness(op)
		} else {
			for _, r := range op.Regions() {
				for _, b := range r.Blocks() {
					for o := b.First(); o != nil; o = o.Next() {
						work = append(work, o)
					}
				}
			}
		}
		parent := op.ParentOp()
		if parent == nil || !parent.Has(ir.SymbolTable) {
			continue
		}
		symbolUses(op, func(ref *ir.SymbolRefAttr) {
			if target := d.symbols.lookupIn(parent, ref); target != nil && !d.live[target] {
				d.live[target] = true
				work = append(work, target)
			}
		})
	}
}

// symbolUses calls fn for the symbol references held by op and the ops
// nested in it, not looking into nested symbol tables (MLIR's
// SymbolTable::getSymbolUses).
func symbolUses(op *ir.Operation, fn func(*ir.SymbolRefAttr)) {
	var visit func(o *ir.Operation)
	visit = func(o *ir.Operation) {
		for _, a := range o.Attrs() {
			forSymbolRefs(a.Value, fn)
		}
		for _, r := range o.Regions() {
			for _, b := range r.Blocks() {
				for n := b.First(); n != nil; n = n.Next() {
					if n.Has(ir.SymbolTable) {
						// Only the table op's own attributes count here.
						for _, a := range n.Attrs() {
							forSymbolRefs(a.Value, fn)
						}
						continue
					}
					visit(n)
				}
			}
		}
	}
	visit(op)
}
