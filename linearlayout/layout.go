package linearlayout

import (
	"fmt"
	"math/bits"
	"strings"
)

// Standard input dimension names of distributed (register) and shared layouts.
const (
	Register = "register"
	Lane     = "lane"
	Warp     = "warp"
	Block    = "block"
	Offset   = "offset"
)

// maxOutBits bounds the total number of output bits (the sum of log2 of all
// out-dim sizes): bases are packed into one uint64.
const maxOutBits = 64

// maxInBits bounds the total number of input bits, so that an input can be
// packed into one uint64 (Triton has the same limit).
const maxInBits = 64

// maxDimLog2 bounds the size of one dimension: coordinates are int32.
const maxDimLog2 = 30

// Dim names a dimension and gives its size (a power of two).
type Dim struct {
	Name string
	Size int32
}

// DimValue names a dimension and gives a value (a coordinate or a mask) in it.
type DimValue struct {
	Name  string
	Value int32
}

// InBases lists the basis vectors of one input dimension: Bases[i] is the
// image of input 2^i (all other inputs 0), one entry per output dimension, in
// output-dimension order.
type InBases struct {
	Name  string
	Bases [][]int32
}

// dimInfo describes one dimension of a layout. For input dims, start is the
// index of the dim's first basis in LinearLayout.bases; for output dims, it is
// the bit position of the dim in a packed output value.
type dimInfo struct {
	name  string
	log2  int
	start int
}

// LinearLayout is a linear map over GF(2) from named input dimensions to named
// output dimensions (see the package documentation). It is an immutable value:
// every method returns a new layout and never changes its receiver, so layouts
// may be shared freely between goroutines. The zero value is the empty layout.
type LinearLayout struct {
	ins  []dimInfo
	outs []dimInfo
	// bases holds the bases of all input dims, in input-dim order, each packed
	// into one uint64: output dim j occupies bits [outs[j].start,
	// outs[j].start+outs[j].log2).
	bases []uint64
}

// Empty returns the layout with no input and no output dimensions. It is the
// unit of Mul.
func Empty() LinearLayout { return LinearLayout{} }

// Identity1D returns the layout inDim -> outDim mapping x to x for x < size.
// A size of 0 gives the empty layout, as in Triton. It panics if size is not a
// power of two (sizes come from validated parameters, never from raw input).
func Identity1D(size int32, inDim, outDim string) LinearLayout {
	if size == 0 {
		return Empty()
	}
	n := mustLog2(size, "Identity1D size")
	b := make([]uint64, n)
	for i := range b {
		b[i] = 1 << i
	}
	return LinearLayout{
		ins:   []dimInfo{{name: inDim, log2: n}},
		outs:  []dimInfo{{name: outDim, log2: n}},
		bases: b,
	}
}

// Zeros1D returns the layout inDim -> outDim mapping every x < size to 0. The
// output dim has size 1 (Triton's default; use Resize-style helpers or
// ZerosND to get a larger codomain).
func Zeros1D(size int32, inDim, outDim string) LinearLayout {
	if size == 0 {
		return Empty()
	}
	n := mustLog2(size, "Zeros1D size")
	return LinearLayout{
		ins:   []dimInfo{{name: inDim, log2: n}},
		outs:  []dimInfo{{name: outDim, log2: 0}},
		bases: make([]uint64, n),
	}
}

// Strided1D returns the layout inDim -> outDim mapping x to x*stride, with an
// output dim of size size*stride.
func Strided1D(size, stride int32, inDim, outDim string) LinearLayout {
	if size == 0 {
		return Empty()
	}
	n := mustLog2(size, "Strided1D size")
	s := mustLog2(stride, "Strided1D stride")
	b := make([]uint64, n)
	for i := range b {
		b[i] = 1 << (i + s)
	}
	return LinearLayout{
		ins:   []dimInfo{{name: inDim, log2: n}},
		outs:  []dimInfo{{name: outDim, log2: n + s}},
		bases: b,
	}
}

// New builds a layout from explicit bases and output dims. It validates the
// input (names unique and non-empty, sizes powers of two, every basis of the
// right length and within the output sizes) and requires the layout to be
// surjective, as Triton does by default. It never panics.
func New(bases []InBases, outs []Dim) (_ LinearLayout, err error) {
	defer guard(&err)
	l, err := build(bases, outs)
	if err != nil {
		return LinearLayout{}, err
	}
	if !l.IsSurjective() {
		return LinearLayout{}, fmt.Errorf("linearlayout: layout is not surjective (some output is reached by no input): %v", l)
	}
	return l, nil
}

