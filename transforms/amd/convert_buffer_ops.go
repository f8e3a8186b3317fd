package amd

import (
	"flag"
	"github.com/ttcompiler/tt/dialects/memory"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/analysis/intrange"
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-convert-buffer-ops",
		DisplayName: "TritonAMDGPUConvertToBufferOps",
		Summary:     "Convert memory operations to buffer operations",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			var o BufferOpsOptions
			fs.StringVar(&o.Arch, "arch-generation-name", "", "GFX generation name of target device.")
			fs.BoolVar(&o.AllowBufferAtomics, "allow-buffer-atomics", true, "Allow buffer atomic operations when the hardware supports it.")
			fs.BoolVar(&o.AnalyzeSmallTensorOfst, "analyze-small-tensor-ofst", false,
				"Whether to still analyze index range for tensors whose base has tt.pointer_range = 32 specialization.")
			return func(op *ir.Operation, st *passmgr.State) error { return ConvertBufferOps(op, o, st.Emit) }
		},
	})
}

// BufferOpsOptions are tritonamdgpu-convert-buffer-ops' options.
type BufferOpsOptions struct {
	Arch                   string
	AllowBufferAtomics     bool
	AnalyzeSmallTensorOfst bool
}

// ConvertBufferOps is Triton 3.6's tritonamdgpu-convert-buffer-ops: a
// global load, store, atomic or (on CDNA3/4) async copy whose address is a
// splatted scalar base plus an i32 offset tensor becomes the amdg buffer
// op on (base, offsets), when the offsets are known non-negative and the
// largest byte offset below 2 GiB (integer range analysis), or the base is
// a kernel argument with tt.pointer_range = 32. Buffer instructions check
// the offsets against the buffer's extent in hardware: out-of-range reads
// return zero and writes are dropped. All-true masks and zero `other`
// values are dropped.
func ConvertBufferOps(module *ir.Operation, o BufferOpsOptions, emit func(*ir.Diagnostic)) error {
	s, _ := solveRanges(module, emit)
	c := &bufferConverter{opts: o, ranges: s, ai: axisinfo.Analyze(module, axisinfo.AMDVisitor), isa: amdgpu.DeduceISAFamily(o.Arch),
		hasDot: map[*ir.Operation]bool{}}
	if arch, ok := amdgpu.ArchOfTarget(ttg.Target(module)); ok {
		c.targetISA = amdgpu.DeduceISAFamily(arch)
	}
	patterns := []ir.RewritePattern{
		ir.NewPattern("ConvertTritonLoadToBufferLoad", "tt.load", 1, c.load),
		ir.NewPattern("ConvertTritonStoreToBufferStore", "tt.store", 1, c.store),
		ir.NewPattern("ConvertTritonAtomicCASOpToBufferAtomicCAS", "tt.atomic_cas", 1, c.atomicCAS),
	}
	if c.targetISA == amdgpu.CDNA3 || c.targetISA == amdgpu.CDNA4 {
		patterns = append(patterns, ir.NewPattern("ConvertTritonLoadToBufferLoad", "ttg.async_copy_global_to_local", 1, c.asyncCopy))
	}
	if o.AllowBufferAtomics && (c.isa == amdgpu.CDNA3 || c.isa == amdgpu.CDNA4) {
		patterns = append(patterns, ir.NewPattern("ConvertTritonAtomicRMWOpToBufferAtomicRMW", "tt.atomic_rmw", 1, c.atomicRMW))
	}
	return applyGreedily(module, patterns)
}

type bufferConverter struct {
	opts           BufferOpsOptions
	ranges         *intrange.Solver
	ai             *axisinfo.Module
	isa, targetISA amdgpu.ISAFamily
	hasDot         map[*ir.Operation]bool
}

