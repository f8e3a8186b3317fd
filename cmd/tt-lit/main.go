// Command tt-lit runs lit test files with tt's tools in-process. See
// package tools/ttlit.
package main

import (
	"os"

	"github.com/ttcompiler/tt/tools/ttlit"
)

func main() {
	os.Exit(ttlit.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