// NewNonSurjective is New without the surjectivity requirement.
func NewNonSurjective(bases []InBases, outs []Dim) (_ LinearLayout, err error) {
	defer guard(&err)
	return build(bases, outs)
}

// NewInferSizes builds a surjective layout whose output sizes are inferred
// from the bases: each out dim gets the smallest power of two greater than
// every basis entry in it (1 if all are zero). This is how the textual forms
// #ttg.linear and #ttg.shared_linear are read.
func NewInferSizes(bases []InBases, outNames []string) (_ LinearLayout, err error) {
	defer guard(&err)
	outs := make([]Dim, len(outNames))
	for j, n := range outNames {
		outs[j] = Dim{Name: n, Size: 1}
	}
	for _, ib := range bases {
		for i, b := range ib.Bases {
			if len(b) != len(outNames) {
				return LinearLayout{}, fmt.Errorf("linearlayout: basis %d of %q has %d entries, want %d (one per out dim)", i, ib.Name, len(b), len(outNames))
			}
			for j, v := range b {
				if v < 0 {
					return LinearLayout{}, fmt.Errorf("linearlayout: basis %d of %q has negative entry %d", i, ib.Name, v)
				}
				if v >= 1<<maxDimLog2 {
					return LinearLayout{}, fmt.Errorf("linearlayout: basis %d of %q has entry %d, too large", i, ib.Name, v)
				}
				for outs[j].Size <= v {
					outs[j].Size *= 2
				}
			}
		}
	}
	return New(bases, outs)
}

func build(bases []InBases, outs []Dim) (LinearLayout, error) {
	// The lists are sized up front, and a duplicate name is looked for
	// among the dims already listed: a layout has a handful of dims.
	nBases := 0
	for _, ib := range bases {
		nBases += len(ib.Bases)
	}
	l := LinearLayout{ins: make([]dimInfo, 0, len(bases)), outs: make([]dimInfo, 0, len(outs)), bases: make([]uint64, 0, nBases)}
	total := 0
	for _, o := range outs {
		if o.Name == "" {
			return LinearLayout{}, fmt.Errorf("linearlayout: empty out-dim name")
		}
		if hasDim(l.outs, o.Name) {
			return LinearLayout{}, fmt.Errorf("linearlayout: duplicate out dim %q", o.Name)
		}
		n, ok := log2Exact(int64(o.Size))
		if !ok || n > maxDimLog2 {
			return LinearLayout{}, fmt.Errorf("linearlayout: out dim %q has size %d, want a power of two no larger than 2^%d", o.Name, o.Size, maxDimLog2)
		}
		l.outs = append(l.outs, dimInfo{name: o.Name, log2: n, start: total})
		total += n
	}
	if total > maxOutBits {
		return LinearLayout{}, fmt.Errorf("linearlayout: out dims have %d bits in all, at most %d are supported", total, maxOutBits)
	}
	for _, ib := range bases {
		if ib.Name == "" {
			return LinearLayout{}, fmt.Errorf("linearlayout: empty in-dim name")
		}
		if hasDim(l.ins, ib.Name) {
			return LinearLayout{}, fmt.Errorf("linearlayout: duplicate in dim %q", ib.Name)
		}
		if len(ib.Bases) > maxDimLog2 {
			return LinearLayout{}, fmt.Errorf("linearlayout: in dim %q has %d bases, at most %d are supported", ib.Name, len(ib.Bases), maxDimLog2)
		}
		l.ins = append(l.ins, dimInfo{name: ib.Name, log2: len(ib.Bases), start: len(l.bases)})
		for i, b := range ib.Bases {
			if len(b) != len(outs) {
				return LinearLayout{}, fmt.Errorf("linearlayout: basis %d of %q has %d entries, want %d (one per out dim)", i, ib.Name, len(b), len(outs))
			}
			var packed uint64
			for j, v := range b {
				if v < 0 || int64(v) >= int64(outs[j].Size) {
					return LinearLayout{}, fmt.Errorf("linearlayout: basis %d of %q has entry %d for out dim %q of size %d", i, ib.Name, v, outs[j].Name, outs[j].Size)
				}
				packed |= uint64(v) << l.outs[j].start
			}
			l.bases = append(l.bases, packed)
		}
	}
	if len(l.bases) > maxInBits {
		return LinearLayout{}, fmt.Errorf("linearlayout: in dims have %d bits in all, at most %d are supported", len(l.bases), maxInBits)
	}
	return l, nil
}

