package interp

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// tt.dot_scaled (tl.dot_scaled): D = (A * scaleA) x (B * scaleB) + C for
// microscaling formats. Operands are e2m1 (fp4, two per i8 byte, the low
// nibble first, packed along K unless *_k_pack is false), e4m3/e5m2 (fp8)
// or bf16/fp16; the optional scales hold one factor per group of K
// elements of each row of A (shape [M, K/g]) and each column of B (shape
// [N, K/g]): E8M0 bytes (2^(s-127), 0xFF is NaN) or fp8 e4m3 values. The
// group g is K divided by the scales' last dimension (32 for mxfp).
//
// On sm_90 Triton decomposes the op into an upcast to bf16, a
// multiplication by the (power-of-two) scale and a bf16 tt.dot with fp32
// accumulation; every step before the accumulation is exact, so the
// interpreter scales the decoded values and accumulates in float32 over k
// in order, as tt.dot does.

func init() {
	register("tt.dot_scaled", buildDotScaled)
	register("ttg.fp4_to_fp", buildFp4ToFp)
}

func buildDotScaled(c *compiler, op *ir.Operation) (runFn, error) {
	d := tt.DotScaledOp{Operation: op}
	re, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	if !re.isFloat() {
		return nil, ir.OpErrorf(op, "result must be a float tensor")
	}
	aFmt, bFmt := d.AElemType(), d.BElemType()
	for _, f := range []tt.ScaleDotElemType{aFmt, bFmt} {
		switch f {
		case tt.ElemE2M1, tt.ElemE4M3, tt.ElemE5M2, tt.ElemBF16, tt.ElemFP16:
		default:
			return nil, ir.OpErrorf(op, "operand format %s is not supported", f)
		}
	}
	aPack, bPack := boolAttr(op, "lhs_k_pack", true), boolAttr(op, "rhs_k_pack", true)
	aScaleK, bScaleK := optionalOperand(c, op, d.AScale()), optionalOperand(c, op, d.BScale())
	return func(x *execCtx, in *instr) error {
		a, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		b, err := x.tensor(in, 1)
		if err != nil {
			return err
		}
		acc, err := x.tensor(in, 2)
		if err != nil {
			return err
		}
		var as, bs *Tensor
		if aScaleK >= 0 {
			if as, err = x.tensor(in, aScaleK); err != nil {
				return err
			}
		}
		if bScaleK >= 0 {
			if bs, err = x.tensor(in, bScaleK); err != nil {
				return err
			}
		}
		rank := len(acc.Shape)
		if rank < 2 || len(a.Shape) != rank || len(b.Shape) != rank {
			return x.fail(in.op, nil, "operands must all be rank 2 or 3")
		}
		bt := 1
		if rank == 3 {
			bt = acc.Shape[0]
		}
		m, n := acc.Shape[rank-2], acc.Shape[rank-1]
		// A is [M, K] (rows), B is [K, N]; unpacked K from A's shape.
		ar, ac := a.Shape[rank-2], a.Shape[rank-1]
		k := ac
		if aFmt == tt.ElemE2M1 && aPack {
			k = 2 * ac
		}
		r := newTensor(re, acc.Shape)
		for bi := 0; bi < bt; bi++ {
			A, err := unpackOperand(a, bi*ar*ac, ar, ac, aFmt, aPack, true)
			if err != nil {
				return x.fail(in.op, nil, "%v", err)
			}
			br, bc := b.Shape[rank-2], b.Shape[rank-1]
			B, err := unpackOperand(b, bi*br*bc, br, bc, bFmt, bPack, false)
			if err != nil {
				return x.fail(in.op, nil, "%v", err)
			}
			if len(A) != m*k || len(B) != k*n {
				return x.fail(in.op, nil, "operand shapes %v x %v do not give %dx%d with K = %d", a.Shape, b.Shape, m, n, k)
			}
			if as != nil {
				if err := applyScales(A, m, k, as, bi); err != nil {
					return x.fail(in.op, nil, "lhs scale: %v", err)
				}
			}
			// B as N x K rows for the dot loop.
			Bt := make([]float32, n*k)
			for i := 0; i < k; i++ {
				for j := 0; j < n; j++ {
					Bt[j*k+i] = B[i*n+j]
				}
			}
			if bs != nil {
				if err := applyScales(Bt, n, k, bs, bi); err != nil {
					return x.fail(in.op, nil, "rhs scale: %v", err)
				}
			}
			out := make([]float32, m*n)
			for i := range out {
				out[i] = f32At(acc, bi*m*n+i)
			}
			dotAcc(m, n, k, A, Bt, out, false)
			for i, v := range out {
				setF32(r, bi*m*n+i, v)
			}
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

func boolAttr(op *ir.Operation, name string, def bool) bool {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Bool()
	}
	return def
}

// unpackOperand decodes the rows x cols block at element off of t into a
// row-major float32 matrix, unpacking fp4 pairs along K (the columns of A,
// the rows of B) when kPack holds, else along the other dimension.
func unpackOperand(t *Tensor, off, rows, cols int, f tt.ScaleDotElemType, kPack, isA bool) ([]float32, error) {
	if f != tt.ElemE2M1 {
		out := make([]float32, rows*cols)
		for i := range out {
			switch t.Elem.Kind {
			case KInt: // bitcast fp8/bf16/fp16 carried as integers
				out[i] = formatOfScaled(f).ToFloat32(uint32(t.Bits[off+i]))
			default:
				out[i] = f32At(t, off+i)
			}
		}
		return out, nil
	}
	if t.Elem.Kind != KInt || t.Elem.Width != 8 {
		return nil, errorf("e2m1 operands must be packed in i8, got %s", t.Elem)
	}
	nib := func(i, j int) float32 {
		b := t.Bits[off+i*cols+j]
		return numeric.F4E2M1FN.ToFloat32(uint32(b & 0xF))
	}
	hi := func(i, j int) float32 {
		b := t.Bits[off+i*cols+j]
		return numeric.F4E2M1FN.ToFloat32(uint32(b >> 4 & 0xF))
	}
	// Packed along columns (A with kPack, B without): [rows, 2*cols].
	if kPack == isA {
		out := make([]float32, rows*2*cols)
		for i := 0; i < rows; i++ {
			for j := 0; j < cols; j++ {
				out[i*2*cols+2*j] = nib(i, j)
				out[i*2*cols+2*j+1] = hi(i, j)
			}
		}
		return out, nil
	}
	// Packed along rows: [2*rows, cols].
	out := make([]float32, 2*rows*cols)
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			out[(2*i)*cols+j] = nib(i, j)
			out[(2*i+1)*cols+j] = hi(i, j)
		}
	}
	return out, nil
}

