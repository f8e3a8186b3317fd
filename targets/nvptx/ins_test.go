package nvptx

import (
	"fmt"
	"strings"
	"testing"
)

// appendSimple prints what fmt prints for the formats it accepts, and
// refuses (appending nothing: what it appended before it found the bad
// verb is cut off again) every other format or argument; appendStrings
// does the same for the formats whose arguments are all strings.
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
		b, ok := appendSimple([]byte(before), c.format, c.args)
		if ok != c.simple {
			t.Errorf("appendSimple(%q, %v) = %v, want %v", c.format, c.args, ok, c.simple)
			continue
		}
		if !ok {
			if string(b) != before {
				t.Errorf("appendSimple(%q) refused but appended %q", c.format, b)
			}
		} else if want := before + fmt.Sprintf(c.format, c.args...); string(b) != want {
			t.Errorf("appendSimple(%q, %v) = %q, fmt gives %q", c.format, c.args, b, want)
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
		b, ok = appendStrings([]byte(before), c.format, strs)
		switch simple := c.simple && !strings.Contains(c.format, "%d"); {
		case ok != simple:
			t.Errorf("appendStrings(%q, %q) = %v, want %v", c.format, strs, ok, simple)
		case !ok && string(b) != before:
			t.Errorf("appendStrings(%q) refused but appended %q", c.format, b)
		case ok && string(b) != before+fmt.Sprintf(c.format, c.args...):
			t.Errorf("appendStrings(%q, %q) = %q, fmt gives %q", c.format, strs, b, fmt.Sprintf(c.format, c.args...))
		}
	}
}
