package ttgtogpu

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// regLayout is how a distributed tensor is spread over the threads of a
// CTA, in the form the lowering uses: the element held by register r of
// thread tid is
//
//	coords(r, tid) = regs[r] XOR (XOR of tidBases[i] for the set bits i of tid)
//
// where tid = lane + threadsPerWarp*warp, so the lane bits of the linear
// layout come first and the warp bits above them. Splitting coordinates into
// a per-register constant and a per-thread part shared by all registers is
// what lets the lowering compute the thread part once per function and
// derive every register's index with one OR/XOR of a constant.
//
// With clusters of CTAs (cta.go) all of this describes one CTA's share of
// the tensor: ll, shape, regs and tidBases are per CTA, and cta says
// where each CTA's share lies in the whole tensor.
type regLayout struct {
	ll       linearlayout.LinearLayout // ins register, lane, warp; outs dim0..dimN-1 (the CTA's share)
	shape    []int64                   // the CTA's share of the tensor
	full     []int64                   // the whole tensor
	cta      ctaSplit
	numRegs  int
	regs     [][]int32 // per register: coordinates at tid 0
	tidBases [][]int32 // per tid bit: coordinates it contributes
	laneBits int
	warpBits int
	freeReg  int32 // register bits that only repeat data (FreeVariableMask)
	freeTid  int64 // tid bits that only repeat data
	// canon and solver memoize canonicalRegs and regSolver: regs do not
	// change once built, and layouts are cached per type (layoutOf), so
	// every op of a type asked for the same tables again.
	canon  []int
	solver *regSolver
}

// dimNames returns dim0..dim{rank-1}.
func dimNames(rank int) []string {
	names := make([]string, rank)
	for i := range names {
		names[i] = fmt.Sprintf("dim%d", i)
	}
	return names
}

// newRegLayout builds the register layout of a distributed tensor type.
func newRegLayout(t *ir.RankedTensorType) (*regLayout, error) {
	if t.Encoding == nil {
		return nil, fmt.Errorf("tensor type without a layout encoding")
	}
	if _, ok := t.Encoding.(ttg.DistributedLayout); !ok {
		return nil, fmt.Errorf("tensor layout is not a distributed layout")
	}
	ll, err := ttg.TypeLinearLayout(t)
	if err != nil {
		return nil, err
	}
	return regLayoutOf(ll, t.Dims)
}

// regLayoutOf builds a register layout from a linear layout with in dims
// (register, lane, warp[, block]) and out dims dim0..dim{rank-1}.
func regLayoutOf(ll linearlayout.LinearLayout, shape []int64) (*regLayout, error) {
	names := dimNames(len(shape))
	if !sameNames(ll.OutDimNames(), names) {
		return nil, fmt.Errorf("layout out dims %v do not match a rank-%d tensor", ll.OutDimNames(), len(shape))
	}
	ll = ll.TransposeOuts(names)
	threadDims := []string{linearlayout.Register, linearlayout.Lane, linearlayout.Warp}
	for _, d := range threadDims {
		if !ll.HasInDim(d) {
			return nil, fmt.Errorf("layout has no %q dimension", d)
		}
	}
	for _, d := range ll.InDimNames() {
		switch d {
		case linearlayout.Register, linearlayout.Lane, linearlayout.Warp, linearlayout.Block:
		default:
			return nil, fmt.Errorf("layout has unexpected in dimension %q", d)
		}
	}
	for d, n := range names {
		if int64(ll.OutDimSize(n)) != shape[d] {
			return nil, fmt.Errorf("layout covers %d elements along dim %d of a %v tensor", ll.OutDimSize(n), d, shape)
		}
	}
	ll, split, local, err := splitOverCTAs(ll, names, threadDims)
	if err != nil {
		return nil, err
	}
	r := &regLayout{
		ll:       ll,
		shape:    local,
		full:     slices.Clone(shape),
		cta:      split,
		numRegs:  int(ll.InDimSize(linearlayout.Register)),
		laneBits: ll.InDimSizeLog2(linearlayout.Lane),
		warpBits: ll.InDimSizeLog2(linearlayout.Warp),
	}
	// Register i's coordinates are register i-without-its-lowest-bit's
	// XOR that bit's basis; all of them are carved, capacity clipped, from
	// one array (a tile has 64-128 registers, and they are only read).
	regBases := ll.DimBases(linearlayout.Register)
	rank := len(shape)
	r.regs = make([][]int32, r.numRegs)
	flat := make([]int32, r.numRegs*rank)
	for i := range r.regs {
		c := flat[i*rank : (i+1)*rank : (i+1)*rank]
		if i > 0 {
			copy(c, r.regs[i&(i-1)])
			xorInto(c, regBases[bits.TrailingZeros(uint(i))])
		}
		r.regs[i] = c
	}
	r.tidBases = append(slices.Clone(ll.DimBases(linearlayout.Lane)), ll.DimBases(linearlayout.Warp)...)
	masks := ll.FreeVariableMasks()
	for _, m := range masks {
		switch m.Name {
		case linearlayout.Register:
			r.freeReg = m.Value
		case linearlayout.Lane:
			r.freeTid |= int64(m.Value)
		case linearlayout.Warp:
			r.freeTid |= int64(m.Value) << r.laneBits
		}
	}
	return r, nil
}

