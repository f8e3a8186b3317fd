package gpu

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// CvtOp converts floats in the ways LLVM's fptrunc/fpext cannot express:
// explicit rounding, saturation, fp8, and packed pairs; and integers to
// floats and back in PTX's roundings, clamped as PTX clamps (LLVM's
// fptosi leaves out-of-range results poison).
//
//	%r = gpu.cvt %x {rounding = rn} : f32 -> bf16
//	%p = gpu.cvt %a, %b {rounding = rn, satfinite} : f32, f32 -> vector<2xf8E4M3FN>
//	%h = gpu.cvt %q {rounding = rn} : vector<2xf8E5M2> -> vector<2xf16>
//	%h = gpu.cvt %w {rounding = rn, fp8 = e4m3} : i16 -> vector<2xf16>
//	%w = gpu.cvt %a, %b {rounding = rn, satfinite, fp8 = e5m2} : f32, f32 -> i16
//	%i = gpu.cvt %x {rounding = rm, ftz} : f32 -> i32
//	%u = gpu.cvt %d {rounding = rn, unsigned} : f64 -> i64
//	%f = gpu.cvt %l {rounding = rz, unsigned} : i64 -> f32
//
// Element i of a packed result is the conversion of operand (or operand
// element) i. Options: `rounding` (rn, rz, rm, rp), `satfinite` (clamp
// out-of-range values to the largest finite value; NaN stays NaN; f16,
// bf16 and fp8 results only), `relu`
// (negative results become +0), `ftz` (flush f32 subnormals: the result
// of f64 -> f32, the operand of f32 -> integer), `unsigned` (the integer
// of a conversion between integers and floats is unsigned, else it is
// signed). The legal conversions:
//
//	f32 -> f16 | bf16, f64 -> f32              rounding rn/rz/rm/rp required
//	f16 | bf16 -> f32, f32 -> f64              exact: no rounding
//	f32, f32 -> vector<2xf16 | 2xbf16>         rounding rn/rz
//	f32, f32 -> vector<2xf8E4M3FN | 2xf8E5M2>  rounding rn, satfinite required
//	vector<2xf16> -> vector<2xf8E4M3FN | 2xf8E5M2>  rounding rn, satfinite required
//	vector<2xf8E4M3FN | 2xf8E5M2> -> vector<2xf16>  rounding rn
//	f32 | f64 -> i32 | i64                     rounding rn/rz/rm/rp required
//	i32 | i64 -> f32 | f64                     rounding rn/rz/rm/rp required
//	i16 -> vector<2xf16>                       rounding rn, fp8 required
//	f32, f32 -> i16                            rounding rn, satfinite, fp8 required
//
// The last two forms read a pair of 8-bit floats from their bits, or
// write them, in an i16 (element 0 in the low byte), in the format `fp8`
// (e4m3: f8E4M3FN, e5m2: f8E5M2) names: the forms lowerings use, since an
// fp8 value lives in an integer register (the LLVM dialect has no 8-bit
// float type to bitcast to).
//
// A float converts to an integer as PTX's cvt.rni/rzi/rmi/rpi: the value
// rounded to an integer in the rounding's direction, then clamped to the
// integer type's range; NaN gives 0. An integer converts to a float
// rounded in the rounding's direction (exact where the float holds it).
var CvtOp = Dialect.NewOp("cvt", ir.Pure)

var cvtOptions = []option{
	enumOpt("rounding", RoundingEnum, 0, true),
	flag("satfinite"),
	flag("relu"),
	flag("ftz"),
	enumOpt("fp8", FP8Enum, int64(FP8None), false),
	flag("unsigned"),
}

func init() {
	CvtOp.Inherent = inherentNames(cvtOptions)
	CvtOp.Parse = parseCvt
	CvtOp.Print = printCvt
	CvtOp.Verify = verifyCvt
}

// CvtOptions are the options of gpu.cvt.
type CvtOptions struct {
	Rounding  Rounding
	Satfinite bool
	Relu      bool
	FTZ       bool
	// FP8 is the format of an i16 operand holding a pair of 8-bit floats.
	FP8 FP8Format
	// Unsigned: the integer operand or result is unsigned.
	Unsigned bool
}

// CvtOptionsOf returns the options of a gpu.cvt.
func CvtOptionsOf(op *ir.Operation) CvtOptions {
	return CvtOptions{
		Rounding:  Rounding(enumOf(op, "rounding", 0)),
		Satfinite: op.Attr("satfinite") != nil,
		Relu:      op.Attr("relu") != nil,
		FTZ:       op.Attr("ftz") != nil,
		FP8:       FP8Format(enumOf(op, "fp8", int64(FP8None))),
		Unsigned:  op.Attr("unsigned") != nil,
	}
}

