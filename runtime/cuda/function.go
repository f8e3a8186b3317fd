package cuda

import (
	"fmt"
	"math"
	"sync"
)

// Function is a kernel entry point of a Module.
type Function struct {
	mod    *Module
	handle uintptr // CUfunction
	name   string

	paramsOnce sync.Once
	params     []int // parameter sizes in bytes; nil if unknown
}

// Name returns the kernel's name.
func (f *Function) Name() string { return f.name }

// call runs op with the module known to be loaded and the context current.
func (f *Function) call(op func(l *lib) error) error {
	f.mod.mu.RLock()
	defer f.mod.mu.RUnlock()
	if f.mod.handle == 0 {
		return errModuleClosed
	}
	return f.mod.ctx.do(op)
}

// Attribute returns a function attribute.
func (f *Function) Attribute(a FunctionAttribute) (int, error) {
	var v int32
	err := f.call(func(l *lib) error {
		return l.check("cuFuncGetAttribute", l.cuFuncGetAttribute(&v, int32(a), f.handle))
	})
	return int(v), err
}

// SetAttribute sets a function attribute.
func (f *Function) SetAttribute(a FunctionAttribute, value int) error {
	return f.call(func(l *lib) error {
		return l.check("cuFuncSetAttribute", l.cuFuncSetAttribute(f.handle, int32(a), int32(value)))
	})
}

// NumRegs returns the registers used per thread.
func (f *Function) NumRegs() (int, error) { return f.Attribute(FuncAttrNumRegs) }

// LocalBytes returns the local memory used per thread, which is non-zero
// when registers spilled.
func (f *Function) LocalBytes() (int, error) { return f.Attribute(FuncAttrLocalSizeBytes) }

// SharedBytes returns the statically allocated shared memory per block.
func (f *Function) SharedBytes() (int, error) { return f.Attribute(FuncAttrSharedSizeBytes) }

// SetMaxDynamicSharedMemory allows launches with up to bytes of dynamic
// shared memory. Kernels need this above 48 KiB (up to the device's
// DevAttrMaxSharedMemoryPerBlockOptin, minus static shared memory).
func (f *Function) SetMaxDynamicSharedMemory(bytes int) error {
	return f.SetAttribute(FuncAttrMaxDynamicSharedSizeBytes, bytes)
}

// ParamSizes returns the size in bytes of each kernel parameter, in order.
// It needs cuFuncGetParamInfo (CUDA 12.4 and later drivers) and returns an
// error on older ones.
func (f *Function) ParamSizes() ([]int, error) {
	var sizes []int
	err := f.call(func(l *lib) error {
		if l.cuFuncGetParamInfo == nil {
			return fmt.Errorf("cuda: driver lacks cuFuncGetParamInfo")
		}
		// With the count known no query goes past the last parameter: older
		// drivers are probed until they answer "invalid value", an API error
		// that compute-sanitizer reports on every launch check.
		count := uint64(math.MaxUint64)
		if l.cuFuncGetParamCount != nil {
			if err := l.check("cuFuncGetParamCount", l.cuFuncGetParamCount(f.handle, &count)); err != nil {
				return err
			}
		}
		for i := uint64(0); i < count; i++ {
			var off, size uint64
			r := l.cuFuncGetParamInfo(f.handle, i, &off, &size)
			if Result(r) == ErrInvalidValue && count == math.MaxUint64 { // probed past the last parameter
				return nil
			}
			if err := l.check("cuFuncGetParamInfo", r); err != nil {
				return err
			}
			sizes = append(sizes, int(size))
		}
		return nil
	})
	return sizes, err
}

// paramSizes caches ParamSizes; nil means the layout is unknown and launches
// go unchecked. An empty answer is also treated as unknown, so a driver that
// cannot describe a kernel never blocks its launches.
func (f *Function) paramSizes() []int {
	f.paramsOnce.Do(func() {
		if sizes, err := f.ParamSizes(); err == nil && len(sizes) > 0 {
			f.params = sizes
		}
	})
	return f.params
}

// Launch enqueues the kernel with the given configuration and arguments.
// When the driver can report the kernel's parameter layout, args is checked
// against it first, so a missing or mis-sized argument is an error instead
// of a corrupted launch. The launch is asynchronous.
func (f *Function) Launch(cfg LaunchConfig, args Args) error {
	if err := cfg.validate(); err != nil {
		return err
	}
	if err := checkArgs(f.name, f.paramSizes(), args); err != nil {
		return err
	}
	if cfg.Stream != nil {
		if cfg.Stream.ctx != f.mod.ctx {
			return fmt.Errorf("cuda: launching %s on a stream of another context", f.name)
		}
		cfg.Stream.mu.RLock()
		defer cfg.Stream.mu.RUnlock()
		if cfg.Stream.handle == 0 {
			return errStreamClosed
		}
	}
	if !cfg.hasCluster() {
		return f.call(func(l *lib) error {
			return launchKernel(l, f.handle, cfg, args)
		})
	}
	if cfg.Cluster[0]*cfg.Cluster[1]*cfg.Cluster[2] > 8 {
		// Beyond the portable 8 blocks a kernel must opt in.
		if err := f.SetAttribute(FuncAttrNonPortableClusterSizeAllowed, 1); err != nil {
			return err
		}
	}
	return f.call(func(l *lib) error {
		return launchKernelEx(l, f.handle, cfg, args)
	})
}
