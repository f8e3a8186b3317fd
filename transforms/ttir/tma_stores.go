package ttir

import (
	"fmt"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms"
)

// The epilogue stores of tt-tma-loads' kernels (its option tma-stores, on
// by default; TT_X_TMA_STORES=off turns it off; tt's own). A store of the
// tile loop, outside its K loop, qualifies when:
//   - its pointers are a 2-D block `base + rows * stride + cols` of a
//     row-major tensor (the loads' proofs of alignment and stride);
//   - its mask bounds both axes by `o + arange(0, n) < E`;
//   - the kernel reaches that tensor through no other pointer of that
//     base (onlyStoredThrough).
// It becomes TMA stores through a descriptor made beside the loads' ones:
// a TMA store writes only the elements inside the tensor's extents, which
// is the mask. The guard of the tile loop checks what the descriptor
// needs at run time, as for the loads.
//
// The tile goes out in column pieces of 128 bytes a row (64 f16 columns:
// one box of the 128-byte swizzle), split from the value with reshape,
// trans and split as Triton's tutorial's EPILOGUE_SUBTILE does, so that
// each piece is staged through a shared buffer of a fraction of the tile:
// beside the ring of consumers working on pairs of tiles the SM has 16 KB
// a consumer to spare, not the whole tile's 32 KB. Tiles of one or two
// pieces a row qualify.
//
// The consumers of the turns and pairs store each piece through one
// staging buffer and wait for a piece's reads only before the buffer's
// next write (pipeliner.pipelineTMAStores on their tile loops), so a
// tile's last piece drains during the next tile's K loop. What it buys
// (H200, docs/PERFORMANCE.md "Where tt stands (2026-11-30, 18:00 UTC)"):
// the global stores cost the pairs' 4096 matmul up to 6% (its PTX
// without them); the TMA stores gave back 0.5-1.8% of it in one call.

// tmaStorePieceBytes is the bytes of a row of one piece: the 128-byte
// swizzle's span, the widest box a swizzled tensor map takes.
const tmaStorePieceBytes = 128

// tmaStorePieces returns the most pieces a tile's row may go out in, for
// the option tma-stores (TT_X_TMA_STORES overriding it): two with on (the
// default: 16-bit 128-column tiles), four with wide (experimental: 32-bit
// ones too, f32 outputs, whose pairs then fit beside the ring; not yet
// measured on a GPU), none with off.
func tmaStorePieces(option string) (int, error) {
	switch v := passmgr.Experiment("TT_X_TMA_STORES", option); v {
	case "on":
		return 2, nil
	case "wide":
		return 4, nil
	case "off":
		return 0, nil
	default:
		return 0, fmt.Errorf("tt-tma-loads: %q is none of on, wide and off (the option tma-stores, or TT_X_TMA_STORES)", v)
	}
}

// tmaStore is an epilogue store that qualifies.
type tmaStore struct {
	tmaBlock
	store *ir.Operation
}

// matchTMAStore returns the store's mapping onto a tensor map, its rows
// in at most pieces pieces, or nil.
func matchTMAStore(store *ir.Operation, ai *axisinfo.Module, pieces int) *tmaStore {
	fn := store.ParentOfName("tt.func")
	if fn == nil || store.NumOperands() != 3 {
		return nil
	}
	anchor := fn.Region(0).Front().FindAncestorOp(store)
	if anchor == nil || anchor == store || anchor.Name() != "scf.for" || store.ParentOfName("scf.for") != anchor {
		return nil
	}
	valT, ok := store.Operand(1).Type().(*ir.RankedTensorType)
	if !ok || len(valT.Dims) != 2 || !tmaElement(valT.Elem) {
		return nil
	}
	// A piece is one box: at most 256 rows (TMA's bound on a box's
	// extent), 128 bytes a row; a row is one, two or four pieces.
	rowBytes := valT.Dims[1] * int64(ir.BitWidth(valT.Elem)/8)
	if n := rowBytes / tmaStorePieceBytes; rowBytes%tmaStorePieceBytes != 0 || n != 1 && n != 2 && n != 4 || n > int64(pieces) || valT.Dims[0] > 256 {
		return nil
	}
	blk, terms, ok := matchBlock(store.Operand(0), valT.Elem, anchor, ai)
	if !ok || !onlyStoredThrough(blk.base, store) {
		return nil
	}
	s := &tmaStore{tmaBlock: blk, store: store}
	var bounds [2]ir.Value
	if !maskBounds(store.Operand(2), &bounds) {
		return nil
	}
	for ax := range 2 {
		// o + arange(0, n) < E, o computed in the tile loop.
		if bounds[ax] == nil {
			return nil
		}
		idx, shift, e := boundOf(bounds[ax])
		if idx != terms[ax].index || shift != nil || !definedBefore(e, anchor) {
			return nil
		}
		o, ok := offsetIndex(idx)
		if !ok {
			return nil
		}
		s.axes[ax] = tmaAxis{coord: o, extent: e}
		s.limit[ax] = e
	}
	return s
}

