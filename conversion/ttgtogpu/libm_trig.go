package ttgtogpu

import (
	"math"
	"math/big"
	"sync"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Double-precision sin and cos (Triton calls libdevice's __nv_sin and
// __nv_cos; see libm_f64.go for why tt computes them itself), within one
// ulp of the correctly rounded value over the whole range: NaN and ±inf
// give NaN, sin(-0) = -0.
//
// Both reduce |x| to r = |x| - q*pi/2 with |r| <= pi/4 (plus rounding),
// carried as a double-double rh + rl, and a quadrant q mod 4:
//
//   - below 2^30 (Cody-Waite): q = rint(|x| * 2/pi); pi/2 is split into
//     three doubles P1 + P2 + P3 (159 bits); |x| - q*P1 is exact (an fma
//     whose exact result needs at most 53 bits), the rest is accumulated
//     with exact products and sums;
//   - from 2^30 on (Payne-Hanek): |x| = M * 2^E with a 53-bit integer M;
//     only the bits of 2/pi of weight below 2^(2-E) matter modulo 4, so
//     192 of them, picked from a table by E, are multiplied by M in 64-bit
//     integer arithmetic; the top two bits of the product's low 192 bits
//     are q, the next 128 the fraction f, rounded to the nearest quadrant
//     (f in [-1/2, 1/2]) and multiplied by pi/2 as a double-double.
//
// Then sin(r) = r + r^3 S(r^2) and cos(r) = 1 - r^2/2 + r^4 C(r^2) with
// the Taylor polynomials to r^17 and r^18 (truncation below 1e-19 on
// |r| <= pi/4), rl entering to first order (sin(rh + rl) ~ sin(rh) + rl
// cos(rh)), and 1 - r^2/2 formed with its rounding error kept. The
// quadrant picks +-sin(r) or +-cos(r); sin is odd, cos even.
//
// The huge path is integer work and a lookup in the table by selects
// (about 200 instructions), so the ops (lowerTrigF64) take it, as
// libdevice does, only in a block that threads holding such an argument
// branch to; trigF64, the straight-line form, computes both.

// trigFastLimit is where the Cody-Waite reduction stops being used.
const trigFastLimit = 0x1p30

// trigConstants are pi/2 and 2/pi in the splits the reductions use, and
// the bits of 2/pi as 64-bit words after 64 zero bits (so that the
// Payne-Hanek window of any exponent from trigFastLimit up starts inside
// the table), computed once from a 1600-bit pi.
type trigConstants struct {
	p1, p2, p3     float64 // pi/2 = p1 + p2 + p3 to 159 bits
	pio2Hi, pio2Lo float64 // pi/2 as a double-double
	twoOverPi      float64
	words          [twoOverPiWords]uint64
}

// twoOverPiWords covers the zero word and the bits of 2/pi down to 2^-1160,
// past the last window (exponent 971: bits 1034 to 1225 of the table).
const twoOverPiWords = 20

var trig = sync.OnceValue(func() trigConstants {
	const prec = 1600
	pi := bigPi(prec)
	pio2 := new(big.Float).SetPrec(prec).Quo(pi, big.NewFloat(2))
	var c trigConstants
	rest := new(big.Float).SetPrec(prec).Set(pio2)
	next := func() float64 {
		v, _ := rest.Float64()
		rest.Sub(rest, new(big.Float).SetPrec(prec).SetFloat64(v))
		return v
	}
	c.p1, c.p2, c.p3 = next(), next(), next()
	rest.Set(pio2)
	c.pio2Hi, c.pio2Lo = next(), next()
	top := new(big.Float).SetPrec(prec).Quo(big.NewFloat(2), pi)
	c.twoOverPi, _ = top.Float64()
	// Bit j of the table (MSB first) is the bit of 2/pi of weight
	// 2^(63-j): 2/pi < 1, so word 0 is zero.
	frac := new(big.Float).SetPrec(prec).Set(top)
	for w := 1; w < twoOverPiWords; w++ {
		frac.SetMantExp(frac, 64)
		n, _ := frac.Int(nil)
		c.words[w] = n.Uint64()
		frac.Sub(frac, new(big.Float).SetPrec(prec).SetInt(n))
	}
	return c
})

// bigPi is pi to prec bits by Machin's formula 16 atan(1/5) - 4 atan(1/239).
func bigPi(prec uint) *big.Float {
	atanInv := func(n int64) *big.Float {
		// atan(1/n) = sum (-1)^k / ((2k+1) n^(2k+1))
		sum := new(big.Float).SetPrec(prec)
		pow := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1), new(big.Float).SetInt64(n))
		n2 := new(big.Float).SetPrec(prec).SetInt64(n * n)
		eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec)-8)
		for k := int64(0); ; k++ {
			term := new(big.Float).SetPrec(prec).Quo(pow, new(big.Float).SetInt64(2*k+1))
			if k%2 == 0 {
				sum.Add(sum, term)
			} else {
				sum.Sub(sum, term)
			}
			if term.Cmp(eps) < 0 {
				return sum
			}
			pow.Quo(pow, n2)
		}
	}
	a := atanInv(5)
	a.Mul(a, big.NewFloat(16))
	b := atanInv(239)
	b.Mul(b, big.NewFloat(4))
	return a.Sub(a, b)
}

