package llvm_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestLoopAnnotationRoundTrip parses every loop attribute, fields given
// out of order, on llvm.br / llvm.cond_br, and checks the printed form:
// aliases named after the mnemonics (an attribute's aliases before its
// own, then by name), fields in
// declaration order; the printed form reparses to itself.
func TestLoopAnnotationRoundTrip(t *testing.T) {
	src := `module {
  llvm.func @f(%c: i1) {
    llvm.br ^bb1
  ^bb1:
    llvm.cond_br %c, ^bb1, ^bb2 {loop_annotation = #llvm.loop_annotation<mustProgress = true, licm = #llvm.loop_licm<versioningDisable = true, disable = true>, disableNonforced = false, unroll = #llvm.loop_unroll<count = 4 : i32, followupAll = #llvm.loop_annotation<isVectorized = true>>, vectorize = #llvm.loop_vectorize<width = 8 : i32, disable = false>, interleave = #llvm.loop_interleave<count = 2 : i32>, unrollAndJam = #llvm.loop_unroll_and_jam<disable = true>, distribute = #llvm.loop_distribute<disable = true>, pipeline = #llvm.loop_pipeline<initiationinterval = 3 : i32>, peeled = #llvm.loop_peeled<count = 1 : i32>, unswitch = #llvm.loop_unswitch<partialDisable = true>>}
  ^bb2:
    llvm.return
  }
}`
	want := `#loop_annotation = #llvm.loop_annotation<isVectorized = true>
#loop_distribute = #llvm.loop_distribute<disable = true>
#loop_interleave = #llvm.loop_interleave<count = 2 : i32>
#loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>
#loop_peeled = #llvm.loop_peeled<count = 1 : i32>
#loop_pipeline = #llvm.loop_pipeline<initiationinterval = 3 : i32>
#loop_unroll_and_jam = #llvm.loop_unroll_and_jam<disable = true>
#loop_unswitch = #llvm.loop_unswitch<partialDisable = true>
#loop_vectorize = #llvm.loop_vectorize<disable = false, width = 8 : i32>
#loop_unroll = #llvm.loop_unroll<count = 4 : i32, followupAll = #loop_annotation>
#loop_annotation1 = #llvm.loop_annotation<disableNonforced = false, vectorize = #loop_vectorize, interleave = #loop_interleave, unroll = #loop_unroll, unrollAndJam = #loop_unroll_and_jam, licm = #loop_licm, distribute = #loop_distribute, pipeline = #loop_pipeline, peeled = #loop_peeled, unswitch = #loop_unswitch, mustProgress = true>
`
	op, err := asm.ParseString(newContext(), src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatalf("verify: %v", err)
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	if !strings.HasPrefix(got, want) || !strings.Contains(got, "{loop_annotation = #loop_annotation1}") {
		t.Errorf("printed:\n%s\nwant the aliases\n%s", got, want)
	}
	op2, err := asm.ParseString(newContext(), got)
	if err != nil {
		t.Fatalf("reparse: %v\n%s", err, got)
	}
	if again := asm.Sprint(op2, asm.PrintConfig{}); again != got {
		t.Errorf("second print differs: %s", firstDiff(got, again))
	}
	var la *llvm.LoopAttr
	ir.WalkOps(op2, func(o *ir.Operation) {
		if a, ok := o.Attr("loop_annotation").(*llvm.LoopAttr); ok {
			la = a
		}
	})
	if la == nil || !llvm.LICMDisabled(la) {
		t.Errorf("LICMDisabled(%v) is false", la)
	}
}

// TestLoopAnnotationErrors: unknown and repeated fields and values of the
// wrong kind are located errors.
func TestLoopAnnotationErrors(t *testing.T) {
	for _, c := range []struct{ attr, msg string }{
		{"#llvm.loop_licm<enable = true>", "#llvm.loop_licm has no parameter 'enable'"},
		{"#llvm.loop_licm<disable = 1 : i32>", "#llvm.loop_licm parameter 'disable' must be a boolean"},
		{"#llvm.loop_licm<disable = true, disable = false>", "duplicate parameter 'disable'"},
		{"#llvm.loop_annotation<licm = #llvm.loop_unroll<count = 2 : i32>>", "#llvm.loop_annotation parameter 'licm' must be a #llvm.loop_licm"},
	} {
		_, err := asm.ParseString(newContext(), "module attributes {a = "+c.attr+"} {\n}")
		if err == nil || !strings.Contains(err.Error(), "<string>:1:") || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want %s", c.attr, err, c.msg)
		}
	}
}
