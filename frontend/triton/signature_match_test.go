package triton

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/internal/textgen"
)

// The hand-written matchers replaced these regexps (regexp's package
// initialization ran in every process); they stay here as the oracle.
var (
	hintOracle  = regexp.MustCompile(`^(.*?):\s*(\d+)$`)
	identOracle = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)
)

// randomStrings returns hand-picked inputs and random strings over the
// bytes of alphabet.
func randomStrings(picked []string, alphabet string, n int) []string {
	out := append([]string{""}, picked...)
	return append(out, textgen.Glued(textgen.Bytes(alphabet), 12, n)...)
}

func TestSplitHintMatchesRegexp(t *testing.T) {
	picked := []string{"*fp32:16", "i32:1", "i32: 16", "i32 :\t1", "a:b:16", "a:16:", ":16", "i32:", "i32:x1",
		"x\n:16", "x:\n16", "x:16\n", "tensordesc<fp16[64]>:16", "a:1:2", "é:7", "a\v:1", "a:\v1"}
	for _, s := range randomStrings(picked, "ab:1 6\t\n\v\r\f*x", 200000) {
		ty, hint, ok := splitHint(s)
		m := hintOracle.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (ty != m[1] || hint != m[2]) {
			t.Fatalf("splitHint(%q) = %q, %q, %v; the regexp finds %q", s, ty, hint, ok, m)
		}
	}
}

func TestIsIdentifierMatchesRegexp(t *testing.T) {
	picked := []string{"kernel", "_k", "k2", "2k", "a-b", "a b", "é", "a\n", "\na", "_", "Z9_"}
	for _, s := range randomStrings(picked, "aZ_09 -\n\xc3\xa9.", 200000) {
		if got, want := isIdentifier(s), identOracle.MatchString(s); got != want {
			t.Fatalf("isIdentifier(%q) = %v, the regexp says %v", s, got, want)
		}
	}
}

// A signature entry that starts with '*' can only be a pointer type: a bad
// one is reported as a type, not as a constant Python cannot evaluate.
func TestParseArgSpecBadPointerType(t *testing.T) {
	for s, want := range map[string]string{
		"*fp99":   `unknown type "fp99"`,
		"*fp32:8": "only 1 and 16 are valid hints, got 8",
	} {
		_, err := ParseArgSpec(s)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseArgSpec(%q) = %v, want an error containing %q", s, err, want)
		}
	}
	for _, s := range []string{"*fp32", "*kfp16", "*fp32:16", "128", "True"} {
		if _, err := ParseArgSpec(s); err != nil {
			t.Errorf("ParseArgSpec(%q): %v", s, err)
		}
	}
}
