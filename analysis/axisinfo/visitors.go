package axisinfo

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Visitor computes the Info of an op's results from the Infos of its
// operands (all known). It reports false when it does not handle the op;
// then the next visitor is asked, and if none handles it the results get
// their pessimistic state. Extra visitors (Triton's visitor callback) are
// tried before the built-in ones. A visitor's answer must depend on
// nothing but op (its name, attributes and types) and the operands' Infos:
// the solver reuses the last answer for an op whose operands' Infos have
// not changed since (revisitOp).
type Visitor func(op *ir.Operation, operands []Info) (Info, bool)

// builtin maps op names to their transfer functions.
var builtin = map[string]func(op *ir.Operation, in []Info) (Info, bool){
	"builtin.unrealized_conversion_cast": visitUnrealizedCast,
	"arith.extsi":                        visitCast,
	"arith.extui":                        visitCast,
	"arith.trunci":                       visitCast,
	"ttg.convert_layout":                 visitCast,
	"tt.bitcast":                         visitCast,
	"tt.make_range":                      visitMakeRange,
	"ub.poison":                          visitPoison,
	"arith.constant":                     visitConstant,
	"tt.addptr":                          binary(addSub),
	"arith.addi":                         binary(addSub),
	"arith.subi":                         binary(addSub),
	"arith.muli":                         binary(mulI),
	"arith.divsi":                        binary(div),
	"arith.divui":                        binary(div),
	"arith.remsi":                        binary(rem),
	"arith.remui":                        binary(rem),
	"tt.broadcast":                       visitBroadcast,
	"tt.splat":                           visitSplat,
	"tt.expand_dims":                     visitExpandDims,
	"arith.cmpi":                         visitCmpI,
	"arith.andi":                         binary(logical),
	"arith.ori":                          binary(logical),
	"arith.xori":                         binary(logical),
	"arith.select":                       visitSelect,
	"arith.shli":                         binary(shl),
	"arith.shrui":                        binary(shr),
	"arith.shrsi":                        binary(shr),
	"arith.maxsi":                        visitMaxMin,
	"arith.maxui":                        visitMaxMin,
	"arith.minsi":                        visitMaxMin,
	"arith.minui":                        visitMaxMin,
	"tt.load":                            visitLoad,
	"tt.trans":                           visitTrans,
}

// tensorShape returns the shape of op's first result if it is a ranked
// tensor.
func tensorShape(op *ir.Operation) ([]int64, bool) {
	if op.NumResults() == 0 {
		return nil, false
	}
	t, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, false
	}
	return t.Dims, true
}

func visitUnrealizedCast(op *ir.Operation, in []Info) (Info, bool) {
	if len(in) == 0 || op.NumResults() == 0 {
		return Info{}, false
	}
	if t, ok := op.Result(0).Type().(*ir.RankedTensorType); ok && t.Rank() != in[0].Rank() {
		// Never hand on an Info of the wrong rank.
		return Pessimistic(op.Result(0)), true
	}
	return in[0], true
}

func visitCast(op *ir.Operation, in []Info) (Info, bool) {
	if len(in) == 0 {
		return Info{}, false
	}
	return in[0], true
}

func visitMakeRange(op *ir.Operation, _ []Info) (Info, bool) {
	r := tt.MakeRangeOp{Operation: op}
	start := uint32(r.Start())
	// Triton takes the divisor of the 32-bit start: 0 gives 2^30.
	div := int64(1) << 30
	if start != 0 && start != 1<<31 {
		div = int64(start & -start)
	}
	return filledInfo(1, r.End()-r.Start(), div, 1), true
}

func visitPoison(op *ir.Operation, _ []Info) (Info, bool) {
	// Poison is never read, so anything may be assumed of it.
	return filledInfo(rankOf(op.Result(0).Type()), MaxDivisor, MaxDivisor, MaxDivisor), true
}

