package interp

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Error is a failure while a program runs: it names the operation (and so
// its source location), the program instance, and, where one element is at
// fault, that element's index in the operation's tensor.
type Error struct {
	Op    *ir.Operation
	PID   [3]int
	Index []int // nil when no single element is at fault
	Msg   string
}

// Diagnostic returns the error as a located diagnostic.
func (e *Error) Diagnostic() *ir.Diagnostic {
	var b strings.Builder
	fmt.Fprintf(&b, "program (%d, %d, %d)", e.PID[0], e.PID[1], e.PID[2])
	if e.Index != nil {
		b.WriteString(", element [")
		for i, x := range e.Index {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprint(&b, x)
		}
		b.WriteString("]")
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Op == nil {
		return ir.Errorf(nil, "%s", b.String())
	}
	return ir.OpErrorf(e.Op, "%s", b.String())
}

func (e *Error) Error() string { return e.Diagnostic().Error() }

// unravel returns the multi-index of flat index i in shape.
func unravel(i int, shape []int) []int {
	idx := make([]int, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] > 0 {
			idx[d] = i % shape[d]
			i /= shape[d]
		}
	}
	return idx
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
