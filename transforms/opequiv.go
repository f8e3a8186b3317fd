package transforms

import (
	"unsafe"

	"github.com/ttcompiler/tt/ir"
)

// This file is MLIR's OperationEquivalence as CSE uses it: locations are
// ignored; name, properties, discardable attributes, result types,
// operands (as a multiset for commutative ops), successors and regions
// (structurally, up to a renaming of their values) must match.

// opHash hashes what opEquivalent compares, except regions and the names
// of attributes (ops of one definition with equal attribute values have
// the same names but for rare optional ones; the hash need only agree on
// equivalent ops). CSE hashes every op it visits: each part is hashed on
// its own (by identity, as opEquivalent compares them) and the parts are
// combined by ir.MixHash, without a maphash.Hash's buffering of each write.
func opHash(op *ir.Operation) uint64 {
	h := ir.AddressHash(unsafe.Pointer(op.Def()))
	for _, a := range op.Props() {
		h = ir.MixHash(h, ir.IdentityHash(a.Value))
	}
	// The properties and the discardable attributes are two lists.
	h = ir.MixHash(h, uint64(len(op.Props())))
	for _, a := range op.DiscardableAttrs() {
		h = ir.MixHash(h, ir.IdentityHash(a.Value))
	}
	for i, n := 0, op.NumResults(); i < n; i++ {
		h = ir.MixHash(h, ir.IdentityHash(op.Result(i).Type()))
	}
	if op.Has(ir.Commutative) {
		// Order-independent: the sum of the operands' hashes.
		var sum uint64
		for i, n := 0, op.NumOperands(); i < n; i++ {
			sum += valueHash(op.Operand(i))
		}
		return ir.MixHash(h, sum)
	}
	for i, n := 0, op.NumOperands(); i < n; i++ {
		h = ir.MixHash(h, valueHash(op.Operand(i)))
	}
	return h
}

// valueHash hashes a value by identity: values are operation results and
// block arguments, pointers all (a nil operand hashes as a nil pointer),
// so the address is the interface's data word, without ir.IdentityHash's look
// at the dynamic type (CSE hashes every operand of every op).
func valueHash(v ir.Value) uint64 { return ir.AddressHash((*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]) }

// opEquivalent reports whether a and b compute the same values.
func opEquivalent(a, b *ir.Operation) bool {
	if a == b {
		return true
	}
	var eq valueMap
	return eq.ops(a, b)
}

// valueMap records which values of one region tree correspond to which
// values of the other while comparing regions.
type valueMap struct {
	values map[ir.Value]ir.Value
	blocks map[*ir.Block]*ir.Block
	// inRegion is set while comparing region bodies, where the results of
	// matched ops must be remembered for their later uses.
	inRegion bool
}

func (m *valueMap) same(a, b ir.Value) bool {
	if a == b {
		return true
	}
	return m.values != nil && m.values[a] == b && b != nil
}

func (m *valueMap) mark(a, b ir.Value) {
	if m.values == nil {
		m.values = map[ir.Value]ir.Value{}
	}
	m.values[a] = b
}

func (m *valueMap) ops(a, b *ir.Operation) bool {
	if !ir.SameOpShape(a, b) || !m.operands(a, b) {
		return false
	}
	for i, n := 0, a.NumRegions(); i < n; i++ {
		if !m.regions(a.Region(i), b.Region(i)) {
			return false
		}
	}
	if m.inRegion {
		for i, n := 0, a.NumResults(); i < n; i++ {
			m.mark(a.Result(i), b.Result(i))
		}
	}
	return true
}

func (m *valueMap) operands(a, b *ir.Operation) bool {
	pairwise := true
	for i, n := 0, a.NumOperands(); i < n; i++ {
		if !m.same(a.Operand(i), b.Operand(i)) {
			pairwise = false
			break
		}
	}
	if pairwise || !a.Has(ir.Commutative) {
		return pairwise
	}
	// Commutative: the operands must match as multisets.
	used := make([]bool, b.NumOperands())
	for i, n := 0, a.NumOperands(); i < n; i++ {
		found := false
		for j := range used {
			if !used[j] && m.same(a.Operand(i), b.Operand(j)) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func (m *valueMap) regions(a, b *ir.Region) bool {
	m.inRegion = true
	ab, bb := a.Blocks(), b.Blocks()
	if len(ab) != len(bb) {
		return false
	}
	for i := range ab {
		if !m.blocksEqual(ab[i], bb[i]) {
			return false
		}
	}
	return true
}

func (m *valueMap) mapBlock(a, b *ir.Block) bool {
	if m.blocks == nil {
		m.blocks = map[*ir.Block]*ir.Block{}
	}
	if prev, ok := m.blocks[a]; ok {
		return prev == b
	}
	m.blocks[a] = b
	return true
}

func (m *valueMap) blocksEqual(a, b *ir.Block) bool {
	if a.NumArguments() != b.NumArguments() || !m.mapBlock(a, b) {
		return false
	}
	for i, n := 0, a.NumArguments(); i < n; i++ {
		if a.Argument(i).Type() != b.Argument(i).Type() {
			return false
		}
		m.mark(a.Argument(i), b.Argument(i))
	}
	x, y := a.First(), b.First()
	for ; x != nil && y != nil; x, y = x.Next(), y.Next() {
		if !m.ops(x, y) {
			return false
		}
		for i, n := 0, x.NumSuccessors(); i < n; i++ {
			if !m.mapBlock(x.Successor(i), y.Successor(i)) {
				return false
			}
		}
	}
	return x == nil && y == nil
}
