package tttranslate

import (
	"regexp"
	"testing"

	"github.com/ttcompiler/tt/internal/textgen"
)

// The version matchers replaced these regexps (regexp's package
// initialization ran in every process); they stay here as the oracle.
var (
	ptxVersionOracle  = regexp.MustCompile(`^(\d+)\.(\d)$`)
	llvmVersionOracle = regexp.MustCompile(`LLVM version (\d+)\.`)
)

// versionInputs returns random strings made of pieces of version texts.
func versionInputs(pieces []string) []string {
	return append([]string{""}, textgen.Glued(pieces, 7, 100000)...)
}

func TestSplitPTXVersionMatchesRegexp(t *testing.T) {
	for _, s := range versionInputs([]string{"8", "12", ".", "4", "x", " ", "\n", "-"}) {
		major, minor, ok := splitPTXVersion(s)
		if m := ptxVersionOracle.FindStringSubmatch(s); ok != (m != nil) || ok && (major != m[1] || minor != m[2]) {
			t.Fatalf("splitPTXVersion(%q) = %q, %q, %v; the regexp finds %q", s, major, minor, ok, m)
		}
	}
}

func TestLLVMMajorVersionMatchesRegexp(t *testing.T) {
	pieces := []string{"LLVM version ", "LLVM version", "LLVM ", "version ", "19", "1", ".", "0", "\n", "x", " "}
	for _, s := range versionInputs(pieces) {
		major, ok := llvmMajorVersion([]byte(s))
		if m := llvmVersionOracle.FindStringSubmatch(s); ok != (m != nil) || ok && major != m[1] {
			t.Fatalf("llvmMajorVersion(%q) = %q, %v; the regexp finds %q", s, major, ok, m)
		}
	}
}
