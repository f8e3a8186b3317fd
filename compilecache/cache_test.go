package compilecache

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func testEntry(i int) *Entry {
	return &Entry{Parts: map[string][]byte{
		"ptx":       []byte(fmt.Sprintf(".version 8.4\n// kernel %d\n%s", i, strings.Repeat("x", 1000*i))),
		"meta.json": []byte(fmt.Sprintf(`{"name": "k%d"}`, i)),
		"empty":     nil,
	}}
}

func key(i int) Key { return NewKey("test").Int("i", int64(i)).Sum() }

func sameEntry(t *testing.T, got, want *Entry) {
	t.Helper()
	if len(got.Parts) != len(want.Parts) {
		t.Fatalf("%d parts, want %d", len(got.Parts), len(want.Parts))
	}
	for n, v := range want.Parts {
		if !bytes.Equal(got.Parts[n], v) {
			t.Fatalf("part %s = %q, want %q", n, got.Parts[n], v)
		}
	}
}

func TestPutGet(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(key(1)); ok {
		t.Fatal("hit in an empty cache")
	}
	e := testEntry(1)
	if err := c.Put(key(1), e); err != nil {
		t.Fatal(err)
	}
	got, ok := c.Get(key(1))
	if !ok {
		t.Fatal("miss after Put")
	}
	sameEntry(t, got, e)
	if _, ok := c.Get(key(2)); ok {
		t.Fatal("another key hit")
	}
	if s := c.Stats(); s != (Stats{Hits: 1, Misses: 2, Puts: 1}) {
		t.Errorf("stats %+v", s)
	}
	// Only the entry (and the trim marker) are left: no temporary file.
	files := 0
	filepath.WalkDir(c.Dir(), func(p string, d os.DirEntry, err error) error {
		if !d.IsDir() {
			files++
			if strings.HasPrefix(d.Name(), tmpPrefix) {
				t.Errorf("temporary file left: %s", p)
			}
		}
		return nil
	})
	if files != 2 {
		t.Errorf("%d files in the cache, want the entry and trim.txt", files)
	}
}

func TestKeysSeparateParts(t *testing.T) {
	a := NewKey("k").String("a", "bc").String("d", "").Sum()
	b := NewKey("k").String("a", "b").String("cd", "").Sum()
	c := NewKey("other").String("a", "bc").String("d", "").Sum()
	if a == b || a == c {
		t.Error("different parts or kinds give the same key")
	}
	if a != NewKey("k").String("a", "bc").String("d", "").Sum() {
		t.Error("the same parts give different keys")
	}
}

func TestDepsInvalidate(t *testing.T) {
	dir := t.TempDir()
	c, _ := Open(filepath.Join(dir, "cache"))
	src := filepath.Join(dir, "helper.py")
	os.WriteFile(src, []byte("X = 1\n"), 0o644)
	d, err := FileDep(src)
	if err != nil {
		t.Fatal(err)
	}
	e := testEntry(3)
	e.Deps = []Dep{d}
	c.Put(key(3), e)
	if got, ok := c.Get(key(3)); !ok || len(got.Deps) != 1 || got.Deps[0] != d {
		t.Fatal("the entry with a dependency is not found as written")
	}
	os.WriteFile(src, []byte("X = 2\n"), 0o644)
	if _, ok := c.Get(key(3)); ok {
		t.Error("hit after a dependency changed")
	}
	os.Remove(src)
	if _, ok := c.Get(key(3)); ok {
		t.Error("hit after a dependency was removed")
	}
	// A file that was absent invalidates the entry when it appears.
	e.Deps = []Dep{AbsentDep(src)}
	c.Put(key(3), e)
	if _, ok := c.Get(key(3)); !ok {
		t.Error("miss with the absent file still absent")
	}
	os.WriteFile(src, []byte("X = 3\n"), 0o644)
	if _, ok := c.Get(key(3)); ok {
		t.Error("hit after an absent dependency appeared")
	}
}

// Truncated and corrupted entries are misses (and counted), never used;
// a Put replaces them.
func TestCorruptEntriesAreMisses(t *testing.T) {
	c, _ := Open(t.TempDir())
	e := testEntry(5)
	damage := map[string]func([]byte) []byte{
		"truncated payload": func(b []byte) []byte { return b[:len(b)-7] },
		"truncated header":  func(b []byte) []byte { return b[:10] },
		"empty":             func([]byte) []byte { return nil },
		"flipped byte":      func(b []byte) []byte { b[len(b)/2] ^= 0x40; return b },
		"flipped checksum":  func(b []byte) []byte { b[len(magic)+8] ^= 1; return b },
		"appended garbage":  func(b []byte) []byte { return append(b, "junk"...) },
		"other magic":       func(b []byte) []byte { b[0] = 'T'; return b },
		"older version":     func(b []byte) []byte { b[len(magic)-2] = '1'; return b },
	}
	for name, f := range damage {
		if err := c.Put(key(5), e); err != nil {
			t.Fatal(err)
		}
		path := c.path(key(5))
		b, _ := os.ReadFile(path)
		os.WriteFile(path, f(b), 0o644)
		before := c.Stats().Corrupt
		if _, ok := c.Get(key(5)); ok {
			t.Errorf("%s: the damaged entry was used", name)
		}
		if c.Stats().Corrupt != before+1 {
			t.Errorf("%s: not counted as corrupt", name)
		}
		c.Put(key(5), e)
		if got, ok := c.Get(key(5)); !ok {
			t.Errorf("%s: no hit after the entry was rewritten", name)
		} else {
			sameEntry(t, got, e)
		}
	}
}

