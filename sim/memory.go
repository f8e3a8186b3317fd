package sim

import (
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// Memory is global memory: buffers at distinct device addresses, shared
// by every CTA of a launch (and by successive launches). Accesses are
// serialized, so atomics are atomic and CTAs running in parallel see
// each other's stores.
type Memory struct {
	mu   sync.Mutex
	bufs []buffer
	// globals are the buffers of modules' globals (exec_pool.go).
	globals map[moduleGlobalKey]uint64
}

type buffer struct {
	name string
	data []byte
}

// bufferStride separates the buffers' addresses: buffer i starts at
// (i+1)*bufferStride, so that a stray offset lands outside every buffer.
const bufferStride = 1 << 40

// NewMemory returns an empty global memory.
func NewMemory() *Memory { return &Memory{} }

// Alloc makes data a buffer and returns its device address. Kernels read
// and write data in place; name is for messages.
func (m *Memory) Alloc(name string, data []byte) uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.bufs = append(m.bufs, buffer{name: name, data: data})
	return uint64(len(m.bufs)) * bufferStride
}

// slice returns the n bytes at addr, which must be aligned to align
// bytes; the caller holds m.mu.
func (m *Memory) slice(addr uint64, n, align int) ([]byte, error) {
	i := int(addr/bufferStride) - 1
	off := addr % bufferStride
	if i < 0 || i >= len(m.bufs) {
		return nil, fmt.Errorf("global access of %d bytes at %#x is outside every buffer", n, addr)
	}
	b := m.bufs[i]
	if off+uint64(n) > uint64(len(b.data)) {
		return nil, fmt.Errorf("global access of %d bytes at offset %d of buffer %s is out of bounds (%d bytes)", n, off, b.name, len(b.data))
	}
	if off%uint64(align) != 0 {
		return nil, fmt.Errorf("global access of %d bytes at offset %d of buffer %s is misaligned", n, off, b.name)
	}
	return b.data[off : off+uint64(n)], nil
}

// word reads a little-endian word of n bytes.
func word(b []byte) uint64 {
	var buf [8]byte
	copy(buf[:], b)
	return binary.LittleEndian.Uint64(buf[:])
}

// putWord writes the low len(b) bytes of v.
func putWord(b []byte, v uint64) {
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], v)
	copy(b, buf[:len(b)])
}

// access is one memory access of a Thread: the op, the pointer's type
// (its address space) and the bytes. The address must be aligned to
// align bytes (0: to n, as for an ordinary load or store).
type access struct {
	op     *ir.Operation
	shared bool
	addr   uint64
	n      int
	align  int
	kind   AccessKind
}

// alignment is the alignment an access requires.
func (a access) alignment() int {
	if a.align > 0 {
		return a.align
	}
	return a.n
}

// maxWrite is the largest shared-memory write one access makes (the
// race detector compares the bytes before and after it).
const maxWrite = 16

// do performs an access: f receives the bytes while no other access of
// the memory runs. A shared access is checked for races first.
func (th *thread) do(a access, f func(b []byte)) error {
	c := th.cta
	if a.shared {
		var who actor
		if c.race != nil {
			who = c.race.warpActor(th.tid)
		}
		return c.sharedAccess(who, a, f, true)
	}
	m := c.mem
	m.mu.Lock()
	defer m.mu.Unlock()
	b, err := m.slice(a.addr, a.n, a.alignment())
	if err != nil {
		return err
	}
	f(b)
	return nil
}

// sharedBytes checks that [addr, addr+n) is inside shared memory and
// aligned, and returns it.
func (c *cta) sharedBytes(addr uint64, n, align int) ([]byte, error) {
	if addr+uint64(n) > uint64(len(c.shared)) || addr+uint64(n) < addr {
		return nil, fmt.Errorf("shared access of %d bytes at %d is out of bounds (%d bytes of shared memory)", n, addr, len(c.shared))
	}
	if addr%uint64(align) != 0 {
		return nil, fmt.Errorf("shared access of %d bytes at %d is misaligned", n, addr)
	}
	return c.shared[addr : addr+uint64(n)], nil
}

// sharedAccess is a shared-memory access by who (unused without race
// checks); unless record is set, the detector only checks it.
func (c *cta) sharedAccess(who actor, a access, f func(b []byte), record bool) error {
	b, err := c.sharedBytes(a.addr, a.n, a.alignment())
	if err != nil {
		return err
	}
	if c.race == nil {
		f(b)
		return nil
	}
	var old, new []byte
	if a.kind == Write {
		if a.n > maxWrite {
			return fmt.Errorf("internal error: a shared write of %d bytes (at most %d at once)", a.n, maxWrite)
		}
		// The detector compares the bytes before and after a write.
		old, new = b, c.writeBuf[:a.n]
		copy(new, old)
		f(new)
	}
	if err := c.race.accessAs(who, int(a.addr), a.n, a.kind, a.op, old, new, record); err != nil {
		err.Block = c.id
		return err
	}
	if a.kind == Write {
		copy(b, new)
	} else {
		f(b)
	}
	return nil
}
