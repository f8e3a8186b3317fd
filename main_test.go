package tt_test

import (
	"os"
	"testing"

	"github.com/ttcompiler/tt/compilecache"
)

// TestMain gives the tests and examples a compile cache of their own,
// unless TT_CACHE_DIR names one (the GPU scripts time the first launch
// from a cache they fill).
func TestMain(m *testing.M) {
	if os.Getenv(compilecache.EnvDir) != "" {
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "tt-api-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv(compilecache.EnvDir, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
