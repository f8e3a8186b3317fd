package cuda

import "unsafe"

// lib holds the libcuda entry points, bound by openDriver. Handles
// (CUcontext, CUmodule, CUfunction, CUstream, CUevent) are opaque C pointers
// carried as uintptr; CUdevice is an int32; CUdeviceptr and size_t are
// 64-bit; every function returns a CUresult.
type lib struct {
	cuInit             func(flags uint32) uint32
	cuDriverGetVersion func(version *int32) uint32
	cuGetErrorName     func(r uint32, str **byte) uint32
	cuGetErrorString   func(r uint32, str **byte) uint32

	cuDeviceGetCount     func(count *int32) uint32
	cuDeviceGet          func(dev *int32, ordinal int32) uint32
	cuDeviceGetName      func(name *byte, size int32, dev int32) uint32
	cuDeviceGetAttribute func(value *int32, attr int32, dev int32) uint32
	cuDeviceTotalMem     func(bytes *uint64, dev int32) uint32

	cuDevicePrimaryCtxRetain  func(ctx *uintptr, dev int32) uint32
	cuDevicePrimaryCtxRelease func(dev int32) uint32
	cuCtxCreate               func(ctx *uintptr, flags uint32, dev int32) uint32
	cuCtxDestroy              func(ctx uintptr) uint32
	cuCtxSetCurrent           func(ctx uintptr) uint32
	cuCtxSynchronize          func() uint32

	cuMemGetInfo func(free, total *uint64) uint32
	cuMemAlloc   func(ptr *uint64, size uint64) uint32
	cuMemFree    func(ptr uint64) uint32
	cuMemcpyHtoD func(dst uint64, src unsafe.Pointer, size uint64) uint32
	cuMemcpyDtoH func(dst unsafe.Pointer, src uint64, size uint64) uint32
	cuMemcpyDtoD func(dst, src uint64, size uint64) uint32
	cuMemsetD8   func(ptr uint64, value uint8, count uint64) uint32

	cuModuleLoadDataEx  func(mod *uintptr, image unsafe.Pointer, numOptions uint32, options *uint32, values *uintptr) uint32
	cuModuleUnload      func(mod uintptr) uint32
	cuModuleGetFunction func(fn *uintptr, mod uintptr, name string) uint32
	cuModuleGetGlobal   func(ptr *uint64, size *uint64, mod uintptr, name string) uint32

	cuFuncGetAttribute  func(value *int32, attr int32, fn uintptr) uint32
	cuFuncSetAttribute  func(fn uintptr, attr int32, value int32) uint32
	cuFuncGetParamInfo  func(fn uintptr, index uint64, offset, size *uint64) uint32
	cuFuncGetParamCount func(fn uintptr, count *uint64) uint32
	cuLaunchKernel      func(fn uintptr, gx, gy, gz, bx, by, bz, sharedBytes uint32, stream uintptr, params, extra unsafe.Pointer) uint32
	cuLaunchKernelEx    func(config unsafe.Pointer, fn uintptr, params, extra unsafe.Pointer) uint32

	cuStreamCreate      func(stream *uintptr, flags uint32) uint32
	cuStreamSynchronize func(stream uintptr) uint32
	cuStreamDestroy     func(stream uintptr) uint32

	cuEventCreate      func(event *uintptr, flags uint32) uint32
	cuEventRecord      func(event, stream uintptr) uint32
	cuEventSynchronize func(event uintptr) uint32
	cuEventElapsedTime func(ms *float32, start, end uintptr) uint32
	cuEventDestroy     func(event uintptr) uint32
}

// symbol names the exported functions that can fill one lib field, best
// first. Alternatives must share the C signature and semantics; the _v2
// variants are the ones cuda.h maps the plain names to.
type symbol struct {
	fn       any // pointer to a lib field
	names    []string
	optional bool // Load succeeds without it; calls needing it fail
}

