package amd

// The pipeline's core passes come from these packages; linking them here
// makes ttgir-pipeline-amd complete wherever this package is linked.
import (
	_ "github.com/ttcompiler/tt/conversion/tttottg"
	_ "github.com/ttcompiler/tt/transforms"
	_ "github.com/ttcompiler/tt/transforms/ttgir"
	_ "github.com/ttcompiler/tt/transforms/ttir"
)
