package sim

import (
	"bytes"
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// The TMA ops: box copies between global memory, described by a tensor
// map (tensormap.go), and shared memory.
//
// gpu.tma_load reads the box from global memory when it is issued (the
// hardware reads it at some time before the bytes land; the issue is one
// such time): element i = (i0, ..., i_{r-1}) of the box comes from
// global coordinate c + i when every coordinate is inside the tensor,
// and is zero (or NaN, as the map says) otherwise. The load then counts
// its bytes, prod(box)*e with the out-of-bounds ones, as complete_tx on
// its mbarrier at once, and its bytes land in shared memory, at
// swizzle(dst + e*linear(i)), only when that mbarrier phase completes:
// the latest the hardware may land them. A thread that reads the box
// before the phase completes sees the old contents; the landing is a
// write by the async proxy, ordered after what the issuing warp did
// before the issue, and a read of the box by a warp that did not wait on
// that phase (or a barrier after a wait) is a race.
//
// gpu.tma_store reads the box from shared memory at the issue (checked
// against unordered writes of other warps) and joins the thread's open
// bulk group. gpu.bulk_wait N {read} retires the reads of every
// committed group but the newest N: it checks that the box has not been
// written since the issue (the store may read it until then), after which
// the thread may reuse it. gpu.bulk_wait N (without read) also makes the
// stores' writes of in-bounds elements to global memory happen. A store
// whose reads were retired lands when its thread exits; one whose reads
// were not is an error at the exit.
//
// gpu.tma_reduce is a store whose landing combines each in-bounds element
// with global memory's (tmaReduceFn, by the tensor map's data type).
//
// gpu.tma_prefetch is a hint and does nothing. Element strides other
// than 1 are not simulated (tt's lowering uses 1).

func init() {
	define(compileTMALoad, gpu.TMALoadOp)
	define(compileTMAStore, gpu.TMAStoreOp, gpu.TMAReduceOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			th.bulk.commit()
			return nil
		}
		return nil
	}, gpu.BulkCommitOp)
	define(compileBulkWait, gpu.BulkWaitOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(*thread, *instr) error { return nil }
		return nil
	}, gpu.TMAPrefetchOp)
}

// tmap is a decoded tensor map in the form the copies use.
type tmap struct {
	dt      TensorMapDataType
	rank, e int
	base    uint64
	dims    [5]int64
	strides [5]int64 // bytes; strides[0] = e
	box     [5]int
	swizzle uint64 // 16: none
	fill    uint64
	bytes   int // of the whole box
}

// cachedMap is the last tensor map decoded at an address.
type cachedMap struct {
	raw [TensorMapBytes]byte
	m   tmap
}

// tensorMap reads and decodes the tensor map at addr (global memory).
func (th *thread) tensorMap(op *ir.Operation, addr uint64) (*tmap, error) {
	var raw [TensorMapBytes]byte
	if err := th.do(access{op: op, addr: addr, n: TensorMapBytes, align: 64, kind: Read}, func(b []byte) { copy(raw[:], b) }); err != nil {
		return nil, fmt.Errorf("tensor map: %w", err)
	}
	s := &th.cta.async
	if cm := s.maps[addr]; cm != nil && cm.raw == raw {
		return &cm.m, nil
	}
	m, err := DecodeTensorMap(raw[:])
	if err != nil {
		return nil, fmt.Errorf("the tensor map at %#x: %w", addr, err)
	}
	cm := &cachedMap{raw: raw}
	t := &cm.m
	t.dt, t.rank, t.e, t.base = m.DataType, len(m.Dims), m.DataType.Size(), m.Base
	t.swizzle, t.bytes = max(uint64(m.Swizzle), 16), t.e
	if m.FillNaN {
		t.fill, _ = m.DataType.nan()
	}
	t.strides[0] = int64(t.e)
	for i := range m.Dims {
		if m.ElemStrides[i] != 1 {
			return nil, fmt.Errorf("the tensor map at %#x has element stride %d in dimension %d; only 1 is simulated", addr, m.ElemStrides[i], i)
		}
		t.dims[i], t.box[i] = int64(m.Dims[i]), m.Box[i]
		t.bytes *= m.Box[i]
		if i > 0 {
			t.strides[i] = int64(m.Strides[i-1])
		}
	}
	if s.maps == nil {
		s.maps = map[uint64]*cachedMap{}
	}
	s.maps[addr] = cm
	return t, nil
}

