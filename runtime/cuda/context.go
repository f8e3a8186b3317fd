package cuda

import (
	"errors"
	"runtime"
	"sync"
)

// ErrClosed is returned when using a Context (or anything created from it)
// after Close.
var ErrClosed = errors.New("cuda: context is closed")

// Context is a CUDA context on one device. All its methods, and those of the
// modules, functions, streams and events made from it, may be called from
// any goroutine: each call locks its goroutine to the OS thread, makes the
// context current on that thread, and performs the driver call (see the
// package documentation).
type Context struct {
	// mu guards handle: calls hold it for reading, Close for writing, so
	// a context is never destroyed under a running call.
	mu      sync.RWMutex
	handle  uintptr // CUcontext; 0 once closed
	dev     Device
	primary bool
	lib     *lib
}

// NewContext retains the device's primary context, the one the CUDA runtime
// and other libraries in the process share. This is the recommended context.
// Close releases it.
func NewContext(dev Device) (*Context, error) {
	l, err := driver()
	if err != nil {
		return nil, err
	}
	var h uintptr
	if err := l.check("cuDevicePrimaryCtxRetain", l.cuDevicePrimaryCtxRetain(&h, dev.handle)); err != nil {
		return nil, err
	}
	return &Context{handle: h, dev: dev, primary: true, lib: l}, nil
}

// NewPrivateContext creates a new context owned by the caller
// (cuCtxCreate_v2), isolated from the primary context. Close destroys it.
// Drivers that no longer export cuCtxCreate_v2 make it fail.
func NewPrivateContext(dev Device) (*Context, error) {
	l, err := driver()
	if err != nil {
		return nil, err
	}
	if l.cuCtxCreate == nil || l.cuCtxDestroy == nil {
		return nil, errors.New("cuda: this driver does not export cuCtxCreate_v2/cuCtxDestroy_v2")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var h uintptr
	if err := l.check("cuCtxCreate_v2", l.cuCtxCreate(&h, 0, dev.handle)); err != nil {
		return nil, err
	}
	// cuCtxCreate pushed the context on this thread; every call sets the
	// current context anyway, so just leave the thread clean.
	_ = l.cuCtxSetCurrent(0)
	return &Context{handle: h, dev: dev, lib: l}, nil
}

// Device returns the context's device.
func (c *Context) Device() Device { return c.dev }

// Close releases the primary context (or destroys a private one). Memory,
// modules, streams and events of the context become invalid once the last
// reference to the context goes away. Closing twice is a no-op.
func (c *Context) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.handle == 0 {
		return nil
	}
	h := c.handle
	c.handle = 0
	if c.primary {
		return c.lib.check("cuDevicePrimaryCtxRelease_v2", c.lib.cuDevicePrimaryCtxRelease(c.dev.handle))
	}
	return c.lib.check("cuCtxDestroy_v2", c.lib.cuCtxDestroy(h))
}

// do runs f with the context current on a locked OS thread.
func (c *Context) do(f func(l *lib) error) error {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.handle == 0 {
		return ErrClosed
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := c.lib.check("cuCtxSetCurrent", c.lib.cuCtxSetCurrent(c.handle)); err != nil {
		return err
	}
	return f(c.lib)
}

// Synchronize blocks until all work queued in the context is done, and
// reports any asynchronous error (such as a faulting kernel).
func (c *Context) Synchronize() error {
	return c.do(func(l *lib) error {
		return l.check("cuCtxSynchronize", l.cuCtxSynchronize())
	})
}

// MemInfo returns the free and total device memory in bytes.
func (c *Context) MemInfo() (free, total int64, err error) {
	err = c.do(func(l *lib) error {
		var f, t uint64
		if err := l.check("cuMemGetInfo_v2", l.cuMemGetInfo(&f, &t)); err != nil {
			return err
		}
		free, total = int64(f), int64(t)
		return nil
	})
	return free, total, err
}
