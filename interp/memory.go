package interp

import (
	"fmt"
	"sync"
)

// Pointers are 64-bit integers, so tensors of pointers, tt.ptr_to_int,
// tt.int_to_ptr and pointer arithmetic behave as on the GPU. A pointer into
// buffer id (1, 2, ...) at byte offset off is
//
//	id<<48 | (2^47 + off)
//
// Offsets in (-2^47, 2^47) keep the buffer id intact, so a pointer that
// strays below its buffer (and is masked off, as kernels routinely do) is
// still recognised as pointing outside that buffer rather than into
// another one. Every buffer therefore starts at an address that is a
// multiple of 2^47, which satisfies any alignment a kernel assumes
// (tt.divisibility). Address 0 is the null pointer.
const (
	ptrIDShift = 48
	ptrBias    = uint64(1) << 47
	ptrOffMask = uint64(1)<<ptrIDShift - 1
)

// Pointer is an address in a Memory.
type Pointer uint64

// MakePointer returns the address of byte off of buffer id.
func MakePointer(id int, off int64) Pointer {
	return Pointer(uint64(id)<<ptrIDShift + ptrBias + uint64(off))
}

// Split returns the buffer id and byte offset of p.
func (p Pointer) Split() (id int, off int64) {
	return int(uint64(p) >> ptrIDShift), int64(uint64(p)&ptrOffMask) - int64(ptrBias)
}

// Buffer is one allocation in a Memory: global memory that a kernel
// argument points to.
type Buffer struct {
	Name string
	Data []byte
}

// Memory is the global memory programs read and write: a set of byte
// buffers. Kernels see pointers into them. Atomic operations take a lock
// striped by address, so they are atomic with respect to each other when
// programs run in parallel; plain loads and stores take no lock (a data
// race between plain accesses is a race on the GPU as well).
type Memory struct {
	mu      sync.RWMutex
	buffers []*Buffer // index id-1
	locks   [256]sync.Mutex
}

// NewMemory returns an empty memory.
func NewMemory() *Memory { return &Memory{} }

// Alloc adds a buffer holding data (not copied: the kernel's stores are
// visible in it) and returns a pointer to its first byte.
func (m *Memory) Alloc(name string, data []byte) Pointer {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.buffers = append(m.buffers, &Buffer{Name: name, Data: data})
	return MakePointer(len(m.buffers), 0)
}

// Buffer returns the buffer p points into, or nil.
func (m *Memory) Buffer(p Pointer) *Buffer {
	id, _ := p.Split()
	m.mu.RLock()
	defer m.mu.RUnlock()
	if id < 1 || id > len(m.buffers) {
		return nil
	}
	return m.buffers[id-1]
}

// snapshot returns the buffers as they are now; programs of a launch
// address memory through it without locking (kernels allocate nothing).
func (m *Memory) snapshot() []*Buffer {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return append([]*Buffer(nil), m.buffers...)
}

// resolve returns the bytes of an n-byte access at address p, or an error
// saying why the access is invalid.
func resolve(bufs []*Buffer, p uint64, n int) ([]byte, error) {
	if p == 0 {
		return nil, fmt.Errorf("null pointer dereference")
	}
	id, off := Pointer(p).Split()
	if id < 1 || id > len(bufs) {
		return nil, fmt.Errorf("address %#x is not in any buffer", p)
	}
	b := bufs[id-1]
	if off < 0 || off+int64(n) > int64(len(b.Data)) {
		return nil, fmt.Errorf("%d-byte access at byte offset %d is outside buffer %q (%d bytes)", n, off, b.Name, len(b.Data))
	}
	return b.Data[off : off+int64(n)], nil
}

// lockFor returns the lock guarding atomic accesses to the 8-byte word
// holding address p.
func (m *Memory) lockFor(p uint64) *sync.Mutex {
	w := p >> 3
	h := (w ^ w>>8 ^ w>>16 ^ p>>ptrIDShift*7) & 255
	return &m.locks[h]
}
