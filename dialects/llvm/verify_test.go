package llvm_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func wrap(body string) string {
	return `llvm.func @g(i32) -> i32
llvm.func @f(%p: !llvm.ptr<1>, %i: i32, %x: f32, %l: i64, %s: !llvm.struct<(i32, f32)>, %v: vector<4xf32>) {
` + body + `
  llvm.return
}`
}

// TestVerifierErrors checks located diagnostics for malformed ops.
func TestVerifierErrors(t *testing.T) {
	cases := []struct{ body, want string }{
		{`%0 = llvm.add %x, %x : f32`, "operand #0 must be signless integer"},
		{`%0 = llvm.fadd %i, %i : i32`, "must be floating point LLVM type"},
		{`%0 = llvm.icmp "olt" %i, %i : i32`, "'olt' is an incorrect value of the 'predicate' attribute"},
		{`%0 = llvm.icmp slt %i, %i : i32`, "expected attribute value"},
		{`%0 = llvm.fcmp "olt" %i, %i : i32`, "must be floating point LLVM type"},
		{`%0 = llvm.zext %l : i64 to i32`, "integer width of the output type is smaller or equal"},
		{`%0 = llvm.trunc %i : i32 to i64`, "integer width of the output type is larger or equal"},
		{`%0 = llvm.bitcast %l : i64 to f32`, "invalid cast between types of different sizes"},
		{`%0 = llvm.bitcast %p : !llvm.ptr<1> to !llvm.ptr<3>`, "use 'llvm.addrspacecast' instead"},
		{`%0 = llvm.extractvalue %s[2] : !llvm.struct<(i32, f32)> `, "position out of bounds: 2"},
		{`%0 = llvm.insertvalue %x, %s[0] : !llvm.struct<(i32, f32)> `, "use of value '%x' expects different type"},
		{`%0 = llvm.getelementptr %p[%i, %i] : (!llvm.ptr<1>, i32, i32) -> !llvm.ptr<1>, !llvm.struct<(i32, f32)>`, "expected index to be an integer constant when indexing into a struct"},
		{`%0 = llvm.getelementptr %p[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<3>, f32`, "address space of the base pointer"},
		{`%0 = llvm.load %p atomic acquire : !llvm.ptr<1> -> f32`, "expected alignment for atomic access"},
		{`llvm.store %x, %p atomic acquire {alignment = 4 : i64} : f32, !llvm.ptr<1>`, "unsupported ordering 'acquire'"},
		{`%0 = llvm.atomicrmw fadd %p, %i monotonic : !llvm.ptr<1>, i32`, "expected LLVM IR floating point type"},
		{`%0 = llvm.atomicrmw add %p, %i not_atomic : !llvm.ptr<1>, i32`, "expected at least 'monotonic' ordering"},
		{`%0 = llvm.cmpxchg %p, %i, %i acq_rel release : !llvm.ptr<1>, i32`, "failure ordering cannot be 'release'"},
		{`llvm.fence monotonic`, "can be given only acquire, release, acq_rel, and seq_cst orderings"},
		{`%0 = llvm.mlir.constant(1 : i32) : f32`, "expected integer type"},
		{`%0 = llvm.mlir.constant(1.0 : f32) : i32`, "expected float type"},
		{`%0 = llvm.mlir.constant("ab") : !llvm.array<3 x i8>`, "expected array type of length 2"},
		{`%0 = llvm.mlir.addressof @nothing : !llvm.ptr`, "must reference a global defined by 'llvm.mlir.global' or 'llvm.func'"},
		{`%0 = llvm.call @g(%x) : (f32) -> i32`, "operand type mismatch for operand 0"},
		{`%0 = llvm.call @nothing(%x) : (f32) -> i32`, "'nothing' does not reference a valid LLVM function"},
		{`%0 = llvm.extractelement %v[%i : i32] : vector<4xf32>
  %1 = llvm.select %0, %x, %x : f32, f32`, "operand #0 must be 1-bit signless integer"},
		{`llvm.br ^bb1(%x : f32)
^bb1(%a: i32):
  llvm.return`, "type mismatch for bb argument #0 of successor #0"},
		{`%0 = llvm.load %p : !llvm.ptr<1> -> !llvm.void`, "result #0 must be LLVM type with size"},
		{`llvm.cond_br %i, ^bb1, ^bb1
^bb1:
  llvm.return`, "use of value '%i' expects different type"},
		{`"llvm.switch"(%i, %i)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
^bb1:`, "caseOperands count (1) does not match with the total size (0) specified in attribute 'case_operand_segments'"},
	}
	for _, c := range cases {
		op, err := asm.Parse(newContext(), wrap("  "+c.body), asm.ParseConfig{Filename: "t.mlir"})
		if err == nil {
			err = ir.Verify(op)
		}
		if err == nil {
			t.Errorf("%s: no error, want %q", c.body, c.want)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.want) || !strings.Contains(msg, "t.mlir:") {
			t.Errorf("%s:\n got: %s\nwant: %s", c.body, msg, c.want)
		}
	}
}

// TestTypeSyntax checks the LLVM type syntax, errors included.
func TestTypeSyntax(t *testing.T) {
	ctx := newContext()
	ctx.AllowUnregistered = true
	for _, s := range []string{
		"!llvm.ptr", "!llvm.ptr<3>", "!llvm.void", "!llvm.token", "!llvm.array<4 x i32>",
		"!llvm.array<2 x array<3 x ptr<1>>>", "!llvm.struct<(i32, ptr, vector<2xf16>)>", "!llvm.struct<packed (i8, i32)>",
		`!llvm.struct<"named", (i32, f32)>`, `!llvm.struct<"opq", opaque>`, "!llvm.struct<()>",
		"!llvm.func<void (ptr<1>, i32)>", "!llvm.func<i32 (ptr, ...)>", "!llvm.func<struct<(i32, i1)> ()>",
	} {
		op, err := asm.ParseString(ctx, `"t.use"() : () -> `+s)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		if got := asm.TypeString(op.Region(0).Front().First().Result(0).Type()); got != s {
			t.Errorf("printed %s as %s", s, got)
		}
	}
	for _, c := range []struct{ src, want string }{
		{"!llvm.ptr<x>", "expected integer"},
		{"!llvm.array<4 x void>", "invalid array element type"},
		{"!llvm.struct<(i32, void)>", "invalid LLVM structure element type"},
		{"!llvm.func<void (void)>", "invalid function argument type"},
		{"!llvm.func<void (..., i32)>", "variadic argument list must be last"},
		{"!llvm.frob", "unknown LLVM type: frob"},
	} {
		_, err := asm.ParseString(ctx, `"t.use"() : () -> `+c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.src, err, c.want)
		}
	}
}
