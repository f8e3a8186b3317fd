package tt_test

import (
	"os"
	"testing"

	"github.com/ttcompiler/tt/compilecache"
)

// TestMain gives the tests and examples a compile cache of their own.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tt-api-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv(compilecache.EnvDir, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
