package allocation

import (
	"math/bits"

	"github.com/ttcompiler/tt/analysis/alias"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/linearlayout"
)

// ScratchAlignment is the byte alignment of every op scratch buffer and of
// the shared memory a call reserves for its callee.
const ScratchAlignment = 128

// Scratch is the temporary shared memory an op's lowering needs.
type Scratch struct {
	Bytes int // 0: the op needs none
	Align int
}

// ScratchSizeFunc returns the scratch bytes of an op (Triton's
// AllocationAnalysisScratchSizeFn). It is not asked about calls,
// warp_specialize ops and functions, whose buffers are sized otherwise.
type ScratchSizeFunc func(op *ir.Operation) (int, error)

// ConstantScratch returns a ScratchSizeFunc that gives every op n bytes
// (test-print-allocation's get-scratch-size-function=ValidConstant uses
// 128).
func ConstantScratch(n int) ScratchSizeFunc {
	return func(*ir.Operation) (int, error) { return n, nil }
}

// ScratchFor returns the scratch buffer op's lowering needs: the single
// source of truth for allocation and lowering. The lowering of an op must
// stay within Bytes bytes from the op's allocation.offset:
//
//   - ttg.convert_layout: 0 unless linearlayout.ConversionPlan says the
//     conversion goes through shared memory; then
//     linearlayout.PlanSharedConversion(src, dst, bits, rule).ScratchElems
//     elements of bits bits each (max(bits, 8), pointers 64: one round of
//     the plan; rounds reuse the buffer), with Triton's generic rule here
//     and its NVIDIA rule under NvidiaScratchSize.
//   - tt.reduce across warps: the source shape with the reduced dim
//     replaced by the number of warps along it, times the sum of the
//     operand element sizes (bytes, rounded up); 0 within a warp.
//   - tt.scan across warps of a blocked layout: Triton's
//     ScanLoweringHelper::getScratchSizeInElems elements, times the summed
//     element sizes; 0 within a warp. Other layouts, which Triton does not
//     lower, get a slot per distinct register and thread (tt's lowering
//     exchanges their warp bits one at a time).
//   - tt.gather: 0 when warp-local (GatherLoweringHelper::isWarpLocal),
//     else the whole source tensor.
//   - tt.histogram: max(bins, threads per warp) elements of the result.
//   - tt.atomic_rmw / tt.atomic_cas whose result is used: one element for a
//     scalar, the tensor's elements per CTA when its layout broadcasts
//     (the result is shared through memory), else 0; elements are at least
//     one byte.
//   - ttng.tensormap_create: 128 bytes (one TMA descriptor) for each map of
//     its run (ttng.TensormapCreateRun), all reserved by the run's first
//     create (the others 0): the lowering builds a run's maps at once.
//     Triton reserves 128 bytes for each create.
//   - ttg.warp_specialize: the explicit captures packed tightly (scalars
//     their size, pointers and descriptors of other memories 8 bytes,
//     shared descriptors 8 + 4 per dim), aligned to 8.
//   - a function: one byte per warp of its largest warp_specialize's
//     partitions (warp-group state), aligned to 4.
//
// All other op scratch buffers are aligned to ScratchAlignment. Calls own
// no scratch of their own: ModuleAllocation reserves their callee's size.
func ScratchFor(op *ir.Operation) (Scratch, error) {
	switch {
	case alias.IsFunction(op):
		return Scratch{Bytes: warpIndexBytes(op), Align: 4}, nil
	case op.Name() == "ttg.warp_specialize":
		n, err := captureBytes(op)
		return Scratch{Bytes: n, Align: 8}, err
	case isCall(op):
		return Scratch{Align: ScratchAlignment}, nil
	}
	n, err := DefaultScratchSize(op)
	return Scratch{Bytes: n, Align: ScratchAlignment}, err
}

// ScratchBytes returns the bytes of op's scratch buffer (see ScratchFor)
// and whether they could be computed (false for malformed ops, whose
// ScratchFor error says why).
func ScratchBytes(op *ir.Operation) (int, bool) {
	s, err := ScratchFor(op)
	return s.Bytes, err == nil
}

