package linearlayout

import (
	"fmt"
	"slices"
)

// IsSurjective reports whether every output value is reached by some input:
// the bases span the whole output space.
func (l LinearLayout) IsSurjective() bool {
	return rankOf(l.bases) == l.TotalOutDimSizeLog2()
}

// IsInjective reports whether distinct inputs map to distinct outputs: the
// bases are linearly independent (in particular, none is zero).
func (l LinearLayout) IsInjective() bool {
	return rankOf(l.bases) == len(l.bases)
}

// IsInvertible reports whether l is a bijection: surjective, with as many
// input bits as output bits.
func (l LinearLayout) IsInvertible() bool {
	return len(l.bases) == l.TotalOutDimSizeLog2() && l.IsSurjective()
}

// Rank returns the dimension of the image of l (log2 of the number of
// distinct output values).
func (l LinearLayout) Rank() int { return rankOf(l.bases) }

// FreeVariableMasks returns, for each in dim (in order), the mask of its
// bits that are free variables: input bits whose basis is a combination of
// the bases before it (in-dim order, low bits first). Flipping free bits only
// moves among inputs that hold data also held by an input with those bits
// cleared, so lowering code uses the masks to skip redundant loads and
// stores (a zero basis is always free). This is Triton's
// getFreeVariableMasks: the non-pivot columns of the reduced row echelon form.
func (l LinearLayout) FreeVariableMasks() []DimValue {
	indep := independentColumns(l.bases)
	r := make([]DimValue, len(l.ins))
	for k, d := range l.ins {
		var m int32
		for i := 0; i < d.log2; i++ {
			if indep&(1<<(d.start+i)) == 0 {
				m |= 1 << i
			}
		}
		r[k] = DimValue{Name: d.name, Value: m}
	}
	return r
}

// FreeVariableMask returns FreeVariableMasks' entry for in dim name.
func (l LinearLayout) FreeVariableMask(name string) int32 {
	k := l.mustIn(name)
	return l.FreeVariableMasks()[k].Value
}

// InvertAndCompose returns outer⁻¹ ∘ l: the layout C from l's in dims to
// outer's in dims with l(x) = outer(C(x)). It is how a layout conversion is
// computed (dst.InvertAndCompose(src) maps each destination location to a
// source location holding the same element).
//
// l and outer must have the same out dims (any order) with the same sizes,
// and outer must be surjective. When outer is not injective, several
// preimages exist; the choice follows Triton exactly:
//
//  1. In dims that l and outer share and on which both layouts agree
//     (identical sublayouts) are mapped by the identity, so that, say, equal
//     warp bases on both sides never make data cross warps.
//  2. The remaining in dims are solved by elimination with every free
//     variable set to zero: each basis of l is written as a combination of
//     the bases of outer that are linearly independent of the outer bases
//     before them (outer's in-dim order, low bits first). Broadcast inputs of
//     outer are therefore never chosen; the lowest-numbered hardware location
//     holding an element is.
//
// Where step 1 makes step 2 unsolvable (Triton aborts there), the whole
// system is solved as in step 2 instead.
func (l LinearLayout) InvertAndCompose(outer LinearLayout) (_ LinearLayout, err error) {
	defer guard(&err)
	outNames := l.OutDimNames()
	if !sameNameSet(outNames, outer.OutDimNames()) {
		return LinearLayout{}, fmt.Errorf("linearlayout: InvertAndCompose: out dims %v and %v differ", outNames, outer.OutDimNames())
	}
	a := outer.TransposeOuts(outNames)
	for j := range l.outs {
		if a.outs[j].log2 != l.outs[j].log2 {
			return LinearLayout{}, fmt.Errorf("linearlayout: InvertAndCompose: out dim %q has size %d and %d", l.outs[j].name, 1<<l.outs[j].log2, 1<<a.outs[j].log2)
		}
	}
	if !a.IsSurjective() {
		return LinearLayout{}, fmt.Errorf("linearlayout: InvertAndCompose: the outer layout is not surjective: %v", outer)
	}
	return solveWithIdentities(a, l)
}

// solveWithIdentities solves a ∘ X = b (same packed out space), mapping the
// in dims on which a and b agree by the identity and solving the rest with
// free variables zero. When the identities make the rest unsolvable (the
// other dims of b reach outputs that only the identity dims of a reach;
// Triton asserts there), it solves the whole system instead.
func solveWithIdentities(a, b LinearLayout) (LinearLayout, error) {
	// a and b pack their outputs identically (same out dims, order, sizes),
	// so equal sublayouts are equal slices of packed bases.
	outNames := a.OutDimNames()
	var ident []string
	for k, d := range a.ins {
		if j := b.inIndex(d.name); j >= 0 && b.ins[j].log2 == d.log2 && slices.Equal(a.dimBases(k), b.dimBases(j)) {
			ident = append(ident, d.name)
		}
	}
	ret, err := solveMinimal(a.Sublayout(without(a.InDimNames(), ident), outNames), b.Sublayout(without(b.InDimNames(), ident), outNames))
	if err != nil && len(ident) > 0 {
		ident = nil
		ret, err = solveMinimal(a, b)
	}
	if err != nil {
		return LinearLayout{}, err
	}
	for _, d := range ident {
		ret = ret.Mul(Identity1D(a.InDimSize(d), d, d))
	}
	return ret.TransposeIns(b.InDimNames()).TransposeOuts(a.InDimNames()), nil
}

// solveMinimal solves a ∘ X = b for X (b's in dims -> a's in dims), a and b
// having the same packed out space, with all free variables zero.
func solveMinimal(a, b LinearLayout) (LinearLayout, error) {
	var s Span
	for i, c := range a.bases {
		s.Add(c, i)
	}
	nb := make([]uint64, len(b.bases))
	for i, v := range b.bases {
		rest, combo := s.Reduce(v)
		if rest != 0 {
			return LinearLayout{}, fmt.Errorf("linearlayout: InvertAndCompose: the image of the layout is not contained in the image of the outer layout")
		}
		nb[i] = combo
	}
	return fromParts(b.ins, a.ins, nb), nil
}

// PseudoInvert returns a right inverse of the surjective layout l, from l's
// out dims (as in dims) to l's in dims: l ∘ l.PseudoInvert() is the
// identity. The preimage is chosen as in InvertAndCompose.
func (l LinearLayout) PseudoInvert() (_ LinearLayout, err error) {
	defer guard(&err)
	if !l.IsSurjective() {
		return LinearLayout{}, fmt.Errorf("linearlayout: PseudoInvert: layout is not surjective: %v", l)
	}
	return l.outputIdentity().InvertAndCompose(l)
}

// Invert returns the inverse of the bijective layout l.
func (l LinearLayout) Invert() (_ LinearLayout, err error) {
	defer guard(&err)
	if !l.IsInvertible() {
		return LinearLayout{}, fmt.Errorf("linearlayout: Invert: layout is not invertible: %v", l)
	}
	return l.PseudoInvert()
}

// outputIdentity returns the identity on l's out dims (same order and sizes).
func (l LinearLayout) outputIdentity() LinearLayout {
	id := Empty()
	for _, d := range l.outs {
		id = id.Mul(Identity1D(1<<d.log2, d.name, d.name))
	}
	return id
}
