package cuda

import (
	"errors"
	"fmt"
	"sync"
)

// DriverLibrary is the shared library Load opens.
const DriverLibrary = "libcuda.so.1"

// ErrDriverNotFound is wrapped by the error Load returns when the CUDA
// driver library cannot be opened (a machine without an NVIDIA driver).
var ErrDriverNotFound = errors.New(DriverLibrary + " not found")

var (
	loadOnce sync.Once
	loaded   *lib
	loadErr  error
)

// Load opens the CUDA driver library, binds its entry points and calls
// cuInit. It is safe to call from several goroutines and more than once: the
// first call does the work and later calls return its result. Every other
// function of the package calls Load itself, so calling it explicitly is only
// needed to probe for a GPU. On a machine without the driver it returns an
// error wrapping ErrDriverNotFound; it never panics.
func Load() error {
	loadOnce.Do(func() {
		l, err := openDriverSafely()
		if err != nil {
			loadErr = err
			return
		}
		if err := l.check("cuInit", l.cuInit(0)); err != nil {
			loadErr = err
			return
		}
		loaded = l
	})
	return loadErr
}

// openDriverSafely turns a panic while binding symbols (a signature purego
// cannot handle) into an error, so Load keeps its no-panic promise.
func openDriverSafely() (l *lib, err error) {
	defer func() {
		if r := recover(); r != nil {
			l, err = nil, fmt.Errorf("cuda: binding %s: %v", DriverLibrary, r)
		}
	}()
	return openDriver()
}

// driver returns the loaded library, loading it on first use.
func driver() (*lib, error) {
	if err := Load(); err != nil {
		return nil, err
	}
	return loaded, nil
}

// DriverVersion returns the CUDA version the driver supports, encoded as
// 1000*major + 10*minor (13000 for CUDA 13.0).
func DriverVersion() (int, error) {
	l, err := driver()
	if err != nil {
		return 0, err
	}
	var v int32
	if err := l.check("cuDriverGetVersion", l.cuDriverGetVersion(&v)); err != nil {
		return 0, err
	}
	return int(v), nil
}
