package interp

import (
	"github.com/ttcompiler/tt/ir"
)

func init() {
	register("tt.call", buildCall)
	register("func.call", buildCall)
}

// buildCall compiles the callee now, so a missing callee is reported when
// the call is reached and recursion works (compileFunc registers a
// function before compiling its body).
func buildCall(c *compiler, op *ir.Operation) (runFn, error) {
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return nil, ir.OpErrorf(op, "has no callee")
	}
	fn := ir.LookupSymbol(op, ref)
	if fn == nil {
		return nil, ir.OpErrorf(op, "callee @%s is not defined", ref.Root)
	}
	callee, err := c.prog.compileFunc(fn)
	if err != nil {
		return nil, err
	}
	return func(x *execCtx, in *instr) error {
		args := make([]Value, len(in.in))
		for i, s := range in.in {
			args[i] = x.vals[s]
		}
		out, err := x.call(callee, args)
		if err != nil {
			return err
		}
		if len(out) != len(in.out) {
			return x.fail(in.op, nil, "callee returned %d values for %d results", len(out), len(in.out))
		}
		for i, v := range out {
			x.set(in, i, v)
		}
		return nil
	}, nil
}
