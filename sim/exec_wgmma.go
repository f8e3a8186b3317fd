package sim

import (
	"bytes"
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// gpu.wgmma and its fence, commit and wait.
//
// gpu.wgmma is a warpgroup collective. When the 128 threads have
// arrived, it checks that they agree on the descriptors and scale-d and
// on the number of wgmma groups they committed, reads A (through its
// descriptor, or from every thread's four words) and B (through its
// descriptor) with the descriptors' layout and swizzle, negates what
// neg_a / neg_b ask for, and computes every thread's D words from its C
// words (zero when scale-d is false; C may itself be a chained result in
// flight) with the arithmetic of mma.go. The result is kept in a record
// until a wait retires it; the threads' result registers get tags
// (wgmma_pending.go), so an early read is a located error.
//
// Shared memory is read at the issue, through the async proxy: each
// 16-byte chunk read is checked against writes that no barrier or
// mbarrier orders before the issue for any warp of the warpgroup (a
// missing barrier between the stores that fill a tile and the wgmma is a
// race), and its contents are kept. When the first thread retires the
// record, the chunks are compared with what shared memory holds then: a
// write to an operand of a wgmma in flight (before the wait that retires
// it) is an error naming the byte, whoever wrote it. The reads end at
// the wait of each warp: there they are recorded for the race detector,
// as reads of the warp (by its first lane, which retires first), so a
// later write by another warp that nothing orders after that wait (the
// refill of a pipeline slot another warpgroup still reads) is a race.
//
// gpu.wgmma_commit closes the thread's open wgmma group. gpu.wgmma_wait N
// retires every committed group but the newest N (checking their reads
// as above), resolves the thread's tags of retired records, and copies
// its operands to its results; a result still in flight stays a tag.
// gpu.wgmma_fence orders register accesses for the hardware and changes
// nothing the simulator models: it is a no-op. A thread that exits with
// wgmma groups in flight (or wgmma ops never committed) is an error.

func init() {
	define(compileWGMMA, gpu.WGMMAOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(*thread, *instr) error { return nil }
		return nil
	}, gpu.WGMMAFenceOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			th.wgmma.commit()
			return nil
		}
		return nil
	}, gpu.WGMMACommitOp)
	define(compileWGMMAWait, gpu.WGMMAWaitOp)
}

// wgmmaRecord is one issued gpu.wgmma: its results until every thread of
// the warpgroup has retired it, and the shared memory it read.
type wgmmaRecord struct {
	id    uint32
	op    *ir.Operation
	group int // the wgmma group, the same in every thread of the warpgroup
	first int // the warpgroup's first thread
	words int // accumulator words per thread
	// d[(tid-first)*words+j] is word j of thread tid.
	d []uint32
	// chunks are the 16-byte chunks of shared memory the op read, snap
	// their contents at the issue.
	chunks  []uint64
	snap    []byte
	checked bool
	retired int
}

// wgmmaState holds the CTA's records, by id (ids are not reused within a
// CTA; records are, once every thread retired them).
type wgmmaState struct {
	byID []*wgmmaRecord
	free []*wgmmaRecord
	// seen marks the chunks an issue has already collected.
	seen []uint64
	// retiredNow collects the records a wait retired.
	retiredNow []*wgmmaRecord
}

func (s *wgmmaState) reset() {
	for _, r := range s.byID {
		if r != nil {
			s.free = append(s.free, r)
		}
	}
	clear(s.byID)
	s.byID = s.byID[:0]
	clear(s.seen) // an issue that failed may have left marks
}

// record returns the live record id (nil if none).
func (s *wgmmaState) record(id uint32) *wgmmaRecord {
	if id == 0 || int(id) > len(s.byID) {
		return nil
	}
	return s.byID[id-1]
}

func (s *wgmmaState) alloc(op *ir.Operation, group, first, words int) *wgmmaRecord {
	var r *wgmmaRecord
	if n := len(s.free); n > 0 {
		r, s.free = s.free[n-1], s.free[:n-1]
	} else {
		r = &wgmmaRecord{}
	}
	s.byID = append(s.byID, r)
	*r = wgmmaRecord{id: uint32(len(s.byID)), op: op, group: group, first: first, words: words,
		d: grow(r.d, 128*words), chunks: r.chunks[:0], snap: r.snap[:0]}
	return r
}

// wgmmaOp is a compiled gpu.wgmma.
type wgmmaOp struct {
	shape  gpu.Shape
	types  gpu.MMATypes
	opts   gpu.WGMMAOptions
	isInt  bool
	elemSz int // bytes of an A or B element
	words  int // accumulator words per thread
	// aRegs are the four A words (nil: A through the descriptor in aDesc).
	aRegs        []int32
	aDesc, bDesc int32
	scaleD       int32
	c            []int32 // C words (none: D = A*B)
}

