package layering_test

import (
	"testing"

	"github.com/ttcompiler/tt/tools/layering"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestPlantedViolations runs the analyzer over a miniature of the module
// (testdata/src/github.com/ttcompiler/tt) in which violations are planted
// next to `// want` comments; the allowed imports there carry none, so a
// report on them fails the test too.
func TestPlantedViolations(t *testing.T) {
	m := layering.Module + "/"
	analysistest.Run(t, analysistest.TestData(), layering.Analyzer,
		m+"ir", m+"dialects/tt", m+"dialects/ttg", m+"dialects/gpu", m+"conversion/lower",
		m+"transforms/opt", m+"tools/ttopt", m+"tools/ttlit", m+"tools/other", m+"tools/other/cmd/other",
		m+"targets/emit", m+"newtop")
}
