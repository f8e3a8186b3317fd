package ttgtogpu

import (
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/linearlayout"
)

// TMA copies between global memory, addressed through a tensor map
// (a `!tt.tensordesc`, lowered to the map's generic address), and an
// nvmma_shared buffer, as Triton 3.6's LoadStoreOpToLLVM.cpp issues them.
// A box's innermost dimension spans at most one swizzle width, so a
// buffer is copied as several boxes (TMA messages, linearlayout's
// TMABlockShape); message m is issued by lane 0 of warp m mod num-warps.
// The lowering checks, element by element, that TMA places each box
// exactly where the buffer's layout stores it (the tensor map swizzling
// by the buffer's swizzle width, which the kernel metadata hands the host
// for descriptor parameters).
//
// Clusters (ttg.num-ctas > 1). A buffer the CTAs of a cluster split holds
// in each CTA that CTA's share, and each CTA copies its share itself, as
// in Triton 3.6: the boxes are those of the share (the tensor map's box is
// the per-CTA block, which tensorDescMeta and the in-kernel
// tensormap_create both take from the per-CTA shape), and each box's
// coordinates add the offset of the CTA's share in the block, from its
// rank. CTAs holding the same data (free rank bits) load it each; of
// those, only the one with the free bits clear writes global memory
// (stores, and the reductions that will share this code).

// tmaMessage is one box of a buffer.
type tmaMessage struct {
	origin []int64 // first element, in the buffer's dims
	offset int64   // its byte offset in the buffer
}

// tmaMessages cuts the CTA's share of a buffer into TMA boxes and
// verifies the placement; it returns the copy's boxes (origins in the
// share's coordinates), their shape and swizzle, and how the CTAs of a
// cluster split the buffer, in a tmaCopy of the caller's own. The boxes
// are worked out and verified once per buffer type (lowering.tmaBoxes);
// the copies share their lists, which are only read.
func (l *lowering) tmaMessages(op *ir.Operation, mt *ttg.MemDescType) (*tmaCopy, error) {
	c, ok := l.tmaBoxes[mt]
	if !ok {
		var err error
		if c, err = l.newTMAMessages(op, mt); err != nil {
			return nil, err
		}
		if l.tmaBoxes == nil {
			l.tmaBoxes = map[*ttg.MemDescType]*tmaCopy{}
		}
		l.tmaBoxes[mt] = c
	}
	own := *c
	return &own, nil
}

