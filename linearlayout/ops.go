package linearlayout

import (
	"fmt"
	"math/bits"
	"slices"
)

// The structural operations below panic when their preconditions on
// dimension names and sizes are violated: those are programming errors, not
// properties of user data (layouts from user input are validated by New and
// the standard-layout builders, which return errors).

// Mul returns the direct product l * outer, Triton's operator*. l is the
// minor (inner) factor. The in dims (and the out dims) of the result are the
// supremum of both operands' ordered dim lists: the shortest list containing
// both as subsequences, l's dims first where the order is free (so
// sup([a, b], [b, c]) = [a, b, c] and sup([warp], [register, warp]) =
// [register, warp]). Dims common to both operands must appear in the same
// relative order in each. An in dim present in both gets l's bases followed
// by outer's. An out dim present in both gets l's bits in its low part and
// outer's above them: outer's components are shifted left by log2 of l's
// size of that out dim.
func (l LinearLayout) Mul(outer LinearLayout) LinearLayout {
	ins := mergeDims(l.ins, outer.ins, "in")
	outs := mergeDims(l.outs, outer.outs, "out")
	res := fromParts(ins, outs, make([]uint64, sumLog2(ins)))

	// Where each operand's out dim j lands in the result.
	innerShift := make([]int, len(l.outs))
	for j, d := range l.outs {
		innerShift[j] = res.outs[res.outIndex(d.name)].start
	}
	outerShift := make([]int, len(outer.outs))
	for j, d := range outer.outs {
		s := res.outs[res.outIndex(d.name)].start
		if k := l.outIndex(d.name); k >= 0 {
			s += l.outs[k].log2
		}
		outerShift[j] = s
	}
	remap := func(src LinearLayout, shift []int, v uint64) uint64 {
		var r uint64
		for j, d := range src.outs {
			r |= ((v >> d.start) & mask(d.log2)) << shift[j]
		}
		return r
	}
	for _, d := range res.ins {
		dst := res.bases[d.start : d.start+d.log2]
		n := 0
		if i := l.inIndex(d.name); i >= 0 {
			for _, b := range l.dimBases(i) {
				dst[n] = remap(l, innerShift, b)
				n++
			}
		}
		if i := outer.inIndex(d.name); i >= 0 {
			for _, b := range outer.dimBases(i) {
				dst[n] = remap(outer, outerShift, b)
				n++
			}
		}
	}
	return res
}

// Compose returns outer ∘ l: l's outputs feed outer's inputs. l's out dims
// must be outer's in dims (in any order), each no larger than the
// corresponding in dim of outer. The result has l's in dims and outer's out
// dims.
func (l LinearLayout) Compose(outer LinearLayout) LinearLayout {
	if !sameNameSet(l.OutDimNames(), outer.InDimNames()) {
		panic(fmt.Sprintf("linearlayout: Compose: out dims %v must be the in dims %v of the outer layout", l.OutDimNames(), outer.InDimNames()))
	}
	pos := make([]int, len(l.outs)) // bit position in outer's packed input
	for j, d := range l.outs {
		k := outer.inIndex(d.name)
		if d.log2 > outer.ins[k].log2 {
			panic(fmt.Sprintf("linearlayout: Compose: out dim %q (size %d) larger than outer in dim (size %d)", d.name, 1<<d.log2, 1<<outer.ins[k].log2))
		}
		pos[j] = outer.ins[k].start
	}
	nb := make([]uint64, len(l.bases))
	for i, b := range l.bases {
		var in uint64
		for j, d := range l.outs {
			in |= ((b >> d.start) & mask(d.log2)) << pos[j]
		}
		nb[i] = outer.ApplyFlat(in)
	}
	return fromParts(l.ins, outer.outs, nb)
}

