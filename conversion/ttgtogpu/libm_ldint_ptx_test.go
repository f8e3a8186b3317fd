//go:build !nonvptx

package ttgtogpu_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/targets/nvptx"
)

// externPTX is the sm_90 PTX of an extern case of n elements, lowered
// with or without Triton's FTZ reflect.
func externPTX(t *testing.T, c externCase, n int, ftz bool) string {
	t.Helper()
	m := ttirKernelFor(t, sm90, c.src(n), 4)
	runPipeline(t, m, ttgtogpu.Pipeline(ttgtogpu.Options{Target: ttg.Target(m), NoReflectFTZ: !ftz}, passmgr.Default))
	var b strings.Builder
	if _, err := nvptx.Emit(m, nvptx.Options{Arch: "sm_90"}, &b); err != nil {
		t.Fatalf("emit: %v", err)
	}
	return b.String()
}

// TestLibdeviceLdintPTX: the libdevice functions of libm_int.go,
// libm_sinpi.go, libm_norm.go and libm_remainder.go compile to the PTX
// instructions their libdevice code has (the integer functions' brev,
// clz, bfind.shiftamt, prmt and sad; the float functions' directed and
// .ftz arithmetic and approximate instructions), and without the FTZ
// reflect the f32 functions use no .ftz form but those libdevice's inline
// assembly fixes (remainderf's rcp.approx.ftz).
func TestLibdeviceLdintPTX(t *testing.T) {
	for _, c := range []struct {
		args   []string
		res    string
		sym    string
		want   []string // with the reflect
		noFTZ  []string // without it, f32 only
		keepFT []string // .ftz forms that stay without the reflect
	}{
		{[]string{"i32"}, "i32", "__nv_brev", []string{`brev\.b32`}, nil, nil},
		{[]string{"i64"}, "i64", "__nv_brevll", []string{`brev\.b64`}, nil, nil},
		{[]string{"i32"}, "i32", "__nv_clz", []string{`clz\.b32`}, nil, nil},
		{[]string{"i64"}, "i32", "__nv_clzll", []string{`clz\.b64 %r`}, nil, nil},
		{[]string{"i32"}, "i32", "__nv_ffs", []string{`brev\.b32`, `bfind\.shiftamt\.u32`}, nil, nil},
		{[]string{"i64"}, "i32", "__nv_ffsll", []string{`clz\.b64`}, nil, nil},
		{[]string{"i32", "i32", "i32"}, "i32", "__nv_byte_perm", []string{`prmt\.b32`, `30583|0x7777`}, nil, nil},
		{[]string{"i32", "i32", "i32"}, "i32", "__nv_sad", []string{`sad\.s32`}, nil, nil},
		{[]string{"i32", "i32", "i32"}, "i32", "__nv_usad", []string{`sad\.u32`}, nil, nil},
		{[]string{"f32"}, "f32", "__nv_sinpif", []string{`cvt\.rni\.f32\.f32`, `mul\.rn\.ftz\.f32`, `fma\.rn\.ftz\.f32`, `cvt\.rzi\.f32\.f32`},
			[]string{`mul\.rn\.f32`, `fma\.rn\.f32`}, nil},
		{[]string{"f32"}, "f32", "__nv_cospif", []string{`cvt\.rni\.f32\.f32`, `mul\.rn\.ftz\.f32`, `fma\.rn\.ftz\.f32`},
			[]string{`mul\.rn\.f32`, `fma\.rn\.f32`}, nil},
		{[]string{"f64"}, "f64", "__nv_sinpi", []string{`cvt\.rni\.f64\.f64`, `mul\.rn\.f64`, `fma\.rn\.f64`, `cvt\.rzi\.s64\.f64`}, nil, nil},
		{[]string{"f64"}, "f64", "__nv_cospi", []string{`cvt\.rni\.f64\.f64`, `mul\.rn\.f64`}, nil, nil},
		{[]string{"f32"}, "f32", "__nv_fast_tanf", []string{`sin\.approx\.ftz\.f32`, `cos\.approx\.ftz\.f32`, `div\.approx\.ftz\.f32`},
			[]string{`sin\.approx\.f32`, `div\.approx\.f32`}, nil},
		{[]string{"f32", "f32"}, "f32", "__nv_remainderf", []string{`div\.approx\.ftz\.f32`, `fma\.rz\.ftz\.f32`, `rcp\.approx\.ftz\.f32`, `cvt\.rzi\.u32\.f32`},
			[]string{`div\.approx\.f32`, `fma\.rz\.f32`}, []string{`rcp.approx.ftz.f32`}},
		{[]string{"f64", "f64"}, "f64", "__nv_remainder", []string{`fma\.rn\.f64`}, nil, nil},
		{[]string{"f32", "f32", "f32"}, "f32", "__nv_norm3df", []string{`sqrt\.approx\.ftz\.f32`, `min\.f32`, `max\.f32`},
			[]string{`sqrt\.approx\.f32`}, nil},
		{[]string{"f32", "f32", "f32", "f32"}, "f32", "__nv_rnorm4df", []string{`rsqrt\.approx\.ftz\.f32`}, []string{`rsqrt\.approx\.f32`}, nil},
		{[]string{"f32", "f32"}, "f32", "__nv_rhypotf", []string{`rsqrt\.approx\.ftz\.f32`, `min\.s32`, `max\.s32`}, []string{`rsqrt\.approx\.f32`}, nil},
		{[]string{"f64", "f64", "f64", "f64"}, "f64", "__nv_norm4d", []string{`rsqrt\.approx\.ftz\.f64`, `mul\.rn\.f64`, `min\.f64`}, nil, nil},
		{[]string{"f64", "f64"}, "f64", "__nv_rhypot", []string{`rsqrt\.approx\.ftz\.f64`, `min\.u64`, `max\.u64`}, nil, nil},
	} {
		t.Run(c.sym, func(t *testing.T) {
			ec := externCase{args: c.args, res: c.res, syms: []string{c.sym}}
			check := func(ptx string, want []string) {
				for _, w := range want {
					if !regexp.MustCompile(w).MatchString(ptx) {
						t.Errorf("no %s in the PTX:\n%s", w, ptx)
					}
				}
			}
			check(externPTX(t, ec, 128, true), c.want)
			if c.res != "f32" {
				return
			}
			ptx := externPTX(t, ec, 128, false)
			check(ptx, c.noFTZ)
			rest := ptx
			for _, k := range c.keepFT {
				rest = strings.ReplaceAll(rest, k, "")
			}
			if strings.Contains(rest, ".ftz") {
				t.Errorf("a .ftz form without the FTZ reflect:\n%s", ptx)
			}
		})
	}
}
