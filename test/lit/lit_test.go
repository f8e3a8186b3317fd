// Package lit runs tt's own lit tests (the .mlir/.ll/.ptx files in the
// folders below this one), one subtest per file, with tt's tools called
// in-process.
package lit

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/tools/ttlit"
)

func TestLit(t *testing.T) {
	cfg := ttlit.Config()
	files := cfg.Collect([]string{"."})
	if len(files) == 0 {
		t.Fatal("no lit tests found")
	}
	for _, f := range files {
		f := f
		name := strings.TrimSuffix(filepath.ToSlash(f), filepath.Ext(f))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res := cfg.RunFile(f)
			if res.Status.IsFailure() {
				var b bytes.Buffer
				b.WriteString(res.Log)
				t.Fatalf("%s: %s\n%s", f, res.Status, b.String())
			}
		})
	}
}