// DefaultScratchSize is Triton's defaultAllocationAnalysisScratchSizeFn:
// the scratch bytes of an op other than a call, a warp_specialize or a
// function (see ScratchFor).
func DefaultScratchSize(op *ir.Operation) (int, error) {
	switch op.Name() {
	case "tt.reduce":
		return reduceScratch(op)
	case "tt.scan":
		return scanScratch(op)
	case "tt.gather":
		return gatherScratch(op)
	case "tt.histogram":
		return histogramScratch(op)
	case "ttg.convert_layout":
		return convertScratch(op)
	case "tt.atomic_rmw", "tt.atomic_cas", "amdg.buffer_atomic_rmw", "amdg.buffer_atomic_cas":
		return atomicScratch(op)
	case "ttng.tensormap_create":
		// A run of maps is built at once, each in its own 128 bytes of
		// the area its first create reserves (ttng.TensormapCreateRun).
		first, _, n := ttng.TensormapCreateRun(op)
		if first != op {
			return 0, nil
		}
		return 128 * n, nil
	}
	return 0, nil
}

func axisOf(op *ir.Operation, rank int) (int, error) {
	a, ok := op.Attr("axis").(*ir.IntegerAttr)
	if !ok {
		return 0, ir.OpErrorf(op, "expected an integer axis attribute")
	}
	axis := int(a.Int())
	if axis < 0 || axis >= rank {
		return 0, ir.OpErrorf(op, "axis %d is out of range for rank %d", axis, rank)
	}
	return axis, nil
}

func operandBytes(op *ir.Operation) (int, error) {
	n := 0
	for _, v := range op.Operands() {
		rt, ok := v.Type().(*ir.RankedTensorType)
		if !ok {
			return 0, ir.OpErrorf(op, "expected ranked tensor operands, got %s", typeName(v.Type()))
		}
		n += bytesOf(rt.Elem)
	}
	return n, nil
}

// reduceScratch is ReduceOpHelper::getScratchSizeInBytes.
func reduceScratch(op *ir.Operation) (int, error) {
	if op.NumOperands() == 0 {
		return 0, ir.OpErrorf(op, "expected at least one operand")
	}
	rt, ll, err := tensorLayout(op, op.Operand(0).Type())
	if err != nil {
		return 0, err
	}
	axis, err := axisOf(op, rt.Rank())
	if err != nil {
		return 0, err
	}
	warps := basesPerDim(ll, linearlayout.Warp, rt.Rank())[axis]
	if warps == 1 {
		return 0, nil
	}
	shape := append([]int64(nil), rt.Shape()...)
	shape[axis] = int64(warps)
	per, err := operandBytes(op)
	if err != nil {
		return 0, err
	}
	return checked(op, product(shape)*int64(per))
}

// scanScratch is ScanLoweringHelper::getScratchSizeInBytes.
func scanScratch(op *ir.Operation) (int, error) {
	if op.NumOperands() == 0 {
		return 0, ir.OpErrorf(op, "expected at least one operand")
	}
	rt, ll, err := tensorLayout(op, op.Operand(0).Type())
	if err != nil {
		return 0, err
	}
	rank := rt.Rank()
	axis, err := axisOf(op, rank)
	if err != nil {
		return 0, err
	}
	warps := basesPerDim(ll, linearlayout.Warp, rank)
	if warps[axis] == 1 {
		return 0, nil
	}
	if _, ok := rt.Encoding.(*ttg.BlockedEncoding); !ok {
		return unblockedScanScratch(op, ll)
	}
	threads := basesPerDim(ll, linearlayout.Lane, rank)
	contig := contigPerThread(ll, rank)
	shape := rt.Shape()
	blocks := func(d int) int64 {
		per := int64(contig[d] * threads[d] * warps[d])
		return (shape[d] + per - 1) / per
	}
	nonAxisElems := 1
	nonAxisBlocks := int64(1)
	for d := 0; d < rank; d++ {
		if d != axis {
			nonAxisElems *= contig[d]
			nonAxisBlocks *= blocks(d)
		}
	}
	nonAxisThreads := productInt(threads) / threads[axis]
	elems := int64(productInt(warps)*nonAxisThreads*nonAxisElems) * blocks(axis) * nonAxisBlocks
	per, err := operandBytes(op)
	if err != nil {
		return 0, err
	}
	return checked(op, elems*int64(per))
}

// unblockedScanScratch sizes a scan across warps of a layout other than
// blocked, which Triton does not lower (and reserves nothing for). tt's
// lowering exchanges such a layout's warp bits one at a time: every
// thread stores each of its distinct registers (those the register free
// variables do not repeat), one slot per register and thread.
func unblockedScanScratch(op *ir.Operation, ll linearlayout.LinearLayout) (int, error) {
	logElems := 0
	for _, d := range []string{linearlayout.Register, linearlayout.Lane, linearlayout.Warp} {
		if ll.HasInDim(d) {
			logElems += ll.InDimSizeLog2(d)
		}
	}
	if ll.HasInDim(linearlayout.Register) {
		logElems -= bits.OnesCount32(uint32(ll.FreeVariableMask(linearlayout.Register)))
	}
	per, err := operandBytes(op)
	if err != nil {
		return 0, err
	}
	return checked(op, int64(1)<<logElems*int64(per))
}

