package triton

import (
	"strings"
	"sync"

	"github.com/ttcompiler/tt/dialects/math"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// triton.language.math (math.py): elementwise math with the dtype checks
// of _check_dtype, and the CUDA libdevice functions as
// tt.extern_elementwise.

// checkDTypes is math._check_dtype: every tensor argument must have one
// of the dtypes.
func (g *gen) checkDTypes(args []Object, names ...string) {
	for _, a := range args {
		t, ok := unwrap(a).(*Tensor)
		if !ok {
			continue
		}
		n := t.T.Scalar().String()
		found := false
		for _, x := range names {
			found = found || x == n
		}
		if !found {
			quoted := make([]string, len(names))
			for i, x := range names {
				quoted[i] = "'" + x + "'"
			}
			g.failCur("ValueError: Expected dtype [%s] but got %s", strings.Join(quoted, ", "), n)
		}
	}
}

func unaryMath(name, op string, dtypes ...string) *Builtin {
	return kb(name, func(g *gen, c *callArgs) Object {
		v := c.bind(g, "x")
		g.checkDTypes(v, dtypes...)
		x := g.toTensor(v[0])
		// A Python number passes _check_dtype unchecked and becomes an
		// int32 or fp32 tensor; Triton then builds an op its verifier
		// rejects. The same check, on the converted value, says why.
		g.checkDTypes([]Object{x}, dtypes...)
		return &Tensor{V: math.NewUnary(g.b, op, g.loc, x.V).Result(0), T: x.T}
	})
}

func mathBuiltins() []*Builtin {
	f32f64 := []string{"fp32", "fp64"}
	return []*Builtin{
		kb("umulhi", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "x", "y")
			g.checkDTypes(v, "int32", "int64", "uint32", "uint64")
			x, y := g.binaryOperands(g.toTensor(v[0]), g.toTensor(v[1]), false, false, true, false)
			return &Tensor{V: tt.NewMulhiUI(g.b, g.loc, x.V, y.V).Result(0), T: x.T}
		}),
		unaryMath("exp", "math.exp", f32f64...),
		unaryMath("exp2", "math.exp2", f32f64...),
		unaryMath("log", "math.log", f32f64...),
		unaryMath("log2", "math.log2", f32f64...),
		unaryMath("cos", "math.cos", f32f64...),
		unaryMath("sin", "math.sin", f32f64...),
		unaryMath("sqrt", "math.sqrt", f32f64...),
		unaryMath("rsqrt", "math.rsqrt", f32f64...),
		unaryMath("erf", "math.erf", f32f64...),
		unaryMath("floor", "math.floor", f32f64...),
		unaryMath("ceil", "math.ceil", f32f64...),
		kb("sqrt_rn", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "x")
			g.checkDTypes(v, "fp32")
			x := g.toTensor(v[0])
			g.checkDTypes([]Object{x}, "fp32")
			return &Tensor{V: tt.NewPreciseSqrt(g.b, g.loc, x.V).Result(0), T: x.T}
		}),
		kb("abs", func(g *gen, c *callArgs) Object {
			x := g.toTensor(c.bind(g, "x")[0])
			dt := x.T.Scalar()
			switch {
			case dt.IsFP8E4B15():
				mask := g.full(x.T.Shape(), bigOf(127), Int8)
				return &Tensor{V: g.binary("arith.andi", x.V, mask.V), T: x.T}
			case dt.IsFloating():
				return &Tensor{V: math.NewUnary(g.b, "math.absf", g.loc, x.V).Result(0), T: x.T}
			case dt.IsIntSigned():
				return &Tensor{V: math.NewUnary(g.b, "math.absi", g.loc, x.V).Result(0), T: x.T}
			case dt.IsIntUnsigned():
				return x
			}
			g.failCur("AssertionError: Unexpected dtype %s", dt)
			return nil
		}),
		kb("fdiv", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "x", "y", "ieee_rounding=")
			return g.fdiv(g.toTensor(v[0]), g.toTensor(v[1]))
		}),
		kb("div_rn", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "x", "y")
			g.checkDTypes(v, "fp32")
			x, y := g.binaryOperands(g.toTensor(v[0]), g.toTensor(v[1]), false, false, true, false)
			g.checkDTypes([]Object{x}, "fp32")
			return &Tensor{V: tt.NewPreciseDivF(g.b, g.loc, x.V, y.V).Result(0), T: x.T}
		}),
		kb("fma", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "x", "y", "z")
			x, y, z := g.toTensor(v[0]), g.toTensor(v[1]), g.toTensor(v[2])
			x, y = g.binaryOperands(x, y, false, false, true, false)
			z, x = g.binaryOperands(z, x, false, false, true, false)
			z, y = g.binaryOperands(z, y, false, false, true, false)
			if !x.T.Scalar().IsFloating() {
				// math.fma takes floats only; Triton's IR would not verify.
				g.failCur("ValueError: fma requires floating-point operands, got %s", x.T.Scalar())
			}
			return &Tensor{V: math.NewFma(g.b, g.loc, x.V, y.V, z.V).Result(0), T: x.T}
		}),
	}
}

// libdeviceSig is one overload of a libdevice function: argument dtypes
// (by name) -> symbol and result dtype.
type libdeviceSig struct {
	args   []string
	symbol string
	ret    string
	toBool bool
}