// Many goroutines writing and reading the same keys see whole entries.
func TestConcurrentPutGet(t *testing.T) {
	c, _ := Open(t.TempDir())
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				k := (i + g) % 5
				if e, ok := c.Get(key(k)); ok {
					sameEntry(t, e, testEntry(k))
					continue
				}
				if err := c.Put(key(k), testEntry(k)); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	if s := c.Stats(); s.Corrupt != 0 {
		t.Errorf("%d corrupt reads", s.Corrupt)
	}
}

// childEnv makes the test binary act as one of several writer processes.
const childEnv = "COMPILECACHE_WRITER_DIR"

// Eight processes writing the same entries into one directory at once:
// every entry is valid at the end and no temporary file is left.
func TestProcessesShareADirectory(t *testing.T) {
	if dir := os.Getenv(childEnv); dir != "" {
		c, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		for round := range 20 {
			for k := range 10 {
				if e, ok := c.Get(key(k)); ok {
					sameEntry(t, e, testEntry(k))
				} else if err := c.Put(key(k), testEntry(k)); err != nil {
					t.Fatalf("round %d: %v", round, err)
				}
			}
		}
		if c.Stats().Corrupt != 0 {
			t.Fatalf("%d corrupt reads", c.Stats().Corrupt)
		}
		return
	}
	dir := t.TempDir()
	var cmds []*exec.Cmd
	var outs []*bytes.Buffer
	for range 8 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestProcessesShareADirectory$")
		cmd.Env = append(os.Environ(), childEnv+"="+dir)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, &out)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("writer %d: %v\n%s", i, err, outs[i])
		}
	}
	c, _ := Open(dir)
	for k := range 10 {
		e, ok := c.Get(key(k))
		if !ok {
			t.Fatalf("entry %d missing or invalid", k)
		}
		sameEntry(t, e, testEntry(k))
	}
	checkAllValid(t, dir)
}

// checkAllValid fails on any file in dir that is neither a valid entry
// nor the trim marker.
func checkAllValid(t *testing.T, dir string) {
	t.Helper()
	c, _ := Open(dir)
	n, problems := c.Check()
	for _, p := range problems {
		t.Error(p)
	}
	if n != 10 {
		t.Errorf("%d entries, want 10", n)
	}
	if k := c.Keys(); len(k) != 10 {
		t.Errorf("%d keys, want 10", len(k))
	}
}

func TestTrim(t *testing.T) {
	c, _ := Open(t.TempDir())
	c.Put(key(1), testEntry(1))
	c.Put(key(2), testEntry(2))
	old := time.Now().Add(-UnusedFor - time.Hour)
	os.Chtimes(c.path(key(1)), old, old)
	tmp := filepath.Join(filepath.Dir(c.path(key(2))), tmpPrefix+"crashed")
	os.WriteFile(tmp, []byte("partial"), 0o644)
	os.Chtimes(tmp, old, old)
	fresh := filepath.Join(filepath.Dir(c.path(key(2))), tmpPrefix+"writing")
	os.WriteFile(fresh, []byte("partial"), 0o644)
	if err := c.Trim(time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(key(1)); ok {
		t.Error("an entry unused for longer than UnusedFor survived")
	}
	if n, problems := c.Check(); n != 1 || len(problems) != 0 {
		t.Errorf("Check after Trim: %d entries, problems %v", n, problems)
	}
	if _, ok := c.Get(key(2)); !ok {
		t.Error("a fresh entry was trimmed")
	}
	if _, err := os.Stat(tmp); err == nil {
		t.Error("an abandoned temporary file survived")
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Error("a temporary file being written was removed")
	}
}

func TestDefaultDir(t *testing.T) {
	t.Setenv(EnvDir, "/some/where")
	if d, _ := DefaultDir(); d != "/some/where" {
		t.Errorf("DefaultDir with %s set = %q", EnvDir, d)
	}
	t.Setenv(EnvDir, "")
	t.Setenv("XDG_CACHE_HOME", "/xdg")
	if d, _ := DefaultDir(); d != "/xdg/tt" {
		t.Errorf("DefaultDir = %q, want /xdg/tt", d)
	}
}

// Experimental settings (TT_X_*) change what the passes produce, so they
// are part of the compiler's identity; other variables are not.
func TestExperimentalSettingsInCompilerID(t *testing.T) {
	a := experimentalSettings([]string{"HOME=/h", "TT_X_B=1", "TT_X_A=off"})
	if want := " TT_X_A=off TT_X_B=1"; a != want {
		t.Errorf("got %q, want %q", a, want)
	}
	if b := experimentalSettings([]string{"HOME=/h", "TT_CACHE_DIR=/c"}); b != "" {
		t.Errorf("non-experimental variables in the compiler id: %q", b)
	}
}
