package compilecache

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"
)

// EnvDir names the environment variable that sets the cache directory.
const EnvDir = "TT_CACHE_DIR"

// Cache is a directory of entries. Its methods are safe for concurrent
// use, and many processes may share the directory.
type Cache struct {
	dir   string
	stats struct{ hits, misses, corrupt, puts atomic.Int64 }
}

// Stats counts a Cache's lookups since it was opened.
type Stats struct {
	// Hits found a valid entry; Misses found none (or a stale one);
	// Corrupt found an entry that failed its checks (also a miss).
	Hits, Misses, Corrupt int64
	// Puts counts the entries written.
	Puts int64
}

// Open returns the cache in dir, creating the directory.
func Open(dir string) (*Cache, error) {
	if dir == "" {
		return nil, errors.New("compilecache: empty directory")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("compilecache: %w", err)
	}
	return &Cache{dir: dir}, nil
}

// DefaultDir is $TT_CACHE_DIR, or tt/ in the user cache directory
// ($XDG_CACHE_HOME or ~/.cache on Linux).
func DefaultDir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("compilecache: no cache directory (set %s): %w", EnvDir, err)
	}
	return filepath.Join(d, "tt"), nil
}

// Default opens the cache in DefaultDir.
func Default() (*Cache, error) {
	d, err := DefaultDir()
	if err != nil {
		return nil, err
	}
	return Open(d)
}

// Dir returns the cache's directory.
func (c *Cache) Dir() string { return c.dir }

// Stats returns the lookup counts so far.
func (c *Cache) Stats() Stats {
	return Stats{Hits: c.stats.hits.Load(), Misses: c.stats.misses.Load(), Corrupt: c.stats.corrupt.Load(), Puts: c.stats.puts.Load()}
}

func (c *Cache) path(k Key) string {
	s := k.String()
	return filepath.Join(c.dir, s[:2], s)
}

// touchAfter is how stale an entry's modification time gets before a hit
// refreshes it (Trim removes entries by it).
const touchAfter = time.Hour

// Get returns the entry for k when there is a valid one whose Deps are
// unchanged. A missing, corrupt or stale entry is a miss; the caller
// compiles and Puts, replacing it.
func (c *Cache) Get(k Key) (*Entry, bool) {
	path := c.path(k)
	b, err := os.ReadFile(path)
	if err != nil {
		c.stats.misses.Add(1)
		return nil, false
	}
	e, err := decodeEntry(b)
	if err != nil {
		c.stats.corrupt.Add(1)
		c.stats.misses.Add(1)
		return nil, false
	}
	for _, d := range e.Deps {
		if !d.current() {
			c.stats.misses.Add(1)
			return nil, false
		}
	}
	if st, err := os.Stat(path); err == nil && time.Since(st.ModTime()) > touchAfter {
		now := time.Now()
		os.Chtimes(path, now, now) // best effort: only Trim reads it
	}
	c.stats.hits.Add(1)
	return e, true
}

// Put stores e under k: it writes a temporary file beside the entry and
// renames it into place, so that concurrent readers and writers, in this
// process or others, never see a partial entry.
func (c *Cache) Put(k Key, e *Entry) error {
	path := c.path(k)
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("compilecache: %w", err)
	}
	tmp, err := os.CreateTemp(dir, tmpPrefix+"*")
	if err != nil {
		return fmt.Errorf("compilecache: %w", err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(e.encode()); err != nil {
		tmp.Close()
		return fmt.Errorf("compilecache: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("compilecache: %w", err)
	}
	// CreateTemp makes the file private; entries are shared like the
	// directory (the umask still applies to it).
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("compilecache: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("compilecache: %w", err)
	}
	c.stats.puts.Add(1)
	c.maybeTrim()
	return nil
}

// tmpPrefix starts the names of files being written.
const tmpPrefix = ".tmp-"

// Trim ages.
const (
	// trimEvery is how often Put trims the cache.
	trimEvery = 24 * time.Hour
	// UnusedFor is how long an entry survives without being used.
	UnusedFor = 5 * 24 * time.Hour
	// tmpAbandoned is when a temporary file is a crashed writer's.
	tmpAbandoned = time.Hour
)

// maybeTrim runs Trim when the last trim (recorded in the trim.txt
// marker's modification time) is older than trimEvery.
func (c *Cache) maybeTrim() {
	marker := filepath.Join(c.dir, "trim.txt")
	if st, err := os.Stat(marker); err == nil && time.Since(st.ModTime()) < trimEvery {
		return
	}
	// Whoever writes the marker first trims; racing trimmers only repeat
	// harmless removals.
	if err := os.WriteFile(marker, []byte(time.Now().UTC().Format(time.RFC3339)+"\n"), 0o644); err != nil {
		return
	}
	c.Trim(time.Now())
}

// Trim removes the entries not used since now-UnusedFor and the temporary
// files older than an hour (left by writers that crashed).
func (c *Cache) Trim(now time.Time) error {
	return filepath.WalkDir(c.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil // keep going past what vanished under a racing trim
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		age := now.Sub(info.ModTime())
		name := d.Name()
		switch {
		case strings.HasPrefix(name, tmpPrefix) && age > tmpAbandoned:
			os.Remove(path)
		case len(name) == 2*len(Key{}) && age > UnusedFor:
			os.Remove(path)
		}
		return nil
	})
}

// Check reads every entry of the cache and returns how many there are and
// the problems found: entries that fail their checks and files that are
// not entries (a temporary file younger than an hour may be a writer's at
// work and is not a problem).
func (c *Cache) Check() (entries int, problems []string) {
	filepath.WalkDir(c.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == filepath.Join(c.dir, "trim.txt") {
			return nil
		}
		name := d.Name()
		if strings.HasPrefix(name, tmpPrefix) {
			if info, err := d.Info(); err == nil && time.Since(info.ModTime()) > tmpAbandoned {
				problems = append(problems, path+": abandoned temporary file")
			}
			return nil
		}
		if len(name) != 2*len(Key{}) || filepath.Base(filepath.Dir(path)) != name[:2] {
			problems = append(problems, path+": not a cache entry")
			return nil
		}
		b, err := os.ReadFile(path)
		if err == nil {
			_, err = decodeEntry(b)
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", path, err))
			return nil
		}
		entries++
		return nil
	})
	return entries, problems
}

// Keys lists the keys of the entries in the cache (valid or not).
func (c *Cache) Keys() []Key {
	var out []Key
	filepath.WalkDir(c.dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			var k Key
			if n, herr := hex.Decode(k[:], []byte(d.Name())); herr == nil && n == len(k) {
				out = append(out, k)
			}
		}
		return nil
	})
	return out
}

// Path returns the file of k's entry (it may not exist).
func (c *Cache) Path(k Key) string { return c.path(k) }

// DefaultOrWarn opens the default cache for a command-line tool; when it
// cannot be opened it says so on w and returns nil (the tool compiles
// without a cache).
func DefaultOrWarn(w io.Writer, tool string) *Cache {
	c, err := Default()
	if err != nil {
		fmt.Fprintf(w, "%s: warning: %v (compiling without the cache)\n", tool, err)
		return nil
	}
	return c
}