// gatherScratch is GatherLoweringHelper::getScratchSizeInBytes.
func gatherScratch(op *ir.Operation) (int, error) {
	if op.NumOperands() < 2 {
		return 0, ir.OpErrorf(op, "expected a source and an index operand")
	}
	src, srcLL, err := tensorLayout(op, op.Operand(0).Type())
	if err != nil {
		return 0, err
	}
	_, idxLL, err := tensorLayout(op, op.Operand(1).Type())
	if err != nil {
		return 0, err
	}
	axis, err := axisOf(op, src.Rank())
	if err != nil {
		return 0, err
	}
	if gatherIsWarpLocal(srcLL, idxLL, axis, src.Rank()) {
		return 0, nil
	}
	return checked(op, product(src.Shape())*int64(bytesOf(src.Elem)))
}

// gatherIsWarpLocal: every column along the gather axis is owned by one
// warp in both layouts, the warps own the same columns, and the same
// lanes (GatherLoweringHelper::isWarpLocal).
func gatherIsWarpLocal(src, idx linearlayout.LinearLayout, axis, rank int) bool {
	names := linearlayout.StandardOutDimNames(rank)
	bw := []string{linearlayout.Block, linearlayout.Warp}
	for _, l := range []linearlayout.LinearLayout{src, idx} {
		for _, d := range append(bw, linearlayout.Lane) {
			if !l.HasInDim(d) {
				return false
			}
		}
		if !l.SublayoutIsZero(bw, []string{names[axis]}) {
			return false
		}
	}
	var others []string
	for d, n := range names {
		if d != axis {
			others = append(others, n)
		}
	}
	if !src.Sublayout(bw, others).Equal(idx.Sublayout(bw, others)) {
		return false
	}
	lane := []string{linearlayout.Lane}
	return src.Sublayout(lane, others).Equal(idx.Sublayout(lane, others))
}

// histogramScratch: one counter per bin, at least one per lane.
func histogramScratch(op *ir.Operation) (int, error) {
	if op.NumResults() != 1 {
		return 0, ir.OpErrorf(op, "expected one result")
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return 0, ir.OpErrorf(op, "expected a ranked tensor result, got %s", typeName(op.Result(0).Type()))
	}
	tpw := 32
	if m := ttg.ModuleOf(op); m != nil {
		tpw = ttg.ThreadsPerWarp(m)
	}
	n := max(product(rt.Shape()), int64(tpw))
	return checked(op, n*int64(elemBitwidth(rt.Elem))/8)
}

// convertScratch sizes a layout conversion from the plan its lowering
// follows, by Triton's generic rule.
func convertScratch(op *ir.Operation) (int, error) {
	return convertScratchBy(op, linearlayout.SharedInstrs{})
}

func convertScratchBy(op *ir.Operation, in linearlayout.SharedInstrs) (int, error) {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return 0, ir.OpErrorf(op, "expected one operand and one result")
	}
	return ConvertScratchBytes(op, op.Operand(0).Type(), op.Result(0).Type(), in)
}

// NvidiaScratchSize is Triton's getNvidiaAllocationAnalysisScratchSizeFn
// for a compute capability (90 for sm_90): a layout conversion through
// shared memory is sized by the NVIDIA rule
// (linearlayout.NvidiaSharedInstrs), which also weighs ldmatrix and
// stmatrix and may keep fewer elements per round than the generic one;
// every other op as DefaultScratchSize.
func NvidiaScratchSize(computeCapability int) ScratchSizeFunc {
	in := linearlayout.NvidiaSharedInstrs(computeCapability)
	return func(op *ir.Operation) (int, error) {
		if op.Name() == "ttg.convert_layout" {
			return convertScratchBy(op, in)
		}
		return DefaultScratchSize(op)
	}
}

// ConvertScratchBytes is the scratch a conversion from src to dst takes
// (at op, for diagnostics) by rule in: one round of the swizzled plan the
// lowering follows (linearlayout.PlanSharedConversion); 0 for conversions
// without shared memory.
func ConvertScratchBytes(op *ir.Operation, srcT, dstT ir.Type, in linearlayout.SharedInstrs) (int, error) {
	n, err := memoConvertScratch(op, srcT, dstT, in)
	if err != nil {
		return 0, err
	}
	return checked(op, n)
}

