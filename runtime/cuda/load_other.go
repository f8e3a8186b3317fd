//go:build !(linux && (amd64 || arm64))

package cuda

import (
	"fmt"
	"runtime"
)

// openDriver reports that this platform has no supported driver binding.
func openDriver() (*lib, error) {
	return nil, fmt.Errorf("cuda: %w: the CUDA driver binding supports linux/amd64 and linux/arm64, not %s/%s",
		ErrDriverNotFound, runtime.GOOS, runtime.GOARCH)
}