// hasDim reports whether dims has one named name.
func hasDim(dims []dimInfo, name string) bool {
	for _, d := range dims {
		if d.name == name {
			return true
		}
	}
	return false
}

// fromParts assembles a layout from already-validated pieces; ins and outs
// are recomputed so that the start fields are consistent.
func fromParts(ins []dimInfo, outs []dimInfo, bases []uint64) LinearLayout {
	l := LinearLayout{bases: bases}
	for _, ds := range [2][]dimInfo{ins, outs} {
		for _, d := range ds {
			if d.log2 > maxDimLog2 {
				panic(fmt.Sprintf("linearlayout: dimension %q of size 2^%d is too large (at most 2^%d)", d.name, d.log2, maxDimLog2))
			}
		}
	}
	// One allocation holds both dim lists (capacity-capped, so appending to
	// either never writes into the other).
	all := make([]dimInfo, len(ins)+len(outs))
	if len(ins) > 0 {
		l.ins = all[:len(ins):len(ins)]
	}
	if len(outs) > 0 {
		l.outs = all[len(ins):]
	}
	s := 0
	for k, d := range ins {
		l.ins[k] = dimInfo{name: d.name, log2: d.log2, start: s}
		s += d.log2
	}
	if s != len(bases) {
		panic(fmt.Sprintf("linearlayout: internal error: %d bases for %d input bits", len(bases), s))
	}
	if s > maxInBits {
		panic(fmt.Sprintf("linearlayout: layout too large: %d input bits", s))
	}
	t := 0
	for k, d := range outs {
		l.outs[k] = dimInfo{name: d.name, log2: d.log2, start: t}
		t += d.log2
	}
	if t > maxOutBits {
		panic(fmt.Sprintf("linearlayout: layout too large: %d output bits", t))
	}
	return l
}

// ---- accessors -------------------------------------------------------------

// NumInDims returns the number of input dimensions.
func (l LinearLayout) NumInDims() int { return len(l.ins) }

// NumOutDims returns the number of output dimensions.
func (l LinearLayout) NumOutDims() int { return len(l.outs) }

// InDimNames returns the input dimension names in order.
func (l LinearLayout) InDimNames() []string { return names(l.ins) }

// OutDimNames returns the output dimension names in order.
func (l LinearLayout) OutDimNames() []string { return names(l.outs) }

// InDims returns the input dimensions with their sizes, in order.
func (l LinearLayout) InDims() []Dim { return dims(l.ins) }

// OutDims returns the output dimensions with their sizes, in order.
func (l LinearLayout) OutDims() []Dim { return dims(l.outs) }

// HasInDim reports whether name is an input dimension.
func (l LinearLayout) HasInDim(name string) bool { return l.inIndex(name) >= 0 }

// HasOutDim reports whether name is an output dimension.
func (l LinearLayout) HasOutDim(name string) bool { return l.outIndex(name) >= 0 }

// InDimSizeLog2 returns log2 of the size of input dim name (panics if absent).
func (l LinearLayout) InDimSizeLog2(name string) int { return l.ins[l.mustIn(name)].log2 }

// InDimSize returns the size of input dim name (panics if absent).
func (l LinearLayout) InDimSize(name string) int32 { return 1 << l.InDimSizeLog2(name) }

// OutDimSizeLog2 returns log2 of the size of output dim name (panics if absent).
func (l LinearLayout) OutDimSizeLog2(name string) int { return l.outs[l.mustOut(name)].log2 }

// OutDimSize returns the size of output dim name (panics if absent).
func (l LinearLayout) OutDimSize(name string) int32 { return 1 << l.OutDimSizeLog2(name) }

// TotalInDimSizeLog2 returns the number of input bits.
func (l LinearLayout) TotalInDimSizeLog2() int { return len(l.bases) }

// TotalOutDimSizeLog2 returns the number of output bits.
func (l LinearLayout) TotalOutDimSizeLog2() int {
	t := 0
	for _, d := range l.outs {
		t += d.log2
	}
	return t
}

// TotalInDimSize returns the product of the input dim sizes.
func (l LinearLayout) TotalInDimSize() int64 { return 1 << l.TotalInDimSizeLog2() }