// Sublayout restricts l to the given in dims and out dims (subsets of l's;
// order is taken from l, not from the arguments). The result need not be
// surjective.
func (l LinearLayout) Sublayout(inDims, outDims []string) LinearLayout {
	mustSubset(inDims, l.InDimNames(), "in")
	mustSubset(outDims, l.OutDimNames(), "out")
	var ins, outs []dimInfo
	for _, d := range l.ins {
		if slices.Contains(inDims, d.name) {
			ins = append(ins, d)
		}
	}
	var keep []int
	for j, d := range l.outs {
		if slices.Contains(outDims, d.name) {
			outs = append(outs, d)
			keep = append(keep, j)
		}
	}
	shift := make([]int, len(keep))
	s := 0
	for n, j := range keep {
		shift[n] = s
		s += l.outs[j].log2
	}
	nb := make([]uint64, 0, sumLog2(ins))
	for _, d := range ins {
		for _, b := range l.bases[d.start : d.start+d.log2] {
			var r uint64
			for n, j := range keep {
				r |= uint64(l.component(b, j)) << shift[n]
			}
			nb = append(nb, r)
		}
	}
	return fromParts(ins, outs, nb)
}

// SublayoutIsZero reports whether every basis of the given in dims is zero
// in the given out dims.
func (l LinearLayout) SublayoutIsZero(inDims, outDims []string) bool {
	s := l.Sublayout(inDims, outDims)
	for _, b := range s.bases {
		if b != 0 {
			return false
		}
	}
	return true
}

// SquareSublayoutIsIdentity reports whether, restricted to dims (which must
// be both in and out dims of l), l is the identity: every dim has the same
// in and out size and the flattened bases are 1, 2, 4, ...
func (l LinearLayout) SquareSublayoutIsIdentity(dims []string) bool {
	return l.checkSquareSublayout(dims, func(i int, b uint64) bool { return b == 1<<i })
}

// SquareSublayoutIsPermutation is like SquareSublayoutIsIdentity but accepts
// any permutation of the unit bases.
func (l LinearLayout) SquareSublayoutIsPermutation(dims []string) bool {
	var seen uint64
	return l.checkSquareSublayout(dims, func(_ int, b uint64) bool {
		if b == 0 || b&(b-1) != 0 || seen&b != 0 {
			return false
		}
		seen |= b
		return true
	})
}

func (l LinearLayout) checkSquareSublayout(dims []string, ok func(int, uint64) bool) bool {
	if len(dims) == 0 {
		return true
	}
	for _, d := range dims {
		if !l.HasInDim(d) || !l.HasOutDim(d) || l.InDimSizeLog2(d) != l.OutDimSizeLog2(d) {
			return false
		}
	}
	s := l.Sublayout(dims, dims)
	// The packed form of s is its flattened form (first dims lowest).
	for i, b := range s.bases {
		if !ok(i, b) {
			return false
		}
	}
	return true
}

// IsTrivialOver reports whether dims (each an in dim or an out dim of l) can
// be quotiented out: on dims l is the identity, the other in dims do not
// reach dims, and dims do not reach the other out dims.
func (l LinearLayout) IsTrivialOver(dims []string) bool {
	for _, d := range dims {
		if !l.HasInDim(d) && !l.HasOutDim(d) {
			return false
		}
	}
	restIn := without(l.InDimNames(), dims)
	restOut := without(l.OutDimNames(), dims)
	return l.SquareSublayoutIsIdentity(dims) &&
		l.SublayoutIsZero(restIn, intersect(l.OutDimNames(), dims)) &&
		l.SublayoutIsZero(intersect(l.InDimNames(), dims), restOut)
}

// Quotient removes dims from l if IsTrivialOver(dims) and reports success.
func (l LinearLayout) Quotient(dims []string) (LinearLayout, bool) {
	if !l.IsTrivialOver(dims) {
		return LinearLayout{}, false
	}
	return l.Sublayout(without(l.InDimNames(), dims), without(l.OutDimNames(), dims)), true
}

// TransposeIns reorders the in dims; order must be a permutation of them.
func (l LinearLayout) TransposeIns(order []string) LinearLayout {
	if !sameNameSet(order, l.InDimNames()) {
		panic(fmt.Sprintf("linearlayout: TransposeIns: %v is not a permutation of %v", order, l.InDimNames()))
	}
	ins := make([]dimInfo, len(order))
	nb := make([]uint64, 0, len(l.bases))
	for k, n := range order {
		d := l.ins[l.inIndex(n)]
		ins[k] = d
		nb = append(nb, l.bases[d.start:d.start+d.log2]...)
	}
	return fromParts(ins, l.outs, nb)
}

