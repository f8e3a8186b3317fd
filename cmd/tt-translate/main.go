// Command tt-translate compiles Triton kernels to PTX, LLVM IR or AMDGCN.
// See package tools/tttranslate for its flags.
package main

import (
	"os"

	"github.com/ttcompiler/tt/tools/tttranslate"
)

func main() {
	os.Exit(tttranslate.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