// sizeConvertScratch is ConvertScratchBytes before checked's bound and
// without the memo; op locates its errors.
func sizeConvertScratch(op *ir.Operation, srcT, dstT ir.Type, in linearlayout.SharedInstrs) (int64, error) {
	src, srcLL, err := tensorLayout(op, srcT)
	if err != nil {
		return 0, err
	}
	dst, dstLL, err := tensorLayout(op, dstT)
	if err != nil {
		return 0, err
	}
	// The two layouts built, only the plan can fail here.
	kind, err := ttg.PlannedConversionKind(src, dst)
	if err != nil {
		return 0, ir.OpErrorf(op, "planning the layout conversion: %v", err)
	}
	switch kind {
	case linearlayout.ConvertNothing, linearlayout.ConvertRegisterPermutation, linearlayout.ConvertWarpShuffle:
		return 0, nil
	case linearlayout.ConvertCrossCTA:
		return 0, ir.OpErrorf(op, "layout conversions across the CTAs of a cluster are not supported")
	}
	bits := elemBitwidth(src.Elem)
	sc, err := linearlayout.PlanSharedConversion(srcLL, dstLL, bits, in)
	if err != nil {
		return 0, ir.OpErrorf(op, "planning the shared memory conversion: %v", err)
	}
	return sc.ScratchElems * int64(bits/8), nil
}

// atomicScratch: a used result is broadcast to the threads that did not
// issue the atomic through shared memory (getRepShapeForAtomic).
func atomicScratch(op *ir.Operation) (int, error) {
	if op.NumResults() != 1 || op.NumOperands() == 0 {
		return 0, ir.OpErrorf(op, "expected a pointer operand and one result")
	}
	res := op.Result(0)
	if !op.ResultsUsed() {
		return 0, nil
	}
	elems := int64(1)
	if rt, ok := res.Type().(*ir.RankedTensorType); ok {
		_, ll, err := tensorLayout(op, rt)
		if err != nil {
			return 0, err
		}
		broadcast := false
		for _, m := range ll.FreeVariableMasks() {
			if m.Value != 0 {
				broadcast = true
			}
		}
		if !broadcast {
			return 0, nil
		}
		elems = product(shapePerCTA(rt.Encoding, rt.Shape()))
	}
	ptr := op.Operand(0).Type()
	if rt, ok := ptr.(*ir.RankedTensorType); ok {
		ptr = rt.Elem
	}
	pt, ok := ptr.(*tt.PointerType)
	if !ok {
		return 0, ir.OpErrorf(op, "expected a pointer operand, got %s", typeName(op.Operand(0).Type()))
	}
	elem := pt.Pointee
	if rt, ok := elem.(*ir.RankedTensorType); ok {
		elem = rt.Elem
	}
	return checked(op, elems*int64(max(8, ir.BitWidth(elem)))/8)
}

// captureBytes is WarpSpecializeOp::getCaptureSizeAlign's size.
func captureBytes(op *ir.Operation) (int, error) {
	n := 0
	for _, v := range op.Operands() {
		switch t := v.Type().(type) {
		case *ir.IntegerType, *ir.FloatType:
			n += (ir.BitWidth(t) + 7) / 8
		case *tt.PointerType, *tt.TensorDescType:
			n += 8
		case *ttg.MemDescType:
			if alias.IsSharedMemory(t) {
				n += 8 + 4*t.Rank()
			} else {
				n += 8
			}
		default:
			return 0, ir.OpErrorf(op, "the shared memory size of a captured %s is unspecified", typeName(t))
		}
	}
	return n, nil
}

// warpIndexBytes: the warp-group state of warp specialization, one byte
// per partition warp of the function's largest warp_specialize.
func warpIndexBytes(fn *ir.Operation) int {
	n := 0
	ir.WalkOps(fn, func(op *ir.Operation) {
		if op.Name() != "ttg.warp_specialize" {
			return
		}
		if a, ok := op.Attr("partitionNumWarps").(*ir.DenseArrayAttr); ok {
			sum := 0
			for _, w := range a.Ints {
				sum += int(w)
			}
			n = max(n, sum)
		}
	})
	return n
}

// maxBytes bounds a buffer size: shared memory is at most a few hundred
// KiB, and offsets are printed as i32.
const maxBytes = 1 << 30

func checked(op *ir.Operation, n int64) (int, error) {
	if n < 0 || n > maxBytes {
		return 0, ir.OpErrorf(op, "needs %d bytes of shared memory, more than any GPU has", n)
	}
	return int(n), nil
}

func typeName(t ir.Type) string {
	if t == nil {
		return "<nil>"
	}
	return asm.TypeString(t)
}
