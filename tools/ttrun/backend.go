package ttrun

import (
	"context"
	"fmt"
	"io"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/interp"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/npy"
)

// Kernel is the kernel a backend runs: a tt.func (TTIR or TTGIR) in its
// parsed, verified module.
type Kernel struct {
	Module *ir.Operation
	Func   *ir.Operation
	Name   string
	// Source is the path the module was read from, for messages.
	Source string
	// Meta are a Python kernel's constexpr values (from --constexpr,
	// defaults, heuristics, an autotuning configuration), by name: what
	// --grid expressions see besides the arguments.
	Meta map[string]triton.Object
}

// Arg is one kernel argument, in tt.func parameter order.
type Arg struct {
	Name string
	Type ir.Type
	// Buffer is the memory a pointer parameter points to (its first byte).
	// Backends write the kernel's stores back into Buffer.Data.
	Buffer *npy.Array
	// Scalar parameters: Int for integer types, Float for float types.
	Int   int64
	Float float64
}

// IsPointer reports whether the argument is a buffer.
func (a *Arg) IsPointer() bool { return a.Buffer != nil }

// Options are backend-independent launch settings.
type Options struct {
	// Stdout receives the kernel's tt.print output.
	Stdout io.Writer
	// NumWarps is the number of warps per program (GPU backends).
	NumWarps int
	// Shared is the dynamic shared memory in bytes (GPU backends).
	Shared int
	// Context, when set, stops the run when it is done (--timeout,
	// Ctrl-C); the backend then returns an error saying how far it got.
	Context context.Context
	// Progress, when set, counts the program instances that finished.
	Progress *atomic.Int64
	// NumStages is the software pipelining depth the kernel is compiled
	// with (GPU backends; 0: Triton's default, 3), as a case manifest
	// records it.
	NumStages int
	// MaxNReg bounds a thread's registers (GPU backends; 0: no bound),
	// as an autotuning configuration's maxnreg does.
	MaxNReg int
}

// Backend executes kernels. Run launches the kernel over grid with args
// and leaves the results in the argument buffers. A GPU backend copies
// buffers to the device and back; the interpreter works in place.
type Backend interface {
	Name() string
	Run(k *Kernel, grid [3]int, args []Arg, opts Options) error
}

var (
	backendsMu sync.Mutex
	backends   = map[string]Backend{}
)

// RegisterBackend makes a backend available to --backend NAME. A cuda
// backend registers itself here from its own package.
func RegisterBackend(b Backend) {
	backendsMu.Lock()
	defer backendsMu.Unlock()
	backends[b.Name()] = b
}

// LookupBackend returns the named backend.
func LookupBackend(name string) (Backend, error) {
	backendsMu.Lock()
	defer backendsMu.Unlock()
	if b, ok := backends[name]; ok {
		return b, nil
	}
	var names []string
	for n := range backends {
		names = append(names, n)
	}
	sort.Strings(names)
	return nil, fmt.Errorf("unknown backend %q (available: %v)", name, names)
}

func init() { RegisterBackend(Interp{}) }

// Interp is the CPU interpreter backend (package interp).
type Interp struct {
	// Workers limits how many program instances run at once (0: all CPUs).
	Workers int
	// NoFPContraction rounds float multiplies and adds separately, as a
	// kernel compiled with enable_fp_fusion=False does.
	NoFPContraction bool
}

func (Interp) Name() string { return "interp" }

// Describe is the backend's line in --help.
func (Interp) Describe() string {
	return "the tile-level CPU interpreter (Triton's TRITON_INTERPRET=1)"
}

// Run interprets the kernel.
func (b Interp) Run(k *Kernel, grid [3]int, args []Arg, opts Options) error {
	if k.Func.Name() != "tt.func" {
		return fmt.Errorf("the interp backend runs TTIR or TTGIR; @%s is per-thread IR (run it with --backend sim or cuda)", k.Name)
	}
	prog, err := interp.CompileWith(k.Func, interp.Options{NoFPContraction: b.NoFPContraction})
	if err != nil {
		return err
	}
	mem := interp.NewMemory()
	iargs := make([]interp.Arg, len(args))
	for i := range args {
		a := &args[i]
		switch {
		case a.IsPointer():
			iargs[i] = interp.PtrArg(mem.Alloc(a.Name, a.Buffer.Data))
		case ir.IsFloat(a.Type):
			iargs[i] = interp.FloatArg(a.Float)
		default:
			iargs[i] = interp.IntArg(a.Int)
		}
	}
	return prog.Launch(mem, iargs, interp.Config{Grid: grid, Stdout: opts.Stdout, Workers: b.Workers,
		Context: opts.Context, Progress: opts.Progress})
}