// newTMAMessages is tmaMessages without the memo.
func (l *lowering) newTMAMessages(op *ir.Operation, mt *ttg.MemDescType) (*tmaCopy, error) {
	nv, ok := mt.Encoding.(*ttg.NVMMASharedEncoding)
	if !ok {
		return nil, ir.OpErrorf(op, "TMA copies need an nvmma_shared buffer, got %s", asm.TypeString(mt))
	}
	if nv.FP4Padded {
		return nil, ir.OpErrorf(op, "TMA copies of fp4-padded buffers are not supported")
	}
	if !sameTail(mt.AllocShape, mt.Dims) {
		return nil, ir.OpErrorf(op, "TMA copies of buffer views are not supported (%s)", asm.TypeString(mt))
	}
	sh, err := l.sharedCTALayout(op, mt)
	if err != nil {
		return nil, err
	}
	// The share is the whole buffer without clusters; the tensor map's
	// box is cut from it as from the whole buffer.
	share := sh.shape
	bits := storageBits(mt.Elem)
	box, err := linearlayout.TMABlockShape(share, linearlayout.NVMMASharedParams{SwizzlingByteWidth: nv.SwizzlingByteWidth,
		Transposed: nv.Transposed, ElementBitWidth: nv.ElementBitWidth}, true)
	if err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	inv := sh.inv
	elem := int64(bits / 8)
	// at runs for every element of every box. The layout is linear: an
	// element's offset is the XOR of what each of its coordinates
	// contributes alone (ApplyFlat XORs the bases of the set bits, and
	// PackIn puts each coordinate in bits of its own), so one table per
	// dim, of the offsets along it, answers every element.
	tables := make([][]int64, len(share))
	c32 := make([]int32, len(share))
	for d, n := range share {
		tables[d] = make([]int64, n)
		for x := range tables[d] {
			c32[d] = int32(x)
			tables[d][x] = int64(inv.ApplyFlat(inv.PackIn(c32...)))
		}
		c32[d] = 0
	}
	at := func(c []int64) int64 { return layoutOffset(tables, c) * elem }
	rank := len(share)
	counts := make([]int64, rank)
	total := int64(1)
	for d := range counts {
		counts[d] = share[d] / box[d]
		total *= counts[d]
	}
	var msgs []tmaMessage
	for m := int64(0); m < total; m++ {
		origin := make([]int64, rank)
		rest := m
		for d := 0; d < rank; d++ {
			origin[d] = rest % counts[d] * box[d]
			rest /= counts[d]
		}
		msg := tmaMessage{origin: origin, offset: at(origin)}
		if err := verifyTMABox(tables, msg, box, elem, nv.SwizzlingByteWidth); err != nil {
			return nil, ir.OpErrorf(op, "TMA cannot copy %s: %v", asm.TypeString(mt), err)
		}
		msgs = append(msgs, msg)
	}
	return &tmaCopy{msgs: msgs, box: box, swizzle: nv.SwizzlingByteWidth, cta: sh.cta}, nil
}

// layoutOffset is the element offset of coordinates c: the XOR of each
// coordinate's entry in its dim's table of offsets.
func layoutOffset(tables [][]int64, c []int64) int64 {
	var off int64
	for d, x := range c {
		off ^= tables[d][x]
	}
	return off
}

// verifyTMABox checks that box element i lands, as TMA writes it (row
// major with the last dim innermost, swizzled by the map's width), where
// the layout stores element origin+i (tables are the layout's offsets
// along each dim, as layoutOffset reads them).
func verifyTMABox(tables [][]int64, msg tmaMessage, box []int64, elem int64, swizzle int) error {
	if msg.offset%128 != 0 {
		return fmt.Errorf("box at %v starts at byte %d, not 128-byte aligned", msg.origin, msg.offset)
	}
	rank := len(box)
	last := rank - 1
	rows := int64(1)
	for _, b := range box[:last] {
		rows *= b
	}
	// The elements of a row, which TMA writes one after another, differ
	// from the row's first only in the last dim's table entry.
	lastOffsets := tables[last][msg.origin[last] : msg.origin[last]+box[last]]
	mask := swizzleMask(swizzle)
	if boxMatchesSeparably(tables, msg, box, lastOffsets, rows, elem, mask) {
		return nil
	}
	// Element by element, the first misplaced one named: c walks the
	// box's rows in row-major order (the last dim's coordinate stays at
	// the origin's).
	c := slices.Clone(msg.origin)
	addr := msg.offset
	for row := int64(0); row < rows; row++ {
		rowOff := layoutOffset(tables[:last], c[:last])
		for x, off := range lastOffsets {
			want := (rowOff ^ off) * elem
			if got := swizzleBy(mask, addr); want != got {
				c[last] += int64(x)
				return fmt.Errorf("element %v is at byte %d of the buffer, TMA puts it at byte %d", c, want, got)
			}
			addr += elem
		}
		nextRow(c, msg.origin, box)
	}
	return nil
}

// nextRow moves c, the coordinates of a box's row (those of its dims but
// the last), to the next row in row-major order.
func nextRow(c, origin, box []int64) {
	for d := len(box) - 2; d >= 0; d-- {
		if c[d]++; c[d] < origin[d]+box[d] {
			return
		}
		c[d] = origin[d]
	}
}

