// Command filecheck verifies that its input matches the directives of a
// check file, with LLVM FileCheck's semantics and diagnostics:
//
//	filecheck CHECKFILE [options] < input
//
// See package github.com/ttcompiler/tt/filecheck for details. Options are
// also read from the FILECHECK_OPTS environment variable.
package main

import (
	"os"

	"github.com/ttcompiler/tt/filecheck"
)

func main() {
	os.Exit(filecheck.MainEnv(os.Getenv("FILECHECK_OPTS"), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
