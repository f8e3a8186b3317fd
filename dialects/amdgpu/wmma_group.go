package amdgpu

import (
	"fmt"
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// The WMMA instructions of RDNA3 (version 1), RDNA4 (2) and gfx1250 (3),
// keyed like the MFMA table plus the accumulator's element type.

// WmmaIntrinsic is one WMMA instruction.
type WmmaIntrinsic struct {
	Name         string // without "llvm.amdgcn."
	M, N, K      int
	KBase        int
	AElem, BElem ir.Type
	DElem        ir.Type
}

type wmmaKey struct {
	version, m, n int
	a, b          string
	d             string
}

type wmmaRow struct {
	version  int
	a, b, d  string
	name     string
	k, kBase int
}

// wmmaRows are all 16x16; element names are asm.TypeString spellings.
var wmmaRows = []wmmaRow{
	{3, "f32", "f32", "f32", "wmma.f32.16x16x4.f32", 4, 2},
	{1, "f16", "f16", "f32", "wmma.f32.16x16x16.f16", 16, 16},
	{2, "f16", "f16", "f32", "wmma.f32.16x16x16.f16", 16, 8},
	{3, "f16", "f16", "f32", "wmma.f32.16x16x32.f16", 32, 16},
	{1, "f16", "f16", "f16", "wmma.f16.16x16x16.f16", 16, 16},
	{2, "f16", "f16", "f16", "wmma.f16.16x16x16.f16", 16, 8},
	{1, "bf16", "bf16", "f32", "wmma.f32.16x16x16.bf16", 16, 16},
	{2, "bf16", "bf16", "f32", "wmma.f32.16x16x16.bf16", 16, 8},
	{3, "bf16", "bf16", "f32", "wmma.f32.16x16x32.bf16", 32, 16},
	{1, "bf16", "bf16", "bf16", "wmma.bf16.16x16x16.bf16", 16, 16},
	{2, "bf16", "bf16", "bf16", "wmma.bf16.16x16x16.bf16", 16, 8},
	{2, "f8E4M3FN", "f8E4M3FN", "f32", "wmma.f32.16x16x16.fp8.fp8", 16, 8},
	{3, "f8E4M3FN", "f8E4M3FN", "f32", "wmma.f32.16x16x128.fp8.fp8", 128, 64},
	{3, "f8E4M3FN", "f8E4M3FN", "f32", "wmma.f32.16x16x64.fp8.fp8", 64, 32},
	{2, "f8E4M3FN", "f8E5M2", "f32", "wmma.f32.16x16x16.fp8.bf8", 16, 8},
	{3, "f8E4M3FN", "f8E5M2", "f32", "wmma.f32.16x16x128.fp8.bf8", 128, 64},
	{3, "f8E4M3FN", "f8E5M2", "f32", "wmma.f32.16x16x64.fp8.bf8", 64, 32},
	{2, "f8E5M2", "f8E4M3FN", "f32", "wmma.f32.16x16x16.bf8.fp8", 16, 8},
	{3, "f8E5M2", "f8E4M3FN", "f32", "wmma.f32.16x16x128.bf8.fp8", 128, 64},
	{3, "f8E5M2", "f8E4M3FN", "f32", "wmma.f32.16x16x64.bf8.fp8", 64, 32},
	{2, "f8E5M2", "f8E5M2", "f32", "wmma.f32.16x16x16.bf8.bf8", 16, 8},
	{3, "f8E5M2", "f8E5M2", "f32", "wmma.f32.16x16x128.bf8.bf8", 128, 64},
	{3, "f8E5M2", "f8E5M2", "f32", "wmma.f32.16x16x64.bf8.bf8", 64, 32},
	{1, "i8", "i8", "i32", "wmma.i32.16x16x16.iu8", 16, 16},
	{2, "i8", "i8", "i32", "wmma.i32.16x16x16.iu8", 16, 8},
	{1, "i4", "i4", "i32", "wmma.i32.16x16x16.iu4", 16, 16},
	{2, "i4", "i4", "i32", "wmma.i32.16x16x32.iu4", 32, 16},
	{2, "i4", "i4", "i32", "wmma.i32.16x16x16.iu4", 16, 8},
}

// wmmaTable maps each key to its instructions, larger K first. It is
// built at the first WMMA dot, not at every process start.
var wmmaTable = sync.OnceValue(func() map[wmmaKey][]mfmaInstr {
	t := map[wmmaKey][]mfmaInstr{}
	for _, r := range wmmaRows {
		k := wmmaKey{r.version, 16, 16, r.a, r.b, r.d}
		t[k] = append(t[k], mfmaInstr{r.name, r.k, r.kBase})
	}
	return t
})

// wmmaElemName spells an element type as the table does; signedness of
// integers does not matter (the iu8 instructions take both).
func wmmaElemName(t ir.Type) string {
	switch x := t.(type) {
	case *ir.IntegerType:
		return fmt.Sprintf("i%d", x.Width)
	case *ir.FloatType:
		return x.Kind.String()
	}
	return ""
}

// SelectWmma chooses the WMMA instruction of a version for an MxN tile,
// operands a and b, accumulator d and a dot K of inputK (the larger-K form
// when inputK holds it).
func SelectWmma(version, m, n, inputK int, a, b, d ir.Type) (*WmmaIntrinsic, error) {
	instrs, ok := wmmaTable()[wmmaKey{version, m, n, wmmaElemName(a), wmmaElemName(b), wmmaElemName(d)}]
	if !ok {
		return nil, fmt.Errorf("no WMMA version %d instruction of shape %dx%d", version, m, n)
	}
	pick := instrs[len(instrs)-1]
	for _, in := range instrs[:len(instrs)-1] {
		if inputK >= in.k {
			pick = in
			break
		}
	}
	return &WmmaIntrinsic{Name: pick.name, M: m, N: n, K: pick.k, KBase: pick.kBase, AElem: a, BElem: b, DElem: d}, nil
}
