package gpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Dialect is the gpu dialect. Its ops use llvm types, so it depends on
// the llvm dialect.
var Dialect = &ir.Dialect{Name: "gpu", Dependents: []*ir.Dialect{llvm.Dialect}}

// Load registers the gpu (and llvm) dialects in ctx.
func Load(ctx *ir.Context) { ctx.Load(Dialect) }

// KernelAttr marks an llvm.func as a kernel (a unit attribute).
const KernelAttr = "gpu.kernel"

func init() {
	Dialect.VerifyAttribute = func(op *ir.Operation, name string, v ir.Attribute) error {
		if name == KernelAttr {
			if _, ok := v.(*ir.UnitAttr); !ok {
				return ir.OpErrorf(op, "'%s' must be a unit attribute", KernelAttr)
			}
		}
		return nil
	}
}

// gpu's own enums, stored like tt's: i32 integer attributes spelled as
// keywords. The memory space values are the LLVM address spaces.
var (
	DimEnum = &ir.EnumInfo{Name: "Dimension", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "x", Value: 0}, {Keyword: "y", Value: 1}, {Keyword: "z", Value: 2}}}
	ShuffleModeEnum = &ir.EnumInfo{Name: "ShuffleMode", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "xor", Value: 0}, {Keyword: "up", Value: 1}, {Keyword: "down", Value: 2},
		{Keyword: "idx", Value: 3}}}
	MemorySpaceEnum = &ir.EnumInfo{Name: "MemorySpace", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "generic", Value: 0}, {Keyword: "global", Value: 1}, {Keyword: "shared", Value: 3}}}
	RoundingEnum = &ir.EnumInfo{Name: "Rounding", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "rn", Value: 1}, {Keyword: "rz", Value: 2}, {Keyword: "rm", Value: 3},
		{Keyword: "rp", Value: 4}, {Keyword: "rna", Value: 5}}}
	FP8Enum = &ir.EnumInfo{Name: "FP8", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "e4m3", Value: 1}, {Keyword: "e5m2", Value: 2}}}
)

// FP8Format names an 8-bit float format in an option (gpu.cvt's `fp8`).
type FP8Format int64

const (
	FP8None FP8Format = iota
	FP8E4M3
	FP8E5M2
)

// Kind is the float kind of the format (f8E4M3FN or f8E5M2).
func (f FP8Format) Kind() ir.FloatKind {
	if f == FP8E5M2 {
		return ir.F8E5M2
	}
	return ir.F8E4M3FN
}

// String is the format's keyword, which is also PTX's name of the type
// (e4m3, e5m2; "" for FP8None).
func (f FP8Format) String() string { return FP8Enum.KeywordOf(int64(f)) }

// FP8FormatOf is the format of an 8-bit float kind (FP8None for others).
func FP8FormatOf(k ir.FloatKind) FP8Format {
	switch k {
	case ir.F8E4M3FN:
		return FP8E4M3
	case ir.F8E5M2:
		return FP8E5M2
	}
	return FP8None
}

// Typed enum values.
type (
	Dim         int64
	ShuffleMode int64
	MemorySpace int64
	Rounding    int64
)

const (
	DimX Dim = iota
	DimY
	DimZ
)

const (
	ShuffleXor ShuffleMode = iota
	ShuffleUp
	ShuffleDown
	ShuffleIdx
)

const (
	SpaceGeneric MemorySpace = 0
	SpaceGlobal  MemorySpace = 1
	SpaceShared  MemorySpace = 3
)

const (
	RoundNone Rounding = iota
	RoundRN
	RoundRZ
	RoundRM
	RoundRP
	RoundRNA
)

func (d Dim) String() string         { return DimEnum.KeywordOf(int64(d)) }
func (m ShuffleMode) String() string { return ShuffleModeEnum.KeywordOf(int64(m)) }
func (s MemorySpace) String() string { return MemorySpaceEnum.KeywordOf(int64(s)) }
func (r Rounding) String() string    { return RoundingEnum.KeywordOf(int64(r)) }

// enumAttr returns the i32 attribute of an enum value.
func enumAttr[T ~int64](ctx *ir.Context, v T) *ir.IntegerAttr { return ir.I32Attr(ctx, int64(v)) }

// enumOf reads an enum attribute, def when absent.
func enumOf(op *ir.Operation, name string, def int64) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return def
}

// spaceOf returns the memory space of an llvm pointer type.
func spaceOf(t ir.Type) (MemorySpace, bool) {
	p, ok := t.(*llvm.PointerType)
	if !ok {
		return 0, false
	}
	switch p.AddrSpace {
	case llvm.GenericAddrSpace:
		return SpaceGeneric, true
	case llvm.GlobalAddrSpace:
		return SpaceGlobal, true
	case llvm.SharedAddrSpace:
		return SpaceShared, true
	}
	return 0, false
}

func resource(s MemorySpace) string {
	switch s {
	case SpaceGlobal:
		return "global"
	case SpaceShared:
		return "shared"
	}
	return ""
}
