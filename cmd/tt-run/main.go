// Command tt-run runs Triton kernels (TTIR or TTGIR) on NumPy buffers. See
// package tools/ttrun for its flags.
package main

import (
	"os"
	"runtime/debug"

	"github.com/ttcompiler/tt/tools/ttrun"
)

func main() {
	// The interpreter allocates a fresh tensor per operation; a larger GC
	// target trades a little memory for much less collection work.
	debug.SetGCPercent(400)
	os.Exit(ttrun.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
