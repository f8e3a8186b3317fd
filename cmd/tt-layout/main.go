// Command tt-layout shows where a layout puts the elements of a tensor. See
// package tools/ttlayout.
package main

import (
	"os"

	"github.com/ttcompiler/tt/tools/ttlayout"
)

func main() {
	os.Exit(ttlayout.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