// rows calls f for each row of the box (fixed i1..i_{r-1}; off is the
// byte offset of its first element in the box) with the range [lo, hi)
// of i0 inside the tensor and the global address of element lo (hi <= lo
// when the row is outside).
func (t *tmap) rows(coords *[5]int64, f func(off int, lo, hi int, addr uint64)) {
	var idx [5]int
	rowBytes := t.box[0] * t.e
	for off := 0; off < t.bytes; off += rowBytes {
		inside := true
		addr := int64(t.base)
		for d := 1; d < t.rank; d++ {
			g := coords[d] + int64(idx[d])
			if g < 0 || g >= t.dims[d] {
				inside = false
			}
			addr += g * t.strides[d]
		}
		lo, hi := 0, 0
		if inside {
			lo = int(max(0, -coords[0]))
			hi = int(min(int64(t.box[0]), t.dims[0]-coords[0]))
			addr += (coords[0] + int64(lo)) * int64(t.e)
		}
		f(off, lo, hi, uint64(addr))
		for d := 1; d < t.rank; d++ {
			if idx[d]++; idx[d] < t.box[d] {
				break
			}
			idx[d] = 0
		}
	}
}

// tmaOperands are the slots of a TMA op.
type tmaOperands struct {
	shared, bar, tensorMap, pred int32
	coords                       []int32
}

func newTMAOperands(c *compiler, in *instr) tmaOperands {
	v := gpu.TMAView{Operation: in.op}
	o := tmaOperands{shared: c.slot(v.Shared()), bar: -1, tensorMap: c.slot(v.Map()), pred: -1}
	if b := v.Barrier(); b != nil {
		o.bar = c.slot(b)
	}
	if p := v.Pred(); p != nil {
		o.pred = c.slot(p)
	}
	for _, x := range v.Coords() {
		o.coords = append(o.coords, c.slot(x))
	}
	return o
}

// prepare reads the tensor map and coordinates of an op of th and checks
// the shared-memory box; ok is false when the predicate is off.
func (o *tmaOperands) prepare(th *thread, op *ir.Operation, coords *[5]int64) (*tmap, uint64, bool, error) {
	r := th.regs
	if o.pred >= 0 && r[o.pred]&1 == 0 {
		return nil, 0, false, nil
	}
	t, err := th.tensorMap(op, r[o.tensorMap])
	if err != nil {
		return nil, 0, false, err
	}
	if len(o.coords) != t.rank {
		return nil, 0, false, fmt.Errorf("%d coordinates for a tensor map of rank %d", len(o.coords), t.rank)
	}
	for i, s := range o.coords {
		coords[i] = int64(int32(r[s]))
	}
	box := r[o.shared]
	if box%128 != 0 {
		return nil, 0, false, fmt.Errorf("the shared-memory box at %d is not 128-byte aligned", box)
	}
	if _, err := th.cta.sharedBytes(box, t.bytes, 16); err != nil {
		return nil, 0, false, fmt.Errorf("the %d-byte box: %w", t.bytes, err)
	}
	return t, box, true, nil
}

// tmaLoad is a TMA load whose bytes wait for their mbarrier phase.
type tmaLoad struct {
	op      *ir.Operation
	tid     int
	dst     uint64
	swizzle uint64
	data    []byte // the box, in box order
	issued  clockVec
}

func compileTMALoad(c *compiler, in *instr) error {
	o := newTMAOperands(c, in)
	mask := gpu.Multicast(in.op)
	in.step = func(th *thread, in *instr) error {
		var coords [5]int64
		t, dst, ok, err := o.prepare(th, in.op, &coords)
		if err != nil || !ok {
			return err
		}
		cta := th.cta
		l := cta.async.newLoad()
		*l = tmaLoad{op: in.op, tid: th.tid, dst: dst, swizzle: t.swizzle, data: grow(l.data, t.bytes), issued: l.issued}
		mem := cta.mem
		mem.mu.Lock()
		t.rows(&coords, func(off, lo, hi int, addr uint64) {
			row := l.data[off : off+t.box[0]*t.e]
			fillBox(row, t.e, t.fill)
			if hi <= lo || err != nil {
				return
			}
			var b []byte
			if b, err = mem.slice(addr, (hi-lo)*t.e, t.e); err == nil {
				copy(row[lo*t.e:], b)
			}
		})
		mem.mu.Unlock()
		if err != nil {
			cta.async.loads = append(cta.async.loads, l)
			return fmt.Errorf("the box at %v: %w", append([]int64(nil), coords[:t.rank]...), err)
		}
		bar := th.regs[o.bar]
		if mask != 0 {
			return th.multicast(in.op, l, mask, bar)
		}
		if cta.race != nil {
			cta.race.snapshot(&l.issued, th.tid)
		}
		side := cta.async.mbars.get(bar)
		side.loads = append(side.loads, l)
		return th.arrive(in.op, bar, 0, -t.bytes)
	}
	return nil
}

