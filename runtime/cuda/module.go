package cuda

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"
	"unsafe"
)

var errModuleClosed = errors.New("cuda: module is closed")

// Module is a loaded PTX or cubin image.
type Module struct {
	ctx    *Context
	handle uintptr // CUmodule; 0 once closed

	// InfoLog is the JIT compiler's informational output (with
	// JITOptions.Verbose: registers, shared memory and spills per kernel).
	// It is empty when the driver served the module from its JIT cache
	// (~/.nv/ComputeCache; CUDA_CACHE_DISABLE=1 turns the cache off).
	InfoLog string
	// JITTime is the compile time the driver reported; 0 on a cache hit.
	JITTime time.Duration

	// mu guards handle and funcs. Launches hold it for reading so that
	// Close cannot unload the module under them.
	mu    sync.RWMutex
	funcs map[string]*Function
}

// LoadModule JIT-compiles PTX text (or loads a cubin/fatbin image) into the
// context. If compilation fails, the returned *Error carries the JIT error
// log in its Log field and message (for example CUDA_ERROR_INVALID_PTX with
// ptxas' diagnostics).
func (c *Context) LoadModule(image []byte, opts JITOptions) (*Module, error) {
	if len(image) == 0 {
		return nil, errors.New("cuda: LoadModule of an empty image")
	}
	img := cString(image) // PTX must be NUL-terminated; harmless for cubins
	j := encodeJIT(opts)
	var h uintptr
	err := c.do(func(l *lib) error {
		var p runtime.Pinner
		defer p.Unpin()
		p.Pin(&img[0])
		j.pin(&p)
		r := l.cuModuleLoadDataEx(&h, unsafe.Pointer(&img[0]), uint32(len(j.keys)), &j.keys[0], &j.vals[0])
		if r == 0 {
			return nil
		}
		e := newError(l, "cuModuleLoadDataEx", r)
		info, errLog := j.logs()
		e.Log = errLog
		if e.Log == "" {
			e.Log = info
		}
		return e
	})
	if err != nil {
		return nil, err
	}
	info, _ := j.logs()
	return &Module{ctx: c, handle: h, InfoLog: info, JITTime: j.wall(), funcs: map[string]*Function{}}, nil
}

// Function returns the kernel entry point with the given name. Results are
// cached, so repeated lookups are cheap.
func (m *Module) Function(name string) (*Function, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if f, ok := m.funcs[name]; ok {
		return f, nil
	}
	if m.handle == 0 {
		return nil, errModuleClosed
	}
	var h uintptr
	err := m.ctx.do(func(l *lib) error {
		return l.check(fmt.Sprintf("cuModuleGetFunction(%q)", name), l.cuModuleGetFunction(&h, m.handle, name))
	})
	if err != nil {
		return nil, err
	}
	f := &Function{mod: m, handle: h, name: name}
	m.funcs[name] = f
	return f, nil
}

// Global returns the address and size of a module-scope variable.
func (m *Module) Global(name string) (DevicePtr, int, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.handle == 0 {
		return 0, 0, errModuleClosed
	}
	var p, n uint64
	err := m.ctx.do(func(l *lib) error {
		return l.check(fmt.Sprintf("cuModuleGetGlobal_v2(%q)", name), l.cuModuleGetGlobal(&p, &n, m.handle, name))
	})
	return DevicePtr(p), int(n), err
}

// Launch runs the named kernel on the context's default stream: a
// convenience for Function plus Function.Launch. When sharedBytes exceeds
// the 48 KiB default it first raises the kernel's dynamic shared memory
// limit. The launch is asynchronous: call Context.Synchronize (or copy
// results back with CopyDtoH) to wait for it and see execution errors.
func (m *Module) Launch(name string, grid, block [3]int, sharedBytes int, args Args) error {
	f, err := m.Function(name)
	if err != nil {
		return err
	}
	if sharedBytes > defaultDynamicSharedLimit {
		if err := f.SetMaxDynamicSharedMemory(sharedBytes); err != nil {
			return err
		}
	}
	return f.Launch(LaunchConfig{Grid: grid, Block: block, SharedBytes: sharedBytes}, args)
}

// Close unloads the module. Its functions and globals become invalid.
func (m *Module) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.handle == 0 {
		return nil
	}
	h := m.handle
	m.handle = 0
	m.funcs = map[string]*Function{}
	return m.ctx.do(func(l *lib) error {
		return l.check("cuModuleUnload", l.cuModuleUnload(h))
	})
}
