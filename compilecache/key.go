package compilecache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/ttcompiler/tt/internal/cli"
)

// format is the version of the entry layout and of the key's scheme:
// changing either changes every key.
const format = "tt-compilecache-1"

// Key addresses an entry: a SHA-256 digest.
type Key [sha256.Size]byte

func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Hasher accumulates the parts of a key. Each part is written as its name
// and its length-prefixed value, so parts cannot run into each other.
type Hasher struct {
	h hash.Hash
}

// NewKey starts a key for an artifact of the given kind ("ptx",
// "ttir", "autotune"), on top of the compiler's identity (see Compiler).
func NewKey(kind string) *Hasher {
	h := &Hasher{h: sha256.New()}
	return h.String("format", format).String("compiler", Compiler()).
		String("experimental", experimentalSettings(os.Environ())).String("kind", kind)
}

// String adds a named string part.
func (h *Hasher) String(name, value string) *Hasher {
	return h.Bytes(name, []byte(value))
}

// Bytes adds a named byte part.
func (h *Hasher) Bytes(name string, value []byte) *Hasher {
	var n [8]byte
	for _, b := range [][]byte{[]byte(name), value} {
		binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
		h.h.Write(n[:])
		h.h.Write(b)
	}
	return h
}

// Int adds a named integer part.
func (h *Hasher) Int(name string, v int64) *Hasher {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(v))
	return h.Bytes(name, b[:])
}

// Bool adds a named boolean part.
func (h *Hasher) Bool(name string, v bool) *Hasher {
	if v {
		return h.Int(name, 1)
	}
	return h.Int(name, 0)
}

// Strings adds a named list of strings (order matters).
func (h *Hasher) Strings(name string, values []string) *Hasher {
	h.Int(name, int64(len(values)))
	for _, v := range values {
		h.String(name, v)
	}
	return h
}

// Sum returns the key.
func (h *Hasher) Sum() Key {
	var k Key
	h.h.Sum(k[:0])
	return k
}

var (
	compilerOnce sync.Once
	compilerID   string
)

// Compiler identifies the compiler whose artifacts the cache holds: tt's
// version and commit and the Go toolchain; when the commit does not pin
// the code (a modified tree, or no commit recorded, as in test binaries
// and builds with -buildvcs=false), also the executable's Go build ID (a
// hash of its content), or the SHA-256 of the executable where it has
// none. It is computed once per process. (The experimental settings,
// TT_X_* environment variables that change what passes produce, are a
// part of every key of their own, read when the key is made, so an
// experiment never reads another setting's artifacts.)
func Compiler() string {
	compilerOnce.Do(func() {
		b := cli.ReadBuild()
		compilerID = "tt " + cli.Version + " commit " + b.Commit + " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
		if b.Modified || b.Commit == "unknown" {
			if id := executableBuildID(); id != "" {
				compilerID += " build " + id
			} else {
				compilerID += " executable " + executableHash()
			}
		}
	})
	return compilerID
}

// experimentalSettings lists the TT_X_* settings of env, sorted, as
// " NAME=VALUE" parts ("" when there are none).
func experimentalSettings(env []string) string {
	var xs []string
	for _, kv := range env {
		if strings.HasPrefix(kv, "TT_X_") {
			xs = append(xs, kv)
		}
	}
	sort.Strings(xs)
	var b strings.Builder
	for _, kv := range xs {
		b.WriteString(" " + kv)
	}
	return b.String()
}

// executableHash hashes the running binary ("unknown" if it cannot be
// read: then every run of it gets keys of its own, as if it changed).
func executableHash() string {
	path, err := os.Executable()
	if err == nil {
		var f *os.File
		if f, err = os.Open(path); err == nil {
			defer f.Close()
			h := sha256.New()
			if _, err = io.Copy(h, f); err == nil {
				return hex.EncodeToString(h.Sum(nil))
			}
		}
	}
	var pid [8]byte
	binary.LittleEndian.PutUint64(pid[:], uint64(os.Getpid()))
	return "unreadable-" + hex.EncodeToString(pid[:])
}