// bufferAddress splits ptr into the scalar base and offsets of a buffer
// op, when the buffer op is safe: ptr is tt.addptr(tt.splat(base),
// offsets) with i32 offsets, and the base has a 32-bit pointer range or
// the offsets provably stay in [0, 2 GiB) bytes.
func (c *bufferConverter) bufferAddress(ptr ir.Value) (base, offsets ir.Value, ok bool) {
	add := ptr.DefiningOp()
	if add == nil || add.Name() != "tt.addptr" {
		return nil, nil, false
	}
	splat := add.Operand(0).DefiningOp()
	if splat == nil || splat.Name() != "tt.splat" {
		return nil, nil, false
	}
	offsets = add.Operand(1)
	ot, isTensor := offsets.Type().(*ir.RankedTensorType)
	if !isTensor || ir.BitWidth(ot.Elem) != 32 {
		return nil, nil, false
	}
	base = splat.Operand(0)
	if !c.opts.AnalyzeSmallTensorOfst && isFuncArgWith32BitPtrRange(base) {
		return base, offsets, true
	}
	return base, offsets, c.byteOffsetBelow2GB(add)
}

func (c *bufferConverter) byteOffsetBelow2GB(add *ir.Operation) bool {
	l := c.ranges.State(add.Operand(1))
	if !l.Set || !l.R.NonNegative() || l.R.SMaxInt() < 0 {
		return false
	}
	elem := ir.ElementTypeOrSelf(add.Result(0).Type())
	for {
		p, ok := elem.(*tt.PointerType)
		if !ok {
			break
		}
		elem = p.Pointee
	}
	bits := int64(ir.BitWidth(elem))
	if bits == 0 {
		return false
	}
	maxByte := (bits*l.R.SMaxInt() + bits + 7) / 8
	return maxByte <= 1<<31-1
}

// isFuncArgWith32BitPtrRange reports a tt.func argument marked
// tt.pointer_range = 32 (or less).
func isFuncArgWith32BitPtrRange(v ir.Value) bool {
	arg, ok := v.(*ir.BlockArgument)
	if !ok {
		return false
	}
	fn := arg.Owner().ParentOp()
	if fn == nil || fn.Name() != "tt.func" || arg.Owner() != fn.Region(0).Front() {
		return false
	}
	r, ok := tt.FuncOp{Operation: fn}.ArgAttr(arg.Index(), "tt.pointer_range").(*ir.IntegerAttr)
	return ok && r.Int() <= 32
}

// blockStride is the stride canonicalize-pointers leaves on a 2-D offset
// (offsets = broadcast(muli(splat(stride), ..)) + ...), or nil.
func blockStride(offsets ir.Value) ir.Value {
	add := offsets.DefiningOp()
	if add == nil || add.Name() != "arith.addi" {
		return nil
	}
	for _, v := range add.Operands() {
		bc := v.DefiningOp()
		if bc == nil || bc.Name() != "tt.broadcast" {
			continue
		}
		mul := bc.Operand(0).DefiningOp()
		if mul == nil || mul.Name() != "arith.muli" {
			continue
		}
		for _, m := range mul.Operands() {
			if sp := m.DefiningOp(); sp != nil && sp.Name() == "tt.splat" {
				return sp.Operand(0)
			}
		}
	}
	return nil
}

// isSplatOne reports an all-true (all-one) constant mask.
func isSplatOne(v ir.Value) bool {
	d := v.DefiningOp()
	if d == nil || d.Name() != "arith.constant" {
		return false
	}
	a, ok := d.Attr("value").(*ir.DenseElementsAttr)
	return ok && !a.IsFloat() && a.IsSplat() && a.Ints[0] == 1
}

// isZeroConst reports a splat zero constant (either float zero).
func isZeroConst(v ir.Value) bool {
	d := v.DefiningOp()
	if d == nil || d.Name() != "arith.constant" {
		return false
	}
	a, ok := d.Attr("value").(*ir.DenseElementsAttr)
	if !ok || !a.IsSplat() {
		return false
	}
	if a.IsFloat() {
		return a.FloatAt(0) == 0
	}
	return a.IntAt(0) == 0
}

// optional returns v unless drop says it is redundant.
func optional(v ir.Value, drop func(ir.Value) bool) ir.Value {
	if v == nil || drop(v) {
		return nil
	}
	return v
}

