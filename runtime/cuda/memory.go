package cuda

import (
	"fmt"
	"runtime"
	"unsafe"
)

// DevicePtr is a device memory address (CUdeviceptr). Kernel parameters
// declared .u64 pointers take one through Args.Ptr.
type DevicePtr uint64

// Alloc allocates bytes of device memory (uninitialized).
func (c *Context) Alloc(bytes int) (DevicePtr, error) {
	if bytes <= 0 {
		return 0, fmt.Errorf("cuda: Alloc of %d bytes", bytes)
	}
	var p uint64
	err := c.do(func(l *lib) error {
		return l.check("cuMemAlloc_v2", l.cuMemAlloc(&p, uint64(bytes)))
	})
	return DevicePtr(p), err
}

// Free releases memory returned by Alloc. Freeing 0 is a no-op.
func (c *Context) Free(p DevicePtr) error {
	if p == 0 {
		return nil
	}
	return c.do(func(l *lib) error {
		return l.check("cuMemFree_v2", l.cuMemFree(uint64(p)))
	})
}

// CopyHtoD copies src to device memory at dst. It returns when the copy is
// done (src may be reused at once).
func (c *Context) CopyHtoD(dst DevicePtr, src []byte) error {
	if len(src) == 0 {
		return nil
	}
	return c.do(func(l *lib) error {
		r := l.cuMemcpyHtoD(uint64(dst), unsafe.Pointer(unsafe.SliceData(src)), uint64(len(src)))
		runtime.KeepAlive(src)
		return l.check("cuMemcpyHtoD_v2", r)
	})
}

// CopyDtoH copies len(dst) bytes from device memory at src into dst. It
// waits for earlier work in the context, so it also observes kernel results.
func (c *Context) CopyDtoH(dst []byte, src DevicePtr) error {
	if len(dst) == 0 {
		return nil
	}
	return c.do(func(l *lib) error {
		r := l.cuMemcpyDtoH(unsafe.Pointer(unsafe.SliceData(dst)), uint64(src), uint64(len(dst)))
		runtime.KeepAlive(dst)
		return l.check("cuMemcpyDtoH_v2", r)
	})
}

// CopyDtoD copies bytes of device memory from src to dst, in order with
// the work of the context's default stream.
func (c *Context) CopyDtoD(dst, src DevicePtr, bytes int) error {
	if bytes <= 0 {
		return nil
	}
	return c.do(func(l *lib) error {
		return l.check("cuMemcpyDtoD_v2", l.cuMemcpyDtoD(uint64(dst), uint64(src), uint64(bytes)))
	})
}

// Memset sets bytes bytes of device memory at p to value.
func (c *Context) Memset(p DevicePtr, value byte, bytes int) error {
	if bytes < 0 {
		return fmt.Errorf("cuda: Memset of %d bytes", bytes)
	}
	if bytes == 0 {
		return nil
	}
	return c.do(func(l *lib) error {
		return l.check("cuMemsetD8_v2", l.cuMemsetD8(uint64(p), value, uint64(bytes)))
	})
}

// Scalar is the set of fixed-size element types AsBytes can view.
type Scalar interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64
}

// AsBytes views a slice of numbers as its bytes in host order, without
// copying, for CopyHtoD and CopyDtoH. CUDA devices and the supported hosts
// (amd64, arm64) are all little-endian, so the layout matches the device's.
func AsBytes[T Scalar](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}
