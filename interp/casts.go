package interp

import (
	"math"
	"math/bits"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// convFn converts element i of src into element i of dst.
type convFn func(dst, src *Tensor, i int)

func init() {
	for _, name := range []string{
		"arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast", "arith.index_castui",
		"arith.extf", "arith.truncf", "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui",
		"arith.bitcast", "tt.bitcast", "tt.int_to_ptr", "tt.ptr_to_int", "tt.fp_to_fp",
	} {
		name := name
		elementwiseOp(name, func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
			src, err := c.operandElem(op, 0)
			if err != nil {
				return nil, err
			}
			dst, err := c.resultElem(op, 0)
			if err != nil {
				return nil, err
			}
			conv, err := castFn(name, op, src, dst)
			if err != nil {
				return nil, err
			}
			return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
				if conv == nil { // same storage: reinterpret
					return ts[0].withElem(dst), nil
				}
				r := newTensorN(dst, shape, n)
				for i := 0; i < n; i++ {
					conv(r, ts[0], i)
				}
				return r, nil
			}, nil
		})
	}
}

// formatOf returns the numeric format of an f32 or narrower float.
func formatOf(e *Elem) *numeric.Format {
	switch e.Kind {
	case KF32:
		return numeric.F32
	case KSmall:
		return e.Fmt
	}
	return nil
}

// castFn returns the conversion for a cast op from src to dst elements;
// nil means the bits are reused unchanged.
func castFn(name string, op *ir.Operation, src, dst *Elem) (convFn, error) {
	bad := func() (convFn, error) {
		return nil, ir.OpErrorf(op, "cannot convert %s to %s", src, dst)
	}
	switch name {
	case "arith.extsi", "arith.index_cast":
		if src.Kind != KInt || dst.Kind != KInt {
			return bad()
		}
		w, dw := src.Width, dst.Width
		return func(d, s *Tensor, i int) { d.Bits[i] = trunc(sext(s.Bits[i], w), dw) }, nil
	case "arith.extui", "arith.trunci", "arith.index_castui":
		if src.Kind != KInt || dst.Kind != KInt {
			return bad()
		}
		dw := dst.Width
		return func(d, s *Tensor, i int) { d.Bits[i] = trunc(s.Bits[i], dw) }, nil
	case "arith.extf", "arith.truncf":
		if !src.isFloat() || !dst.isFloat() {
			return bad()
		}
		mode := numeric.RNE
		if m, ok := arith.RoundingModeOf(op); ok {
			switch m {
			case arith.ToNearestEven:
			case arith.TowardZero:
				mode = numeric.RTZ
			default:
				return nil, ir.OpErrorf(op, "rounding mode %s is not supported", m)
			}
		}
		return floatConv(src, dst, mode), nil
	case "tt.fp_to_fp":
		if !src.isFloat() || !dst.isFloat() {
			return bad()
		}
		mode := numeric.RNE
		if m, ok := (tt.FpToFpOp{Operation: op}).Rounding(); ok && m == tt.RoundRTZ {
			mode = numeric.RTZ
		}
		sf, df := formatOf(src), formatOf(dst)
		if sf == nil || df == nil {
			return nil, ir.OpErrorf(op, "conversion %s -> %s is not supported by Triton on sm_90", src, dst)
		}
		// Check the pair once; FpToFp's refusal depends only on the types.
		if _, err := numeric.FpToFp(sf, df, 0, mode); err != nil {
			return nil, ir.OpErrorf(op, "%v", err)
		}
		return func(d, s *Tensor, i int) {
			b, _ := numeric.FpToFp(sf, df, uint32(s.bitsAt(i)), mode)
			d.setBits(i, uint64(b))
		}, nil
	case "arith.sitofp", "arith.uitofp":
		if src.Kind != KInt || !dst.isFloat() {
			return bad()
		}
		signed, w := name == "arith.sitofp", src.Width
		return func(d, s *Tensor, i int) {
			v := s.Bits[i]
			neg := false
			if signed && w > 1 && int64(sext(v, w)) < 0 {
				neg, v = true, uint64(-int64(sext(v, w)))
			} else if signed && w == 1 && v != 0 {
				neg, v = true, 1 // i1 true is -1 when signed
			}
			setIntAsFloat(d, i, v, neg)
		}, nil
	case "arith.fptosi", "arith.fptoui":
		if !src.isFloat() || dst.Kind != KInt {
			return bad()
		}
		signed, w := name == "arith.fptosi", dst.Width
		return func(d, s *Tensor, i int) { d.Bits[i] = floatToInt(floatAt(s, i), w, signed) }, nil
	case "arith.bitcast", "tt.bitcast", "tt.int_to_ptr", "tt.ptr_to_int":
		if src.Size() != dst.Size() && !(src.Width == dst.Width) {
			return bad()
		}
		if storageClass(src) == storageClass(dst) {
			return nil, nil
		}
		return func(d, s *Tensor, i int) { d.setBits(i, s.bitsAt(i)) }, nil
	}
	return bad()
}

