package ttgtogpu

import (
	"math/bits"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// A layout conversion whose data stays within each warp moves through
// index shuffles. conv = dst⁻¹∘src maps a destination location (register
// i, thread t) to the source location holding the same element: lane
// Lr(i) ^ A(t) and register Rr(i) ^ B(t) of the same warp, all four maps
// linear. Thread t reads its register i with one shfl.idx from lane
// Lr(i) ^ A(t). The lane it reads from must send register Rr(i) ^ B(t)
// for every reader t, which works when B factors through the readers'
// (source lane, warp): B(t) = N(A(t), warp(t)). Then the sending thread u
// (lane, warp) sends register Rr(i) ^ N(Lr(i), 0) ^ N(u), chosen with
// selects on the bits of N(u) (none when the register does not depend on
// the reader, Triton's common case).
//
// When B does not factor (a register bit and a lane bit trade places),
// thread t computes in round i its register i ^ C(t) instead of i, for a
// linear C chosen bit by bit so that the modified maps factor; the reader
// then puts the rounds back in order with selects on the bits of C(t).
// This is Triton's mixed register-lane transposition, found by search.

type shufflePlan struct {
	laneBits int
	// Per destination register: source lane and register constants.
	lr, rr []int64
	a      []int64 // per thread bit: source-lane contribution (with C applied)
	// n maps the sender's thread bits to the register bits it adds.
	n []int64
	// c maps the reader's thread bits to the register index it computes
	// in round i (i ^ C(t)).
	c []int64
}

// planShuffle returns the shuffle plan of src -> dst, or nil when the
// conversion moves data between warps or the sender cannot tell which
// register to send.
func planShuffle(src, dst *regLayout) *shufflePlan {
	conv, err := dst.ll.InvertAndCompose(src.ll)
	if err != nil {
		return nil
	}
	// Apply conv to one dst input bit: (register, lane, warp) of the
	// source.
	apply := func(reg int, tid int64) (int64, int64, int64, bool) {
		ins := []linearlayout.DimValue{
			{Name: linearlayout.Register, Value: int32(reg)},
			{Name: linearlayout.Lane, Value: int32(tid & (1<<dst.laneBits - 1))},
			{Name: linearlayout.Warp, Value: int32(tid >> dst.laneBits)},
		}
		var r, l, w int64
		for _, o := range conv.Apply(ins...) {
			switch o.Name {
			case linearlayout.Register:
				r = int64(o.Value)
			case linearlayout.Lane:
				l = int64(o.Value)
			case linearlayout.Warp:
				w = int64(o.Value)
			case linearlayout.Block:
				if o.Value != 0 {
					return 0, 0, 0, false
				}
			}
		}
		return r, l, w, true
	}
	p := &shufflePlan{laneBits: dst.laneBits}
	for i := 0; i < dst.numRegs; i++ {
		r, l, w, ok := apply(i, 0)
		if !ok || w != 0 {
			return nil
		}
		p.lr, p.rr = append(p.lr, l), append(p.rr, r)
	}
	nt := dst.numThreadBits()
	b := make([]int64, nt)
	p.a = make([]int64, nt)
	p.c = make([]int64, nt)
	phi := make([]int64, nt)
	var chk consistency
	regBits := log2(int64(dst.numRegs))
	// Source lanes that hold copies of other lanes' data (zero bases):
	// reading from lane s ^ f gives the same registers as lane s.
	freeLanes := []int64{0}
	for q := 0; q < src.laneBits; q++ {
		if allZero(src.tidBases[q]) {
			freeLanes = append(freeLanes, 1<<q)
		}
	}
	for j := 0; j < nt; j++ {
		r, l, w, ok := apply(0, 1<<j)
		if !ok {
			return nil
		}
		// Data must stay in its warp: the warp part is the identity.
		wantW := int64(0)
		if j >= dst.laneBits {
			wantW = 1 << (j - dst.laneBits)
		}
		if w != wantW {
			return nil
		}
		// Phi(t) = (A(t), warp(t)): the source lane low, the warp above.
		// Pick C on this bit, and a source lane that only repeats data
		// (free), so that B still factors; no change first.
		found := false
		for k := -1; k < regBits && !found; k++ {
			var ci int64
			if k >= 0 {
				ci = 1 << k
			}
			for _, f := range freeLanes {
				aj, bj := l^p.lr[ci]^f, r^p.rr[ci]
				ph := aj
				if j >= dst.laneBits {
					ph |= 1 << j
				}
				if chk.add(ph, bj) {
					p.a[j], b[j], phi[j], p.c[j] = aj, bj, ph, ci
					found = true
					break
				}
			}
		}
		if !found {
			return nil
		}
	}
	n, ok := factorThrough(phi, b, nt)
	if !ok {
		return nil
	}
	p.n = n
	// Too many register choices per send costs more than shared memory.
	if rankOf64(n) > 2 {
		return nil
	}
	return p
}

// consistency accumulates pairs (phi, b) and accepts a new one only if
// some linear N with N(phi) = b for all of them still exists.
type consistency struct {
	rows []struct{ in, out int64 } // fully reduced on leading bits of in
}

func (c *consistency) add(in, out int64) bool {
	for _, r := range c.rows {
		if in&lead(r.in) != 0 {
			in ^= r.in
			out ^= r.out
		}
	}
	if in == 0 {
		return out == 0
	}
	for k := range c.rows {
		if c.rows[k].in&lead(in) != 0 {
			c.rows[k].in ^= in
			c.rows[k].out ^= out
		}
	}
	c.rows = append(c.rows, struct{ in, out int64 }{in, out})
	return true
}

// factorThrough finds N (as images of the nt unit vectors) with
// N(phi_j) = b_j for every j, i.e. B = N∘Phi, by elimination over GF(2).
// It fails when some combination of the phi_j is 0 while the same
// combination of the b_j is not.
func factorThrough(phi, b []int64, nt int) ([]int64, bool) {
	type row struct{ in, out int64 }
	var basis []row // reduced: distinct leading bits of in
	for j := range phi {
		in, out := phi[j], b[j]
		for _, r := range basis {
			if in&lead(r.in) != 0 {
				in ^= r.in
				out ^= r.out
			}
		}
		if in == 0 {
			if out != 0 {
				return nil, false
			}
			continue
		}
		// Keep the basis fully reduced on leading bits.
		for k := range basis {
			if basis[k].in&lead(in) != 0 {
				basis[k].in ^= in
				basis[k].out ^= out
			}
		}
		basis = append(basis, row{in, out})
	}
	// N on unit vectors: write e_k in terms of the basis where possible;
	// directions outside the span of phi never occur and map to 0.
	n := make([]int64, nt)
	for k := 0; k < nt; k++ {
		in, out := int64(1)<<k, int64(0)
		for _, r := range basis {
			if in&lead(r.in) != 0 {
				in ^= r.in
				out ^= r.out
			}
		}
		if in == 0 {
			n[k] = out
		}
	}
	return n, true
}

func lead(v int64) int64 { return int64(1) << (63 - bits.LeadingZeros64(uint64(v))) }

func rankOf64(vs []int64) int {
	var basis []int64
	for _, v := range vs {
		for _, b := range basis {
			if v&lead(b) != 0 {
				v ^= b
			}
		}
		if v != 0 {
			for k := range basis {
				if basis[k]&lead(v) != 0 {
					basis[k] ^= v
				}
			}
			basis = append(basis, v)
		}
	}
	return len(basis)
}

// lowerShuffle emits the conversion: for every destination register, the
// sender picks its register and every thread reads its source lane.
func (p *shufflePlan) lower(e *emitter, src []ir.Value, dst *regLayout) []ir.Value {
	nt := len(p.a)
	// Reader: source lane = Lr(i) ^ A(t), A(t) over all thread bits.
	acol := make([]int32, nt)
	for j, v := range p.a {
		acol[j] = int32(v)
	}
	aPart := e.fs.threadPart(e.l, acol)
	var aMask int64
	for _, v := range p.a {
		aMask |= v
	}
	// Sender: register bits N(u) as a sum of image basis vectors with
	// per-thread coefficient bits.
	basis, coef := imageBasis(p.n)
	bitsOf := make([]ir.Value, len(basis))
	for m := range basis {
		col := make([]int32, nt)
		for j := range col {
			col[j] = int32(coef[j] >> m & 1)
		}
		bitsOf[m] = e.fs.threadPart(e.l, col) // 0 or 1 (a parity of thread bits)
	}
	nConst := func(l int64) int64 { // N(l, warp 0)
		var r int64
		for j := 0; j < p.laneBits; j++ {
			if l>>j&1 != 0 {
				r ^= p.n[j]
			}
		}
		return r
	}
	rounds := make([]ir.Value, dst.numRegs)
	memo := map[string]ir.Value{}
	for i := range rounds {
		base := p.rr[i] ^ nConst(p.lr[i])
		v := selectRegister(e, src, base, basis, bitsOf)
		var lane ir.Value
		if p.lr[i]&aMask == 0 {
			lane = e.orDisjoint(aPart, e.i32c(p.lr[i]))
		} else {
			lane = e.xor(aPart, e.i32c(p.lr[i]))
		}
		key := ptrKey(v) + ptrKey(lane)
		if r, ok := memo[key]; ok {
			rounds[i] = r
			continue
		}
		r := e.shuffleDyn(shflIdx, v, lane)
		memo[key] = r
		rounds[i] = r
	}
	// Round i computed register i ^ C(t): register j is round j ^ C(t).
	cBasis, cCoef := imageBasis(p.c)
	cBits := make([]ir.Value, len(cBasis))
	for m := range cBasis {
		col := make([]int32, nt)
		for j := range col {
			col[j] = int32(cCoef[j] >> m & 1)
		}
		cBits[m] = e.fs.threadPart(e.l, col)
	}
	out := make([]ir.Value, dst.numRegs)
	for j := range out {
		out[j] = selectRegister(e, rounds, int64(j), cBasis, cBits)
	}
	return out
}

// selectRegister returns register base ^ (sum of basis[m] where bit m is
// set), with a select per basis vector.
func selectRegister(e *emitter, src []ir.Value, base int64, basis []int64, bitsOf []ir.Value) ir.Value {
	if len(basis) == 0 {
		return src[base]
	}
	rest := basis[1:]
	lo := selectRegister(e, src, base, rest, bitsOf[1:])
	hi := selectRegister(e, src, base^basis[0], rest, bitsOf[1:])
	return e.selectV(e.icmpC(llvm.ICmpNE, bitsOf[0], 0), hi, lo)
}

// imageBasis returns a basis of the span of n's images and, per input
// bit j, the coefficients (bit m set: basis[m] is used) of n[j].
func imageBasis(n []int64) ([]int64, []int64) {
	var basis []int64
	for _, v := range n {
		x := v
		for _, b := range basis {
			if x&lead(b) != 0 {
				x ^= b
			}
		}
		if x != 0 {
			basis = append(basis, x)
		}
	}
	coef := make([]int64, len(n))
	for j, v := range n {
		// Solve v = sum c_m basis[m] (basis in insertion order; each has a
		// leading bit no later vector reduced away).
		x := v
		for m, b := range basis {
			if x&lead(b) != 0 {
				x ^= b
				coef[j] |= 1 << m
			}
		}
	}
	return basis, coef
}