func sameNames(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func allZero(v []int32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

func xorInto(dst, src []int32) {
	for i := range dst {
		dst[i] ^= src[i]
	}
}

// rank is the tensor rank.
func (r *regLayout) rank() int { return len(r.shape) }

// numElems is the number of elements of the tensor.
func (r *regLayout) numElems() int64 {
	n := int64(1)
	for _, d := range r.shape {
		n *= d
	}
	return n
}

// numThreadBits is the number of tid bits the layout spans.
func (r *regLayout) numThreadBits() int { return r.laneBits + r.warpBits }

// threadCoords returns the coordinates held by register reg of thread tid.
func (r *regLayout) threadCoords(reg int, tid int64) []int32 {
	c := slices.Clone(r.regs[reg])
	for i, b := range r.tidBases {
		if tid>>i&1 != 0 {
			xorInto(c, b)
		}
	}
	return c
}

// globalThreadCoords returns the coordinates in the whole tensor held by
// register reg of thread tid of the CTA of rank cta in its cluster.
func (r *regLayout) globalThreadCoords(reg int, tid, cta int64) []int32 {
	c := r.threadCoords(reg, tid)
	xorInto(c, r.cta.offset(cta, r.rank()))
	return c
}

// threadMask returns, for dim d, the bits the thread part of the
// coordinate can have.
func (r *regLayout) threadMask(d int) int32 {
	var m int32
	for _, b := range r.tidBases {
		m |= b[d]
	}
	return m
}

// isUniqueReg reports whether register reg is the canonical holder of its
// element within the thread (no free register bit set).
func (r *regLayout) isUniqueReg(reg int) bool { return int32(reg)&r.freeReg == 0 }

// canonicalRegs maps every register to the first register holding the same
// element (registers that repeat an element reuse its value).
//
// The slice is shared (memoized): callers must not write it.
func (r *regLayout) canonicalRegs() []int {
	if r.canon != nil {
		return r.canon
	}
	s := r.regSolver()
	out := make([]int, r.numRegs)
	for i := range out {
		out[i] = int(s.lowest(uint64(i)))
	}
	r.canon = out
	return out
}

// coordKey is a map key for a coordinate vector.
func coordKey(c []int32) string {
	b := make([]byte, 0, 4*len(c))
	for _, x := range c {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return string(b)
}

// coordWord numbers the element at coordinates c of the CTA's share of
// the tensor (row-major), or reports false for coordinates outside it.
// The dims being powers of two, the number is the coordinates' bits side
// by side, so numbers XOR as coordinates do; it fits: the share has no
// more elements than its registers times its threads.
func (r *regLayout) coordWord(c []int32) (uint64, bool) {
	if len(c) != len(r.shape) {
		return 0, false
	}
	var w uint64
	for d, x := range c {
		if x < 0 || int64(x) >= r.shape[d] {
			return 0, false
		}
		w = w*uint64(r.shape[d]) + uint64(x)
	}
	return w, true
}

// regAt returns the lowest register holding the element at coordinates c
// at tid 0, or false when none does.
func (r *regLayout) regAt(c []int32) (int, bool) {
	w, ok := r.coordWord(c)
	if !ok {
		return 0, false
	}
	i, ok := r.regSolver().solve(w)
	return int(i), ok
}

// regSolver returns the layout's solver (memoized).
func (r *regLayout) regSolver() *regSolver {
	if r.solver == nil {
		r.solver = newRegSolver(r)
	}
	return r.solver
}

// regSolver finds the registers holding an element. At tid 0, register i
// holds the XOR of the register bases of i's set bits, and the elements'
// numbers (coordWord) XOR alike: which registers hold an element is a
// linear system over GF(2), solved by elimination rather than by a table
// of every register.
type regSolver struct {
	// bases spans the register bases' element numbers, column k being
	// register bit k.
	bases linearlayout.Span
	// kernel are the combinations of register bits that hold the origin
	// (register bits that only repeat data), reduced to distinct
	// leading bits, highest first.
	kernel []kernelRow
}

// kernelRow is a combination of register bits with its leading bit.
type kernelRow struct{ word, lead uint64 }

func newRegSolver(r *regLayout) *regSolver {
	// Each register bit adds a basis or a kernel combination: the bit
	// and the earlier bits whose XOR holds the same element.
	s := &regSolver{}
	for k := 0; k < bits.TrailingZeros(uint(r.numRegs)); k++ {
		w, _ := r.coordWord(r.regs[1<<k])
		if s.bases.Add(w, k) {
			continue
		}
		_, same := s.bases.Reduce(w)
		// Reduced, it keeps bit k, which no earlier combination has.
		word := s.lowest(same ^ 1<<k)
		lead := uint64(1) << (bits.Len64(word) - 1)
		i := 0
		for i < len(s.kernel) && s.kernel[i].lead > lead {
			i++
		}
		s.kernel = slices.Insert(s.kernel, i, kernelRow{word, lead})
	}
	return s
}

// lowest returns the lowest register holding what register i holds: i
// XOR any kernel combination, the least of which clears the kernel's
// leading bits from the top.
func (s *regSolver) lowest(i uint64) uint64 {
	for _, k := range s.kernel {
		if i&k.lead != 0 {
			i ^= k.word
		}
	}
	return i
}

// solve returns the lowest register holding element number w, or false.
func (s *regSolver) solve(w uint64) (uint64, bool) {
	rest, regs := s.bases.Reduce(w)
	if rest != 0 {
		return 0, false
	}
	return s.lowest(regs), true
}

// mapRegisters finds, for every register of dst, the register of src that
// holds the element f(dst coordinates) in the same thread, where f is a
// GF(2)-linear map of coordinates (so it distributes over the register,
// thread and CTA parts). It fails when the threads (or the CTAs of a
// cluster) hold different data, i.e. when the op is not a register no-op
// for these layouts.
func mapRegisters(src, dst *regLayout, f func([]int32) []int32) ([]int, error) {
	zero := make([]int32, src.rank())
	for i := 0; i < max(len(src.tidBases), len(dst.tidBases)); i++ {
		want, got := zero, zero
		if i < len(dst.tidBases) {
			want = f(dst.tidBases[i])
		}
		if i < len(src.tidBases) {
			got = src.tidBases[i]
		}
		if !slices.Equal(want, got) {
			return nil, fmt.Errorf("source and result layouts place data in different threads")
		}
	}
	if !dst.cta.mapped(f).equal(src.cta) {
		return nil, fmt.Errorf("source and result layouts place data in different CTAs of a cluster (CTA bases %v and %v)", src.cta, dst.cta)
	}
	// f being linear, register i's image is the XOR of the images of
	// the register bases of i's set bits (register 1<<k is basis k, as
	// register 0 is the origin), and so is the source register holding
	// it: the lowest register holding an element is linear in the
	// element (regSolver), and the elements a source register holds form
	// a subspace. So each basis is solved once, and visiting the
	// registers in Gray code order flips one basis at a time. A basis
	// whose image no source register holds leaves register 1<<k, the
	// lowest register with bit k, without its element.
	solved := make([]int, bits.TrailingZeros(uint(dst.numRegs)))
	for k := range solved {
		j, ok := src.regAt(f(dst.regs[1<<k]))
		if !ok {
			return nil, fmt.Errorf("result register %d holds an element no source register holds", 1<<k)
		}
		solved[k] = j
	}
	out := make([]int, dst.numRegs)
	j := 0
	for g := 1; g < dst.numRegs; g++ {
		j ^= solved[bits.TrailingZeros(uint(g))]
		out[g^g>>1] = j
	}
	return out, nil
}
