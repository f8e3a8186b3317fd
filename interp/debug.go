package interp

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

func init() {
	register("tt.print", buildPrint)
	register("tt.assert", buildAssert)
	register("llvm.intr.assume", buildAssume)
	register("gpu.barrier", buildBarrier)
}

// gpu.barrier (tl.debug_barrier) synchronizes the threads of one program;
// the interpreter runs a program's operations whole-tensor at a time, in
// order, so every earlier access of the program is already complete.
func buildBarrier(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error { return nil }, nil
}

// llvm.intr.assume (tl.assume) is a hint to the optimizer; a false
// assumption is undefined behaviour on the GPU, so the interpreter stops
// there, as Triton's interpreter does ("Assume failed").
func buildAssume(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error {
		t, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		if t.Bits[0]&1 == 0 {
			return x.fail(in.op, nil, "tl.assume: the assumed condition is false")
		}
		return nil
	}, nil
}

// tt.print writes one line per element, in the format Triton's GPU
// lowering passes to printf:
//
//	pid (<x>, <y>, <z>) idx (<i1>, <i2>, ...)<prefix>[(operand <n>) ]<elem>
//
// (the Python front end has already shaped prefix, e.g. " x: "). The GPU
// prints each element from the thread holding it, in no useful order; the
// interpreter prints operand by operand in row-major order, and the lines
// of one tt.print execution are never interleaved with another program's.
func buildPrint(c *compiler, op *ir.Operation) (runFn, error) {
	prefix := ""
	if s, ok := op.Attr("prefix").(*ir.StringAttr); ok {
		prefix = s.Value
	}
	hex := false
	if a, ok := op.Attr("hex").(*ir.IntegerAttr); ok {
		hex = a.Bool()
	}
	var signed []bool
	if a, ok := op.Attr("isSigned").(*ir.DenseArrayAttr); ok {
		for _, v := range a.Ints {
			signed = append(signed, v != 0)
		}
	}
	return func(x *execCtx, in *instr) error {
		var b strings.Builder
		pid := fmt.Sprintf("pid (%d, %d, %d) ", x.pid[0], x.pid[1], x.pid[2])
		if len(in.in) == 0 {
			b.WriteString(strings.TrimSuffix(pid, " ") + prefix + "\n")
		}
		for k := range in.in {
			t, err := x.tensor(in, k)
			if err != nil {
				return err
			}
			widths := make([]int, len(t.Shape))
			for d, n := range t.Shape {
				if n > 0 {
					widths[d] = int(math.Ceil(math.Log10(float64(n))))
				}
			}
			sgn := k < len(signed) && signed[k]
			for i := 0; i < t.Len(); i++ {
				b.WriteString(pid)
				b.WriteString("idx (")
				for d, v := range unravel(i, t.Shape) {
					if d > 0 {
						b.WriteString(", ")
					}
					fmt.Fprintf(&b, "%*d", widths[d], v)
				}
				b.WriteString(")")
				b.WriteString(prefix)
				if len(in.in) > 1 {
					fmt.Fprintf(&b, "(operand %d) ", k)
				}
				b.WriteString(formatElem(t, i, hex, sgn))
				b.WriteString("\n")
			}
		}
		x.l.outMu.Lock()
		defer x.l.outMu.Unlock()
		_, err := io.WriteString(x.l.out, b.String())
		if err != nil {
			return x.fail(in.op, nil, "print: %v", err)
		}
		return nil
	}, nil
}

// formatElem formats element i as printf would with the format Triton
// chooses: %f for floats, %i/%u (%lli/%llu for 64 bits) for integers,
// 0x%0Nx with N = bit width / 4 for hex, %p for pointers.
func formatElem(t *Tensor, i int, hex, signed bool) string {
	e := t.Elem
	if e.Kind == KPtr {
		return fmt.Sprintf("%#x", t.Bits[i])
	}
	if hex {
		return fmt.Sprintf("0x%0*x", max(e.Width/4, 1), t.bitsAt(i))
	}
	if e.isFloat() {
		v := floatAt(t, i)
		switch {
		case v != v:
			if math.Signbit(v) {
				return "-nan"
			}
			return "nan"
		case math.IsInf(v, 1):
			return "inf"
		case math.IsInf(v, -1):
			return "-inf"
		}
		return fmt.Sprintf("%f", v)
	}
	if signed {
		return fmt.Sprint(int64(sext(t.Bits[i], e.Width)))
	}
	return fmt.Sprint(t.Bits[i])
}

// tt.assert fails when any element of its condition is false. (Triton
// emits it only when the kernel was compiled with debug=True; the GPU
// prints the message and aborts the kernel.)
func buildAssert(c *compiler, op *ir.Operation) (runFn, error) {
	msg := ""
	if s, ok := op.Attr("message").(*ir.StringAttr); ok {
		msg = s.Value
	}
	return func(x *execCtx, in *instr) error {
		t, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		for i, v := range t.Bits {
			if v&1 == 0 {
				if len(t.Shape) == 0 {
					return x.fail(in.op, nil, "assertion failed: %s", msg)
				}
				return x.failAt(in.op, i, t.Shape, "assertion failed: %s", msg)
			}
		}
		return nil
	}, nil
}