func formatOfScaled(f tt.ScaleDotElemType) *numeric.Format {
	switch f {
	case tt.ElemE4M3:
		return numeric.F8E4M3FN
	case tt.ElemE5M2:
		return numeric.F8E5M2
	case tt.ElemBF16:
		return numeric.BF16
	case tt.ElemFP16:
		return numeric.F16
	}
	return numeric.F4E2M1FN
}

// applyScales multiplies row r of the rows x k matrix v by the scale of
// its K group: s[batch, r, kk/g].
func applyScales(v []float32, rows, k int, s *Tensor, batch int) error {
	sr := len(s.Shape)
	if sr < 2 || s.Shape[sr-2] != rows || s.Shape[sr-1] == 0 || k%s.Shape[sr-1] != 0 {
		return errorf("scale shape %v does not fit %d rows of %d", s.Shape, rows, k)
	}
	groups := s.Shape[sr-1]
	g := k / groups
	base := batch * rows * groups
	for r := 0; r < rows; r++ {
		for q := 0; q < groups; q++ {
			var f float64
			if s.Elem.Kind == KInt {
				f = numeric.E8M0ToFloat64(uint8(s.Bits[base+r*groups+q]))
			} else {
				f = floatAt(s, base+r*groups+q)
			}
			for kk := q * g; kk < (q+1)*g; kk++ {
				v[r*k+kk] = float32(float64(v[r*k+kk]) * f)
			}
		}
	}
	return nil
}

// ttg.fp4_to_fp unpacks e2m1 pairs (low nibble first) along axis into a
// float tensor twice as long there; values are exact in any float type.
func buildFp4ToFp(c *compiler, op *ir.Operation) (runFn, error) {
	re, err := floatResult(c, op)
	if err != nil {
		return nil, err
	}
	axis := 0
	if a, ok := op.Attr("axis").(*ir.IntegerAttr); ok {
		axis = int(a.Int())
	}
	src, dst := shapeOf(op.Operand(0).Type()), shapeOf(op.Result(0).Type())
	if axis < 0 || axis >= len(src) || len(dst) != len(src) || dst[axis] != 2*src[axis] {
		return nil, ir.OpErrorf(op, "result must double dimension %d of the source", axis)
	}
	outer, n, inner := axisGeometry(src, axis)
	return func(x *execCtx, in *instr) error {
		s, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		r := newTensor(re, dst)
		for o := 0; o < outer; o++ {
			for k := 0; k < n; k++ {
				for i := 0; i < inner; i++ {
					b := s.Bits[(o*n+k)*inner+i]
					lo := float64(numeric.F4E2M1FN.ToFloat32(uint32(b & 0xF)))
					hi := float64(numeric.F4E2M1FN.ToFloat32(uint32(b >> 4 & 0xF)))
					setFloat(r, (o*2*n+2*k)*inner+i, lo)
					setFloat(r, (o*2*n+2*k+1)*inner+i, hi)
				}
			}
		}
		x.set(in, 0, r)
		return nil
	}, nil
}
