package axisinfo

import (
	"unsafe"

	"github.com/ttcompiler/tt/ir"
)

// transferFn is a transfer function of builtin.
type transferFn = func(op *ir.Operation, in []Info) (Info, bool)

// transferSlots is the number of a solver's transfer slots: more than the
// op kinds of a kernel.
const transferSlots = 64

// transferSlot remembers builtin's answer for one op definition (fn nil:
// builtin has no transfer function for it).
type transferSlot struct {
	def *ir.OpDef
	fn  transferFn
}

// transfers caches builtin's transfer functions by op definition for one
// solver. The solver asks for one at every visit, and builtin is keyed by
// name: hashing the name was about 140 instructions a visit, a third of
// what most transfer functions cost. A definition's address picks its
// slot (Fibonacci hashing: the top 6 bits of the product, as the greedy
// driver's pattern cache does); a slot another definition holds is
// overwritten, and answered from builtin again.
type transfers [transferSlots]transferSlot

// of returns builtin's transfer function for op, or nil.
func (t *transfers) of(op *ir.Operation) transferFn {
	def := op.Def()
	s := &t[uint64(uintptr(unsafe.Pointer(def)))*0x9e3779b97f4a7c15>>58]
	if s.def != def {
		s.def, s.fn = def, builtin[def.Name]
	}
	return s.fn
}
