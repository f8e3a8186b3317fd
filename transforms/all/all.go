// Package all links every package that registers passes and pipelines in
// passmgr.Default, so tools importing it can run any of them by name.
package all

import (
	_ "github.com/ttcompiler/tt/analysis/axisinfo"
	_ "github.com/ttcompiler/tt/conversion/ttgtogpu"
	_ "github.com/ttcompiler/tt/conversion/tttottg"
	_ "github.com/ttcompiler/tt/transforms"
	_ "github.com/ttcompiler/tt/transforms/allocate"
	_ "github.com/ttcompiler/tt/transforms/amd"
	_ "github.com/ttcompiler/tt/transforms/nvidia"
	_ "github.com/ttcompiler/tt/transforms/pipeliner"
	_ "github.com/ttcompiler/tt/transforms/ttgir"
	_ "github.com/ttcompiler/tt/transforms/ttir"
)
