package linearlayout

import (
	"fmt"
	"slices"
)

// Shared-memory layouts map ("offset", "block") to tensor coordinates: the
// element stored at element offset o of the buffer of CTA b is
// L(offset=o, block=b). Offsets count elements, not bytes.

// SwizzledSharedParams are the parameters of #ttg.swizzled_shared (and of
// #ttg.amd_rotating_shared).
type SwizzledSharedParams struct {
	Vec, PerPhase, MaxPhase int
	// Order lists the dims from fastest to slowest varying in memory.
	Order []int
	CTA   CTALayout
}

func (p SwizzledSharedParams) check(rank int) error {
	if p.Vec < 1 || p.PerPhase < 1 || p.MaxPhase < 1 {
		return fmt.Errorf("linearlayout: swizzled shared vec %d, perPhase %d, maxPhase %d must be positive", p.Vec, p.PerPhase, p.MaxPhase)
	}
	if len(p.Order) != rank || !isPermutation(p.Order) {
		return fmt.Errorf("linearlayout: swizzled shared order %v is not a permutation of rank %d", p.Order, rank)
	}
	return nil
}

// SwizzledShared returns the layout of #ttg.swizzled_shared: the fastest dim
// (order[0], "columns") is stored contiguously, and row r of the two fastest
// dims has its groups of vec columns XORed with phase(r) = (r / perPhase) %
// maxPhase, so that element (r, c) lives at column c ^ (vec * phase(r)) (mod
// the number of columns). Slower dims follow in order. With vec = perPhase =
// maxPhase = 1 it is plain row-major storage in the given order.
func SwizzledShared(shape []int64, p SwizzledSharedParams) (_ LinearLayout, err error) {
	defer guard(&err)
	return swizzled(shape, p, false)
}

// AMDRotatingShared returns the layout of #ttg.amd_rotating_shared: like
// SwizzledShared, but the phase of row r is additionally XORed with the
// index of the block of maxPhase*perPhase rows it lies in, so that
// consecutive blocks of rows use rotated swizzle patterns.
func AMDRotatingShared(shape []int64, p SwizzledSharedParams) (_ LinearLayout, err error) {
	defer guard(&err)
	return swizzled(shape, p, true)
}

func swizzled(shape []int64, p SwizzledSharedParams, rotating bool) (LinearLayout, error) {
	rank := len(shape)
	if err := checkShape(shape); err != nil {
		return LinearLayout{}, err
	}
	if rank == 0 {
		return LinearLayout{}, fmt.Errorf("linearlayout: shared layout of a rank-0 tensor")
	}
	if err := p.check(rank); err != nil {
		return LinearLayout{}, err
	}
	perCTA, err := p.CTA.ShapePerCTA(shape)
	if err != nil {
		return LinearLayout{}, err
	}
	names := StandardOutDimNames(rank)
	if rank == 1 {
		return CombineCtaCgaWithShape(Identity1D(int32(perCTA[0]), Offset, names[0]), p.CTA, shape)
	}
	colDim, rowDim := p.Order[0], p.Order[1]
	numCols, numRows := int32(perCTA[colDim]), int32(perCTA[rowDim])
	var bases [][]int32
	for col := int32(1); col < numCols; col *= 2 {
		bases = append(bases, []int32{0, col})
	}
	vec, per, maxP := int32(p.Vec), int32(p.PerPhase), int32(p.MaxPhase)
	for row := int32(1); row < numRows; row *= 2 {
		phase := (row / per) % maxP
		if rotating {
			phase ^= row / maxP / per % maxP
		}
		bases = append(bases, []int32{row, (vec * phase) % numCols})
	}
	cta, err := NewInferSizes([]InBases{{Name: Offset, Bases: bases}}, []string{names[rowDim], names[colDim]})
	if err != nil {
		return LinearLayout{}, err
	}
	for _, d := range p.Order[2:] {
		cta = cta.Mul(Identity1D(int32(perCTA[d]), Offset, names[d]))
	}
	return CombineCtaCgaWithShape(cta, p.CTA, shape)
}

// NVMMASharedParams are the parameters of #ttg.nvmma_shared.
type NVMMASharedParams struct {
	// SwizzlingByteWidth is 0, 32, 64 or 128.
	SwizzlingByteWidth int
	// Transposed makes dim 0 the contiguous dim instead of the last one.
	Transposed      bool
	ElementBitWidth int
	// FP4Padded: each 8 bytes of packed fp4 data is followed by 8 bytes of
	// padding (Blackwell mixed-precision MMA operands).
	FP4Padded bool
	CTA       CTALayout
}

