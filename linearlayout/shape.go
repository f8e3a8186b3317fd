package linearlayout

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/ttcompiler/tt/numeric"
)

// StandardOutDimNames returns ["dim0", ..., "dim<rank-1>"], the out dims of
// every tensor layout.
func StandardOutDimNames(rank int) []string {
	r := make([]string, rank)
	for i := range r {
		r[i] = "dim" + strconv.Itoa(i)
	}
	return r
}

// LabeledShape pairs a tensor shape with the standard out-dim names.
func LabeledShape(shape []int64) []Dim {
	r := make([]Dim, len(shape))
	for i, s := range shape {
		r[i] = Dim{Name: "dim" + strconv.Itoa(i), Size: int32(s)}
	}
	return r
}

// IdentityStandardND returns the layout inDim -> (dim0, ..., dimN-1) that
// enumerates a shape[0] x ... x shape[N-1] box with dim order[0] fastest,
// then order[1], and so on (a reshape of the 1-D identity). The out dims are
// listed in order (order[0] first), as in Triton; transpose them if the
// standard order is wanted.
func IdentityStandardND(inDim string, shape []int, order []int) LinearLayout {
	if len(shape) != len(order) {
		panic(fmt.Sprintf("linearlayout: IdentityStandardND: shape %v and order %v differ in rank", shape, order))
	}
	// This is the product of the 1-D identities Identity1D(shape[d], inDim,
	// dim<d>) for d in order, built directly: the out dims in order of first
	// appearance (sizes of a repeated dim multiply, a size of 0 adds
	// nothing), and each factor's bases the next unit vectors of its out dim.
	type factor struct{ out, log2 int }
	factors := make([]factor, 0, len(order))
	var outs []dimInfo
	for _, d := range order {
		if shape[d] == 0 {
			continue
		}
		n := mustLog2(int32(shape[d]), "Identity1D size")
		name := "dim" + strconv.Itoa(d)
		j := slices.IndexFunc(outs, func(o dimInfo) bool { return o.name == name })
		if j < 0 {
			j = len(outs)
			outs = append(outs, dimInfo{name: name})
		}
		outs[j].log2 += n
		factors = append(factors, factor{j, n})
	}
	if len(factors) == 0 {
		return Empty()
	}
	total := 0
	for _, f := range factors {
		total += f.log2
	}
	ret := fromParts([]dimInfo{{name: inDim, log2: total}}, outs, make([]uint64, total))
	filled := make([]int, len(outs)) // bits of each out dim given so far
	i := 0
	for _, f := range factors {
		for range f.log2 {
			ret.bases[i] = 1 << (ret.outs[f.out].start + filled[f.out])
			filled[f.out]++
			i++
		}
	}
	return ret
}

// EnsureNotSmallerThan grows l until each out dim is at least as large as in
// shape (which must name every out dim): for each out dim in l's order, the
// first in dim (the most minor one: "register" or "offset") gets new bases
// repeating the layout along that dim. Sizes must be powers of two.
func (l LinearLayout) EnsureNotSmallerThan(shape []Dim) (_ LinearLayout, err error) {
	defer guard(&err)
	want, err := l.shapeFor(shape)
	if err != nil {
		return LinearLayout{}, err
	}
	if len(l.outs) == 0 {
		return l, nil
	}
	if len(l.ins) == 0 {
		return LinearLayout{}, fmt.Errorf("linearlayout: EnsureNotSmallerThan: layout has no in dims")
	}
	kDim := l.ins[0].name
	ret := l
	for j, d := range l.outs {
		if want[j] > d.log2 {
			ret = ret.Mul(Identity1D(1<<(want[j]-d.log2), kDim, d.name))
		}
	}
	return ret, nil
}

