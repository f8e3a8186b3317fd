package cuda

import (
	"errors"
	"sync"
)

var errStreamClosed = errors.New("cuda: stream is closed")

// Stream is a CUDA stream: a queue of work that runs in order. A nil
// *Stream in LaunchConfig or Event.Record means the default stream.
type Stream struct {
	ctx    *Context
	mu     sync.RWMutex
	handle uintptr // CUstream; 0 once closed
}

// NewStream creates a stream that synchronizes with the default stream
// (flags CU_STREAM_DEFAULT).
func (c *Context) NewStream() (*Stream, error) {
	var h uintptr
	err := c.do(func(l *lib) error {
		return l.check("cuStreamCreate", l.cuStreamCreate(&h, 0))
	})
	if err != nil {
		return nil, err
	}
	return &Stream{ctx: c, handle: h}, nil
}

// Synchronize waits for all work queued on the stream.
func (s *Stream) Synchronize() error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.handle == 0 {
		return errStreamClosed
	}
	return s.ctx.do(func(l *lib) error {
		return l.check("cuStreamSynchronize", l.cuStreamSynchronize(s.handle))
	})
}

// Close destroys the stream once its queued work completes. Closing twice
// is a no-op.
func (s *Stream) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.handle == 0 {
		return nil
	}
	h := s.handle
	s.handle = 0
	return s.ctx.do(func(l *lib) error {
		return l.check("cuStreamDestroy_v2", l.cuStreamDestroy(h))
	})
}
