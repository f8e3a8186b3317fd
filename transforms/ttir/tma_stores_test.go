package ttir_test

import (
	"fmt"
	"strings"
	"testing"
)

// tmaStoreKernel is a persistent matmul of 16 x n tiles (f16, 16-deep
// k-steps) as tt-persistent-programs leaves one, whose loads tt-tma-loads
// moves onto TMA (A's and B's blocks bounded by their masks) and whose
// epilogue stores C's tile with the rows and columns masked by `o +
// arange < M` and `< N`, C's row stride a multiple of 16 bytes.
func tmaStoreKernel(n int) string {
	return strings.NewReplacer("NN", fmt.Sprint(n)).Replace(`
tt.func public @mm(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32, %N: i32, %K: i32, %sa: i32 {tt.divisibility = 16 : i32}, %sb: i32 {tt.divisibility = 16 : i32}, %sc: i32 {tt.divisibility = 16 : i32}, %tiles: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %cNN = arith.constant NN : i32
  %zeroA = arith.constant dense<0.0> : tensor<16x16xf16>
  %zeroB = arith.constant dense<0.0> : tensor<16xNNxf16>
  %acc0 = arith.constant dense<0.0> : tensor<16xNNxf32>
  %incA = arith.constant dense<16> : tensor<16x16xi32>
  scf.for %t = %c0 to %tiles step %c1 : i32 {
    %m0 = arith.muli %t, %c16 : i32
    %n0 = arith.muli %t, %cNN : i32
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %rn = tt.make_range {end = NN : i32, start = 0 : i32} : tensor<NNxi32>
    %m0s = tt.splat %m0 : i32 -> tensor<16xi32>
    %rows = arith.addi %m0s, %r : tensor<16xi32>
    %n0s = tt.splat %n0 : i32 -> tensor<NNxi32>
    %cols = arith.addi %n0s, %rn : tensor<NNxi32>
    %ar = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %sas = tt.splat %sa : i32 -> tensor<16x1xi32>
    %aro = arith.muli %ar, %sas : tensor<16x1xi32>
    %ab = tt.splat %a : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
    %ap1 = tt.addptr %ab, %aro : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
    %kc = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %ap2 = tt.broadcast %ap1 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x16x!tt.ptr<f16>>
    %kcb = tt.broadcast %kc : tensor<1x16xi32> -> tensor<16x16xi32>
    %ap = tt.addptr %ap2, %kcb : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
    %Ma = tt.splat %M : i32 -> tensor<16x1xi32>
    %ma1 = arith.cmpi slt, %ar, %Ma : tensor<16x1xi32>
    %ma = tt.broadcast %ma1 : tensor<16x1xi1> -> tensor<16x16xi1>
    %kr = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %sbs1 = tt.splat %sb : i32 -> tensor<16x1xi32>
    %bro = arith.muli %kr, %sbs1 : tensor<16x1xi32>
    %bb = tt.splat %b : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
    %bp1 = tt.addptr %bb, %bro : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
    %bc = tt.expand_dims %cols {axis = 0 : i32} : tensor<NNxi32> -> tensor<1xNNxi32>
    %bp2 = tt.broadcast %bp1 : tensor<16x1x!tt.ptr<f16>> -> tensor<16xNNx!tt.ptr<f16>>
    %bcb = tt.broadcast %bc : tensor<1xNNxi32> -> tensor<16xNNxi32>
    %bp = tt.addptr %bp2, %bcb : tensor<16xNNx!tt.ptr<f16>>, tensor<16xNNxi32>
    %Nb = tt.splat %N : i32 -> tensor<1xNNxi32>
    %mb1 = arith.cmpi slt, %bc, %Nb : tensor<1xNNxi32>
    %mb = tt.broadcast %mb1 : tensor<1xNNxi1> -> tensor<16xNNxi1>
    %nk = arith.ceildivsi %K, %c16 : i32
    %res:3 = scf.for %k = %c0 to %nk step %c1 iter_args(%pa = %ap, %pb = %bp, %acc = %acc0) -> (tensor<16x16x!tt.ptr<f16>>, tensor<16xNNx!tt.ptr<f16>>, tensor<16xNNxf32>) : i32 {
      %x = tt.load %pa, %ma, %zeroA : tensor<16x16x!tt.ptr<f16>>
      %y = tt.load %pb, %mb, %zeroB : tensor<16xNNx!tt.ptr<f16>>
      %d = tt.dot %x, %y, %acc : tensor<16x16xf16> * tensor<16xNNxf16> -> tensor<16xNNxf32>
      %pa2 = tt.addptr %pa, %incA : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
      %sb16 = arith.muli %sb, %c16 : i32
      %sbs = tt.splat %sb16 : i32 -> tensor<16xNNxi32>
      %pb2 = tt.addptr %pb, %sbs : tensor<16xNNx!tt.ptr<f16>>, tensor<16xNNxi32>
      scf.yield %pa2, %pb2, %d : tensor<16x16x!tt.ptr<f16>>, tensor<16xNNx!tt.ptr<f16>>, tensor<16xNNxf32>
    }
    %o = arith.truncf %res#2 : tensor<16xNNxf32> to tensor<16xNNxf16>
    %scs = tt.splat %sc : i32 -> tensor<16x1xi32>
    %cro = arith.muli %ar, %scs : tensor<16x1xi32>
    %cb = tt.splat %c : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
    %cp1 = tt.addptr %cb, %cro : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
    %cp2 = tt.broadcast %cp1 : tensor<16x1x!tt.ptr<f16>> -> tensor<16xNNx!tt.ptr<f16>>
    %cp = tt.addptr %cp2, %bcb : tensor<16xNNx!tt.ptr<f16>>, tensor<16xNNxi32>
    %Mc = tt.splat %M : i32 -> tensor<16x1xi32>
    %cm1 = arith.cmpi slt, %ar, %Mc : tensor<16x1xi32>
    %cm1b = tt.broadcast %cm1 : tensor<16x1xi1> -> tensor<16xNNxi1>
    %Nc = tt.splat %N : i32 -> tensor<1xNNxi32>
    %cm2 = arith.cmpi slt, %bc, %Nc : tensor<1xNNxi32>
    %cm2b = tt.broadcast %cm2 : tensor<1xNNxi1> -> tensor<16xNNxi1>
    %cm = arith.andi %cm1b, %cm2b : tensor<16xNNxi1>
    tt.store %cp, %o, %cm : tensor<16xNNx!tt.ptr<f16>>
  }
  tt.return
}`)
}

