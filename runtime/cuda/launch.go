package cuda

import (
	"fmt"
	"math"
	"runtime"
	"unsafe"
)

// LaunchConfig is the execution configuration of a kernel launch.
type LaunchConfig struct {
	Grid  [3]int // blocks in x, y, z; each at least 1
	Block [3]int // threads per block in x, y, z; each at least 1
	// SharedBytes is the dynamic shared memory per block. Above 48 KiB the
	// kernel must first allow it with Function.SetMaxDynamicSharedMemory.
	SharedBytes int
	// Stream to launch on; nil means the context's default stream.
	Stream *Stream
	// Cluster groups the blocks into thread block clusters of this many
	// blocks along x, y, z (sm_90; CUDA's cluster-dimension launch
	// attribute, launched with cuLaunchKernelEx), scheduled spread over
	// the GPU as Triton's launcher asks. Grid must be a whole number of
	// clusters. The zero value launches without clusters; a kernel whose
	// PTX requires clusters (.reqnctapercluster) needs exactly its own.
	Cluster [3]int
}

// hasCluster reports whether the launch asks for clusters.
func (c LaunchConfig) hasCluster() bool { return c.Cluster != [3]int{} }

// maxClusterBlocks is the largest cluster Hopper runs (16 blocks, of which
// more than 8 only with FuncAttrNonPortableClusterSizeAllowed).
const maxClusterBlocks = 16

func (c LaunchConfig) validate() error {
	for i := range 3 {
		if c.Grid[i] < 1 || int64(c.Grid[i]) > math.MaxUint32 {
			return fmt.Errorf("cuda: invalid grid %v", c.Grid)
		}
		if c.Block[i] < 1 || int64(c.Block[i]) > math.MaxUint32 {
			return fmt.Errorf("cuda: invalid block %v", c.Block)
		}
	}
	if c.SharedBytes < 0 || int64(c.SharedBytes) > math.MaxUint32 {
		return fmt.Errorf("cuda: invalid shared memory size %d", c.SharedBytes)
	}
	if c.hasCluster() {
		n := 1
		for i := range 3 {
			if c.Cluster[i] < 1 || c.Grid[i]%c.Cluster[i] != 0 {
				return fmt.Errorf("cuda: the grid %v is not a whole number of %v clusters", c.Grid, c.Cluster)
			}
			n *= c.Cluster[i]
		}
		if n > maxClusterBlocks {
			return fmt.Errorf("cuda: clusters of %v blocks: at most %d blocks make a cluster", c.Cluster, maxClusterBlocks)
		}
	}
	return nil
}

// checkArgs compares args with the kernel's parameter sizes, when known.
func checkArgs(name string, sizes []int, args Args) error {
	if sizes == nil {
		return nil
	}
	ok := len(sizes) == args.Len()
	for i := 0; ok && i < len(sizes); i++ {
		ok = sizes[i] == args.Kind(i).Size()
	}
	if !ok {
		return fmt.Errorf("cuda: kernel %s takes %d parameters of sizes %v; got %d arguments %v",
			name, len(sizes), sizes, args.Len(), args)
	}
	return nil
}

// launchKernel calls cuLaunchKernel. The context must be current.
//
// cuLaunchKernel takes kernelParams as a void** array whose i-th entry
// points at the value of parameter i. Both the array and the values live in
// Go memory here: the values in one []uint64 (a slot per parameter, the
// driver reads the parameter's size from the start of its slot), the
// pointers in an []unsafe.Pointer. The driver only reads them during the
// call (it copies parameters into the launch), so they need to stay valid
// and unmoved for its duration only. A runtime.Pinner pins both objects,
// which is what the cgo pointer rules require for passing Go memory that
// itself holds Go pointers to C, and the pins are released on return.
func launchKernel(l *lib, fn uintptr, cfg LaunchConfig, args Args) error {
	var p runtime.Pinner
	defer p.Unpin()
	params := kernelParams(&p, args.slots())
	var stream uintptr
	if cfg.Stream != nil {
		stream = cfg.Stream.handle
	}
	r := l.cuLaunchKernel(fn,
		uint32(cfg.Grid[0]), uint32(cfg.Grid[1]), uint32(cfg.Grid[2]),
		uint32(cfg.Block[0]), uint32(cfg.Block[1]), uint32(cfg.Block[2]),
		uint32(cfg.SharedBytes), stream, params, nil)
	return l.check("cuLaunchKernel", r)
}

// Launch attributes of cuLaunchKernelEx (cuda.h's CUlaunchAttributeID and
// CUclusterSchedulingPolicy).
const (
	launchAttrClusterDimension               = 4
	launchAttrClusterSchedulingPolicy        = 5
	clusterSchedulingPolicySpread     uint32 = 1
)

// cuLaunchAttribute is cuda.h's CUlaunchAttribute on 64-bit hosts: the
// attribute's id, padding to 8 bytes and a 64-byte union of values.
type cuLaunchAttribute struct {
	id    uint32
	_     uint32
	value [16]uint32
}

// cuLaunchConfig is cuda.h's CUlaunchConfig on 64-bit hosts.
type cuLaunchConfig struct {
	grid     [3]uint32
	block    [3]uint32
	shared   uint32
	_        uint32
	stream   uintptr
	attrs    unsafe.Pointer // *cuLaunchAttribute
	numAttrs uint32
	_        uint32
}

// launchKernelEx calls cuLaunchKernelEx with the cluster attributes of
// cfg, as Triton's launcher does: the cluster dimensions and the
// spread scheduling policy. The configuration, its attributes and the
// parameters live in Go memory pinned for the call. The context must be
// current.
func launchKernelEx(l *lib, fn uintptr, cfg LaunchConfig, args Args) error {
	if l.cuLaunchKernelEx == nil {
		return fmt.Errorf("cuda: the driver has no cuLaunchKernelEx (CUDA 11.8 or newer launches clusters)")
	}
	var p runtime.Pinner
	defer p.Unpin()
	params := kernelParams(&p, args.slots())
	attrs := []cuLaunchAttribute{
		{id: launchAttrClusterDimension, value: [16]uint32{uint32(cfg.Cluster[0]), uint32(cfg.Cluster[1]), uint32(cfg.Cluster[2])}},
		{id: launchAttrClusterSchedulingPolicy, value: [16]uint32{clusterSchedulingPolicySpread}},
	}
	p.Pin(&attrs[0])
	c := &cuLaunchConfig{
		grid:     [3]uint32{uint32(cfg.Grid[0]), uint32(cfg.Grid[1]), uint32(cfg.Grid[2])},
		block:    [3]uint32{uint32(cfg.Block[0]), uint32(cfg.Block[1]), uint32(cfg.Block[2])},
		shared:   uint32(cfg.SharedBytes),
		attrs:    unsafe.Pointer(&attrs[0]),
		numAttrs: uint32(len(attrs)),
	}
	if cfg.Stream != nil {
		c.stream = cfg.Stream.handle
	}
	p.Pin(c)
	r := l.cuLaunchKernelEx(unsafe.Pointer(c), fn, params, nil)
	return l.check("cuLaunchKernelEx", r)
}

// kernelParams builds the pinned void** array for slots, or nil when there
// are no parameters.
func kernelParams(p *runtime.Pinner, slots []uint64) unsafe.Pointer {
	if len(slots) == 0 {
		return nil
	}
	p.Pin(&slots[0])
	ptrs := make([]unsafe.Pointer, len(slots))
	for i := range slots {
		ptrs[i] = unsafe.Pointer(&slots[i])
	}
	p.Pin(&ptrs[0])
	return unsafe.Pointer(&ptrs[0])
}