// trigF64 is sin(x) (or cos) straight line, both reductions computed
// (the table entry of __nv_sin and __nv_cos; lowerTrigF64 is what the ops
// use).
func (e *emitter) trigF64(x ir.Value, cos bool) ir.Value {
	ax := e.intrinsic("fabs", e.f64(), x)
	f := e.codyWaite(ax)
	hq, hh, hl := e.payneHanek(ax)
	q := e.selectV(f.small, f.q, hq)
	rh := e.selectV(f.small, f.rh, hh)
	rl := e.selectV(f.small, f.rl, hl)
	return e.trigFinish(x, ax, q, rh, rl, cos)
}

// trigReduced is |x| reduced: quadrant q (i64) and r = rh + rl; small
// tells whether the Cody-Waite reduction applied.
type trigReduced struct{ q, rh, rl, small ir.Value }

// codyWaite reduces ax = |x| below trigFastLimit; other arguments are
// reduced as 0 (small is false for them, and for NaN).
func (e *emitter) codyWaite(ax ir.Value) trigReduced {
	f64 := e.f64()
	c := trig()
	cf := func(v float64) ir.Value { return e.cFloat(f64, v) }
	neg := func(v ir.Value) ir.Value { return e.op1("llvm.fneg", f64, []ir.Value{v}) }
	small := e.fcmp(llvm.FCmpOLT, ax, cf(trigFastLimit))
	as := e.selectV(small, ax, cf(0))
	k := e.intrinsic("roundeven", f64, e.fmul(as, cf(c.twoOverPi)))
	nk := neg(k)
	r1 := e.fmaF64(nk, cf(c.p1), as) // exact
	w := e.fmul(k, cf(c.p2))
	wErr := e.fmaF64(k, cf(c.p2), neg(w))
	r2, r2Err := e.twoSum(r1, neg(w))
	lo := e.fmaF64(nk, cf(c.p3), e.fsub(r2Err, wErr))
	rh, rl := e.fastTwoSum(r2, lo)
	return trigReduced{q: e.cast("llvm.fptosi", k, e.i64()), rh: rh, rl: rl, small: small}
}

// trigFinish is sin(x) (or cos) from |x| reduced to q and rh + rl.
func (e *emitter) trigFinish(x, ax, q, rh, rl ir.Value, cos bool) ir.Value {
	f64 := e.f64()
	cf := func(v float64) ir.Value { return e.cFloat(f64, v) }
	s, co := e.sinCosKernel(rh, rl)
	odd := e.icmpC(llvm.ICmpNE, e.andC(q, 1), 0)
	var v, neg ir.Value
	if cos {
		v = e.selectV(odd, s, co)
		neg = e.icmpC(llvm.ICmpNE, e.andC(e.addC(q, 1), 2), 0)
	} else {
		v = e.selectV(odd, co, s)
		neg = e.icmpC(llvm.ICmpNE, e.andC(q, 2), 0)
		// sin is odd; below 2^-26 sin(x) rounds to x (which keeps -0).
		neg = e.xor(neg, e.fcmp(llvm.FCmpOLT, x, cf(0)))
	}
	v = e.selectV(neg, e.op1("llvm.fneg", f64, []ir.Value{v}), v)
	if !cos {
		v = e.selectV(e.fcmp(llvm.FCmpOLT, ax, cf(0x1p-26)), x, v)
	}
	// inf and NaN give NaN (x - x).
	return e.selectV(e.fcmp(llvm.FCmpOLE, ax, cf(math.MaxFloat64)), v, e.fsub(x, x))
}

