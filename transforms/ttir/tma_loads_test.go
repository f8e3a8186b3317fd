package ttir_test

import (
	"regexp"
	"strings"
	"testing"
)

// tmaKernel is a persistent matmul as tt-persistent-programs leaves one: a
// tile loop around the K loop. A's rows wrap (`(t*16 + arange) % M`, the
// tutorial form) and advance along K by 16 columns an iteration, masked by
// `arange < K - k*16`; B advances by 16 rows (16 * sb) with its columns
// bounded by the mask `< N`; the store masks rows by `t*16 + arange < M`.
const tmaKernel = `
tt.func public @mm(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32, %N: i32, %K: i32, %sa: i32 {tt.divisibility = 16 : i32}, %sb: i32 {tt.divisibility = 16 : i32}, %sc: i32, %tiles: i32, %flag: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf16>
  %acc0 = arith.constant dense<0.0> : tensor<16x16xf32>
  %inc = arith.constant dense<16> : tensor<16x16xi32>
  scf.for %t = %c0 to %tiles step %c1 : i32 {
    %m0 = arith.muli %t, %c16 : i32
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %m0s = tt.splat %m0 : i32 -> tensor<16xi32>
    %rows = arith.addi %m0s, %r : tensor<16xi32>
    %Ms = tt.splat %M : i32 -> tensor<16xi32>
    %rowsw = arith.remsi %rows, %Ms : tensor<16xi32>
    %ar = tt.expand_dims %rowsw {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %sas = tt.splat %sa : i32 -> tensor<16x1xi32>
    %aro = arith.muli %ar, %sas : tensor<16x1xi32>
    %ab = tt.splat %a : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
    %ap1 = tt.addptr %ab, %aro : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
    %kc = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %ap2 = tt.broadcast %ap1 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x16x!tt.ptr<f16>>
    %kcb = tt.broadcast %kc : tensor<1x16xi32> -> tensor<16x16xi32>
    %ap = tt.addptr %ap2, %kcb : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
    %kr = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %sbs1 = tt.splat %sb : i32 -> tensor<16x1xi32>
    %bro = arith.muli %kr, %sbs1 : tensor<16x1xi32>
    %bb = tt.splat %b : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
    %bp1 = tt.addptr %bb, %bro : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
    %bp2 = tt.broadcast %bp1 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x16x!tt.ptr<f16>>
    %bp = tt.addptr %bp2, %kcb : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
    %nk = arith.ceildivsi %K, %c16 : i32
    %res:3 = scf.for %k = %c0 to %nk step %c1 iter_args(%pa = %ap, %pb = %bp, %acc = %acc0) -> (tensor<16x16x!tt.ptr<f16>>, tensor<16x16x!tt.ptr<f16>>, tensor<16x16xf32>) : i32 {
      %kk = arith.muli %k, %c16 : i32
      %rem = arith.subi %K, %kk : i32
      %rems = tt.splat %rem : i32 -> tensor<1x16xi32>
      %ma1 = arith.cmpi slt, %kc, %rems : tensor<1x16xi32>
      %ma = tt.broadcast %ma1 : tensor<1x16xi1> -> tensor<16x16xi1>
      %x = tt.load %pa, %ma, %zero : tensor<16x16x!tt.ptr<f16>>
      %remc = tt.splat %rem : i32 -> tensor<16x1xi32>
      %mb1 = arith.cmpi slt, %kr, %remc : tensor<16x1xi32>
      %Ns = tt.splat %N : i32 -> tensor<1x16xi32>
      %mb2 = arith.cmpi slt, %kc, %Ns : tensor<1x16xi32>
      %mb1b = tt.broadcast %mb1 : tensor<16x1xi1> -> tensor<16x16xi1>
      %mb2b = tt.broadcast %mb2 : tensor<1x16xi1> -> tensor<16x16xi1>
      %mb = arith.andi %mb1b, %mb2b : tensor<16x16xi1>
      %y = tt.load %pb, %mb, %zero : tensor<16x16x!tt.ptr<f16>>
      %d = tt.dot %x, %y, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      %pa2 = tt.addptr %pa, %inc : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
      %sb16 = arith.muli %sb, %c16 : i32
      %sbs = tt.splat %sb16 : i32 -> tensor<16x16xi32>
      %pb2 = tt.addptr %pb, %sbs : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
      scf.yield %pa2, %pb2, %d : tensor<16x16x!tt.ptr<f16>>, tensor<16x16x!tt.ptr<f16>>, tensor<16x16xf32>
    }
    %o = arith.truncf %res#2 : tensor<16x16xf32> to tensor<16x16xf16>
    %cr = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %scs = tt.splat %sc : i32 -> tensor<16x1xi32>
    %cro = arith.muli %cr, %scs : tensor<16x1xi32>
    %cb = tt.splat %c : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
    %cp1 = tt.addptr %cb, %cro : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
    %cp2 = tt.broadcast %cp1 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x16x!tt.ptr<f16>>
    %cp = tt.addptr %cp2, %kcb : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
    %Mc = tt.splat %M : i32 -> tensor<16x1xi32>
    %cm1 = arith.cmpi slt, %cr, %Mc : tensor<16x1xi32>
    %cm1b = tt.broadcast %cm1 : tensor<16x1xi1> -> tensor<16x16xi1>
    %Nc = tt.splat %N : i32 -> tensor<1x16xi32>
    %cm2 = arith.cmpi slt, %kc, %Nc : tensor<1x16xi32>
    %cm2b = tt.broadcast %cm2 : tensor<1x16xi1> -> tensor<16x16xi1>
    %cm = arith.andi %cm1b, %cm2b : tensor<16x16xi1>
    tt.store %cp, %o, %cm : tensor<16x16x!tt.ptr<f16>>
  }
  tt.return
}`

