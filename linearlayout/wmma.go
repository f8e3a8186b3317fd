package linearlayout

import (
	"fmt"

	"github.com/ttcompiler/tt/numeric"
)

// amdWmmaWaveSize is the wavefront size WMMA runs with (RDNA wave32).
const amdWmmaWaveSize = 32

// WMMAParams are the parameters of #ttg.amd_wmma.
type WMMAParams struct {
	// Version is 1 (RDNA3), 2 (RDNA4) or 3 (gfx1250).
	Version     int
	IsTranspose bool
	WarpsPerCTA []int
	// InstrShape is [M, N, K]; nil means [16, 16, 16].
	InstrShape []int
	// TilesPerWarp defaults to all ones.
	TilesPerWarp []int
	CTA          CTALayout
}

func (p WMMAParams) instr() []int {
	if p.InstrShape == nil {
		return []int{16, 16, 16}
	}
	return p.InstrShape
}

func (p WMMAParams) check(rank int) error {
	if rank != 2 && rank != 3 {
		return fmt.Errorf("linearlayout: amd_wmma needs rank 2 or 3, got %d", rank)
	}
	if p.Version < 1 || p.Version > 3 {
		return fmt.Errorf("linearlayout: amd_wmma version %d, want 1..3", p.Version)
	}
	if len(p.WarpsPerCTA) != rank {
		return fmt.Errorf("linearlayout: amd_wmma warpsPerCTA %v does not have rank %d", p.WarpsPerCTA, rank)
	}
	if err := checkPow2s("warpsPerCTA", p.WarpsPerCTA); err != nil {
		return err
	}
	in := p.instr()
	if len(in) != 3 || in[0] != 16 || in[1] != 16 || !numeric.IsPow2(in[2]) {
		return fmt.Errorf("linearlayout: amd_wmma instrShape %v, want [16, 16, K]", in)
	}
	if p.TilesPerWarp != nil {
		if len(p.TilesPerWarp) != rank {
			return fmt.Errorf("linearlayout: amd_wmma tilesPerWarp %v does not have rank %d", p.TilesPerWarp, rank)
		}
		if err := checkPow2s("tilesPerWarp", p.TilesPerWarp); err != nil {
			return err
		}
	}
	return nil
}

// AMDWMMA returns the layout of the result of a WMMA instruction (a 16x16
// tile per warp). Version 1: lane l holds column l%16 and the rows of one
// parity (lanes 0-15 even rows, 16-31 odd rows), 8 registers with stride 2
// along M. Versions 2 and 3: lanes 0-15 hold rows 0-7, lanes 16-31 rows
// 8-15, 8 consecutive rows in registers. IsTranspose swaps the roles of M and
// N. Tiles are then numbered N-contiguously as for MFMA (see AMDMFMA):
// tilesPerWarp along N, warps along N, the rest of N, tilesPerWarp along M,
// warps along M.
func AMDWMMA(shape []int64, p WMMAParams) (_ LinearLayout, err error) {
	defer guard(&err)
	rank := len(shape)
	if err := checkShape(shape); err != nil {
		return LinearLayout{}, err
	}
	if err := p.check(rank); err != nil {
		return LinearLayout{}, err
	}
	names := StandardOutDimNames(rank)
	thread := matrixOrder(rank, !p.IsTranspose)
	var regs, lanes [][]int32
	if p.Version == 1 {
		regs = [][]int32{{0, 2}, {0, 4}, {0, 8}}
		lanes = [][]int32{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 1}}
	} else {
		regs = [][]int32{{0, 1}, {0, 2}, {0, 4}}
		lanes = [][]int32{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}
	}
	tile, err := New([]InBases{{Name: Register, Bases: regs}, {Name: Lane, Bases: lanes}},
		[]Dim{{names[thread[0]], 16}, {names[thread[1]], 16}})
	if err != nil {
		panic(err)
	}
	// As for MFMA: registers take tilesPerWarp along N, warps go along N,
	// registers cover the rest of N, then tilesPerWarp along M, warps along M.
	batch := rank == 3
	mIndex, nIndex := 0, 1
	if batch {
		mIndex, nIndex = 1, 2
	}
	dimM, dimN := names[mIndex], names[nIndex]
	tile = tile.TransposeOuts([]string{dimN, dimM})
	tpw := p.tilesPerWarp(rank)
	wpc := p.WarpsPerCTA
	nDim := p.instr()[1]
	tile = tile.Mul(Identity1D(int32(tpw[nIndex]), Register, dimN))
	tile = tile.Mul(Identity1D(int32(wpc[nIndex]), Warp, dimN))
	tile = tile.Mul(Identity1D(int32(shape[nIndex]/int64(nDim*wpc[nIndex]*tpw[nIndex])), Register, dimN))
	tile = tile.Mul(Identity1D(int32(tpw[mIndex]), Register, dimM))
	tile = tile.Mul(Identity1D(int32(wpc[mIndex]), Warp, dimM))
	if batch {
		tile = tile.Mul(Identity1D(1, Register, names[0])).Mul(Identity1D(1, Lane, names[0])).Mul(Identity1D(int32(wpc[0]), Warp, names[0]))
	}
	return CombineCtaCgaWithShape(tile, p.CTA, shape)
}

