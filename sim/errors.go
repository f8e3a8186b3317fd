package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// ExecError is a failure of one thread at one op: a fault (out-of-bounds
// or misaligned access), a failed device assertion, an op the simulator
// does not execute, or a deadlock at a collective.
type ExecError struct {
	Block  [3]int
	Thread int
	Lanes  int
	// Op is the op that failed (nil for a failure of the whole CTA).
	Op  *ir.Operation
	Err error
}

func (e *ExecError) Error() string {
	return fmt.Sprintf("%s: error: block (%d,%d,%d) %s: %v", opLoc(e.Op), e.Block[0], e.Block[1], e.Block[2], threadName(e.Thread, e.Lanes), e.Err)
}

func (e *ExecError) Unwrap() error { return e.Err }

// AccessKind is how a thread touches memory.
type AccessKind uint8

const (
	Read AccessKind = iota
	Write
	Atomic
)

func (k AccessKind) String() string { return [...]string{"read", "write", "atomic"}[k] }

// Access is one side of a race: a thread's access by an op.
type Access struct {
	Thread int
	Op     *ir.Operation
	Kind   AccessKind
}

// RaceError is a data race on shared memory: two threads of different
// warps touched byte Addr between the same two barriers, at least one of
// them writing (First happened before Second in the simulator's order).
type RaceError struct {
	Block         [3]int
	Addr          int
	Lanes         int
	First, Second Access
}

func (e *RaceError) Error() string {
	return fmt.Sprintf("%s: error: data race on shared memory byte %d in block (%d,%d,%d): %s %s it (%s) with no barrier after %s's %s (%s)\n%s: note: the %s by %s",
		opLoc(e.Second.Op), e.Addr, e.Block[0], e.Block[1], e.Block[2],
		threadName(e.Second.Thread, e.Lanes), verb(e.Second.Kind), opName(e.Second.Op),
		threadName(e.First.Thread, e.Lanes), e.First.Kind, opName(e.First.Op),
		opLoc(e.First.Op), e.First.Kind, threadName(e.First.Thread, e.Lanes))
}

func verb(k AccessKind) string {
	return [...]string{"reads", "writes", "updates atomically"}[k]
}

func threadName(tid, lanes int) string {
	if lanes <= 0 {
		return fmt.Sprintf("thread %d", tid)
	}
	return fmt.Sprintf("thread %d (warp %d, lane %d)", tid, tid/lanes, tid%lanes)
}

func opLoc(op *ir.Operation) string {
	if op == nil {
		return "loc(unknown)"
	}
	return ir.LocString(op.Loc())
}

func opName(op *ir.Operation) string {
	if op == nil {
		return "?"
	}
	return op.Name()
}

func typeString(t ir.Type) string { return asm.TypeString(t) }
