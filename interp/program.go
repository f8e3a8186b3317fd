package interp

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Program is a kernel compiled for interpretation: the tt.func to launch
// and every function it may call. A Program is read-only once built and
// may be launched from several goroutines at once.
type Program struct {
	module *ir.Operation
	entry  *cfunc
	mu     sync.Mutex // guards funcs and elems during compilation
	funcs  map[*ir.Operation]*cfunc
	elems  elemCache
	opts   Options
}

// Options control how a kernel is compiled for interpretation.
type Options struct {
	// NoFPContraction rounds every float multiplication and addition
	// separately, as a kernel compiled with enable_fp_fusion=False does;
	// by default a product feeding an addition is fused (see contract.go).
	NoFPContraction bool
}

// FindKernel returns the function named name (a tt.func, or func.func) in
// module, or the module's only public tt.func when name is empty.
func FindKernel(module *ir.Operation, name string) (*ir.Operation, error) {
	var found []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() != "tt.func" && op.Name() != "func.func" {
			return
		}
		if name == "" {
			if op.Name() == "tt.func" && !ir.IsPrivateSymbol(op) {
				found = append(found, op)
			}
		} else if ir.SymbolName(op) == name {
			found = append(found, op)
		}
	})
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) == 0 && name != "":
		return nil, fmt.Errorf("no function @%s in the module", name)
	case len(found) == 0:
		return nil, fmt.Errorf("no public tt.func in the module")
	case name == "":
		return nil, fmt.Errorf("the module has %d public tt.func kernels; name one", len(found))
	}
	return nil, fmt.Errorf("%d functions are named @%s", len(found), name)
}

// Compile prepares fn (a tt.func with a body) for interpretation. It fails
// only for structural problems; an operation the interpreter does not
// support fails with a located error when a program reaches it.
func Compile(fn *ir.Operation) (*Program, error) {
	return CompileWith(fn, Options{})
}

// CompileWith is Compile with options.
func CompileWith(fn *ir.Operation, opts Options) (*Program, error) {
	p := &Program{funcs: map[*ir.Operation]*cfunc{}, elems: elemCache{}, opts: opts}
	if m := fn.ParentOp(); m != nil {
		p.module = m
	}
	cf, err := p.compileFunc(fn)
	if err != nil {
		return nil, err
	}
	p.entry = cf
	return p, nil
}

// Params returns the entry function's parameter types, in order.
func (p *Program) Params() []ir.Type {
	return p.entry.op.Region(0).Front().ArgumentTypes()
}

// Arg is a kernel argument: a pointer into Memory (for !tt.ptr
// parameters) or a scalar given by its bit pattern.
type Arg struct {
	// Bits is the value: a Pointer for pointer parameters; for scalars the
	// bit pattern of the parameter's type (see IntArg, FloatArg).
	Bits uint64
	// Float marks Bits as holding math.Float64bits of a value to be
	// rounded to the parameter's float type.
	Float bool
}

// PtrArg passes a pointer.
func PtrArg(p Pointer) Arg { return Arg{Bits: uint64(p)} }

// IntArg passes an integer (truncated to the parameter's width).
func IntArg(v int64) Arg { return Arg{Bits: uint64(v)} }

// FloatArg passes a float (rounded to the parameter's type).
func FloatArg(v float64) Arg { return Arg{Bits: f64bits(v), Float: true} }

// Config controls a launch.
type Config struct {
	// Grid is the number of program instances along x, y and z; zero
	// entries count as 1.
	Grid [3]int
	// Stdout receives tt.print output; nil discards it.
	Stdout io.Writer
	// Workers is how many program instances run at once: 0 means
	// GOMAXPROCS, 1 runs them one after another in order (x fastest),
	// which makes results that depend on the order of atomics or on races
	// deterministic.
	Workers int
	// Context, when set, bounds the launch: once it is done, running
	// programs stop at their next loop iteration or branch, no other
	// program starts, and Launch returns a *Stopped error.
	Context context.Context
	// Progress, when set, counts the program instances as they finish.
	Progress *atomic.Int64
}

// Stopped is Launch's error when Config.Context ended the launch.
type Stopped struct {
	// Done is how many program instances finished; Total is the grid's.
	Done, Total int64
	// Cause is the context's error (context.DeadlineExceeded, or
	// context.Canceled for an interrupt).
	Cause error
}

func (e *Stopped) Error() string {
	return fmt.Sprintf("stopped after %d of %d programs: %v", e.Done, e.Total, e.Cause)
}

func (e *Stopped) Unwrap() error { return e.Cause }