// trigDispatch sends f64 sin and cos to lowerTrigF64, and f32, f16 and
// bf16 to lowerTrigF32; other types to their elementwise lowering.
func trigDispatch(plain loweringFn, cos bool) loweringFn {
	return func(l *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
		switch elem := ir.ElementTypeOrSelf(op.Result(0).Type()); {
		case isF64(elem) && l.target.libdeviceMath():
			return plain(l, op, e, rw) // libdevice's __nv_sin and __nv_cos (libm_sincos64.go)
		case isF64(elem):
			return l.lowerTrigF64(op, e, rw, cos)
		case isF32(elem) || isKind(elem, ir.F16) || isKind(elem, ir.BF16):
			return l.lowerTrigF32(op, e, rw, cos)
		}
		return plain(l, op, e, rw)
	}
}

// lowerTrigF64 lowers f64 math.sin and math.cos on every register of a
// tensor (or a scalar) as libdevice does, with the Payne-Hanek reduction
// off the common path: every register is reduced by Cody-Waite and
// finished; only if one of the thread's registers is at least
// trigFastLimit (finite) does the thread branch to a block that reduces
// those again by Payne-Hanek (lowerWithSlowPath).
func (l *lowering) lowerTrigF64(op *ir.Operation, e *emitter, rw *conversion.Rewriter, cos bool) error {
	f64 := e.f64()
	xs, err := l.operandRegisters(op, rw)
	if err != nil {
		return err
	}
	n := len(xs)
	axs := make([]ir.Value, n)
	fast := make([]trigReduced, n)
	res := make([]ir.Value, n)
	var huge ir.Value
	for i, x := range xs {
		axs[i] = e.intrinsic("fabs", f64, x)
		fast[i] = e.codyWaite(axs[i])
		res[i] = e.trigFinish(x, axs[i], fast[i].q, fast[i].rh, fast[i].rl, cos)
		h := e.fcmp(llvm.FCmpOLE, axs[i], e.cFloat(f64, math.MaxFloat64))
		huge = e.orBool(huge, e.andBool(h, e.fcmp(llvm.FCmpOGE, axs[i], e.cFloat(f64, trigFastLimit))))
	}
	l.lowerWithSlowPath(op, e, rw, f64, huge, res, func(i int) ir.Value {
		q, rh, rl := e.payneHanek(axs[i])
		v := e.trigFinish(xs[i], axs[i], q, rh, rl, cos)
		return e.selectV(fast[i].small, res[i], v)
	})
	return nil
}

// lowerTrigF32 lowers math.sin and math.cos of f32 (f16 and bf16 widened
// to it and the result rounded back, as Triton's call of __nv_sinf does)
// on every register as libdevice's sinf and cosf (libm_f32.go), the
// Payne-Hanek reduction in a block the thread branches to only if one of
// its registers is at least trigF32Huge in magnitude. On NVIDIA these are
// Triton's results, subnormals flushed under its FTZ reflect; on AMD,
// where Triton calls ROCm's accurate ocml functions, they replace the
// hardware's sine, which loses the argument's precision beyond a few
// periods, and keep subnormals (denormal-fp-math-f32 is ieee there).
func (l *lowering) lowerTrigF32(op *ir.Operation, e *emitter, rw *conversion.Rewriter, cos bool) error {
	elem := ir.ElementTypeOrSelf(op.Result(0).Type())
	xs, err := l.operandRegisters(op, rw)
	if err != nil {
		return err
	}
	n := len(xs)
	x32 := make([]ir.Value, n)
	isHuge := make([]ir.Value, n)
	res := make([]ir.Value, n)
	narrow := func(v ir.Value) ir.Value {
		if isF32(elem) {
			return v
		}
		return e.truncFromF32(v, elem)
	}
	var huge ir.Value
	for i, x := range xs {
		if !isF32(elem) {
			x = e.extToF32(x)
		}
		x32[i] = e.flushF32(x, l.target.libdeviceMath() && e.reflectFTZ())
		q, t := e.trigCodyWaiteF32(x32[i])
		res[i] = narrow(e.trigFinishF32(q, t, cos))
		isHuge[i] = e.fcmp(llvm.FCmpOGE, e.intrinsic("fabs", e.f32(), x32[i]), e.cFloat(e.f32(), trigF32Huge))
		huge = e.orBool(huge, isHuge[i])
	}
	l.lowerWithSlowPath(op, e, rw, elem, huge, res, func(i int) ir.Value {
		q, t := e.trigHugeF32(x32[i])
		return e.selectV(isHuge[i], narrow(e.trigFinishF32(q, t, cos)), res[i])
	})
	return nil
}

