package amdgpu

import (
	"fmt"
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// The MFMA instructions of CDNA GPUs, keyed the way the AMD backend's
// MfmaGroup selects them: by MFMA version (1 gfx908 .. 4 gfx950), the
// M and N of the instruction and the element types of A and B. Each key
// has one instruction, or two with different K where the newer K-doubled
// form exists (gfx950); selection prefers the larger K when the dot's K
// holds it.

// MfmaIntrinsic is one MFMA instruction as the dot lowering uses it.
type MfmaIntrinsic struct {
	// Name is the LLVM intrinsic without its "llvm.amdgcn." prefix, e.g.
	// "mfma.f32.32x32x8f16".
	Name string
	// M, N and K: A is MxK, B is KxN, the accumulator MxN.
	M, N, K int
	// KBase is the number of consecutive K elements of A (and B) each
	// lane supplies to one instruction.
	KBase int
	// AElem and BElem are the element types the instruction reads; they
	// differ from the dot's when the dot is emulated (OCP fp8 on gfx942
	// runs on f16 MFMA).
	AElem, BElem ir.Type
}

// mfmaElem names the element types of the table.
type mfmaElem int

const (
	mfF64 mfmaElem = iota + 1
	mfF32
	mfTF32
	mfF16
	mfBF16
	mfI8
	mfFp8Fnuz // f8E4M3FNUZ, the gfx942 "fp8"
	mfBf8Fnuz // f8E5M2FNUZ, the gfx942 "bf8"
	mfFp8Ocp  // f8E4M3FN
	mfBf8Ocp  // f8E5M2
	mfFp4     // f4E2M1FN: the key of every scaled f8f6f4 instruction
)

func mfmaElemOf(t ir.Type) mfmaElem {
	if ir.IsInteger(t, 8) {
		return mfI8
	}
	f, ok := t.(*ir.FloatType)
	if !ok {
		return 0
	}
	switch f.Kind {
	case ir.F64:
		return mfF64
	case ir.F32:
		return mfF32
	case ir.TF32:
		return mfTF32
	case ir.F16:
		return mfF16
	case ir.BF16:
		return mfBF16
	case ir.F8E4M3FNUZ:
		return mfFp8Fnuz
	case ir.F8E5M2FNUZ:
		return mfBf8Fnuz
	case ir.F8E4M3FN:
		return mfFp8Ocp
	case ir.F8E5M2:
		return mfBf8Ocp
	case ir.F4E2M1FN:
		return mfFp4
	}
	return 0
}

type mfmaKey struct {
	version, m, n int
	a, b          mfmaElem
}

type mfmaInstr struct {
	name     string
	k, kBase int
}

// mfmaRow declares an instruction for a range of versions.
type mfmaRow struct {
	minV, maxV int
	m, n       int
	a, b       mfmaElem
	name       string
	k, kBase   int
}

var mfmaRows = []mfmaRow{
	{2, 4, 16, 16, mfF64, mfF64, "mfma.f64.16x16x4f64", 4, 1},

	{1, 4, 32, 32, mfF32, mfF32, "mfma.f32.32x32x2f32", 2, 1},
	{1, 4, 16, 16, mfF32, mfF32, "mfma.f32.16x16x4f32", 4, 1},
	{1, 4, 4, 64, mfF32, mfF32, "mfma.f32.4x4x1f32", 16, 1},
	{1, 4, 64, 4, mfF32, mfF32, "mfma.f32.4x4x1f32", 16, 1},

	{3, 3, 16, 16, mfTF32, mfTF32, "mfma.f32.16x16x8.xf32", 8, 2},
	{3, 3, 32, 32, mfTF32, mfTF32, "mfma.f32.32x32x4.xf32", 4, 2},

	// gfx950 doubles K; the first row of a key is preferred when K allows.
	{4, 4, 32, 32, mfF16, mfF16, "mfma.f32.32x32x16.f16", 16, 8},
	{1, 4, 32, 32, mfF16, mfF16, "mfma.f32.32x32x8f16", 8, 4},
	{4, 4, 16, 16, mfF16, mfF16, "mfma.f32.16x16x32.f16", 32, 8},
	{1, 4, 16, 16, mfF16, mfF16, "mfma.f32.16x16x16f16", 16, 4},
	{1, 4, 4, 64, mfF16, mfF16, "mfma.f32.4x4x4f16", 64, 4},
	{1, 4, 64, 4, mfF16, mfF16, "mfma.f32.4x4x4f16", 64, 4},

	{4, 4, 32, 32, mfBF16, mfBF16, "mfma.f32.32x32x16.bf16", 16, 8},
	{2, 4, 32, 32, mfBF16, mfBF16, "mfma.f32.32x32x8bf16.1k", 8, 4},
	{2, 2, 32, 32, mfBF16, mfBF16, "mfma.f32.32x32x4bf16.1k", 4, 2},
	{4, 4, 16, 16, mfBF16, mfBF16, "mfma.f32.16x16x32.bf16", 32, 8},
	{2, 4, 16, 16, mfBF16, mfBF16, "mfma.f32.16x16x16bf16.1k", 16, 4},
	{2, 2, 16, 16, mfBF16, mfBF16, "mfma.f32.16x16x8bf16", 8, 2},
	{1, 1, 32, 32, mfBF16, mfBF16, "mfma.f32.32x32x4bf16", 4, 2},
	{1, 1, 16, 16, mfBF16, mfBF16, "mfma.f32.16x16x8bf16", 8, 2},
	{2, 4, 4, 64, mfBF16, mfBF16, "mfma.f32.4x4x4bf16.1k", 64, 4},
	{2, 4, 64, 4, mfBF16, mfBF16, "mfma.f32.4x4x4bf16.1k", 64, 4},
	{1, 1, 4, 64, mfBF16, mfBF16, "mfma.f32.4x4x2bf16", 2, 2},
	{1, 1, 64, 4, mfBF16, mfBF16, "mfma.f32.4x4x2bf16", 2, 2},

	{4, 4, 32, 32, mfFp8Ocp, mfFp8Ocp, "mfma.f32.32x32x16.fp8.fp8", 16, 8},
	{3, 3, 32, 32, mfFp8Fnuz, mfFp8Fnuz, "mfma.f32.32x32x16.fp8.fp8", 16, 8},
	{4, 4, 32, 32, mfFp8Ocp, mfBf8Ocp, "mfma.f32.32x32x16.fp8.bf8", 16, 8},
	{3, 3, 32, 32, mfFp8Fnuz, mfBf8Fnuz, "mfma.f32.32x32x16.fp8.bf8", 16, 8},
	{4, 4, 32, 32, mfBf8Ocp, mfFp8Ocp, "mfma.f32.32x32x16.bf8.fp8", 16, 8},
	{3, 3, 32, 32, mfBf8Fnuz, mfFp8Fnuz, "mfma.f32.32x32x16.bf8.fp8", 16, 8},
	{4, 4, 32, 32, mfBf8Ocp, mfBf8Ocp, "mfma.f32.32x32x16.bf8.bf8", 16, 8},
	{3, 3, 32, 32, mfBf8Fnuz, mfBf8Fnuz, "mfma.f32.32x32x16.bf8.bf8", 16, 8},
	{4, 4, 16, 16, mfFp8Ocp, mfFp8Ocp, "mfma.f32.16x16x32.fp8.fp8", 32, 8},
	{3, 3, 16, 16, mfFp8Fnuz, mfFp8Fnuz, "mfma.f32.16x16x32.fp8.fp8", 32, 8},
	{4, 4, 16, 16, mfFp8Ocp, mfBf8Ocp, "mfma.f32.16x16x32.fp8.bf8", 32, 8},
	{3, 3, 16, 16, mfFp8Fnuz, mfBf8Fnuz, "mfma.f32.16x16x32.fp8.bf8", 32, 8},
	{4, 4, 16, 16, mfBf8Ocp, mfFp8Ocp, "mfma.f32.16x16x32.bf8.fp8", 32, 8},
	{3, 3, 16, 16, mfBf8Fnuz, mfFp8Fnuz, "mfma.f32.16x16x32.bf8.fp8", 32, 8},
	{4, 4, 16, 16, mfBf8Ocp, mfBf8Ocp, "mfma.f32.16x16x32.bf8.bf8", 32, 8},
	{3, 3, 16, 16, mfBf8Fnuz, mfBf8Fnuz, "mfma.f32.16x16x32.bf8.bf8", 32, 8},

	{4, 4, 32, 32, mfI8, mfI8, "mfma.i32.32x32x32.i8", 32, 16},
	{3, 4, 32, 32, mfI8, mfI8, "mfma.i32.32x32x16.i8", 16, 8},
	{1, 2, 32, 32, mfI8, mfI8, "mfma.i32.32x32x8i8", 8, 4},
	{4, 4, 16, 16, mfI8, mfI8, "mfma.i32.16x16x64.i8", 64, 16},
	{3, 4, 16, 16, mfI8, mfI8, "mfma.i32.16x16x32.i8", 32, 8},
	{1, 2, 16, 16, mfI8, mfI8, "mfma.i32.16x16x16i8", 16, 4},
	{1, 4, 4, 64, mfI8, mfI8, "mfma.i32.4x4x4i8", 64, 4},
	{1, 4, 64, 4, mfI8, mfI8, "mfma.i32.4x4x4i8", 64, 4},

	{4, 4, 16, 16, mfFp4, mfFp4, "mfma.scale.f32.16x16x128.f8f6f4", 128, 32},
	{4, 4, 32, 32, mfFp4, mfFp4, "mfma.scale.f32.32x32x64.f8f6f4", 64, 32},
}

// mfmaTable maps each key to its instructions, larger K first. It is
// built at the first AMD dot, not at every process start.
var mfmaTable = sync.OnceValue(func() map[mfmaKey][]mfmaInstr {
	t := map[mfmaKey][]mfmaInstr{}
	for _, r := range mfmaRows {
		for v := r.minV; v <= r.maxV; v++ {
			k := mfmaKey{v, r.m, r.n, r.a, r.b}
			t[k] = append(t[k], mfmaInstr{r.name, r.k, r.kBase})
		}
	}
	return t
})

// IsF8F6F4 reports the OCP micro-float types gfx950's scaled MFMA reads.
func IsF8F6F4(t ir.Type) bool {
	f, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	switch f.Kind {
	case ir.F8E4M3FN, ir.F8E5M2, ir.F6E3M2FN, ir.F6E2M3FN, ir.F4E2M1FN:
		return true
	}
	return false
}

// MfmaQuery is what an MFMA is chosen for.
type MfmaQuery struct {
	Version, M, N int
	AElem, BElem  ir.Type
	// WithScale asks for gfx950's scaled f8f6f4 instruction.
	WithScale bool
	// UseTF32 reads f32 operands as tf32 (xf32 MFMA on gfx942).
	UseTF32 bool
}

// key returns the table key for q and the element types the instruction
// will read, with the remarks the substitution deserves (OCP fp8 before
// gfx950 is emulated with f16).
func (q MfmaQuery) key(ctx *ir.Context) (mfmaKey, ir.Type, ir.Type, []string) {
	a, b := q.AElem, q.BElem
	ka, kb := mfmaElemOf(a), mfmaElemOf(b)
	var remarks []string
	isOcp8 := func(e mfmaElem) bool { return e == mfFp8Ocp || e == mfBf8Ocp }
	switch {
	case q.WithScale:
		ka, kb = mfFp4, mfFp4
	case q.UseTF32 && ka == mfF32 && kb == mfF32:
		ka, kb = mfTF32, mfTF32
	case q.Version <= 3 && isOcp8(ka) && isOcp8(kb):
		remarks = append(remarks, "missing native support for fp8 variant on current architecture; emulated with fp16 so low performance")
		if q.Version == 3 {
			remarks = append(remarks, "for gfx942 please use native supported fp8 variants")
		}
		a, b = ir.F16Type(ctx), ir.F16Type(ctx)
		ka, kb = mfF16, mfF16
	}
	return mfmaKey{q.Version, q.M, q.N, ka, kb}, a, b, remarks
}

// SelectMfma chooses the instruction for q and a dot whose K is inputK:
// the larger-K form of a key when inputK holds it. The remarks are what
// the choice costs (emulation), to be reported at the dot.
func SelectMfma(ctx *ir.Context, q MfmaQuery, inputK int) (*MfmaIntrinsic, []string, error) {
	key, a, b, remarks := q.key(ctx)
	instrs, ok := mfmaTable()[key]
	if !ok || key.a == 0 || key.b == 0 {
		return nil, remarks, fmt.Errorf("no MFMA version %d instruction of shape %dx%d", q.Version, q.M, q.N)
	}
	pick := instrs[len(instrs)-1]
	for _, in := range instrs[:len(instrs)-1] {
		if inputK >= in.k {
			pick = in
			break
		}
	}
	return &MfmaIntrinsic{Name: pick.name, M: q.M, N: q.N, K: pick.k, KBase: pick.kBase, AElem: a, BElem: b}, remarks, nil
}

// GetMfma returns the instruction for q with exactly K = k, as the dot
// lowering looks up the one accelerate-matmul chose.
func GetMfma(ctx *ir.Context, q MfmaQuery, k int) (*MfmaIntrinsic, error) {
	key, a, b, _ := q.key(ctx)
	for _, in := range mfmaTable()[key] {
		if in.k == k && key.a != 0 && key.b != 0 {
			return &MfmaIntrinsic{Name: in.name, M: q.M, N: q.N, K: in.k, KBase: in.kBase, AElem: a, BElem: b}, nil
		}
	}
	return nil, fmt.Errorf("no MFMA version %d instruction of shape %dx%dx%d", q.Version, q.M, q.N, k)
}
