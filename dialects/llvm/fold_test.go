package llvm_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/pattern"
)

// TestFolding runs the greedy driver (folders, constant materialization,
// dead-code removal) and checks what remains.
func TestFolding(t *testing.T) {
	src := `llvm.func @f(%x: i32, %s: !llvm.struct<(i32, f32)>, %y: f32) -> i32 {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c6 = llvm.mlir.constant(6 : i32) : i32
  %cm = llvm.mlir.constant(-8 : i32) : i32
  %ci = llvm.mlir.constant(0 : index) : i32
  %a0 = llvm.add %x, %ci : i32
  %a = llvm.add %a0, %c0 : i32
  %b = llvm.mul %c1, %a : i32
  %c = llvm.or %b, %c0 : i32
  %d = llvm.xor %c, %c0 : i32
  %e = llvm.shl %d, %c0 : i32
  %k1 = llvm.mul %c6, %c6 : i32
  %k2 = llvm.sub %k1, %c1 : i32
  %k3 = llvm.ashr %cm, %c1 : i32
  %k4 = llvm.lshr %cm, %c1 : i32
  %k5 = llvm.sdiv %cm, %c6 : i32
  %k6 = llvm.urem %c6, %c0 : i32
  %q = llvm.icmp "slt" %cm, %c6 : i32
  %r = llvm.icmp "ult" %c6, %cm : i32
  %t = llvm.select %q, %e, %k2 : i1, i32
  %w = llvm.zext %x : i32 to i64
  %u = llvm.trunc %w : i64 to i32
  %i = llvm.insertvalue %u, %s[0] : !llvm.struct<(i32, f32)> 
  %j = llvm.insertvalue %y, %i[1] : !llvm.struct<(i32, f32)> 
  %v = llvm.extractvalue %j[0] : !llvm.struct<(i32, f32)> 
  %bc = llvm.bitcast %v : i32 to f32
  %bc2 = llvm.bitcast %bc : f32 to i32
  %m = llvm.and %bc2, %bc2 : i32
  %z = llvm.mul %m, %c0 : i32
  %s1 = llvm.add %t, %k3 : i32
  %s2 = llvm.add %s1, %k4 : i32
  %s3 = llvm.add %s2, %k5 : i32
  %s4 = llvm.add %s3, %k6 : i32
  %s5 = llvm.add %s4, %z : i32
  %s6 = llvm.select %r, %s5, %m : i1, i32
  llvm.return %s6 : i32
}`
	op, err := asm.ParseString(newContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pattern.ApplyGreedily(op, pattern.Freeze(pattern.CanonicalizationPatterns(op.Context())), pattern.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatal(err)
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	// x+0 (also with Triton's `0 : index` constants), 1*x, x|0, x^0, x<<0, trunc(zext x), extractvalue(insertvalue),
	// bitcast(bitcast x), x&x and select(true) all fold to %x; the
	// constants fold: 6*6-1 = 35, -8>>1 = -4 (ashr), 2147483644 (lshr),
	// -8/6 = -1, and x*0 = 0; urem by zero stays.
	for _, want := range []string{
		"llvm.mlir.constant(-4 : i32)",
		"llvm.mlir.constant(2147483644 : i32)",
		"llvm.mlir.constant(-1 : i32)",
		"llvm.urem",
		"llvm.add %arg0, ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	for _, gone := range []string{"llvm.mul", "llvm.or", "llvm.xor", "llvm.shl", "llvm.icmp", "llvm.select", "llvm.zext",
		"llvm.trunc", "llvm.insertvalue", "llvm.extractvalue", "llvm.bitcast", "llvm.and", "llvm.sdiv", "llvm.ashr", "llvm.lshr"} {
		if strings.Contains(got, gone) {
			t.Errorf("%s should have folded away:\n%s", gone, got)
		}
	}
}

// TestLaneFolding: extractelement of a lane an insertelement chain wrote
// is the inserted value; a chain that puts every lane j of one vector back
// into lane j is that vector (a packed result taken apart and packed
// again); a chain missing a lane, mixing vectors or moving lanes stays.
func TestLaneFolding(t *testing.T) {
	src := `llvm.func @f(%p: vector<2xf16>, %q: vector<2xf16>, %x: f16) -> i32 {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %l0 = llvm.extractelement %p[%c0 : i32] : vector<2xf16>
  %l1 = llvm.extractelement %p[%c1 : i32] : vector<2xf16>
  %m1 = llvm.extractelement %q[%c1 : i32] : vector<2xf16>
  %u = llvm.mlir.undef : vector<2xf16>
  %i0 = llvm.insertelement %l0, %u[%c0 : i32] : vector<2xf16>
  %i1 = llvm.insertelement %l1, %i0[%c1 : i32] : vector<2xf16>
  %w = llvm.bitcast %i1 : vector<2xf16> to i32
  %j1 = llvm.insertelement %m1, %i0[%c1 : i32] : vector<2xf16>
  %wm = llvm.bitcast %j1 : vector<2xf16> to i32
  %k0 = llvm.insertelement %l1, %u[%c0 : i32] : vector<2xf16>
  %k1 = llvm.insertelement %l0, %k0[%c1 : i32] : vector<2xf16>
  %ws = llvm.bitcast %k1 : vector<2xf16> to i32
  %n1 = llvm.insertelement %x, %i1[%c0 : i32] : vector<2xf16>
  %e0 = llvm.extractelement %n1[%c0 : i32] : vector<2xf16>
  %e1 = llvm.extractelement %n1[%c1 : i32] : vector<2xf16>
  %h0 = llvm.bitcast %e0 : f16 to i16
  %h1 = llvm.bitcast %e1 : f16 to i16
  %z0 = llvm.zext %h0 : i16 to i32
  %z1 = llvm.zext %h1 : i16 to i32
  %s0 = llvm.add %w, %wm : i32
  %s1 = llvm.add %s0, %ws : i32
  %s2 = llvm.add %s1, %z0 : i32
  %s3 = llvm.add %s2, %z1 : i32
  llvm.return %s3 : i32
}`
	op, err := asm.ParseString(newContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pattern.ApplyGreedily(op, pattern.Freeze(pattern.CanonicalizationPatterns(op.Context())), pattern.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatal(err)
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	for _, want := range []string{
		"llvm.bitcast %arg0 : vector<2xf16> to i32", // %w: the rebuilt %p is %p
		"llvm.bitcast %arg2 : f16 to i16",           // %e0: the lane %n1 inserted
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	// %wm (lane 1 from %q) and %ws (lanes swapped) keep their chains of
	// two insertelements (sharing %i0 = insert l0 at 0), and %e1 reads
	// lane 1 of %n1 = insert %x into %p (a fold makes no new extract of %p).
	if n := strings.Count(got, "llvm.insertelement"); n != 5 {
		t.Errorf("%d insertelements remain, want 5 (%%i0, %%j1, %%k0, %%k1, %%n1; %%i1 folded):\n%s", n, got)
	}
	if n := strings.Count(got, "llvm.extractelement"); n != 4 {
		t.Errorf("%d extractelements remain, want 4 (%%l0, %%l1, %%m1, %%e1):\n%s", n, got)
	}
}

// TestICmpExtremes: a compare of a value with an extreme of its type in
// the predicate's order folds to the answer every value gives, from
// either side; a compare whose answer depends on the value stays.
func TestICmpExtremes(t *testing.T) {
	cases := []struct {
		cmp  string // %x against %k, or %k against %x
		k    string // the constant, as an i8
		want string // "true", "false" or "" (stays)
	}{
		{`"ult" %x, %k`, "0", "false"}, {`"uge" %x, %k`, "0", "true"}, {`"ugt" %k, %x`, "0", "false"},
		{`"ule" %k, %x`, "0", "true"}, {`"ugt" %x, %k`, "-1", "false"}, {`"ule" %x, %k`, "-1", "true"},
		{`"ult" %k, %x`, "-1", "false"}, {`"slt" %x, %k`, "-128", "false"}, {`"sge" %x, %k`, "-128", "true"},
		{`"sgt" %x, %k`, "127", "false"}, {`"sle" %x, %k`, "127", "true"}, {`"sgt" %k, %x`, "-128", "false"},
		{`"slt" %k, %x`, "127", "false"},
		{`"ult" %x, %k`, "1", ""}, {`"ugt" %x, %k`, "0", ""}, {`"slt" %x, %k`, "0", ""}, {`"sgt" %x, %k`, "-1", ""},
		{`"eq" %x, %k`, "0", ""}, {`"ule" %x, %k`, "0", ""}, {`"ult" %k, %x`, "0", ""},
	}
	for _, c := range cases {
		src := `llvm.func @f(%x: i8) -> i1 {
  %k = llvm.mlir.constant(` + c.k + ` : i8) : i8
  %r = llvm.icmp ` + c.cmp + ` : i8
  llvm.return %r : i1
}`
		op, err := asm.ParseString(newContext(), src)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pattern.ApplyGreedily(op, pattern.Freeze(pattern.CanonicalizationPatterns(op.Context())), pattern.DefaultConfig()); err != nil {
			t.Fatal(err)
		}
		got := asm.Sprint(op, asm.PrintConfig{})
		switch {
		case c.want == "" && !strings.Contains(got, "llvm.icmp"):
			t.Errorf("icmp %s with %s folded, its answer depends on %%x:\n%s", c.cmp, c.k, got)
		case c.want != "" && strings.Contains(got, "llvm.icmp"):
			t.Errorf("icmp %s with %s did not fold:\n%s", c.cmp, c.k, got)
		case c.want != "" && !strings.Contains(got, "llvm.mlir.constant("+c.want+")"):
			t.Errorf("icmp %s with %s: want %s in\n%s", c.cmp, c.k, c.want, got)
		}
	}
}
