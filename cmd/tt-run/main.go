// Command tt-run runs Triton kernels (TTIR or TTGIR) on NumPy buffers. See
// package tools/ttrun for its flags.
package main

import (
	"os"

	"github.com/ttcompiler/tt/tools/ttrun"
)

func main() {
	os.Exit(ttrun.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
