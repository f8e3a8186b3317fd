package cuda

import (
	"errors"
	"time"
)

// BenchDevice times work on a context's default stream the way Triton's
// do_bench does, for package autotune (it satisfies autotune.Device):
// events around each run, and an L2 flush that zeroes a buffer larger
// than any GPU's L2 cache (Triton's 256 MB) before each timed run.
type BenchDevice struct {
	ctx   *Context
	flush DevicePtr
	size  int
}

// FlushBytes is the size of the buffer BenchDevice zeroes to flush the L2
// cache (Triton's get_empty_cache_for_benchmark: 256 MB).
const FlushBytes = 256 << 20

// NewBenchDevice allocates the flush buffer on ctx. Close frees it.
func NewBenchDevice(ctx *Context) (*BenchDevice, error) {
	p, err := ctx.Alloc(FlushBytes)
	if err != nil {
		return nil, err
	}
	return &BenchDevice{ctx: ctx, flush: p, size: FlushBytes}, nil
}

// FlushL2 enqueues the zeroing of the flush buffer.
func (b *BenchDevice) FlushL2() error { return b.ctx.Memset(b.flush, 0, b.size) }

// Record creates an event and records it on the default stream.
func (b *BenchDevice) Record() (any, error) {
	e, err := b.ctx.NewEvent()
	if err != nil {
		return nil, err
	}
	if err := e.Record(nil); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// Synchronize waits for the context's work.
func (b *BenchDevice) Synchronize() error { return b.ctx.Synchronize() }

// Elapsed returns the time between two recorded events and destroys them
// (each pair is measured once).
func (b *BenchDevice) Elapsed(start, end any) (time.Duration, error) {
	s, ok1 := start.(*Event)
	e, ok2 := end.(*Event)
	if !ok1 || !ok2 {
		return 0, errors.New("cuda: Elapsed takes events from Record")
	}
	if err := e.Synchronize(); err != nil {
		return 0, err
	}
	d, err := ElapsedTime(s, e)
	s.Close()
	e.Close()
	return d, err
}

// Close frees the flush buffer.
func (b *BenchDevice) Close() error { return b.ctx.Free(b.flush) }
