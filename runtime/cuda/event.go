package cuda

import (
	"errors"
	"sync"
	"time"
)

var errEventClosed = errors.New("cuda: event is closed")

// Event marks a point in a stream; two recorded events time the GPU work
// between them.
type Event struct {
	ctx    *Context
	mu     sync.RWMutex
	handle uintptr // CUevent; 0 once closed
}

// NewEvent creates an event with timing enabled.
func (c *Context) NewEvent() (*Event, error) {
	var h uintptr
	err := c.do(func(l *lib) error {
		return l.check("cuEventCreate", l.cuEventCreate(&h, 0))
	})
	if err != nil {
		return nil, err
	}
	return &Event{ctx: c, handle: h}, nil
}

// Record enqueues the event on s (nil: the default stream).
func (e *Event) Record(s *Stream) error {
	e.mu.RLock()
	defer e.mu.RUnlock()
	if e.handle == 0 {
		return errEventClosed
	}
	var sh uintptr
	if s != nil {
		if s.ctx != e.ctx {
			return errors.New("cuda: recording an event on a stream of another context")
		}
		s.mu.RLock()
		defer s.mu.RUnlock()
		if s.handle == 0 {
			return errStreamClosed
		}
		sh = s.handle
	}
	return e.ctx.do(func(l *lib) error {
		return l.check("cuEventRecord", l.cuEventRecord(e.handle, sh))
	})
}

// Synchronize waits until the work before the event's last Record is done.
func (e *Event) Synchronize() error {
	e.mu.RLock()
	defer e.mu.RUnlock()
	if e.handle == 0 {
		return errEventClosed
	}
	return e.ctx.do(func(l *lib) error {
		return l.check("cuEventSynchronize", l.cuEventSynchronize(e.handle))
	})
}

// Close destroys the event. Closing twice is a no-op.
func (e *Event) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.handle == 0 {
		return nil
	}
	h := e.handle
	e.handle = 0
	return e.ctx.do(func(l *lib) error {
		return l.check("cuEventDestroy_v2", l.cuEventDestroy(h))
	})
}

// ElapsedTime returns the GPU time between two recorded, completed events
// (resolution about half a microsecond). Call end.Synchronize first.
func ElapsedTime(start, end *Event) (time.Duration, error) {
	if start.ctx != end.ctx {
		return 0, errors.New("cuda: events belong to different contexts")
	}
	start.mu.RLock()
	defer start.mu.RUnlock()
	if start != end {
		end.mu.RLock()
		defer end.mu.RUnlock()
	}
	if start.handle == 0 || end.handle == 0 {
		return 0, errEventClosed
	}
	var ms float32
	err := start.ctx.do(func(l *lib) error {
		return l.check("cuEventElapsedTime", l.cuEventElapsedTime(&ms, start.handle, end.handle))
	})
	return time.Duration(float64(ms) * float64(time.Millisecond)), err
}