// multicast hands the box read into l to every CTA of th's cluster whose
// rank is in mask: a copy of the load waits for the phase of the
// mbarrier at bar's offset in each, on which it counts its bytes at once
// (cluster.go). A CTA outside the cluster or exited fails the load
// before any copy is handed over.
func (th *thread) multicast(op *ir.Operation, l *tmaLoad, mask int, bar uint64) error {
	c := th.cta
	for r := 0; r < 16; r++ {
		if mask>>r&1 == 0 {
			continue
		}
		if _, err := th.peer(uint64(r), "multicasts a box into"); err != nil {
			c.async.loads = append(c.async.loads, l)
			return err
		}
	}
	n := len(l.data)
	for r, rec := 0, l; r < 16; r++ {
		if mask>>r&1 == 0 {
			continue
		}
		if rec == nil {
			rec = c.async.newLoad()
			*rec = tmaLoad{op: l.op, tid: l.tid, dst: l.dst, swizzle: l.swizzle, data: append(rec.data[:0], l.data...), issued: rec.issued}
		}
		t := c.cl.ctas[r]
		switch {
		case t == c && c.race != nil:
			c.race.snapshot(&rec.issued, th.tid)
		case t.race != nil:
			// Ordered after what the issuing warp learnt of t's threads
			// (their arrivals on this CTA's barriers).
			rec.issued.reset(t.race)
			if c.know != nil {
				rec.issued.join(t.race, c.know[th.tid/c.lanes][r].get(t.race))
			}
		}
		side := t.async.mbars.get(bar)
		side.loads = append(side.loads, rec)
		if err := th.arriveOn(t, op, bar, 0, -n); err != nil {
			return err
		}
		rec = nil
	}
	return nil
}

// fillBox sets the elements of e bytes of row to the fill pattern.
func fillBox(row []byte, e int, fill uint64) {
	if fill == 0 {
		clear(row)
		return
	}
	for i := 0; i < len(row); i += e {
		putWord(row[i:i+e], fill)
	}
}

// landLoad writes a TMA load's box into shared memory, 16-byte chunk by
// chunk, as the async proxy.
func (c *cta) landLoad(l *tmaLoad) error {
	var who actor
	if c.race != nil {
		who = c.race.asyncActor(l.tid, &l.issued)
	}
	for off := 0; off < len(l.data); off += 16 {
		chunk := l.data[off : off+16]
		a := access{op: l.op, shared: true, addr: swizzle(l.dst+uint64(off), l.swizzle), n: 16, kind: Write}
		if err := c.sharedAccess(who, a, func(b []byte) { copy(b, chunk) }, true); err != nil {
			if _, ok := err.(*RaceError); ok {
				return err
			}
			return fmt.Errorf("the gpu.tma_load at %s lands: %w", opLoc(l.op), err)
		}
	}
	return nil
}

// bulkStore is an issued TMA store.
type bulkStore struct {
	src, swizzle uint64
	// data is the box as read at the issue; the global writes are its
	// in-bounds runs.
	data []byte
	runs []storeRun
	read bool
	// reduce combines an element of global memory with the box's
	// (gpu.tma_reduce), nil for a plain store; e is the element size.
	reduce func(old, v uint64) uint64
	e      int
}

// storeRun is a contiguous in-bounds part of a box row.
type storeRun struct {
	addr   uint64
	off, n int
}

