package interp

import (
	"github.com/ttcompiler/tt/dialects/cf"
	"github.com/ttcompiler/tt/ir"
)

// branchRun chooses the successor of cf.br, cf.cond_br and cf.switch.
func branchRun(op *ir.Operation) runFn {
	switch op.Name() {
	case "cf.br":
		return func(x *execCtx, in *instr) error { x.next = 0; return nil }
	case "cf.cond_br":
		return func(x *execCtx, in *instr) error {
			c, err := scalarOperand(x, in, 0)
			if err != nil {
				return err
			}
			if c&1 != 0 {
				x.next = 0
			} else {
				x.next = 1
			}
			return nil
		}
	case "cf.switch":
		cases := cf.SwitchOp{Operation: op}.CaseValues()
		return func(x *execCtx, in *instr) error {
			t, err := x.tensor(in, 0)
			if err != nil {
				return err
			}
			if t.Len() != 1 || t.Elem.Kind != KInt {
				return x.fail(op, nil, "switch flag must be an integer scalar")
			}
			v := int64(sext(t.Bits[0], t.Elem.Width))
			x.next = 0
			for i, c := range cases {
				if c == v {
					x.next = i + 1
					break
				}
			}
			return nil
		}
	}
	return unsupported(op, "branch operation '"+op.Name()+"' is not supported by the interpreter")
}

// scalarOperand returns operand k, which must be a one-element integer
// value, as its bits.
func scalarOperand(x *execCtx, in *instr, k int) (uint64, error) {
	t, err := x.tensor(in, k)
	if err != nil {
		return 0, err
	}
	if t.Len() != 1 || (t.Elem.Kind != KInt && t.Elem.Kind != KPtr) {
		return 0, x.fail(in.op, nil, "operand #%d must be an integer scalar", k)
	}
	return t.Bits[0], nil
}

// scalarInt returns operand k as a sign-extended integer.
func scalarInt(x *execCtx, in *instr, k int) (int64, error) {
	t, err := x.tensor(in, k)
	if err != nil {
		return 0, err
	}
	if t.Len() != 1 || t.Elem.Kind != KInt {
		return 0, x.fail(in.op, nil, "operand #%d must be an integer scalar", k)
	}
	return int64(sext(t.Bits[0], t.Elem.Width)), nil
}

func init() {
	register("scf.for", buildFor)
	register("scf.if", buildIf)
	register("scf.while", buildWhile)
	register("scf.execute_region", buildExecuteRegion)
	register("scf.index_switch", buildIndexSwitch)
	register("cf.assert", buildCfAssert)
}

func buildFor(c *compiler, op *ir.Operation) (runFn, error) {
	unsigned := op.Attr("unsignedCmp") != nil
	return func(x *execCtx, in *instr) error {
		lbT, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		w := lbT.Elem.Width
		lb := lbT.Bits[0]
		ub, err := scalarOperand(x, in, 1)
		if err != nil {
			return err
		}
		step, err := scalarOperand(x, in, 2)
		if err != nil {
			return err
		}
		less := func(a, b uint64) bool {
			if unsigned {
				return a < b
			}
			return int64(sext(a, w)) < int64(sext(b, w))
		}
		if less(lb, ub) && (step == 0 || (!unsigned && int64(sext(step, w)) < 0)) {
			return x.fail(in.op, nil, "scf.for step %d is not positive", int64(sext(step, w)))
		}
		carried := make([]Value, len(in.in)-3)
		for i, s := range in.in[3:] {
			carried[i] = x.vals[s]
		}
		args := make([]Value, 1+len(carried))
		for iv := lb; less(iv, ub); {
			args[0] = scalarBits(lbT.Elem, iv)
			copy(args[1:], carried)
			out, err := x.runRegion(in.regions[0], args)
			if err != nil {
				return err
			}
			copy(carried, out)
			next := trunc(iv+step, w)
			// The induction variable must not wrap past the bound.
			if !less(iv, next) {
				break
			}
			iv = next
		}
		for i, v := range carried {
			x.set(in, i, v)
		}
		return nil
	}, nil
}

func buildIf(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error {
		cond, err := scalarOperand(x, in, 0)
		if err != nil {
			return err
		}
		r := in.regions[0]
		if cond&1 == 0 {
			r = in.regions[1]
		}
		out, err := x.runRegion(r, nil)
		if err != nil {
			return err
		}
		if len(out) != len(in.out) {
			return x.fail(in.op, nil, "branch yields %d values for %d results", len(out), len(in.out))
		}
		for i, v := range out {
			x.set(in, i, v)
		}
		return nil
	}, nil
}

func buildWhile(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error {
		args := make([]Value, len(in.in))
		for i, s := range in.in {
			args[i] = x.vals[s]
		}
		for {
			out, err := x.runRegion(in.regions[0], args)
			if err != nil {
				return err
			}
			if len(out) == 0 {
				return x.fail(in.op, nil, "before region did not end in scf.condition")
			}
			ct, ok := out[0].(*Tensor)
			if !ok || ct.Len() != 1 {
				return x.fail(in.op, nil, "scf.condition needs a scalar i1 condition")
			}
			if ct.Bits[0]&1 == 0 {
				for i, v := range out[1:] {
					x.set(in, i, v)
				}
				return nil
			}
			if args, err = x.runRegion(in.regions[1], out[1:]); err != nil {
				return err
			}
		}
	}, nil
}

func buildExecuteRegion(c *compiler, op *ir.Operation) (runFn, error) {
	return runFirstRegion, nil
}

// runFirstRegion runs the op's first region without arguments; what its
// terminator yields are the op's results.
func runFirstRegion(x *execCtx, in *instr) error {
	out, err := x.runRegion(in.regions[0], nil)
	if err != nil {
		return err
	}
	for i, v := range out {
		x.set(in, i, v)
	}
	return nil
}

func buildIndexSwitch(c *compiler, op *ir.Operation) (runFn, error) {
	var cases []int64
	if a, ok := op.Attr("cases").(*ir.DenseArrayAttr); ok {
		cases = a.Ints
	}
	return func(x *execCtx, in *instr) error {
		v, err := scalarInt(x, in, 0)
		if err != nil {
			return err
		}
		r := in.regions[0]
		for i, cv := range cases {
			if cv == v && i+1 < len(in.regions) {
				r = in.regions[i+1]
				break
			}
		}
		out, err := x.runRegion(r, nil)
		if err != nil {
			return err
		}
		for i, v := range out {
			x.set(in, i, v)
		}
		return nil
	}, nil
}

func buildCfAssert(c *compiler, op *ir.Operation) (runFn, error) {
	msg := ""
	if s, ok := op.Attr("msg").(*ir.StringAttr); ok {
		msg = s.Value
	}
	return func(x *execCtx, in *instr) error {
		v, err := scalarOperand(x, in, 0)
		if err != nil {
			return err
		}
		if v&1 == 0 {
			return x.fail(in.op, nil, "assertion failed: %s", msg)
		}
		return nil
	}, nil
}