// NVMMASwizzle returns the swizzle parameters implied by an NVMMA shared
// layout: vec = 16 bytes of elements, perPhase = 128 / swizzle bytes,
// maxPhase = swizzle bytes / 16 (1, 1, 1 without swizzling).
func (p NVMMASharedParams) NVMMASwizzle() (vec, perPhase, maxPhase int) {
	if p.SwizzlingByteWidth == 0 {
		return 1, 1, 1
	}
	return 128 / p.ElementBitWidth, 128 / p.SwizzlingByteWidth, p.SwizzlingByteWidth / 16
}

func (p NVMMASharedParams) check() error {
	switch p.SwizzlingByteWidth {
	case 0, 32, 64, 128:
	default:
		return fmt.Errorf("linearlayout: nvmma_shared swizzlingByteWidth %d, want 0, 32, 64 or 128", p.SwizzlingByteWidth)
	}
	switch p.ElementBitWidth {
	case 8, 16, 32, 64:
	default:
		return fmt.Errorf("linearlayout: nvmma_shared elementBitWidth %d, want 8, 16, 32 or 64", p.ElementBitWidth)
	}
	return nil
}

// NVMMACoreMatrix returns the core tile ("atom") of an NVMMA shared layout:
// 8 rows of max(16, swizzle) bytes, rows stored contiguously, the 16-byte
// chunks of row r XORed with (r / perPhase) % maxPhase; offset -> (row, col)
// with out dims dim0 (row) and dim1 (col). disableSwizzle gives the plain
// tile.
func NVMMACoreMatrix(p NVMMASharedParams, disableSwizzle bool) (_ LinearLayout, err error) {
	defer guard(&err)
	if err := p.check(); err != nil {
		return LinearLayout{}, err
	}
	vec, per, maxP := p.NVMMASwizzle()
	tileCols := 8 * max(16, p.SwizzlingByteWidth) / p.ElementBitWidth
	packed := func(c int) int { return c/16*8 + c%8 }
	var bases [][]int32
	for col := 1; col < tileCols; col *= 2 {
		if p.FP4Padded {
			bases = append(bases, []int32{0, int32(packed(col))})
		} else {
			bases = append(bases, []int32{0, int32(col)})
		}
	}
	for row := 1; row < 8; row *= 2 {
		switch {
		case disableSwizzle:
			bases = append(bases, []int32{int32(row), 0})
		case p.FP4Padded:
			bases = append(bases, []int32{int32(row), int32(packed(vec * ((row / per) % maxP)))})
		default:
			bases = append(bases, []int32{int32(row), int32(vec * ((row / per) % maxP))})
		}
	}
	return NewInferSizes([]InBases{{Name: Offset, Bases: bases}}, StandardOutDimNames(2))
}

// TMABlockShape returns the box a TMA copy of an NVMMA-shared tensor uses:
// each dim at most 256, the contiguous dim exactly one swizzle width (when
// swizzled; with fp4 padding the count is of padded elements unless
// packedSize).
func TMABlockShape(shapePerCTA []int64, p NVMMASharedParams, packedSize bool) (_ []int64, err error) {
	defer guard(&err)
	b := slices.Clone(shapePerCTA)
	if len(b) == 0 {
		return nil, fmt.Errorf("linearlayout: TMA block of a rank-0 tensor")
	}
	contig := len(b) - 1
	if p.Transposed {
		contig = 0
	}
	if p.FP4Padded {
		b[contig] *= 2
	}
	for i := range b {
		b[i] = min(b[i], 256)
	}
	if p.SwizzlingByteWidth != 0 {
		n := int64(8 * p.SwizzlingByteWidth / p.ElementBitWidth)
		if b[contig] < n {
			return nil, fmt.Errorf("linearlayout: block shape %v is too small for the %d-byte swizzle of an NVMMA shared layout", shapePerCTA, p.SwizzlingByteWidth)
		}
		b[contig] = n
	}
	if p.FP4Padded && packedSize {
		b[contig] /= 2
	}
	return b, nil
}

