package selfcheck

import (
	_ "embed"
	"fmt"
	"math"
	"time"

	"github.com/ttcompiler/tt/runtime/cuda"
)

// VectorAddPTX is the embedded kernel:
// add_kernel(.u64 x, .u64 y, .u64 out, .u32 n) computing out[i] = x[i]+y[i].
//
//go:embed vector_add.ptx
var VectorAddPTX []byte

// VectorAddKernel is the entry point name in VectorAddPTX.
const VectorAddKernel = "add_kernel"

// blockSize is the threads per block of the check's launches.
const blockSize = 256

// Report describes a successful vector-add check.
type Report struct {
	Elements    int
	Grid, Block int
	NumRegs     int           // registers per thread
	LocalBytes  int           // local memory per thread (spills)
	JITTime     time.Duration // driver-reported PTX compile time
	InfoLog     string        // JIT info log
	FirstLaunch time.Duration // GPU time of the first launch, by events
	MeanLaunch  time.Duration // mean GPU time of Iterations further launches
	Iterations  int
}

// VectorAdd JIT-compiles VectorAddPTX, adds two n-element float32 vectors on
// the GPU, checks every element against the host sum, and times the first
// launch and the mean of iterations more.
func VectorAdd(ctx *cuda.Context, n, iterations int) (rep Report, err error) {
	if n <= 0 || n > math.MaxInt32 {
		return rep, fmt.Errorf("selfcheck: invalid element count %d", n)
	}
	mod, err := ctx.LoadModule(VectorAddPTX, cuda.JITOptions{Verbose: true})
	if err != nil {
		return rep, err
	}
	defer closeInto(&err, mod.Close)
	fn, err := mod.Function(VectorAddKernel)
	if err != nil {
		return rep, err
	}
	rep = Report{Elements: n, Block: blockSize, Grid: (n + blockSize - 1) / blockSize,
		Iterations: iterations, JITTime: mod.JITTime, InfoLog: mod.InfoLog}
	if rep.NumRegs, err = fn.NumRegs(); err != nil {
		return rep, err
	}
	if rep.LocalBytes, err = fn.LocalBytes(); err != nil {
		return rep, err
	}

	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i] = float32(i)*0.5 - 1000
		y[i] = 1 / float32(i+1)
	}
	var bufs [3]cuda.DevicePtr
	for i := range bufs {
		if bufs[i], err = ctx.Alloc(4 * n); err != nil {
			return rep, err
		}
		defer closeInto(&err, func() error { return ctx.Free(bufs[i]) })
	}
	if err := ctx.CopyHtoD(bufs[0], cuda.AsBytes(x)); err != nil {
		return rep, err
	}
	if err := ctx.CopyHtoD(bufs[1], cuda.AsBytes(y)); err != nil {
		return rep, err
	}
	if err := ctx.Memset(bufs[2], 0xff, 4*n); err != nil { // NaNs: unwritten elements fail
		return rep, err
	}

	cfg := cuda.LaunchConfig{Grid: [3]int{rep.Grid, 1, 1}, Block: [3]int{blockSize, 1, 1}}
	args := cuda.Args{}.Ptr(bufs[0]).Ptr(bufs[1]).Ptr(bufs[2]).U32(uint32(n))
	launch := func() error { return fn.Launch(cfg, args) }
	if rep.FirstLaunch, err = timeGPU(ctx, 1, launch); err != nil {
		return rep, err
	}
	out := make([]float32, n)
	if err := ctx.CopyDtoH(cuda.AsBytes(out), bufs[2]); err != nil {
		return rep, err
	}
	if err := verify(x, y, out); err != nil {
		return rep, err
	}
	if iterations > 0 {
		if rep.MeanLaunch, err = timeGPU(ctx, iterations, launch); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// timeGPU runs f count times between two events on the default stream and
// returns the mean GPU time per run.
func timeGPU(ctx *cuda.Context, count int, f func() error) (d time.Duration, err error) {
	start, err := ctx.NewEvent()
	if err != nil {
		return 0, err
	}
	defer closeInto(&err, start.Close)
	end, err := ctx.NewEvent()
	if err != nil {
		return 0, err
	}
	defer closeInto(&err, end.Close)
	if err := start.Record(nil); err != nil {
		return 0, err
	}
	for range count {
		if err := f(); err != nil {
			return 0, err
		}
	}
	if err := end.Record(nil); err != nil {
		return 0, err
	}
	if err := end.Synchronize(); err != nil {
		return 0, err
	}
	total, err := cuda.ElapsedTime(start, end)
	return total / time.Duration(count), err
}

// verify compares the device result with the host sum bit for bit: both
// round the same IEEE single-precision addition to nearest even.
func verify(x, y, out []float32) error {
	bad, first := 0, -1
	for i := range out {
		if want := x[i] + y[i]; math.Float32bits(out[i]) != math.Float32bits(want) {
			if first < 0 {
				first = i
			}
			bad++
		}
	}
	if bad > 0 {
		return fmt.Errorf("selfcheck: %d of %d elements wrong; first at %d: got %v, want %v",
			bad, len(out), first, out[first], x[first]+y[first])
	}
	return nil
}

// closeInto runs a cleanup and keeps its error if none happened before.
func closeInto(err *error, f func() error) {
	if cerr := f(); *err == nil {
		*err = cerr
	}
}