func visitConstant(op *ir.Operation, _ []Info) (Info, bool) {
	switch a := op.Attr("value").(type) {
	case *ir.IntegerAttr:
		v := int64(a.Uint())
		return filledInfo(1, 1, highestPow2Divisor(v), 1).WithConstant(v), true
	case *ir.DenseElementsAttr:
		if a.IsFloat() || !a.IsSplat() || !ir.IsIntOrIndex(a.Typ.ElementType()) {
			return Info{}, false
		}
		shape := a.Typ.Shape()
		v := int64(a.Ints[0])
		out := filledInfo(len(shape), 1, highestPow2Divisor(v), 0)
		copy(out.Constancy, shape)
		return out.WithConstant(v), true
	}
	return Info{}, false
}

// constantInfo is the Info of an op of rank n whose results are the
// constant c.
func constantInfo(op *ir.Operation, n int, c int64) Info {
	out := filledInfo(n, 1, highestPow2Divisor(c), 1).WithConstant(c)
	out.Constancy = wholeConstancy(op, out.Constancy)
	return out
}

// wholeConstancy is the constancy of op's results when each is one
// constant: the shape of a tensor, or ones (reusing constancy's space).
func wholeConstancy(op *ir.Operation, constancy []int64) []int64 {
	if shape, ok := tensorShape(op); ok {
		return append(constancy[:0], shape...)
	}
	for d := range constancy {
		constancy[d] = 1
	}
	return constancy
}

// binaryRules are the per-dimension rules of a binary op (Triton's
// BinaryOpVisitorImpl); nil members take the defaults: contiguity 1,
// divisibility 1, constancy gcd of the operands, no constant.
type binaryRules struct {
	contiguity   func(op *ir.Operation, l, r Info, d int) int64
	divisibility func(op *ir.Operation, l, r Info, d int) int64
	constancy    func(op *ir.Operation, l, r Info, d int) int64
	constant     func(op *ir.Operation, l, r Info) (int64, bool)
}

func binary(rules func() binaryRules) func(op *ir.Operation, in []Info) (Info, bool) {
	return func(op *ir.Operation, in []Info) (Info, bool) {
		if len(in) != 2 || in[0].Rank() != in[1].Rank() {
			return Info{}, false
		}
		l, r := in[0], in[1]
		br := rules()
		n := l.Rank()
		if br.constant != nil {
			if c, ok := br.constant(op, l, r); ok {
				return constantInfo(op, n, c), true
			}
		}
		out := newInfo(n)
		for d := 0; d < n; d++ {
			out.Contiguity[d] = 1
			if br.contiguity != nil {
				out.Contiguity[d] = br.contiguity(op, l, r, d)
			}
			out.Constancy[d] = gcd(l.Constancy[d], r.Constancy[d])
			if br.constancy != nil {
				out.Constancy[d] = br.constancy(op, l, r, d)
			}
			out.Divisibility[d] = 1
			if br.divisibility != nil {
				out.Divisibility[d] = br.divisibility(op, l, r, d)
			}
		}
		return out, true
	}
}

// pointeeBytes is the element size addptr scales its offset by (at least 1).
func pointeeBytes(op *ir.Operation) int64 {
	elem := tt.ElementTypeOfPtr(op.Operand(0).Type())
	if bt, ok := elem.(*ir.RankedTensorType); ok {
		elem = bt.Elem
	}
	if elem == nil {
		return 1
	}
	return max(1, int64(ir.BitWidth(elem))/8)
}

func addSub() binaryRules {
	return binaryRules{
		contiguity: func(op *ir.Operation, l, r Info, d int) int64 {
			// Contiguity means increasing runs, so subtracting a
			// contiguous rhs breaks them.
			if op.Name() == "arith.subi" {
				return gcd(l.Contiguity[d], r.Constancy[d])
			}
			return max(gcd(l.Constancy[d], r.Contiguity[d]), gcd(l.Contiguity[d], r.Constancy[d]))
		},
		divisibility: func(op *ir.Operation, l, r Info, d int) int64 {
			rd := r.Divisibility[d]
			if op.Name() == "tt.addptr" {
				// The offset counts elements; the address moves by bytes.
				rd = multiplyDivisor(rd, pointeeBytes(op))
			}
			return gcd(l.Divisibility[d], rd)
		},
		constant: func(op *ir.Operation, l, r Info) (int64, bool) {
			if !l.Known || !r.Known {
				return 0, false
			}
			switch op.Name() {
			case "arith.addi":
				return l.Constant + r.Constant, true
			case "arith.subi":
				return l.Constant - r.Constant, true
			case "tt.addptr":
				return l.Constant + r.Constant*pointeeBytes(op), true
			}
			return 0, false
		},
	}
}

