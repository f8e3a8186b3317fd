//go:build linux && (amd64 || arm64)

package cuda

import (
	"fmt"

	"github.com/ebitengine/purego"
)

// openDriver dlopens libcuda and binds every entry point in lib.symbols.
func openDriver() (*lib, error) {
	h, err := purego.Dlopen(DriverLibrary, purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		return nil, fmt.Errorf("cuda: %w: %v", ErrDriverNotFound, err)
	}
	l := &lib{}
	for _, s := range l.symbols() {
		addr := lookupSymbol(h, s.names)
		if addr == 0 {
			if s.optional {
				continue
			}
			_ = purego.Dlclose(h)
			return nil, fmt.Errorf("cuda: %s has no symbol %s (driver too old?)", DriverLibrary, s.names[0])
		}
		purego.RegisterFunc(s.fn, addr)
	}
	return l, nil
}

// lookupSymbol returns the address of the first of names that h exports.
func lookupSymbol(h uintptr, names []string) uintptr {
	for _, name := range names {
		if addr, err := purego.Dlsym(h, name); err == nil && addr != 0 {
			return addr
		}
	}
	return 0
}
