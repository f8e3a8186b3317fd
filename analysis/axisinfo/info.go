package axisinfo

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// MaxDivisor is the divisibility of zero: the largest power of two an
// int64 holds without reaching the sign bit (Triton's
// highestPowOf2Divisor<int64_t>(0)).
const MaxDivisor int64 = 1 << 62

// Names of the hint attributes (on function arguments and on ops).
const (
	AttrContiguity   = "tt.contiguity"
	AttrDivisibility = "tt.divisibility"
	AttrConstancy    = "tt.constancy"
)

// Info is the lattice value of one SSA value. A zero Info (rank 0) is
// "not yet known"; scalars have rank 1.
type Info struct {
	Contiguity   []int64
	Divisibility []int64
	Constancy    []int64
	// Constant is the value when it is a known constant (Known set).
	Constant int64
	Known    bool
}

// NewInfo returns an Info without a constant value.
func NewInfo(contiguity, divisibility, constancy []int64) Info {
	return Info{Contiguity: contiguity, Divisibility: divisibility, Constancy: constancy}
}

// WithConstant returns i with the known constant c.
func (i Info) WithConstant(c int64) Info {
	i.Constant, i.Known = c, true
	return i
}

// Rank is the number of dimensions the Info describes (0 = unknown).
func (i Info) Rank() int { return len(i.Contiguity) }

// ConstantValue returns the constant and whether it is known.
func (i Info) ConstantValue() (int64, bool) { return i.Constant, i.Known }

// isConst reports whether i is the known constant c.
func (i Info) isConst(c int64) bool { return i.Known && i.Constant == c }

// Equal compares two Infos, the constant included.
func (i Info) Equal(o Info) bool {
	return equalInts(i.Contiguity, o.Contiguity) && equalInts(i.Divisibility, o.Divisibility) &&
		equalInts(i.Constancy, o.Constancy) && i.Known == o.Known && (!i.Known || i.Constant == o.Constant)
}

// String prints i as Triton's AxisInfo::print does (the format of the
// test-print-alignment remarks).
func (i Info) String() string {
	var b strings.Builder
	list := func(name string, v []int64) {
		b.WriteString(name)
		b.WriteString(" = [")
		for k, x := range v {
			if k > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.FormatInt(x, 10))
		}
		b.WriteString("]")
	}
	list("contiguity", i.Contiguity)
	list(", divisibility", i.Divisibility)
	list(", constancy", i.Constancy)
	b.WriteString(", constant_value = ")
	if i.Known {
		b.WriteString(strconv.FormatInt(i.Constant, 10))
	} else {
		b.WriteString("<none>")
	}
	return b.String()
}

// Join is the lattice join: per dimension the gcd of contiguity and
// constancy, and a divisibility that stays valid for both (see
// divisibilityOfJoin); the constant survives only if both agree. Joining
// with an unknown Info returns the other.
func Join(a, b Info) Info {
	if a.Rank() == 0 {
		return b
	}
	if b.Rank() == 0 {
		return a
	}
	if a.Rank() != b.Rank() {
		// Triton asserts; a rank mismatch can only come from malformed IR
		// (a cast between ranks), where knowing nothing is the safe answer.
		return ones3(max(a.Rank(), b.Rank()))
	}
	n := a.Rank()
	out := newInfo(n)
	for d := 0; d < n; d++ {
		out.Contiguity[d] = gcd(a.Contiguity[d], b.Contiguity[d])
		out.Divisibility[d] = divisibilityOfJoin(a, b, d)
		out.Constancy[d] = gcd(a.Constancy[d], b.Constancy[d])
	}
	if a.Known && b.Known && a.Constant == b.Constant {
		out = out.WithConstant(a.Constant)
	}
	return out
}

// joinKeeps reports whether Join(a, b) equals a, without building the
// join: a value revisited by the solver mostly learns nothing new. It
// answers false where it is unsure (a rank mismatch).
func joinKeeps(a, b Info) bool {
	if b.Rank() == 0 {
		return true
	}
	if a.Rank() != b.Rank() {
		return false
	}
	for d := range a.Rank() {
		c, v, k := a.Contiguity[d], a.Divisibility[d], a.Constancy[d]
		if c > 0 && v > 0 && k > 0 && c == b.Contiguity[d] && v == b.Divisibility[d] && k == b.Constancy[d] {
			// The gcd of a positive number with itself is the number:
			// revisited values mostly come back unchanged.
			continue
		}
		if gcd(a.Contiguity[d], b.Contiguity[d]) != a.Contiguity[d] ||
			divisibilityOfJoin(a, b, d) != a.Divisibility[d] ||
			gcd(a.Constancy[d], b.Constancy[d]) != a.Constancy[d] {
			return false
		}
	}
	// The join knows the constant only if both do and agree.
	return !a.Known || b.Known && a.Constant == b.Constant
}

// joinKeepsSelf is joinKeeps(a, a), which the solver asks for nearly
// every op it takes from its queue: the gcd of a positive number with
// itself is the number, so only non-positive entries need joinKeeps.
func joinKeepsSelf(a Info) bool {
	for d := range a.Rank() {
		if a.Contiguity[d] <= 0 || a.Divisibility[d] <= 0 || a.Constancy[d] <= 0 {
			return joinKeeps(a, a)
		}
	}
	return true
}

