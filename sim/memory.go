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

// slice returns the n bytes at addr; the caller holds m.mu.
func (m *Memory) slice(addr uint64, n int) ([]byte, error) {
	i := int(addr/bufferStride) - 1
	off := addr % bufferStride
	if i < 0 || i >= len(m.bufs) {
		return nil, fmt.Errorf("global access of %d bytes at %#x is outside every buffer", n, addr)
	}
	b := m.bufs[i]
	if off+uint64(n) > uint64(len(b.data)) {
		return nil, fmt.Errorf("global access of %d bytes at offset %d of buffer %s is out of bounds (%d bytes)", n, off, b.name, len(b.data))
	}
	if off%uint64(n) != 0 {
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
// (its address space) and the bytes.
type access struct {
	op     *ir.Operation
	shared bool
	addr   uint64
	n      int
	kind   AccessKind
}

// do performs an access: f receives the bytes while no other access of
// the memory runs. A shared access is checked for races first.
func (th *thread) do(a access, f func(b []byte)) error {
	c := th.cta
	if a.shared {
		if a.addr+uint64(a.n) > uint64(len(c.shared)) || a.addr+uint64(a.n) < a.addr {
			return fmt.Errorf("shared access of %d bytes at %d is out of bounds (%d bytes of shared memory)", a.n, a.addr, len(c.shared))
		}
		if a.addr%uint64(a.n) != 0 {
			return fmt.Errorf("shared access of %d bytes at %d is misaligned", a.n, a.addr)
		}
		b := c.shared[a.addr : a.addr+uint64(a.n)]
		if c.race == nil {
			f(b)
			return nil
		}
		var old, new []byte
		if a.kind == Write {
			// The detector compares the bytes before and after a write.
			var buf [16]byte
			old, new = b, buf[:a.n]
			copy(new, old)
			f(new)
		}
		if err := c.race.access(int(a.addr), a.n, a.kind, th.tid, a.op, old, new); err != nil {
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
	m := c.mem
	m.mu.Lock()
	defer m.mu.Unlock()
	b, err := m.slice(a.addr, a.n)
	if err != nil {
		return err
	}
	f(b)
	return nil
}
