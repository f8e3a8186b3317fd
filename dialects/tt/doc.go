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
// Enums (enums.go) are I32EnumAttrs: `i32` integer attributes, keywords in
// custom syntax. Typed constants: CacheModifier, EvictionPolicy,
// PaddingOption, MemSemantic, MemSyncScope, RMWOp, DescriptorReduceKind,
// ProgramIDDim, RoundingMode, PropagateNan, InputPrecision,
// ScaleDotElemType.
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
//
// That is every op Triton 3.6 registers in `tt` (its libtriton lists no
// others: no tt.assume, tt.reinterpret_tensor_descriptor, tt.atomic_load,
// tt.linear_apply; those are older or newer than 3.6).
//
// Verification (verify.go) follows ODS's order: inherent attributes,
// operand and result type constraints (with Triton's summaries),
// TypesMatchWith, then traits in declaration order, TensorSizeTrait,
// VerifyTensorLayoutsTrait, the op's verifier; inferred result types are
// checked with the region verifiers, as MLIR does. Default-valued
// properties are set when an op is parsed or built, as MLIR's
// populateDefaultProperties does.
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
