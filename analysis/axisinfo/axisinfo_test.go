package axisinfo_test

import (
	"testing"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// analyze parses src and returns the analysis with a lookup of the values
// whose defining op carries a name location (`loc("name")`).
func analyze(t *testing.T, src string) (*axisinfo.Module, map[string]ir.Value, *ir.Operation) {
	t.Helper()
	module, err := asm.ParseString(all.NewContext(), src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(module); err != nil {
		t.Fatalf("verify: %v", err)
	}
	named := map[string]ir.Value{}
	ir.WalkOps(module, func(op *ir.Operation) {
		if l, ok := op.Loc().(*ir.NameLoc); ok && op.NumResults() > 0 {
			named[l.Name] = op.Result(0)
		}
	})
	return axisinfo.Analyze(module), named, module
}

// want is an expected lattice value; constant < 0 means none.
type want struct {
	contig, div, constancy []int64
	constant               int64
}

// zeroDiv is the divisibility Triton gives 0: the highest power of 2 its
// type can hold below the sign bit, 1<<62 for int64 constants and 1<<30 for
// make_range's 32-bit start.
const zeroDiv32 = int64(1) << 30

func check(t *testing.T, m *axisinfo.Module, named map[string]ir.Value, name string, w want) {
	t.Helper()
	v, ok := named[name]
	if !ok {
		t.Fatalf("no value named %q", name)
	}
	got, ok := m.Info(v)
	if !ok {
		t.Fatalf("%s: no axis info", name)
	}
	exp := axisinfo.NewInfo(w.contig, w.div, w.constancy)
	if w.constant >= 0 {
		exp = exp.WithConstant(w.constant)
	}
	if !got.Equal(exp) {
		t.Errorf("%s:\n got  %s\n want %s", name, got, exp)
	}
}

func v(x ...int64) []int64 { return x }

func TestMakeRangeSplatAddptr(t *testing.T) {
	m, named, _ := analyze(t, `
tt.func @f(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %q: !tt.ptr<f16>) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32> loc("r")
  %r64 = tt.make_range {end = 128 : i32, start = 64 : i32} : tensor<64xi32> loc("r64")
  %sn = tt.splat %n : i32 -> tensor<128xi32> loc("sn")
  %sp = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>> loc("sp")
  %a = tt.addptr %sp, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32> loc("a")
  %sq = tt.splat %q : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>> loc("sq")
  %b = tt.addptr %sq, %r : tensor<128x!tt.ptr<f16>>, tensor<128xi32> loc("b")
  %o = arith.addi %r, %sn : tensor<128xi32> loc("o")
  %c = tt.addptr %sp, %o : tensor<128x!tt.ptr<f32>>, tensor<128xi32> loc("c")
  %d = tt.addptr %c, %sn : tensor<128x!tt.ptr<f32>>, tensor<128xi32> loc("d")
  tt.return
}`)
	// make_range: contiguous over its length, divisible by the start's
	// largest power of 2 (start 0: 1<<30, from its 32-bit attribute), not
	// constant.
	check(t, m, named, "r", want{v(128), v(zeroDiv32), v(1), -1})
	check(t, m, named, "r64", want{v(64), v(64), v(1), -1})
	// splat: constant along the whole dim, divisibility of the scalar.
	check(t, m, named, "sn", want{v(1), v(16), v(128), -1})
	check(t, m, named, "sp", want{v(1), v(16), v(128), -1})
	// addptr: divisibility in bytes, offsets scaled by the element size.
	check(t, m, named, "a", want{v(128), v(16), v(1), -1})
	// no hint on %q: a pointer is only assumed 1-byte aligned.
	check(t, m, named, "b", want{v(128), v(1), v(1), -1})
	// range + splat(n): still contiguous, divisible by gcd(max, 16).
	check(t, m, named, "o", want{v(128), v(16), v(1), -1})
	// p + 4*(range + n): 16-byte aligned start of 128 contiguous floats.
	check(t, m, named, "c", want{v(128), v(16), v(1), -1})
	// adding splat(n) again keeps contiguity, divisibility gcd(16, 64).
	check(t, m, named, "d", want{v(128), v(16), v(1), -1})
}

func TestMulByConstants(t *testing.T) {
	m, named, _ := analyze(t, `
tt.func @f(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %c4 = arith.constant dense<4> : tensor<128xi32> loc("c4")
  %c1 = arith.constant dense<1> : tensor<128xi32>
  %c6 = arith.constant 6 : i32 loc("c6")
  %m4 = arith.muli %r, %c4 : tensor<128xi32> loc("m4")
  %m1 = arith.muli %r, %c1 : tensor<128xi32> loc("m1")
  %pid = tt.get_program_id x : i32 loc("pid")
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32 loc("start")
  %s6 = arith.muli %c6, %c1024 : i32 loc("s6")
  %ss = tt.splat %start : i32 -> tensor<128xi32>
  %off = arith.addi %ss, %r : tensor<128xi32> loc("off")
  %sp = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %a = tt.addptr %sp, %m4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32> loc("a")
  %sh = arith.shli %r, %c4 : tensor<128xi32> loc("sh")
  %dv = arith.divsi %off, %c4 : tensor<128xi32> loc("dv")
  %rm = arith.remsi %off, %c4 : tensor<128xi32> loc("rm")
  tt.return
}`)
	check(t, m, named, "c4", want{v(1), v(4), v(128), 4})
	check(t, m, named, "c6", want{v(1), v(2), v(1), 6})
	// [0, 4, 8, ...]: not contiguous, divisible by 4 (the range's own
	// divisibility counts as 1 once it is contiguous).
	check(t, m, named, "m4", want{v(1), v(4), v(1), -1})
	// x * 1 = x.
	check(t, m, named, "m1", want{v(128), v(zeroDiv32), v(1), -1})
	check(t, m, named, "pid", want{v(1), v(1), v(1), -1})
	check(t, m, named, "start", want{v(1), v(1024), v(1), -1})
	check(t, m, named, "s6", want{v(1), v(2048), v(1), 6144})
	check(t, m, named, "off", want{v(128), v(1024), v(1), -1})
	// p + 4*4*i bytes: strided, 16-byte aligned.
	check(t, m, named, "a", want{v(1), v(16), v(1), -1})
	// r << 4: divisible by 16.
	check(t, m, named, "sh", want{v(1), v(16), v(1), -1})
	// (pid*1024 + r) / 4: runs of 4 equal values, contiguity lost.
	check(t, m, named, "dv", want{v(1), v(1), v(4), -1})
	// (pid*1024 + r) % 4: contiguous in runs of 4; the divisibility is
	// gcd(1024, 4), Triton's (loose) bound for the start of each run.
	check(t, m, named, "rm", want{v(4), v(4), v(1), -1})
}

func TestMasksFromCompares(t *testing.T) {
	m, named, _ := analyze(t, `
tt.func @f(%n: i32 {tt.divisibility = 16 : i32}, %k: i32) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %sn = tt.splat %n : i32 -> tensor<1024xi32>
  %sk = tt.splat %k : i32 -> tensor<1024xi32>
  %m16 = arith.cmpi slt, %r, %sn : tensor<1024xi32> loc("m16")
  %m1 = arith.cmpi slt, %r, %sk : tensor<1024xi32> loc("m1")
  %mge = arith.cmpi sge, %r, %sn : tensor<1024xi32> loc("mge")
  %msgt = arith.cmpi sgt, %sn, %r : tensor<1024xi32> loc("msgt")
  %meq = arith.cmpi eq, %r, %sn : tensor<1024xi32> loc("meq")
  %and = arith.andi %m16, %m1 : tensor<1024xi1> loc("and")
  %sel = arith.select %m16, %r, %sn : tensor<1024xi1>, tensor<1024xi32> loc("sel")
  tt.return
}`)
	// contiguous < splat(n): the predicate changes at most every
	// gcd(1024, 16) elements.
	check(t, m, named, "m16", want{v(1), v(1), v(16), -1})
	// n of unknown divisibility: every element may differ.
	check(t, m, named, "m1", want{v(1), v(1), v(1), -1})
	check(t, m, named, "mge", want{v(1), v(1), v(16), -1})
	// splat > contiguous is the mirrored case.
	check(t, m, named, "msgt", want{v(1), v(1), v(16), -1})
	// equality gives no runs.
	check(t, m, named, "meq", want{v(1), v(1), v(1), -1})
	check(t, m, named, "and", want{v(1), v(1), v(1), -1})
	// select(mask, range, splat): contiguity is the gcd of the operands'
	// and the mask's runs (1); once it shrinks, divisibility is capped by
	// it.
	check(t, m, named, "sel", want{v(1), v(1), v(1), -1})
}

func TestLoopCarriedPointers(t *testing.T) {
	m, named, module := analyze(t, `
tt.func @f(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32, %step: i32 {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %sp = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %a = tt.addptr %sp, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %c256 = arith.constant dense<256> : tensor<256xi32>
  %c3 = arith.constant dense<3> : tensor<256xi32>
  %res:2 = scf.for %i = %c0 to %n step %c64 iter_args(%q = %a, %u = %a) -> (tensor<256x!tt.ptr<f32>>, tensor<256x!tt.ptr<f32>>) : i32 {
    %iv = arith.addi %i, %c0 : i32 loc("iv")
    %q2 = tt.addptr %q, %c256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32> loc("q2")
    %u2 = tt.addptr %u, %c3 : tensor<256x!tt.ptr<f32>>, tensor<256xi32> loc("u2")
    scf.yield %q2, %u2 : tensor<256x!tt.ptr<f32>>, tensor<256x!tt.ptr<f32>>
  } loc("loop")
  %s = tt.splat %step : i32 -> tensor<256xi32>
  %w = scf.while (%x = %a) : (tensor<256x!tt.ptr<f32>>) -> tensor<256x!tt.ptr<f32>> {
    %c = arith.cmpi slt, %c0, %n : i32
    scf.condition(%c) %x : tensor<256x!tt.ptr<f32>>
  } do {
  ^bb0(%y: tensor<256x!tt.ptr<f32>>):
    %y2 = tt.addptr %y, %s : tensor<256x!tt.ptr<f32>>, tensor<256xi32> loc("y2")
    scf.yield %y2 : tensor<256x!tt.ptr<f32>>
  } loc("while")
  tt.return
}`)
	// The induction variable from 0 by 64: divisible by gcd(max, 64).
	check(t, m, named, "iv", want{v(1), v(64), v(1), -1})
	// Advancing by 256 floats keeps the block aligned and contiguous.
	check(t, m, named, "q2", want{v(256), v(16), v(1), -1})
	// Advancing by 3 floats loses the alignment: the fixed point joins the
	// 16-byte-aligned start with 12-byte steps, leaving 4 bytes.
	check(t, m, named, "u2", want{v(256), v(4), v(1), -1})
	check(t, m, named, "y2", want{v(256), v(16), v(1), -1})
	// The loop and while results are the joins over all iterations.
	var loop, while *ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if l, ok := op.Loc().(*ir.NameLoc); ok {
			switch l.Name {
			case "loop":
				loop = op
			case "while":
				while = op
			}
		}
	})
	for _, c := range []struct {
		v ir.Value
		w want
	}{
		{loop.Result(0), want{v(256), v(16), v(1), -1}},
		{loop.Result(1), want{v(256), v(4), v(1), -1}},
		{loop.Region(0).Front().Argument(1), want{v(256), v(16), v(1), -1}},
		{loop.Region(0).Front().Argument(2), want{v(256), v(4), v(1), -1}},
		{while.Result(0), want{v(256), v(16), v(1), -1}},
	} {
		named["tmp"] = c.v
		check(t, m, named, "tmp", c.w)
	}
}