const tmaStoresPass = "tt-tma-loads{capability=90 tma-loads=on tma-stores=on}"

// A 16x128 f16 tile (256 bytes a row) goes out in two column halves of
// 64, split from the value as Triton's EPILOGUE_SUBTILE does, through one
// descriptor of 16x64 blocks made before the tile loop beside A's and
// B's; the second half's column is the first's plus 64. The guard checks
// C's stride and extents with the loads', and the else branch keeps the
// pointer store.
func TestTMAStores(t *testing.T) {
	got, err := run(t, tmaStoresPass, tmaStoreKernel(128))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"tt.make_tensor_descriptor %arg2, [%arg3, %arg4], [%",
		": <f16>, <tensor<16x64xf16>>",
		"tt.reshape %",
		"tensor<16x128xf16> -> tensor<16x2x64xf16>",
		"{order = array<i32: 0, 2, 1>} : tensor<16x2x64xf16> -> tensor<16x64x2xf16>",
		"tt.split %",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if n := strings.Count(got, "tt.descriptor_store"); n != 2 {
		t.Errorf("%d descriptor stores, want the two halves", n)
	}
	if n := strings.Count(got, "tt.store"); n != 1 {
		t.Errorf("%d pointer stores, want the else branch's one", n)
	}
	if n := strings.Count(got, "tt.descriptor_load"); n != 2 {
		t.Errorf("%d descriptor loads, want 2", n)
	}
	// The guard multiplies C's row stride (extended to i64) into the
	// largest offset it checks, as for A and B: three strides checked.
	if n := strings.Count(got, "arith.cmpi sgt, "); n != 3 {
		t.Errorf("the guard checks %d row strides above zero, want 3 (A, B, C)", n)
	}
	// 64 columns (128 bytes a row) are one piece: no split.
	got64, err := run(t, tmaStoresPass, tmaStoreKernel(64))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(got64, "tt.descriptor_store") != 1 || strings.Contains(got64, "tt.split") ||
		!strings.Contains(got64, "<tensor<16x64xf16>>") {
		t.Errorf("a 16x64 tile is not one TMA store:\n%s", got64)
	}
}

