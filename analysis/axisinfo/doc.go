// Package axisinfo is Triton 3.6's AxisInfo analysis: for every integer or
// pointer value of a kernel it infers, per tensor dimension, three
// power-of-two facts that coalescing and vectorization rely on:
//
//   - contiguity: the length of the shortest run of consecutive integers
//     (each run increments by one) along the dimension;
//   - divisibility: the largest power of two dividing the first element of
//     every such run (for pointers: the byte address);
//   - constancy: the length of the shortest run of equal values;
//
// plus the value itself when it is a known constant.
//
// The facts are seeded from make_range, constants, splats and the
// tt.divisibility / tt.contiguity / tt.constancy attributes of function
// arguments (and of any op, as overriding hints), and pushed through
// arithmetic, pointer arithmetic, shape ops, loads and structured control
// flow with the transfer functions of lib/Analysis/AxisInfo.cpp. Loops are
// solved to a fixed point: loop-carried values (iter_args, while arguments,
// block arguments of branches) are the join (per-dimension gcd) of all the
// values that reach them along live edges, as MLIR's sparse forward
// data-flow framework computes them. Regions that constant conditions make
// unreachable do not contribute, as with MLIR's dead-code analysis.
//
// Files:
//
//	info.go       the lattice value (Info), join, hints, printing
//	visitors.go   transfer functions, one per op kind
//	solver.go     the per-function fixed-point solver (skipping what
//	              analysis/deadcode finds cannot execute)
//	worklist.go   its worklist, and the marks it keeps in the ops
//	table.go      the Infos of the values, by value
//	module.go     the module analysis over the call graph, and the
//	              contiguity/alignment queries lowering uses
//	printer.go    the test-print-alignment and test-print-amd-alignment passes
//	amd.go        the AMD backend's extra visitor (amdg.extract_slice)
package axisinfo
