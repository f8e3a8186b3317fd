package transforms

import (
	"hash/maphash"
	"math/bits"
	"reflect"
	"unsafe"

	"github.com/ttcompiler/tt/ir"
)

// This file is MLIR's OperationEquivalence as CSE uses it: locations are
// ignored; name, properties, discardable attributes, result types,
// operands (as a multiset for commutative ops), successors and regions
// (structurally, up to a renaming of their values) must match.

var hashSeed = maphash.MakeSeed()

// opHash hashes what opEquivalent compares, except regions and the names
// of attributes (ops of one definition with equal attribute values have
// the same names but for rare optional ones; the hash need only agree on
// equivalent ops). CSE hashes every op it visits: each part is hashed on
// its own (by identity, as opEquivalent compares them) and the parts are
// combined by mixHash, without a maphash.Hash's buffering of each write.
func opHash(op *ir.Operation) uint64 {
	h := addressHash(unsafe.Pointer(op.Def()))
	for _, a := range op.Props() {
		h = mixHash(h, identityHash(a.Value))
	}
	// The properties and the discardable attributes are two lists.
	h = mixHash(h, uint64(len(op.Props())))
	for _, a := range op.DiscardableAttrs() {
		h = mixHash(h, identityHash(a.Value))
	}
	for i, n := 0, op.NumResults(); i < n; i++ {
		h = mixHash(h, identityHash(op.Result(i).Type()))
	}
	if op.Has(ir.Commutative) {
		// Order-independent: the sum of the operands' hashes.
		var sum uint64
		for i, n := 0, op.NumOperands(); i < n; i++ {
			sum += valueHash(op.Operand(i))
		}
		return mixHash(h, sum)
	}
	for i, n := 0, op.NumOperands(); i < n; i++ {
		h = mixHash(h, valueHash(op.Operand(i)))
	}
	return h
}

// valueHash hashes a value by identity: values are operation results and
// block arguments, pointers all (a nil operand hashes as a nil pointer),
// so the address is the interface's data word, without identityHash's look
// at the dynamic type (CSE hashes every operand of every op).
func valueHash(v ir.Value) uint64 { return addressHash((*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]) }

// identityHash hashes x as == compares it. A pointer (uniqued types and
// attributes, values) is hashed by its address, the data word of the
// interface holding it: a few instructions where maphash would call the
// runtime's hasher for x's dynamic type (about a quarter of CSE's
// instructions on a lowered matmul). Anything else (nil included) goes
// through maphash.
func identityHash(x any) uint64 {
	if t := reflect.TypeOf(x); t != nil && t.Kind() == reflect.Pointer {
		return addressHash((*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1])
	}
	return maphash.Comparable(hashSeed, x)
}

// addressHash hashes pointer p by its address (Go does not move heap
// objects), mixed (a xorshift-multiply step) so that the sums of
// commutative operands' hashes do not collide as sums of nearby addresses
// would.
func addressHash(p unsafe.Pointer) uint64 {
	x := uint64(uintptr(p))
	x ^= x >> 29
	x *= 0xbf58476d1ce4e5b9
	return x ^ x>>32
}

// mixHash combines hash h with the hash x of the next part, in order.
func mixHash(h, x uint64) uint64 {
	return (bits.RotateLeft64(h, 27) ^ x) * 0x9e3779b97f4a7c15
}

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