// operandRegisters returns the registers of op's one operand, as many as
// its result has.
func (l *lowering) operandRegisters(op *ir.Operation, rw *conversion.Rewriter) ([]ir.Value, error) {
	xs := rw.RemappedN(op.Operand(0))
	want := 1
	if t, ok := op.Result(0).Type().(*ir.RankedTensorType); ok {
		lay, err := l.opLayout(op, t)
		if err != nil {
			return nil, err
		}
		want = lay.numRegs
	}
	if len(xs) != want {
		return nil, ir.OpErrorf(op, "operand has %d registers, the result %d", len(xs), want)
	}
	return xs, nil
}

// lowerWithSlowPath replaces op by registers of type t: fast, unless huge
// (an i1 the thread computed) holds, when the thread branches to a block
// that computes slow(i) for each register i; the results are the
// arguments of the block that joins both.
func (l *lowering) lowerWithSlowPath(op *ir.Operation, e *emitter, rw *conversion.Rewriter, t ir.Type, huge ir.Value, fast []ir.Value, slow func(i int) ir.Value) {
	types := make([]ir.Type, len(fast))
	for i := range types {
		types[i] = t
	}
	e.b.SetInsertionPoint(op)
	args := e.branchJoin(huge, types, func() []ir.Value {
		vals := make([]ir.Value, len(fast))
		for i := range vals {
			vals[i] = slow(i)
		}
		return vals
	}, nil, fast)
	rw.ReplaceOpN(op, [][]ir.Value{args})
}

// twoSum is a + b as the rounded sum and its exact error.
func (e *emitter) twoSum(a, b ir.Value) (s, err ir.Value) {
	s = e.fadd(a, b)
	bb := e.fsub(s, a)
	err = e.fadd(e.fsub(a, e.fsub(s, bb)), e.fsub(b, bb))
	return s, err
}

// fastTwoSum is twoSum for |a| >= |b| (or a = 0).
func (e *emitter) fastTwoSum(a, b ir.Value) (s, err ir.Value) {
	s = e.fadd(a, b)
	return s, e.fsub(b, e.fsub(s, a))
}

