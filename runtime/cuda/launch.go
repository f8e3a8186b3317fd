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
}

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
