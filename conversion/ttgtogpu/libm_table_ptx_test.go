//go:build !nonvptx

package ttgtogpu_test

import (
	"regexp"
	"strings"
	"testing"
)

// TestTrigReductionTablePTX: __nv_j0 (f64) on sm_90 reads libdevice's
// words of 2/pi as libdevice does: one .global array of the 18 words and
// the zero word (152 bytes, the least significant word first), and each
// of the two reductions four ld.global.nc.u64 at the table's address plus
// 8 times an i32 index.
func TestTrigReductionTablePTX(t *testing.T) {
	ptx := externPTX(t, externCase{args: []string{"f64"}, res: "f64", syms: []string{"__nv_j0"}}, 128, true)
	decl := regexp.MustCompile(`(?m)^\.global \.align 8 \.b8 (\$table\d+)\[152\] = \{8, 93, 141, 31, 177, 95, 251, 107, [0-9, ]*, 41, 21, 68, 78, 110, 131, 249, 162, 0, 0, 0, 0, 0, 0, 0, 0\};$`)
	m := decl.FindAllStringSubmatch(ptx, -1)
	if len(m) != 1 || strings.Count(ptx, "$table") != 1+8 {
		t.Fatalf("want one declaration of libdevice's table read 8 times, got %d declarations:\n%s", len(m), ptx)
	}
	sym := regexp.QuoteMeta(m[0][1])
	addr := regexp.MustCompile(`mov\.u64 (%rd\d+), ` + sym + `;\n\tmad\.wide\.s32 (%rd\d+), %r\d+, 8, (%rd\d+);\n\tld\.global\.nc\.u64 %rd\d+, \[(%rd\d+)\];`)
	loads := addr.FindAllStringSubmatch(ptx, -1)
	if len(loads) != 8 {
		t.Errorf("%d table loads of the form mov.u64 / mad.wide.s32 / ld.global.nc.u64, want 8:\n%s", len(loads), ptx)
	}
	for _, l := range loads {
		if l[1] != l[3] || l[2] != l[4] {
			t.Errorf("the load does not read the address computed: %q", l[0])
		}
	}
}
