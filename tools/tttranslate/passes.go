package tttranslate

// The packages whose init functions register the stages' passes and
// pipelines in passmgr.Default.
import (
	_ "github.com/ttcompiler/tt/conversion/ttgtogpu"
	_ "github.com/ttcompiler/tt/conversion/tttottg"
	_ "github.com/ttcompiler/tt/transforms"
	_ "github.com/ttcompiler/tt/transforms/ttgir"
	_ "github.com/ttcompiler/tt/transforms/ttir"
)