// boxMatchesSeparably reports whether every element of a box is where
// TMA writes it, by looking at each row and each column once; false means
// it could not tell that way (verifyTMABox then checks each element).
// When no row's start address shares a bit with an element's byte offset
// within a row, their sum is their XOR; the swizzle is linear over XOR,
// and so is multiplying by a power of two (a shift). Both sides then
// split into a row term XOR a column term, and every element matches
// exactly when swizzleBy(rowStart) ^ rowOff*elem is one value for every
// row and swizzleBy(x*elem) ^ lastOffsets[x]*elem that same value for
// every column x.
func boxMatchesSeparably(tables [][]int64, msg tmaMessage, box, lastOffsets []int64, rows, elem, mask int64) bool {
	if elem <= 0 || elem&(elem-1) != 0 || len(lastOffsets) == 0 {
		return false
	}
	var colBits int64
	want := lastOffsets[0] * elem // column 0's term: swizzleBy(mask, 0) is 0
	for x, off := range lastOffsets {
		colBits |= int64(x) * elem
		if swizzleBy(mask, int64(x)*elem)^off*elem != want {
			return false
		}
	}
	last := len(box) - 1
	c := slices.Clone(msg.origin[:last])
	rowBytes := int64(len(lastOffsets)) * elem
	addr := msg.offset
	for row := int64(0); row < rows; row++ {
		if addr&colBits != 0 || swizzleBy(mask, addr)^layoutOffset(tables[:last], c)*elem != want {
			return false
		}
		addr += rowBytes
		nextRow(c, msg.origin, box)
	}
	return true
}

// sameBox reports whether a tensor map's box moves the buffer's box: the
// same sizes, or (a rank-reducing copy) size-1 dims before them.
func sameBox(mapBox, bufBox []int64) bool {
	lead := len(mapBox) - len(bufBox)
	if lead < 0 || !slices.Equal(mapBox[lead:], bufBox) {
		return false
	}
	for _, b := range mapBox[:lead] {
		if b != 1 {
			return false
		}
	}
	return true
}

func sameTail(alloc, dims []int64) bool {
	tail := alloc[len(alloc)-len(dims):]
	for i := range dims {
		if tail[i] != dims[i] {
			return false
		}
	}
	return true
}

// tmaCopy is what every TMA copy between a tensor map and a shared
// buffer needs (loads, stores, reductions): the descriptor's tensor map,
// the op's coordinates, the buffer's address, the boxes of the CTA's
// share and how the CTAs of a cluster split the buffer.
type tmaCopy struct {
	desc, base ir.Value
	coords     []ir.Value
	msgs       []tmaMessage
	box        []int64 // the boxes' shape, outermost dim first
	swizzle    int     // the buffer's swizzle width in bytes
	cta        ctaSplit
	// oneIssuer: lane 0 of the first warp issues every box
	// (ttng.AttrOneIssuer).
	oneIssuer bool
}

// tmaBox is one TMA instruction of a copy: its shared-memory address,
// its coordinates in PTX order (dimension 0, the innermost, first) and
// the predicate of the thread that issues it.
type tmaBox struct {
	smem   ir.Value
	coords []ir.Value
	pred   ir.Value
}

// planTMACopy checks the target and the buffer, and cuts the CTA's share
// of the buffer into boxes.
func (l *lowering) planTMACopy(op *ir.Operation, rw *conversion.Rewriter, coords []ir.Value, buf ir.Value) (*tmaCopy, error) {
	if err := l.target.asyncProxy(); err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	mt, ok := buf.Type().(*ttg.MemDescType)
	if !ok || len(coords) < len(mt.Dims) {
		return nil, ir.OpErrorf(op, "expected at least as many coordinates as the buffer has dims")
	}
	c, err := l.tmaMessages(op, mt)
	if err != nil {
		return nil, err
	}
	// The tensor map moves the boxes its descriptor type says (the box
	// and swizzle the host or tensormap_create encode); the buffer must be
	// cut in the same boxes, or TMA writes elsewhere than the layout reads.
	if dt, ok := op.Operand(0).Type().(*tt.TensorDescType); ok {
		if box, swizzle, ok, err := descriptorTMABox(dt); err == nil && ok && (!sameBox(box, c.box) || swizzle != c.swizzle) {
			return nil, ir.OpErrorf(op, "the descriptor's tensor map moves %v boxes with a %d-byte swizzle, the buffer %s is copied in %v boxes with a %d-byte swizzle", box, swizzle, asm.TypeString(mt), c.box, c.swizzle)
		}
	}
	c.desc, c.base, c.coords = rw.Remapped(op.Operand(0)), rw.Remapped(buf), remapAll(rw, coords)
	return c, nil
}

