package ttrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/internal/progress"
	"github.com/ttcompiler/tt/npy"
)

// How a run is bounded and shown: the launch runs under the invocation's
// context (--timeout, Ctrl-C), with a progress line on a terminal.

// BoundHeap, set by cmd/tt-run, makes a run cap the Go heap at the
// kernel's buffers plus heapHeadroom (the garbage collector's soft limit),
// unless GOMEMLIMIT says otherwise. The interpreter allocates a tile per
// operation at a high rate; with only a GC percentage, the heap overshoots
// by tens of megabytes a cycle. It is a process-wide setting, so in-process
// users (tt-lit, tests) leave it off.
var BoundHeap = false

// heapHeadroom is the heap a run may use beyond its buffers: the workers'
// tiles and the compiled kernel.
const heapHeadroom = 64 << 20

// boundHeap applies BoundHeap for a run over args' buffers.
func boundHeap(args []Arg) {
	if !BoundHeap || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	var data int64
	for _, a := range args {
		if a.Buffer != nil {
			data += int64(len(a.Buffer.Data))
		}
	}
	debug.SetMemoryLimit(data + heapHeadroom)
}

// exitInterrupted is the exit status of a run stopped by Ctrl-C, as a
// shell reports a process killed by SIGINT.
const exitInterrupted = 130

// launch runs the kernel on the backend with the launch options o (the
// warps and stages of an autotuned configuration) and reports a failure;
// it returns the exit status (0 when the run finished).
func (r *runner) launch(k *Kernel, grid [3]int, args []Arg, o Options) int {
	boundHeap(args)
	total := int64(grid[0]) * int64(grid[1]) * int64(grid[2])
	line := progress.Start(r.stderr, "tt-run", total, "programs", progress.Options{})
	o.Stdout, o.Context, o.Progress = r.stdout, r.ctx, line.Counter()
	err := r.b.Run(k, grid, args, o)
	line.Stop()
	if r.ctx.Err() != nil {
		return r.stopped(err)
	}
	if err != nil {
		r.errorf("%v", err)
		return 1
	}
	return 0
}

// stopped reports a run its context ended: --timeout (status 1) or an
// interrupt (130). err is the backend's, which says how far it got.
func (r *runner) stopped(err error) int {
	how := ""
	if err != nil {
		// "stopped after 12 of 100 programs: context deadline exceeded"
		how = strings.TrimSuffix(err.Error(), ": "+r.ctx.Err().Error())
		how = ": " + strings.TrimPrefix(how, "sim: ")
	}
	if errors.Is(r.ctx.Err(), context.DeadlineExceeded) {
		r.errorf("the run exceeded --timeout=%v%s", r.o.timeout, how)
		return 1
	}
	r.errorf("interrupted%s", how)
	return exitInterrupted
}

// parseTimeout reads --timeout: a Go duration (300ms, 1m30s) or a number
// of seconds.
func parseTimeout(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		secs, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil {
			return 0, fmt.Errorf("--timeout takes a duration (300ms, 2m) or seconds, got %q", s)
		}
		d = time.Duration(secs * float64(time.Second))
	}
	if d <= 0 {
		return 0, fmt.Errorf("--timeout must be positive, got %q", s)
	}
	return d, nil
}

// gridArch is the architecture whose grid limits apply to a backend's
// launches ("" for the interpreter's).
func gridArch(b Backend) string {
	switch b := b.(type) {
	case Sim:
		if b.Arch != "" {
			return b.Arch
		}
		return "sm_90"
	case CUDA:
		if b.Arch != "" {
			return b.Arch
		}
		return "sm_90" // every NVIDIA GPU has the same grid limits
	}
	return ""
}

// writeNpyFile writes an array to path whole, or not at all.
func writeNpyFile(path string, a npy.Array) error {
	var b bytes.Buffer
	if err := npy.Write(&b, a); err != nil {
		return err
	}
	return cli.WriteFile(path, b.Bytes())
}