// feedsDotWithF32 is Triton's workaround for an LLVM bug: f32 loads in a
// function with a tt.dot stay tt.load.
func (c *bufferConverter) feedsDotWithF32(op *ir.Operation) bool {
	if !isFloatKind(elemOf(op.Result(0)), ir.F32) {
		return false
	}
	fn := op.ParentOp()
	for fn != nil && fn.Name() != "tt.func" {
		fn = fn.ParentOp()
	}
	if fn == nil {
		return true
	}
	has, seen := c.hasDot[fn]
	if !seen {
		has = len(opsNamed(fn, "tt.dot")) > 0
		c.hasDot[fn] = has
	}
	return has
}

func (c *bufferConverter) load(op *ir.Operation, rw ir.Rewriter) bool {
	if c.feedsDotWithF32(op) {
		return false
	}
	base, offsets, ok := c.bufferAddress(op.Operand(0))
	if !ok {
		return false
	}
	ld := tt.LoadOp{Operation: op}
	nl := amdgpu.NewBufferLoad(rw.B(), op.Loc(), op.Result(0).Type(), base, offsets, blockStride(offsets), ld.Cache(),
		optional(ld.Mask(), isSplatOne), optional(ld.Other(), isZeroConst))
	rw.ReplaceOpWithOp(op, nl)
	return true
}

func (c *bufferConverter) asyncCopy(op *ir.Operation, rw ir.Rewriter) bool {
	if c.feedsDotWithF32(op) {
		return false
	}
	base, offsets, ok := c.bufferAddress(op.Operand(0))
	if !ok {
		return false
	}
	cp := ttg.AsyncCopyOp{Operation: op}
	cache := memory.CacheNone
	if a, ok := op.Attr("cache").(*ir.IntegerAttr); ok {
		cache = memory.CacheModifier(a.Int())
	}
	contig := int64(1)
	if a, ok := op.Attr("contiguity").(*ir.IntegerAttr); ok {
		contig = a.Int()
	}
	nl := amdgpu.NewBufferLoadToLocal(rw.B(), op.Loc(), cp.Dst(), base, offsets, optional(cp.Mask(), isSplatOne),
		optional(cp.Other(), isZeroConst), blockStride(offsets), cache, contig)
	rw.ReplaceOpWithOp(op, nl)
	return true
}

func (c *bufferConverter) store(op *ir.Operation, rw ir.Rewriter) bool {
	st := tt.StoreOp{Operation: op}
	base, offsets, ok := c.bufferAddress(st.Ptr())
	if !ok {
		return false
	}
	rw.ReplaceOpWithOp(op, amdgpu.NewBufferStore(rw.B(), op.Loc(), st.Value(), base, offsets, blockStride(offsets), st.Cache(),
		optional(st.Mask(), isSplatOne)))
	return true
}

// atomicOK checks the scope (GPU or CTA) and ordering (not sequentially
// consistent) buffer atomics support.
func atomicOK(sem memory.MemSemantic, scope memory.MemSyncScope) bool {
	return (scope == memory.ScopeGPU || scope == memory.ScopeCTA) &&
		(sem == memory.SemRelaxed || sem == memory.SemAcquire || sem == memory.SemRelease || sem == memory.SemAcqRel)
}

func (c *bufferConverter) atomicCAS(op *ir.Operation, rw ir.Rewriter) bool {
	a := tt.AtomicCASOp{Operation: op}
	base, offsets, ok := c.bufferAddress(a.Ptr())
	if !ok || !atomicOK(a.Sem(), a.Scope()) {
		return false
	}
	elem := elemOf(a.Val())
	if !ir.IsInteger(elem, 32) && !ir.IsInteger(elem, 64) {
		return false
	}
	bits := ir.BitWidth(elem)
	if _, isTensor := a.Val().Type().(*ir.RankedTensorType); isTensor {
		bits *= c.vectorSizeOf(base, offsets)
	}
	if bits < 32 {
		return false
	}
	rw.ReplaceOpWithOp(op, amdgpu.NewBufferAtomicCAS(rw.B(), op.Loc(), a.Val().Type(), base, offsets, a.Cmp(), a.Val(),
		blockStride(offsets), a.Sem(), a.Scope()))
	return true
}

