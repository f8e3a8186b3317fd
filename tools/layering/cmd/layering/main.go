// Command layering checks the import layering of the tt module (see
// package tools/layering); CI runs `go run ./tools/layering/cmd/layering
// ./...` and fails on any report.
package main

import (
	"github.com/ttcompiler/tt/tools/layering"
	"golang.org/x/tools/go/analysis/singlechecker"
)

func main() { singlechecker.Main(layering.Analyzer) }