// EnsureNotLargerThan shrinks l until no out dim is larger than in shape
// (which must name every out dim): for each out dim, the bases reaching its
// largest values are cut (zeroed in that dim), largest first, so that
// several inputs now hold the same element (a broadcast). With
// broadcastRegisters false, register bases are removed instead of zeroed (a
// thread then holds fewer registers rather than duplicates); Triton's
// callers pass true except where noted. Ties between bases of equal value
// are cut in in-dim order (the order Triton's sort leaves them in).
func (l LinearLayout) EnsureNotLargerThan(shape []Dim, broadcastRegisters bool) (_ LinearLayout, err error) {
	defer guard(&err)
	want, err := l.shapeFor(shape)
	if err != nil {
		return LinearLayout{}, err
	}
	nb := slices.Clone(l.bases)
	removed := map[int]bool{} // indices into nb of dropped register bases
	regK := l.inIndex(Register)
	outs := slices.Clone(l.outs)
	for j, d := range l.outs {
		if d.log2 <= want[j] {
			continue
		}
		type cand struct {
			idx int
			val int32
		}
		var cs []cand
		for i, b := range nb {
			if v := l.component(b, j); v != 0 {
				if v&(v-1) != 0 {
					return LinearLayout{}, fmt.Errorf("linearlayout: EnsureNotLargerThan: basis value %d in %q is not a power of two", v, d.name)
				}
				cs = append(cs, cand{i, v})
			}
		}
		slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(b.val, a.val) })
		size := d.log2
		for _, c := range cs {
			if size <= want[j] {
				break
			}
			if !broadcastRegisters && regK >= 0 && l.inDimOf(c.idx) == regK {
				removed[c.idx] = true
			} else {
				nb[c.idx] &^= mask(d.log2) << d.start
			}
			size--
		}
		outs[j].log2 = want[j]
	}
	// Drop removed register bases, then re-pack into the smaller out dims.
	ins := slices.Clone(l.ins)
	var kept []uint64
	for i, b := range nb {
		if removed[i] {
			ins[regK].log2--
			continue
		}
		kept = append(kept, b)
	}
	res := fromParts(ins, outs, make([]uint64, len(kept)))
	for i, b := range kept {
		var r uint64
		for j := range l.outs {
			r |= uint64(l.component(b, j)) << res.outs[j].start
		}
		res.bases[i] = r
	}
	return res, nil
}

// inDimOf returns the index of the in dim that basis i belongs to.
func (l LinearLayout) inDimOf(i int) int {
	for k, d := range l.ins {
		if i >= d.start && i < d.start+d.log2 {
			return k
		}
	}
	return -1
}

