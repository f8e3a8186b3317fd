package cuda

import (
	"bytes"
	"fmt"
)

// Device is a CUDA device, identified by its ordinal.
type Device struct {
	ordinal int
	handle  int32 // CUdevice
}

// DeviceCount returns the number of CUDA devices.
func DeviceCount() (int, error) {
	l, err := driver()
	if err != nil {
		return 0, err
	}
	var n int32
	if err := l.check("cuDeviceGetCount", l.cuDeviceGetCount(&n)); err != nil {
		return 0, err
	}
	return int(n), nil
}

// GetDevice returns the device with the given ordinal (0 is the first).
func GetDevice(ordinal int) (Device, error) {
	l, err := driver()
	if err != nil {
		return Device{}, err
	}
	if ordinal < 0 || ordinal > 1<<20 {
		return Device{}, fmt.Errorf("cuda: invalid device ordinal %d", ordinal)
	}
	var h int32
	if err := l.check("cuDeviceGet", l.cuDeviceGet(&h, int32(ordinal))); err != nil {
		return Device{}, err
	}
	return Device{ordinal: ordinal, handle: h}, nil
}

// Ordinal returns the device's ordinal.
func (d Device) Ordinal() int { return d.ordinal }

// Name returns the device's marketing name, such as "NVIDIA H100 80GB HBM3".
func (d Device) Name() (string, error) {
	l, err := driver()
	if err != nil {
		return "", err
	}
	var buf [256]byte
	if err := l.check("cuDeviceGetName", l.cuDeviceGetName(&buf[0], int32(len(buf)), d.handle)); err != nil {
		return "", err
	}
	name := buf[:]
	if i := bytes.IndexByte(name, 0); i >= 0 {
		name = name[:i]
	}
	return string(name), nil
}

// Attribute returns a device attribute.
func (d Device) Attribute(a DeviceAttribute) (int, error) {
	l, err := driver()
	if err != nil {
		return 0, err
	}
	var v int32
	if err := l.check("cuDeviceGetAttribute", l.cuDeviceGetAttribute(&v, int32(a), d.handle)); err != nil {
		return 0, err
	}
	return int(v), nil
}

// ComputeCapability returns the device's compute capability, such as 9, 0
// for an H100.
func (d Device) ComputeCapability() (major, minor int, err error) {
	if major, err = d.Attribute(DevAttrComputeCapabilityMajor); err != nil {
		return 0, 0, err
	}
	if minor, err = d.Attribute(DevAttrComputeCapabilityMinor); err != nil {
		return 0, 0, err
	}
	return major, minor, nil
}

// Arch returns the architecture name compilers take for the device:
// "sm_90" for compute capability 9.0.
func (d Device) Arch() (string, error) {
	major, minor, err := d.ComputeCapability()
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("sm_%d%d", major, minor), nil
}

// TotalMemory returns the device's global memory size in bytes.
func (d Device) TotalMemory() (int64, error) {
	l, err := driver()
	if err != nil {
		return 0, err
	}
	var n uint64
	if err := l.check("cuDeviceTotalMem_v2", l.cuDeviceTotalMem(&n, d.handle)); err != nil {
		return 0, err
	}
	return int64(n), nil
}