func compileWGMMA(c *compiler, in *instr) error {
	if err := needWarpgroups(c, in); err != nil {
		return err
	}
	s, ts := gpu.ShapeOf(in.op), gpu.TypesOf(in.op)
	v := gpu.WGMMAView{Operation: in.op}
	o := gpu.WGMMAOptionsOf(in.op)
	if err := gpu.WGMMAForm(s, ts, v.AInRegisters(), o); err != nil {
		return err
	}
	w := &wgmmaOp{shape: s, types: ts, opts: o, isInt: ts.A.IsInt8(), elemSz: ts.A.Bits() / 8,
		words: gpu.WGMMAAccWords(s, ts.D), aDesc: -1}
	na := 1
	if v.AInRegisters() {
		na, w.aRegs = 4, in.args[:4]
	} else {
		w.aDesc = in.args[0]
	}
	w.bDesc, w.scaleD, w.c = in.args[na], in.args[na+1], in.args[na+2:]
	if len(w.c) != 0 && len(w.c) != w.words || len(in.res) != w.words {
		return fmt.Errorf("gpu.wgmma %s %s takes and gives %d accumulator words", s, ts, w.words)
	}
	in.kind = kindCollective
	in.coll = &collective{scope: scopeWarpgroup, run: w.issue}
	return nil
}

// needWarpgroups checks that the CTA is made of whole warpgroups.
func needWarpgroups(c *compiler, in *instr) error {
	if c.prog.Lanes != 32 || c.prog.NumWarps%4 != 0 {
		return fmt.Errorf("%s needs warpgroups of four 32-lane warps: the module has %d warps of %d lanes", in.op.Name(), c.prog.NumWarps, c.prog.Lanes)
	}
	return nil
}

// uniform returns the value of slot (a descriptor or scale-d, never an
// accumulator), which every thread of group must hold alike.
func uniform(group []*thread, slot int32, what string) (uint64, error) {
	v := group[0].regs[slot]
	for _, th := range group {
		if u := th.regs[slot]; u != v {
			return 0, fmt.Errorf("the threads of the warpgroup pass different %ss: %#x (%s) and %#x (%s)", what, v, group[0], u, th)
		}
	}
	return v, nil
}

func (w *wgmmaOp) issue(c *cta, ins []*instr, group []*thread) error {
	in := ins[0]
	s := w.shape
	th0 := group[0]
	for _, th := range group {
		if th.wgmma.group != th0.wgmma.group {
			return fmt.Errorf("the threads of the warpgroup committed different numbers of wgmma groups (%s: %d, %s: %d)", th0, th0.wgmma.group, th, th.wgmma.group)
		}
	}
	scale, err := uniform(group, w.scaleD, "scale-d")
	if err != nil {
		return err
	}
	bd, err := w.desc(c, group, w.bDesc, "B")
	if err != nil {
		return err
	}
	rec := c.async.wg.alloc(in.op, th0.wgmma.group+1, th0.tid, w.words)
	r := reader{c: c, rec: rec, e: w.elemSz}
	var ad matrixDesc
	if w.aRegs == nil {
		if ad, err = w.desc(c, group, w.aDesc, "A"); err != nil {
			return err
		}
	}
	if w.isInt {
		a, b := c.mma.ints(s.M*s.K, s.N*s.K)
		if err := w.gather(group, &r, ad, bd, func(i int, v uint64) { a[i] = mmaInt(w.types.A, v) }, func(i int, v uint64) { b[i] = mmaInt(w.types.B, v) }); err != nil {
			return err
		}
		err = w.compute(c, group, in.res, rec, scale&1 != 0, func(row, col int, cv [4]uint64) [4]uint64 {
			K := s.K
			for e := range cv {
				m, n := row+8*(e>>1), col+e&1
				cv[e] = roundInt(dotInt(mmaInt(gpu.MMAS32, cv[e]), a[m*K:(m+1)*K], b[n*K:(n+1)*K]), w.opts.Satfinite)
			}
			return cv
		})
	} else {
		a, b := c.mma.floats(s.M*s.K, s.N*s.K)
		if err := w.gather(group, &r, ad, bd, func(i int, v uint64) { a[i] = mmaFloat(w.types.A, v) }, func(i int, v uint64) { b[i] = mmaFloat(w.types.B, v) }); err != nil {
			return err
		}
		if w.opts.NegA {
			negate(a)
		}
		if w.opts.NegB {
			negate(b)
		}
		err = w.compute(c, group, in.res, rec, scale&1 != 0, func(row, col int, cv [4]uint64) [4]uint64 {
			K := s.K
			var acc [4]float64
			for e, v := range cv {
				acc[e] = mmaFloat(w.types.D, v)
			}
			dot2x2(&acc, a[row*K:(row+1)*K], a[(row+8)*K:(row+9)*K], b[col*K:(col+1)*K], b[(col+1)*K:(col+2)*K])
			for e, v := range acc {
				cv[e] = roundFloat(w.types.D, v)
			}
			return cv
		})
	}
	if err != nil {
		return err
	}
	if err := r.finish(group, in); err != nil {
		return err
	}
	for _, th := range group {
		th.wgmma.issue(pendingEffect{op: in.op, land: retireWGMMA, wgmma: rec})
	}
	return nil
}