// eachBox emits, box by box, the address, coordinates and issuing
// predicate of the copy's TMA instructions and hands them to issue.
// Message m is issued by lane 0 of warp m mod num-warps (of warp 0 with
// oneIssuer) where pred (nil: always) holds; writesGlobal restricts the
// issuers to one CTA of those that hold the same data, as for any global
// write of a cluster.
func (c *tmaCopy) eachBox(e *emitter, pred ir.Value, writesGlobal bool, issue func(b tmaBox)) {
	if writesGlobal {
		if w := e.ctaOwner(c.cta.free()); w != nil {
			if pred == nil {
				pred = w
			} else {
				pred = e.and(pred, w)
			}
		}
	}
	// The buffer's dims are the innermost coordinates; a copy may have
	// more coordinates (a rank-reducing descriptor's leading size-1 dims),
	// the same for every box.
	rank := len(c.coords)
	lead := rank - len(c.box)
	// The coordinates of the CTA's share in the block (nil: dim not split).
	share := make([]ir.Value, len(c.box))
	for d := range share {
		if c.cta.mask(d) != 0 {
			share[d] = e.fs.ctaPart(e.l, c.cta.column(d))
		}
	}
	for m, msg := range c.msgs {
		smem := e.byteGep(c.base, e.i32c(msg.offset))
		cs := make([]ir.Value, rank)
		for i := range cs {
			d := rank - 1 - i
			x := c.coords[d]
			if b := d - lead; b >= 0 {
				x = e.addC(x, msg.origin[b])
				if share[b] != nil {
					x = e.add(x, share[b])
				}
			}
			cs[i] = x
		}
		lane0 := int64(m%e.l.numWarps) * int64(e.l.lanes())
		if c.oneIssuer {
			lane0 = 0
		}
		p := e.icmpC(llvm.ICmpEQ, e.fs.threadID(e.l), lane0)
		if pred != nil {
			p = e.and(p, pred)
		}
		issue(tmaBox{smem: smem, coords: cs, pred: p})
	}
}

// lowerTMALoad: ttng.async_tma_copy_global_to_local %desc[coords] %buf,
// %bar, %pred -> one gpu.tma_load per box of the CTA's share, completing
// on the CTA's barrier.
func (l *lowering) lowerTMALoad(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if intAttrOr(op, "cache", int64(memory.CacheNone)) != int64(memory.CacheNone) || intAttrOr(op, "evict", int64(memory.EvictNormal)) != int64(memory.EvictNormal) {
		return ir.OpErrorf(op, "TMA loads with a cache modifier or eviction policy are not supported (Triton 3.6 refuses them too)")
	}
	if a, ok := op.Attr("isVolatile").(*ir.IntegerAttr); ok && a.Bits&1 != 0 {
		return ir.OpErrorf(op, "volatile TMA loads are not supported (Triton 3.6 refuses them too)")
	}
	n := op.NumOperands()
	c, err := l.planTMACopy(op, rw, op.Operands()[1:n-3], op.Operand(n-2))
	if err != nil {
		return err
	}
	c.oneIssuer = op.HasAttr(ttng.AttrOneIssuer)
	bar, pred := rw.Remapped(op.Operand(n-3)), rw.Remapped(op.Operand(n-1))
	if op.HasAttr(ttng.AttrMulticastCluster) {
		return l.lowerTMAMulticast(op, e, rw, c, bar, pred)
	}
	c.eachBox(e, pred, false, func(b tmaBox) {
		gpu.NewTMALoad(e.b, e.loc, b.smem, bar, c.desc, b.coords, b.pred)
	})
	rw.EraseOp(op)
	return nil
}