const tmaPass = "tt-tma-loads{capability=90 tma-loads=on}"

// Both loads of the tutorial-form matmul become descriptor loads, through
// descriptors made once before the tile loop, and the K loop carries no
// pointers any more; the tile loop runs so under a guard of what TMA
// needs at run time (row strides above zero, extents of at least one,
// offsets within i32, a tile to walk), the original loop in its else
// branch.
func TestTMALoads(t *testing.T) {
	expect(t, tmaPass, tmaKernel, `
module {
  tt.func public @mm(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32, %arg5: i32, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32, %arg9: i32, %arg10: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c16_i32 = arith.constant 16 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf16>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %cst_1 = arith.constant dense<16> : tensor<16x16xi32>
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2147483647_i64 = arith.constant 2147483647 : i64
    %0 = arith.extsi %arg6 : i32 to i64
    %1 = arith.cmpi sgt, %0, %c0_i64 : i64
    %2 = arith.extsi %arg3 : i32 to i64
    %3 = arith.cmpi sge, %2, %c1_i64 : i64
    %4 = arith.andi %1, %3 : i1
    %c16_i64 = arith.constant 16 : i64
    %5 = arith.muli %2, %0 : i64
    %6 = arith.addi %5, %c16_i64 : i64
    %7 = arith.cmpi sle, %6, %c2147483647_i64 : i64
    %8 = arith.andi %4, %7 : i1
    %9 = arith.extsi %arg7 : i32 to i64
    %10 = arith.cmpi sgt, %9, %c0_i64 : i64
    %11 = arith.andi %8, %10 : i1
    %c16_i64_2 = arith.constant 16 : i64
    %12 = arith.extsi %arg4 : i32 to i64
    %13 = arith.cmpi sge, %12, %c1_i64 : i64
    %14 = arith.andi %11, %13 : i1
    %15 = arith.muli %c16_i64_2, %9 : i64
    %16 = arith.addi %15, %12 : i64
    %17 = arith.cmpi sle, %16, %c2147483647_i64 : i64
    %18 = arith.andi %14, %17 : i1
    %c16_i64_3 = arith.constant 16 : i64
    %19 = arith.muli %c16_i64_3, %9 : i64
    %20 = arith.cmpi sle, %19, %c2147483647_i64 : i64
    %21 = arith.andi %18, %20 : i1
    %22 = arith.cmpi slt, %c0_i32, %arg9 : i32
    %23 = arith.andi %21, %22 {tt.tensormap_pool_guard} : i1
    scf.if %23 {
      %24 = arith.extsi %arg6 : i32 to i64
      %c1_i64_4 = arith.constant 1 : i64
      %25 = tt.make_tensor_descriptor %arg0, [%arg3, %arg5], [%24, %c1_i64_4] {tt.tensormap_pool} : <f16>, <tensor<16x16xf16>>
      %26 = arith.extsi %arg7 : i32 to i64
      %c1_i64_5 = arith.constant 1 : i64
      %27 = tt.make_tensor_descriptor %arg1, [%arg5, %arg4], [%26, %c1_i64_5] {tt.tensormap_pool} : <f16>, <tensor<16x16xf16>>
      %c0_i32_6 = arith.constant 0 : i32
      scf.for %arg11 = %c0_i32 to %arg9 step %c1_i32  : i32 {
        %28 = arith.muli %arg11, %c16_i32 : i32
        %29 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
        %30 = tt.splat %28 : i32 -> tensor<16xi32>
        %31 = arith.addi %30, %29 : tensor<16xi32>
        %32 = tt.expand_dims %29 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
        %33 = tt.broadcast %32 : tensor<1x16xi32> -> tensor<16x16xi32>
        %34 = arith.ceildivsi %arg5, %c16_i32 : i32
        %35 = scf.for %arg12 = %c0_i32 to %34 step %c1_i32 iter_args(%arg13 = %cst_0) -> (tensor<16x16xf32>)  : i32 {
          %51 = arith.muli %arg12, %c16_i32 : i32
          %52 = tt.descriptor_load %25[%28, %51] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x16xf16>
          %53 = tt.descriptor_load %27[%51, %c0_i32_6] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x16xf16>
          %54 = tt.dot %52, %53, %arg13 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
          scf.yield %54 : tensor<16x16xf32>
        }
        %36 = arith.truncf %35 : tensor<16x16xf32> to tensor<16x16xf16>
        %37 = tt.expand_dims %31 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
        %38 = tt.splat %arg8 : i32 -> tensor<16x1xi32>
        %39 = arith.muli %37, %38 : tensor<16x1xi32>
        %40 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
        %41 = tt.addptr %40, %39 : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
        %42 = tt.broadcast %41 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x16x!tt.ptr<f16>>
        %43 = tt.addptr %42, %33 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
        %44 = tt.splat %arg3 : i32 -> tensor<16x1xi32>
        %45 = arith.cmpi slt, %37, %44 : tensor<16x1xi32>
        %46 = tt.broadcast %45 : tensor<16x1xi1> -> tensor<16x16xi1>
        %47 = tt.splat %arg4 : i32 -> tensor<1x16xi32>
        %48 = arith.cmpi slt, %32, %47 : tensor<1x16xi32>
        %49 = tt.broadcast %48 : tensor<1x16xi1> -> tensor<16x16xi1>
        %50 = arith.andi %46, %49 : tensor<16x16xi1>
        tt.store %43, %36, %50 : tensor<16x16x!tt.ptr<f16>>
      }
    } else {
      scf.for %arg11 = %c0_i32 to %arg9 step %c1_i32  : i32 {
        %24 = arith.muli %arg11, %c16_i32 : i32
        %25 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
        %26 = tt.splat %24 : i32 -> tensor<16xi32>
        %27 = arith.addi %26, %25 : tensor<16xi32>
        %28 = tt.splat %arg3 : i32 -> tensor<16xi32>
        %29 = arith.remsi %27, %28 : tensor<16xi32>
        %30 = tt.expand_dims %29 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
        %31 = tt.splat %arg6 : i32 -> tensor<16x1xi32>
        %32 = arith.muli %30, %31 : tensor<16x1xi32>
        %33 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
        %34 = tt.addptr %33, %32 : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
        %35 = tt.expand_dims %25 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
        %36 = tt.broadcast %34 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x16x!tt.ptr<f16>>
        %37 = tt.broadcast %35 : tensor<1x16xi32> -> tensor<16x16xi32>
        %38 = tt.addptr %36, %37 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
        %39 = tt.expand_dims %25 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
        %40 = tt.splat %arg7 : i32 -> tensor<16x1xi32>
        %41 = arith.muli %39, %40 : tensor<16x1xi32>
        %42 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
        %43 = tt.addptr %42, %41 : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
        %44 = tt.broadcast %43 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x16x!tt.ptr<f16>>
        %45 = tt.addptr %44, %37 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
        %46 = arith.ceildivsi %arg5, %c16_i32 : i32
        %47:3 = scf.for %arg12 = %c0_i32 to %46 step %c1_i32 iter_args(%arg13 = %38, %arg14 = %45, %arg15 = %cst_0) -> (tensor<16x16x!tt.ptr<f16>>, tensor<16x16x!tt.ptr<f16>>, tensor<16x16xf32>)  : i32 {
          %63 = arith.muli %arg12, %c16_i32 : i32
          %64 = arith.subi %arg5, %63 : i32
          %65 = tt.splat %64 : i32 -> tensor<1x16xi32>
          %66 = arith.cmpi slt, %35, %65 : tensor<1x16xi32>
          %67 = tt.broadcast %66 : tensor<1x16xi1> -> tensor<16x16xi1>
          %68 = tt.load %arg13, %67, %cst : tensor<16x16x!tt.ptr<f16>>
          %69 = tt.splat %64 : i32 -> tensor<16x1xi32>
          %70 = arith.cmpi slt, %39, %69 : tensor<16x1xi32>
          %71 = tt.splat %arg4 : i32 -> tensor<1x16xi32>
          %72 = arith.cmpi slt, %35, %71 : tensor<1x16xi32>
          %73 = tt.broadcast %70 : tensor<16x1xi1> -> tensor<16x16xi1>
          %74 = tt.broadcast %72 : tensor<1x16xi1> -> tensor<16x16xi1>
          %75 = arith.andi %73, %74 : tensor<16x16xi1>
          %76 = tt.load %arg14, %75, %cst : tensor<16x16x!tt.ptr<f16>>
          %77 = tt.dot %68, %76, %arg15 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
          %78 = tt.addptr %arg13, %cst_1 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
          %79 = arith.muli %arg7, %c16_i32 : i32
          %80 = tt.splat %79 : i32 -> tensor<16x16xi32>
          %81 = tt.addptr %arg14, %80 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
          scf.yield %78, %81, %77 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16x!tt.ptr<f16>>, tensor<16x16xf32>
        }
        %48 = arith.truncf %47#2 : tensor<16x16xf32> to tensor<16x16xf16>
        %49 = tt.expand_dims %27 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
        %50 = tt.splat %arg8 : i32 -> tensor<16x1xi32>
        %51 = arith.muli %49, %50 : tensor<16x1xi32>
        %52 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
        %53 = tt.addptr %52, %51 : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
        %54 = tt.broadcast %53 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x16x!tt.ptr<f16>>
        %55 = tt.addptr %54, %37 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
        %56 = tt.splat %arg3 : i32 -> tensor<16x1xi32>
        %57 = arith.cmpi slt, %49, %56 : tensor<16x1xi32>
        %58 = tt.broadcast %57 : tensor<16x1xi1> -> tensor<16x16xi1>
        %59 = tt.splat %arg4 : i32 -> tensor<1x16xi32>
        %60 = arith.cmpi slt, %35, %59 : tensor<1x16xi32>
        %61 = tt.broadcast %60 : tensor<1x16xi1> -> tensor<16x16xi1>
        %62 = arith.andi %58, %61 : tensor<16x16xi1>
        tt.store %55, %48, %62 : tensor<16x16x!tt.ptr<f16>>
      }
    }
    tt.return
  }
}`)
}