// TransposeOuts reorders the out dims; order must be a permutation of them.
func (l LinearLayout) TransposeOuts(order []string) LinearLayout {
	if outsInOrder(l.outs, order) {
		// Often asked (to put dims in the standard order they are in):
		// the layout is immutable, so it is its own transpose.
		return l
	}
	if !sameNameSet(order, l.OutDimNames()) {
		panic(fmt.Sprintf("linearlayout: TransposeOuts: %v is not a permutation of %v", order, l.OutDimNames()))
	}
	outs := make([]dimInfo, len(order))
	perm := make([]int, len(order))
	for n, name := range order {
		perm[n] = l.outIndex(name)
		outs[n] = l.outs[perm[n]]
	}
	res := fromParts(l.ins, outs, make([]uint64, len(l.bases)))
	for i, b := range l.bases {
		var r uint64
		for n, j := range perm {
			r |= uint64(l.component(b, j)) << res.outs[n].start
		}
		res.bases[i] = r
	}
	return res
}

// ReshapeIns flattens the in dims (in order, first dim minor) and splits
// them into newIns, whose total size must equal l's.
func (l LinearLayout) ReshapeIns(newIns []Dim) LinearLayout {
	ins := make([]dimInfo, len(newIns))
	for k, d := range newIns {
		ins[k] = dimInfo{name: d.Name, log2: mustLog2(d.Size, "ReshapeIns size")}
	}
	if sumLog2(ins) != len(l.bases) {
		panic(fmt.Sprintf("linearlayout: ReshapeIns: total size 2^%d, want 2^%d", sumLog2(ins), len(l.bases)))
	}
	mustUnique(newIns, "in")
	return fromParts(ins, l.outs, append([]uint64(nil), l.bases...))
}

// ReshapeOuts flattens the out dims (in order, first dim minor) and splits
// them into newOuts, whose total size must equal l's.
func (l LinearLayout) ReshapeOuts(newOuts []Dim) LinearLayout {
	outs := make([]dimInfo, len(newOuts))
	for k, d := range newOuts {
		outs[k] = dimInfo{name: d.Name, log2: mustLog2(d.Size, "ReshapeOuts size")}
	}
	if sumLog2(outs) != l.TotalOutDimSizeLog2() {
		panic(fmt.Sprintf("linearlayout: ReshapeOuts: total size 2^%d, want 2^%d", sumLog2(outs), l.TotalOutDimSizeLog2()))
	}
	mustUnique(newOuts, "out")
	// The packed representation is the flattened one, so bases carry over.
	return fromParts(l.ins, outs, append([]uint64(nil), l.bases...))
}

// FlattenIns merges all in dims into one, named after the first.
func (l LinearLayout) FlattenIns() LinearLayout {
	if len(l.ins) == 0 {
		return l
	}
	return l.ReshapeIns([]Dim{{Name: l.ins[0].name, Size: 1 << len(l.bases)}})
}

// FlattenOuts merges all out dims into one, named after the first.
func (l LinearLayout) FlattenOuts() LinearLayout {
	if len(l.outs) == 0 {
		return l
	}
	return l.ReshapeOuts([]Dim{{Name: l.outs[0].name, Size: 1 << l.TotalOutDimSizeLog2()}})
}

// ConcatIns appends other's in dims to l's. Both must have the same out dims
// (names, order and sizes) and no in dim in common.
func (l LinearLayout) ConcatIns(other LinearLayout) LinearLayout {
	if !sameDims(l.outs, other.outs) {
		panic(fmt.Sprintf("linearlayout: ConcatIns: out dims differ: %v vs %v", l.OutDims(), other.OutDims()))
	}
	for _, d := range other.ins {
		if l.HasInDim(d.name) {
			panic(fmt.Sprintf("linearlayout: ConcatIns: in dim %q in both layouts", d.name))
		}
	}
	return fromParts(append(slices.Clone(l.ins), other.ins...), l.outs,
		append(slices.Clone(l.bases), other.bases...))
}

