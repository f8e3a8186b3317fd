// Package ttlayout is tt-layout, the layout inspector: given a layout
// attribute (any encoding tt parses: blocked, slice, MMA, MFMA, WMMA, dot
// operand, linear, and the shared encodings) and a tensor shape, it shows
// where every element lives.
//
// For a distributed layout: which thread (32 x warp + lane on NVIDIA),
// and which register of it, holds each element, with the linear layout's
// bases and how often each element is replicated. For a shared layout:
// the offset of each element in the buffer and the bank it falls in,
// which shows the swizzle; with --access, how many wavefronts a warp
// needs to move the tile in a given distributed layout (bank conflicts).
// Output is a table (default), Triton's triton-tensor-layout text
// (--format=triton, which tt-lit uses when a RUN line names
// triton-tensor-layout), and an SVG picture (--svg FILE).
//
// Run is the command; cmd/tt-layout is a thin main around it.
package ttlayout
