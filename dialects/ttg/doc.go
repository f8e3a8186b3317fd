// Package ttg is Triton 3.6's TritonGPU dialect (`ttg`): the layout
// (encoding) attributes that say how a tile is spread over the registers,
// lanes, warps and CTAs of a GPU program or laid out in shared memory, the
// `!ttg.memdesc` and `!ttg.async.token` types, and the ops that move tiles
// between registers and shared memory (convert_layout, local_alloc,
// local_load, local_store, memdesc views, async copies, warp_specialize).
//
// Taxonomy of the files:
//
//	dialect.go          the Dialect value, Load, type and attribute dispatch
//	dictparse.go        Triton's `<{key = value}>` readers and their messages
//	cga.go              the CTA (cluster) layout: `CGALayout = [[...]]`
//	attr_*.go           one layout attribute each (syntax, verifier, LL)
//	interfaces.go       LayoutEncoding, DistributedLayout, SharedLayout, ...
//	linear_layout.go    ToLinearLayout and the per-layout conversions
//	layout_info.go      helpers lowering uses (ElemsPerThread, orders, ...)
//	memdesc.go          !ttg.memdesc and !ttg.async.token
//	module.go           module attributes (ttg.num-warps, ...) and accessors
//	tensor_layout.go    the check that a tensor's layout fits its context
//	ops_*.go            the ops, grouped by theme
//	infer.go            layout inference (trans, reshape, fp4_to_fp, memdesc views)
//	infer_tt.go         answers to package tt's layout questions
//	tt_interfaces.go    the tt layout-interface methods of every layout
//	canonicalize.go     convert_layout canonicalization patterns
//	builders.go         typed builders (NewConvertLayout, NewLocalAlloc, ...)
//	                    and typed views of ops
//	util.go             small helpers
//
// The custom syntax of most ops is written in MLIR's declarative assembly
// format and interpreted by package asmfmt.
//
// Every printed form matches what Triton 3.6 prints (checked against its
// own dumps and the conformance goldens); parsing accepts keys in any order
// and rejects malformed layouts with Triton's messages.
package ttg