// storageClass groups element kinds by the Tensor field holding them.
func storageClass(e *Elem) int {
	switch e.Kind {
	case KF32:
		return 1
	case KF64:
		return 2
	}
	return 0
}

// floatConv converts between float types (arith.extf/truncf), rounding
// with mode. Between f32, f16, bf16 and fp8 it is what the GPU's cvt
// instructions give (numeric.FpToFp where Triton lowers the pair that
// way); f64 conversions round once from the exact value.
func floatConv(src, dst *Elem, mode numeric.RoundingMode) convFn {
	sf, df := formatOf(src), formatOf(dst)
	switch {
	case src.Kind == KF64 && dst.Kind == KF64:
		return nil
	case dst.Kind == KF64:
		return func(d, s *Tensor, i int) {
			if src.Kind == KF32 {
				d.F64[i] = float64(s.F32[i])
			} else {
				d.F64[i] = float64(f32At(s, i))
			}
		}
	case src.Kind == KF64:
		return func(d, s *Tensor, i int) { d.setBits(i, uint64(df.FromFloat64(s.F64[i], mode))) }
	}
	if _, err := numeric.FpToFp(sf, df, 0, mode); err == nil {
		return func(d, s *Tensor, i int) {
			b, _ := numeric.FpToFp(sf, df, uint32(s.bitsAt(i)), mode)
			d.setBits(i, uint64(b))
		}
	}
	if df.Bits() >= sf.Bits() {
		// Widening that FpToFp does not list (bf16 -> f32, f16 -> bf16...):
		// exact through float32, NaN per the source format's convention.
		return func(d, s *Tensor, i int) {
			v := sf.ToFloat32(uint32(s.bitsAt(i)))
			d.setBits(i, uint64(df.FromFloat32(v, mode)))
		}
	}
	return func(d, s *Tensor, i int) {
		d.setBits(i, uint64(df.FromFloat64(sf.ToFloat64(uint32(s.bitsAt(i))), mode)))
	}
}

// setIntAsFloat stores the integer (-1)^neg * v, rounded to nearest even
// once. Magnitudes above 2^53 are first rounded to odd at 53 bits, which
// makes the final rounding to a narrower format exact (no double-rounding
// error).
func setIntAsFloat(d *Tensor, i int, v uint64, neg bool) {
	var f float64
	if n := bits.Len64(v); n > 53 && d.Elem.Kind != KF64 {
		s := uint(n - 53)
		m := v >> s
		if v&(1<<s-1) != 0 {
			m |= 1
		}
		f = math.Ldexp(float64(m), int(s))
	} else {
		f = float64(v) // exact below 2^53; correctly rounded for f64
	}
	if neg {
		f = -f
	}
	switch d.Elem.Kind {
	case KF32:
		d.F32[i] = float32(f)
	case KF64:
		d.F64[i] = f
	default:
		d.Bits[i] = uint64(d.Elem.Fmt.FromFloat64(f, numeric.RNE))
	}
}

// floatToInt converts like PTX cvt.rzi: truncation toward zero,
// saturation to the destination range, NaN to 0. (LLVM's fptosi makes
// out-of-range inputs poison; the GPU saturates, so the interpreter does.)
func floatToInt(f float64, w int, signed bool) uint64 {
	if f != f {
		return 0
	}
	f = math.Trunc(f)
	if signed {
		lo, hi := -math.Ldexp(1, w-1), math.Ldexp(1, w-1)
		switch {
		case f < lo:
			return trunc(uint64(1)<<uint(w-1), w)
		case f >= hi:
			return trunc(uint64(1)<<uint(w-1)-1, w)
		}
		return trunc(uint64(int64(f)), w)
	}
	hi := math.Ldexp(1, w)
	switch {
	case f <= 0:
		return 0
	case f >= hi:
		return numeric.Mask(w)
	}
	return uint64(f)
}
