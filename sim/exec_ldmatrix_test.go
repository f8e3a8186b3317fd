package sim_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// matrixKernel fills shared memory from buffer 0 (16 bytes per thread of
// one warp), lets lane L address row L%8 of matrix L/8 at rowAddr(L)
// (given as IR computing an i32 byte offset from %lane), runs the ldmatrix
// and stores the lane's results of type ty to buffer 1.
func matrixKernel(n int, ty string, trans bool, rowAddr func(w *irWriter, lane string) string) string {
	var w irWriter
	smem := w.op("gpu.shared_base : !llvm.ptr<3>")
	src := w.op("llvm.getelementptr %%b0[%s] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64", w.op("llvm.mul %s, %s : i64", "%tid64", w.i64(2)))
	w.line("%%x:2 = gpu.load %s {space = global} : !llvm.ptr<1> -> i64, i64", src)
	dst := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64", smem, w.op("llvm.mul %s, %s : i64", "%tid64", w.i64(2)))
	w.line("gpu.store %s, %%x#0, %%x#1 {space = shared} : !llvm.ptr<3>, i64, i64", dst)
	w.line("gpu.barrier")
	lane := w.op("gpu.lane_id : i32")
	p := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8", smem, rowAddr(&w, lane))
	opt := ""
	if trans {
		opt = " {trans}"
	}
	var types, res []string
	for i := 0; i < n; i++ {
		types = append(types, ty)
		res = append(res, fmt.Sprintf("%%m#%d", i))
	}
	w.line("%%m:%d = gpu.ldmatrix %s%s : !llvm.ptr<3> -> %s", n, p, opt, strings.Join(types, ", "))
	w.store("%b1", w.op("llvm.mul %s, %s : i64", w.op("llvm.zext %s : i32 to i64", lane), w.i64(n)), ty, res)
	return kernel(1, 512, 2, w.b.String())
}

// reversedRows puts row r of matrix i at i*128 + (7-r)*16, so that the
// test sees the lanes' addresses honoured.
func reversedRows(w *irWriter, lane string) string {
	i := w.op("llvm.udiv %s, %s : i32", lane, w.i32(8))
	r := w.op("llvm.urem %s, %s : i32", lane, w.i32(8))
	return w.op("llvm.add %s, %s : i32", w.op("llvm.mul %s, %s : i32", i, w.i32(128)),
		w.op("llvm.mul %s, %s : i32", w.op("llvm.sub %s, %s : i32", w.i32(7), r), w.i32(16)))
}

// TestLdMatrix loads 8x8 matrices of 16-bit units (as f16, i8 pairs or
// i32 words) from a known shared buffer and checks every lane's words
// against the PTX ISA's layout: without trans lane L holds row L/4,
// units 2(L%4) and 2(L%4)+1 of each matrix; with trans, the transposed
// matrix: unit L/4 of rows 2(L%4) and 2(L%4)+1.
func TestLdMatrix(t *testing.T) {
	for _, c := range []struct {
		num, elems int
		ty         string
		size       int
		trans      bool
	}{
		{4, 8, "f16", 2, false},
		{4, 8, "f16", 2, true},
		{2, 8, "i8", 1, false},
		{1, 1, "i32", 4, false},
		{2, 4, "bf16", 2, true},
	} {
		t.Run(fmt.Sprintf("x%d_%s_trans=%v", c.num, c.ty, c.trans), func(t *testing.T) {
			shared := make([]byte, 512)
			for i := range shared {
				shared[i] = byte(i*7 + i/256)
			}
			// unit(i, r, u) is 16-bit unit u of row r of matrix i.
			unit := func(i, r, u int) uint32 {
				off := i*128 + (7-r)*16 + 2*u
				return uint32(shared[off]) | uint32(shared[off+1])<<8
			}
			out := make([]byte, 32*c.elems*c.size)
			err := launchBufs(t, matrixKernel(c.elems, c.ty, c.trans, reversedRows), [3]int{1, 1, 1}, sim.Config{}, shared, out)
			if err != nil {
				t.Fatal(err)
			}
			got := getElems(c.size, out)
			perWord := 4 / c.size
			for lane := 0; lane < 32; lane++ {
				for i := 0; i < c.num; i++ {
					var word uint32
					if c.trans {
						word = unit(i, 2*(lane%4), lane/4) | unit(i, 2*(lane%4)+1, lane/4)<<16
					} else {
						word = unit(i, lane/4, 2*(lane%4)) | unit(i, lane/4, 2*(lane%4)+1)<<16
					}
					for j := 0; j < perWord; j++ {
						want := uint64(word>>(8*c.size*j)) & (1<<(8*c.size) - 1)
						if g := got[lane*c.elems+i*perWord+j]; g != want {
							t.Fatalf("lane %d matrix %d element %d: %#x, want %#x", lane, i, j, g, want)
						}
					}
				}
			}
		})
	}
}

