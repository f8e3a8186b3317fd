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
//	cga_views.go        the CTA layout of a transposed or re-ranked tensor
//	attr_*.go           one layout attribute each (syntax, verifier, LL)
//	interfaces.go       LayoutEncoding, DistributedLayout, SharedLayout, ...
//	linear_layout.go    ToLinearLayout, layout and type equivalence
//	order.go            orders of a layout (Order, ThreadOrder, WarpOrder,
//	                    OrderForMemory)
//	distribution.go     per dim: elements and contiguity per thread, lanes
//	                    and warps (ElemsPerThread, ContigPerThread, ...)
//	conversion_kind.go  what a convert_layout costs (registers, shuffles,
//	                    shared memory)
//	shared_for_dot.go   the shared layouts dot operands are staged through
//	                    (swizzled for mma.sync/MFMA/WMMA, NVMMA for wgmma)
//	memdesc.go          !ttg.memdesc and !ttg.async.token
//	module.go           module attributes (ttg.num-warps, ...) and accessors
//	tensor_layout.go    the check that a tensor's layout fits its context
//	ops_*.go            the ops, grouped by theme
//	infer_trans.go      layout inference: transposes (tensors, memdescs)
//	infer_reshape.go    layout inference: reshapes (tensors, memdescs)
//	infer_join.go       layout inference: tt.join and tt.split
//	infer_fp4.go        layout inference: ttg.fp4_to_fp
//	infer_propagate.go  the layout an op's other side needs for it to move
//	                    no data (InferSrcEncoding, InferDstEncoding), as
//	                    the layout passes propagate layouts
//	infer_tt.go         answers to package tt's layout questions
//	tt_interfaces.go    the tt layout-interface methods of every layout
//	canonicalize.go     convert_layout canonicalization patterns
//	mma_choice.go       what an NVIDIA tensor-core dot takes: SupportsMMA,
//	                    MMAInstrShape, the nvmma_shared layout of an operand
//	views.go            the memdesc view ops (Triton's MemDescViewTrait)
//	builders.go         typed builders (NewConvertLayout, NewLocalAlloc, ...)
//	                    and typed views of ops
//	util.go             small helpers
//
// The custom syntax of most ops is written in MLIR's declarative assembly
// format and interpreted by package ir/asmfmt.
//
// Every printed form matches what Triton 3.6 prints (checked against its
// own dumps and the conformance goldens); parsing accepts keys in any order
// and rejects malformed layouts with Triton's messages.
//
// Triton versions. Triton 3.6 is the reference: everything it accepts
// parses and prints exactly as 3.6 prints it. Spellings of older or newer
// Tritons are read when they denote something 3.6 expresses, and are
// converted to 3.6's form:
//
//	CTAsPerCGA = [..], CTASplitNum = [..], CTAOrder = [..]  (mid 2025, any layout
//	    that takes a CTA split)             -> CGALayout = [[..]] (cga.go)
//	ttg.memdesc_subview %b[%i, %c0, ...]   (mid 2025) -> ttg.memdesc_index, or
//	    ttg.memdesc_subslice for constant offsets, where the conversion is
//	    exact; other subviews are refused (ops_spellings.go)
//
// Not converted, because the old form lacks what 3.6's needs: early-2025
// `#ttg.shared<{..., hasLeadingOffset = true}>` (3.6's nvmma_shared needs the
// element width) and `#ttng.tensor_memory_encoding<..., unpacked = true>`
// (3.6's colStride is 32 / element width when unpacked).
//
// Newer ops with no 3.6 counterpart come with the newer Triton's syntax and
// verifier: ttg.local_atomic_scatter_rmw (ops_atomic.go). Newer checks on
// 3.6 ops and layouts are taken only when no IR Triton 3.6 writes (its lit
// tests, dumps, pass outputs) fails them and what they reject is IR 3.6
// would miscompile: the CGA-permutation check of CTA layouts (3.6 derives
// CTASplitNum and CTAsPerCGA assuming it), and memdesc_reinterpret's
// memory-space and mutability checks. Where versions conflict, 3.6's
// behaviour and messages are kept: memdesc_reinterpret's newer storage-size
// and sub-view checks are left out (3.6's own tests write such views), and
// so are its padding checks and the LinearEncodingAttr permutation check
// (3.6 lowers any invertible linear layout); older files' rank-1 memdescs
// with rank-2 layouts stay rejected, as 3.6 rejects them.
package ttg
