package transforms

import (
	"flag"
	"sort"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// pack-carried-halves passes two 16-bit block arguments that every edge
// fills from the two lanes of one vector<2xT> as that vector's 32 bits: an
// i32, which the PTX emitter keeps in one register (a vector would be two
// 16-bit registers there). A 16-bit tensor carried by a loop of per-thread
// IR (attention's P when the chained-dot schedule issues its second dot in
// the next iteration) is converted two elements at a time
// (cvt.rn.f16x2.f32) and consumed as packed words, but the 1:N conversion
// carries its elements one per block argument, and ptxas gives each
// 16-bit value a register of its own across the back edge and copies the
// halves into the packed words at their use. Inside the block the two
// values are the lanes of the argument bitcast back to the vector;
// canonicalize then folds their repacking into the argument itself.
func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "pack-carried-halves",
		DisplayName: "PackCarriedHalves",
		Summary:     "Pass pairs of 16-bit block arguments filled from the lanes of one vector<2xT> as that vector",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				n := PackCarriedHalves(op)
				st.Stat("num-packed", "Number of block argument pairs packed").Add(int64(n))
				if n == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	})
}

// PackCarriedHalves packs the block argument pairs of the regions nested
// in root and returns how many pairs it packed.
func PackCarriedHalves(root *ir.Operation) int {
	var blocks []*ir.Block
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				if !b.IsEntry() && b.NumArguments() > 1 {
					blocks = append(blocks, b)
				}
			}
		}
		return ir.Advance
	})
	n := 0
	for _, b := range blocks {
		n += packBlock(b)
	}
	return n
}

// halfPair is arguments lo and hi of a block, filled on every edge from
// lanes lane and 1-lane of one vector.
type halfPair struct {
	lo, hi int
	lane   uint64
}

func packBlock(b *ir.Block) int {
	edges, ok := incomingEdges(b)
	if !ok || len(edges) == 0 {
		return 0
	}
	var pairs []halfPair
	taken := map[int]bool{}
	for i := 0; i < b.NumArguments(); i++ {
		if taken[i] || !isHalfScalar(b.Argument(i).Type()) {
			continue
		}
		v, lane, ok := laneOf(edgeOperand(edges[0], i).Get())
		if !ok {
			continue
		}
		for j := i + 1; j < b.NumArguments(); j++ {
			if taken[j] || b.Argument(j).Type() != b.Argument(i).Type() {
				continue
			}
			if w, l, ok := laneOf(edgeOperand(edges[0], j).Get()); !ok || w != v || l != 1-lane {
				continue
			}
			if allEdgesPair(edges, i, j, lane) {
				pairs = append(pairs, halfPair{i, j, lane})
				taken[i], taken[j] = true, true
				break
			}
		}
	}
	if len(pairs) == 0 {
		return 0
	}
	bld := ir.NewBuilder(b.Region().ParentOp().Context())
	bld.SetInsertionPointToStart(b)
	var drop []int
	for _, p := range pairs {
		lo, hi := b.Argument(p.lo), b.Argument(p.hi)
		vec, _, _ := laneOf(edgeOperand(edges[0], p.lo).Get())
		loc := lo.Loc()
		var uses []*ir.OpOperand
		for u := lo.FirstUse(); u != nil; u = u.NextUse() {
			uses = append(uses, u)
		}
		i32 := ir.I32(bld.Ctx)
		lo.SetType(i32)
		v := llvm.NewCast(bld, loc, llvm.BitcastOp, lo, vec.Type()).Result(0)
		l0 := llvm.NewIntConstant(bld, loc, i32, int64(p.lane)).Result(0)
		l1 := llvm.NewIntConstant(bld, loc, i32, int64(1-p.lane)).Result(0)
		x := llvm.NewExtractElement(bld, loc, v, l0).Result(0)
		y := llvm.NewExtractElement(bld, loc, v, l1).Result(0)
		for _, u := range uses {
			u.Set(x)
		}
		ir.ReplaceAllUsesWith(hi, y)
		for _, e := range edges {
			w, _, _ := laneOf(edgeOperand(e, p.lo).Get())
			eb := ir.NewBuilder(bld.Ctx)
			eb.SetInsertionPoint(e.term)
			edgeOperand(e, p.lo).Set(llvm.NewCast(eb, loc, llvm.BitcastOp, w, i32).Result(0))
		}
		drop = append(drop, p.hi)
	}
	// Erase the high halves, last first so that the indices stay valid.
	sort.Sort(sort.Reverse(sort.IntSlice(drop)))
	for _, j := range drop {
		for _, e := range edges {
			eraseEdgeOperand(e, j)
		}
		b.EraseArgument(j)
	}
	return len(pairs)
}

// isHalfScalar reports whether t is a 16-bit integer or float scalar.
func isHalfScalar(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Width == 16
	case *ir.FloatType:
		return t.Width() == 16
	}
	return false
}

// laneOf returns v and lane when x is `llvm.extractelement v[lane]` of a
// vector<2xT> with a constant lane.
func laneOf(x ir.Value) (ir.Value, uint64, bool) {
	d := x.DefiningOp()
	if d == nil || d.Def() != llvm.ExtractElementOp || d.NumOperands() != 2 {
		return nil, 0, false
	}
	vt, ok := d.Operand(0).Type().(*ir.VectorType)
	if !ok || len(vt.Shape()) != 1 || vt.Shape()[0] != 2 {
		return nil, 0, false
	}
	lane, ok := intConstant(d.Operand(1))
	if !ok || lane > 1 {
		return nil, 0, false
	}
	return d.Operand(0), lane, true
}

func allEdgesPair(edges []edge, i, j int, lane uint64) bool {
	for _, e := range edges {
		v, l, ok := laneOf(edgeOperand(e, i).Get())
		w, m, ok2 := laneOf(edgeOperand(e, j).Get())
		if !ok || !ok2 || v != w || l != lane || m != 1-lane {
			return false
		}
	}
	return true
}