// TestStMatrix stores lane values with stmatrix x4 (plain and trans) into
// reversed rows and checks shared memory against ldmatrix's layout.
func TestStMatrix(t *testing.T) {
	for _, trans := range []bool{false, true} {
		t.Run(fmt.Sprintf("trans=%v", trans), func(t *testing.T) {
			var w irWriter
			smem := w.op("gpu.shared_base : !llvm.ptr<3>")
			lane := w.op("gpu.lane_id : i32")
			var vals, types []string
			for j := 0; j < 8; j++ {
				// element j of lane L is the 16-bit value L*8+j
				v := w.op("llvm.add %s, %s : i32", w.op("llvm.mul %s, %s : i32", lane, w.i32(8)), w.i32(j))
				vals = append(vals, w.op("llvm.trunc %s : i32 to i16", v))
				types = append(types, "i16")
			}
			p := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8", smem, reversedRows(&w, lane))
			opt := ""
			if trans {
				opt = " {trans}"
			}
			w.line("gpu.stmatrix %s, %s%s : !llvm.ptr<3>, %s", p, strings.Join(vals, ", "), opt, strings.Join(types, ", "))
			w.line("gpu.barrier")
			// Each lane copies 16 bytes of shared memory out.
			off := w.op("llvm.mul %s, %s : i64", "%tid64", w.i64(2))
			sp := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64", smem, off)
			w.line("%%x:2 = gpu.load %s {space = shared} : !llvm.ptr<3> -> i64, i64", sp)
			gp := w.op("llvm.getelementptr %%b0[%s] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64", off)
			w.line("gpu.store %s, %%x#0, %%x#1 {space = global} : !llvm.ptr<1>, i64, i64", gp)
			out := make([]byte, 512)
			if err := launchBufs(t, kernel(1, 512, 1, w.b.String()), [3]int{1, 1, 1}, sim.Config{}, out); err != nil {
				t.Fatal(err)
			}
			units := getElems(2, out)
			unit := func(i, r, u int) uint64 { return units[(i*128+(7-r)*16)/2+u] }
			for lane := 0; lane < 32; lane++ {
				for i := 0; i < 4; i++ {
					lo, hi := uint64(lane*8+2*i), uint64(lane*8+2*i+1)
					var gl, gh uint64
					if trans {
						gl, gh = unit(i, 2*(lane%4), lane/4), unit(i, 2*(lane%4)+1, lane/4)
					} else {
						gl, gh = unit(i, lane/4, 2*(lane%4)), unit(i, lane/4, 2*(lane%4)+1)
					}
					if gl != lo || gh != hi {
						t.Fatalf("lane %d matrix %d: shared holds %d, %d; want %d, %d", lane, i, gl, gh, lo, hi)
					}
				}
			}
		})
	}
}

// TestLdMatrixRace: a warp reads with ldmatrix the rows another warp
// stored, with no barrier in between.
func TestLdMatrixRace(t *testing.T) {
	src := kernel(2, 512, 1, `
    %smem = gpu.shared_base : !llvm.ptr<3>
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %w1 = llvm.icmp "uge" %tid, %c32 : i32
    %v = llvm.mlir.constant(7 : i32) : i32
    %i = llvm.sub %tid, %c32 : i32
    %sp = llvm.getelementptr %smem[%i] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    gpu.store %sp, %w1, %v {space = shared} : !llvm.ptr<3>, i32
    %lane = gpu.lane_id : i32
    %off = llvm.mul %lane, %c16 : i32
    %rp = llvm.getelementptr %smem[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %m:4 = gpu.ldmatrix %rp : !llvm.ptr<3> -> f16, f16, f16, f16`)
	err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, make([]byte, 4))
	var race *sim.RaceError
	if !errors.As(err, &race) || race.Second.Op.Name() != "gpu.store" || race.First.Op.Name() != "gpu.ldmatrix" {
		t.Fatalf("want a race between the ldmatrix and the store, got %v", err)
	}
}