// countDescriptorLoads runs the pass on src and counts the loads it moved
// onto TMA.
func countDescriptorLoads(t *testing.T, passes, src string) int {
	t.Helper()
	got, err := run(t, passes, src)
	if err != nil {
		t.Fatalf("%s failed: %v", passes, err)
	}
	return strings.Count(got, "tt.descriptor_load")
}

// Each proof obligation, broken one at a time, keeps the load it guards a
// pointer load.
func TestTMALoadsRefused(t *testing.T) {
	// Tiles that start at a row that is no multiple of 16: a wrapped row
	// the stores may write cannot be kept from wrapping by the guard.
	const unaligned = "%m0 = arith.addi %t, %c16 : i32"
	for _, c := range []struct {
		name, from, to string
		want           int
	}{
		{"the store does not mask the wrapped rows of unaligned tiles", "%cm = arith.andi %cm1b, %cm2b", "%cm = arith.andi %cm2b, %cm2b", 1},
		{"the wrapped rows of unaligned tiles feed a reduction", "%o = arith.truncf %res#2", "%red = \"tt.reduce\"(%res#2) <{axis = 0 : i32}> ({\n    ^bb0(%l: f32, %h: f32):\n      %s = arith.addf %l, %h : f32\n      tt.reduce.return %s : f32\n    }) : (tensor<16x16xf32>) -> tensor<16xf32>\n    %o = arith.truncf %res#2", 1},
		{"other is -0.0", "%zero = arith.constant dense<0.0>", "%zero = arith.constant dense<-0.0>", 0},
		{"no tile loop around the K loop", "scf.for %t = %c0 to %tiles step %c1 : i32 {", "%t = arith.addi %tiles, %c0 : i32\n  scf.if %flag {", 0},
		{"A's row stride not a multiple of 16 bytes", "%sa: i32 {tt.divisibility = 16 : i32}", "%sa: i32", 1},
		{"A's base not 16-byte aligned", "%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}", "%a: !tt.ptr<f16>", 1},
		{"A advances by two blocks, its mask by one", "dense<16> : tensor<16x16xi32>", "dense<32> : tensor<16x16xi32>", 1},
		{"B's mask is not the K bound", "%mb1 = arith.cmpi slt, %kr, %remc", "%mb1 = arith.cmpi slt, %kr, %rems1", 1},
		{"the loop starts past 0", "scf.for %k = %c0 to %nk", "scf.for %k = %c1 to %nk", 0},
		{"A's load is volatile", "%x = tt.load %pa, %ma, %zero :", "%x = tt.load %pa, %ma, %zero {isVolatile = true} :", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(tmaKernel, c.from, c.to, 1)
			if src == tmaKernel {
				t.Fatalf("%q is not in the kernel", c.from)
			}
			if strings.Contains(c.name, "unaligned tiles") {
				src = strings.Replace(src, "%m0 = arith.muli %t, %c16 : i32", unaligned, 1)
			}
			if c.name == "B's mask is not the K bound" {
				src = strings.Replace(src, "%remc = tt.splat %rem", "%rems1 = tt.splat %K : i32 -> tensor<16x1xi32>\n      %remc = tt.splat %rem", 1)
			}
			if got := countDescriptorLoads(t, tmaPass, src); got != c.want {
				t.Errorf("%d loads moved onto TMA, want %d", got, c.want)
			}
		})
	}
	// Off unless asked for or for the consumers taking turns (on by
	// default: a 4-warp kernel on sm_90), and only for sm_90 and later.
	for _, c := range []struct {
		passes string
		want   int
	}{
		{"tt-tma-loads{capability=90 tile-turns=off}", 0},
		{"tt-tma-loads{capability=90 num-warps=8}", 0},
		{"tt-tma-loads{capability=80 tma-loads=on}", 0},
		{"tt-tma-loads{capability=90}", 2},
	} {
		if got := countDescriptorLoads(t, c.passes, tmaKernel); got != c.want {
			t.Errorf("%s: %d loads moved onto TMA, want %d", c.passes, got, c.want)
		}
	}
}