func mulI() binaryRules {
	return binaryRules{
		contiguity: func(_ *ir.Operation, l, r Info, d int) int64 {
			// x * 1 = x and 1 * x = x keep their runs.
			var lc, rc int64 = 1, 1
			if r.isConst(1) {
				lc = l.Contiguity[d]
			}
			if l.isConst(1) {
				rc = r.Contiguity[d]
			}
			return max(lc, rc)
		},
		divisibility: func(_ *ir.Operation, l, r Info, d int) int64 {
			ld, rd := l.Divisibility[d], r.Divisibility[d]
			// The divisibility of a run [2^n, 2^n+1, ...] only holds for its
			// first element; scaled, the run stops being one.
			if l.Contiguity[d] > 1 && !r.isConst(1) {
				ld = 1
			}
			if r.Contiguity[d] > 1 && !l.isConst(1) {
				rd = 1
			}
			return multiplyDivisor(ld, rd)
		},
		constant: func(_ *ir.Operation, l, r Info) (int64, bool) {
			if l.Known && r.Known {
				return l.Constant * r.Constant, true
			}
			if l.isConst(0) || r.isConst(0) {
				return 0, true
			}
			return 0, false
		},
	}
}

// isContiguousDim and isConstantDim: the whole dimension is one run.
func isContiguousDim(i Info, shape []int64, d int) bool { return i.Contiguity[d] == shape[d] }
func isConstantDim(i Info, shape []int64, d int) bool   { return i.Constancy[d] == shape[d] }

func div() binaryRules {
	return binaryRules{
		contiguity: func(_ *ir.Operation, l, r Info, d int) int64 {
			if r.isConst(1) {
				return l.Contiguity[d]
			}
			return 1
		},
		constancy: func(op *ir.Operation, l, r Info, d int) int64 {
			c := gcd(l.Constancy[d], r.Constancy[d])
			shape, ok := tensorShape(op)
			if !ok {
				return c
			}
			// A contiguous lhs over a constant rhs gives runs of equal
			// quotients at least gcd(divisibilities) long.
			if isContiguousDim(l, shape, d) && isConstantDim(r, shape, d) {
				c = max(c, gcd3(l.Contiguity[d], l.Divisibility[d], r.Divisibility[d]))
			}
			return c
		},
		divisibility: func(_ *ir.Operation, l, r Info, d int) int64 {
			if l.isConst(0) || r.isConst(1) {
				return l.Divisibility[d]
			}
			if r.Known && l.Contiguity[d] == 1 {
				abs := r.Constant
				if abs < 0 {
					abs = -abs
				}
				if numeric.IsPow2(abs) {
					return max(1, l.Divisibility[d]/abs)
				}
			}
			return 1
		},
		constant: func(_ *ir.Operation, l, r Info) (int64, bool) {
			if l.Known && r.Known && r.Constant != 0 && !(r.Constant == -1 && l.Constant == minInt64) {
				return l.Constant / r.Constant, true
			}
			return 0, false
		},
	}
}

const minInt64 = -1 << 63

