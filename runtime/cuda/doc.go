// Package cuda drives NVIDIA GPUs through the CUDA driver API (libcuda)
// without cgo: the library is opened at run time with purego, so binaries
// build with CGO_ENABLED=0 and still run on machines without a GPU.
//
// # Loading
//
// [Load] opens libcuda.so.1, binds the entry points the package uses
// (preferring the _v2 symbols that cuda.h maps the plain names to, such as
// cuMemAlloc_v2 and cuEventElapsedTime_v2) and calls cuInit. Every other
// function loads lazily, so calling Load is only needed to probe for a GPU.
// Without a driver, Load returns an error wrapping [ErrDriverNotFound]
// ("libcuda.so.1 not found: ..."); it never panics. Tests that need a GPU
// skip when Load fails.
//
// # Contexts and OS threads
//
// The driver keeps the "current context" per OS thread, while goroutines
// migrate between threads. Every method here therefore runs its driver
// calls inside a critical section that locks the goroutine to its thread
// (runtime.LockOSThread), makes the object's context current
// (cuCtxSetCurrent, a cheap thread-local store) and unlocks afterwards. A
// [Context] and everything made from it can thus be used from any goroutine,
// concurrently, with no setup by the caller, and the package never relies on
// what is current on a thread between calls. (The alternative, a dedicated
// goroutine owning the context and serving calls over a channel, would
// serialize all work and add a goroutine hop to every call.) The package does
// not restore the previously current context, so code mixing it with other
// CUDA users in one process must set its own context before use.
//
// [NewContext] retains the device's primary context, the one the CUDA
// runtime shares, which is what the compiler's tools want;
// [NewPrivateContext] creates an isolated one with cuCtxCreate_v2.
// Closing a context while calls on it are running waits for them.
//
// # Kernel parameters
//
// cuLaunchKernel takes void** kernelParams: an array of pointers to each
// parameter's value. [Args] collects typed values in parameter order
// (Args{}.Ptr(x).Ptr(y).I32(n)...), matching the PTX ABI of Triton kernels:
// pointers .u64, i32 .u32/.s32, i64 .u64/.s64, f32 .f32. At launch, the
// values are copied into one Go []uint64 (one slot each) and the pointer
// array into an []unsafe.Pointer; both are pinned with runtime.Pinner for
// the duration of the call, as the cgo pointer rules demand for Go memory
// holding Go pointers that is passed to C, and unpinned afterwards: the
// driver copies parameters when the launch is enqueued and keeps no
// reference. When the driver can report the kernel's parameter layout
// (cuFuncGetParamInfo, CUDA 12.4+), [Function.Launch] checks the arguments
// against it first. JIT option values and log buffers are pinned the same
// way during cuModuleLoadDataEx.
//
// # Errors
//
// Failed driver calls return an [*Error] naming the call and the CUresult
// ("cuda: cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (a PTX JIT compilation
// failed)"), followed, for module loads, by the JIT error log. It unwraps
// to a [Result], so errors.Is(err, cuda.ErrInvalidPTX) works. Kernel
// faults surface asynchronously, at the next synchronizing call.
package cuda
