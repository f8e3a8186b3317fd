package transforms

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// separate-const-offset-from-gep takes the constant part out of the
// integer offsets and GEP indices of per-thread IR: an offset computed as
// `a + (b | c)` becomes `(a + b) | c`, and `gep(base, x | c)` becomes
// `gep(gep(base, x), c)`, so that the registers of a tensor whose offsets
// differ by constants share one offset `x` and one address `gep(base, x)`
// and each adds its constant, which the target folds into the access's
// immediate offset.
//
// A tile's offsets lower, per register, to the thread's offset combined
// with the register's constant: for `pid * 1024 + arange(0, 1024)` on 4
// warps, register r of a thread holds `pid*1024 + ((tid & 127) << 2 | c_r)`
// with c_r in {0, 1, 2, 3, 512, ..., 515}. Emitted as written, every
// register computes its index and its own 64-bit address (an add and a
// mad.wide each); LLVM's instcombine and its SeparateConstOffsetFromGEP
// give Triton's code one address and immediate offsets. The pass does that
// where it is exact in the index's wrapping, sign-extended arithmetic:
//
//   - The index v is split into x | c with c a constant whose bits are
//     known zero in x (knownbits.go), so that v = x + c without a carry.
//     Through `or`, and through `add` whose operands have no bit possibly
//     1 in both (which is then an or), the constants of both operands are
//     gathered and the rest rebuilt from the operands' own rests: the add
//     of the example becomes `pid*1024 + ((tid & 127) << 2)`, the same op
//     the register with c = 0 uses, which cse then shares.
//   - Each or and add so split becomes `or disjoint x, c` (the same
//     bits), and a GEP whose index is split becomes the pair of GEPs.
//   - For a GEP, c must leave the index's sign bit clear: x | c then has the sign of
//     x and no carry reaches it, so sign-extending x | c gives the sign
//     extension of x plus c, and the address is the same.
//
// New GEPs carry no inbounds claim. The environment variable
// TT_X_CONST_OFFSETS=off (experimental, for timing variants) turns the
// pass off.
func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "separate-const-offset-from-gep",
		DisplayName: "SeparateConstOffsetFromGEP",
		Summary:     "Split GEP indices into a shared variable part and a constant offset where no carry crosses them",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				if passmgr.Experiment("TT_X_CONST_OFFSETS", "on") == "off" {
					st.PreserveAll()
					return nil
				}
				n := SeparateConstOffsets(op)
				st.Stat("num-split", "Number of GEP indices split into a variable part and a constant").Add(int64(n))
				if n == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	})
}

// SeparateConstOffsets rewrites the integer ors and adds and the GEPs
// nested in root (see the pass comment) and returns how many it rewrote.
func SeparateConstOffsets(root *ir.Operation) int {
	var ints, geps []*ir.Operation
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		switch op.Def() {
		case llvm.OrOp, llvm.AddOp:
			if intWidth(op.Result(0)) > 1 {
				ints = append(ints, op)
			}
		case llvm.GEPOp:
			geps = append(geps, op)
		}
		return ir.Advance
	})
	s := &constSplitter{known: newKnownBitsAnalysis(), b: ir.NewBuilder(root.Context())}
	n := 0
	for _, op := range ints {
		if s.reassociate(op) {
			n++
		}
	}
	for _, g := range geps {
		if s.rewrite(g) {
			n++
		}
	}
	EraseDeadPure(s.made)
	return n
}

// constSplitter splits offsets and GEP indices; made lists the ops it built (some of
// which end up unused and are erased).
type constSplitter struct {
	known *knownBitsAnalysis
	b     *ir.Builder
	made  []*ir.Operation
}

// maxSplitDepth bounds the ors and adds looked through for constants.
const maxSplitDepth = 4

