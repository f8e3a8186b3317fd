package intrange

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
)

// inferArith joins the ranges ArithRange computes into op's result.
func (s *Solver) inferArith(op *ir.Operation, in []Lattice) bool {
	l, ok := ArithRange(op, in)
	if ok && l.Set {
		s.JoinResult(op.Result(0), l)
	}
	return ok
}

// ArithRange is the InferIntRangeInterface of the arith ops: the range of
// op's single result from its operands' states; false for ops it does not
// know. Like MLIR's default, an op whose operands are not all reached yet
// computes nothing (an unset lattice).
func ArithRange(op *ir.Operation, in []Lattice) (Lattice, bool) {
	if op.NumResults() != 1 {
		return Lattice{}, false
	}
	res := op.Result(0)
	w := StorageWidth(res.Type())
	name := op.Name()
	switch name {
	case "arith.constant":
		if w == 0 {
			return Lattice{}, false
		}
		if r, ok := constantRange(op.Attr("value"), w); ok {
			return Of(r), true
		}
		return Lattice{}, true
	case "arith.select":
		if w == 0 {
			return Lattice{}, false
		}
		cond, t, f := in[0], in[1], in[2]
		if cond.Set {
			if c, ok := cond.R.ConstantValue(); ok {
				if c == 0 {
					return f, true
				}
				return t, true
			}
		}
		// The LLVM Triton 3.6 builds with joins the two cases, an
		// unreached one contributing nothing.
		out := t
		out.join(f)
		return out, true
	}
	binary := map[string]func(l, r Range) Range{
		"arith.divui": DivU, "arith.divsi": DivS, "arith.ceildivui": CeilDivU, "arith.ceildivsi": CeilDivS,
		"arith.floordivsi": FloorDivS, "arith.remui": RemU, "arith.remsi": RemS, "arith.andi": And, "arith.ori": Or,
		"arith.xori": Xor, "arith.maxsi": MaxS, "arith.maxui": MaxU, "arith.minsi": MinS, "arith.minui": MinU,
		"arith.shrui": ShrU, "arith.shrsi": ShrS,
	}
	withFlags := map[string]func(l, r Range, f arith.IntegerOverflowFlags) Range{
		"arith.addi": Add, "arith.subi": Sub, "arith.muli": Mul, "arith.shli": Shl,
	}
	unary := map[string]bool{"arith.extui": true, "arith.extsi": true, "arith.trunci": true, "arith.index_cast": true, "arith.index_castui": true}
	if _, ok := binary[name]; !ok && withFlags[name] == nil && !unary[name] && name != "arith.cmpi" {
		return Lattice{}, false
	}
	for _, l := range in {
		if !l.Set {
			return Lattice{}, true
		}
	}
	if name == "arith.cmpi" {
		return Of(CmpI(arith.CmpIPredicateOf(op), in[0].R, in[1].R)), true
	}
	if w == 0 {
		return Lattice{}, false
	}
	switch {
	case binary[name] != nil:
		return Of(binary[name](in[0].R, in[1].R)), true
	case withFlags[name] != nil:
		return Of(withFlags[name](in[0].R, in[1].R, arith.OverflowOf(op))), true
	default:
		src := in[0].R
		switch {
		case name == "arith.extui":
			return Of(ExtU(src, w)), true
		case name == "arith.extsi":
			return Of(ExtS(src, w)), true
		case name == "arith.trunci":
			return Of(Trunc(src, w)), true
		case src.Width < w && name == "arith.index_cast":
			return Of(ExtS(src, w)), true
		case src.Width < w:
			return Of(ExtU(src, w)), true
		case src.Width > w:
			return Of(Trunc(src, w)), true
		default:
			return Of(src), true
		}
	}
}

// JoinResult joins l into an op result's state. Without a client the
// analysis is MLIR's: a result that flows into a terminator (a value
// carried around a loop) and changes after its first state is widened to
// the maximal range, so that loops converge.
func (s *Solver) JoinResult(v ir.Value, l Lattice) {
	old := s.State(v)
	changed := s.lattice(v).join(l)
	if s.Client == nil && changed && old.Set {
		for _, u := range ir.Users(v) {
			if u.Has(ir.Terminator) {
				s.lattice(v).join(MaxLattice(v))
				break
			}
		}
	}
	if changed {
		s.changed(v)
	}
}

// constantRange is the range of an integer constant: the value, or the
// union of a dense tensor's elements.
func constantRange(a ir.Attribute, w uint) (Range, bool) {
	switch c := a.(type) {
	case *ir.IntegerAttr:
		return Constant(uint64(c.Int()), w), true
	case *ir.DenseElementsAttr:
		if c.IsFloat() || c.Len() == 0 {
			return Range{}, false
		}
		r := Constant(uint64(c.IntAt(0)), w)
		for i := 1; i < c.Len(); i++ {
			r = r.Union(Constant(uint64(c.IntAt(i)), w))
		}
		return r, true
	}
	return Range{}, false
}
