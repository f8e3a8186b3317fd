package pipeliner

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms/ttir"
)

// tt-split-pointer-tiles (tt's own, NVIDIA). A 128x128 matmul whose
// consumers take turns over its tiles or work on pairs of them keeps, in
// the else branch of tt-tma-loads' guard, the kernel's own tile loop: a
// program's tiles one after another on its four warps, each a
// software-pipelined cp.async K loop. The guard sends there the programs
// the TMA path's start (a pool slot, three maps) does not pay for. This
// pass runs that loop on two warpgroups: a ttg.warp_specialize whose
// default warps take the loop's even iterations and one four-warp
// partition the odd ones, each with a ring of its own (the pipeliner
// allocates it inside the tile loop), as two CTAs of Triton's kernel share
// an SM. A program's pair of tiles then runs at once, not one after the
// other, and the guard sends programs of two tiles with a short K loop to
// this branch too. Experimental, with TT_X_POINTER_PAIRS=on
// (ttir.PointerPairs): on the H200 the split branch read level with the
// TMA path at 2048^3, where the grid's own schedule is 7% faster, and cost
// a program of one tile 0.5-0.9 us (docs/PERFORMANCE.md, "The pointer
// branch on two warpgroups").
//
// The partition computes again the tensors the loop reads from before it
// (pure ops, as ws_tiles.go's plan does) and captures the scalars. A loop
// of another shape (results, iteration arguments, bounds other than 0 and
// step 1, buffers or tensors from outside it that cannot be computed
// again) is left as it is, with a remark: its programs of two tiles then
// run them one after the other.

// pointerTilesRegisters is what the partition asks for; with the padding
// warpgroup's 24 it leaves the default warps as many. Triton's pointer
// kernel of the same tile takes 216; with 232 ptxas spilled 28 bytes in
// the partition (H200, 2026-12-01).
const pointerTilesRegisters = 240

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tt-split-pointer-tiles",
		DisplayName: "SplitPointerTiles",
		Summary:     "the pointer branch of a turns kernel's guard on two warpgroups, each taking every other tile (tt's own)",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				on, err := ttir.PointerPairs()
				if err != nil {
					return ir.OpErrorf(op, "tt-split-pointer-tiles: %v", err)
				}
				if !on {
					st.PreserveAll()
					return nil
				}
				n := splitPointerTiles(op, st)
				st.Stat("num-loops", "Number of pointer tile loops split over two warpgroups").Add(int64(n))
				if n == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	})
}

// splitPointerTiles splits the pointer branch of every turns kernel's
// guard in module; it returns how many it split.
func splitPointerTiles(module *ir.Operation, st *passmgr.State) int {
	if ttg.NumWarps(module) != 4 {
		return 0
	}
	var loops []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() != "scf.if" || op.NumRegions() != 2 || op.Region(1).Empty() {
			return
		}
		guard := op.Operand(0).DefiningOp()
		if guard == nil || !guard.HasAttr(ttg.AttrTensormapPoolGuard) || !holdsWarpSpecialize(op.Region(0)) {
			return
		}
		if l := pointerTileLoop(op.Region(1).Front()); l != nil {
			loops = append(loops, l)
		}
	})
	n := 0
	for _, l := range loops {
		if why := splitTileLoop(l); why != "" {
			st.Emit(&ir.Diagnostic{Loc: l.Loc(), Severity: ir.SevRemark,
				Message: "the guard's pointer branch stays on one warpgroup (programs of two tiles run them one after the other): " + why})
			continue
		}
		n++
	}
	return n
}

// holdsWarpSpecialize reports whether r holds a ttg.warp_specialize: the
// guard's TMA branch of a kernel whose consumers take turns.
func holdsWarpSpecialize(r *ir.Region) bool {
	found := false
	ir.WalkNestedRegion(r, func(op *ir.Operation) {
		found = found || op.Name() == ttg.WarpSpecialize.Name
	})
	return found
}

// pointerTileLoop returns the pointer branch's tile loop: the branch's one
// op with regions, an scf.for.
func pointerTileLoop(blk *ir.Block) *ir.Operation {
	var loop *ir.Operation
	for op := blk.First(); op != nil; op = op.Next() {
		if op.NumRegions() == 0 {
			continue
		}
		if loop != nil || op.Name() != "scf.for" {
			return nil
		}
		loop = op
	}
	return loop
}

// splitTileLoop wraps loop in a ttg.warp_specialize whose default region
// runs its even iterations and whose partition the odd ones; it returns
// why it did not ("" when it did).
func splitTileLoop(loop *ir.Operation) string {
	fl := scf.ForOp{Operation: loop}
	if loop.NumResults() != 0 || len(fl.RegionIterArgs()) != 0 {
		return "its tile loop carries values"
	}
	if lb, ok := arith.MatchConstantInt(fl.LowerBound()); !ok || lb != 0 {
		return "its tile loop does not start at 0"
	}
	if s, ok := arith.MatchConstantInt(fl.Step()); !ok || s != 1 {
		return "its tile loop's step is not 1"
	}

	// What the partition reads from outside the loop: constants it clones,
	// tensors it computes again, scalars it captures; never a buffer,
	// which the two warpgroups would then share.
	reads, rematOps, ok := outsideReads(loop)
	if !ok {
		return "the loop reads a tensor from outside it that the partition cannot compute again"
	}
	var captures []ir.Value
	var consts []*ir.Operation
	for _, v := range reads {
		switch {
		case isConstantValue(v):
			consts = append(consts, v.(*ir.OpResult).Owner())
		case isMemDesc(v.Type()):
			return "the loop reads a shared-memory buffer allocated outside it"
		default:
			captures = append(captures, v)
		}
	}

	ctx, loc := loop.Context(), loop.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(loop)
	two := constI32(b, loc, 2)
	ws := ttg.NewWarpSpecialize(b, loc, nil, captures, []int{4})
	ws.SetAttr("requestedRegisters", ir.DenseI32Array(ctx, []int64{pointerTilesRegisters}))

	// The partition: the odd iterations, from 1.
	part := ttg.PartitionRegions(ws)[0].Front()
	pb := ir.NewBuilder(ctx)
	pb.SetInsertionPointToEnd(part)
	m := ir.NewMapping()
	for i, v := range captures {
		m.Map(v, part.Argument(i))
	}
	for _, c := range consts {
		pb.Insert(c.Clone(m))
	}
	for _, op := range rematOps {
		pb.Insert(op.Clone(m))
	}
	one, partTwo := constI32(pb, loc, 1), constI32(pb, loc, 2)
	odd := loop.Clone(m)
	odd.SetOperand(0, one)
	odd.SetOperand(2, partTwo)
	pb.Insert(odd)
	pb.CreateOp(ttg.WarpReturn.Def.Name, loc, nil, nil)

	// The default region: the even iterations, from 0.
	loop.Remove()
	def := ws.Region(0).Front()
	def.Append(loop)
	loop.SetOperand(2, two)
	db := ir.NewBuilder(ctx)
	db.SetInsertionPointToEnd(def)
	db.CreateOp(ttg.WarpYield.Def.Name, loc, nil, nil)
	return ""
}

// isMemDesc reports whether t is a shared-memory buffer.
func isMemDesc(t ir.Type) bool {
	_, ok := t.(*ttg.MemDescType)
	return ok
}