// payneHanek reduces a finite ax >= trigFastLimit (other values give
// values that are not used): the quadrant (i64) and r = rh + rl.
func (e *emitter) payneHanek(ax ir.Value) (q, rh, rl ir.Value) {
	f64, i64 := e.f64(), e.i64()
	c := trig()
	bits := e.bitcast(ax, i64)
	m := e.or(e.andC(bits, mantMask), e.cInt(i64, 1<<52))
	// ax = m * 2^ex with ex = biased exponent - 1075; the window starts
	// at the table bit of weight 2^(1-ex) relative to 2/pi's, i.e. bit
	// ex + 62 (64 leading zeros, 2/pi's first bit has weight 1/2).
	j0 := e.sub(e.andC(e.lshrC(bits, 52), 0x7ff), e.cInt(i64, 1075-62))
	j0 = e.intrinsic("smax", i64, j0, e.cInt(i64, 0))
	j0 = e.intrinsic("smin", i64, j0, e.cInt(i64, int64(64*(twoOverPiWords-4)+63)))
	// Words widx to widx + 3 of the table, widx from 0 to
	// twoOverPiWords-4 (j0 is clamped for every ax, so the loads stay in
	// the table even where a thread computes them for a small one).
	widx := e.lshrC(j0, 6)
	sh := e.andC(j0, 63)
	table := make([]int64, len(c.words))
	for k, w := range c.words {
		table[k] = int64(w)
	}
	var t [4]ir.Value
	for k := range t {
		t[k] = newGPU(e).tableLoad(e.addC(widx, int64(k)), i64, table)
	}
	// The 192-bit window w2:w1:w0 = the table shifted left by sh bits.
	aligned := e.icmpC(llvm.ICmpEQ, sh, 0)
	back := e.sub(e.cInt(i64, 64), sh)
	word := func(hi, lo ir.Value) ir.Value {
		return e.selectV(aligned, hi, e.or(e.shl(hi, sh), e.lshr(lo, back)))
	}
	w2, w1, w0 := word(t[0], t[1]), word(t[1], t[2]), word(t[2], t[3])
	// The low 192 bits of m * w2:w1:w0 (units of 2^-190 of |x| * 2/pi).
	p0 := e.mul(m, w0)
	h0 := e.mulhi(m, w0, true)
	l1 := e.mul(m, w1)
	h1 := e.mulhi(m, w1, true)
	p1 := e.add(l1, h0)
	carry := e.zext(e.icmp(llvm.ICmpULT, p1, l1), i64)
	p2 := e.add(e.add(e.mul(m, w2), h1), carry)
	// q = the top two bits; the 128-bit fraction fh:fl follows.
	q = e.lshrC(p2, 62)
	fh := e.or(e.shlC(p2, 2), e.lshrC(p1, 62))
	fl := e.or(e.shlC(p1, 2), e.lshrC(p0, 62))
	// A fraction of 1/2 or more rounds to the next quadrant: its
	// magnitude is then 2^128 - f and r is negative.
	up := e.icmpC(llvm.ICmpSLT, fh, 0)
	q = e.add(q, e.zext(up, i64))
	nfl := e.sub(e.cInt(i64, 0), fl)
	nfh := e.add(e.xorC(fh, -1), e.zext(e.icmpC(llvm.ICmpEQ, fl, 0), i64)) // ~fh + (fl == 0)
	fh = e.selectV(up, nfh, fh)
	fl = e.selectV(up, nfl, fl)
	// f = fh:fl * 2^-128 from three exact pieces of 53, 53 and 22 bits.
	toF := func(v ir.Value, scale float64) ir.Value {
		return e.fmul(e.cast("llvm.sitofp", v, f64), e.cFloat(f64, scale))
	}
	a := toF(e.lshrC(fh, 11), 0x1p-53)
	b := toF(e.or(e.shlC(e.andC(fh, 0x7ff), 42), e.lshrC(fl, 22)), 0x1p-106)
	cc := toF(e.andC(fl, 1<<22-1), 0x1p-128)
	f, fErr := e.fastTwoSum(a, e.fadd(b, cc))
	// r = f * pi/2 as a double-double.
	hi := e.cFloat(f64, c.pio2Hi)
	rh = e.fmul(f, hi)
	rl = e.fadd(e.fmaF64(f, hi, e.op1("llvm.fneg", f64, []ir.Value{rh})),
		e.fmaF64(fErr, hi, e.fmul(f, e.cFloat(f64, c.pio2Lo))))
	rh, rl = e.fastTwoSum(rh, rl)
	neg := func(v ir.Value) ir.Value { return e.op1("llvm.fneg", f64, []ir.Value{v}) }
	return q, e.selectV(up, neg(rh), rh), e.selectV(up, neg(rl), rl)
}