// ConcatOuts appends other's out dims to l's. Both must have the same in dims
// (names, order and sizes) and no out dim in common.
func (l LinearLayout) ConcatOuts(other LinearLayout) LinearLayout {
	if !sameDims(l.ins, other.ins) {
		panic(fmt.Sprintf("linearlayout: ConcatOuts: in dims differ: %v vs %v", l.InDims(), other.InDims()))
	}
	for _, d := range other.outs {
		if l.HasOutDim(d.name) {
			panic(fmt.Sprintf("linearlayout: ConcatOuts: out dim %q in both layouts", d.name))
		}
	}
	shift := l.TotalOutDimSizeLog2()
	nb := make([]uint64, len(l.bases))
	for i := range nb {
		nb[i] = l.bases[i] | other.bases[i]<<shift
	}
	return fromParts(l.ins, append(slices.Clone(l.outs), other.outs...), nb)
}

// RemoveZeroBasesAlongDim drops the zero bases of in dim dim (a broadcast
// along it), shrinking that dim. Out dims are unchanged. A missing dim is a
// no-op.
func (l LinearLayout) RemoveZeroBasesAlongDim(dim string) LinearLayout {
	k := l.inIndex(dim)
	if k < 0 {
		return l
	}
	ins := slices.Clone(l.ins)
	nb := make([]uint64, 0, len(l.bases))
	for i := range l.ins {
		for _, b := range l.dimBases(i) {
			if i == k && b == 0 {
				ins[i].log2--
				continue
			}
			nb = append(nb, b)
		}
	}
	return fromParts(ins, l.outs, nb)
}

// Resize grows in dim dim to newSize by appending zero bases (the new input
// bits are free: they broadcast). newSize must be at least the current size.
func (l LinearLayout) Resize(dim string, newSize int32) LinearLayout {
	k := l.mustIn(dim)
	n := mustLog2(newSize, "Resize size")
	if n < l.ins[k].log2 {
		panic(fmt.Sprintf("linearlayout: Resize: %q has size %d, larger than %d", dim, 1<<l.ins[k].log2, newSize))
	}
	ins := slices.Clone(l.ins)
	extra := n - ins[k].log2
	ins[k].log2 = n
	end := l.ins[k].start + l.ins[k].log2
	nb := make([]uint64, 0, len(l.bases)+extra)
	nb = append(nb, l.bases[:end]...)
	nb = append(nb, make([]uint64, extra)...)
	nb = append(nb, l.bases[end:]...)
	return fromParts(ins, l.outs, nb)
}

// NumConsecutiveInOut returns how many consecutive values of the first in
// dim (usually "register") map to consecutive values of the first out dim,
// with no other input able to produce an offset inside such a run: the
// vector width a contiguous access can use. As in Triton, the first out dim
// is taken as the fastest; transpose the outs first if needed.
func (l LinearLayout) NumConsecutiveInOut() int {
	if len(l.ins) == 0 || len(l.outs) == 0 {
		return 1
	}
	first := l.dimBases(0)
	consec := 0
	for ; consec < len(first) && consec < l.outs[0].log2; consec++ {
		if first[consec] != uint64(1)<<(consec+l.outs[0].start) {
			break
		}
	}
	var other int32
	for i, b := range l.bases {
		if i >= l.ins[0].start+consec || i < l.ins[0].start {
			other |= l.component(b, 0)
		}
	}
	tz := 31
	if other != 0 {
		tz = bits.TrailingZeros32(uint32(other))
	}
	return 1 << min(consec, tz)
}

// ---- dimension-list helpers ----------------------------------------------

// mergeDims orders the dims of a product as Triton's supremum does and sums
// the sizes of common dims.
func mergeDims(a, b []dimInfo, what string) []dimInfo {
	if r, ok := mergeDimsCommon(a, b); ok {
		return r
	}
	order := supremum(names(a), names(b), what)
	r := make([]dimInfo, len(order))
	for k, n := range order {
		r[k].name = n
		for _, d := range a {
			if d.name == n {
				r[k].log2 += d.log2
			}
		}
		for _, d := range b {
			if d.name == n {
				r[k].log2 += d.log2
			}
		}
	}
	return r
}