// NVMMAShared returns the layout of #ttg.nvmma_shared (the layout wgmma,
// tcgen05 and TMA read directly): core matrices of 8 rows x one swizzle width
// (NVMMACoreMatrix) stacked first along all rows of the TMA box (the leading
// dims collapsed into rows), then along columns, then the box repeats over
// the rest of the tensor. Transposed lays out the transposed tensor the same
// way. Without swizzling the box is plain row-major.
func NVMMAShared(shape []int64, p NVMMASharedParams) (_ LinearLayout, err error) {
	defer guard(&err)
	rank := len(shape)
	if err := checkShape(shape); err != nil {
		return LinearLayout{}, err
	}
	if err := p.check(); err != nil {
		return LinearLayout{}, err
	}
	if rank == 0 {
		return LinearLayout{}, fmt.Errorf("linearlayout: shared layout of a rank-0 tensor")
	}
	perCTA, err := p.CTA.ShapePerCTA(shape)
	if err != nil {
		return LinearLayout{}, err
	}
	names := StandardOutDimNames(rank)
	box, err := TMABlockShape(perCTA, p, true)
	if err != nil {
		return LinearLayout{}, err
	}
	labeledPerCTA := LabeledShape(perCTA)
	if p.SwizzlingByteWidth == 0 {
		l := Empty()
		for i := rank - 1; i >= 0; i-- {
			l = l.Mul(Identity1D(int32(box[i]), Offset, names[i]))
		}
		if l, err = l.EnsureNotSmallerThan(labeledPerCTA); err != nil {
			return LinearLayout{}, err
		}
		return CombineCtaCgaWithShape(l, p.CTA, shape)
	}
	if rank < 2 {
		return LinearLayout{}, fmt.Errorf("linearlayout: swizzled nvmma_shared needs rank >= 2")
	}
	collapsed := []int64{1, box[rank-1]}
	for _, s := range box[:rank-1] {
		collapsed[0] *= s
	}
	if p.Transposed {
		collapsed[0], collapsed[1] = collapsed[1], collapsed[0]
	}
	tile, err := NVMMACoreMatrix(p, false)
	if err != nil {
		return LinearLayout{}, err
	}
	tileRows, tileCols := int64(tile.OutDimSize("dim0")), int64(tile.OutDimSize("dim1"))
	packing := int64(1)
	if p.FP4Padded {
		packing = 2
	}
	if collapsed[1]*packing < tileCols || collapsed[0] < tileRows {
		return LinearLayout{}, fmt.Errorf("linearlayout: nvmma_shared needs a box of at least [%d, %d], got %v", tileRows, tileCols/packing, collapsed)
	}
	l, err := tile.EnsureNotSmallerThan(LabeledShape(collapsed))
	if err != nil {
		return LinearLayout{}, err
	}
	boxShape := slices.Clone(box)
	if p.Transposed {
		// Move the outer dim to the inner position.
		boxShape = append(boxShape[1:], boxShape[0])
	}
	l = reshapeRowMajor(l, boxShape)
	if p.Transposed {
		order := []int{rank - 1}
		for i := 0; i < rank-1; i++ {
			order = append(order, i)
		}
		if l, err = permuteOutComponents(l, order); err != nil {
			return LinearLayout{}, err
		}
	}
	if l, err = l.EnsureNotSmallerThan(labeledPerCTA); err != nil {
		return LinearLayout{}, err
	}
	return CombineCtaCgaWithShape(l, p.CTA, shape)
}

// reshapeRowMajor reshapes the out dims of l (standard names) to shape,
// flattening row-major (the last dim fastest), like Triton's reshapeLayout.
func reshapeRowMajor(l LinearLayout, shape []int64) LinearLayout {
	src := slices.Clone(l.OutDimNames())
	slices.Reverse(src)
	dst := LabeledShape(shape)
	slices.Reverse(dst)
	return l.TransposeOuts(src).ReshapeOuts(dst).TransposeOuts(StandardOutDimNames(len(shape)))
}

// permuteOutComponents rewrites every basis b as b' with b'[i] = b[order[i]]
// keeping the out-dim names, and re-derives the out sizes (Triton's
// transposeLinearLayout).
func permuteOutComponents(l LinearLayout, order []int) (LinearLayout, error) {
	bases := l.Bases()
	for k := range bases {
		for i, b := range bases[k].Bases {
			nb := make([]int32, len(order))
			for j, o := range order {
				nb[j] = b[o]
			}
			bases[k].Bases[i] = nb
		}
	}
	return NewInferSizes(bases, l.OutDimNames())
}

// SharedLinear returns the layout of #ttg.shared_linear (or the shared part
// of any explicit shared layout): offset and block bases over rank standard
// out dims, sizes inferred from the bases.
func SharedLinear(offset, block [][]int32, rank int) (_ LinearLayout, err error) {
	defer guard(&err)
	if block == nil {
		block = [][]int32{}
	}
	return NewInferSizes([]InBases{{Name: Offset, Bases: offset}, {Name: Block, Bases: block}}, StandardOutDimNames(rank))
}

// DistributedLinear returns the layout of #ttg.linear: explicit register,
// lane, warp and block bases over rank standard out dims, sizes inferred.
func DistributedLinear(register, lane, warp, block [][]int32, rank int) (_ LinearLayout, err error) {
	defer guard(&err)
	nz := func(b [][]int32) [][]int32 {
		if b == nil {
			return [][]int32{}
		}
		return b
	}
	return NewInferSizes([]InBases{
		{Name: Register, Bases: nz(register)}, {Name: Lane, Bases: nz(lane)},
		{Name: Warp, Bases: nz(warp)}, {Name: Block, Bases: nz(block)},
	}, StandardOutDimNames(rank))
}