// sinCosKernel is sin and cos of rh + rl for |rh| <= pi/4 (a little
// beyond is fine) and |rl| below an ulp of rh.
func (e *emitter) sinCosKernel(rh, rl ir.Value) (s, c ir.Value) {
	f64 := e.f64()
	z := e.fmul(rh, rh)
	// Taylor coefficients: sin's (-1)^(n+1)/(2n+3)! for r^(2n+3), cos's
	// (-1)^n/(2n+4)! for r^(2n+4), n = 0..7.
	const terms = 8
	var sc, cc [terms]float64
	fact := 1.0 // (2n+1)!
	for n := 0; n < terms; n++ {
		sign := float64(1 - 2*(n%2))
		f2 := fact * float64(2*n+2)
		f3 := f2 * float64(2*n+3)
		f4 := f3 * float64(2*n+4)
		sc[n] = -sign / f3
		cc[n] = sign / f4
		fact = f3
	}
	horner := func(coef [terms]float64) ir.Value {
		p := e.cFloat(f64, coef[terms-1])
		for n := terms - 2; n >= 0; n-- {
			p = e.fmaF64(p, z, e.cFloat(f64, coef[n]))
		}
		return p
	}
	half := e.cFloat(f64, 0.5)
	hz := e.fmul(z, half)
	// sin: rh + (rh z S(z) + rl (1 - z/2))
	corr := e.fmaF64(e.fmul(rh, z), horner(sc), e.fmul(rl, e.fsub(e.cFloat(f64, 1), hz)))
	s = e.fadd(rh, corr)
	// cos: w = 1 - z/2 and what its rounding and z's lost, then
	// z^2 C(z) - rh rl.
	zErr := e.fmaF64(rh, rh, e.op1("llvm.fneg", f64, []ir.Value{z}))
	w := e.fsub(e.cFloat(f64, 1), hz)
	tail := e.fsub(e.fsub(e.fsub(e.cFloat(f64, 1), w), hz), e.fmul(zErr, half))
	rest := e.fmaF64(e.fmul(z, z), horner(cc), e.op1("llvm.fneg", f64, []ir.Value{e.fmul(rh, rl)}))
	c = e.fadd(w, e.fadd(tail, rest))
	return s, c
}

// choose returns then() where cond holds and els() elsewhere, as a branch
// of the thread around the two computations (an if/else joined by a block
// argument of type t) where the insertion point is inside a function body,
// and as a select of both otherwise (combine regions, partitions of warp
// specialization: single blocks). For a function whose two paths are both
// costly, as in libdevice's tanhf, the branch is what Triton's code has:
// a thread computes only the path its value takes, unless its warp's
// values diverge.
func (e *emitter) choose(cond ir.Value, t ir.Type, then, els func() ir.Value) ir.Value {
	one := func(f func() ir.Value) func() []ir.Value { return func() []ir.Value { return []ir.Value{f()} } }
	return e.chooseValues(cond, []ir.Type{t}, one(then), one(els))[0]
}

// chooseValues is choose of several values (of types) at once: one
// branch, its join taking them all.
func (e *emitter) chooseValues(cond ir.Value, types []ir.Type, then, els func() []ir.Value) []ir.Value {
	if !e.canBranch() {
		a, b := then(), els()
		for i := range a {
			a[i] = e.selectV(cond, a[i], b[i])
		}
		return a
	}
	return e.branchJoin(cond, types, then, els, nil)
}

// chooseOrKeep returns then() where cond holds and keep elsewhere: a
// branch around then's computation, which a thread whose cond is false
// skips (a select where choose would select).
func (e *emitter) chooseOrKeep(cond ir.Value, then func() ir.Value, keep ir.Value) ir.Value {
	return e.chooseOrKeepValues(cond, func() []ir.Value { return []ir.Value{then()} }, []ir.Value{keep})[0]
}

// chooseOrKeepValues is chooseOrKeep of several values at once.
func (e *emitter) chooseOrKeepValues(cond ir.Value, then func() []ir.Value, keep []ir.Value) []ir.Value {
	if !e.canBranch() {
		r := then()
		for i := range r {
			r[i] = e.selectV(cond, r[i], keep[i])
		}
		return r
	}
	types := make([]ir.Type, len(keep))
	for i, v := range keep {
		types[i] = v.Type()
	}
	return e.branchJoin(cond, types, then, nil, keep)
}

// canBranch reports whether the insertion point is in a function's body,
// where a computation may split its block into branches.
func (e *emitter) canBranch() bool {
	cur, at := e.b.InsertionBlock(), e.b.InsertionPoint()
	if cur == nil || at == nil || cur.ParentOp() == nil {
		return false
	}
	switch cur.ParentOp().Name() {
	case "llvm.func", "tt.func", "func.func":
		return true
	}
	return false
}