func negate(x []float64) {
	for i := range x {
		x[i] = -x[i]
	}
}

// desc decodes the uniform descriptor in slot.
func (w *wgmmaOp) desc(c *cta, group []*thread, slot int32, what string) (matrixDesc, error) {
	v, err := uniform(group, slot, what+" descriptor")
	if err != nil {
		return matrixDesc{}, err
	}
	d, err := decodeDesc(v)
	if err != nil {
		return matrixDesc{}, fmt.Errorf("%s: %w", what, err)
	}
	return d, nil
}

// gather reads A and B: setA(m*K+k, bits) for each element of A, setB(n*K+k,
// bits) for each of B.
func (w *wgmmaOp) gather(group []*thread, r *reader, ad, bd matrixDesc, setA, setB func(int, uint64)) error {
	s := w.shape
	bits := w.types.A.Bits()
	if w.aRegs != nil {
		per := 32 / bits
		mask := uint64(1)<<bits - 1
		for ti, th := range group {
			warp, lane := ti/32, ti%32
			for j, slot := range w.aRegs {
				v := th.regs[slot]
				if tagID(v) != 0 {
					return th.fail(th.wait, th.cta.async.wg.inFlightError(v, "passes as A"))
				}
				for p := 0; p < per; p++ {
					row, k := mmaAPosition(s.K, bits, lane, j*per+p)
					setA((16*warp+row)*s.K+k, v>>(p*bits)&mask)
				}
			}
		}
	} else {
		for row := 0; row < s.M; row++ {
			for k := 0; k < s.K; k++ {
				v, err := r.read(ad.addr(row, k, r.e, w.opts.TransA))
				if err != nil {
					return fmt.Errorf("A[%d][%d]: %w", row, k, err)
				}
				setA(row*s.K+k, v)
			}
		}
	}
	for n := 0; n < s.N; n++ {
		for k := 0; k < s.K; k++ {
			v, err := r.read(bd.addr(n, k, r.e, w.opts.TransB))
			if err != nil {
				return fmt.Errorf("B[%d][%d]: %w", k, n, err)
			}
			setB(n*s.K+k, v)
		}
	}
	return nil
}

// compute fills the record with every thread's D words and tags the
// threads' results res. A thread's accumulator elements come in 2x2
// blocks: elements 4q..4q+3 are rows row, row+8 by columns col, col+1
// (wgmmaAccPos); block(row, col, cv) takes the block's C elements (their
// bits; zeros without scale-d) and returns its D elements.
func (w *wgmmaOp) compute(c *cta, group []*thread, res []int32, rec *wgmmaRecord, scale bool, block func(row, col int, cv [4]uint64) [4]uint64) error {
	f16 := w.types.D == gpu.MMAF16
	for ti, th := range group {
		warp, g, t := ti/32, ti%32>>2, ti&3
		d := rec.d[ti*w.words : (ti+1)*w.words]
		for q := 0; q < w.shape.N/8; q++ {
			var cv [4]uint64
			if scale {
				for e := range cv {
					j, shift := 4*q+e, 0
					if f16 {
						j, shift = j/2, 16*(e&1)
					}
					v, err := w.accumulator(c, th, rec, j)
					if err != nil {
						return err
					}
					cv[e] = v >> shift
					if f16 {
						cv[e] &= 0xffff
					}
				}
			}
			row, col := wgmmaAccPos(warp, g, t, 4*q)
			cv = block(row, col, cv)
			if f16 {
				d[2*q] = uint32(cv[0]&0xffff | cv[1]<<16)
				d[2*q+1] = uint32(cv[2]&0xffff | cv[3]<<16)
			} else {
				for e, v := range cv {
					d[4*q+e] = uint32(v)
				}
			}
		}
	}
	for _, th := range group {
		for j, slot := range res {
			th.regs[slot] = accTag(rec.id, j)
		}
	}
	return nil
}