// divisibilityOfJoin is getDivisibilityFromContiguity: when the operands'
// contiguities differ, the first element of a group of the joined value
// may be an inner element of a group of an operand, so the contiguities
// bound the divisibility too. An unresolved (maximal) contiguity is left
// out because the fixed point will resolve it.
func divisibilityOfJoin(a, b Info, d int) int64 {
	ca, cb := a.Contiguity[d], b.Contiguity[d]
	if ca == cb || ca == MaxDivisor || cb == MaxDivisor {
		return gcd(a.Divisibility[d], b.Divisibility[d])
	}
	return gcd(gcd(a.Divisibility[d], b.Divisibility[d]), gcd(ca, cb))
}

// newInfo returns an Info of the given rank, all zeros, whose three
// vectors share one allocation: the solver builds an Info for nearly every
// op it visits. Each vector's capacity ends where it does, so appending to
// one never writes into the next.
func newInfo(rank int) Info {
	buf := make([]int64, 3*rank)
	return Info{Contiguity: buf[:rank:rank], Divisibility: buf[rank : 2*rank : 2*rank], Constancy: buf[2*rank:]}
}

// filledInfo is newInfo with every dimension holding the given
// contiguity, divisibility and constancy.
func filledInfo(rank int, contiguity, divisibility, constancy int64) Info {
	i := newInfo(rank)
	for d := range rank {
		i.Contiguity[d], i.Divisibility[d], i.Constancy[d] = contiguity, divisibility, constancy
	}
	return i
}

// ones3 is the Info that knows nothing about a value of the given rank.
func ones3(rank int) Info { return filledInfo(rank, 1, 1, 1) }

// rankOf is the rank of the Info of a value of type t: the tensor rank,
// the rank of the tensor a block pointer points to, or 1 for scalars.
func rankOf(t ir.Type) int { return tt.HintRank(t) }

// applyHints overrides the vectors of i with the hint attributes get
// returns (Triton's initDimVectorFromHint). A hint that does not fit the
// value's rank is ignored: the verifier rejects it on tt ops and tt.func
// arguments, but a func.func or a pass's own IR may still carry one, and
// the analysis must not index past it. A hint that is not a power of two
// (tl.max_contiguous(x, 3), tl.multiple_of(x, 12)) counts as its largest
// power-of-two divisor, which it implies: every value the analysis
// derives is a power of two, and the layouts built from them (coalesce's
// elements per thread) must be; Triton takes 3 as is and builds a
// blocked layout with sizePerThread [3].
func applyHints(i Info, get func(name string) ir.Attribute) Info {
	hint := func(name string) []int64 {
		a := get(name)
		if a == nil {
			return nil
		}
		v, err := tt.HintValues(a, i.Rank())
		if err != nil {
			return nil
		}
		for d, x := range v {
			if x > 0 {
				v[d] = highestPow2Divisor(x)
			}
		}
		return v
	}
	if v := hint(AttrContiguity); v != nil {
		i.Contiguity = v
	}
	if v := hint(AttrDivisibility); v != nil {
		i.Divisibility = v
	}
	if v := hint(AttrConstancy); v != nil {
		i.Constancy = v
	}
	return i
}

// Pessimistic is the Info of a value nothing is known about except its
// hints (Triton's getPessimisticValueState): the tt.* attributes of the
// function argument it is, or of the op defining it.
func Pessimistic(v ir.Value) Info { return withValueHints(ones3(rankOf(v.Type())), v) }

// withValueHints overrides the vectors of i with the hints v carries: the
// tt.* attributes of the function argument it is, or of the op defining
// it.
func withValueHints(i Info, v ir.Value) Info {
	switch x := v.(type) {
	case *ir.BlockArgument:
		b := x.Owner()
		if !b.IsEntry() {
			return i
		}
		fn := b.ParentOp()
		if fn == nil || !isFunction(fn) {
			return i
		}
		return applyHints(i, func(name string) ir.Attribute { return funcArgAttr(fn, x.Index(), name) })
	case *ir.OpResult:
		return withOpHints(i, x.Owner())
	}
	return i
}

// withOpHints overrides the vectors of i with the hints among op's
// discardable attributes.
func withOpHints(i Info, op *ir.Operation) Info {
	if len(op.DiscardableAttrs()) == 0 {
		// Most ops carry none.
		return i
	}
	return applyHints(i, func(name string) ir.Attribute { return discardable(op, name) })
}

// discardable returns op's discardable attribute name (hints are never
// inherent attributes).
func discardable(op *ir.Operation, name string) ir.Attribute {
	for _, a := range op.DiscardableAttrs() {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

// isFunction reports whether op is a function (tt.func or func.func).
func isFunction(op *ir.Operation) bool {
	return op.Name() == "tt.func" || op.Name() == "func.func"
}

// funcArgAttr returns the attribute name of argument i of a function op.
func funcArgAttr(fn *ir.Operation, i int, name string) ir.Attribute {
	arr, ok := fn.Attr("arg_attrs").(*ir.ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	d, ok := arr.Elems[i].(*ir.DictionaryAttr)
	if !ok {
		return nil
	}
	return d.Get(name)
}

// highestPow2Divisor is the largest power of two dividing n (MaxDivisor
// for 0), as Triton computes it on int64.
func highestPow2Divisor(n int64) int64 {
	// The divisor of math.MinInt64 does not fit; Triton answers as for 0.
	if n == 0 || n == -1<<63 {
		return MaxDivisor
	}
	return n & -n
}

// gcd is Triton's gcd: gcd(0, x) = x, otherwise the (positive) gcd.
func gcd(a, b int64) int64 {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func gcd3(a, b, c int64) int64 { return gcd(gcd(a, b), c) }

// multiplyDivisor multiplies two divisibilities, saturating at MaxDivisor.
func multiplyDivisor(a, b int64) int64 {
	if b != 0 && a > MaxDivisor/b {
		return MaxDivisor
	}
	return a * b
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
