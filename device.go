package tt

import (
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/ttcompiler/tt/runtime/cuda"
)

// Device is a CUDA GPU and the context tt uses on it. Its methods, and
// those of its buffers and functions, may be called from any goroutine.
type Device struct {
	ctx     *cuda.Context
	dev     cuda.Device
	arch    string
	name    string
	mu      sync.Mutex
	loaded  map[*Kernel]*Function
	bench   *cuda.BenchDevice
	ordinal int
}

// DeviceCount returns the number of CUDA GPUs (an error without a CUDA
// driver).
func DeviceCount() (int, error) {
	if err := cuda.Load(); err != nil {
		return 0, err
	}
	return cuda.DeviceCount()
}

// OpenDevice opens GPU ordinal (0 is the first) through its primary
// context. Close releases it.
func OpenDevice(ordinal int) (*Device, error) {
	if err := cuda.Load(); err != nil {
		return nil, err
	}
	dev, err := cuda.GetDevice(ordinal)
	if err != nil {
		return nil, err
	}
	arch, err := dev.Arch()
	if err != nil {
		return nil, err
	}
	name, err := dev.Name()
	if err != nil {
		return nil, err
	}
	ctx, err := cuda.NewContext(dev)
	if err != nil {
		return nil, err
	}
	return &Device{ctx: ctx, dev: dev, arch: arch, name: name, ordinal: ordinal, loaded: map[*Kernel]*Function{}}, nil
}

// Arch is the GPU's architecture ("sm_90"): compile for it.
func (d *Device) Arch() string { return d.arch }

// Name is the GPU's name ("NVIDIA H100 80GB HBM3").
func (d *Device) Name() string { return d.name }

// Ordinal is the GPU's index.
func (d *Device) Ordinal() int { return d.ordinal }

// Context is the runtime/cuda context, for work beyond this package.
func (d *Device) Context() *cuda.Context { return d.ctx }

// Synchronize waits for the launched kernels and reports their faults.
func (d *Device) Synchronize() error { return d.ctx.Synchronize() }

// Close unloads the kernels and releases the context; the device's
// buffers become invalid.
func (d *Device) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	var errs []error
	for _, f := range d.loaded {
		errs = append(errs, f.mod.Close())
		if f.scratch != nil {
			errs = append(errs, f.scratch.Free())
		}
	}
	d.loaded = nil
	if d.bench != nil {
		errs = append(errs, d.bench.Close())
	}
	errs = append(errs, d.ctx.Close())
	return errors.Join(errs...)
}

// benchDevice is the device's timer for autotuning (allocated once).
func (d *Device) benchDevice() (*cuda.BenchDevice, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.bench == nil {
		b, err := cuda.NewBenchDevice(d.ctx)
		if err != nil {
			return nil, err
		}
		d.bench = b
	}
	return d.bench, nil
}

// Buffer is device memory. DType is its elements' type in Triton's
// spelling ("fp32", "i32", "fp16"; "" when unknown): launches check it
// against pointer parameters, and JIT specializes on it.
type Buffer struct {
	d     *Device
	ptr   cuda.DevicePtr
	size  int
	DType string
}

// Alloc allocates bytes of device memory (uninitialized) holding dtype
// elements ("" when unknown).
func (d *Device) Alloc(bytes int, dtype string) (*Buffer, error) {
	p, err := d.ctx.Alloc(max(bytes, 1))
	if err != nil {
		return nil, err
	}
	return &Buffer{d: d, ptr: p, size: bytes, DType: dtype}, nil
}

// Upload allocates a buffer holding a copy of data; its DType follows
// T (float32 is fp32, int32 i32, uint16 u16: set DType to "fp16" or
// "bf16" for half-precision bit patterns).
func Upload[T cuda.Scalar](d *Device, data []T) (*Buffer, error) {
	b, err := d.Alloc(len(data)*elemSize[T](), DTypeOf[T]())
	if err != nil {
		return nil, err
	}
	if err := d.ctx.CopyHtoD(b.ptr, cuda.AsBytes(data)); err != nil {
		b.Free()
		return nil, err
	}
	return b, nil
}

// Download copies the buffer into dst (after the kernels launched
// before it finish), which must have the buffer's size.
func Download[T cuda.Scalar](b *Buffer, dst []T) error {
	if n := len(dst) * elemSize[T](); n != b.size {
		return fmt.Errorf("tt: Download of a %d-byte buffer into %d bytes", b.size, n)
	}
	return b.d.ctx.CopyDtoH(cuda.AsBytes(dst), b.ptr)
}

// DTypeOf is the Triton element type of a Go number type.
func DTypeOf[T cuda.Scalar]() string {
	var z T
	switch reflect.TypeOf(z).Kind() {
	case reflect.Float32:
		return "fp32"
	case reflect.Float64:
		return "fp64"
	case reflect.Int8:
		return "i8"
	case reflect.Int16:
		return "i16"
	case reflect.Int32:
		return "i32"
	case reflect.Int64:
		return "i64"
	case reflect.Uint8:
		return "u8"
	case reflect.Uint16:
		return "u16"
	case reflect.Uint32:
		return "u32"
	}
	return "u64"
}

func elemSize[T cuda.Scalar]() int {
	var z T
	return int(reflect.TypeOf(z).Size())
}

// Bytes is the buffer's size.
func (b *Buffer) Bytes() int { return b.size }

// Device is the GPU the buffer is on.
func (b *Buffer) Device() *Device { return b.d }

// Ptr is the buffer's device address.
func (b *Buffer) Ptr() cuda.DevicePtr { return b.ptr }

// Zero sets the buffer's bytes to 0.
func (b *Buffer) Zero() error { return b.d.ctx.Memset(b.ptr, 0, max(b.size, 1)) }

// CopyFrom copies src's bytes (of the same size, on the same device).
func (b *Buffer) CopyFrom(src *Buffer) error {
	if src.d != b.d || src.size != b.size {
		return errors.New("tt: CopyFrom needs a buffer of the same size on the same device")
	}
	return b.d.ctx.CopyDtoD(b.ptr, src.ptr, b.size)
}

// Free releases the buffer.
func (b *Buffer) Free() error {
	if b.ptr == 0 {
		return nil
	}
	p := b.ptr
	b.ptr = 0
	return b.d.ctx.Free(p)
}