func rem() binaryRules {
	return binaryRules{
		contiguity: func(op *ir.Operation, l, r Info, d int) int64 {
			shape, ok := tensorShape(op)
			if !ok {
				return 1
			}
			// A contiguous lhs modulo a constant rhs wraps around only at
			// multiples of gcd(divisibilities).
			if isContiguousDim(l, shape, d) && isConstantDim(r, shape, d) {
				return gcd3(l.Contiguity[d], l.Divisibility[d], r.Divisibility[d])
			}
			return 1
		},
		divisibility: func(_ *ir.Operation, l, r Info, d int) int64 {
			if r.Constancy[d] > 1 {
				return gcd(l.Divisibility[d], r.Divisibility[d])
			}
			return 1
		},
		constancy: func(op *ir.Operation, l, r Info, d int) int64 {
			c := gcd(l.Constancy[d], r.Constancy[d])
			shape, ok := tensorShape(op)
			if !ok {
				return c
			}
			if r.isConst(1) {
				return shape[d]
			}
			return c
		},
		constant: func(_ *ir.Operation, l, r Info) (int64, bool) {
			if l.Known && r.Known && r.Constant != 0 && !(r.Constant == -1 && l.Constant == minInt64) {
				return l.Constant % r.Constant, true
			}
			if r.isConst(1) {
				return 0, true
			}
			return 0, false
		},
	}
}

func visitSplat(op *ir.Operation, in []Info) (Info, bool) {
	shape, ok := tensorShape(op)
	if !ok || len(in) == 0 || in[0].Rank() == 0 {
		return Info{}, false
	}
	out := filledInfo(len(shape), 1, in[0].Divisibility[0], 0)
	copy(out.Constancy, shape)
	out.Constant, out.Known = in[0].Constant, in[0].Known
	return out, true
}

func visitLoad(op *ir.Operation, in []Info) (Info, bool) {
	if len(in) == 0 {
		return Info{}, false
	}
	p := in[0]
	n := p.Rank()
	out := filledInfo(n, 1, 1, 0)
	for d := 0; d < n; d++ {
		var mask int64
		if len(in) > 1 && d < in[1].Rank() {
			mask = in[1].Constancy[d]
		}
		// Loads through constant pointers under a constant mask give
		// constant values.
		out.Constancy[d] = gcd(p.Constancy[d], mask)
	}
	return out, true
}

func visitExpandDims(op *ir.Operation, in []Info) (Info, bool) {
	if len(in) == 0 {
		return Info{}, false
	}
	src := in[0]
	axis := tt.ExpandDimsOp{Operation: op}.Axis()
	if axis < 0 || axis > src.Rank() {
		return Info{}, false
	}
	var div int64 = 1
	if src.Known {
		div = highestPow2Divisor(src.Constant)
	} else if src.Rank() > 0 {
		// The new dimension's groups start at every element; only
		// elements of non-contiguous dims keep their divisibility.
		for d := 0; d < src.Rank(); d++ {
			dd := src.Divisibility[d]
			if src.Contiguity[d] > 1 {
				dd = 1
			}
			if d == 0 {
				div = dd
			} else {
				div = gcd(div, dd)
			}
		}
	}
	out := newInfo(src.Rank() + 1)
	insertAt(out.Contiguity, src.Contiguity, axis, 1)
	insertAt(out.Divisibility, src.Divisibility, axis, div)
	insertAt(out.Constancy, src.Constancy, axis, 1)
	out.Constant, out.Known = src.Constant, src.Known
	return out, true
}

// insertAt writes v into dst (one longer) with x inserted at position at.
func insertAt(dst, v []int64, at int, x int64) {
	copy(dst, v[:at])
	dst[at] = x
	copy(dst[at+1:], v[at:])
}

func visitBroadcast(op *ir.Operation, in []Info) (Info, bool) {
	shape, ok := tensorShape(op)
	srcT, ok2 := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok || !ok2 || len(in) == 0 || in[0].Rank() != len(shape) || srcT.Rank() != len(shape) {
		return Info{}, false
	}
	src := in[0]
	n := len(shape)
	out := newInfo(n)
	for d := 0; d < n; d++ {
		if srcT.Dims[d] == 1 {
			out.Contiguity[d] = 1
			out.Constancy[d] = shape[d]
		} else {
			out.Contiguity[d] = src.Contiguity[d]
			out.Constancy[d] = src.Constancy[d]
		}
		out.Divisibility[d] = src.Divisibility[d]
	}
	out.Constant, out.Known = src.Constant, src.Known
	return out, true
}

