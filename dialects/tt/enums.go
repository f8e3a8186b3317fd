package tt

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Triton's enums are all I32EnumAttr: stored as `i32` integer attributes
// (`{cache = 2 : i32}` in an attribute dictionary) and spelled as keywords
// in custom formats (`cacheModifier = ca`).

// EnumInfo describes one I32EnumAttr: its cases in declaration order.
type EnumInfo struct {
	Name  string
	Cases []EnumCase
}

// EnumCase is one keyword and its stored value.
type EnumCase struct {
	Keyword string
	Value   int64
}

// Keyword returns the keyword of value v, or "" if v is not a case.
func (e *EnumInfo) Keyword(v int64) string {
	for _, c := range e.Cases {
		if c.Value == v {
			return c.Keyword
		}
	}
	return ""
}

// Value returns the value of keyword kw.
func (e *EnumInfo) Value(kw string) (int64, bool) {
	for _, c := range e.Cases {
		if c.Keyword == kw {
			return c.Value, true
		}
	}
	return 0, false
}

// Valid reports whether attr is an i32 integer holding one of the cases.
func (e *EnumInfo) Valid(a ir.Attribute) bool {
	ia, ok := a.(*ir.IntegerAttr)
	return ok && ir.IsInteger(ia.Typ, 32) && e.Keyword(ia.Int()) != ""
}

func (e *EnumInfo) keywords() string {
	var ks []string
	for _, c := range e.Cases {
		ks = append(ks, c.Keyword)
	}
	return "[" + strings.Join(ks, ", ") + "]"
}

// The enums of TritonAttrDefs.td (Triton 3.6).
var (
	CacheModifierEnum = &EnumInfo{"CacheModifier", []EnumCase{
		{"none", 1}, {"ca", 2}, {"cg", 3}, {"wb", 4}, {"cs", 5}, {"wt", 6}, {"cv", 7}}}
	MemSemanticEnum = &EnumInfo{"MemSemantic", []EnumCase{
		{"relaxed", 1}, {"acquire", 2}, {"release", 3}, {"acq_rel", 4}}}
	EvictionPolicyEnum = &EnumInfo{"EvictionPolicy", []EnumCase{
		{"evict_normal", 1}, {"evict_first", 2}, {"evict_last", 3}}}
	PaddingOptionEnum = &EnumInfo{"PaddingOption", []EnumCase{{"zero", 1}, {"nan", 2}}}
	RMWOpEnum         = &EnumInfo{"RMWOp", []EnumCase{
		{"and", 1}, {"or", 2}, {"xor", 3}, {"add", 4}, {"fadd", 5}, {"max", 6}, {"min", 7},
		{"umax", 8}, {"umin", 9}, {"exch", 10}}}
	DescriptorReduceKindEnum = &EnumInfo{"DescriptorReduceKind", []EnumCase{
		{"add", 1}, {"min", 2}, {"max", 3}, {"inc", 4}, {"dec", 5}, {"and", 6}, {"or", 7}, {"xor", 8}}}
	MemSyncScopeEnum   = &EnumInfo{"MemSyncScope", []EnumCase{{"gpu", 1}, {"cta", 2}, {"sys", 3}}}
	ProgramIDDimEnum   = &EnumInfo{"ProgramIDDim", []EnumCase{{"x", 0}, {"y", 1}, {"z", 2}}}
	RoundingModeEnum   = &EnumInfo{"RoundingMode", []EnumCase{{"rtz", 0}, {"rtne", 1}}}
	PropagateNanEnum   = &EnumInfo{"PropagateNan", []EnumCase{{"none", 0}, {"all", 0xFFFF}}}
	InputPrecisionEnum = &EnumInfo{"InputPrecision", []EnumCase{
		{"tf32", 0}, {"tf32x3", 1}, {"ieee", 2}, {"bf16x3", 3}, {"bf16x6", 4}}}
	ScaleDotElemTypeEnum = &EnumInfo{"ScaleDotElemType", []EnumCase{
		{"e4m3", 0}, {"e5m2", 1}, {"e2m3", 2}, {"e3m2", 3}, {"e2m1", 4}, {"bf16", 5}, {"fp16", 6}}}
)

// Typed enum values for builders and accessors.
type (
	CacheModifier        int64
	EvictionPolicy       int64
	PaddingOption        int64
	MemSemantic          int64
	MemSyncScope         int64
	RMWOp                int64
	DescriptorReduceKind int64
	ProgramIDDim         int64
	RoundingMode         int64
	PropagateNan         int64
	InputPrecision       int64
	ScaleDotElemType     int64
)

