package ttgtogpu_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// A harness for the math functions: one kernel loads n values of each
// argument, calls every listed symbol on them (a libdevice symbol through
// tt.extern_elementwise, `math.NAME` as that op of the math dialect) and
// stores the results one after another; the kernel runs lowered in the
// SIMT simulator and in the interpreter.

// externCase is the kernel's shape: the argument element types ("f32",
// "f64", "i32"), the result type and the symbols; lowered, if set, is
// called on the lowered module.
type externCase struct {
	args    []string
	res     string
	syms    []string
	lowered func(*ir.Operation)
}

func (c externCase) src(n int) string {
	var b strings.Builder
	b.WriteString("module {\n  tt.func public @ext(")
	for i, ty := range c.args {
		fmt.Fprintf(&b, "%%x%d: !tt.ptr<%s> {tt.divisibility = 16 : i32}, ", i, ty)
	}
	fmt.Fprintf(&b, "%%o: !tt.ptr<%s> {tt.divisibility = 16 : i32}) {\n", c.res)
	fmt.Fprintf(&b, "    %%r = tt.make_range {end = %d : i32, start = 0 : i32} : tensor<%dxi32>\n", n, n)
	var operands, types []string
	for i, ty := range c.args {
		fmt.Fprintf(&b, "    %%s%d = tt.splat %%x%d : !tt.ptr<%s> -> tensor<%dx!tt.ptr<%s>>\n", i, i, ty, n, ty)
		fmt.Fprintf(&b, "    %%p%d = tt.addptr %%s%d, %%r : tensor<%dx!tt.ptr<%s>>, tensor<%dxi32>\n", i, i, n, ty, n)
		fmt.Fprintf(&b, "    %%v%d = tt.load %%p%d : tensor<%dx!tt.ptr<%s>>\n", i, i, n, ty)
		operands = append(operands, fmt.Sprintf("%%v%d", i))
		types = append(types, fmt.Sprintf("tensor<%dx%s>", n, ty))
	}
	fmt.Fprintf(&b, "    %%os = tt.splat %%o : !tt.ptr<%s> -> tensor<%dx!tt.ptr<%s>>\n", c.res, n, c.res)
	fmt.Fprintf(&b, "    %%op0 = tt.addptr %%os, %%r : tensor<%dx!tt.ptr<%s>>, tensor<%dxi32>\n", n, c.res, n)
	fmt.Fprintf(&b, "    %%cn = arith.constant dense<%d> : tensor<%dxi32>\n", n, n)
	for k, sym := range c.syms {
		if k > 0 {
			fmt.Fprintf(&b, "    %%op%d = tt.addptr %%op%d, %%cn : tensor<%dx!tt.ptr<%s>>, tensor<%dxi32>\n", k, k-1, n, c.res, n)
		}
		if strings.HasPrefix(sym, "math.") {
			fmt.Fprintf(&b, "    %%f%d = %s %s : %s\n", k, sym, strings.Join(operands, ", "), types[0])
		} else {
			fmt.Fprintf(&b, "    %%f%d = tt.extern_elementwise %s {libname = \"\", libpath = \"\", pure = true, symbol = \"%s\"} : (%s) -> tensor<%dx%s>\n",
				k, strings.Join(operands, ", "), sym, strings.Join(types, ", "), n, c.res)
		}
		fmt.Fprintf(&b, "    tt.store %%op%d, %%f%d : tensor<%dx!tt.ptr<%s>>\n", k, k, n, c.res)
	}
	b.WriteString("    tt.return\n  }\n}")
	return b.String()
}

// encode stores vals in the layout of element type ty.
func encode(ty string, vals []float64) diffArg {
	switch ty {
	case "f32":
		b := make([]byte, 4*len(vals))
		for i, v := range vals {
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(float32(v)))
		}
		return diffArg{buf: b, kind: ty}
	case "i32":
		b := make([]byte, 4*len(vals))
		for i, v := range vals {
			binary.LittleEndian.PutUint32(b[4*i:], uint32(int32(v)))
		}
		return diffArg{buf: b, kind: ty}
	}
	b := make([]byte, 8*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(v))
	}
	return diffArg{buf: b, kind: ty}
}