func (l *lib) symbols() []symbol {
	return []symbol{
		{&l.cuInit, []string{"cuInit"}, false},
		{&l.cuDriverGetVersion, []string{"cuDriverGetVersion"}, false},
		{&l.cuGetErrorName, []string{"cuGetErrorName"}, false},
		{&l.cuGetErrorString, []string{"cuGetErrorString"}, false},

		{&l.cuDeviceGetCount, []string{"cuDeviceGetCount"}, false},
		{&l.cuDeviceGet, []string{"cuDeviceGet"}, false},
		{&l.cuDeviceGetName, []string{"cuDeviceGetName"}, false},
		{&l.cuDeviceGetAttribute, []string{"cuDeviceGetAttribute"}, false},
		{&l.cuDeviceTotalMem, []string{"cuDeviceTotalMem_v2"}, false},

		{&l.cuDevicePrimaryCtxRetain, []string{"cuDevicePrimaryCtxRetain"}, false},
		{&l.cuDevicePrimaryCtxRelease, []string{"cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"}, false},
		{&l.cuCtxCreate, []string{"cuCtxCreate_v2"}, true},
		{&l.cuCtxDestroy, []string{"cuCtxDestroy_v2"}, true},
		{&l.cuCtxSetCurrent, []string{"cuCtxSetCurrent"}, false},
		{&l.cuCtxSynchronize, []string{"cuCtxSynchronize"}, false},

		{&l.cuMemGetInfo, []string{"cuMemGetInfo_v2"}, false},
		{&l.cuMemAlloc, []string{"cuMemAlloc_v2"}, false},
		{&l.cuMemFree, []string{"cuMemFree_v2"}, false},
		{&l.cuMemcpyHtoD, []string{"cuMemcpyHtoD_v2"}, false},
		{&l.cuMemcpyDtoH, []string{"cuMemcpyDtoH_v2"}, false},
		{&l.cuMemcpyDtoD, []string{"cuMemcpyDtoD_v2"}, false},
		{&l.cuMemsetD8, []string{"cuMemsetD8_v2"}, false},

		{&l.cuModuleLoadDataEx, []string{"cuModuleLoadDataEx"}, false},
		{&l.cuModuleUnload, []string{"cuModuleUnload"}, false},
		{&l.cuModuleGetFunction, []string{"cuModuleGetFunction"}, false},
		{&l.cuModuleGetGlobal, []string{"cuModuleGetGlobal_v2"}, false},

		{&l.cuFuncGetAttribute, []string{"cuFuncGetAttribute"}, false},
		{&l.cuFuncSetAttribute, []string{"cuFuncSetAttribute"}, false},
		{&l.cuFuncGetParamInfo, []string{"cuFuncGetParamInfo"}, true},   // CUDA 12.4+
		{&l.cuFuncGetParamCount, []string{"cuFuncGetParamCount"}, true}, // CUDA 12.9+
		{&l.cuLaunchKernel, []string{"cuLaunchKernel"}, false},
		{&l.cuLaunchKernelEx, []string{"cuLaunchKernelEx"}, true}, // CUDA 11.8+: cluster launches

		{&l.cuStreamCreate, []string{"cuStreamCreate"}, false},
		{&l.cuStreamSynchronize, []string{"cuStreamSynchronize"}, false},
		{&l.cuStreamDestroy, []string{"cuStreamDestroy_v2"}, false},

		{&l.cuEventCreate, []string{"cuEventCreate"}, false},
		{&l.cuEventRecord, []string{"cuEventRecord"}, false},
		{&l.cuEventSynchronize, []string{"cuEventSynchronize"}, false},
		// CUDA 12.8 added _v2 and CUDA 13 headers map the plain name to it.
		{&l.cuEventElapsedTime, []string{"cuEventElapsedTime_v2", "cuEventElapsedTime"}, false},
		{&l.cuEventDestroy, []string{"cuEventDestroy_v2"}, false},
	}
}
