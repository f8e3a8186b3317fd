package compilecache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"slices"
	"sort"
	"sync"
)

// Entry is what the cache stores for a key: named parts (the PTX, the
// metadata JSON, the TTIR, ...) and the source files the artifact
// depends on beyond the key.
type Entry struct {
	Parts map[string][]byte
	Deps  []Dep
}

// Dep is a file an artifact was built from, with its content's hash; a
// zero Sum records a file that was looked for and did not exist (the
// artifact changes if it appears).
type Dep struct {
	Path string
	Sum  [sha256.Size]byte
}

// AbsentDep records that no file exists at path.
func AbsentDep(path string) Dep { return Dep{Path: path} }

// FileDep returns the Dep of a file as it is now.
func FileDep(path string) (Dep, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Dep{}, err
	}
	return Dep{Path: path, Sum: sha256.Sum256(b)}, nil
}

// current reports whether the file still has the recorded content (or is
// still absent).
func (d Dep) current() bool {
	now, err := FileDep(d.Path)
	if d.Sum == ([sha256.Size]byte{}) {
		_, serr := os.Stat(d.Path)
		return serr != nil
	}
	return err == nil && now.Sum == d.Sum
}

func (d Dep) String() string { return d.Path + "@" + hex.EncodeToString(d.Sum[:8]) }

// Layout of an entry file:
//
//	magic            "tt-cache 2\n"
//	payload length   uint64, little endian
//	payload CRC-32C  uint32, little endian
//	payload          uint32 count of parts, then per part (sorted by
//	                 name) uint32 name length, name, uint64 value length,
//	                 value; then uint32 count of deps, per dep uint32
//	                 path length, path, 32-byte hash
const magic = "tt-cache 2\n"

const headerSize = len(magic) + 8 + 4

// castagnoli is the CRC-32C table. The checksum catches entries that were
// damaged on disk or written by something else: the writes themselves are
// atomic (Put renames a finished file into place), and the key, not the
// checksum, is what names an entry, so a cryptographic hash of the payload
// would only cost time (SHA-256 of a 250 KB entry was 4% of a compile, and
// most of a cache hit). Version 1 entries fail the magic and are misses.
// The table is made on first use: making it runs the hardware CRC's own
// table setup (1.2 M instructions, 1.3% of a 128x128 matmul's compile),
// which a process that never touches the cache (--no-cache, every other
// tool linking this package) should not pay at start-up.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// errCorrupt marks an entry file that fails its checks.
var errCorrupt = errors.New("corrupt cache entry")

func (e *Entry) encode() []byte {
	names := make([]string, 0, len(e.Parts))
	size := 4 + 4
	for n, v := range e.Parts {
		names = append(names, n)
		size += 4 + len(n) + 8 + len(v)
	}
	for _, d := range e.Deps {
		size += 4 + len(d.Path) + sha256.Size
	}
	sort.Strings(names)
	p := make([]byte, 0, size)
	p = binary.LittleEndian.AppendUint32(p, uint32(len(names)))
	for _, n := range names {
		p = binary.LittleEndian.AppendUint32(p, uint32(len(n)))
		p = append(p, n...)
		p = binary.LittleEndian.AppendUint64(p, uint64(len(e.Parts[n])))
		p = append(p, e.Parts[n]...)
	}
	p = binary.LittleEndian.AppendUint32(p, uint32(len(e.Deps)))
	for _, d := range e.Deps {
		p = binary.LittleEndian.AppendUint32(p, uint32(len(d.Path)))
		p = append(p, d.Path...)
		p = append(p, d.Sum[:]...)
	}
	out := make([]byte, 0, headerSize+len(p))
	out = append(out, magic...)
	out = binary.LittleEndian.AppendUint64(out, uint64(len(p)))
	out = binary.LittleEndian.AppendUint32(out, crc32.Checksum(p, castagnoli()))
	return append(out, p...)
}

// decodeEntry checks and decodes an entry file's content.
func decodeEntry(b []byte) (*Entry, error) {
	if len(b) < headerSize || string(b[:len(magic)]) != magic {
		return nil, fmt.Errorf("%w: bad header", errCorrupt)
	}
	n := binary.LittleEndian.Uint64(b[len(magic):])
	payload := b[headerSize:]
	if uint64(len(payload)) != n {
		return nil, fmt.Errorf("%w: %d payload bytes, header says %d (truncated?)", errCorrupt, len(payload), n)
	}
	if crc32.Checksum(payload, castagnoli()) != binary.LittleEndian.Uint32(b[len(magic)+8:]) {
		return nil, fmt.Errorf("%w: checksum mismatch", errCorrupt)
	}
	r := reader{b: payload}
	e := &Entry{Parts: map[string][]byte{}}
	for i, count := 0, r.u32(); i < count && r.ok(); i++ {
		name := string(r.bytes(r.u32()))
		e.Parts[name] = r.bytes(int(r.u64()))
	}
	for i, count := 0, r.u32(); i < count && r.ok(); i++ {
		d := Dep{Path: string(r.bytes(r.u32()))}
		copy(d.Sum[:], r.bytes(sha256.Size))
		e.Deps = append(e.Deps, d)
	}
	if !r.ok() || len(r.b) != 0 {
		// The checksum matched, so a writer produced this: a newer or
		// broken encoder. Either way it is not ours to use.
		return nil, fmt.Errorf("%w: malformed payload", errCorrupt)
	}
	return e, nil
}

// reader reads the payload's fields; a short read sets bad.
type reader struct {
	b   []byte
	bad bool
}

func (r *reader) ok() bool { return !r.bad }

func (r *reader) bytes(n int) []byte {
	if r.bad || n < 0 || n > len(r.b) {
		r.bad = true
		return nil
	}
	v := r.b[:n:n]
	r.b = r.b[n:]
	return v
}

func (r *reader) u32() int {
	b := r.bytes(4)
	if b == nil {
		return 0
	}
	return int(binary.LittleEndian.Uint32(b))
}

func (r *reader) u64() uint64 {
	b := r.bytes(8)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint64(b)
}

// DepRecorder reads source files for a compiler and remembers every path
// it asked for besides Main (whose content the key hashes): the files an
// artifact depends on, found or not (creating a file that was looked for
// changes what an import resolves to).
type DepRecorder struct {
	Main  string
	mu    sync.Mutex
	paths []string
}

// ReadFile reads path (os.ReadFile) and records it.
func (r *DepRecorder) ReadFile(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if path != r.Main {
		r.mu.Lock()
		if !slices.Contains(r.paths, path) {
			r.paths = append(r.paths, path)
		}
		r.mu.Unlock()
	}
	return b, err
}

// Deps returns the recorded files as they are now.
func (r *DepRecorder) Deps() []Dep {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Dep
	for _, p := range r.paths {
		d, err := FileDep(p)
		if err != nil {
			d = AbsentDep(p)
		}
		out = append(out, d)
	}
	return out
}