func visitCmpI(op *ir.Operation, in []Info) (Info, bool) {
	shape, ok := tensorShape(op)
	if !ok || len(in) != 2 || in[0].Rank() != len(shape) || in[1].Rank() != len(shape) {
		// Triton gives up on scalar compares.
		return Info{}, false
	}
	l, r := in[0], in[1]
	pred := arith.CmpIPredicateOf(op)
	n := len(shape)
	out := filledInfo(n, 1, 1, 0)
	for d := 0; d < n; d++ {
		if l.Known && r.Known {
			out.Constancy[d] = shape[d]
			out.Constant, out.Known = boolInt(compare(pred, l.Constant, r.Constant)), true
			continue
		}
		c := gcd(l.Constancy[d], r.Constancy[d])
		switch {
		case (isGT(pred) || isLE(pred)) && isConstantDim(l, shape, d):
			// const {>,<=} contiguous flips only at multiples of the
			// divisibilities.
			c = max(c, gcd3(r.Contiguity[d], l.Divisibility[d], r.Divisibility[d]))
		case (isLT(pred) || isGE(pred)) && isConstantDim(r, shape, d):
			c = max(c, gcd3(l.Contiguity[d], l.Divisibility[d], r.Divisibility[d]))
		}
		out.Constancy[d] = c
	}
	return out, true
}

func isGT(p arith.CmpIPredicate) bool { return p == arith.CmpISGT || p == arith.CmpIUGT }
func isGE(p arith.CmpIPredicate) bool { return p == arith.CmpISGE || p == arith.CmpIUGE }
func isLT(p arith.CmpIPredicate) bool { return p == arith.CmpISLT || p == arith.CmpIULT }
func isLE(p arith.CmpIPredicate) bool { return p == arith.CmpISLE || p == arith.CmpIULE }