// shapeFor returns log2 of shape's size for each out dim of l.
func (l LinearLayout) shapeFor(shape []Dim) ([]int, error) {
	want := make([]int, len(l.outs))
	for j, d := range l.outs {
		found := false
		for _, s := range shape {
			if s.Name == d.name {
				n, ok := log2Exact(int64(s.Size))
				if !ok || n > maxDimLog2 {
					return nil, fmt.Errorf("linearlayout: size %d of %q is not a power of two", s.Size, s.Name)
				}
				want[j] = n
				found = true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("linearlayout: shape %v has no size for out dim %q", shape, d.name)
		}
	}
	return want, nil
}

// CTALayout says how the CTAs (blocks) of a cluster (CGA) split a tensor.
// Its zero value is the single-CTA default. It can be given in Triton 3.6's
// form, Bases (printed as CGALayout = [[...]]: basis i is the tensor offset of
// block 2^i, zero for a broadcast), or in the older form CTAsPerCGA /
// CTASplitNum / CTAOrder; Bases wins when both are set.
type CTALayout struct {
	CTAsPerCGA  []int
	CTASplitNum []int
	CTAOrder    []int
	Bases       [][]int32
}

// IsDefault reports whether c describes a single CTA.
func (c CTALayout) IsDefault() bool {
	if c.Bases != nil {
		return len(c.Bases) == 0
	}
	for _, n := range c.CTAsPerCGA {
		if n != 1 {
			return false
		}
	}
	return true
}

// Layout returns the CGA layout "block" -> (dim0, ..., dim<rank-1>).
func (c CTALayout) Layout(rank int) (_ LinearLayout, err error) {
	defer guard(&err)
	outNames := StandardOutDimNames(rank)
	if c.Bases != nil {
		for _, b := range c.Bases {
			if len(b) != rank {
				return LinearLayout{}, fmt.Errorf("linearlayout: CGA layout basis %v does not have rank %d", b, rank)
			}
		}
		return NewInferSizes([]InBases{{Name: Block, Bases: c.Bases}}, outNames)
	}
	if c.CTAsPerCGA == nil && c.CTASplitNum == nil && c.CTAOrder == nil {
		l := Empty()
		for i := rank - 1; i >= 0; i-- {
			l = l.Mul(Identity1D(1, Block, outNames[i]))
		}
		return l.TransposeOuts(outNames), nil
	}
	if len(c.CTAsPerCGA) != rank || len(c.CTASplitNum) != rank || len(c.CTAOrder) != rank {
		return LinearLayout{}, fmt.Errorf("linearlayout: CTA layout %+v does not have rank %d", c, rank)
	}
	if !isPermutation(c.CTAOrder) {
		return LinearLayout{}, fmt.Errorf("linearlayout: CTAOrder %v is not a permutation", c.CTAOrder)
	}
	l := Empty()
	for _, d := range c.CTAOrder {
		split, ctas := c.CTASplitNum[d], c.CTAsPerCGA[d]
		if !numeric.IsPow2(split) || !numeric.IsPow2(ctas) || ctas%split != 0 {
			return LinearLayout{}, fmt.Errorf("linearlayout: CTAsPerCGA %v and CTASplitNum %v must be powers of two, each split dividing its CTA count", c.CTAsPerCGA, c.CTASplitNum)
		}
		l = l.Mul(Identity1D(int32(split), Block, outNames[d]).Mul(Zeros1D(int32(ctas/split), Block, outNames[d])))
	}
	if l.TotalInDimSizeLog2() > maxDimLog2 {
		return LinearLayout{}, fmt.Errorf("linearlayout: too many CTAs: %v", c.CTAsPerCGA)
	}
	return l.TransposeOuts(outNames), nil
}

// SplitNum returns, per dim, into how many pieces the CTAs split the tensor
// (CTASplitNum): the sizes of the CGA layout's out dims.
func (c CTALayout) SplitNum(rank int) (_ []int, err error) {
	defer guard(&err)
	l, err := c.Layout(rank)
	if err != nil {
		return nil, err
	}
	r := make([]int, rank)
	for i, d := range l.OutDims() {
		r[i] = int(d.Size)
	}
	return r, nil
}

// ShapePerCTA returns the part of shape one CTA holds: shape divided by the
// split of each dim (at least 1).
func (c CTALayout) ShapePerCTA(shape []int64) (_ []int64, err error) {
	defer guard(&err)
	split, err := c.SplitNum(len(shape))
	if err != nil {
		return nil, err
	}
	r := make([]int64, len(shape))
	for i := range shape {
		r[i] = max(1, shape[i]/int64(split[i]))
	}
	return r, nil
}

// CombineCtaCgaWithShape fits the per-CTA layout cta (out dims dim0.., in
// any order) to a tensor shape and attaches the CGA layout as the "block" in
// dim (Triton's combineCtaCgaWithShape): the CGA layout is first cut to the
// shape; then cta is repeated along its first in dim where the per-CTA shape
// is larger than its tile (EnsureNotSmallerThan, out dims in cta's order) and
// broadcast where it is smaller (EnsureNotLargerThan); the result has out
// dims in standard order.
func CombineCtaCgaWithShape(cta LinearLayout, cga CTALayout, shape []int64) (_ LinearLayout, err error) {
	defer guard(&err)
	rank := len(shape)
	if cta.NumOutDims() != rank {
		return LinearLayout{}, fmt.Errorf("linearlayout: CTA layout has %d out dims, shape %v has rank %d", cta.NumOutDims(), shape, rank)
	}
	for _, s := range shape {
		if !numeric.IsPow2(int(s)) || s > 1<<maxDimLog2 {
			return LinearLayout{}, fmt.Errorf("linearlayout: shape %v is not made of powers of two", shape)
		}
	}
	labeled := LabeledShape(shape)
	cgaLL, err := cga.Layout(rank)
	if err != nil {
		return LinearLayout{}, err
	}
	cgaLL, err = cgaLL.EnsureNotLargerThan(labeled, true)
	if err != nil {
		return LinearLayout{}, err
	}
	if !sameNameSet(cta.OutDimNames(), cgaLL.OutDimNames()) {
		return LinearLayout{}, fmt.Errorf("linearlayout: CTA layout out dims %v are not the standard ones", cta.OutDimNames())
	}
	cgaLL = cgaLL.TransposeOuts(cta.OutDimNames())
	ctaShape := make([]Dim, rank)
	for j, d := range cta.OutDimNames() {
		k := slices.IndexFunc(labeled, func(x Dim) bool { return x.Name == d })
		ctaShape[j] = Dim{Name: d, Size: max(1, labeled[k].Size/cgaLL.OutDimSize(d))}
	}
	if cta, err = cta.EnsureNotSmallerThan(ctaShape); err != nil {
		return LinearLayout{}, err
	}
	if cta, err = cta.EnsureNotLargerThan(ctaShape, true); err != nil {
		return LinearLayout{}, err
	}
	return cta.Mul(cgaLL).TransposeOuts(StandardOutDimNames(rank)), nil
}

func isPermutation(order []int) bool {
	seen := make([]bool, len(order))
	for _, o := range order {
		if o < 0 || o >= len(order) || seen[o] {
			return false
		}
		seen[o] = true
	}
	return true
}
