// Package alias is Triton 3.6's shared-memory alias analysis
// (SharedMemoryAliasAnalysis, lib/Analysis/Alias.cpp): for every value
// that may hold a descriptor of a shared-memory buffer, the set of
// `ttg.local_alloc` results whose memory it may refer to.
//
// Only ttg.local_alloc creates a buffer. A view (memdesc_index,
// memdesc_subslice, memdesc_trans, memdesc_reshape, memdesc_reinterpret)
// refers to the buffers of its source. Values that travel through control
// flow refer to every buffer that may reach them: scf.for iter_args and
// results join the inits and the yielded values, scf.if and
// scf.index_switch results join the yields of their live regions,
// scf.while arguments and results follow its condition and yield, block
// arguments of cf branches join what their live predecessors forward, and
// the partition regions of ttg.warp_specialize receive the buffers of the
// captures. Every other op result (ub.poison, call results, loads of
// descriptors, function arguments) refers to no known buffer: Triton's
// analysis is intraprocedural (the solver is rooted at one function, so
// callees are outside its scope).
//
// As with MLIR's sparse forward data-flow framework loaded with its
// dead-code and constant-propagation analyses (Triton's
// createDataFlowSolver), code that a constant condition makes unreachable
// (a scf.if or cf.cond_br on a constant, scf.condition on a constant)
// contributes nothing, and its values have no alias information.
//
// Where Triton runs a second solve rooted at the isolated-from-above
// ttg.warp_specialize.partitions op (as its Allocation does), this package
// treats the partition regions as reachable from the start; Triton's
// test-print-alias, which solves from the function only, sees them as
// unreachable.
//
// Files:
//
//	analysis.go  the public API (Analyze, Analysis.Allocs)
//	set.go       the lattice value: a set of allocations in IR order
//	solver.go    the fixed-point iteration and transfer functions (over
//	             the blocks analysis/deadcode finds can execute)
package alias
