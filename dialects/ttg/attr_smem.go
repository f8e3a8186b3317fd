package ttg

import "github.com/ttcompiler/tt/ir"

// SharedMemorySpace is `#ttg.shared_memory`, the memory space of buffers in
// shared memory (aliased `#smem`).
type SharedMemorySpace struct{ ttgAttr }

type smemKey struct{}

// SharedMemory returns `#ttg.shared_memory`.
func SharedMemory(ctx *ir.Context) *SharedMemorySpace {
	return ir.Unique(ctx, &SharedMemorySpace{ttgAttr: ttgAttr{ctx: ctx}})
}

func (a *SharedMemorySpace) UniqueKey() any              { return smemKey{} }
func (a *SharedMemorySpace) Mnemonic() string            { return "shared_memory" }
func (a *SharedMemorySpace) AsmAlias() string            { return "smem" }
func (a *SharedMemorySpace) PrintParams(p ir.AsmPrinter) {}
