//go:build !nonvptx

package ttgtogpu_test

import (
	"regexp"
	"strings"
	"testing"
)

// ptxFloatOps are the f32 and f64 arithmetic and approximate instructions
// of a PTX listing (address arithmetic, conversions and moves left out).
var ptxFloatOps = regexp.MustCompile(`(?m)^\s*((?:add|sub|mul|fma|div|rcp|sqrt|rsqrt|ex2|lg2|sin|cos|tanh)(?:\.[a-z]+)*\.f(?:32|64))\s`)

// TestLibdeviceFastPTX: the fast f32 functions compile to exactly the
// instructions of their libdevice bodies and nothing more: lg2.approx and
// ex2.approx (sin.approx, cos.approx) with .ftz exactly where the FTZ
// reflect is on, libdevice's f32 constant in the one plain multiply, and
// no f64 at all. On the GPU their bits are then the hardware's
// approximations, as Triton's are: the simulator cannot check those.
func TestLibdeviceFastPTX(t *testing.T) {
	for _, c := range []struct {
		sym  string
		args int
		ops  []string // the float instructions in order, .ftz marked as {ftz}
		cnst string   // libdevice's constant, as PTX spells it
	}{
		{"__nv_fast_logf", 1, []string{"lg2.approx{ftz}.f32", "mul.f32"}, "0f3F317218"},
		{"__nv_fast_log10f", 1, []string{"lg2.approx{ftz}.f32", "mul.f32"}, "0f3E9A209B"},
		{"__nv_fast_exp10f", 1, []string{"mul.f32", "ex2.approx{ftz}.f32"}, "0f40549A78"},
		{"__nv_fast_powf", 2, []string{"lg2.approx{ftz}.f32", "mul.f32", "ex2.approx{ftz}.f32"}, ""},
		{"__nv_fast_expf", 1, []string{"mul.f32", "ex2.approx{ftz}.f32"}, "0f3FB8AA3B"},
		{"__nv_exp2f", 1, []string{"ex2.approx{ftz}.f32"}, ""},
		{"__nv_fast_log2f", 1, []string{"lg2.approx{ftz}.f32"}, ""},
		{"__nv_fast_sinf", 1, []string{"sin.approx{ftz}.f32"}, ""},
		{"__nv_fast_cosf", 1, []string{"cos.approx{ftz}.f32"}, ""},
	} {
		for _, ftz := range []bool{true, false} {
			args := []string{"f32", "f32"}[:c.args]
			ptx := externPTX(t, externCase{args: args, res: "f32", syms: []string{c.sym}}, 128, ftz)
			var got []string
			for _, m := range ptxFloatOps.FindAllStringSubmatch(ptx, -1) {
				// mul.rn.f32 where fp fusion is off: the same product.
				got = append(got, strings.Replace(m[1], "mul.rn.", "mul.", 1))
			}
			flag := map[bool]string{true: ".ftz", false: ""}[ftz]
			var want []string
			for _, op := range c.ops {
				want = append(want, strings.ReplaceAll(op, "{ftz}", flag))
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s, ftz=%v: float instructions %q, libdevice's are %q:\n%s", c.sym, ftz, got, want, ptx)
			}
			if c.cnst != "" && !strings.Contains(ptx, c.cnst) {
				t.Errorf("%s, ftz=%v: no %s in the PTX:\n%s", c.sym, ftz, c.cnst, ptx)
			}
			if strings.Contains(ptx, ".f64") {
				t.Errorf("%s, ftz=%v: f64 in the PTX:\n%s", c.sym, ftz, ptx)
			}
		}
	}
}

// TestLibdeviceExp2Log2F64PTX: __nv_exp2 and __nv_log2, and math.exp2 and
// math.log2 on f64 (which Triton lowers to them), compile to libdevice's
// code on sm_90: exp2's rounding by add.rn.f64 against 1.5 2^52 (no
// cvt.rni: tt's own exp2 rounded with it) and __nv_exp's polynomial;
// log2's rcp.approx.ftz.f64 and its log2(e) in two parts.
func TestLibdeviceExp2Log2F64PTX(t *testing.T) {
	for _, c := range []struct {
		sym       string
		want, not []string
	}{
		{"__nv_exp2", []string{`add\.rn\.f64 %fd\d+, %fd\d+, 0d4338000000000000`, `add\.rn\.f64 %fd\d+, %fd\d+, 0dC338000000000000`,
			`fma\.rn\.f64 %fd\d+, %fd\d+, 0d3FE62E42FEFA39EF`, `0d3E5ADE1569CE2BDF`, `0f4090DC00`}, []string{`cvt\.rni`}},
		{"__nv_log2", []string{`rcp\.approx\.ftz\.f64`, `fma\.rn\.f64 %fd\d+, %fd\d+, 0d3FF71547652B82FE`, `0d3C7777D0FFDA0D24`},
			[]string{`div\.rn\.f64`}},
	} {
		for _, sym := range []string{c.sym, strings.Replace(c.sym, "__nv_", "math.", 1)} {
			ptx := externPTX(t, externCase{args: []string{"f64"}, res: "f64", syms: []string{sym}}, 128, true)
			for _, w := range c.want {
				if !regexp.MustCompile(w).MatchString(ptx) {
					t.Errorf("%s: no %s in the PTX:\n%s", sym, w, ptx)
				}
			}
			for _, w := range c.not {
				if regexp.MustCompile(w).MatchString(ptx) {
					t.Errorf("%s: %s in the PTX:\n%s", sym, w, ptx)
				}
			}
		}
	}
}