// decodeAt is element i of a buffer of element type ty.
func decodeAt(ty string, buf []byte, i int) float64 {
	if ty == "i32" {
		return float64(int32(binary.LittleEndian.Uint32(buf[4*i:])))
	}
	if ty == "f32" {
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(buf[4*i:])))
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(buf[8*i:]))
}

// externResults are the simulator's and the interpreter's outputs:
// sim[k][i] is symbol k on element i.
type externResults struct{ sim, interp [][]float64 }

// run executes the case on inputs (one slice per argument, all of length
// n) for a target; values are rounded to the argument types first.
func (c externCase) run(t *testing.T, tg gpuTarget, inputs [][]float64) externResults {
	t.Helper()
	n := len(inputs[0])
	src := c.src(n)
	mk := func() []diffArg {
		var args []diffArg
		for i, ty := range c.args {
			args = append(args, encode(ty, inputs[i]))
		}
		return append(args, zeroBuf(c.res, len(c.syms)*n))
	}
	simArgs, refArgs := mk(), mk()
	simulateLowered(t, ttirKernelFor(t, tg, src, 4), "ext", [3]int{1, 1, 1}, simArgs, c.lowered)
	interpret(t, ttirKernelFor(t, tg, src, 4), "ext", [3]int{1, 1, 1}, refArgs)
	var r externResults
	out := len(c.args)
	for k := range c.syms {
		s, p := make([]float64, n), make([]float64, n)
		for i := range s {
			s[i] = decodeAt(c.res, simArgs[out].buf, k*n+i)
			p[i] = decodeAt(c.res, refArgs[out].buf, k*n+i)
		}
		r.sim, r.interp = append(r.sim, s), append(r.interp, p)
	}
	return r
}

// checkUlps checks the results of symbol k on inputs x: the simulator's
// within tol(k) ulps of ref(k, v) rounded to the result type, and within
// interpTol ulps of the interpreter's; it logs each symbol's worst case.
func (c externCase) checkUlps(t *testing.T, x []float64, res externResults, ref func(k int, v float64) float64, tol func(k int) float64, interpTol float64) {
	t.Helper()
	for k, sym := range c.syms {
		worst := 0.0
		for i, v := range x {
			got, want := res.sim[k][i], roundTo(c.res, ref(k, v))
			d := ulpsIn(c.res, want, got)
			if d > tol(k) {
				t.Errorf("%s(%v) = %v, want %v (%g ulps)", sym, v, got, want, d)
			}
			worst = math.Max(worst, d)
			if d := ulpsIn(c.res, res.interp[k][i], got); d > interpTol {
				t.Errorf("%s(%v) = %v, the interpreter %v", sym, v, got, res.interp[k][i])
			}
		}
		t.Logf("%s: at most %g ulps from the correctly rounded value", sym, worst)
	}
}

// ulpsIn is ulpDistance in the precision of ty.
func ulpsIn(ty string, want, got float64) float64 {
	if ty == "f32" {
		return ulpDistance32(float32(want), float32(got))
	}
	return ulpDistance(want, got)
}

// roundTo rounds v to the element type ty.
func roundTo(ty string, v float64) float64 {
	switch ty {
	case "f32":
		return float64(float32(v))
	case "i32":
		return float64(int32(v))
	}
	return v
}

// libdeviceModelled reports whether a libm test's functions of type ty on
// target tg are libdevice's own f32 algorithms (NVIDIA), subnormals flushed
// under the FTZ reflect and libdevice's ulp bounds: their tests compare
// them with models of libdevice's code (libm_*f_test.go). The tests
// against correctly rounded references keep f64 and AMD's f32, computed
// through f64.
func libdeviceModelled(tg gpuTarget, ty string) bool { return ty == "f32" && tg.name == sm90.name }
