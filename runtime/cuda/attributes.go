package cuda

// DeviceAttribute is a CUdevice_attribute, queried with Device.Attribute.
type DeviceAttribute int32

// Device attributes used by the compiler and its tools (values from cuda.h).
const (
	DevAttrMaxThreadsPerBlock            DeviceAttribute = 1
	DevAttrMaxBlockDimX                  DeviceAttribute = 2
	DevAttrMaxBlockDimY                  DeviceAttribute = 3
	DevAttrMaxBlockDimZ                  DeviceAttribute = 4
	DevAttrMaxGridDimX                   DeviceAttribute = 5
	DevAttrMaxGridDimY                   DeviceAttribute = 6
	DevAttrMaxGridDimZ                   DeviceAttribute = 7
	DevAttrMaxSharedMemoryPerBlock       DeviceAttribute = 8
	DevAttrTotalConstantMemory           DeviceAttribute = 9
	DevAttrWarpSize                      DeviceAttribute = 10
	DevAttrMaxRegistersPerBlock          DeviceAttribute = 12
	DevAttrClockRate                     DeviceAttribute = 13 // kHz
	DevAttrMultiprocessorCount           DeviceAttribute = 16
	DevAttrMemoryClockRate               DeviceAttribute = 36 // kHz
	DevAttrGlobalMemoryBusWidth          DeviceAttribute = 37 // bits
	DevAttrL2CacheSize                   DeviceAttribute = 38 // bytes
	DevAttrMaxThreadsPerMultiprocessor   DeviceAttribute = 39
	DevAttrComputeCapabilityMajor        DeviceAttribute = 75
	DevAttrComputeCapabilityMinor        DeviceAttribute = 76
	DevAttrMaxSharedMemoryPerMultiproc   DeviceAttribute = 81
	DevAttrMaxRegistersPerMultiprocessor DeviceAttribute = 82
	DevAttrCooperativeLaunch             DeviceAttribute = 95
	DevAttrMaxSharedMemoryPerBlockOptin  DeviceAttribute = 97
	DevAttrMaxBlocksPerMultiprocessor    DeviceAttribute = 106
	DevAttrReservedSharedMemoryPerBlock  DeviceAttribute = 111
)

// FunctionAttribute is a CUfunction_attribute, used with
// Function.Attribute and Function.SetAttribute.
type FunctionAttribute int32

// Function attributes (values from cuda.h).
const (
	FuncAttrMaxThreadsPerBlock         FunctionAttribute = 0
	FuncAttrSharedSizeBytes            FunctionAttribute = 1 // static shared memory
	FuncAttrConstSizeBytes             FunctionAttribute = 2
	FuncAttrLocalSizeBytes             FunctionAttribute = 3 // per-thread local memory (spills)
	FuncAttrNumRegs                    FunctionAttribute = 4
	FuncAttrPTXVersion                 FunctionAttribute = 5 // major*10 + minor
	FuncAttrBinaryVersion              FunctionAttribute = 6 // major*10 + minor
	FuncAttrCacheModeCA                FunctionAttribute = 7
	FuncAttrMaxDynamicSharedSizeBytes  FunctionAttribute = 8
	FuncAttrPreferredSharedMemCarveout FunctionAttribute = 9
	// FuncAttrNonPortableClusterSizeAllowed lets a kernel run in
	// clusters of more than 8 CTAs (16 on Hopper).
	FuncAttrNonPortableClusterSizeAllowed FunctionAttribute = 14
)

// defaultDynamicSharedLimit is the dynamic shared memory a kernel may use
// without opting in through FuncAttrMaxDynamicSharedSizeBytes.
const defaultDynamicSharedLimit = 48 << 10
