package scf_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func firstError(err error) string {
	s := err.Error()
	if i := strings.Index(s, "error: "); i >= 0 {
		s = s[i+len("error: "):]
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func TestVerifierErrors(t *testing.T) {
	fn := func(args, body string) string {
		return "func.func @f(" + args + ") {\n" + body + "\n  return\n}"
	}
	cases := []struct{ name, src, want string }{
		{"for_lb", fn("%arg0: f32, %arg1: index", `"scf.for"(%arg0, %arg1, %arg1) ({}) : (f32, index, index) -> ()`),
			"'scf.for' op operand #0 must be signless integer or index, but got 'f32'"},
		{"for_step", fn("%arg0: f32, %arg1: index", `"scf.for"(%arg1, %arg1, %arg0) ({}) : (index, index, f32) -> ()`),
			"'scf.for' op operand #2 must be signless integer or index, but got 'f32'"},
		{"for_mismatch", fn("%arg0: i32, %arg1: index", `"scf.for"(%arg1, %arg0, %arg1) ({}) : (index, i32, index) -> ()`),
			"'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type"},
		{"for_empty_region", fn("%arg0: index", `"scf.for"(%arg0, %arg0, %arg0) ({}) : (index, index, index) -> ()`),
			"'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks"},
		{"for_two_regions", fn("%arg0: index", `"scf.for"(%arg0, %arg0, %arg0) ({
  ^bb0(%i: index):
    scf.yield
  }, {
  ^bb0(%i: index):
    scf.yield
  }) : (index, index, index) -> ()`), "'scf.for' op requires one region"},
		{"for_iv_type", fn("%arg0: index", `"scf.for"(%arg0, %arg0, %arg0) ({
  ^bb0(%i0 : f32):
    scf.yield
  }) : (index, index, index) -> ()`), "'scf.for' op expected induction variable to be same type as bounds and step"},
		{"for_results", fn("%arg0: index, %init: f32", `"scf.for"(%arg0, %arg0, %arg0, %init) ({
  ^bb0(%i0 : index, %iter: f32):
    scf.yield %iter : f32
  }) : (index, index, index, f32) -> ()`), "'scf.for' op mismatch in number of loop-carried values and defined values"},
		{"for_result_type", fn("%arg0: index, %init: f32", `%x = "scf.for"(%arg0, %arg0, %arg0, %init) ({
  ^bb0(%i0 : index, %iter: f32):
    scf.yield %iter : f32
  }) : (index, index, index, f32) -> (f64)`), "'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'f64'"},
		{"for_too_many_iter_args", fn("%arg0: index, %init: f32", `%x = "scf.for"(%arg0, %arg0, %arg0, %init) ({
  ^bb0(%i0 : index, %iter: f32, %iter2: f32):
    scf.yield %iter, %iter : f32, f32
  }) : (index, index, index, f32) -> (f32)`), "'scf.for' op different number of inits and region iter_args: 1 != 2"},
		{"for_too_few_yields", fn("%arg0: index, %init: f32", `%x, %x2 = "scf.for"(%arg0, %arg0, %arg0, %init, %init) ({
  ^bb0(%i0 : index, %iter: f32, %iter2: f32):
    scf.yield %iter : f32
  }) : (index, index, index, f32, f32) -> (f32, f32)`), "'scf.for' op different number of region iter_args and yielded values: 2 != 1"},
		{"for_empty_yield", fn("%arg0: index, %init: f32", `%x, %x2 = "scf.for"(%arg0, %arg0, %arg0, %init, %init) ({
  ^bb0(%i0 : index, %iter: f32, %iter2: f32):
    scf.yield
  }) : (index, index, index, f32, f32) -> (f32, f32)`), "'scf.for' op different number of region iter_args and yielded values: 2 != 0"},
		{"for_yield_type", fn("%arg0: index", `%s0 = arith.constant 0.0 : f32
%t0 = arith.constant 1.0 : f32
%r:2 = scf.for %i0 = %arg0 to %arg0 step %arg0 iter_args(%si = %s0, %ti = %t0) -> (f32, f32) {
  %ic = arith.constant 1 : i32
  scf.yield %si, %ic : f32, i32
}`), "'scf.for' op 1-th region iter_arg and 1-th yielded value have different type: 'f32' != 'i32'"},
		{"for_bad_terminator", fn("%arg0: index", `"scf.for"(%arg0, %arg0, %arg0) ({
  ^bb0(%i: index):
    "test.term"() : () -> ()
  }) : (index, index, index) -> ()`), "'scf.for' op expects regions to end with 'scf.yield', found 'test.term'"},
		{"if_not_i1", fn("%arg0: index", `"scf.if"(%arg0) ({}, {}) : (index) -> ()`), "'scf.if' op operand #0 must be 1-bit signless integer, but got 'index'"},
		{"if_three_regions", fn("%arg0: i1", `"scf.if"(%arg0) ({}, {}, {}): (i1) -> ()`), "'scf.if' op expected 2 regions"},
		{"if_two_blocks", fn("%arg0: i1", `"scf.if"(%arg0) ({
  ^bb0:
    scf.yield
  ^bb1:
    scf.yield
  }, {}): (i1) -> ()`), "'scf.if' op expects region #0 to have 0 or 1 blocks"},
		{"if_block_arg", fn("%arg0: i1", `"scf.if"(%arg0) ({
  ^bb0(%0 : index):
    scf.yield
  }, {}): (i1) -> ()`), "'scf.if' op region #0 should have no arguments"},
		{"if_incorrect_yield", fn("%arg0: i1, %arg1: f32", `%x, %y = scf.if %arg0 -> (f32, f32) {
  %0 = arith.addf %arg1, %arg1 : f32
  scf.yield %0 : f32
} else {
  %0 = arith.subf %arg1, %arg1 : f32
  scf.yield %0, %0 : f32, f32
}`), "'scf.if' op region control flow edge from Operation scf.yield to parent results: source has 1 operands, but target successor <to parent> needs 2"},
		{"if_yield_type", fn("%arg0: i1, %arg1: f32, %arg2: i32", `%x = scf.if %arg0 -> (f32) {
  scf.yield %arg2 : i32
} else {
  scf.yield %arg1 : f32
}`), "'scf.if' op along control flow edge from Operation scf.yield to parent results: source type #0 'i32' should match input type #0 'f32'"},
		{"if_missing_else", fn("%arg0: i1, %arg1: f32", `%x = scf.if %arg0 -> (f32) {
  %0 = arith.addf %arg1, %arg1 : f32
  scf.yield %0 : f32
}`), "'scf.if' op must have an else block if defining values"},
		{"yield_parent", fn("", `"my.op"() ({
  scf.yield
}) : () -> ()`), "'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'"},
		{"while_bad_terminator", fn("", `scf.while : () -> () {
  "some.other_terminator"() : () -> ()
} do {
  scf.yield
}`), "'scf.while' op expects the 'before' region to terminate with 'scf.condition'"},
		{"while_empty_region", fn("", `scf.while : () -> () {
} do {
}`), "'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks"},
		{"while_empty_block", fn("", `scf.while : () -> () {
^bb0:
} do {
^bb0:
}`), "'scf.while' op expects a non-empty block"},
		{"while_after_terminator", fn("%true: i1", `scf.while : () -> () {
  scf.condition(%true)
} do {
  "some.other_terminator"() : () -> ()
}`), "'scf.while' op expects the 'after' region to terminate with 'scf.yield'"},
		{"while_cross_count", fn("%true: i1", `scf.while : () -> () {
  scf.condition(%true)
} do {
^bb0(%arg0: i32):
  scf.yield
}`), "'scf.while' op region control flow edge from Operation scf.condition to Region #1: source has 0 operands, but target successor <to region #1 with 1 inputs> needs 1"},
		{"while_cross_type", fn("%true: i1", `%0 = scf.while : () -> (i1) {
  scf.condition(%true) %true : i1
} do {
^bb0(%arg0: i32):
  scf.yield
}`), "'scf.while' op along control flow edge from Operation scf.condition to Region #1: source type #0 'i1' should match input type #0 'i32'"},
		{"while_result_count", fn("%true: i1", `scf.while : () -> () {
  scf.condition(%true) %true : i1
} do {
^bb0(%arg0: i1):
  scf.yield
}`), "'scf.while' op region control flow edge from Operation scf.condition to parent results: source has 1 operands, but target successor <to parent> needs 0"},
		{"execute_region_args", fn("", `"scf.execute_region"() ({
^bb0(%i : i32):
  scf.yield
}) : () -> ()`), "'scf.execute_region' op region cannot have any arguments"},
		{"execute_region_empty", fn("", `"scf.execute_region"() ({
}) : () -> ()`), "'scf.execute_region' op region needs to have at least one block"},
		{"index_switch_dup", fn("%i: index", `scf.index_switch %i
case 1 {
  scf.yield
}
case 1 {
  scf.yield
}
default {
  scf.yield
}`), "'scf.index_switch' op has duplicate case value: 1"},
		{"index_switch_count", fn("%i: index", `%0 = scf.index_switch %i -> i32
default {
  scf.yield
}`), "'scf.index_switch' op expected each region to return 1 values, but default region returns 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op, err := asm.ParseString(newCtx(), c.src)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			err = ir.Verify(op)
			if err == nil {
				t.Fatalf("expected error %q", c.want)
			}
			if got := firstError(err); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	pre := "func.func @f(%i: index, %f: f32, %c: i1) {\n"
	cases := []struct{ src, want string }{
		{"%r:3 = scf.for %i0 = %i to %i step %i iter_args(%si = %f, %ti = %f) -> (f32, f32, f32) {\n}", "<string>:2:8: error: custom op 'scf.for' mismatch in number of loop-carried values and defined values"},
		{"scf.for %i0 = %i to %i {\n}", "<string>:2:24: error: expected 'step'"},
		{"scf.for %i0 = %i step %i {\n}", "<string>:2:18: error: expected 'to'"},
		{"scf.for %i0 = %i to %i step %i iter_args(%a = %f) {\n}", "<string>:2:51: error: expected '->'"},
		{"scf.for %i0 = %i to %i step %i : i32 {\n}", "<string>:2:15: error: use of value '%i' expects different type than prior uses: 'i32' vs 'index'"},
		{"scf.if %f {\n}", "<string>:2:8: error: use of value '%f' expects different type than prior uses: 'i1' vs 'f32'"},
		{"scf.while : (i32) -> () {\n  scf.condition(%c)\n} do {\n  scf.yield\n}", "<string>:2:13: error: custom op 'scf.while' expected as many input types as operands (expected 0 got 1)"},
		{"scf.while (%a = %f) : (f32) -> () {\n  scf.condition(%c)\n} {\n}", "<string>:4:3: error: expected 'do'"},
		{"scf.if %c {\n} else", "<string>:4:1: error: expected '{' to begin a region"},
		{"scf.index_switch %i\ncase x {\n}\ndefault {\n}", "<string>:3:6: error: expected integer value"},
		{"scf.condition %c", "<string>:2:15: error: expected '('"},
	}
	for _, c := range cases {
		_, err := asm.ParseString(newCtx(), pre+c.src+"\nreturn\n}")
		if err == nil {
			t.Errorf("%q: expected error", c.src)
			continue
		}
		if got := strings.SplitN(err.Error(), "\n", 2)[0]; got != c.want {
			t.Errorf("%q\n got  %s\n want %s", c.src, got, c.want)
		}
	}
}
