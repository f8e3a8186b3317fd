package ttgtogpu

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"
)

// TestMovedRegister checks which inline assembly texts count as a lone
// special-register move (inline_asm_sreg.mlir checks the lowering).
func TestMovedRegister(t *testing.T) {
	for text, want := range map[string]string{
		"mov.u32 $0, %nsmid;":                    "nsmid",
		"mov.u32 $0, %smid;":                     "smid",
		"  mov.b32\t$0 ,%nsmid ;\n":              "nsmid",
		"{ mov.u32 $0, %smid; }":                 "smid",
		"\n{\n  mov.u32 $0,%smid;\n}\n":          "smid",
		"mov.u32 $0, %laneid;":                   "laneid", // read, but no op is registered for it
		"mov.u32 $0, %nsmid":                     "",
		"mov.u32 $0, %nsmid;;":                   "",
		"mov.s32 $0, %nsmid;":                    "",
		"mov.u64 $0, %nsmid;":                    "",
		"mov.u32 $1, %nsmid;":                    "",
		"mov.u32 $00, %nsmid;":                   "",
		"mov.u32 $0, nsmid;":                     "",
		"mov.u32 $0, %nsmid; mov.u32 $0, %smid;": "",
		"{ mov.u32 $0, %nsmid;":                  "",
		"mov.u32 $0, %nsmid; }":                  "",
		"{{ mov.u32 $0, %nsmid; }}":              "",
		"{}":                                     "",
		"{":                                      "",
		"":                                       "",
		"%nsmid":                                 "",
		"mov.u32 $0, %NSMID;":                    "",
		"mov.u32 $0, %nsmid; // comment":         "",
	} {
		if got := movedRegister(text); got != want {
			t.Errorf("movedRegister(%q) = %q, want %q", text, got, want)
		}
	}
}

// FuzzMovedRegister: any text is answered without a panic, and a register
// is only found in a text that moves it into $0 with a terminating ';'.
func FuzzMovedRegister(f *testing.F) {
	for _, s := range []string{"mov.u32 $0, %nsmid;", "{ mov.b32 $0,%smid; }", "{", "}", "$0", "%", "mov.u32 $0, %\x00;", "\xff{mov"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		reg := movedRegister(text)
		if reg == "" {
			return
		}
		if !strings.Contains(text, "%"+reg) || !strings.Contains(text, "$0") || !strings.Contains(text, ";") || !strings.HasPrefix(strings.TrimLeft(text, " \t\n\r\v\f{"), "mov.") {
			t.Errorf("movedRegister(%q) = %q", text, reg)
		}
	})
}

// movedIntoResult replaced this regexp (regexp's package initialization
// ran in every process); it stays here as the oracle.
var specialRegisterMoveOracle = regexp.MustCompile(`^mov\.[bu]32\s+\$0\s*,\s*%([a-z_]+)\s*;$`)

func TestMovedIntoResultMatchesRegexp(t *testing.T) {
	// Each text picks one alternative per slot: near misses of the move
	// at every place.
	space := []string{"", " ", "\t\n", "\v", "\r ", "x"}
	slots := [][]string{{"mov.", "mov", "mv.", ""}, {"u32", "b32", "s32", "u3", ""}, space, {"$0", "$1", "$00", "$", ""}, space,
		{",", ",,", ""}, space, {"%", "%%", ""}, {"smid", "a_b", "_", "lanemask_lt", "X", "a1", ""}, space, {";", ";;", ""}, space}
	r := rand.New(rand.NewSource(1))
	for range 200000 {
		var b strings.Builder
		for _, alts := range slots {
			b.WriteString(alts[r.Intn(len(alts))])
		}
		s := b.String()
		want := ""
		if m := specialRegisterMoveOracle.FindStringSubmatch(s); m != nil {
			want = m[1]
		}
		if got := movedIntoResult(s); got != want {
			t.Fatalf("movedIntoResult(%q) = %q, the regexp finds %q", s, got, want)
		}
	}
}