// mergeDimsCommon merges the dims of the two cases most products meet
// without building name lists: b's dims are a's in the same order (their
// supremum is a), or none of b's dims is one of a's (a, then b). It
// reports false for the others.
func mergeDimsCommon(a, b []dimInfo) ([]dimInfo, bool) {
	same, disjoint := len(a) == len(b), true
	for i, d := range b {
		if same && a[i].name != d.name {
			same = false
		}
		for _, e := range a {
			if e.name == d.name {
				disjoint = false
				break
			}
		}
	}
	switch {
	case same:
		r := make([]dimInfo, len(a))
		for i, d := range a {
			r[i] = dimInfo{name: d.name, log2: d.log2 + b[i].log2}
		}
		return r, true
	case disjoint:
		r := make([]dimInfo, 0, len(a)+len(b))
		for _, d := range a {
			r = append(r, dimInfo{name: d.name, log2: d.log2})
		}
		for _, d := range b {
			r = append(r, dimInfo{name: d.name, log2: d.log2})
		}
		return r, true
	}
	return nil, false
}

// supremum returns the shortest list having both x and y as subsequences,
// taking x's elements first where both orders allow (Triton's supremum). It
// panics if x and y order common elements differently.
func supremum(x, y []string, what string) []string {
	// Layouts have a handful of dims, so positions are found by scanning
	// (dim names are unique within x and within y).
	fail := func() {
		panic(fmt.Sprintf("linearlayout: Mul: common %s dims must appear in the same relative order: %v vs %v", what, x, y))
	}
	r := make([]string, 0, len(x)+len(y))
	const inf = int(^uint(0) >> 1)
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		for i < len(x) && slices.Contains(r, x[i]) {
			i++
		}
		for j < len(y) && slices.Contains(r, y[j]) {
			j++
		}
		if i >= len(x) && j >= len(y) {
			break
		}
		if i < len(x) && j < len(y) && x[i] == y[j] {
			r = append(r, x[i])
			i++
			j++
			continue
		}
		candX, candY := inf, inf
		if i < len(x) {
			if p := slices.Index(y, x[i]); p >= 0 {
				if p < j {
					fail()
				}
				candX = p
			}
		}
		if j < len(y) {
			if p := slices.Index(x, y[j]); p >= 0 {
				if p < i {
					fail()
				}
				candY = p
			}
		}
		switch {
		case i < len(x) && candX == inf:
			r = append(r, x[i])
			i++
		case j < len(y) && candY == inf:
			r = append(r, y[j])
			j++
		case candX <= candY:
			r = append(r, x[i])
			i++
		default:
			r = append(r, y[j])
			j++
		}
	}
	// Common elements ordered differently end up twice or out of order:
	// x and y must be the subsequences of r of their own elements.
	for _, e := range x {
		if slices.Contains(y, e) && !slices.Contains(r, e) {
			fail()
		}
	}
	if !isSubsequenceOf(x, r) || !isSubsequenceOf(y, r) {
		fail()
	}
	return r
}

// isSubsequenceOf reports whether the elements of r that are in sub are
// exactly sub, in order.
func isSubsequenceOf(sub, r []string) bool {
	k := 0
	for _, e := range r {
		if !slices.Contains(sub, e) {
			continue
		}
		if k >= len(sub) || sub[k] != e {
			return false
		}
		k++
	}
	return k == len(sub)
}

func sumLog2(ds []dimInfo) int {
	s := 0
	for _, d := range ds {
		s += d.log2
	}
	return s
}

func mustSubset(sub, all []string, what string) {
	for _, x := range sub {
		if !slices.Contains(all, x) {
			panic(fmt.Sprintf("linearlayout: %s dim %q not in %v", what, x, all))
		}
	}
}

func mustUnique(ds []Dim, what string) {
	for i := range ds {
		for j := i + 1; j < len(ds); j++ {
			if ds[i].Name == ds[j].Name {
				panic(fmt.Sprintf("linearlayout: duplicate %s dim %q", what, ds[i].Name))
			}
		}
	}
}

// outsInOrder reports whether order names the dims of outs, in order.
func outsInOrder(outs []dimInfo, order []string) bool {
	if len(outs) != len(order) {
		return false
	}
	for i, d := range outs {
		if d.name != order[i] {
			return false
		}
	}
	return true
}

func sameNameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}

func without(all, drop []string) []string {
	var r []string
	for _, x := range all {
		if !slices.Contains(drop, x) {
			r = append(r, x)
		}
	}
	return r
}

func intersect(all, keep []string) []string {
	var r []string
	for _, x := range all {
		if slices.Contains(keep, x) {
			r = append(r, x)
		}
	}
	return r
}
