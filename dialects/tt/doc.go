// Package tt is Triton 3.6's `tt` dialect (Triton IR): its types, enum
// attributes, every operation with its exact custom syntax, verifiers
// (with Triton 3.6's messages), memory effects, folders and
// canonicalization patterns, typed views and builders.
//
// Types (types.go): !tt.ptr<T[, addrspace]> (PointerType; block pointers
// are pointers to tensors), !tt.tensordesc<tensor<...>> (TensorDescType).
// Custom formats print them stripped (`<f16>`) where Triton's ODS does;
// ParsePtrType and ParseTensorDescType accept both spellings.
//
// Triton versions. Triton 3.6 is the reference: what it accepts parses,
// verifies and prints exactly as 3.6 prints it. Spellings of older or
// newer Tritons are read too when they denote something 3.6 can express,
// and are converted to 3.6's form (so they print as 3.6 prints them):
//
//	!tt.tensordesc<16x16xf32[, #layout]>   -> !tt.tensordesc<tensor<16x16xf32[, #layout]>>   (late 2025)
//	!tt.ptr<T, "global"|"descriptor"|"constant"> -> !tt.ptr<T[, 0|4]>                       (late 2025)
//	{cachePolicy = #tt.cache_policy<cache_modifier = M, eviction_policy = E>}
//	{cachePolicy = #ttng.cache_policy<cache_modifier = M>} on tt.load / tt.store
//	                                        -> cacheModifier = M evictionPolicy = E          (late 2025)
//	tt.experimental_descriptor_{load,store,gather,scatter} -> tt.descriptor_*                 (early 2025)
//
// Newer ops with no 3.6 counterpart are added with the newer Triton's
// syntax and verifier: tt.atomic_load, tt.atomic_store, tt.atomic_poll
// (atomics_sync.go). A newer verifier check on a 3.6 op or type is taken
// only when it rejects nothing Triton 3.6 writes (its lit tests, dumps and
// pass outputs) and what it rejects has no meaning 3.6 can compile: here,
// a pointer to a type with no bit width (`!tt.ptr<index>`; pointers to
// pointers and block pointers stay valid), and a cache modifier that does
// not suit the access, which applies to the newer cachePolicy spelling
// only (3.6's own clauses accept any modifier, as 3.6 does). Where the
// versions conflict, 3.6 wins: `!tt.ptr<f32, 1>` stays valid (newer
// Tritons require the named form), `!tt.tensordesc<tensor<...>>` stays
// valid (newer Tritons reject it), and messages are 3.6's wherever 3.6 has
// the check (tt.make_range, tt.dot_scaled scale shapes). Diagnostics of
// newer checks and ops are the newer Triton's words.
//
// Enums (enums.go) are I32EnumAttrs: `i32` integer attributes, keywords in
// custom syntax (ir.EnumInfo). Typed constants: PaddingOption,
// DescriptorReduceKind, ProgramIDDim, RoundingMode, PropagateNan,
// InputPrecision, ScaleDotElemType. The memory-access enums the
// per-thread dialects share (CacheModifier, EvictionPolicy, MemSemantic,
// MemSyncScope, RMWOp) are in package dialects/memory.
//
// Operations (custom form unless marked generic):
//
//	op                        file            traits / effects                      inherent attributes
//	tt.func                   func.go         IsolatedFromAbove, Symbol             sym_name function_type sym_visibility arg_attrs res_attrs
//	tt.call                   func.go         unknown effects                       callee arg_attrs res_attrs
//	tt.return                 func.go         Pure Terminator ReturnLike
//	tt.int_to_ptr             casts.go        Pure Elementwise SameShape/Encoding
//	tt.ptr_to_int             casts.go        Pure Elementwise SameShape/Encoding
//	tt.bitcast                casts.go        Pure Elementwise SameShape/Encoding
//	tt.fp_to_fp               casts.go        Pure Elementwise SameShape/Encoding   rounding
//	tt.clampf                 elementwise.go  Pure Elementwise SameType             propagateNan
//	tt.precise_sqrt           elementwise.go  Pure Elementwise SameType
//	tt.precise_divf           elementwise.go  Pure Elementwise SameType
//	tt.mulhiui                elementwise.go  Pure Elementwise SameType
//	tt.extern_elementwise     elementwise.go  Elementwise; effects unless pure      libname libpath symbol pure
//	tt.elementwise_inline_asm elementwise.go  Elementwise; effects unless pure      asm_string constraints pure packed_element
//	tt.addptr                 load_store.go   Pure Elementwise SameShape/Encoding
//	tt.advance                load_store.go   Pure
//	tt.load                   load_store.go   AttrSizedOperandSegments; reads global boundaryCheck padding cache evict isVolatile operandSegmentSizes
//	tt.store                  load_store.go   writes global                         boundaryCheck cache evict
//	tt.atomic_rmw             atomics.go      reads+writes global                   atomic_rmw_op sem scope
//	tt.atomic_cas             atomics.go      reads+writes global                   sem scope
//	tt.splat                  shape_ops.go    Pure SameElementType/Encoding
//	tt.unsplat                shape_ops.go    Pure
//	tt.expand_dims            shape_ops.go    Pure                                  axis
//	tt.reshape                shape_ops.go    Pure                                  allow_reorder efficient_layout
//	tt.broadcast              shape_ops.go    Pure SameElementType/Encoding
//	tt.cat                    shape_ops.go    NoMemoryEffect SameTypeOperands
//	tt.join                   shape_ops.go    Pure SameTypeOperands
//	tt.split                  shape_ops.go    Pure (results named %outLHS, %outRHS)
//	tt.trans                  shape_ops.go    Pure                                  order
//	tt.make_range             shape_ops.go    Pure                                  start end
//	tt.histogram              shape_ops.go    Pure
//	tt.gather                 shape_ops.go    Pure                                  axis efficient_layout
//	tt.get_program_id         spmd.go         Pure                                  axis
//	tt.get_num_programs       spmd.go         Pure                                  axis
//	tt.dot                    dot.go          Pure                                  inputPrecision maxNumImpreciseAcc
//	tt.dot_scaled             dot.go          Pure AttrSizedOperandSegments         a_elem_type b_elem_type fastMath lhs_k_pack rhs_k_pack
//	tt.reduce (generic)       reduce.go       Pure SingleBlock                      axis
//	tt.reduce.return          reduce.go       Pure Terminator, parent tt.reduce
//	tt.scan (generic)         reduce.go       Pure SingleBlock                      axis reverse
//	tt.scan.return            reduce.go       Pure Terminator, parent tt.scan
//	tt.map_elementwise (gen.) reduce.go       RecursiveEffects                      pack
//	tt.map_elementwise.return reduce.go       Pure Terminator
//	tt.print                  debug.go        writes global                         prefix hex isSigned
//	tt.assert                 debug.go        writes global                         message
//	tt.make_tensor_ptr        descriptors.go  Pure                                  order
//	tt.make_tensor_descriptor descriptors.go  Pure                                  padding
//	tt.descriptor_load        descriptors.go  reads global                          cache evict
//	tt.descriptor_store       descriptors.go  reads+writes global
//	tt.descriptor_reduce      descriptors.go  reads+writes global                   kind
//	tt.descriptor_gather      descriptors.go  reads global
//	tt.descriptor_scatter     descriptors.go  reads+writes global
//	tt.atomic_load            atomics_sync.go reads+writes global (newer)   sem scope
//	tt.atomic_store           atomics_sync.go writes global (newer)         sem scope
//	tt.atomic_poll            atomics_sync.go reads+writes global (newer)   sem scope
//
// Those are every op Triton 3.6 registers in `tt` (its libtriton lists no
// others: no tt.assume, tt.reinterpret_tensor_descriptor,
// tt.linear_apply), plus the three newer atomics. The early-2025 names
// tt.experimental_descriptor_* are registered only to be read
// (spellings.go): they build the 3.6 ops.
//
// Verification (verify.go) follows ODS's order: inherent attributes,
// operand and result type constraints (with Triton's summaries),
// TypesMatchWith, then traits in declaration order, TensorSizeTrait,
// VerifyTensorLayoutsTrait, the op's verifier; inferred result types are
// checked with the region verifiers, as MLIR does, and a failure carries
// MLIR's second error "'op' op failed to infer returned types" (attached
// to the first with error severity, since the verifier keeps one
// diagnostic per op). Default-valued properties are set when an op is
// parsed or built, as MLIR's populateDefaultProperties does.
//
// Layouts: tt does not import ttg. Tensor encodings take part through the
// interfaces of layout_iface.go and verify.go (LayoutVerifier,
// ExpandDimsLayoutInferrer, ReduceLayoutInferrer, TransLayoutInferrer,
// SplitLayoutInferrer, LayoutEquivalence, DotOperandLayoutVerifier,
// DotLayoutVerifier); an encoding implementing none of them is accepted
// as written.
//
// Discardable `tt.*` attributes (tt.divisibility, tt.contiguity,
// tt.constancy, tt.pointer_range, tt.nv_tma_desc, tt.num_stages,
// tt.loop_unroll_factor, tt.flatten, tt.warp_specialize,
// tt.disallow_acc_multi_buffer, ...) are accepted with any value: Triton
// 3.6 verifies none of them.
package tt