// TotalOutDimSize returns the product of the output dim sizes.
func (l LinearLayout) TotalOutDimSize() int64 { return 1 << l.TotalOutDimSizeLog2() }

// Basis returns basis i of input dim in: the image of in = 2^i, one entry per
// output dim.
func (l LinearLayout) Basis(in string, i int) []int32 {
	d := l.ins[l.mustIn(in)]
	if i < 0 || i >= d.log2 {
		panic(fmt.Sprintf("linearlayout: basis %d of %q out of range (size 2^%d)", i, in, d.log2))
	}
	return l.unpack(l.bases[d.start+i])
}

// BasisComponent returns the out component of basis i of input dim in.
func (l LinearLayout) BasisComponent(in string, i int, out string) int32 {
	d := l.ins[l.mustIn(in)]
	if i < 0 || i >= d.log2 {
		panic(fmt.Sprintf("linearlayout: basis %d of %q out of range (size 2^%d)", i, in, d.log2))
	}
	return l.component(l.bases[d.start+i], l.mustOut(out))
}

// Bases returns a copy of all bases, in input-dim order.
func (l LinearLayout) Bases() []InBases {
	r := make([]InBases, len(l.ins))
	for k, d := range l.ins {
		r[k] = InBases{Name: d.name, Bases: make([][]int32, d.log2)}
		for i := 0; i < d.log2; i++ {
			r[k].Bases[i] = l.unpack(l.bases[d.start+i])
		}
	}
	return r
}

// DimBases returns a copy of the bases of input dim name. The bases share
// one array (each capped at its end, so that appending to one copies it):
// the lowering and the analyses ask for the register bases of layout after
// layout.
func (l LinearLayout) DimBases(name string) [][]int32 {
	d := l.ins[l.mustIn(name)]
	n := len(l.outs)
	r := make([][]int32, d.log2)
	flat := make([]int32, d.log2*n)
	for i := range r {
		b := flat[i*n : (i+1)*n : (i+1)*n]
		for j := range b {
			b[j] = l.component(l.bases[d.start+i], j)
		}
		r[i] = b
	}
	return r
}

// FlatBases returns the bases of input dim name as packed output values (see
// ApplyFlat for the packing).
func (l LinearLayout) FlatBases(name string) []uint64 {
	d := l.ins[l.mustIn(name)]
	return append([]uint64(nil), l.bases[d.start:d.start+d.log2]...)
}

// Equal reports whether two layouts are identical: same input dims in the same
// order with the same bases, and same output dims in the same order with the
// same sizes (Triton's operator==).
func (l LinearLayout) Equal(o LinearLayout) bool {
	return l.EqualIgnoringOutDimSizes(o) && sameDims(l.outs, o.outs)
}

// EqualIgnoringOutDimSizes is Equal without comparing output sizes: the bases,
// written per output dim, must agree.
func (l LinearLayout) EqualIgnoringOutDimSizes(o LinearLayout) bool {
	if len(l.ins) != len(o.ins) || len(l.outs) != len(o.outs) || len(l.bases) != len(o.bases) {
		return false
	}
	for i := range l.ins {
		if l.ins[i].name != o.ins[i].name || l.ins[i].log2 != o.ins[i].log2 {
			return false
		}
	}
	for j := range l.outs {
		if l.outs[j].name != o.outs[j].name {
			return false
		}
	}
	if sameDims(l.outs, o.outs) {
		for i := range l.bases {
			if l.bases[i] != o.bases[i] {
				return false
			}
		}
		return true
	}
	for i := range l.bases {
		for j := range l.outs {
			if l.component(l.bases[i], j) != o.component(o.bases[i], j) {
				return false
			}
		}
	}
	return true
}

// String prints the bases the way the body of Triton's #ttg.linear attribute
// does, e.g. "{register = [[0, 1], [8, 0]], lane = [[0, 2]], warp = [], block = []}".
// Output sizes are not printed (they are implied by the bases of a surjective
// layout); use Describe for a full dump.
func (l LinearLayout) String() string {
	var sb strings.Builder
	sb.WriteByte('{')
	for k, d := range l.ins {
		if k > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(d.name)
		sb.WriteString(" = [")
		for i := 0; i < d.log2; i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			writeVec(&sb, l.unpack(l.bases[d.start+i]))
		}
		sb.WriteByte(']')
	}
	sb.WriteByte('}')
	return sb.String()
}