func Test2DBroadcastAndAlignment(t *testing.T) {
	m, named, _ := analyze(t, `
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
tt.func @f(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 8 : i32}) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked> loc("r2")
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %s = tt.splat %stride : i32 -> tensor<64x1xi32, #blocked>
  %rs = arith.muli %r2, %s : tensor<64x1xi32, #blocked>
  %rb = tt.broadcast %rs : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked> loc("rb")
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked> loc("cb")
  %o = arith.addi %rb, %cb : tensor<64x64xi32, #blocked> loc("o")
  %sp = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
  %a = tt.addptr %sp, %o : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked> loc("a")
  tt.return
}
}`)
	// expand_dims: the new dim's divisibility is that of the operand's
	// non-contiguous dims (none here: 1).
	check(t, m, named, "r2", want{v(64, 1), v(zeroDiv32, 1), v(1, 1), -1})
	// rows * stride (stride divisible by 8), broadcast along dim 1.
	check(t, m, named, "rb", want{v(1, 1), v(8, 8), v(1, 64), -1})
	check(t, m, named, "cb", want{v(1, 64), v(1, zeroDiv32), v(64, 1), -1})
	// row*stride + col: contiguous along dim 1, each row start divisible
	// by 8 elements.
	check(t, m, named, "o", want{v(1, 64), v(1, 8), v(1, 1), -1})
	// as f16 addresses: 16-byte aligned rows.
	check(t, m, named, "a", want{v(1, 64), v(2, 16), v(1, 1), -1})
	// The layout's 4 f16 per thread along dim 1 bound the vector: 4
	// elements, all aligned (16 bytes of divisibility allow 8).
	a := named["a"]
	if got := m.Contiguity(a); got != 4 {
		t.Errorf("Contiguity = %d, want 4", got)
	}
	if got := m.Alignment(a); got != 8 {
		t.Errorf("Alignment = %d, want 8", got)
	}
}

// A scalar hint on a tensor argument of rank 2 applies to both dims (Triton
// stores it as a one-element vector, which its joins then read past).
func TestScalarHintOnTensor(t *testing.T) {
	m, named, _ := analyze(t, `
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
tt.func @f(%x: tensor<64x16xi32, #blocked> {tt.divisibility = 16 : i32}, %lb: i32, %ub: i32, %st: i32) {
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (tensor<64x16xi32, #blocked>) : i32 {
    %n = arith.addi %a, %x : tensor<64x16xi32, #blocked>
    scf.yield %n : tensor<64x16xi32, #blocked>
  }
  %y = arith.addi %x, %x : tensor<64x16xi32, #blocked> loc("y")
  tt.return
}
}`)
	check(t, m, named, "y", want{v(1, 1), v(16, 16), v(1, 1), -1})
}
