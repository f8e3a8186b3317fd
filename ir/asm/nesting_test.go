package asm_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir/asm"
)

// TestNestingIsBounded: text nested deeper than asm.MaxNesting is refused
// with a located error where the level past the bound begins, whether
// regions, arrays, dense literals, types or locations nest (a few
// megabytes of `[[[[` overflowed the stack, a fatal error no recover
// catches), and text nested exactly MaxNesting deep still parses.
func TestNestingIsBounded(t *testing.T) {
	nest := func(open, inner, close string, n int) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	const deep = 1_000_000 // 8 MB and more of text: far past the stack
	for _, c := range []struct {
		name string
		src  func(n int) string
	}{
		{"regions", func(n int) string {
			// The op at the top is level 0; each region adds one.
			return nest(`"test.op"() ({`, "", `}) : () -> ()`, n)
		}},
		{"arrays", func(n int) string {
			return `"test.op"() {a = ` + nest("[", "1", "]", n) + `} : () -> ()`
		}},
		{"dense literals", func(n int) string {
			return `"test.op"() {a = dense<` + nest("[", "1", "]", n) + `> : tensor<` + strings.Repeat("1x", n) + `i32>} : () -> ()`
		}},
		{"types", func(n int) string {
			return `"test.op"() : () -> (` + nest("(", "", ") -> i32", n) + `)`
		}},
		{"locations", func(n int) string {
			return `"test.op"() : () -> () loc(` + nest(`fused[`, `"f":1:1`, `]`, n) + `)`
		}},
	} {
		_, err := asm.ParseString(newCtx(), c.src(deep))
		if err == nil || !strings.Contains(err.Error(), "nesting deeper than 1000 levels") || !strings.HasPrefix(err.Error(), "<string>:1:") {
			t.Errorf("%s nested %d deep: %v, want a located refusal", c.name, deep, err)
			continue
		}
		// Within the bound (the op, its attribute dictionary and the
		// function type around are levels too): parsed.
		if _, err := asm.ParseString(newCtx(), c.src(asm.MaxNesting-3)); err != nil {
			t.Errorf("%s nested %d deep: %v", c.name, asm.MaxNesting-3, err)
		}
	}
}
