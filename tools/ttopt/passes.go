package ttopt

// Importing the pass packages registers their passes and pipelines in
// passmgr.Default, where tt-opt resolves its pass flags.
import (
	_ "github.com/ttcompiler/tt/analysis/axisinfo"
	_ "github.com/ttcompiler/tt/conversion/tttottg"
	_ "github.com/ttcompiler/tt/transforms"
	_ "github.com/ttcompiler/tt/transforms/ttgir"
	_ "github.com/ttcompiler/tt/transforms/ttir"
)
