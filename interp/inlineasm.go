package interp

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// tt.elementwise_inline_asm runs target assembly, which the interpreter
// cannot execute in general: it fails with a located "unsupported" error.
// The exception is the assembly Triton's own compiler emits, which a TTGIR
// dump contains even when the kernel author wrote none: the F32DotTC pass
// rounds tf32x3 operands with `cvt.rna.tf32.f32 $0, $1;`. Those strings
// are recognised exactly (up to white space) and interpreted.
var knownAsm = map[string]func(r, a *Tensor, i int){
	"cvt.rna.tf32.f32 $0, $1;": func(r, a *Tensor, i int) { r.F32[i] = numeric.TF32RoundNA(a.F32[i]) },
}

func init() {
	registerElementwise("tt.elementwise_inline_asm", buildInlineAsm)
}

func normalizeAsm(s string) string { return strings.Join(strings.Fields(s), " ") }

func buildInlineAsm(c *compiler, op *ir.Operation) (runFn, error) {
	asm := ""
	if a, ok := op.Attr("asm_string").(*ir.StringAttr); ok {
		asm = a.Value
	}
	fn, ok := knownAsm[normalizeAsm(asm)]
	if !ok || op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil, ir.OpErrorf(op, "inline assembly %q cannot be interpreted (unsupported)", asm)
	}
	re, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	if se, _ := c.operandElem(op, 0); re.Kind != KF32 || se == nil || se.Kind != KF32 {
		return nil, ir.OpErrorf(op, "inline assembly %q expects f32 values", asm)
	}
	return func(x *execCtx, in *instr) error {
		ts, n, shape, err := operands(x, in)
		if err != nil {
			return err
		}
		r := newTensorN(re, shape, n)
		for i := 0; i < n; i++ {
			fn(r, ts[0], i)
		}
		x.set(in, 0, r)
		return nil
	}, nil
}