// branchJoin splits the block at the insertion point (an op) into a branch
// on cond and the block that joins its arms, whose arguments, of types,
// it returns; the insertion point stays at that op, now at the join. The
// true arm is a block computing then(); the false arm a block computing
// els(), or with els nil the edge straight to the join, passing direct
// (values computed before the branch).
func (e *emitter) branchJoin(cond ir.Value, types []ir.Type, then, els func() []ir.Value, direct []ir.Value) []ir.Value {
	cur, at := e.b.InsertionBlock(), e.b.InsertionPoint()
	join := cur.SplitBefore(at)
	res := make([]ir.Value, len(types))
	for i, t := range types {
		res[i] = join.AddArgument(t, e.loc)
	}
	thenB := ir.NewBlock(e.ctx(), nil, nil)
	cur.Region().InsertAfter(thenB, cur)
	elseB, elseArgs := join, direct
	if els != nil {
		elseB, elseArgs = ir.NewBlock(e.ctx(), nil, nil), nil
		cur.Region().InsertAfter(elseB, thenB)
	}
	e.b.SetInsertionPointToEnd(cur)
	llvm.NewCondBr(e.b, e.loc, cond, thenB, nil, elseB, elseArgs)
	for _, arm := range []struct {
		b *ir.Block
		f func() []ir.Value
	}{{thenB, then}, {elseB, els}} {
		if arm.f != nil {
			e.fillBlock(arm.b, arm.f, func(vals []ir.Value) { llvm.NewBr(e.b, e.loc, join, vals) })
		}
	}
	e.b.SetInsertionPoint(at)
	return res
}

// fillBlock computes f's values in the empty block b and ends the block
// where f's code ends (b, or the last join of branches f made) with
// term(values). f runs before a placeholder terminator, so that its own
// computations may branch and loop in turn (canBranch needs an op to
// split the block before).
func (e *emitter) fillBlock(b *ir.Block, f func() []ir.Value, term func([]ir.Value)) {
	e.b.SetInsertionPointToEnd(b)
	end := llvm.NewUnreachable(e.b, e.loc)
	e.b.SetInsertionPoint(end)
	vals := f()
	e.b.SetInsertionPoint(end)
	term(vals)
	end.Erase()
}

// whileLoop runs body over vals while cond(vals) holds and returns the
// final values: a loop of the thread (a header taking vals as block
// arguments, the body branching back to it, the exit at the insertion
// point) where the insertion point is in a function's body, else body
// unrolled maxTrips times, each trip's result selected where cond held.
// maxTrips must bound the loop's trips for every input.
func (e *emitter) whileLoop(vals []ir.Value, maxTrips int, cond func([]ir.Value) ir.Value, body func([]ir.Value) []ir.Value) []ir.Value {
	if !e.canBranch() {
		for trip := 0; trip < maxTrips; trip++ {
			c, next := cond(vals), body(vals)
			for i := range vals {
				vals[i] = e.selectV(c, next[i], vals[i])
			}
		}
		return vals
	}
	cur, at := e.b.InsertionBlock(), e.b.InsertionPoint()
	exit := cur.SplitBefore(at)
	header := ir.NewBlock(e.ctx(), nil, nil)
	cur.Region().InsertAfter(header, cur)
	loop := ir.NewBlock(e.ctx(), nil, nil)
	cur.Region().InsertAfter(loop, header)
	args, res := make([]ir.Value, len(vals)), make([]ir.Value, len(vals))
	for i, v := range vals {
		args[i] = header.AddArgument(v.Type(), e.loc)
		res[i] = exit.AddArgument(v.Type(), e.loc)
	}
	e.b.SetInsertionPointToEnd(cur)
	llvm.NewBr(e.b, e.loc, header, vals)
	e.fillBlock(header, func() []ir.Value { return []ir.Value{cond(args)} }, func(c []ir.Value) {
		llvm.NewCondBr(e.b, e.loc, c[0], loop, nil, exit, args)
	})
	e.fillBlock(loop, func() []ir.Value { return body(args) }, func(next []ir.Value) {
		llvm.NewBr(e.b, e.loc, header, next)
	})
	e.b.SetInsertionPoint(at)
	return res
}