// cudaLibdevice and hipLibdevice are the functions of the backends'
// libdevice modules, built on first use (only kernels that call libdevice
// need them) and shared by every compilation: they hold no state.
var (
	cudaLibdevice = sync.OnceValue(func() map[string]Object { return libdeviceBuiltins(libdeviceTable()) })
	hipLibdevice  = sync.OnceValue(func() map[string]Object { return libdeviceBuiltins(libdeviceHIPTable()) })
)

// libdeviceNamespace is a libdevice module of the functions fns gives.
func libdeviceNamespace(name string, fns func() map[string]Object) *Namespace {
	return &Namespace{Name: name, Members: map[string]Object{}, Resolve: func(member string) (Object, bool) {
		f, ok := fns()[member]
		return f, ok
	}}
}

// libdeviceBuiltins builds the functions of a libdevice module
// (tl.extra.cuda.libdevice, tl.extra.hip.libdevice) from its overload
// table.
func libdeviceBuiltins(table map[string][]libdeviceSig) map[string]Object {
	out := map[string]Object{}
	for name, sigs := range table {
		name, sigs := name, sigs
		out[name] = kb(name, func(g *gen, c *callArgs) Object {
			if len(c.kws) > 0 {
				g.failCur("TypeError: %s() got an unexpected keyword argument '%s'", name, c.kws[0].Name)
			}
			return g.externElementwise(name, c.args, sigs)
		})
	}
	return out
}

// externElementwise is core.extern_elementwise + dispatch.
func (g *gen) externElementwise(name string, args []Object, sigs []libdeviceSig) Object {
	if len(args) != len(sigs[0].args) {
		g.failCur("ValueError: length of input args does not match.Expect %d, got %d", len(sigs[0].args), len(args))
	}
	ts := make([]*Tensor, len(args))
	allScalar := true
	for i, a := range args {
		ts[i] = g.toTensor(a)
		if ts[i].T.IsBlock() {
			allScalar = false
		}
	}
	lookup := func() *libdeviceSig {
		for i := range sigs {
			match := true
			for j, a := range sigs[i].args {
				if ts[j].T.Scalar().String() != a {
					match = false
				}
			}
			if match {
				return &sigs[i]
			}
		}
		return nil
	}
	sig := lookup()
	if sig == nil {
		var got []string
		for _, t := range ts {
			got = append(got, t.T.Scalar().String())
		}
		var want []string
		for _, s := range sigs {
			want = append(want, "("+strings.Join(s.args, ", ")+")")
		}
		g.failCur("ValueError: input arg type does not match.Expect one of %s, got (%s)", strings.Join(want, ", "), strings.Join(got, ", "))
	}
	ret := scalars[sig.ret]
	if len(ts) > 0 {
		bcast := ts[0]
		for _, it := range ts {
			_, bcast = g.binaryOperands(it, bcast, false, false, false, false)
		}
		for i := range ts {
			ts[i], _ = g.binaryOperands(ts[i], bcast, false, false, false, false)
		}
		if !allScalar {
			ret = bcast.T.WithElement(ret)
		}
	}
	var vals []ir.Value
	for _, t := range ts {
		vals = append(vals, t.V)
	}
	op := tt.NewExternElementwise(g.b, g.loc, vals, g.ty(ret), "", "", sig.symbol, true)
	res := &Tensor{V: op.Result(0), T: ret}
	if sig.toBool {
		res = g.castTo(res, Int1, "")
	}
	return res
}

// hipBuiltins are tl.extra.hip's helpers: memrealtime, the 64-bit
// real-time counter, read by s_memrealtime, or on RDNA3 and later
// (gfx11, gfx12), which lack it, by the GET_REALTIME message.
func hipBuiltins() []*Builtin {
	return []*Builtin{
		kb("memrealtime", func(g *gen, c *callArgs) Object {
			c.bind(g)
			text := "s_memrealtime $0\ns_waitcnt vmcnt(0)"
			if arch := g.c.opts.target().Arch; strings.Contains(arch, "gfx11") || strings.Contains(arch, "gfx12") {
				text = "s_sendmsg_rtn_b64 $0, sendmsg(MSG_RTN_GET_REALTIME)\ns_waitcnt lgkmcnt(0)"
			}
			return g.inlineAsm(text, "=r", nil, []*DType{Int64}, false, 1)[0]
		}),
	}
}

// cudaBuiltins are tl.extra.cuda's helpers.
func cudaBuiltins() []*Builtin {
	register := func(name, text, constraint string, t *DType, pure bool) *Builtin {
		return kb(name, func(g *gen, c *callArgs) Object {
			c.bind(g)
			return g.inlineAsm(text, constraint, nil, []*DType{t}, pure, 1)[0]
		})
	}
	return []*Builtin{
		register("smid", "mov.u32 $0, %smid;", "=r", Int32, true),
		register("globaltimer", "mov.u64 $0, %globaltimer;", "=l", Int64, false),
		kb("num_warps", func(g *gen, c *callArgs) Object {
			c.bind(g)
			return bigOf(int64(g.c.opts.numWarps()))
		}),
		kb("num_threads", func(g *gen, c *callArgs) Object {
			c.bind(g)
			return bigOf(int64(g.c.opts.numWarps() * 32))
		}),
	}
}
