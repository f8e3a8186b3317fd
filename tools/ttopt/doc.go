// Package ttopt implements the tt-opt tool: read MLIR text (a file or
// stdin), verify it, run a pass pipeline, and print the result. Its flags
// follow mlir-opt and triton-opt, so Triton's lit files run unchanged.
//
// The logic lives in Run so tests and the lit runner call the tool
// in-process; cmd/tt-opt is a thin wrapper.
package ttopt
