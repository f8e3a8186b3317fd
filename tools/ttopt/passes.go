package ttopt

// Importing the pass packages registers their passes and pipelines in
// passmgr.Default, where tt-opt resolves its pass flags. The test passes
// exercise the pass manager itself (failures, crashes, statistics).
import (
	_ "github.com/ttcompiler/tt/passmgr/testpasses"
	_ "github.com/ttcompiler/tt/transforms/all"
)
