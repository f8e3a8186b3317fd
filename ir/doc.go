// Package ir is the core of tt's intermediate representation, modelled on
// MLIR: one generic Operation node holding operands, results, attributes,
// regions and successors; regions hold blocks, blocks hold operations and
// block arguments (no phi nodes); values keep use lists.
//
// The package knows no dialect. Dialects describe their operations with
// OpDef values (traits, verifiers, folders, canonicalization patterns and
// custom syntax hooks) and load them into a Context. Types and attributes
// are immutable and uniqued in the Context, so equal types are the same
// pointer and can be compared with == or used as map keys.
//
// Implementations of the main interfaces:
//
//	Value       *OpResult, *BlockArgument
//	Type        *IntegerType, *FloatType, *IndexType, *NoneType,
//	            *RankedTensorType, *UnrankedTensorType, *VectorType,
//	            *FunctionType, *TupleType, *ComplexType, *OpaqueType,
//	            and DialectType implementations from dialect packages
//	Attribute   *IntegerAttr, *FloatAttr, *StringAttr, *UnitAttr,
//	            *ArrayAttr, *DenseArrayAttr, *DictionaryAttr,
//	            *DenseElementsAttr, *TypeAttr, *SymbolRefAttr,
//	            *OpaqueAttr, every Location, and DialectAttribute
//	            implementations from dialect packages
//	Location    *UnknownLoc, *FileLineColLoc, *NameLoc, *CallSiteLoc,
//	            *FusedLoc
//
// Op interfaces (MLIR's OpInterfaces) let passes treat families of ops
// alike without knowing their dialects: a dialect attaches a view of its
// ops to their OpDef with Attach, and a pass asks As[DotLike](op) or
// Is[LoopLike](op) instead of switching on op names (opinterface.go). The
// interfaces of the core:
//
//	DotLike       D = A·B + C: tt.dot, tt.dot_scaled, ttng.warp_group_dot,
//	              ttng.tc_gen5_mma(_scaled)                    (dotlike.go)
//	LoopLike      loops with loop-carried values: scf.for, scf.while
//	                                                           (looplike.go)
//	RegionBranch  structured control flow into and out of regions: the
//	              scf ops                                  (regionbranch.go)
//	BranchLike    branches that pick a successor from constant operands:
//	              cf.cond_br, cf.switch                    (regionbranch.go)
//
// Questions every op can answer are OpDef hooks rather than attached
// interfaces: memory effects (the AppendEffects hook, with the Pure and
// NoMemoryEffect traits, is MLIR's MemoryEffectOpInterface; passes ask
// OwnEffects, or MemoryEffects, which adds nested ops' effects for
// RecursiveEffects ops), folding, successor operands (the rest of
// BranchOpInterface) and region kinds.
//
// Integer enum attributes (ODS's I32EnumAttr, I64EnumAttr) are described
// by EnumInfo values, which every dialect uses for its enums.
//
// Subpackages: ir/asm parses and prints MLIR's textual format (generic and
// custom forms); ir/asmfmt interprets MLIR's declarative assembly format,
// so that a dialect gives an op its custom syntax by writing down the ODS
// signature and format string.
//
// Everything that only reads IR may run concurrently on disjoint functions;
// the Context's uniquing tables are safe for concurrent use.
package ir
