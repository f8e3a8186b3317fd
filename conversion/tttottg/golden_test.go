package tttottg_test

import (
	"flag"
	"testing"

	_ "github.com/ttcompiler/tt/conversion/tttottg"
	_ "github.com/ttcompiler/tt/transforms"

	"github.com/ttcompiler/tt/tools/ttopt/ttopttest"
)

var update = flag.Bool("update", false, "rewrite the .out files of testdata")

// TestGoldens checks testdata/*.mlir against their .out files through tt-opt.
func TestGoldens(t *testing.T) { ttopttest.CheckGoldens(t, "testdata/*.mlir", *update) }
