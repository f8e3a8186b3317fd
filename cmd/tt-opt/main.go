// Command tt-opt reads, verifies, transforms and prints tt IR. See package
// tools/ttopt for its flags.
package main

import (
	"os"

	"github.com/ttcompiler/tt/tools/ttopt"
)

func main() {
	os.Exit(ttopt.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