// lowerTMAMulticast lowers a copy the CTAs of a cluster make together
// (ttng.AttrMulticastCluster): box m is issued by the CTA of rank m mod
// the cluster's size, multicast to every CTA of the cluster, where it
// lands at the same offset and completes on the barrier at the same
// offset. A tile of fewer boxes than CTAs leaves the others nothing to
// issue.
func (l *lowering) lowerTMAMulticast(op *ir.Operation, e *emitter, rw *conversion.Rewriter, c *tmaCopy, bar, pred ir.Value) error {
	n := ttg.CTACluster(l.module)
	if n < 2 || l.ctaBits > 0 {
		return ir.OpErrorf(op, "%s needs the module's clusters of CTAs (%s of 2 or more, without ttg.num-ctas)", ttng.AttrMulticastCluster, ttg.AttrCTACluster)
	}
	rank := e.fs.clusterRank(l)
	m := 0
	c.eachBox(e, pred, false, func(b tmaBox) {
		mine := e.icmpC(llvm.ICmpEQ, rank, int64(m%n))
		ld := gpu.NewTMALoad(e.b, e.loc, b.smem, bar, c.desc, b.coords, e.and(b.pred, mine))
		ld.SetAttr(gpu.AttrMulticast, ir.I32Attr(e.b.Ctx, int64(1)<<n-1))
		m++
	})
	rw.EraseOp(op)
	return nil
}

// lowerTMAStore: ttng.async_tma_copy_local_to_global -> one gpu.tma_store
// per box, then every thread closes its bulk group.
func (l *lowering) lowerTMAStore(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	return l.lowerTMAStoreLike(op, e, rw, func(tmap ir.Value, coords []ir.Value, src, pred ir.Value) {
		gpu.NewTMAStore(e.b, e.loc, tmap, coords, src, pred)
	})
}

// lowerTMAStoreLike lowers a store-like TMA op (%desc[coords] %src: a
// store or a reduction), as Triton's convertTMAStoreLikeOp does both:
// issue emits one instruction per box of the CTA's share (the tensor map,
// the box's coordinates in PTX order, its shared address and issuing
// predicate), then every thread closes its bulk group.
func (l *lowering) lowerTMAStoreLike(op *ir.Operation, e *emitter, rw *conversion.Rewriter,
	issue func(tmap ir.Value, coords []ir.Value, src, pred ir.Value)) error {
	n := op.NumOperands()
	c, err := l.planTMACopy(op, rw, op.Operands()[1:n-1], op.Operand(n-1))
	if err != nil {
		return err
	}
	c.eachBox(e, nil, true, func(b tmaBox) { issue(c.desc, b.coords, b.smem, b.pred) })
	gpu.NewBulkCommit(e.b, e.loc)
	rw.EraseOp(op)
	return nil
}

// lowerTMAStoreWait: ttng.async_tma_store_wait {pendings} waits until the
// older bulk groups have read their shared memory.
func (l *lowering) lowerTMAStoreWait(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if err := l.target.asyncProxy(); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	gpu.NewBulkWait(e.b, e.loc, int(intAttrOr(op, "pendings", 0)), true)
	rw.EraseOp(op)
	return nil
}

func remapAll(rw *conversion.Rewriter, vs []ir.Value) []ir.Value {
	out := make([]ir.Value, len(vs))
	for i, v := range vs {
		out[i] = rw.Remapped(v)
	}
	return out
}
