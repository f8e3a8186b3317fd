//go:build !nonvptx

package ttgtogpu_test

import (
	"regexp"
	"strings"
	"testing"
)

// TestLibdeviceRoundedPTX: each function of libm_rounded.go is the PTX
// instruction libdevice's body is, .ftz on the f32 ones exactly where the
// FTZ reflect is on (the f64 ones, and rcp64h's only form, regardless),
// and __nv_frsqrt_rn is rsqrt.approx.ftz refined by fma.rn. __nv_fmaf is
// fma.rn as __nv_fmaf_rn is (the 2026-11-30 sweep found it unflushed).
func TestLibdeviceRoundedPTX(t *testing.T) {
	ptxMode := map[string]string{"rn": "rn", "rz": "rz", "rd": "rm", "ru": "rp"}
	type want struct {
		sym, args, inst string // inst: the instruction less .ftz and type
		f32             bool
	}
	var cases []want
	for _, m := range roundingSuffixes {
		r := ptxMode[m]
		cases = append(cases,
			want{"__nv_fadd_" + m, "ff", "add." + r, true}, want{"__nv_dadd_" + m, "dd", "add." + r, false},
			want{"__nv_fsub_" + m, "ff", "sub." + r, true}, want{"__nv_dsub_" + m, "dd", "sub." + r, false},
			want{"__nv_fmul_" + m, "ff", "mul." + r, true}, want{"__nv_dmul_" + m, "dd", "mul." + r, false},
			want{"__nv_fmaf_" + m, "fff", "fma." + r, true}, want{"__nv_fma_" + m, "ddd", "fma." + r, false},
			want{"__nv_fdiv_" + m, "ff", "div." + r, true}, want{"__nv_ddiv_" + m, "dd", "div." + r, false},
			want{"__nv_frcp_" + m, "f", "rcp." + r, true}, want{"__nv_drcp_" + m, "d", "rcp." + r, false},
			want{"__nv_fsqrt_" + m, "f", "sqrt." + r, true}, want{"__nv_dsqrt_" + m, "d", "sqrt." + r, false})
	}
	cases = append(cases, want{"__nv_saturatef", "f", "cvt", true}, want{"__nv_fast_fdividef", "ff", "div.approx", true},
		want{"__nv_rcp64h", "d", "rcp.approx.ftz", false}, want{"__nv_frsqrt_rn", "f", "rsqrt.approx.ftz", false},
		want{"__nv_fmaf", "fff", "fma.rn", true}) // __nv_fmaf is __nv_fmaf_rn
	for _, ftz := range []bool{true, false} {
		for _, c := range cases {
			ty, res := "f64", "f64"
			if c.args[0] == 'f' {
				ty, res = "f32", "f32"
			}
			var args []string
			for range c.args {
				args = append(args, ty)
			}
			ptx := externPTX(t, externCase{args: args, res: res, syms: []string{c.sym}}, 128, ftz)
			inst := c.inst
			if c.f32 && ftz {
				inst += ".ftz"
			}
			switch c.sym {
			case "__nv_saturatef":
				inst += ".sat.f32.f32"
			default:
				inst += "." + ty
			}
			line := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(inst) + `\s`)
			if !line.MatchString(ptx) {
				t.Errorf("ftz=%v: %s: no %s in\n%s", ftz, c.sym, inst, ptx)
			}
			if c.f32 && !ftz && strings.Contains(ptx, ".ftz") {
				t.Errorf("%s without the reflect flushes:\n%s", c.sym, ptx)
			}
			if c.sym == "__nv_frsqrt_rn" {
				fma := "fma.rn.f32"
				if ftz {
					fma = "fma.rn.ftz.f32"
				}
				if n := strings.Count(ptx, fma); n != 5 {
					t.Errorf("ftz=%v: __nv_frsqrt_rn has %d %s, want libdevice's 5:\n%s", ftz, n, fma, ptx)
				}
			}
		}
	}
}
