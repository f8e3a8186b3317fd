// Command tt-translate compiles Triton kernels to PTX, LLVM IR or AMDGCN.
// See package tools/tttranslate for its flags.
package main

import (
	"os"
	"runtime/debug"

	"github.com/ttcompiler/tt/tools/tttranslate"
)

func main() {
	// One kernel compiles in tens of megabytes and the process exits: the
	// collector's work would be thrown away, so it runs only if the heap
	// nears a soft limit. GOGC and GOMEMLIMIT in the environment win.
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(-1)
		debug.SetMemoryLimit(1 << 30)
	}
	os.Exit(tttranslate.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