// accumulator is C word j of th: its register, or the word of an earlier
// wgmma of the warpgroup still in flight (the hardware chains them).
func (w *wgmmaOp) accumulator(c *cta, th *thread, rec *wgmmaRecord, j int) (uint64, error) {
	v := th.regs[w.c[j]]
	id := tagID(v)
	if id == 0 {
		return v, nil
	}
	prev := c.async.wg.record(id)
	if prev == nil || prev.first != rec.first {
		return 0, th.fail(th.wait, fmt.Errorf("C word %d is an accumulator this warpgroup has no wgmma in flight for", j))
	}
	return uint64(prev.d[(th.tid-prev.first)*prev.words+tagWord(v)]), nil
}

// wgmmaAccPos is the (row, col) of accumulator element i of lane (g, t)
// of warp w of the warpgroup.
func wgmmaAccPos(w, g, t, i int) (int, int) {
	return 16*w + g + 8*(i>>1&1), 2*t + i&1 + 8*(i>>2)
}

// reader reads a wgmma's operands from shared memory and collects the
// 16-byte chunks it touched into the record.
type reader struct {
	c   *cta
	rec *wgmmaRecord
	e   int
}

// read returns the element of r.e bytes at addr.
func (r *reader) read(addr uint64) (uint64, error) {
	b, err := r.c.sharedBytes(addr, r.e, r.e)
	if err != nil {
		return 0, err
	}
	chunk := addr &^ 15
	seen := &r.c.async.wg.seen
	if n := int(chunk/16/64) + 1; len(*seen) < n {
		*seen = append(*seen, make([]uint64, n-len(*seen))...)
	}
	bit := uint64(1) << (chunk / 16 % 64)
	if (*seen)[chunk/16/64]&bit == 0 {
		(*seen)[chunk/16/64] |= bit
		r.rec.chunks = append(r.rec.chunks, chunk)
	}
	return word(b), nil
}

// finish checks the chunks read against unordered writes of other warps,
// keeps their contents, and clears the marks.
func (r *reader) finish(group []*thread, in *instr) error {
	seen := r.c.async.wg.seen
	for _, ch := range r.rec.chunks {
		seen[ch/16/64] &^= 1 << (ch / 16 % 64)
	}
	for _, ch := range r.rec.chunks {
		b, err := r.c.sharedBytes(ch, 16, 16)
		if err != nil {
			return err
		}
		if race := r.c.race; race != nil {
			for w := 0; w < len(group); w += r.c.lanes {
				a := access{op: in.op, shared: true, addr: ch, n: 16, kind: Read}
				if err := r.c.sharedAccess(race.warpActor(group[w].tid), a, func([]byte) {}, false); err != nil {
					return err
				}
			}
		}
		r.rec.snap = append(r.rec.snap, b...)
	}
	return nil
}

// retireWGMMA lands a wgmma for one thread: the first thread to retire it
// checks that the shared memory it read has not changed since the issue,
// and each warp's first lane records the reads as ended.
func retireWGMMA(th *thread, e *pendingEffect) error {
	rec := e.wgmma
	if !rec.checked {
		rec.checked = true
		for i, ch := range rec.chunks {
			now, old := th.cta.shared[ch:ch+16], rec.snap[16*i:16*i+16]
			if !bytes.Equal(now, old) {
				k := 0
				for now[k] == old[k] {
					k++
				}
				return fmt.Errorf("shared memory byte %d, an operand of the gpu.wgmma at %s, was written after the wgmma was issued and before a gpu.wgmma_wait retired it", ch+uint64(k), opLoc(rec.op))
			}
		}
	}
	if c := th.cta; c.race != nil && th.tid%c.lanes == 0 {
		// The reads end here for this warp: recorded, so that a write
		// another warp orders after nothing this warp did since races.
		who := c.race.warpActor(th.tid)
		for _, ch := range rec.chunks {
			a := access{op: rec.op, shared: true, addr: ch, n: 16, kind: Read}
			if err := c.sharedAccess(who, a, func([]byte) {}, true); err != nil {
				return err
			}
		}
	}
	rec.retired++
	wg := &th.cta.async.wg
	wg.retiredNow = append(wg.retiredNow, rec)
	return nil
}

func compileWGMMAWait(c *compiler, in *instr) error {
	keep := gpu.Pending(in.op)
	in.step = func(th *thread, in *instr) error {
		wg := &th.cta.async.wg
		wg.retiredNow = wg.retiredNow[:0]
		if err := th.wgmma.wait(th, keep); err != nil {
			return err
		}
		th.resolveAccumulators()
		r := th.regs
		for i, s := range in.args {
			r[in.res[i]] = r[s]
		}
		for _, rec := range wg.retiredNow {
			if rec.retired == 128 {
				wg.byID[rec.id-1] = nil
				wg.free = append(wg.free, rec)
			}
		}
		return nil
	}
	return nil
}
