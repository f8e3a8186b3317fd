package tt

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Triton's enums are all I32EnumAttr: stored as `i32` integer attributes
// (`{cache = 2 : i32}` in an attribute dictionary) and spelled as keywords
// in custom formats (`cacheModifier = ca`). The memory-access enums (cache
// modifier, eviction policy, memory semantic and scope, atomic RMW kind)
// are shared with the per-thread dialects and live in package memory.

// The enums of TritonAttrDefs.td (Triton 3.6).
var (
	PaddingOptionEnum = &ir.EnumInfo{Name: "PaddingOption", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "zero", Value: 1}, {Keyword: "nan", Value: 2}}}
	DescriptorReduceKindEnum = &ir.EnumInfo{Name: "DescriptorReduceKind", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "add", Value: 1}, {Keyword: "min", Value: 2}, {Keyword: "max", Value: 3},
		{Keyword: "inc", Value: 4}, {Keyword: "dec", Value: 5}, {Keyword: "and", Value: 6},
		{Keyword: "or", Value: 7}, {Keyword: "xor", Value: 8}}}
	ProgramIDDimEnum = &ir.EnumInfo{Name: "ProgramIDDim", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "x", Value: 0}, {Keyword: "y", Value: 1}, {Keyword: "z", Value: 2}}}
	RoundingModeEnum = &ir.EnumInfo{Name: "RoundingMode", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "rtz", Value: 0}, {Keyword: "rtne", Value: 1}}}
	PropagateNanEnum = &ir.EnumInfo{Name: "PropagateNan", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "none", Value: 0}, {Keyword: "all", Value: 0xFFFF}}}
	InputPrecisionEnum = &ir.EnumInfo{Name: "InputPrecision", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "tf32", Value: 0}, {Keyword: "tf32x3", Value: 1}, {Keyword: "ieee", Value: 2},
		{Keyword: "bf16x3", Value: 3}, {Keyword: "bf16x6", Value: 4}}}
	ScaleDotElemTypeEnum = &ir.EnumInfo{Name: "ScaleDotElemType", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "e4m3", Value: 0}, {Keyword: "e5m2", Value: 1}, {Keyword: "e2m3", Value: 2},
		{Keyword: "e3m2", Value: 3}, {Keyword: "e2m1", Value: 4}, {Keyword: "bf16", Value: 5},
		{Keyword: "fp16", Value: 6}}}
)

// Typed enum values for builders and accessors.
type (
	PaddingOption        int64
	DescriptorReduceKind int64
	ProgramIDDim         int64
	RoundingMode         int64
	PropagateNan         int64
	InputPrecision       int64
	ScaleDotElemType     int64
)

const (
	PadZero PaddingOption = 1 + iota
	PadNaN
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

func (v PaddingOption) String() string        { return PaddingOptionEnum.KeywordOf(int64(v)) }
func (v DescriptorReduceKind) String() string { return DescriptorReduceKindEnum.KeywordOf(int64(v)) }
func (v ProgramIDDim) String() string         { return ProgramIDDimEnum.KeywordOf(int64(v)) }
func (v RoundingMode) String() string         { return RoundingModeEnum.KeywordOf(int64(v)) }
func (v PropagateNan) String() string         { return PropagateNanEnum.KeywordOf(int64(v)) }
func (v InputPrecision) String() string       { return InputPrecisionEnum.KeywordOf(int64(v)) }
func (v ScaleDotElemType) String() string     { return ScaleDotElemTypeEnum.KeywordOf(int64(v)) }

// enumValue reads an enum attribute of op (def when absent or malformed).
func enumValue(op *ir.Operation, name string, def int64) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return def
}

// parseEnumKeyword parses a keyword (or string) naming a case of e, for
// the inherent attribute attr of op.
func parseEnumKeyword(p ir.OpParser, st *ir.OperationState, e *ir.EnumInfo, attr string) (int64, error) {
	loc := p.Loc()
	kw, err := p.ParseKeywordOrString()
	if err == nil {
		if v, ok := e.ValueOf(kw); ok {
			return v, nil
		}
	}
	return 0, p.ErrorfAt(loc, "custom op '%s' expected string or keyword containing one of the following enum values for attribute '%s' %s",
		st.Name, attr, "["+strings.Join(e.Keywords(), ", ")+"]")
}

// printEnumKeyword prints the keyword of an enum attribute (its integer if
// the value is not a case).
func printEnumKeyword(p ir.OpPrinter, e *ir.EnumInfo, a ir.Attribute) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		p.PrintAttribute(a)
		return
	}
	if kw := e.KeywordOf(ia.Int()); kw != "" {
		p.WriteString(kw)
		return
	}
	p.WriteString(strconv.FormatInt(ia.Int(), 10))
}