// What a store needs, broken one at a time, keeps the pointer store; the
// loads still move.
func TestTMAStoresRefused(t *testing.T) {
	src := tmaStoreKernel(128)
	for _, c := range []struct{ name, from, to string }{
		{"off", "tma-stores=on", "tma-stores=off"},
		{"C's row stride not a multiple of 16 bytes", "%sc: i32 {tt.divisibility = 16 : i32}", "%sc: i32"},
		{"C's base not 16-byte aligned", "%c: !tt.ptr<f16> {tt.divisibility = 16 : i32}", "%c: !tt.ptr<f16>"},
		{"the rows not masked", "%cm = arith.andi %cm1b, %cm2b", "%cm = arith.andi %cm2b, %cm2b"},
		{"the columns bounded by <=", "%cm2 = arith.cmpi slt, %bc, %Nc", "%cm2 = arith.cmpi sle, %bc, %Nc"},
		// C read back after the store: a TMA store would need its
		// completion and a proxy fence before the load.
		{"C also loaded", "    tt.store %cp, %o, %cm : tensor<16x128x!tt.ptr<f16>>", "    tt.store %cp, %o, %cm : tensor<16x128x!tt.ptr<f16>>\n    %back = tt.load %cp, %cm : tensor<16x128x!tt.ptr<f16>>\n    tt.store %cp, %back, %cm : tensor<16x128x!tt.ptr<f16>>"},
	} {
		t.Run(c.name, func(t *testing.T) {
			passes, kernel := tmaStoresPass, src
			if c.name == "off" {
				passes = strings.Replace(passes, c.from, c.to, 1)
			} else if kernel = strings.Replace(src, c.from, c.to, 1); kernel == src {
				t.Fatalf("%q is not in the kernel", c.from)
			}
			got, err := run(t, passes, kernel)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(got, "tt.descriptor_store") || strings.Count(got, "tt.descriptor_load") != 2 {
				t.Errorf("the store moved, or the loads did not:\n%s", got)
			}
		})
	}
	// 256 columns are 512 bytes a row, four pieces: only with the
	// experimental tma-stores=wide, through 16x64 blocks.
	got, err := run(t, tmaStoresPass, tmaStoreKernel(256))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "tt.descriptor_store") {
		t.Errorf("a 16x256 tile moved without tma-stores=wide:\n%s", got)
	}
	wide, err := run(t, strings.Replace(tmaStoresPass, "tma-stores=on", "tma-stores=wide", 1), tmaStoreKernel(256))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(wide, "tt.descriptor_store") != 4 || strings.Count(wide, "tt.split") != 3 ||
		!strings.Contains(wide, "tensor<16x256xf16> -> tensor<16x2x2x64xf16>") {
		t.Errorf("tma-stores=wide: a 16x256 tile is not four TMA stores:\n%s", wide)
	}
	// 32 columns are 64 bytes a row: neither one piece nor two.
	got, err = run(t, tmaStoresPass, tmaStoreKernel(32))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "tt.descriptor_store") || strings.Count(got, "tt.descriptor_load") != 2 {
		t.Errorf("a 16x32 tile: the store moved, or the loads did not:\n%s", got)
	}
}