const (
	CacheNone CacheModifier = 1 + iota
	CacheCA
	CacheCG
	CacheWB
	CacheCS
	CacheWT
	CacheCV
)

const (
	EvictNormal EvictionPolicy = 1 + iota
	EvictFirst
	EvictLast
)

const (
	PadZero PaddingOption = 1 + iota
	PadNaN
)

const (
	SemRelaxed MemSemantic = 1 + iota
	SemAcquire
	SemRelease
	SemAcqRel
)

const (
	ScopeGPU MemSyncScope = 1 + iota
	ScopeCTA
	ScopeSystem
)

const (
	RMWAnd RMWOp = 1 + iota
	RMWOr
	RMWXor
	RMWAdd
	RMWFAdd
	RMWMax
	RMWMin
	RMWUMax
	RMWUMin
	RMWXchg
)

const (
	ReduceAdd DescriptorReduceKind = 1 + iota
	ReduceMin
	ReduceMax
	ReduceInc
	ReduceDec
	ReduceAnd
	ReduceOr
	ReduceXor
)

const (
	DimX ProgramIDDim = iota
	DimY
	DimZ
)

const (
	RoundRTZ RoundingMode = iota
	RoundRTNE
)

const (
	PropagateNone PropagateNan = 0
	PropagateAll  PropagateNan = 0xFFFF
)

const (
	PrecisionTF32 InputPrecision = iota
	PrecisionTF32x3
	PrecisionIEEE
	PrecisionBF16x3
	PrecisionBF16x6
)

const (
	ElemE4M3 ScaleDotElemType = iota
	ElemE5M2
	ElemE2M3
	ElemE3M2
	ElemE2M1
	ElemBF16
	ElemFP16
)

func (v CacheModifier) String() string        { return CacheModifierEnum.Keyword(int64(v)) }
func (v EvictionPolicy) String() string       { return EvictionPolicyEnum.Keyword(int64(v)) }
func (v PaddingOption) String() string        { return PaddingOptionEnum.Keyword(int64(v)) }
func (v MemSemantic) String() string          { return MemSemanticEnum.Keyword(int64(v)) }
func (v MemSyncScope) String() string         { return MemSyncScopeEnum.Keyword(int64(v)) }
func (v RMWOp) String() string                { return RMWOpEnum.Keyword(int64(v)) }
func (v DescriptorReduceKind) String() string { return DescriptorReduceKindEnum.Keyword(int64(v)) }
func (v ProgramIDDim) String() string         { return ProgramIDDimEnum.Keyword(int64(v)) }
func (v RoundingMode) String() string         { return RoundingModeEnum.Keyword(int64(v)) }
func (v PropagateNan) String() string         { return PropagateNanEnum.Keyword(int64(v)) }
func (v InputPrecision) String() string       { return InputPrecisionEnum.Keyword(int64(v)) }
func (v ScaleDotElemType) String() string     { return ScaleDotElemTypeEnum.Keyword(int64(v)) }

// EnumAttr returns the i32 attribute storing an enum value.
func EnumAttr[T ~int64](ctx *ir.Context, v T) *ir.IntegerAttr { return ir.I32Attr(ctx, int64(v)) }

// enumValue reads an enum attribute of op (def when absent or malformed).
func enumValue(op *ir.Operation, name string, def int64) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return def
}

// parseEnumKeyword parses a keyword (or string) naming a case of e, for
// the inherent attribute attr of op.
func parseEnumKeyword(p ir.OpParser, st *ir.OperationState, e *EnumInfo, attr string) (int64, error) {
	loc := p.Loc()
	kw, err := p.ParseKeywordOrString()
	if err == nil {
		if v, ok := e.Value(kw); ok {
			return v, nil
		}
	}
	return 0, p.ErrorfAt(loc, "custom op '%s' expected string or keyword containing one of the following enum values for attribute '%s' %s",
		st.Name, attr, e.keywords())
}

// printEnumKeyword prints the keyword of an enum attribute (its integer if
// the value is not a case).
func printEnumKeyword(p ir.OpPrinter, e *EnumInfo, a ir.Attribute) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		p.PrintAttribute(a)
		return
	}
	if kw := e.Keyword(ia.Int()); kw != "" {
		p.WriteString(kw)
		return
	}
	p.WriteString(strconv.FormatInt(ia.Int(), 10))
}
