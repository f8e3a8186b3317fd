package ere

import (
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		expr string
		want string // "" for valid
		nsub int
	}{
		{"abc", "", 0},
		{"a(b)(c(d))", "", 3},
		{"()", "", 1},
		{"", "empty (sub)expression", 0},
		{"a|", "empty (sub)expression", 0},
		{"(|a)", "empty (sub)expression", 0},
		{"a||b", "empty (sub)expression", 0},
		{"*a", "repetition-operator operand invalid", 0},
		{"a**", "repetition-operator operand invalid", 0},
		{".*?", "repetition-operator operand invalid", 0},
		{"a{2}{3}", "repetition-operator operand invalid", 0},
		{"^*", "repetition-operator operand invalid", 0},
		{"{1}", "repetition-operator operand invalid", 0},
		{"a{,3}", "", 0},
		{"a{x", "", 0},
		{"a{1", "braces not balanced", 0},
		{"a{1x}", "invalid repetition count(s)", 0},
		{"a{3,2}", "invalid repetition count(s)", 0},
		{"a{256}", "invalid repetition count(s)", 0},
		{"a{255}", "", 0},
		{"(a", "parentheses not balanced", 0},
		{"a)", "parentheses not balanced", 0},
		{"(", "parentheses not balanced", 0},
		{"[a", "brackets ([ ]) not balanced", 0},
		{"[]a]", "", 0},
		{"[^]a]", "", 0},
		{"[a-]", "", 0},
		{"[z-a]", "invalid character range", 0},
		{"[a-c-e]", "invalid character range", 0},
		{"[[:alpha:]]", "", 0},
		{"[[:foo:]]", "invalid character class", 0},
		{"[[.hyphen.]]", "", 0},
		{"[[.foo.]]", "invalid collating element", 0},
		{"[[=a=]]", "", 0},
		{"a\\", "trailing backslash (\\)", 0},
		{"(a)\\1", "", 1},
		{"\\1", "invalid backreference number", 0},
		{"(a\\1)", "invalid backreference number", 1},
		{"[[:<:]]a[[:>:]]", "", 0},
	}
	for _, tt := range tests {
		n, err := Parse(tt.expr)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Parse(%q) error = %q, want %q", tt.expr, got, tt.want)
			continue
		}
		if err == nil && n != tt.nsub {
			t.Errorf("Parse(%q) nsub = %d, want %d", tt.expr, n, tt.nsub)
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		expr  string
		icase bool
		in    string
		want  []string // full match then groups; nil for no match
	}{
		{"b+", false, "abbbc", []string{"bbb"}},
		{"a|ab", false, "xabc", []string{"ab"}},
		{"(a|ab)(c|bcd)", false, "abcd", []string{"abcd", "a", "bcd"}},
		{"a.c", false, "a\nc abc", []string{"abc"}},
		{"[^x]+", false, "ab\ncd", []string{"ab"}},
		{"^b", false, "a\nb", []string{"b"}},
		{"a$", false, "a\nb", []string{"a"}},
		{"ABC", true, "xabcx", []string{"abc"}},
		{"[a-c]+", true, "xABCx", []string{"ABC"}},
		{"\\d", false, "1d", []string{"d"}},
		{"a\\.b", false, "axb a.b", []string{"a.b"}},
		{"[\\n]+", false, "x\\nn", []string{"\\nn"}},
		{"([a-z]+) \\1", false, "ab cd cd", []string{"cd cd", "cd"}},
		{"(.*)-(.*), \\2", false, "x-y, y", []string{"x-y, y", "x", "y"}},
		{"%(.*) = op %(.*), %\\1", false, "%a = op %b, %b\n%c = op %d, %c", []string{"%c = op %d, %c", "c", "d"}},
		{"(a*)\\1b", false, "aaaab", []string{"aaaab", "aa"}},
		{"[[:<:]]ab", false, "cab ab", []string{"ab"}},
		{"ab[[:>:]]", false, "abc ab", []string{"ab"}},
		{"é.", false, "xéab", []string{"éa"}},
		{"a.b", false, "a\xc3\xa9b a\xffb", []string{"a\xffb"}},
		{"a..b", false, "a\xc3\xa9b", []string{"a\xc3\xa9b"}},
		{"x{2,3}", false, "xxxxx", []string{"xxx"}},
		{"()a", false, "a", []string{"a", ""}},
		{"(b)?a", false, "a", []string{"a", ""}},
		{"zz", false, "abc", nil},
		{"(a)\\1", false, "ab", nil},
	}
	for _, tt := range tests {
		re, err := Compile(tt.expr, tt.icase)
		if err != nil {
			t.Errorf("Compile(%q): %v", tt.expr, err)
			continue
		}
		s := NewSubject([]byte(tt.in))
		loc, err := re.Match(s, 0, len(tt.in))
		if err != nil {
			t.Errorf("Match(%q, %q): %v", tt.expr, tt.in, err)
			continue
		}
		var got []string
		if loc != nil {
			for i := 0; i < len(loc); i += 2 {
				if loc[i] < 0 {
					got = append(got, "")
				} else {
					got = append(got, tt.in[loc[i]:loc[i+1]])
				}
			}
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") || (got == nil) != (tt.want == nil) {
			t.Errorf("Match(%q, %q) = %q, want %q", tt.expr, tt.in, got, tt.want)
		}
	}
}

func TestMatchWindow(t *testing.T) {
	in := "foo bar\nbaz"
	s := NewSubject([]byte(in))
	re, err := Compile("^bar$", false)
	if err != nil {
		t.Fatal(err)
	}
	loc, _ := re.Match(s, 4, 7)
	if loc == nil || loc[0] != 4 || loc[1] != 7 {
		t.Errorf("window match = %v, want [4 7]", loc)
	}
	if loc, _ := re.Match(s, 0, len(in)); loc != nil {
		t.Errorf("whole match = %v, want none", loc)
	}
}

func TestBacktrackerPathological(t *testing.T) {
	re, err := Compile("(a*)*b\\1", false)
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Repeat("a", 200)
	loc, err := re.Match(NewSubject([]byte(in)), 0, len(in))
	if err != nil || loc != nil {
		t.Errorf("got %v, %v; want no match", loc, err)
	}
}