func compileTMAStore(c *compiler, in *instr) error {
	o := newTMAOperands(c, in)
	kind := ""
	if in.op.Name() == gpu.TMAReduceOp.Name {
		kind = gpu.TMAReduceKind(in.op)
	}
	in.step = func(th *thread, in *instr) error {
		var coords [5]int64
		t, src, ok, err := o.prepare(th, in.op, &coords)
		if err != nil || !ok {
			return err
		}
		var reduce func(old, v uint64) uint64
		if kind != "" {
			if reduce, err = tmaReduceFn(kind, t.dt); err != nil {
				return err
			}
		}
		cta := th.cta
		st := cta.async.newStore()
		*st = bulkStore{src: src, swizzle: t.swizzle, data: grow(st.data, t.bytes), runs: st.runs[:0], reduce: reduce, e: t.e}
		for off := 0; off < t.bytes; off += 16 {
			chunk := st.data[off : off+16]
			if err := th.checkAsyncRead(in.op, swizzle(src+uint64(off), t.swizzle), func(b []byte) { copy(chunk, b) }); err != nil {
				cta.async.stores = append(cta.async.stores, st)
				return err
			}
		}
		t.rows(&coords, func(off, lo, hi int, addr uint64) {
			if hi > lo {
				st.runs = append(st.runs, storeRun{addr: addr, off: off + lo*t.e, n: (hi - lo) * t.e})
			}
		})
		th.bulk.issue(pendingEffect{op: in.op, land: landBulkStore, store: st})
		return nil
	}
	return nil
}

// checkAsyncRead reads the 16-byte chunk at addr through the async proxy
// for th: checked against writes no barrier orders before it, not
// recorded (the read may last until a later wait, which checks the bytes
// again).
func (th *thread) checkAsyncRead(op *ir.Operation, addr uint64, f func([]byte)) error {
	c := th.cta
	var who actor
	if c.race != nil {
		who = c.race.warpActor(th.tid)
	}
	return c.sharedAccess(who, access{op: op, shared: true, addr: addr, n: 16, kind: Read}, f, false)
}

// retireRead checks that a store's box is unchanged since the issue.
func (st *bulkStore) retireRead(th *thread, op *ir.Operation) error {
	if st.read {
		return nil
	}
	st.read = true
	for off := 0; off < len(st.data); off += 16 {
		addr := swizzle(st.src+uint64(off), st.swizzle)
		now, old := th.cta.shared[addr:addr+16], st.data[off:off+16]
		if !bytes.Equal(now, old) {
			k := 0
			for now[k] == old[k] {
				k++
			}
			return fmt.Errorf("shared memory byte %d, which the %s at %s reads, was written before a gpu.bulk_wait retired the store's reads", addr+uint64(k), op.Name(), opLoc(op))
		}
	}
	return nil
}

// landBulkStore completes a store: its reads, then its global writes.
func landBulkStore(th *thread, e *pendingEffect) error {
	st := e.store
	if err := st.retireRead(th, e.op); err != nil {
		return err
	}
	mem := th.cta.mem
	mem.mu.Lock()
	defer mem.mu.Unlock()
	for _, r := range st.runs {
		b, err := mem.slice(r.addr, r.n, 1)
		if err != nil {
			return fmt.Errorf("the %s at %s writes: %w", e.op.Name(), opLoc(e.op), err)
		}
		src := st.data[r.off : r.off+r.n]
		if st.reduce == nil {
			copy(b, src)
			continue
		}
		// The reduction is atomic per element; the CTA's memory lock
		// serializes it with every other access.
		for i := 0; i < r.n; i += st.e {
			putWord(b[i:i+st.e], st.reduce(word(b[i:i+st.e]), word(src[i:i+st.e])))
		}
	}
	th.cta.async.stores = append(th.cta.async.stores, st)
	return nil
}

func compileBulkWait(c *compiler, in *instr) error {
	keep := gpu.Pending(in.op)
	if !gpu.WaitsForRead(in.op) {
		in.step = func(th *thread, in *instr) error { return th.bulk.wait(th, keep) }
		return nil
	}
	in.step = func(th *thread, in *instr) error {
		q := &th.bulk
		last := q.group - keep
		for i := range q.effects {
			if e := &q.effects[i]; e.group <= last {
				if err := e.store.retireRead(th, e.op); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return nil
}

// bulkAtExit completes the stores of an exiting thread whose reads were
// retired; a store that may still read shared memory is an error.
func bulkAtExit(th *thread) error {
	q := &th.bulk
	for i := range q.effects {
		if e := &q.effects[i]; !e.store.read {
			return fmt.Errorf("the thread exited before a gpu.bulk_wait retired the reads of the %s at %s", e.op.Name(), opLoc(e.op))
		}
	}
	for i := range q.effects {
		if err := landBulkStore(th, &q.effects[i]); err != nil {
			return err
		}
	}
	q.effects = q.effects[:0]
	return nil
}