// Launch runs every program instance of the grid over mem. It returns the
// first error (by program order) if any instance fails; instances that
// have not started when an error occurs are skipped. Memory does not grow
// with the grid: workers take program ids from a counter, one at a time.
func (p *Program) Launch(mem *Memory, args []Arg, cfg Config) error {
	params := p.Params()
	if len(args) != len(params) {
		return fmt.Errorf("kernel @%s takes %d arguments, got %d", p.entry.name, len(params), len(args))
	}
	vals := make([]Value, len(args))
	for i, a := range args {
		v, err := p.argValue(params[i], a)
		if err != nil {
			return fmt.Errorf("argument #%d of @%s: %v", i, p.entry.name, err)
		}
		vals[i] = v
	}
	grid := cfg.Grid
	total := int64(1)
	for i := range grid {
		if grid[i] == 0 {
			grid[i] = 1
		}
		if grid[i] < 0 {
			return fmt.Errorf("grid dimension %d is negative (%d)", i, grid[i])
		}
		total *= int64(grid[i])
	}
	out := cfg.Stdout
	if out == nil {
		out = io.Discard
	}
	l := &launch{prog: p, mem: mem, bufs: mem.snapshot(), grid: grid, out: out}
	if cfg.Context != nil {
		if err := cfg.Context.Err(); err != nil {
			return &Stopped{Total: total, Cause: err}
		}
		finished := make(chan struct{})
		defer close(finished)
		go func() {
			select {
			case <-cfg.Context.Done():
				l.stop.Store(true)
			case <-finished:
			}
		}()
	}
	workers := int64(cfg.Workers)
	if workers <= 0 {
		workers = int64(runtime.GOMAXPROCS(0))
	}
	workers = min(workers, total)
	var (
		next, done atomic.Int64
		mu         sync.Mutex
		firstPID   int64 = -1 // the failing program first in program order
		firstErr   error
		failed     atomic.Bool
		wg         sync.WaitGroup
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() && !l.stop.Load() {
				n := next.Add(1) - 1
				if n >= total {
					return
				}
				pid := [3]int{int(n % int64(grid[0])), int(n / int64(grid[0]) % int64(grid[1])), int(n / (int64(grid[0]) * int64(grid[1])))}
				if err := l.runProgram(pid, vals); err != nil {
					if l.stop.Load() {
						return // the context ended it; reported below
					}
					mu.Lock()
					if firstPID < 0 || n < firstPID {
						firstPID, firstErr = n, err
					}
					mu.Unlock()
					failed.Store(true)
					continue
				}
				done.Add(1)
				if cfg.Progress != nil {
					cfg.Progress.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if l.stop.Load() {
		return &Stopped{Done: done.Load(), Total: total, Cause: cfg.Context.Err()}
	}
	return nil
}

// runProgram runs one program instance of the entry function.
func (l *launch) runProgram(pid [3]int, args []Value) (err error) {
	x := &execCtx{l: l, pid: pid, ps: &progState{}}
	_, err = x.call(l.prog.entry, args)
	return err
}

// maxCallDepth bounds recursion through tt.call.
const maxCallDepth = 256

// call runs a compiled function in a fresh frame. A panic inside the
// interpreter (a bug, or IR that escaped verification) becomes an error
// naming the operation that was running.
func (x *execCtx) call(f *cfunc, args []Value) (out []Value, err error) {
	if x.depth >= maxCallDepth {
		return nil, x.fail(x.cur, nil, "call depth exceeds %d (runaway recursion?)", maxCallDepth)
	}
	callee := &execCtx{l: x.l, pid: x.pid, ps: x.ps, vals: make([]Value, f.nslots), depth: x.depth + 1}
	defer func() {
		if r := recover(); r != nil {
			err = &Error{Op: callee.cur, PID: x.pid, Msg: fmt.Sprintf("internal interpreter error: %v\n%s", r, debug.Stack())}
		}
	}()
	return callee.runRegion(f.body, args)
}

// argValue converts a launch argument to the value of a parameter.
func (p *Program) argValue(t ir.Type, a Arg) (Value, error) {
	p.mu.Lock()
	e, err := p.elems.elemOf(t)
	p.mu.Unlock()
	if err != nil {
		return nil, err
	}
	switch {
	case e.Kind == KPtr:
		if a.Float {
			return nil, fmt.Errorf("pointer parameter given a float")
		}
		return scalarBits(e, a.Bits), nil
	case e.isFloat():
		v := f64frombits(a.Bits)
		if !a.Float {
			v = float64(int64(a.Bits))
		}
		return scalarFloat(e, v), nil
	default:
		if a.Float {
			return nil, fmt.Errorf("integer parameter %s given a float", asm.TypeString(t))
		}
		return scalarBits(e, trunc(a.Bits, e.Width)), nil
	}
}