// CvtSourceFP8 is the 8-bit float kind of a pair-of-fp8 gpu.cvt's source:
// its vector's element type, or the `fp8` option of the i16 form.
func CvtSourceFP8(op *ir.Operation) ir.FloatKind {
	if k, ok := pairOf(op.Operand(0).Type()); ok {
		return k
	}
	return CvtOptionsOf(op).FP8.Kind()
}

// CvtResultPairKind is the element kind of a packed gpu.cvt's result: its
// vector's element type, or the `fp8` option of the i16 form.
func CvtResultPairKind(op *ir.Operation) ir.FloatKind {
	if k, ok := pairOf(op.Result(0).Type()); ok {
		return k
	}
	return CvtOptionsOf(op).FP8.Kind()
}

// NewCvt builds `gpu.cvt args : ... -> to`.
func NewCvt(b *ir.Builder, loc ir.Location, to ir.Type, opts CvtOptions, args ...ir.Value) *ir.Operation {
	var attrs []ir.NamedAttr
	if opts.Rounding != RoundNone {
		attrs = append(attrs, ir.NamedAttr{Name: "rounding", Value: enumAttr(b.Ctx, opts.Rounding)})
	}
	if opts.FP8 != FP8None {
		attrs = append(attrs, ir.NamedAttr{Name: "fp8", Value: enumAttr(b.Ctx, opts.FP8)})
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{opts.Satfinite, "satfinite"}, {opts.Relu, "relu"}, {opts.FTZ, "ftz"}, {opts.Unsigned, "unsigned"}} {
		if f.on {
			attrs = append(attrs, ir.NamedAttr{Name: f.name, Value: ir.Unit(b.Ctx)})
		}
	}
	return b.CreateOp(CvtOp.Name, loc, args, []ir.Type{to}, attrs...)
}

