package ttgtogpu

import (
	"fmt"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/ttg"
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

// tmaMessage is one box of a buffer.
type tmaMessage struct {
	origin []int64 // first element, in the buffer's dims
	offset int64   // its byte offset in the buffer
}

// tmaMessages cuts a buffer into TMA boxes and verifies the placement.
func (l *lowering) tmaMessages(op *ir.Operation, mt *ttg.MemDescType) ([]tmaMessage, error) {
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
	bits := storageBits(mt.Elem)
	box, err := linearlayout.TMABlockShape(mt.Dims, linearlayout.NVMMASharedParams{SwizzlingByteWidth: nv.SwizzlingByteWidth,
		Transposed: nv.Transposed, ElementBitWidth: nv.ElementBitWidth}, true)
	if err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	sh, err := l.sharedCTALayout(op, mt)
	if err != nil {
		return nil, err
	}
	if !sh.cta.isTrivial() {
		// Each CTA would copy its share at its own coordinates (and
		// expect its share's bytes), which tt does not lower yet.
		return nil, ir.OpErrorf(op, "TMA copies of a buffer the CTAs of a cluster split (CTA bases %v) are not supported", sh.cta)
	}
	inv := sh.inv
	elem := int64(bits / 8)
	at := func(c []int64) int64 {
		c32 := make([]int32, len(c))
		for i, x := range c {
			c32[i] = int32(x)
		}
		return int64(inv.ApplyFlat(inv.PackIn(c32...))) * elem
	}
	rank := len(mt.Dims)
	counts := make([]int64, rank)
	total := int64(1)
	for d := range counts {
		counts[d] = mt.Dims[d] / box[d]
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
		if err := verifyTMABox(at, msg, box, elem, nv.SwizzlingByteWidth); err != nil {
			return nil, ir.OpErrorf(op, "TMA cannot copy %s: %v", asm.TypeString(mt), err)
		}
		msgs = append(msgs, msg)
	}
	return msgs, nil
}

// verifyTMABox checks that box element i lands, as TMA writes it (row
// major with the last dim innermost, swizzled by the map's width), where
// the layout stores element origin+i.
func verifyTMABox(at func([]int64) int64, msg tmaMessage, box []int64, elem int64, swizzle int) error {
	if msg.offset%128 != 0 {
		return fmt.Errorf("box at %v starts at byte %d, not 128-byte aligned", msg.origin, msg.offset)
	}
	rank := len(box)
	n := int64(1)
	for _, b := range box {
		n *= b
	}
	c := make([]int64, rank)
	for lin := int64(0); lin < n; lin++ {
		rest := lin
		for d := rank - 1; d >= 0; d-- {
			c[d] = msg.origin[d] + rest%box[d]
			rest /= box[d]
		}
		want := at(c)
		got := swizzleAddr(swizzle, msg.offset+lin*elem)
		if want != got {
			return fmt.Errorf("element %v is at byte %d of the buffer, TMA puts it at byte %d", c, want, got)
		}
	}
	return nil
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

// tmaIssuer is the predicate of the thread issuing message m: lane 0 of
// warp m mod num-warps, and pred when given.
func (e *emitter) tmaIssuer(m int, pred ir.Value) ir.Value {
	lane0 := int64(m%e.l.numWarps) * int64(e.l.lanes())
	p := e.icmpC(llvm.ICmpEQ, e.fs.threadID(e.l), lane0)
	if pred != nil {
		p = e.and(p, pred)
	}
	return p
}

// tmaCoords returns a message's coordinates in PTX order (dimension 0,
// the innermost, first) from the op's (outermost first).
func (e *emitter) tmaCoords(coords []ir.Value, msg tmaMessage) []ir.Value {
	out := make([]ir.Value, len(coords))
	for i := range coords {
		d := len(coords) - 1 - i
		out[i] = e.addC(coords[d], msg.origin[d])
	}
	return out
}

// tmaCopy is what both directions of a TMA copy need: the descriptor's
// tensor map, the coordinates, the buffer's address and its boxes.
type tmaCopy struct {
	desc, base ir.Value
	coords     []ir.Value
	msgs       []tmaMessage
}

// planTMACopy checks the target and the buffer, and cuts the buffer into
// boxes.
func (l *lowering) planTMACopy(op *ir.Operation, rw *conversion.Rewriter, coords []ir.Value, buf ir.Value) (*tmaCopy, error) {
	if err := l.target.asyncProxy(); err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	mt, ok := buf.Type().(*ttg.MemDescType)
	if !ok || len(coords) != len(mt.Dims) {
		return nil, ir.OpErrorf(op, "expected as many coordinates as the buffer has dims")
	}
	msgs, err := l.tmaMessages(op, mt)
	if err != nil {
		return nil, err
	}
	return &tmaCopy{desc: rw.Remapped(op.Operand(0)), base: rw.Remapped(buf), coords: remapAll(rw, coords), msgs: msgs}, nil
}

// lowerTMALoad: ttng.async_tma_copy_global_to_local %desc[coords] %buf,
// %bar, %pred -> one gpu.tma_load per box, completing on the barrier.
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
	bar, pred := rw.Remapped(op.Operand(n-3)), rw.Remapped(op.Operand(n-1))
	for m, msg := range c.msgs {
		gpu.NewTMALoad(e.b, e.loc, e.byteGep(c.base, e.i32c(msg.offset)), bar, c.desc, e.tmaCoords(c.coords, msg), e.tmaIssuer(m, pred))
	}
	rw.EraseOp(op)
	return nil
}

// lowerTMAStore: ttng.async_tma_copy_local_to_global -> one gpu.tma_store
// per box, then every thread closes its bulk group.
func (l *lowering) lowerTMAStore(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	n := op.NumOperands()
	c, err := l.planTMACopy(op, rw, op.Operands()[1:n-1], op.Operand(n-1))
	if err != nil {
		return err
	}
	// With clusters, every CTA holds the whole buffer: one stores it.
	leader := e.ctaOwner(int64(1)<<l.ctaBits - 1)
	for m, msg := range c.msgs {
		gpu.NewTMAStore(e.b, e.loc, c.desc, e.tmaCoords(c.coords, msg), e.byteGep(c.base, e.i32c(msg.offset)), e.tmaIssuer(m, leader))
	}
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