// reassociate rewrites an or or add whose constant part split takes
// out, v = x | c, as `or disjoint x, c`: the registers of a tile then
// share x, and each adds its constant in one op.
func (s *constSplitter) reassociate(op *ir.Operation) bool {
	v := op.Result(0)
	if !op.ResultsUsed() {
		return false
	}
	w := intWidth(v)
	s.b.SetInsertionPoint(op)
	x, c, ok := s.split(v, w, 0)
	if !ok || x == nil || c == 0 {
		return false
	}
	if op.Def() == llvm.OrOp && op.Operand(0) == x {
		if k, ok := intConstant(op.Operand(1)); ok && k&lowBits(w) == c {
			return false // already x | c
		}
	}
	loc := op.Loc()
	k := llvm.NewIntConstant(s.b, loc, v.Type(), ir.SignExtend(c, w)).Result(0)
	or := llvm.NewBinary(s.b, loc, llvm.OrOp, x, k)
	or.SetAttr("isDisjoint", ir.Unit(s.b.Ctx))
	ir.ReplaceAllUsesWith(v, or.Result(0))
	s.made = append(s.made, op)
	return true
}

func (s *constSplitter) rewrite(g *ir.Operation) bool {
	idx := singleIndex(g)
	if idx == nil {
		return false
	}
	w := intWidth(idx)
	if w != 32 && w != 64 {
		return false
	}
	s.b.SetInsertionPoint(g)
	x, c, ok := s.split(idx, w, 0)
	if !ok || x == nil || c == 0 || c&(1<<uint(w-1)) != 0 {
		return false
	}
	loc := g.Loc()
	ty, elem := g.Result(0).Type(), llvm.GEPElemType(g)
	v := llvm.NewGEP(s.b, loc, ty, elem, g.Operand(0), x).Result(0)
	ng := llvm.NewGEP(s.b, loc, ty, elem, v, int64(c))
	ir.ReplaceAllUsesWith(g.Result(0), ng.Result(0))
	s.made = append(s.made, idx.DefiningOp())
	g.Erase()
	return true
}

// split returns x and c with v = x | c, c a constant of w bits whose bits
// are known zero in x (x nil: v is the constant c). New ops go before
// the insertion point.
func (s *constSplitter) split(v ir.Value, w int, depth int) (ir.Value, uint64, bool) {
	if c, ok := intConstant(v); ok {
		return nil, c & lowBits(w), true
	}
	def := v.DefiningOp()
	if def == nil || depth >= maxSplitDepth || def.NumOperands() != 2 {
		return nil, 0, false
	}
	p, q := def.Operand(0), def.Operand(1)
	switch def.Def() {
	case llvm.OrOp:
	case llvm.AddOp:
		kp, _ := s.known.of(p)
		kq, _ := s.known.of(q)
		if (kp.zero|kq.zero)&lowBits(w) != lowBits(w) {
			return nil, 0, false // a carry may cross
		}
	default:
		return nil, 0, false
	}
	px, pc, ok := s.split(p, w, depth+1)
	if !ok {
		px, pc = p, 0
	}
	qx, qc, ok := s.split(q, w, depth+1)
	if !ok {
		qx, qc = q, 0
	}
	c := pc | qc
	if c == 0 {
		return nil, 0, false
	}
	var x ir.Value
	switch {
	case px == nil:
		x = qx
	case qx == nil:
		x = px
	default:
		// px and qx have no bit in common where p and q had none: the
		// rebuilt add is still an or, and a rebuilt or is one.
		op := llvm.NewBinary(s.b, def.Loc(), def.Def(), px, qx)
		if f := def.Attr("isDisjoint"); f != nil {
			op.SetAttr("isDisjoint", f)
		}
		s.made = append(s.made, op)
		x = op.Result(0)
	}
	if x == nil {
		return nil, c, true
	}
	if k, _ := s.known.of(x); c&^k.zero != 0 {
		return nil, 0, false
	}
	return x, c, true
}

// EraseDeadPure erases the ops of ops that are pure and unused, and then
// the pure ops that only they used (nil entries and ops already erased are
// skipped).
func EraseDeadPure(ops []*ir.Operation) {
	for len(ops) > 0 {
		op := ops[len(ops)-1]
		ops = ops[:len(ops)-1]
		if op == nil || op.Block() == nil || op.ResultsUsed() || !op.Has(ir.Pure) {
			continue
		}
		operands := op.Operands()
		op.Erase()
		for _, v := range operands {
			if d := v.DefiningOp(); d != nil {
				ops = append(ops, d)
			}
		}
	}
}
