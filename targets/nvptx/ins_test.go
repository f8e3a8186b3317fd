package nvptx

import (
	"bytes"
	"fmt"
	"testing"
)

// writeSimple prints what fmt prints for the formats it accepts, and
// refuses (writing nothing) every other format or argument.
func TestWriteSimpleMatchesFmt(t *testing.T) {
	cases := []struct {
		format string
		args   []any
		simple bool
	}{
		{"add.s32 %s, %s, %s", []any{"%r1", "%r2", "%r3"}, true},
		{"mov.b32 %s, %d", []any{"%r1", -7}, true},
		{"shl.b64 %s, %s, %d", []any{"%rd1", "%rd2", int64(1) << 40}, true},
		{"and.b32 %s, %s, %d", []any{"%r1", "%r2", uint32(0xffffffff)}, true},
		{"mov.u64 %s, %d", []any{"%rd1", uint64(1) << 63}, true},
		{"ld.shared.b32 %s, [%s+%d]", []any{"%r1", "%r2", int32(-16)}, true},
		{"bar.sync 0", nil, true},
		{"mov.b32 %s, 0f%08X", []any{"%f1", 0x3f800000}, false},
		{"mov.b32 %s, %v", []any{"%r1", 3}, false},
		{"mov.b32 %s, %d", []any{"%r1", "x"}, false},
		{"mov.b32 %s, %s", []any{"%r1", 3}, false},
		{"mov.b32 %s", []any{"%r1", "%r2"}, false},
		{"mov.b32 %s, %s", []any{"%r1"}, false},
		{"100%%", nil, false},
		{"trailing %", nil, false},
	}
	for _, c := range cases {
		var b bytes.Buffer
		ok := writeSimple(&b, c.format, c.args)
		if ok != c.simple {
			t.Errorf("writeSimple(%q, %v) = %v, want %v", c.format, c.args, ok, c.simple)
			continue
		}
		if !ok {
			if b.Len() != 0 {
				t.Errorf("writeSimple(%q) refused but wrote %q", c.format, b.String())
			}
			continue
		}
		if want := fmt.Sprintf(c.format, c.args...); b.String() != want {
			t.Errorf("writeSimple(%q, %v) = %q, fmt gives %q", c.format, c.args, b.String(), want)
		}
	}
}
