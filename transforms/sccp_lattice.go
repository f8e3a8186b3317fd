package transforms

import "github.com/ttcompiler/tt/ir"

// constLattice is SCCP's value lattice: uninitialized (nothing known
// yet), a constant (with the dialect whose folder produced it, which will
// materialize it), or overdefined (not a single constant).
type constLattice struct {
	kind    latticeKind
	value   ir.Attribute
	dialect *ir.Dialect
}

type latticeKind uint8

const (
	uninitialized latticeKind = iota
	constant
	overdefined
)

// join merges other into l and reports whether l changed.
func (l *constLattice) join(other constLattice) bool {
	switch {
	case other.kind == uninitialized || l.kind == overdefined:
		return false
	case l.kind == uninitialized:
		*l = other
		return true
	case other.kind == overdefined:
		*l = constLattice{kind: overdefined}
		return true
	case l.value == other.value:
		return false
	default:
		*l = constLattice{kind: overdefined}
		return true
	}
}

// constantAttr returns the constant, or nil when l is not a constant.
func (l constLattice) constantAttr() ir.Attribute {
	if l.kind == constant {
		return l.value
	}
	return nil
}