func parseCvt(p ir.OpParser, st *ir.OperationState) error {
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if err := parseOptions(p, st, cvtOptions); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	loc := p.Loc()
	ins, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	if len(ins) != len(us) {
		return p.ErrorfAt(loc, "%d operands but %d operand types", len(us), len(ins))
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	out, err := p.ParseType()
	if err != nil {
		return err
	}
	vals, err := p.ResolveOperands(us, ins)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{out}
	return nil
}

func printCvt(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	printOptions(p, op, cvtOptions)
	p.WriteString(" : ")
	p.PrintTypes(op.OperandTypes())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

func floatKind(t ir.Type) (ir.FloatKind, bool) {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return 0, false
	}
	return ft.Kind, true
}

// pairOf returns the element kind of a vector<2xfloat>.
func pairOf(t ir.Type) (ir.FloatKind, bool) {
	v, ok := t.(*ir.VectorType)
	if !ok || len(v.Dims) != 1 || v.Dims[0] != 2 {
		return 0, false
	}
	return floatKind(v.Elem)
}

func isFP8(k ir.FloatKind) bool { return k == ir.F8E4M3FN || k == ir.F8E5M2 }

// CvtKind classifies a legal gpu.cvt.
type CvtKind int

const (
	CvtInvalid    CvtKind = iota
	CvtNarrow             // one float to a narrower float, rounded
	CvtWiden              // one float to a wider float, exact
	CvtPackF32            // two f32 to a packed pair (f16, bf16 or fp8)
	CvtF16x2ToF8          // vector<2xf16> to a pair of fp8
	CvtF8x2ToF16          // a pair of fp8 to vector<2xf16>
	CvtFloatToInt         // f32 or f64 to i32 or i64, rounded to an integer and clamped
	CvtIntToFloat         // i32 or i64 to f32 or f64, rounded
)

// intOrFloat32or64 reports whether t is i32 or i64 (isInt) or f32 or f64
// (isFloat).
func intOrFloat32or64(t ir.Type) (isInt, isFloat bool) {
	if k, ok := floatKind(t); ok {
		return false, k == ir.F32 || k == ir.F64
	}
	return ir.IsInteger(t, 32) || ir.IsInteger(t, 64), false
}

// ClassifyCvt returns the kind of conversion from ins to out.
func ClassifyCvt(ins []ir.Type, out ir.Type) CvtKind {
	switch len(ins) {
	case 1:
		inInt, inFloat := intOrFloat32or64(ins[0])
		outInt, outFloat := intOrFloat32or64(out)
		switch {
		case inFloat && outInt:
			return CvtFloatToInt
		case inInt && outFloat:
			return CvtIntToFloat
		}
		if a, ok := floatKind(ins[0]); ok {
			b, ok := floatKind(out)
			switch {
			case !ok:
			case a == ir.F32 && (b == ir.F16 || b == ir.BF16), a == ir.F64 && b == ir.F32:
				return CvtNarrow
			case (a == ir.F16 || a == ir.BF16) && b == ir.F32, a == ir.F32 && b == ir.F64:
				return CvtWiden
			}
			return CvtInvalid
		}
		a, ok1 := pairOf(ins[0])
		b, ok2 := pairOf(out)
		if ok1 && ok2 && a == ir.F16 && isFP8(b) {
			return CvtF16x2ToF8
		}
		if ok1 && ok2 && isFP8(a) && b == ir.F16 {
			return CvtF8x2ToF16
		}
		if ir.IsInteger(ins[0], 16) && ok2 && b == ir.F16 {
			return CvtF8x2ToF16 // the pair's bits; the fp8 option names the format
		}
	case 2:
		a, ok1 := floatKind(ins[0])
		b, ok2 := pairOf(out)
		if ok1 && ok2 && a == ir.F32 && ins[1] == ins[0] && (b == ir.F16 || b == ir.BF16 || isFP8(b)) {
			return CvtPackF32
		}
		if ok1 && a == ir.F32 && ins[1] == ins[0] && ir.IsInteger(out, 16) {
			return CvtPackF32 // a pair of 8-bit floats' bits; the fp8 option names the format
		}
	}
	return CvtInvalid
}

func verifyCvt(op *ir.Operation) error {
	if op.NumOperands() < 1 || op.NumResults() != 1 {
		return ir.OpErrorf(op, "expected 1 or 2 operands and one result")
	}
	if err := verifyOptions(op, cvtOptions); err != nil {
		return err
	}
	out := op.Result(0).Type()
	o := CvtOptionsOf(op)
	var buf [2]ir.Type // one or two operands, listed without allocating
	ins := buf[:0]
	for i := range op.NumOperands() {
		ins = append(ins, op.Operand(i).Type())
	}
	kind := ClassifyCvt(ins, out)
	bitsIn := kind == CvtF8x2ToF16 && ir.IsInteger(ins[0], 16)
	bitsOut := kind == CvtPackF32 && ir.IsInteger(out, 16)
	fp8Out := bitsOut
	if k, ok := pairOf(out); ok && isFP8(k) {
		fp8Out = true
	}
	if o.Unsigned && kind != CvtInvalid && kind != CvtFloatToInt && kind != CvtIntToFloat {
		return ir.OpErrorf(op, "unsigned applies to conversions between integers and floats only")
	}
	var rounds []Rounding
	switch kind {
	case CvtInvalid:
		return ir.OpErrorf(op, "unsupported conversion from %s to '%s'", typeList(op.OperandTypes()), asm.TypeString(out))
	case CvtNarrow:
		rounds = []Rounding{RoundRN, RoundRZ, RoundRM, RoundRP}
		if ft, ok := out.(*ir.FloatType); ok && ft.Kind == ir.F32 && (o.Satfinite || o.Relu) {
			return ir.OpErrorf(op, "satfinite and relu apply to f16, bf16 and fp8 results")
		}
	case CvtWiden:
		if o.Rounding != RoundNone {
			return ir.OpErrorf(op, "a widening conversion is exact and takes no rounding")
		}
		if o.Satfinite || o.Relu {
			return ir.OpErrorf(op, "a widening conversion takes no satfinite or relu")
		}
		return nil
	case CvtPackF32:
		rounds = []Rounding{RoundRN, RoundRZ}
		if fp8Out {
			rounds = []Rounding{RoundRN}
		}
	case CvtF16x2ToF8, CvtF8x2ToF16:
		rounds = []Rounding{RoundRN}
	case CvtFloatToInt, CvtIntToFloat:
		rounds = []Rounding{RoundRN, RoundRZ, RoundRM, RoundRP}
		if o.Satfinite || o.Relu {
			return ir.OpErrorf(op, "a conversion between integers and floats takes no satfinite or relu")
		}
	}
	ok := false
	for _, r := range rounds {
		ok = ok || r == o.Rounding
	}
	if !ok {
		names := ""
		for i, r := range rounds {
			if i > 0 {
				names += ", "
			}
			names += r.String()
		}
		return ir.OpErrorf(op, "this conversion requires rounding %s", names)
	}
	if fp8Out && !o.Satfinite {
		return ir.OpErrorf(op, "conversions to fp8 require satfinite")
	}
	if (bitsIn || bitsOut) != (o.FP8 != FP8None) {
		if bitsIn || bitsOut {
			return ir.OpErrorf(op, "an i16 pair of 8-bit floats needs the fp8 option (e4m3 or e5m2)")
		}
		return ir.OpErrorf(op, "the fp8 option applies to a pair of 8-bit floats in an i16 only")
	}
	if o.FTZ && !(kind == CvtNarrow && ir.IsFloat(out) && out.(*ir.FloatType).Kind == ir.F32) &&
		!(kind == CvtFloatToInt && ir.IsFloat(ins[0]) && ins[0].(*ir.FloatType).Kind == ir.F32) {
		return ir.OpErrorf(op, "ftz applies to f64 -> f32 and f32 -> integer conversions only")
	}
	return nil
}

func typeList(ts []ir.Type) string {
	s := ""
	for i, t := range ts {
		if i > 0 {
			s += ", "
		}
		s += "'" + asm.TypeString(t) + "'"
	}
	return s
}