// Rows that may be stored although they wrap are taken where the tiles
// start at multiples of the tile: the guard then asks M to be a multiple
// of 16, so that none wraps. A K axis the load does not mask is taken
// with the map's extent from the K loop's trip count, (trips - 1) * 16 +
// 16, built before the tile loop (its trip count hoisted there) under a
// guard of at least one trip.
func TestTMALoadsGuardedForms(t *testing.T) {
	wrap := strings.Replace(tmaKernel, "%cm = arith.andi %cm1b, %cm2b", "%cm = arith.andi %cm2b, %cm2b", 1)
	got, err := run(t, tmaPass, wrap)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"= arith.remsi %0, %c16_i64 : i64", "arith.cmpi eq, %1, %c0_i64"} {
		if !strings.Contains(got, want) {
			t.Errorf("wrapped rows that may be stored: no %q in the guard:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "tt.descriptor_load"); n != 2 {
		t.Errorf("wrapped rows that may be stored: %d loads moved onto TMA, want 2", n)
	}

	unmasked := strings.Replace(tmaKernel, "%x = tt.load %pa, %ma, %zero :", "%x = tt.load %pa :", 1)
	if got, err = run(t, tmaPass, unmasked); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"arith.ceildivsi %arg5, %c16_i32", "arith.cmpi sge, %", "arith.trunci"} {
		if !strings.Contains(got, want) {
			t.Errorf("unmasked K loads: no %q before the tile loop:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "tt.descriptor_load"); n != 2 {
		t.Errorf("unmasked K loads: %d loads moved onto TMA, want 2", n)
	}
}

// runEdited runs tmaPass on src with each edit's first text replaced by its
// second (each must be there).
func runEdited(t *testing.T, src string, edits [][2]string) string {
	t.Helper()
	for _, e := range edits {
		if !strings.Contains(src, e[0]) {
			t.Fatalf("the kernel has no %q", e[0])
		}
		src = strings.Replace(src, e[0], e[1], 1)
	}
	got, err := run(t, tmaPass, src)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// A K loop on a 64-bit induction variable (a Python range past 2^31, as
// the fuzzer wrote one) gives its unmasked advancing tile a 64-bit start;
// the guard bounds the loop's last tile start by 2^31 - 1, so the
// descriptor load takes it truncated to i32 (it failed to verify with an
// i64 coordinate before). B's mask reads the induction variable through
// that truncation, a form the pass does not read: B keeps its pointers.
func TestTMALoadsWideInductionVariable(t *testing.T) {
	got := runEdited(t, tmaKernel, [][2]string{
		{"%x = tt.load %pa, %ma, %zero :", "%x = tt.load %pa :"},
		{"%res:3 = scf.for %k = %c0 to %nk step %c1 iter_args", "%c0w = arith.constant 0 : i64\n    %c1w = arith.constant 1 : i64\n    %nkw = arith.extsi %nk : i32 to i64\n    %res:3 = scf.for %kw = %c0w to %nkw step %c1w iter_args"},
		{"-> (tensor<16x16x!tt.ptr<f16>>, tensor<16x16x!tt.ptr<f16>>, tensor<16x16xf32>) : i32 {\n      %kk = arith.muli %k, %c16 : i32", "-> (tensor<16x16x!tt.ptr<f16>>, tensor<16x16x!tt.ptr<f16>>, tensor<16x16xf32>) : i64 {\n      %k = arith.trunci %kw : i64 to i32\n      %kk = arith.muli %k, %c16 : i32"},
	})
	if n := strings.Count(got, "tt.descriptor_load"); n != 1 {
		t.Errorf("%d loads moved onto TMA, want A's alone:\n%s", n, got)
	}
	if !regexp.MustCompile(`arith.trunci %arg\d+ : i64 to i32`).MatchString(got) {
		t.Errorf("no truncation of the induction variable for A's tile start:\n%s", got)
	}
}

// A's rows computed in 64 bits (`(t*16 + arange) % M` on i64, a kernel
// that widens its offsets against overflow): the pass reads only i32
// tile indices, as a tensor map's coordinates are, so A keeps its
// pointers, B moves onto TMA, and the IR verifies.
func TestTMALoadsWideRowIndex(t *testing.T) {
	got := runEdited(t, tmaKernel, [][2]string{
		{"%m0s = tt.splat %m0 : i32 -> tensor<16xi32>\n    %rows = arith.addi %m0s, %r : tensor<16xi32>\n    %Ms = tt.splat %M : i32 -> tensor<16xi32>\n    %rowsw = arith.remsi %rows, %Ms : tensor<16xi32>\n    %ar = tt.expand_dims %rowsw {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>\n    %sas = tt.splat %sa : i32 -> tensor<16x1xi32>\n    %aro = arith.muli %ar, %sas : tensor<16x1xi32>\n    %ab = tt.splat %a : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>\n    %ap1 = tt.addptr %ab, %aro : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>",
			"%m0w = arith.extsi %m0 : i32 to i64\n    %m0s = tt.splat %m0w : i64 -> tensor<16xi64>\n    %rw = arith.extsi %r : tensor<16xi32> to tensor<16xi64>\n    %rows0 = arith.addi %m0s, %rw : tensor<16xi64>\n    %Mw = arith.extsi %M : i32 to i64\n    %Ms = tt.splat %Mw : i64 -> tensor<16xi64>\n    %rowsw = arith.remsi %rows0, %Ms : tensor<16xi64>\n    %ar = tt.expand_dims %rowsw {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>\n    %saw = arith.extsi %sa : i32 to i64\n    %sas = tt.splat %saw : i64 -> tensor<16x1xi64>\n    %aro = arith.muli %ar, %sas : tensor<16x1xi64>\n    %ab = tt.splat %a : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>\n    %ap1 = tt.addptr %ab, %aro : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi64>\n    %m0s32 = tt.splat %m0 : i32 -> tensor<16xi32>\n    %rows = arith.addi %m0s32, %r : tensor<16xi32>"},
	})
	if n := strings.Count(got, "tt.descriptor_load"); n != 1 {
		t.Errorf("%d loads moved onto TMA, want B's alone:\n%s", n, got)
	}
}

// For the consumers taking turns over the tiles (the default for this
// 4-warp kernel on sm_90), the guard also asks for a program worth the TMA
// path: a second tile (lb + step < ub), or a K loop that streams at least
// a MiB through its single tile: ceildiv(K, 16) - 0 >= 1 * 1024 steps of
// this kernel's 1 KB. With TT_X_POINTER_PAIRS=on the pointer branch runs
// two tiles at once on two warpgroups (ttir.PointerPairs): a third tile
// (lb + 2*step < ub), or a K loop that streams, through each tile of a
// program of two (lb + step < ub), at least 4 MiB (4096 steps), else 1
// MiB. Asked for every kernel (tma-loads=on), the TMA path takes any
// program with a tile, as before.
func TestTMALoadsTurnsGuard(t *testing.T) {
	guard := func(setting string, wants ...string) {
		t.Helper()
		t.Setenv("TT_X_POINTER_PAIRS", setting)
		got, err := run(t, "tt-tma-loads{capability=90}", tmaKernel)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range wants {
			if !strings.Contains(got, want) {
				t.Errorf("TT_X_POINTER_PAIRS=%q: no %q in the turns' guard:\n%s", setting, want, got)
			}
		}
	}
	guard("on",
		"%24 = arith.muli %c1_i32, %c2_i32 : i32",
		"%25 = arith.addi %c0_i32, %24 : i32",
		"%26 = arith.cmpi slt, %25, %arg9 : i32",
		"%27 = arith.ceildivsi %arg5, %c16_i32 : i32",
		"%32 = arith.muli %30, %c1024_i64 : i64",
		"%33 = arith.cmpi sge, %31, %32 : i64",
		"%34 = arith.addi %c0_i32, %c1_i32 : i32",
		"%35 = arith.cmpi slt, %34, %arg9 : i32",
		"%36 = arith.muli %30, %c4096_i64 : i64",
		"%37 = arith.cmpi sge, %31, %36 : i64",
		"%38 = arith.select %35, %37, %33 : i1",
		"%39 = arith.ori %26, %38 : i1",
		"%40 = arith.andi %23, %39 {tt.tensormap_pool_guard} : i1")
	guard("",
		"%24 = arith.addi %c0_i32, %c1_i32 : i32",
		"%25 = arith.cmpi slt, %24, %arg9 : i32",
		"%26 = arith.ceildivsi %arg5, %c16_i32 : i32",
		"%31 = arith.muli %29, %c1024_i64 : i64",
		"%32 = arith.cmpi sge, %30, %31 : i64",
		"%33 = arith.ori %25, %32 : i1",
		"%34 = arith.andi %23, %33 {tt.tensormap_pool_guard} : i1")
	got, err := run(t, tmaPass, tmaKernel)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "arith.ori") {
		t.Errorf("tma-loads=on: the guard asks for more than a tile:\n%s", got)
	}
	t.Setenv("TT_X_POINTER_PAIRS", "yes")
	if _, err := run(t, "tt-tma-loads{capability=90}", tmaKernel); err == nil || !strings.Contains(err.Error(), `TT_X_POINTER_PAIRS="yes": want on or off`) {
		t.Errorf("TT_X_POINTER_PAIRS=yes: got %v, want the setting refused", err)
	}
}

// keyLoopKernel is attention's key loop in miniature: after a load of Q
// (a memory access before the loop), the loop computes its K tile's
// pointers from the induction variable, `kb + (n + arange) * 16 +
// arange`, kb an offset base the loop computes the same every iteration.
const keyLoopKernel = `
tt.func public @attn(%q: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %k: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %o: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %seq: i32) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %pid = tt.get_program_id y : i32
  %hp = arith.muli %pid, %seq : i32
  %h = arith.muli %hp, %c16 : i32
  %acc0 = arith.constant dense<0.0> : tensor<16x16xf32>
  %s16 = arith.constant dense<16> : tensor<16x1xi32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %rc = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %rr = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %qo = arith.muli %rc, %s16 : tensor<16x1xi32>
  %qb = tt.splat %q : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
  %qp1 = tt.addptr %qb, %qo : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
  %qp2 = tt.broadcast %qp1 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x16x!tt.ptr<f16>>
  %cols = tt.broadcast %rr : tensor<1x16xi32> -> tensor<16x16xi32>
  %qp = tt.addptr %qp2, %cols : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
  %qv = tt.load %qp : tensor<16x16x!tt.ptr<f16>>
  %acc = scf.for %n = %c0 to %seq step %c16 iter_args(%a = %acc0) -> (tensor<16x16xf32>) : i32 {
    %kb = tt.addptr %k, %h : !tt.ptr<f16>, i32
    %ns = tt.splat %n : i32 -> tensor<16xi32>
    %rows = arith.addi %ns, %r : tensor<16xi32>
    %re = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %ro = arith.muli %re, %s16 : tensor<16x1xi32>
    %kbs = tt.splat %kb : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>
    %kp1 = tt.addptr %kbs, %ro : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>
    %kp2 = tt.broadcast %kp1 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x16x!tt.ptr<f16>>
    %kp = tt.addptr %kp2, %cols : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
    %kv = tt.load %kp : tensor<16x16x!tt.ptr<f16>>
    %kt = tt.trans %kv {order = array<i32: 1, 0>} : tensor<16x16xf16> -> tensor<16x16xf16>
    %d = tt.dot %qv, %kt, %a : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    scf.yield %d : tensor<16x16xf32>
  }
  %ob = tt.splat %o : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
  %op1 = tt.addptr %ob, %qo : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
  %op2 = tt.broadcast %op1 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x16x!tt.ptr<f32>>
  %op = tt.addptr %op2, %cols : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  tt.store %op, %acc : tensor<16x16x!tt.ptr<f32>>
  tt.return
}`

// A key loop that is the kernel's only loop (no persistent tile loop):
// its indexed, unmasked K load becomes a descriptor load at [n, 0]
// through a map made in each program before the loop, whose base is the
// offset base cloned out of the loop, its rows the extent the loop reads,
// (seq - 1) + 16, its columns the 16 the tile reads. The guard (at least
// one trip, the extent and the i32 offsets of the rows within range) is
// computed before Q's load, where the map pool's claim must come, and the
// else branch keeps the pointer loop, marked as the fallback of one stage
// that tt-specialize-dot-chains leaves alone.
func TestTMALoadsKeyLoop(t *testing.T) {
	got, err := run(t, tmaPass, keyLoopKernel)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`%\d+ = arith.addi %\d+, %c-1_i64 : i64\n(?:.*\n)*?\s*%\d+ = arith.addi %\d+, %c16_i64(_\d+)? : i64\n(?:.*\n)*?\s*%\d+ = arith.trunci`,
		`tt.make_tensor_descriptor %\d+, \[%\d+, %c16_i32(_\d+)?\], \[%c16_i64(_\d+)?, %c1_i64(_\d+)?\] {tt.tensormap_pool}`,
		`tt.descriptor_load %\d+\[%arg4, %c0_i32(_\d+)?\]`,
		`tt.num_stages = 1 : i32, tt.tma_fallback`,
	} {
		if !regexp.MustCompile(want).MatchString(got) {
			t.Errorf("nothing matches %q:\n%s", want, got)
		}
	}
	guard := strings.Index(got, "tt.tensormap_pool_guard")
	q := strings.Index(got, "tt.load %")
	if guard < 0 || q < 0 || guard > q {
		t.Errorf("the guard (at %d) is not computed before Q's load (at %d):\n%s", guard, q, got)
	}
	if n := strings.Count(got, "tt.load %"); n != 2 {
		t.Errorf("%d pointer loads, want Q's and the fallback's K load:\n%s", n, got)
	}
	// keyloops (tt-translate's row split) takes the key loop's loads but
	// not a persistent kernel's carried pointers; without it (and without
	// on) the pass leaves the key loop alone.
	for _, c := range []struct {
		passes, src string
		want        int
	}{
		{"tt-tma-loads{capability=90 tma-loads=keyloops}", keyLoopKernel, 1},
		{"tt-tma-loads{capability=90}", keyLoopKernel, 0},
		{"tt-tma-loads{capability=90 tile-turns=off tma-loads=keyloops}", tmaKernel, 0},
		{"tt-tma-loads{capability=80 tma-loads=keyloops}", keyLoopKernel, 0},
	} {
		if got := countDescriptorLoads(t, c.passes, c.src); got != c.want {
			t.Errorf("%s: %d loads moved onto TMA, want %d", c.passes, got, c.want)
		}
	}
	// Where the loop's bound is read from memory, the guard cannot come
	// before the kernel's first memory access, where the map pool's
	// claim must: the key loop keeps its pointers (and compiles).
	loaded := edit(t, keyLoopKernel,
		"%acc = scf.for %n = %c0 to %seq step", "%seqv = tt.load %seqp : !tt.ptr<i32>\n  %acc = scf.for %n = %c0 to %seqv step",
		"%seq: i32) {", "%seq: i32, %seqp: !tt.ptr<i32>) {")
	if n := countDescriptorLoads(t, tmaPass, loaded); n != 0 {
		t.Errorf("a loaded loop bound: %d loads moved onto TMA, want none", n)
	}
	// A key loop moves onto TMA whole: with a second load whose base is
	// not known to be 16-byte aligned, neither load moves.
	second := edit(t, keyLoopKernel,
		"    %kt = tt.trans %kv", "    %vb = tt.splat %q1 : !tt.ptr<f16> -> tensor<16x1x!tt.ptr<f16>>\n    %vp1 = tt.addptr %vb, %ro : tensor<16x1x!tt.ptr<f16>>, tensor<16x1xi32>\n    %vp2 = tt.broadcast %vp1 : tensor<16x1x!tt.ptr<f16>> -> tensor<16x16x!tt.ptr<f16>>\n    %vp = tt.addptr %vp2, %cols : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>\n    %vv = tt.load %vp : tensor<16x16x!tt.ptr<f16>>\n    %kt0 = arith.addf %kv, %vv : tensor<16x16xf16>\n    %kt = tt.trans %kt0",
		"%seq: i32) {", "%seq: i32, %q1: !tt.ptr<f16>) {")
	if n := countDescriptorLoads(t, tmaPass, second); n != 0 {
		t.Errorf("a key loop with an unaligned second load: %d loads moved onto TMA, want none", n)
	}
	aligned := edit(t, second, "%q1: !tt.ptr<f16>) {", "%q1: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {")
	if n := countDescriptorLoads(t, tmaPass, aligned); n != 2 {
		t.Errorf("a key loop with two aligned loads: %d loads moved onto TMA, want 2", n)
	}
	// Refused: a masked key tile, a tile that starts at a row the loop
	// does not step (n * n), a loop that starts past 0.
	for _, c := range []struct{ name, from, to string }{
		{"masked", "%kv = tt.load %kp :", "%m = arith.constant dense<true> : tensor<16x16xi1>\n    %kv = tt.load %kp, %m :"},
		{"not the induction variable", "%rows = arith.addi %ns, %r", "%nn = arith.muli %n, %n : i32\n    %nns = tt.splat %nn : i32 -> tensor<16xi32>\n    %rows = arith.addi %nns, %r"},
		{"from 16", "scf.for %n = %c0 to", "scf.for %n = %c16 to"},
	} {
		if n := countDescriptorLoads(t, tmaPass, edit(t, keyLoopKernel, c.from, c.to)); n != 0 {
			t.Errorf("%s: %d loads moved onto TMA, want none", c.name, n)
		}
	}
}

// edit replaces, in src, each from of the pairs (from, to, from, to, ...)
// once by its to, and fails the test where a from is not in the text.
func edit(t *testing.T, src string, pairs ...string) string {
	t.Helper()
	for i := 0; i+1 < len(pairs); i += 2 {
		if !strings.Contains(src, pairs[i]) {
			t.Fatalf("%q is not in the kernel", pairs[i])
		}
		src = strings.Replace(src, pairs[i], pairs[i+1], 1)
	}
	return src
}