func (c *bufferConverter) atomicRMW(op *ir.Operation, rw ir.Rewriter) bool {
	a := tt.AtomicRMWOp{Operation: op}
	base, offsets, ok := c.bufferAddress(a.Ptr())
	if !ok || !atomicOK(a.Sem(), a.Scope()) {
		return false
	}
	elem := elemOf(a.Val())
	if !isFloatKind(elem, ir.F16, ir.BF16, ir.F32, ir.F64) && !ir.IsInteger(elem, 32) && !ir.IsInteger(elem, 64) {
		return false
	}
	kind := a.Kind()
	// gfx942's buffer fadd takes f16 pairs but no bf16.
	if c.isa == amdgpu.CDNA3 && isFloatKind(elem, ir.BF16) && kind == memory.RMWFAdd {
		return false
	}
	vec := c.vectorSize(a.Ptr())
	if vec%2 != 0 && isFloatKind(elem, ir.F16, ir.BF16) {
		return false
	}
	switch kind {
	case memory.RMWAnd, memory.RMWOr, memory.RMWXor, memory.RMWAdd, memory.RMWFAdd, memory.RMWUMax, memory.RMWUMin, memory.RMWXchg:
	case memory.RMWMax, memory.RMWMin:
		// Signed integer min/max only: the intrinsic is ambiguous for
		// floats.
		if !ir.IsIntOrIndex(elem) {
			break
		}
		return false
	default:
		return false
	}
	bits := ir.BitWidth(elem)
	if _, isTensor := a.Val().Type().(*ir.RankedTensorType); isTensor {
		bits *= vec
	}
	if bits < 32 {
		return false
	}
	rw.ReplaceOpWithOp(op, amdgpu.NewBufferAtomicRMW(rw.B(), op.Loc(), a.Val().Type(), kind, base, offsets, a.Val(),
		blockStride(offsets), a.Sem(), a.Scope(), optional(a.Mask(), isSplatOne)))
	return true
}

// vectorSize is how many elements one access moves: the pointer's
// contiguity, at most 128 bits (Triton's getVectorSize).
func (c *bufferConverter) vectorSize(ptr ir.Value) int {
	t, ok := ptr.Type().(*ir.RankedTensorType)
	if !ok {
		return 1
	}
	bits := pointeeBits(t)
	return max(1, min(128/bits, c.ai.Contiguity(ptr)))
}

// vectorSizeOf is vectorSize for a base and offsets: the offsets'
// contiguity, limited by the base's alignment and the layout's
// contiguous elements per thread.
func (c *bufferConverter) vectorSizeOf(base, offsets ir.Value) int {
	ot := offsets.Type().(*ir.RankedTensorType)
	pt := base.Type().(*tt.PointerType)
	bits := max(ir.BitWidth(pt.Pointee), 8)
	contig := c.ai.ContiguityBits(offsets, bits)
	align := 1
	if info, ok := c.ai.Info(base); ok && len(info.Divisibility) > 0 {
		align = max(int(info.Divisibility[0])/max(bits/8, 1), 1)
	}
	if ot.Encoding != nil {
		order := ttg.Order(ot.Encoding, ot.Dims)
		if cpt := ttg.ContigPerThread(ot.Encoding, ot.Dims); len(order) > 0 && order[0] < len(cpt) {
			contig = min(contig, cpt[order[0]])
		}
	}
	return max(1, min(128/bits, min(align, contig)))
}

func pointeeBits(t *ir.RankedTensorType) int {
	if p, ok := t.Elem.(*tt.PointerType); ok {
		return max(ir.BitWidth(p.Pointee), 1)
	}
	return max(ir.BitWidth(t.Elem), 1)
}
