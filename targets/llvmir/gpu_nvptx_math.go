package llvmir

import (
	"strings"

	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// nvFastMath maps the fast-math ops to NVVM intrinsics, or to inline PTX
// where LLVM 14 has no intrinsic (tanh, div.full, rcp.f32, f16/bf16
// forms).
func (fx *fnTr) nvFastMath(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	t := op.Result(0).Type().(*ir.FloatType)
	lt := xs[0].Type()
	ftz := gpu.FTZ(op)
	dot := func(s string, on bool) string {
		if on {
			return "." + s
		}
		return ""
	}
	name := strings.TrimSuffix(strings.TrimPrefix(op.Name(), "gpu."), "_approx")
	intr := func(n string) error {
		fx.set(op, fx.call(n, lt, xs...))
		return nil
	}
	// ptx calls inline PTX; 16-bit floats travel in i16 registers.
	ptx := func(inst, reg string) error {
		ops := "$0, $1"
		cons := "=" + reg + "," + reg
		if len(xs) == 2 {
			ops += ", $2"
			cons += "," + reg
		}
		rt, args := lt, xs
		if reg == "h" {
			rt, args = lltypes.I16, nil
			for _, x := range xs {
				args = append(args, fx.bitcast(x, lltypes.I16))
			}
		}
		fx.set(op, fx.bitcast(fx.asm(inst+" "+ops+";", cons, rt, false, args...), lt))
		return nil
	}
	if name == "min_xorsign_abs" {
		inst := "min" + dot("NaN", gpu.NaN(op)) + ".xorsign.abs"
		if t.Kind == ir.F16 {
			return ptx(inst+".f16", "h")
		}
		return ptx(inst+".f32", "f")
	}
	switch t.Kind {
	case ir.F16:
		return ptx(name+".approx.f16", "h")
	case ir.BF16:
		return ptx(name+".approx"+dot("ftz", name == "ex2")+".bf16", "h")
	case ir.F64:
		switch name {
		case "rcp":
			// PTX has only the flushing form of rcp.approx.f64.
			return intr("llvm.nvvm.rcp.approx.ftz.d")
		case "rsqrt":
			if ftz {
				return ptx("rsqrt.approx.ftz.f64", "d")
			}
			return intr("llvm.nvvm.rsqrt.approx.d")
		}
	case ir.F32:
		switch name {
		case "ex2", "lg2", "rsqrt", "sqrt", "sin", "cos":
			return intr("llvm.nvvm." + name + ".approx" + dot("ftz", ftz) + ".f")
		case "div":
			return intr("llvm.nvvm.div.approx" + dot("ftz", ftz) + ".f")
		case "rcp", "tanh":
			return ptx(name+".approx"+dot("ftz", ftz && name == "rcp")+".f32", "f")
		case "div_full":
			return ptx("div.full"+dot("ftz", ftz)+".f32", "f")
		}
	}
	return ir.OpErrorf(op, "'%s' on %s has no NVPTX lowering", op.Name(), t.Kind)
}

// nvRoundedIntrinsic names the NVVM intrinsic family of each rounded op
// (gpu.fsub has none).
var nvRoundedIntrinsic = map[string]string{
	gpu.FAddOp.Name:     "add",
	gpu.FMulOp.Name:     "mul",
	gpu.FMAOp.Name:      "fma",
	gpu.FDivOp.Name:     "div",
	gpu.FRcpOp.Name:     "rcp",
	gpu.FSqrtOp.Name:    "sqrt",
	gpu.SaturateOp.Name: "saturate",
}

// nvRounded maps the ops with a rounding mode to the NVVM intrinsics
// that spell it (llvm.nvvm.add.rz.ftz.f is add.rz.ftz.f32,
// llvm.nvvm.div.rp.d div.rp.f64): LLVM's fadd, fmul and llvm.fma round to
// nearest and keep subnormals. NVVM has no subtraction with a rounding
// mode: gpu.fsub is inline PTX, as libdevice writes it.
func (fx *fnTr) nvRounded(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	if op.Def() == gpu.FSubOp {
		ty, reg := "f32", "f"
		if k, ok := op.Result(0).Type().(*ir.FloatType); ok && k.Kind == ir.F64 {
			ty, reg = "f64", "d"
		}
		mods := "." + gpu.RoundingOf(op).String()
		if gpu.FTZ(op) {
			mods += ".ftz"
		}
		inst := "sub" + mods + "." + ty + " $0, $1, $2;"
		fx.set(op, fx.asm(inst, "="+reg+","+reg+","+reg, xs[0].Type(), false, xs...))
		return nil
	}
	name := "llvm.nvvm." + nvRoundedIntrinsic[op.Name()]
	if r := gpu.RoundingOf(op); r != gpu.RoundNone {
		name += "." + r.String()
	}
	if gpu.FTZ(op) {
		name += ".ftz"
	}
	suffix := ".f"
	if k, ok := op.Result(0).Type().(*ir.FloatType); ok && k.Kind == ir.F64 {
		suffix = ".d"
	}
	fx.set(op, fx.call(name+suffix, xs[0].Type(), xs...))
	return nil
}

// fp8Name is PTX's name of an 8-bit float kind (e4m3, e5m2).
func fp8Name(k ir.FloatKind) string { return gpu.FP8FormatOf(k).String() }

// nvCvt lowers gpu.cvt to inline PTX cvt instructions (widenings are
// plain LLVM).
func (fx *fnTr) nvCvt(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	out := op.Result(0).Type()
	lout, err := fx.typ(op, out)
	if err != nil {
		return err
	}
	o := gpu.CvtOptionsOf(op)
	mods := func(order ...string) string {
		var s string
		for _, m := range order {
			switch {
			case m == "r" && o.Rounding != gpu.RoundNone:
				s += "." + o.Rounding.String()
			case m == "relu" && o.Relu, m == "satfinite" && o.Satfinite, m == "ftz" && o.FTZ:
				s += "." + m
			}
		}
		return s
	}
	kind := gpu.ClassifyCvt(op.OperandTypes(), out)
	var r value.Value
	switch kind {
	case gpu.CvtWiden:
		r = fx.widen(op, xs[0], lout)
	case gpu.CvtNarrow:
		switch out.(*ir.FloatType).Kind {
		case ir.F32:
			if o.Rounding == gpu.RoundRN && !o.FTZ {
				r = fx.cur.NewFPTrunc(xs[0], lout)
			} else {
				r = fx.asm("cvt"+mods("r", "ftz")+".f32.f64 $0, $1;", "=f,d", lltypes.Float, false, xs[0])
			}
		case ir.F16:
			r = fx.asm("cvt"+mods("r", "relu", "satfinite")+".f16.f32 $0, $1;", "=h,f", lltypes.I16, false, xs[0])
		case ir.BF16:
			r = fx.asm("cvt"+mods("r", "relu", "satfinite")+".bf16.f32 $0, $1;", "=h,f", lltypes.I16, false, xs[0])
		}
	case gpu.CvtPackF32:
		// PTX puts its first source in the upper half.
		k := gpu.CvtResultPairKind(op)
		switch k {
		case ir.F16, ir.BF16:
			name := map[ir.FloatKind]string{ir.F16: "f16x2", ir.BF16: "bf16x2"}[k]
			r = fx.asm("cvt"+mods("r", "relu", "satfinite")+"."+name+".f32 $0, $1, $2;", "=r,f,f", lltypes.I32, false, xs[1], xs[0])
		default:
			r = fx.asm("cvt.rn.satfinite"+mods("relu")+"."+fp8Name(k)+"x2.f32 $0, $1, $2;", "=h,f,f", lltypes.I16, false, xs[1], xs[0])
		}
	case gpu.CvtF16x2ToF8:
		k, _ := pairKind(out)
		r = fx.asm("cvt.rn.satfinite"+mods("relu")+"."+fp8Name(k)+"x2.f16x2 $0, $1;", "=h,r", lltypes.I16, false, fx.bitcast(xs[0], lltypes.I32))
	case gpu.CvtF8x2ToF16:
		r = fx.asm("cvt.rn"+mods("relu")+".f16x2."+fp8Name(gpu.CvtSourceFP8(op))+"x2 $0, $1;", "=r,h", lltypes.I32, false, fx.bitcast(xs[0], lltypes.I16))
	case gpu.CvtFloatToInt, gpu.CvtIntToFloat:
		r = fx.call(nvCvtIntFloatIntrinsic(op), lout, xs[0])
	default:
		return ir.OpErrorf(op, "unsupported conversion")
	}
	fx.set(op, fx.bitcast(r, lout))
	return nil
}

// pairKind returns the element kind of a vector<2xfloat>.
func pairKind(t ir.Type) (ir.FloatKind, bool) {
	v, ok := t.(*ir.VectorType)
	if !ok {
		return 0, false
	}
	ft, ok := v.Elem.(*ir.FloatType)
	if !ok {
		return 0, false
	}
	return ft.Kind, true
}

// printfArg promotes a printf argument as C varargs do (floats to double,
// small integers to i32, pointers to their 64-bit address).
func (fx *fnTr) printfArg(t ir.Type, v value.Value) value.Value {
	b := fx.cur
	switch t := t.(type) {
	case *ir.IntegerType:
		switch {
		case t.Width == 1:
			return b.NewZExt(v, lltypes.I32)
		case t.Width < 32:
			return b.NewSExt(v, lltypes.I32)
		}
		return v
	case *ir.FloatType:
		switch t.Kind {
		case ir.F64:
			return v
		case ir.BF16:
			v = fx.bf16ToF32(v)
		}
		return b.NewFPExt(v, lltypes.Double)
	}
	return b.NewPtrToInt(v, lltypes.I64)
}

// nvPrintf packs the promoted arguments in a stack buffer and calls
// vprintf(format, buffer).
func (fx *fnTr) nvPrintf(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	g := fx.tr.cString("printfFormat", gpu.Format(op))
	i8p := fx.tr.ptr(0)
	format := constant.NewGetElementPtr(g.ContentType, g, i32c(0), i32c(0))
	var buf value.Value = constant.NewNull(i8p)
	if len(xs) > 0 {
		var vals []value.Value
		var fields []lltypes.Type
		for i, x := range xs {
			v := fx.printfArg(op.Operand(i).Type(), x)
			vals = append(vals, v)
			fields = append(fields, v.Type())
		}
		st := lltypes.NewStruct(fields...)
		a := fx.alloca(st, 8)
		for i, v := range vals {
			p := fx.cur.NewGetElementPtr(st, a, i32c(0), i32c(int64(i)))
			fx.cur.NewStore(v, p)
		}
		buf = fx.cur.NewBitCast(a, i8p)
	}
	fx.cur.NewCall(fx.tr.declare("vprintf", lltypes.I32, i8p, i8p), format, buf)
	return nil
}

// cStringPtr returns an `i8*` to an interned C string.
func (fx *fnTr) cStringPtr(prefix, s string) value.Value {
	g := fx.tr.cString(prefix, s)
	return constant.NewGetElementPtr(g.ContentType, g, i32c(0), i32c(0))
}

// nvAssert calls __assertfail(message, file, line, function, 1) where the
// condition is false.
func (fx *fnTr) nvAssert(op *ir.Operation) error {
	c, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	fn := gpu.AssertFunction(op)
	if fn == "" {
		fn = ir.SymbolName(fx.op)
	}
	i8p := fx.tr.ptr(0)
	fail := fx.newBlock("assert")
	cont := fx.newBlock("cont")
	fx.cur.NewCondBr(c, cont, fail)
	fx.cur = fail
	af := fx.tr.declare("__assertfail", lltypes.Void, i8p, i8p, lltypes.I32, i8p, lltypes.I64)
	fail.NewCall(af, fx.cStringPtr("assertMessage", gpu.AssertMessage(op)), fx.cStringPtr("assertFile", gpu.AssertFile(op)),
		i32c(gpu.AssertLine(op)), fx.cStringPtr("assertFunc", fn), i64c(1))
	fail.NewBr(cont)
	fx.cur = cont
	return nil
}