func (p WMMAParams) tilesPerWarp(rank int) []int {
	if p.TilesPerWarp != nil {
		return p.TilesPerWarp
	}
	t := make([]int, rank)
	for i := range t {
		t[i] = 1
	}
	return t
}

// WMMADotOperand returns the layout of #ttg.dot_op with an amd_wmma parent:
// kWidth consecutive K elements per lane, 16 lanes along the non-K dim, the
// remaining lanes duplicate (version 1) or continue (versions 2, 3) along K,
// registers repeat along K to cover the tensor's K, then the parent's
// tilesPerWarp along the non-K dim; warps are broadcast along K.
func WMMADotOperand(shape []int64, opIdx, kWidth int, parent WMMAParams) (_ LinearLayout, err error) {
	defer guard(&err)
	rank := len(shape)
	if err := checkShape(shape); err != nil {
		return LinearLayout{}, err
	}
	if err := parent.check(rank); err != nil {
		return LinearLayout{}, err
	}
	if opIdx != 0 && opIdx != 1 {
		return LinearLayout{}, fmt.Errorf("linearlayout: dot operand index %d, want 0 or 1", opIdx)
	}
	if kWidth <= 0 || !numeric.IsPow2(kWidth) {
		return LinearLayout{}, fmt.Errorf("linearlayout: dot operand kWidth %d must be a positive power of two", kWidth)
	}
	names := StandardOutDimNames(rank)
	order := dotOperandOrder(opIdx, rank, true)
	dimK, dimNonK := names[order[0]], names[order[1]]
	in := parent.instr()
	nonKDim := in[0]
	if opIdx == 1 {
		nonKDim = in[1]
	}
	depth := amdWmmaWaveSize / nonKDim
	tile := Identity1D(int32(kWidth), Register, dimK).Mul(Identity1D(int32(nonKDim), Lane, dimNonK))
	if parent.Version == 1 {
		tile = tile.Mul(Zeros1D(int32(depth), Lane, dimK))
	} else {
		tile = tile.Mul(Identity1D(int32(depth), Lane, dimK))
	}
	// Registers repeat along K over the whole tensor, then over the parent's
	// tiles along the non-K dim (as Triton 3.6 numbers them).
	kIdx, nonKIdx := rank-1, rank-2
	if opIdx == 1 {
		kIdx, nonKIdx = rank-2, rank-1
	}
	if kTile := depth * kWidth; int(shape[kIdx]) > kTile {
		tile = tile.Mul(Identity1D(int32(int(shape[kIdx])/kTile), Register, dimK))
	}
	tile = tile.Mul(Identity1D(int32(parent.tilesPerWarp(rank)[nonKIdx]), Register, dimNonK))
	if rank == 3 {
		b := names[order[2]]
		tile = tile.Mul(Identity1D(1, Register, b)).Mul(Identity1D(1, Lane, b))
	}
	warps := broadcastedDotOperandLayout(parent.WarpsPerCTA, matrixOrder(rank, true), kIdx, Warp)
	repNames := permuteNames(names, order)
	cta := tile.TransposeOuts(repNames).Mul(warps.TransposeOuts(repNames))
	dc, err := dotOperandCTA(parent.CTA, rank, opIdx)
	if err != nil {
		return LinearLayout{}, err
	}
	return CombineCtaCgaWithShape(cta, dc, shape)
}
