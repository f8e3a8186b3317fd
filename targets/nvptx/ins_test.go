package nvptx

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// writeSimple prints what fmt prints for the formats it accepts, and
// refuses (writing nothing: what it wrote before it found the bad verb is
// cut off again) every other format or argument; writeStrings does the
// same for the formats whose arguments are all strings.
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
		{"mov.b32 %s, %q", []any{"%r1", "%r2"}, false},
		{"mov.b32 %s, %d", []any{"%r1", "x"}, false},
		{"mov.b32 %s, %s", []any{"%r1", 3}, false},
		{"mov.b32 %s", []any{"%r1", "%r2"}, false},
		{"mov.b32 %s, %s", []any{"%r1"}, false},
		{"100%%", nil, false},
		{"trailing %", nil, false},
	}
	const before = "\t" // what the buffer held already
	for _, c := range cases {
		b := bytes.NewBufferString(before)
		ok := writeSimple(b, c.format, c.args)
		if ok != c.simple {
			t.Errorf("writeSimple(%q, %v) = %v, want %v", c.format, c.args, ok, c.simple)
			continue
		}
		if !ok {
			if b.String() != before {
				t.Errorf("writeSimple(%q) refused but wrote %q", c.format, b.String())
			}
		} else if want := before + fmt.Sprintf(c.format, c.args...); b.String() != want {
			t.Errorf("writeSimple(%q, %v) = %q, fmt gives %q", c.format, c.args, b.String(), want)
		}

		strs := make([]string, len(c.args))
		allStrings := true
		for i, a := range c.args {
			s, isString := a.(string)
			strs[i], allStrings = s, allStrings && isString
		}
		if !allStrings {
			continue
		}
		b = bytes.NewBufferString(before)
		ok = writeStrings(b, c.format, strs)
		switch simple := c.simple && !strings.Contains(c.format, "%d"); {
		case ok != simple:
			t.Errorf("writeStrings(%q, %q) = %v, want %v", c.format, strs, ok, simple)
		case !ok && b.String() != before:
			t.Errorf("writeStrings(%q) refused but wrote %q", c.format, b.String())
		case ok && b.String() != before+fmt.Sprintf(c.format, c.args...):
			t.Errorf("writeStrings(%q, %q) = %q, fmt gives %q", c.format, strs, b.String(), fmt.Sprintf(c.format, c.args...))
		}
	}
}
