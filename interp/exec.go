package interp

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/ttcompiler/tt/ir"
)

// launch is the state shared by the program instances of one launch.
type launch struct {
	prog  *Program
	mem   *Memory
	bufs  []*Buffer
	grid  [3]int
	out   io.Writer
	outMu sync.Mutex
	// stop is set when the launch's context ends: programs check it at
	// every region entry and branch, so a loop that never ends stops too.
	stop atomic.Bool
}

// execCtx is one program instance executing one function: its id and its
// frame of SSA values.
type execCtx struct {
	l    *launch
	pid  [3]int
	vals []Value
	// depth counts nested calls, to fail cleanly on runaway recursion.
	depth int
	// ps is state shared by every frame of one program instance.
	ps *progState
	// cur is the operation running, for reporting internal errors.
	cur *ir.Operation
	// next is the successor a branch chose (set by the branch's run).
	next int
}

func (x *execCtx) fail(op *ir.Operation, index []int, format string, args ...any) error {
	return &Error{Op: op, PID: x.pid, Index: index, Msg: fmt.Sprintf(format, args...)}
}

// failAt reports an error at flat element i of a tensor of the given shape.
func (x *execCtx) failAt(op *ir.Operation, i int, shape []int, format string, args ...any) error {
	return x.fail(op, unravel(i, shape), format, args...)
}

// tensor returns operand k of an instruction as a tensor.
func (x *execCtx) tensor(in *instr, k int) (*Tensor, error) {
	v := x.vals[in.in[k]]
	t, ok := v.(*Tensor)
	if !ok {
		return nil, x.fail(in.op, nil, "operand #%d is %s, not a tensor or scalar", k, describe(v))
	}
	return t, nil
}

func describe(v Value) string {
	switch v.(type) {
	case nil:
		return "undefined"
	case *Tensor:
		return "a tensor"
	case *MemDesc:
		return "a shared-memory descriptor"
	case *BlockPtr:
		return "a block pointer"
	case *TensorDesc:
		return "a tensor descriptor"
	case Token:
		return "a token"
	}
	return fmt.Sprintf("%T", v)
}

// errStopped ends a program whose launch's context is done; Launch
// reports the context's error instead.
var errStopped = errors.New("the launch was stopped")

// set stores result k of an instruction.
func (x *execCtx) set(in *instr, k int, v Value) { x.vals[in.out[k]] = v }

// runRegion executes a region with the given entry-block arguments and
// returns the operands of the terminator that leaves it.
func (x *execCtx) runRegion(r *cregion, args []Value) ([]Value, error) {
	if len(r.blocks) == 0 {
		return nil, nil
	}
	b := r.blocks[0]
	if len(args) != len(b.args) {
		return nil, fmt.Errorf("region entry takes %d arguments, got %d", len(b.args), len(args))
	}
	for i, s := range b.args {
		x.vals[s] = args[i]
	}
	for {
		if x.l.stop.Load() {
			return nil, errStopped
		}
		for _, in := range b.body {
			x.cur = in.op
			if err := in.run(x, in); err != nil {
				return nil, err
			}
		}
		t := b.term
		if t == nil {
			return nil, nil
		}
		x.cur = t.op
		if err := t.run(x, t); err != nil {
			return nil, err
		}
		if t.term == termYield {
			out := make([]Value, len(t.in))
			for i, s := range t.in {
				out[i] = x.vals[s]
			}
			return out, nil
		}
		// A branch: its run stored the chosen successor index in x.next.
		k := x.next
		vals := make([]Value, len(t.succArgs[k]))
		for i, s := range t.succArgs[k] {
			vals[i] = x.vals[s]
		}
		b = t.succ[k]
		for i, s := range b.args {
			x.vals[s] = vals[i]
		}
	}
}
