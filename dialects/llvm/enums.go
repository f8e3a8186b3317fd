package llvm

import (
	"github.com/ttcompiler/tt/ir"
)

// MLIR's LLVM_EnumAttr enums are I64EnumAttr: stored as `i64` integer
// attributes (`predicate = 2 : i64` in the generic form) and spelled as
// keywords in custom syntax; they are ir.EnumInfo values of width 64.

// The enums of LLVMEnums.td (values as llvm::CmpInst::Predicate,
// llvm::AtomicRMWInst::BinOp and llvm::AtomicOrdering number them).
var (
	ICmpPredicateEnum = &ir.EnumInfo{Name: "ICmpPredicate", Width: 64, Cases: []ir.EnumCase{
		{Keyword: "eq", Value: 0}, {Keyword: "ne", Value: 1}, {Keyword: "slt", Value: 2},
		{Keyword: "sle", Value: 3}, {Keyword: "sgt", Value: 4}, {Keyword: "sge", Value: 5},
		{Keyword: "ult", Value: 6}, {Keyword: "ule", Value: 7}, {Keyword: "ugt", Value: 8},
		{Keyword: "uge", Value: 9}}}
	FCmpPredicateEnum = &ir.EnumInfo{Name: "FCmpPredicate", Width: 64, Cases: []ir.EnumCase{
		{Keyword: "_false", Value: 0}, {Keyword: "oeq", Value: 1}, {Keyword: "ogt", Value: 2},
		{Keyword: "oge", Value: 3}, {Keyword: "olt", Value: 4}, {Keyword: "ole", Value: 5},
		{Keyword: "one", Value: 6}, {Keyword: "ord", Value: 7}, {Keyword: "ueq", Value: 8},
		{Keyword: "ugt", Value: 9}, {Keyword: "uge", Value: 10}, {Keyword: "ult", Value: 11},
		{Keyword: "ule", Value: 12}, {Keyword: "une", Value: 13}, {Keyword: "uno", Value: 14},
		{Keyword: "_true", Value: 15}}}
	AtomicBinOpEnum = &ir.EnumInfo{Name: "AtomicBinOp", Width: 64, Cases: []ir.EnumCase{
		{Keyword: "xchg", Value: 0}, {Keyword: "add", Value: 1}, {Keyword: "sub", Value: 2},
		{Keyword: "_and", Value: 3}, {Keyword: "nand", Value: 4}, {Keyword: "_or", Value: 5},
		{Keyword: "_xor", Value: 6}, {Keyword: "max", Value: 7}, {Keyword: "min", Value: 8},
		{Keyword: "umax", Value: 9}, {Keyword: "umin", Value: 10}, {Keyword: "fadd", Value: 11},
		{Keyword: "fsub", Value: 12}, {Keyword: "fmax", Value: 13}, {Keyword: "fmin", Value: 14},
		{Keyword: "uinc_wrap", Value: 15}, {Keyword: "udec_wrap", Value: 16},
		{Keyword: "usub_cond", Value: 17}, {Keyword: "usub_sat", Value: 18},
		{Keyword: "fmaximum", Value: 19}, {Keyword: "fminimum", Value: 20}}}
	AtomicOrderingEnum = &ir.EnumInfo{Name: "AtomicOrdering", Width: 64, Cases: []ir.EnumCase{
		{Keyword: "not_atomic", Value: 0}, {Keyword: "unordered", Value: 1},
		{Keyword: "monotonic", Value: 2}, {Keyword: "acquire", Value: 4}, {Keyword: "release", Value: 5},
		{Keyword: "acq_rel", Value: 6}, {Keyword: "seq_cst", Value: 7}}}
	AsmDialectEnum = &ir.EnumInfo{Name: "AsmDialect", Width: 64, Cases: []ir.EnumCase{
		{Keyword: "att", Value: 0}, {Keyword: "intel", Value: 1}}}
	VisibilityEnum = &ir.EnumInfo{Name: "Visibility", Width: 64, Cases: []ir.EnumCase{
		{Keyword: "", Value: 0}, {Keyword: "hidden", Value: 1}, {Keyword: "protected", Value: 2}}}
	UnnamedAddrEnum = &ir.EnumInfo{Name: "UnnamedAddr", Width: 64, Cases: []ir.EnumCase{
		{Keyword: "", Value: 0}, {Keyword: "local_unnamed_addr", Value: 1},
		{Keyword: "unnamed_addr", Value: 2}}}
)

// Typed enum values.
type (
	ICmpPredicate  int64
	FCmpPredicate  int64
	AtomicBinOp    int64
	AtomicOrdering int64
)

const (
	ICmpEQ ICmpPredicate = iota
	ICmpNE
	ICmpSLT
	ICmpSLE
	ICmpSGT
	ICmpSGE
	ICmpULT
	ICmpULE
	ICmpUGT
	ICmpUGE
)

const (
	FCmpFalse FCmpPredicate = iota
	FCmpOEQ
	FCmpOGT
	FCmpOGE
	FCmpOLT
	FCmpOLE
	FCmpONE
	FCmpORD
	FCmpUEQ
	FCmpUGT
	FCmpUGE
	FCmpULT
	FCmpULE
	FCmpUNE
	FCmpUNO
	FCmpTrue
)

const (
	AtomicXchg AtomicBinOp = iota
	AtomicAdd
	AtomicSub
	AtomicAnd
	AtomicNand
	AtomicOr
	AtomicXor
	AtomicMax
	AtomicMin
	AtomicUMax
	AtomicUMin
	AtomicFAdd
	AtomicFSub
	AtomicFMax
	AtomicFMin
	AtomicUIncWrap
	AtomicUDecWrap
)

const (
	NotAtomic AtomicOrdering = 0
	Unordered AtomicOrdering = 1
	Monotonic AtomicOrdering = 2
	Acquire   AtomicOrdering = 4
	Release   AtomicOrdering = 5
	AcqRel    AtomicOrdering = 6
	SeqCst    AtomicOrdering = 7
)

// enumOf returns the integer value of an enum attribute, or def.
func enumOf(op *ir.Operation, name string, def int64) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return def
}