// Describe returns a multi-line dump with one line per basis and the output
// dims with their sizes, in the spirit of Triton's LinearLayout::toString.
func (l LinearLayout) Describe() string {
	var sb strings.Builder
	if len(l.ins) == 0 {
		if len(l.outs) == 0 {
			return "(empty layout)"
		}
		sb.WriteString("(empty layout with out dims) ")
	}
	for _, d := range l.ins {
		if d.log2 == 0 {
			fmt.Fprintf(&sb, " - %s is a size 1 dimension\n", d.name)
			continue
		}
		for i := 0; i < d.log2; i++ {
			if i == 0 {
				sb.WriteString(" - ")
			} else {
				sb.WriteString("   ")
			}
			fmt.Fprintf(&sb, "%s=%d -> ", d.name, 1<<i)
			v := l.unpack(l.bases[d.start+i])
			sb.WriteByte('(')
			for j, x := range v {
				if j > 0 {
					sb.WriteString(", ")
				}
				fmt.Fprint(&sb, x)
			}
			sb.WriteString(")\n")
		}
	}
	sb.WriteString("where out dims are: [")
	for j, d := range l.outs {
		if j > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%s (size %d)", d.name, 1<<d.log2)
	}
	sb.WriteString("]")
	return sb.String()
}

func writeVec(sb *strings.Builder, v []int32) {
	sb.WriteByte('[')
	for j, x := range v {
		if j > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprint(sb, x)
	}
	sb.WriteByte(']')
}

// ---- internal helpers ------------------------------------------------------

func names(ds []dimInfo) []string {
	r := make([]string, len(ds))
	for i, d := range ds {
		r[i] = d.name
	}
	return r
}

func dims(ds []dimInfo) []Dim {
	r := make([]Dim, len(ds))
	for i, d := range ds {
		r[i] = Dim{Name: d.name, Size: 1 << d.log2}
	}
	return r
}

func sameDims(a, b []dimInfo) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].name != b[i].name || a[i].log2 != b[i].log2 {
			return false
		}
	}
	return true
}

func (l LinearLayout) inIndex(name string) int {
	for i, d := range l.ins {
		if d.name == name {
			return i
		}
	}
	return -1
}

func (l LinearLayout) outIndex(name string) int {
	for i, d := range l.outs {
		if d.name == name {
			return i
		}
	}
	return -1
}

func (l LinearLayout) mustIn(name string) int {
	i := l.inIndex(name)
	if i < 0 {
		panic(fmt.Sprintf("linearlayout: no in dim %q in layout with in dims %v", name, l.InDimNames()))
	}
	return i
}

func (l LinearLayout) mustOut(name string) int {
	i := l.outIndex(name)
	if i < 0 {
		panic(fmt.Sprintf("linearlayout: no out dim %q in layout with out dims %v", name, l.OutDimNames()))
	}
	return i
}

// component extracts output dim j from a packed value.
func (l LinearLayout) component(v uint64, j int) int32 {
	d := l.outs[j]
	return int32((v >> d.start) & mask(d.log2))
}

// unpack splits a packed output value into one coordinate per output dim.
func (l LinearLayout) unpack(v uint64) []int32 {
	r := make([]int32, len(l.outs))
	for j := range l.outs {
		r[j] = l.component(v, j)
	}
	return r
}

// dimBases returns the packed bases of input dim k (shared, do not modify).
func (l LinearLayout) dimBases(k int) []uint64 {
	d := l.ins[k]
	return l.bases[d.start : d.start+d.log2]
}

func mask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

func log2Exact(v int64) (int, bool) {
	if v <= 0 || v&(v-1) != 0 {
		return 0, false
	}
	return bits.TrailingZeros64(uint64(v)), true
}

func mustLog2(v int32, what string) int {
	n, ok := log2Exact(int64(v))
	if !ok || n > maxDimLog2 {
		panic(fmt.Sprintf("linearlayout: %s %d is not a power of two", what, v))
	}
	return n
}

// guard turns a panic inside an exported function that takes user data into
// an error. Functions validate their parameters up front, but some limits
// only show up in combination deep inside the algebra (more than 64 input
// bits, say); callers with user data must get an error, never a crash.
func guard(err *error) {
	if r := recover(); r != nil {
		if s, ok := r.(string); ok && len(s) > 13 && s[:13] == "linearlayout:" {
			*err = fmt.Errorf("%s", s)
			return
		}
		*err = fmt.Errorf("linearlayout: internal error: %v", r)
	}
}