// onlyStoredThrough reports whether every use of base computes store's
// pointers. A TMA store completes in the async proxy: a later load or
// atomic of the same memory by the kernel's threads would need the
// store's completion and a proxy fence first, so a tensor the kernel
// also reads, or writes another way, keeps its pointer store.
func onlyStoredThrough(base ir.Value, store *ir.Operation) bool {
	seen := map[*ir.Operation]bool{}
	work := []ir.Value{base}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, u := range ir.Uses(v) {
			user := u.Owner()
			switch {
			case user == store && u.Index() == 0:
			case user.Name() == "tt.splat" || user.Name() == "tt.broadcast" || user.Name() == "tt.addptr" && u.Index() == 0:
				if !seen[user] {
					seen[user] = true
					work = append(work, user.Result(0))
				}
			default:
				return false
			}
		}
	}
	return true
}

// rewriteStore replaces the store by TMA stores of its column pieces.
func (r *tmaRewriter) rewriteStore(s *tmaStore) {
	b := r.rw.B()
	st := s.store
	loc := st.Loc()
	val := st.Operand(1)
	valT := val.Type().(*ir.RankedTensorType)
	width := tmaStorePieceBytes / int64(ir.BitWidth(valT.Elem)/8)
	desc := r.descriptor(&s.tmaBlock, [2]int64{valT.Dims[0], width}, loc)
	b.SetInsertionPoint(st)
	coords := make([]ir.Value, 2)
	for ax, a := range s.axes {
		coords[ax] = a.coord
		if coords[ax] == nil {
			// A tile at the tensor's first row (column).
			coords[ax] = arith.ConstantInt(b, loc, 0, ir.I32(b.Ctx))
		}
	}
	pieces := splitColumns(b, loc, val, valT.Dims[1]/width)
	for i, p := range pieces {
		col := coords[1]
		if i > 0 {
			col = arith.NewBinary(b, "arith.addi", loc, col, arith.ConstantInt(b, loc, int64(i)*width, col.Type())).Result(0)
		}
		tt.NewDescriptorStore(b, loc, desc, p, []ir.Value{coords[0], col})
	}
	operands := st.Operands()
	r.rw.EraseOp(st)
	transforms.EraseDeadPure(definingOps([]ir.Value{operands[0], operands[2]}))
}

// splitColumns splits val, an [m, n*w] tensor, into its n column pieces of
// w columns, left to right (n a power of two), as Triton's tutorial's
// EPILOGUE_SUBTILE does: reshaped to [m, 2, ..., 2, w] (column = the twos'
// bits, most significant first, times w, plus c), transposed to [m, w, 2,
// ..., 2] with the most significant two last, then split by it, then by
// the next: pieces in column order.
func splitColumns(b *ir.Builder, loc ir.Location, val ir.Value, n int64) []ir.Value {
	t := val.Type().(*ir.RankedTensorType)
	m, w := t.Dims[0], t.Dims[1]/n
	if n == 1 {
		return []ir.Value{val}
	}
	dims, order := []int64{m}, []int64{0}
	k := int64(0)
	for ; int64(1)<<k < n; k++ {
		dims = append(dims, 2)
	}
	dims = append(dims, w)
	order = append(order, k+1)
	for i := k; i >= 1; i-- {
		order = append(order, i)
	}
	r := tt.NewReshape(b, loc, val, ir.RankedTensor(b.Ctx, dims, t.Elem, nil), false).Result(0)
	pieces := []ir.Value{tt.NewTrans(b, loc, r, order).Result(0)}
	for range k {
		var next []ir.Value
		for _, p := range pieces {
			next = append(next, tt.NewSplit(b, loc, p).Results()...)
		}
		pieces = next
	}
	return pieces
}
