package ascii

import "testing"

func TestClasses(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		if got, want := IsSpace(b), b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r'; got != want {
			t.Errorf("IsSpace(%q) = %v", b, got)
		}
		if got, want := IsDigit(b), '0' <= b && b <= '9'; got != want {
			t.Errorf("IsDigit(%q) = %v", b, got)
		}
	}
	if IsSpace('\v') {
		t.Error("\\v is not RE2's white space")
	}
}

func TestTrimmingAndRuns(t *testing.T) {
	for _, c := range []struct{ in, trimmed, fromSpace string }{
		{"", "", ""},
		{" \t\n\f\rx y", "x y", " \t\n\f\rx y"},
		{"\vx", "\vx", ""},
		{"ab \tc", "ab \tc", " \tc"},
	} {
		if got := TrimLeftSpace(c.in); got != c.trimmed {
			t.Errorf("TrimLeftSpace(%q) = %q, want %q", c.in, got, c.trimmed)
		}
		if got := SkipNonSpace(c.in); got != c.fromSpace {
			t.Errorf("SkipNonSpace(%q) = %q, want %q", c.in, got, c.fromSpace)
		}
	}
	for in, want := range map[string]int{"": 0, "x1": 0, "12x": 2, "0042": 4} {
		if got := DigitRun(in); got != want {
			t.Errorf("DigitRun(%q) = %d, want %d", in, got, want)
		}
		if got := DigitRun([]byte(in)); got != want {
			t.Errorf("DigitRun([]byte(%q)) = %d, want %d", in, got, want)
		}
	}
	for in, want := range map[string]bool{"": false, "0": true, "123": true, "12a": false, " 1": false} {
		if got := Digits(in); got != want {
			t.Errorf("Digits(%q) = %v, want %v", in, got, want)
		}
	}
}
