package cf_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/cf"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	cf.Load(ctx)
	function.Load(ctx)
	ctx.AllowUnregistered = true
	return ctx
}

func indent(s, pre string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		b.WriteString(pre + l + "\n")
	}
	return b.String()
}

func roundTrip(t *testing.T, src, want string) {
	t.Helper()
	ctx := newCtx()
	op, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatalf("verify: %v", err)
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	op2, err := asm.ParseString(ctx, got)
	if err != nil {
		t.Fatalf("reparse: %v", err)
	}
	if again := asm.Sprint(op2, asm.PrintConfig{}); again != got {
		t.Fatalf("not a fixed point:\n%s", cmp.Diff(got, again))
	}
	generic := asm.Sprint(op2, asm.PrintConfig{Generic: true})
	op3, err := asm.ParseString(ctx, generic)
	if err != nil {
		t.Fatalf("reparse generic: %v\n%s", err, generic)
	}
	if err := ir.Verify(op3); err != nil {
		t.Fatalf("verify generic: %v", err)
	}
	if back := asm.Sprint(op3, asm.PrintConfig{}); back != got {
		t.Fatalf("generic round trip:\n%s\n%s", cmp.Diff(got, back), generic)
	}
}

func TestRoundTrip(t *testing.T) {
	src := `func.func @f(%arg0: i1, %arg1: i32, %arg2: f32) -> i32 {
  cf.assert %arg0, "must hold"
  cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
^bb1(%0: i32):  // pred: ^bb0
  cf.br ^bb3(%0, %arg2 : i32, f32)
^bb2:  // pred: ^bb0
  cf.switch %arg1 : i32, [
    default: ^bb3(%arg1, %arg2 : i32, f32),
    42: ^bb4,
    4294967295: ^bb3(%arg1, %arg2 : i32, f32)
  ]
^bb3(%1: i32, %2: f32):  // 3 preds: ^bb1, ^bb2, ^bb2
  cf.br ^bb4 {attr}
^bb4:  // 2 preds: ^bb2, ^bb3
  return %arg1 : i32
}`
	in := strings.Replace(src, "4294967295:", "-1:", 1)
	roundTrip(t, in, "module {\n"+indent(src, "  ")+"}\n")
}

// TestMatmulLoop is the loop of the matmul kernel after convert-scf-to-cf
// (kernels/passes/matmul.gfx942.passes.mlir), with the tt/ttg ops in
// generic form.
func TestMatmulLoop(t *testing.T) {
	src := `module {
  func.func @matmul(%K: i32, %acc: tensor<128x128xf32>, %b_ptrs: tensor<64x128x!tt.ptr<f16>>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c63_i32 = arith.constant 63 : i32
    %c64_i32 = arith.constant 64 : i32
    %0 = arith.addi %K, %c63_i32 : i32
    %1 = arith.divsi %0, %c64_i32 : i32
    cf.br ^bb1(%c0_i32, %acc, %b_ptrs : i32, tensor<128x128xf32>, tensor<64x128x!tt.ptr<f16>>)
  ^bb1(%acc_48: i32, %acc_49: tensor<128x128xf32>, %b_ptrs_50: tensor<64x128x!tt.ptr<f16>>):  // 2 preds: ^bb0, ^bb2
    %acc_52 = arith.cmpi slt, %acc_48, %1 : i32
    cf.cond_br %acc_52, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %a = arith.muli %acc_48, %c64_i32 : i32
    %a_53 = arith.subi %K, %a : i32
    %acc_66 = "tt.dot"(%acc_49, %acc_49, %acc_49) : (tensor<128x128xf32>, tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
    %acc_69 = arith.addi %acc_48, %c1_i32 : i32
    cf.br ^bb1(%acc_69, %acc_66, %b_ptrs_50 : i32, tensor<128x128xf32>, tensor<64x128x!tt.ptr<f16>>)
  ^bb3:  // pred: ^bb1
    %c = arith.truncf %acc_49 : tensor<128x128xf32> to tensor<128x128xf16>
    return
  }
}
`
	want := `module {
  func.func @matmul(%arg0: i32, %arg1: tensor<128x128xf32>, %arg2: tensor<64x128x!tt.ptr<f16>>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c63_i32 = arith.constant 63 : i32
    %c64_i32 = arith.constant 64 : i32
    %0 = arith.addi %arg0, %c63_i32 : i32
    %1 = arith.divsi %0, %c64_i32 : i32
    cf.br ^bb1(%c0_i32, %arg1, %arg2 : i32, tensor<128x128xf32>, tensor<64x128x!tt.ptr<f16>>)
  ^bb1(%2: i32, %3: tensor<128x128xf32>, %4: tensor<64x128x!tt.ptr<f16>>):  // 2 preds: ^bb0, ^bb2
    %5 = arith.cmpi slt, %2, %1 : i32
    cf.cond_br %5, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %6 = arith.muli %2, %c64_i32 : i32
    %7 = arith.subi %arg0, %6 : i32
    %8 = "tt.dot"(%3, %3, %3) : (tensor<128x128xf32>, tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
    %9 = arith.addi %2, %c1_i32 : i32
    cf.br ^bb1(%9, %8, %4 : i32, tensor<128x128xf32>, tensor<64x128x!tt.ptr<f16>>)
  ^bb3:  // pred: ^bb1
    %10 = arith.truncf %3 : tensor<128x128xf32> to tensor<128x128xf16>
    return
  }
}
`
	roundTrip(t, src, want)
}

func TestVerifierErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{`func.func @f(%a: i32) {
  cf.br ^bb1(%a : i32)
^bb1:
  return
}`, "branch has 1 operands for successor #0, but target block has 0"},
		{`func.func @f(%a: i32) {
  cf.br ^bb1(%a : i32)
^bb1(%x: f32):
  return
}`, "type mismatch for bb argument #0 of successor #0"},
		{`func.func @f(%a: i32, %c: i1) {
  cf.cond_br %c, ^bb1, ^bb1(%a : i32)
^bb1:
  return
}`, "branch has 1 operands for successor #1, but target block has 0"},
		{`func.func @f(%a: i32) {
  "cf.cond_br"(%a)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}`, "'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'"},
		{`func.func @f(%c: i1) {
  "cf.cond_br"(%c)[^bb1, ^bb1] : (i1) -> ()
^bb1:
  return
}`, "'cf.cond_br' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'"},
		{`func.func @f(%c: i1) {
  "cf.assert"(%c) : (i1) -> ()
  return
}`, "'cf.assert' op requires attribute 'msg'"},
		{`func.func @f(%c: i64) {
  "cf.switch"(%c)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> ()
^bb1:
  return
}`, "'cf.switch' op 'flag' type ('i64') should match case value type ('i32')"},
		{`func.func @f(%c: i32, %a: i32) {
  "cf.switch"(%c, %a)[^bb1, ^bb2] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
^bb1:
  return
^bb2(%x: i32):
  return
}`, "'cf.switch' op caseOperands count (1) does not match with the total size (0) specified in attribute 'case_operand_segments'"},
		{`func.func @f(%c: i32, %a: i32) {
  "cf.switch"(%c, %a)[^bb1, ^bb2, ^bb2] <{case_operand_segments = array<i32: 2, -1>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
^bb1:
  return
^bb2(%x: i32):
  return
}`, "'cf.switch' op 'case_operand_segments' attribute cannot have negative elements"},
	}
	for _, c := range cases {
		op, err := asm.ParseString(newCtx(), c.src)
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		err = ir.Verify(op)
		if err == nil {
			t.Errorf("expected %q", c.want)
			continue
		}
		got := err.Error()
		if i := strings.Index(got, "error: "); i >= 0 {
			got = got[i+7:]
		}
		got = strings.SplitN(got, "\n", 2)[0]
		if got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	pre := "func.func @f(%c: i1, %a: i32) {\n"
	cases := []struct{ src, want string }{
		{"cf.br", "<string>:3:1: error: expected block name"},
		{"cf.br ^bb1(%a)\n^bb1(%x: i32):", "<string>:2:14: error: expected ':'"},
		{"cf.cond_br %c ^bb1, ^bb1\n^bb1:", "<string>:2:15: error: expected ','"},
		{"cf.cond_br %a, ^bb1, ^bb1\n^bb1:", "<string>:2:12: error: use of value '%a' expects different type than prior uses: 'i1' vs 'i32'"},
		{"cf.assert %c", "<string>:3:1: error: expected ','"},
		{"cf.assert %c, 42", "<string>:2:15: error: custom op 'cf.assert' expected string"},
		{"cf.switch %a : i32, [\n 1: ^bb1\n]\n^bb1:", "<string>:3:2: error: expected 'default'"},
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

func TestCanonicalize(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"merge_single_pred", `func.func @f(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %x : i32
  return %y : i32
}`, `func.func @f(%arg0: i32) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  return %0 : i32
}`},
		{"const_cond", `func.func @f(%a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}`, `func.func @f(%arg0: i32, %arg1: i32) -> i32 {
  return %arg0 : i32
}`},
		{"identical_successors", `func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}`, `func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
  %0 = arith.select %arg0, %arg1, %arg2 : i32
  return %0 : i32
}`},
		{"pass_through", `func.func @f(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  "test.x"() : () -> ()
  cf.br ^bb3(%a : i32)
^bb3(%x: i32):
  return %x : i32
}`, `func.func @f(%arg0: i1, %arg1: i32) -> i32 {
  cf.cond_br %arg0, ^bb2(%arg1 : i32), ^bb1
^bb1:  // pred: ^bb0
  "test.x"() : () -> ()
  cf.br ^bb2(%arg1 : i32)
^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
  return %0 : i32
}`},
		{"assert_true", `func.func @f() {
  %t = arith.constant true
  cf.assert %t, "ok"
  return
}`, `func.func @f() {
  return
}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := newCtx()
			op, err := asm.ParseString(ctx, c.src)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			canonicalize(op, true)
			removeUnreachable(op)
			if err := ir.Verify(op); err != nil {
				t.Fatalf("verify: %v\n%s", err, asm.Sprint(op, asm.PrintConfig{}))
			}
			if d := cmp.Diff("module {\n"+indent(c.want, "  ")+"}\n", asm.Sprint(op, asm.PrintConfig{})); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// removeUnreachable erases blocks without predecessors (the region
// simplification the greedy driver does after patterns).
func removeUnreachable(root *ir.Operation) {
	for changed := true; changed; {
		changed = false
		ir.WalkOps(root, func(o *ir.Operation) {
			for _, r := range o.Regions() {
				for _, b := range r.Blocks() {
					if !b.IsEntry() && !b.HasPredecessors() {
						b.Erase()
						changed = true
					}
				}
			}
		})
	}
}

func TestSuccessorOperands(t *testing.T) {
	src := `func.func @f(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b, %a : i32, i32)
^bb1(%x: i32):
  cf.switch %x : i32, [
    default: ^bb2(%x, %x : i32, i32),
    1: ^bb3,
    2: ^bb2(%a, %b : i32, i32)
  ]
^bb2(%y: i32, %z: i32):
  cf.br ^bb3
^bb3:
  return
}`
	op, err := asm.ParseString(newCtx(), src)
	if err != nil {
		t.Fatal(err)
	}
	var got [][]int
	ir.WalkOps(op, func(o *ir.Operation) {
		if h := o.Def().SuccessorOperands; h != nil {
			for i := 0; i < o.NumSuccessors(); i++ {
				got = append(got, h(o, i))
			}
		}
	})
	want := [][]int{{1}, {2, 3}, {1, 2}, {}, {3, 4}, {}}
	if d := cmp.Diff(want, got); d != "" {
		t.Error(d)
	}
}

// TestEraseSuccessorOperands erases several forwarded operands of a
// successor at once and checks the branch against erasing them one by
// one (last first): the same operands and operand counts, for cond_br's
// segments and switch's per-case counts.
func TestEraseSuccessorOperands(t *testing.T) {
	src := `func.func @f(%c: i1, %a: i32, %b: i32, %d: i32) {
  cf.cond_br %c, ^bb1(%a, %b, %d : i32, i32, i32), ^bb2(%b, %a, %d : i32, i32, i32)
^bb1(%x: i32, %x2: i32, %x3: i32):
  cf.switch %x : i32, [
    default: ^bb2(%x, %x2, %x3 : i32, i32, i32),
    1: ^bb2(%d, %a, %b : i32, i32, i32),
    2: ^bb2(%a, %b, %x3 : i32, i32, i32)
  ]
^bb2(%y: i32, %z: i32, %w: i32):
  return
}`
	cases := []struct {
		op   string
		succ int
		js   []int
	}{
		{"cf.cond_br", 0, []int{0, 2}},
		{"cf.cond_br", 1, []int{1}},
		{"cf.cond_br", 1, []int{0, 1, 2}},
		{"cf.switch", 0, []int{1, 2}},
		{"cf.switch", 1, []int{0, 2}},
		{"cf.switch", 2, []int{0}},
	}
	// edit parses src, erases c.js from the branch (none, one by one, or
	// at once) and returns the branch printed with its successors'
	// operand indices, and its operand count.
	edit := func(op string, succ int, js []int, batch bool) (string, int) {
		m, err := asm.ParseString(newCtx(), src)
		if err != nil {
			t.Fatal(err)
		}
		var br *ir.Operation
		ir.WalkOps(m, func(o *ir.Operation) {
			if o.Name() == op {
				br = o
			}
		})
		if batch {
			ir.EraseSuccessorOperands(br, succ, js)
		} else {
			for k := len(js) - 1; k >= 0; k-- {
				ir.EraseSuccessorOperand(br, succ, js[k])
			}
		}
		var idx [][]int
		for i := 0; i < br.NumSuccessors(); i++ {
			idx = append(idx, br.Def().SuccessorOperands(br, i))
		}
		return fmt.Sprint(asm.Sprint(m, asm.PrintConfig{}), idx), br.NumOperands()
	}
	for _, c := range cases {
		_, before := edit(c.op, c.succ, nil, false)
		want, _ := edit(c.op, c.succ, c.js, false)
		got, after := edit(c.op, c.succ, c.js, true)
		if got != want {
			t.Errorf("%s successor %d, erasing %v: got\n%s\nwant\n%s", c.op, c.succ, c.js, got, want)
		}
		if after != before-len(c.js) {
			t.Errorf("%s successor %d, erasing %v: %d operands, want %d", c.op, c.succ, c.js, after, before-len(c.js))
		}
	}
}
