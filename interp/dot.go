package interp

import (
	"math"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// tt.dot computes D = A x B + C, batched over a leading dimension when the
// operands have rank 3. Accumulation runs over k in increasing order in
// float32 (f64 for f64 operands, wrapping 32-bit integers for i8), one
// rounding per step:
//
//   - f16, bf16 and fp8 operands: products are exact in float32, so
//     acc + a*b rounds once per k, as an MMA with fp32 accumulation does
//     per step (the hardware's internal grouping of k may round less
//     often, so results can differ in the last bits).
//   - f32 operands, inputPrecision = tf32: both operands are first rounded
//     to TF32 as PTX cvt.rna.tf32.f32 does (ties away from zero), then as
//     above.
//   - tf32x3: Triton's 3xTF32 decomposition (F32DotTC): big = tf32(x),
//     small = x - big; d = dot(aSmall, bBig) + dot(aBig, bSmall) with NaNs
//     replaced by 0, then dot(aBig, bBig, d) + C.
//   - bf16x3 / bf16x6: Triton's BF16xN decomposition, likewise.
//   - ieee: a fused multiply-add per step (the FMA dot Triton emits).
//   - An f16 (or bf16) accumulator is accumulated in float32 and rounded to
//     its type once at the end of the op.
//   - maxNumImpreciseAcc (Hopper fp8 partial accumulation) is not modelled:
//     the interpreter always accumulates in full float32.

func init() {
	register("tt.dot", buildDot)
}

func buildDot(c *compiler, op *ir.Operation) (runFn, error) {
	re, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	prec := tt.DotOp{Operation: op}.InputPrecision()
	return func(x *execCtx, in *instr) error {
		a, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		b, err := x.tensor(in, 1)
		if err != nil {
			return err
		}
		cc, err := x.tensor(in, 2)
		if err != nil {
			return err
		}
		r, err := dot(x, in.op, a, b, cc, prec, re)
		if err != nil {
			return err
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

// dotShape checks operand shapes and returns batch, M, N, K.
func dotShape(x *execCtx, op *ir.Operation, a, b, c *Tensor) (bt, m, n, k int, err error) {
	ra, rb, rc := len(a.Shape), len(b.Shape), len(c.Shape)
	if ra < 2 || ra > 3 || rb != ra || rc != ra {
		return 0, 0, 0, 0, x.fail(op, nil, "dot operands must all be rank 2 or 3")
	}
	bt = 1
	if ra == 3 {
		bt = a.Shape[0]
		if b.Shape[0] != bt || c.Shape[0] != bt {
			return 0, 0, 0, 0, x.fail(op, nil, "dot batch sizes differ")
		}
	}
	m, k = a.Shape[ra-2], a.Shape[ra-1]
	n = b.Shape[rb-1]
	if b.Shape[rb-2] != k || c.Shape[rc-2] != m || c.Shape[rc-1] != n {
		return 0, 0, 0, 0, x.fail(op, nil, "dot shapes %v x %v + %v do not match", a.Shape, b.Shape, c.Shape)
	}
	return bt, m, n, k, nil
}

// dot evaluates A x B + C with the given input precision.
func dot(x *execCtx, op *ir.Operation, a, b, c *Tensor, prec tt.InputPrecision, re *Elem) (*Tensor, error) {
	bt, m, n, k, err := dotShape(x, op, a, b, c)
	if err != nil {
		return nil, err
	}
	r := newTensor(re, c.Shape)
	switch {
	case a.Elem.Kind == KInt:
		if b.Elem.Kind != KInt || re.Kind != KInt {
			return nil, x.fail(op, nil, "integer dot needs integer operands and result")
		}
		dotInt(bt, m, n, k, a, b, c, r)
		return r, nil
	case a.Elem.Kind == KF64 || re.Kind == KF64:
		dotF64(bt, m, n, k, a, b, c, r)
		return r, nil
	case !a.Elem.isFloat() || !b.Elem.isFloat() || !re.isFloat():
		return nil, x.fail(op, nil, "dot of %s and %s into %s is not supported", a.Elem, b.Elem, re)
	}
	f32 := a.Elem.Kind == KF32 && b.Elem.Kind == KF32
	for bi := 0; bi < bt; bi++ {
		A := decodeMatrix(a, bi*m*k, m, k, false)
		Bt := decodeMatrix(b, bi*k*n, k, n, true)
		acc := make([]float32, m*n)
		for i := range acc {
			acc[i] = f32At(c, bi*m*n+i)
		}
		switch {
		case !f32:
			dotAcc(m, n, k, A, Bt, acc, false)
		case prec == tt.PrecisionIEEE:
			dotAcc(m, n, k, A, Bt, acc, true)
		case prec == tt.PrecisionTF32x3:
			acc = dotTF32x3(m, n, k, A, Bt, acc)
		case prec == tt.PrecisionBF16x3 || prec == tt.PrecisionBF16x6:
			acc = dotBF16xN(m, n, k, A, Bt, acc, prec)
		default: // tf32
			dotAcc(m, n, k, roundTF32(A), roundTF32(Bt), acc, false)
		}
		for i, v := range acc {
			setF32(r, bi*m*n+i, v)
		}
	}
	return r, nil
}

// decodeMatrix returns the rows x cols matrix starting at element off of t
// as float32, transposed (cols x rows) if asked.
func decodeMatrix(t *Tensor, off, rows, cols int, transpose bool) []float32 {
	out := make([]float32, rows*cols)
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			v := f32At(t, off+i*cols+j)
			if transpose {
				out[j*rows+i] = v
			} else {
				out[i*cols+j] = v
			}
		}
	}
	return out
}

func roundTF32(v []float32) []float32 {
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = numeric.TF32RoundNA(x)
	}
	return out
}

// dotAcc adds A (m x k) times B (given transposed, n x k) to acc, over k in
// order; fused selects a rounding fma per step, otherwise the product is
// rounded to float32 first (exact for narrow or TF32 operands).
func dotAcc(m, n, k int, A, Bt, acc []float32, fused bool) {
	for i := 0; i < m; i++ {
		arow := A[i*k : i*k+k]
		for j := 0; j < n; j++ {
			brow := Bt[j*k : j*k+k]
			s := acc[i*n+j]
			if fused {
				for p, av := range arow {
					s = numeric.FMA32(av, brow[p], s)
				}
			} else {
				for p, av := range arow {
					s += float32(av * brow[p])
				}
			}
			acc[i*n+j] = s
		}
	}
}

// dotTF32x3 is Triton's 3xTF32 emulation of an f32 dot (F32DotTC.cpp).
func dotTF32x3(m, n, k int, A, Bt, c []float32) []float32 {
	aBig, bBig := roundTF32(A), roundTF32(Bt)
	aSmall, bSmall := make([]float32, len(A)), make([]float32, len(Bt))
	for i := range A {
		aSmall[i] = A[i] - aBig[i]
	}
	for i := range Bt {
		bSmall[i] = Bt[i] - bBig[i]
	}
	d := make([]float32, m*n)
	dotAcc(m, n, k, roundTF32(aSmall), bBig, d, false)
	dotAcc(m, n, k, aBig, roundTF32(bSmall), d, false)
	zeroNaNs(d)
	dotAcc(m, n, k, aBig, bBig, d, false)
	for i := range d {
		d[i] += c[i]
	}
	return d
}

// dotBF16xN is Triton's BF16x3 / BF16x6 emulation of an f32 dot.
func dotBF16xN(m, n, k int, A, Bt, c []float32, prec tt.InputPrecision) []float32 {
	parts := 2
	if prec == tt.PrecisionBF16x6 {
		parts = 3
	}
	split := func(v []float32) [][]float32 {
		out := make([][]float32, parts)
		rest := append([]float32(nil), v...)
		for p := 0; p < parts; p++ {
			out[p] = make([]float32, len(v))
			for i, x := range rest {
				h := numeric.BF16ToFloat32(numeric.BF16FromFloat32(x, numeric.RNE))
				out[p][i] = h
				rest[i] = x - h
			}
		}
		return out
	}
	a, b := split(A), split(Bt)
	const hi, mid, lo = 0, 1, 2
	d := make([]float32, m*n)
	if parts == 3 {
		dotAcc(m, n, k, a[mid], b[mid], d, false)
		dotAcc(m, n, k, a[lo], b[hi], d, false)
		dotAcc(m, n, k, a[hi], b[lo], d, false)
	}
	dotAcc(m, n, k, a[mid], b[hi], d, false)
	dotAcc(m, n, k, a[hi], b[mid], d, false)
	zeroNaNs(d)
	dotAcc(m, n, k, a[hi], b[hi], d, false)
	for i := range d {
		d[i] += c[i]
	}
	return d
}

func zeroNaNs(v []float32) {
	for i, x := range v {
		if x != x {
			v[i] = 0
		}
	}
}

func dotF64(bt, m, n, k int, a, b, c, r *Tensor) {
	for bi := 0; bi < bt; bi++ {
		for i := 0; i < m; i++ {
			for j := 0; j < n; j++ {
				s := floatAt(c, bi*m*n+i*n+j)
				for p := 0; p < k; p++ {
					s = math.FMA(floatAt(a, bi*m*k+i*k+p), floatAt(b, bi*k*n+p*n+j), s)
				}
				setFloat(r, bi*m*n+i*n+j, s)
			}
		}
	}
}

func dotInt(bt, m, n, k int, a, b, c, r *Tensor) {
	wa, wb, w := a.Elem.Width, b.Elem.Width, r.Elem.Width
	for bi := 0; bi < bt; bi++ {
		for i := 0; i < m; i++ {
			for j := 0; j < n; j++ {
				s := c.Bits[bi*m*n+i*n+j]
				for p := 0; p < k; p++ {
					s += sext(a.Bits[bi*m*k+i*k+p], wa) * sext(b.Bits[bi*k*n+p*n+j], wb)
				}
				r.Bits[bi*m*n+i*n+j] = trunc(s, w)
			}
		}
	}
}
