package nvptx

import (
	"regexp"
	"strings"
	"testing"
)

// TestWordReuse: a word an instruction wrote, unpacked into lanes and
// packed again whole and in order, is read from its own register (the
// load's word stored as it is, the cvt's word stored as it is); lanes in
// another order, part of a word's lanes, and lanes of two words are
// packed (testdata/golden/words.mlir).
func TestWordReuse(t *testing.T) {
	ptx, _ := emitFile(t, "testdata/golden/words.mlir", "sm_90")
	same, other, ok := strings.Cut(ptx, ".entry other_words(")
	if !ok {
		t.Fatal("no other_words kernel in the PTX")
	}
	packs := regexp.MustCompile(`mov\.b32 %r\d+, \{`)
	if n := len(packs.FindAllString(same, -1)); n != 0 {
		t.Errorf("same_word packs %d words, want none:\n%s", n, same)
	}
	for _, want := range []string{
		"ld.global.b32 %r1, [%rd1];", "st.global.b32 [%rd1], %r1;",
		"cvt.rn.f16x2.f32 %r2, %f2, %f1;", "st.global.b32 [%rd1], %r2;",
	} {
		if !strings.Contains(same, want) {
			t.Errorf("same_word: no %q in\n%s", want, same)
		}
	}
	for _, want := range []string{
		"mov.b32 %r2, {%rs2, %rs1};",  // lanes swapped
		"st.global.b16 [%rd1], %rs7;", // two of four bytes, packed into %rs7
		"mov.b32 %r9, {%rs1, %rs11};", // lanes of two words
	} {
		if !strings.Contains(other, want) {
			t.Errorf("other_words: no %q in\n%s", want, other)
		}
	}
}
