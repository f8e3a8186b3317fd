package llvm

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Enum describes one of MLIR's LLVM_EnumAttr enums. Those are I64EnumAttr:
// stored as `i64` integer attributes (`predicate = 2 : i64` in the generic
// form) and spelled as keywords in custom syntax. Enum implements
// asmfmt.Enum.
type Enum struct {
	Name  string
	Cases []EnumCase
}

// EnumCase is one keyword and its stored value.
type EnumCase struct {
	Keyword string
	Value   int64
}

// KeywordOf returns the keyword of value v, or "".
func (e *Enum) KeywordOf(v int64) string {
	for _, c := range e.Cases {
		if c.Value == v {
			return c.Keyword
		}
	}
	return ""
}

// ValueOf returns the value of keyword kw.
func (e *Enum) ValueOf(kw string) (int64, bool) {
	for _, c := range e.Cases {
		if c.Keyword == kw {
			return c.Value, true
		}
	}
	return 0, false
}

// Get returns the attribute holding value v.
func (e *Enum) Get(ctx *ir.Context, v int64) *ir.IntegerAttr {
	return ir.IntegerAttrOf(ctx, ir.I64(ctx), v)
}

// Valid reports whether a is an i64 integer attribute holding a case.
func (e *Enum) Valid(a ir.Attribute) bool {
	ia, ok := a.(*ir.IntegerAttr)
	return ok && ir.IsInteger(ia.Typ, 64) && e.KeywordOf(ia.Int()) != ""
}

// Keyword implements asmfmt.Enum.
func (e *Enum) Keyword(a ir.Attribute) (string, bool) {
	if !e.Valid(a) {
		return "", false
	}
	return e.KeywordOf(a.(*ir.IntegerAttr).Int()), true
}

// Attr implements asmfmt.Enum.
func (e *Enum) Attr(ctx *ir.Context, kw string) (ir.Attribute, bool) {
	v, ok := e.ValueOf(kw)
	if !ok {
		return nil, false
	}
	return e.Get(ctx, v), true
}

// Keywords implements asmfmt.Enum.
func (e *Enum) Keywords() []string {
	out := make([]string, len(e.Cases))
	for i, c := range e.Cases {
		out[i] = c.Keyword
	}
	return out
}

func (e *Enum) keywordList() string { return strings.Join(e.Keywords(), ", ") }

// The enums of LLVMEnums.td (values as llvm::CmpInst::Predicate,
// llvm::AtomicRMWInst::BinOp and llvm::AtomicOrdering number them).
var (
	ICmpPredicateEnum = &Enum{"ICmpPredicate", []EnumCase{
		{"eq", 0}, {"ne", 1}, {"slt", 2}, {"sle", 3}, {"sgt", 4}, {"sge", 5},
		{"ult", 6}, {"ule", 7}, {"ugt", 8}, {"uge", 9}}}
	FCmpPredicateEnum = &Enum{"FCmpPredicate", []EnumCase{
		{"_false", 0}, {"oeq", 1}, {"ogt", 2}, {"oge", 3}, {"olt", 4}, {"ole", 5},
		{"one", 6}, {"ord", 7}, {"ueq", 8}, {"ugt", 9}, {"uge", 10}, {"ult", 11},
		{"ule", 12}, {"une", 13}, {"uno", 14}, {"_true", 15}}}
	AtomicBinOpEnum = &Enum{"AtomicBinOp", []EnumCase{
		{"xchg", 0}, {"add", 1}, {"sub", 2}, {"_and", 3}, {"nand", 4}, {"_or", 5},
		{"_xor", 6}, {"max", 7}, {"min", 8}, {"umax", 9}, {"umin", 10}, {"fadd", 11},
		{"fsub", 12}, {"fmax", 13}, {"fmin", 14}, {"uinc_wrap", 15}, {"udec_wrap", 16},
		{"usub_cond", 17}, {"usub_sat", 18}, {"fmaximum", 19}, {"fminimum", 20}}}
	AtomicOrderingEnum = &Enum{"AtomicOrdering", []EnumCase{
		{"not_atomic", 0}, {"unordered", 1}, {"monotonic", 2}, {"acquire", 4},
		{"release", 5}, {"acq_rel", 6}, {"seq_cst", 7}}}
	AsmDialectEnum  = &Enum{"AsmDialect", []EnumCase{{"att", 0}, {"intel", 1}}}
	VisibilityEnum  = &Enum{"Visibility", []EnumCase{{"", 0}, {"hidden", 1}, {"protected", 2}}}
	UnnamedAddrEnum = &Enum{"UnnamedAddr", []EnumCase{{"", 0}, {"local_unnamed_addr", 1}, {"unnamed_addr", 2}}}
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