func compare(p arith.CmpIPredicate, a, b int64) bool {
	switch p {
	case arith.CmpIEQ:
		return a == b
	case arith.CmpINE:
		return a != b
	case arith.CmpISLT:
		return a < b
	case arith.CmpISLE:
		return a <= b
	case arith.CmpISGT:
		return a > b
	case arith.CmpISGE:
		return a >= b
	case arith.CmpIULT:
		return uint64(a) < uint64(b)
	case arith.CmpIULE:
		return uint64(a) <= uint64(b)
	case arith.CmpIUGT:
		return uint64(a) > uint64(b)
	case arith.CmpIUGE:
		return uint64(a) >= uint64(b)
	}
	return false
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func visitSelect(op *ir.Operation, in []Info) (Info, bool) {
	if len(in) != 3 || in[1].Rank() != in[2].Rank() {
		return Info{}, false
	}
	cond, l, r := in[0], in[1], in[2]
	if cond.Known {
		if cond.Constant == 0 {
			return r, true
		}
		return l, true
	}
	n := l.Rank()
	scalarCond := !isTensor(op.Operand(0).Type())
	if !scalarCond && cond.Rank() != n {
		return Info{}, false
	}
	out := newInfo(n)
	for d := 0; d < n; d++ {
		if scalarCond {
			// The whole tensor comes from one side.
			out.Constancy[d] = gcd(l.Constancy[d], r.Constancy[d])
			out.Contiguity[d] = gcd(l.Contiguity[d], r.Contiguity[d])
		} else {
			out.Constancy[d] = gcd3(l.Constancy[d], r.Constancy[d], cond.Constancy[d])
			out.Contiguity[d] = gcd3(l.Contiguity[d], r.Contiguity[d], cond.Constancy[d])
		}
		out.Divisibility[d] = divisibilityOfJoin(l, r, d)
	}
	if l.Known && r.Known && l.Constant == r.Constant {
		out = out.WithConstant(l.Constant)
		out.Constancy = wholeConstancy(op, out.Constancy)
	}
	return out, true
}

func isTensor(t ir.Type) bool {
	_, ok := t.(*ir.RankedTensorType)
	return ok
}

func logical() binaryRules {
	return binaryRules{
		constant: func(op *ir.Operation, l, r Info) (int64, bool) {
			if !l.Known || !r.Known {
				return 0, false
			}
			switch op.Name() {
			case "arith.andi":
				return l.Constant & r.Constant, true
			case "arith.ori":
				return l.Constant | r.Constant, true
			case "arith.xori":
				return l.Constant ^ r.Constant, true
			}
			return 0, false
		},
	}
}

// pow2Shift is 1<<s, saturated at MaxDivisor (and 1 for negative shifts,
// which Triton leaves undefined).
func pow2Shift(s int64) int64 {
	switch {
	case s < 0:
		return 1
	case s >= 62:
		return MaxDivisor
	}
	return 1 << s
}

func shl() binaryRules {
	return binaryRules{
		contiguity: func(_ *ir.Operation, l, r Info, d int) int64 {
			if r.isConst(0) {
				return l.Contiguity[d]
			}
			return 1
		},
		divisibility: func(_ *ir.Operation, l, r Info, d int) int64 {
			var shift int64
			if r.Known {
				shift = r.Constant
			}
			ld := l.Divisibility[d]
			if l.Contiguity[d] > 1 && shift != 0 {
				ld = 1
			}
			return multiplyDivisor(ld, pow2Shift(shift))
		},
		constant: func(_ *ir.Operation, l, r Info) (int64, bool) {
			if l.Known && r.Known && r.Constant >= 0 && r.Constant < 64 {
				return l.Constant << uint(r.Constant), true
			}
			return 0, false
		},
	}
}

func shr() binaryRules {
	return binaryRules{
		contiguity: func(_ *ir.Operation, l, r Info, d int) int64 {
			if r.isConst(0) {
				return l.Contiguity[d]
			}
			return 1
		},
		divisibility: func(_ *ir.Operation, l, r Info, d int) int64 {
			if !r.Known {
				return 1
			}
			shift := r.Constant
			ld := l.Divisibility[d]
			if l.Contiguity[d] > 1 && shift != 0 {
				ld = 1
			}
			return max(1, ld/pow2Shift(shift))
		},
		constant: func(_ *ir.Operation, l, r Info) (int64, bool) {
			if l.Known && r.Known && r.Constant >= 0 && r.Constant < 64 {
				// Triton shifts the zero-extended int64 arithmetically.
				return l.Constant >> uint(r.Constant), true
			}
			return 0, false
		},
	}
}

func visitMaxMin(op *ir.Operation, in []Info) (Info, bool) {
	if len(in) != 2 || in[0].Rank() != in[1].Rank() {
		return Info{}, false
	}
	l, r := in[0], in[1]
	n := l.Rank()
	if l.Known && r.Known {
		c := max(l.Constant, r.Constant)
		if op.Name() == "arith.minsi" || op.Name() == "arith.minui" {
			c = min(l.Constant, r.Constant)
		}
		return constantInfo(op, n, c), true
	}
	out := newInfo(n)
	for d := 0; d < n; d++ {
		out.Constancy[d] = gcd(l.Constancy[d], r.Constancy[d])
		out.Divisibility[d] = divisibilityOfJoin(l, r, d)
		out.Contiguity[d] = gcd(l.Contiguity[d], r.Contiguity[d])
	}
	return out, true
}

func visitTrans(op *ir.Operation, in []Info) (Info, bool) {
	if len(in) == 0 {
		return Info{}, false
	}
	src := in[0]
	order := tt.TransOp{Operation: op}.Order()
	if len(order) != src.Rank() {
		return Info{}, false
	}
	n := src.Rank()
	out := newInfo(n)
	for d := 0; d < n; d++ {
		s := int(order[d])
		if s < 0 || s >= n {
			return Info{}, false
		}
		out.Contiguity[d] = src.Contiguity[s]
		out.Divisibility[d] = src.Divisibility[s]
		out.Constancy[d] = src.Constancy[s]
	}
	out.Constant, out.Known = src.Constant, src.Known
	return out, true
}
