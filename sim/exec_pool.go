package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Module globals in global memory and the tensor-map pool's claim.
//
// llvm.mlir.addressof of a module's global in global memory (address
// space 1, no initializer: zeroed, as PTX's uninitialized .global
// variables are) is the address of a buffer the launch's Memory makes on
// first use, one per module and global, kept across launches on that
// Memory as a GPU module's globals are kept across launches.
//
// gpu.tensormap_pool_claim takes, for each thread where its predicate
// holds, the first free claim word (zero) from (%smid * 8) mod slots on,
// setting it to 1 (one atomic step of the simulator's memory). A pool
// with no free word is an error here: on the GPU the claim would wait for
// a running CTA to release one, and the simulator's CTAs do not run
// concurrently enough for that to be a question of waiting.

func init() {
	define(compileAddressOf, llvm.AddressOfOp)
	define(compileTensormapPoolClaim, gpu.TensormapPoolClaimOp)
}

// moduleGlobalKey names a module's global in a Memory.
type moduleGlobalKey struct {
	module *ir.Operation
	name   string
}

// moduleGlobal returns the address of the zeroed buffer of size bytes
// that stands for key in this memory, making it on first use.
func (m *Memory) moduleGlobal(key moduleGlobalKey, size int) uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.globals == nil {
		m.globals = map[moduleGlobalKey]uint64{}
	}
	if a, ok := m.globals[key]; ok {
		return a
	}
	m.bufs = append(m.bufs, buffer{name: "@" + key.name, data: make([]byte, size)})
	a := uint64(len(m.bufs)) * bufferStride
	m.globals[key] = a
	return a
}

func compileAddressOf(c *compiler, in *instr) error {
	ref, _ := in.op.Attr("global_name").(*ir.SymbolRefAttr)
	if ref == nil {
		return fmt.Errorf("llvm.mlir.addressof without a global_name")
	}
	module := in.op.ParentOfName("builtin.module")
	var g *ir.Operation
	if module != nil && module.NumRegions() > 0 && !module.Region(0).Empty() {
		for _, op := range module.Region(0).Front().Ops() {
			if op.Name() == llvm.GlobalOp.Name && ir.SymbolName(op) == ref.Root {
				g = op
			}
		}
	}
	if g == nil {
		return fmt.Errorf("llvm.mlir.addressof of @%s, which the module does not define", ref.Root)
	}
	if llvm.GlobalAddrSpaceOf(g) != llvm.GlobalAddrSpace || g.Attr("value") != nil || g.Region(0) != nil && !g.Region(0).Empty() {
		return fmt.Errorf("@%s: only zero-initialized globals in global memory (address space 1) are simulated", ref.Root)
	}
	size, ok := globalBytes(llvm.GlobalType(g))
	if !ok {
		return fmt.Errorf("@%s: the simulator sizes globals of arrays of integers only", ref.Root)
	}
	key := moduleGlobalKey{module: module, name: ref.Root}
	in.step = func(th *thread, in *instr) error {
		th.regs[in.d] = th.cta.mem.moduleGlobal(key, size)
		return nil
	}
	return nil
}

// globalBytes is the size of a global of type t: an integer or an array
// of them (nested arrays included).
func globalBytes(t ir.Type) (int, bool) {
	switch x := t.(type) {
	case *ir.IntegerType:
		return (x.Width + 7) / 8, true
	case *llvm.ArrayType:
		n, ok := globalBytes(x.Elem)
		return n * int(x.Len), ok
	}
	return 0, false
}

func compileTensormapPoolClaim(c *compiler, in *instr) error {
	slots := uint64(gpu.TensormapPoolSlots(in.op))
	claims, pred := in.a, in.b
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		r[in.d] = 0
		if r[pred]&1 == 0 {
			return nil
		}
		start := uint64(th.cta.smID()) * 8 % slots
		for k := uint64(0); k < slots; k++ {
			j := (start + k) % slots
			took := false
			err := th.do(access{op: in.op, addr: r[claims] + 4*j, n: 4, kind: Atomic}, func(b []byte) {
				if word(b) == 0 {
					putWord(b, 1)
					took = true
				}
			})
			if err != nil {
				return err
			}
			if took {
				r[in.d] = j
				return nil
			}
		}
		return fmt.Errorf("the tensor-map pool's %d slots are all claimed", slots)
	}
	return nil
}
