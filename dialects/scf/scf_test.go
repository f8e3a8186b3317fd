package scf_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/cf"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	scf.Load(ctx)
	cf.Load(ctx)
	function.Load(ctx)
	ctx.AllowUnregistered = true
	return ctx
}

func indent(s, pre string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if l == "" {
			continue
		}
		b.WriteString(pre + l + "\n")
	}
	return b.String()
}

// roundTrip checks print == want, the fixed point, and the generic round
// trip.
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
		t.Fatalf("verify generic: %v\n%s", err, generic)
	}
	if back := asm.Sprint(op3, asm.PrintConfig{}); back != got {
		t.Fatalf("generic round trip:\n%s\n%s", cmp.Diff(got, back), generic)
	}
}

func TestRoundTrip(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"for_index", `func.func @f(%lb: index, %ub: index, %s: index) {
  scf.for %i = %lb to %ub step %s {
  }
  return
}`, `func.func @f(%arg0: index, %arg1: index, %arg2: index) {
  scf.for %arg3 = %arg0 to %arg1 step %arg2 {
  }
  return
}`},
		{"for_i32_iter_args", `func.func @f(%lb: i32, %ub: i32, %s: i32, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (f32) : i32 {
    %y = arith.addf %acc, %acc : f32
    scf.yield %y : f32
  }
  return %r : f32
}`, `func.func @f(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: f32) -> f32 {
  %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (f32)  : i32 {
    %1 = arith.addf %arg5, %arg5 : f32
    scf.yield %1 : f32
  }
  return %0 : f32
}`},
		{"for_unsigned_attrs", `func.func @f(%lb: i32, %ub: i32, %s: i32) {
  scf.for unsigned %i = %lb to %ub step %s : i32 {
    "test.use"(%i) : (i32) -> ()
  } {tt.num_stages = 3 : i32}
  return
}`, `func.func @f(%arg0: i32, %arg1: i32, %arg2: i32) {
  scf.for unsigned %arg3 = %arg0 to %arg1 step %arg2  : i32 {
    "test.use"(%arg3) : (i32) -> ()
  } {tt.num_stages = 3 : i32}
  return
}`},
		{"for_multi_results", `func.func @f(%lb: index, %ub: index, %s: index, %a: f32, %b: i32) -> (f32, i32) {
  %r:2 = scf.for %i = %lb to %ub step %s iter_args(%x = %a, %y = %b) -> (f32, i32) {
    scf.yield %x, %y : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}`, `func.func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32) -> (f32, i32) {
  %0:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3, %arg7 = %arg4) -> (f32, i32) {
    scf.yield %arg6, %arg7 : f32, i32
  }
  return %0#0, %0#1 : f32, i32
}`},
		{"if_no_results", `func.func @f(%c: i1) {
  scf.if %c {
    "test.a"() : () -> ()
  }
  scf.if %c {
    "test.b"() : () -> ()
  } else {
    "test.c"() : () -> ()
  }
  return
}`, `func.func @f(%arg0: i1) {
  scf.if %arg0 {
    "test.a"() : () -> ()
  }
  scf.if %arg0 {
    "test.b"() : () -> ()
  } else {
    "test.c"() : () -> ()
  }
  return
}`},
		{"if_results", `func.func @if_multiple_sel(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
  %2 = scf.if %arg0 -> i32 {
    %3 = arith.subi %arg1, %arg2 : i32
    scf.yield %3 : i32
  } else {
    scf.yield %arg1 : i32
  } {attr = 1 : i32}
  return %2 : i32
}`, `func.func @if_multiple_sel(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
  %0 = scf.if %arg0 -> (i32) {
    %1 = arith.subi %arg1, %arg2 : i32
    scf.yield %1 : i32
  } else {
    scf.yield %arg1 : i32
  } {attr = 1 : i32}
  return %0 : i32
}`},
		{"if_two_results", `func.func @f(%c: i1, %a: i32) -> (i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    scf.yield %a, %a : i32, i32
  } else {
    scf.yield %a, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}`, `func.func @f(%arg0: i1, %arg1: i32) -> (i32, i32) {
  %0:2 = scf.if %arg0 -> (i32, i32) {
    scf.yield %arg1, %arg1 : i32, i32
  } else {
    scf.yield %arg1, %arg1 : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}`},
		{"while", `func.func @hoist(%arg1: i32, %arg2: i32, %cst: tensor<1024xf32>) {
  %0 = scf.while (%arg3 = %cst) : (tensor<1024xf32>) -> tensor<1024xf32> {
    %c42_i32 = arith.constant 42 : i32
    %1 = arith.addi %arg1, %c42_i32 : i32
    %2 = arith.cmpi slt, %1, %arg2 : i32
    scf.condition(%2) %arg3 : tensor<1024xf32>
  } do {
  ^bb0(%arg3: tensor<1024xf32>):
    %2 = arith.addf %arg3, %arg3 : tensor<1024xf32>
    scf.yield %2 : tensor<1024xf32>
  }
  return
}`, `func.func @hoist(%arg0: i32, %arg1: i32, %arg2: tensor<1024xf32>) {
  %0 = scf.while (%arg3 = %arg2) : (tensor<1024xf32>) -> tensor<1024xf32> {
    %c42_i32 = arith.constant 42 : i32
    %1 = arith.addi %arg0, %c42_i32 : i32
    %2 = arith.cmpi slt, %1, %arg1 : i32
    scf.condition(%2) %arg3 : tensor<1024xf32>
  } do {
  ^bb0(%arg3: tensor<1024xf32>):
    %1 = arith.addf %arg3, %arg3 : tensor<1024xf32>
    scf.yield %1 : tensor<1024xf32>
  }
  return
}`},
		{"while_no_args", `func.func @f(%c: i1) {
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  } attributes {foo}
  return
}`, `func.func @f(%arg0: i1) {
  scf.while : () -> () {
    scf.condition(%arg0)
  } do {
    scf.yield
  } attributes {foo}
  return
}`},
		{"execute_region", `func.func @f() -> i32 {
  %0 = scf.execute_region -> i32 {
    %x = "test.val"() : () -> i32
    scf.yield %x : i32
  }
  scf.execute_region no_inline {
    cf.br ^bb1
  ^bb1:
    scf.yield
  }
  return %0 : i32
}`, `func.func @f() -> i32 {
  %0 = scf.execute_region -> i32 {
    %1 = "test.val"() : () -> i32
    scf.yield %1 : i32
  }
  scf.execute_region no_inline {
    cf.br ^bb1
  ^bb1:  // pred: ^bb0
    scf.yield
  }
  return %0 : i32
}`},
		{"index_switch", `func.func @f(%i: index) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 2 {
    %1 = arith.constant 10 : i32
    scf.yield %1 : i32
  }
  case -5 {
    %2 = arith.constant 20 : i32
    scf.yield %2 : i32
  }
  default {
    %3 = arith.constant 30 : i32
    scf.yield %3 : i32
  }
  scf.index_switch %i
  default {
  }
  return %0 : i32
}`, `func.func @f(%arg0: index) -> i32 {
  %0 = scf.index_switch %arg0 -> i32 
  case 2 {
    %c10_i32 = arith.constant 10 : i32
    scf.yield %c10_i32 : i32
  }
  case -5 {
    %c20_i32 = arith.constant 20 : i32
    scf.yield %c20_i32 : i32
  }
  default {
    %c30_i32 = arith.constant 30 : i32
    scf.yield %c30_i32 : i32
  }
  scf.index_switch %arg0 
  default {
  }
  return %0 : i32
}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			roundTrip(t, c.in, "module {\n"+indent(c.want, "  ")+"}\n")
		})
	}
}
