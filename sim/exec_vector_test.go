package sim_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/numeric"
	"github.com/ttcompiler/tt/sim"
)

// A packed gpu.cvt puts operand 0 in the low half; lanes of a vector are
// packed low lane first, so a vector bitcast to i32 and extractelement
// agree with it, and insertelement replaces one lane.
func TestPackedCvtAndLanes(t *testing.T) {
	src := module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>, %a: f32, %b: f32) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %pk = gpu.cvt %a, %b {rounding = rn} : f32, f32 -> vector<2xf16>
    %z = gpu.cvt %a, %b {rounding = rz} : f32, f32 -> vector<2xbf16>
    %w0 = llvm.bitcast %pk : vector<2xf16> to i32
    %w1 = llvm.bitcast %z : vector<2xbf16> to i32
    %hi = llvm.extractelement %pk[%c1 : i32] : vector<2xf16>
    %hi16 = llvm.bitcast %hi : f16 to i16
    %w2 = llvm.zext %hi16 : i16 to i32
    %lo = llvm.extractelement %pk[%c0 : i32] : vector<2xf16>
    %sw = llvm.insertelement %lo, %pk[%c1 : i32] : vector<2xf16>
    %w3 = llvm.bitcast %sw : vector<2xf16> to i32
    %is0 = llvm.icmp "eq" %tid, %c0 : i32
    %is1 = llvm.icmp "eq" %tid, %c1 : i32
    %is2 = llvm.icmp "eq" %tid, %c2 : i32
    %s2 = llvm.select %is2, %w2, %w3 : i1, i32
    %s1 = llvm.select %is1, %w1, %s2 : i1, i32
    %v = llvm.select %is0, %w0, %s1 : i1, i32`+storeByTid+`
  }`)
	a, b := float32(1.0/3), float32(-70000.5)
	out, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{}, uint64(math.Float32bits(a)), uint64(math.Float32bits(b)))
	if err != nil {
		t.Fatal(err)
	}
	ha, hb := uint32(numeric.F16FromFloat64(float64(a), numeric.RNE)), uint32(numeric.F16FromFloat64(float64(b), numeric.RNE))
	ba, bb := math.Float32bits(a)>>16, math.Float32bits(b)>>16 // toward zero: the top half
	for i, want := range []uint32{ha | hb<<16, ba | bb<<16, hb, ha | ha<<16} {
		if out[i] != want {
			t.Errorf("thread %d: %#08x, want %#08x", i, out[i], want)
		}
	}
	if hb != 0xfc00 {
		t.Errorf("-70000.5 rounds to -inf in f16, got %#04x", hb)
	}
}

// A lane index past the vector is poison in LLVM: the simulator reports it.
func TestLaneOutOfRange(t *testing.T) {
	src := module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>, %i: i32) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %c = llvm.mlir.constant(7 : i32) : i32
    %w = llvm.bitcast %c : i32 to vector<2xi16>
    %e = llvm.extractelement %w[%i : i32] : vector<2xi16>
    %v = llvm.zext %e : i16 to i32`+storeByTid+`
  }`)
	if _, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{}, 2); err == nil || !strings.Contains(err.Error(), "lane 2 of a 2-lane vector") {
		t.Fatalf("got %v, want the lane reported", err)
	}
	out, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{}, 0)
	if err != nil || out[0] != 7 {
		t.Fatalf("lane 0 of 7: %d, %v", out[0], err)
	}
}

// Fast-math ops with {ftz} flush subnormal operands and results to zero
// of their sign (PTX .ftz); without it they are kept.
func TestFastMathFTZ(t *testing.T) {
	src := module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>, %x: f32, %s: f32) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %e = gpu.ex2_approx %x {ftz} : f32
    %f = gpu.ex2_approx %x : f32
    %q = gpu.sqrt_approx %s {ftz} : f32
    %we = llvm.bitcast %e : f32 to i32
    %wf = llvm.bitcast %f : f32 to i32
    %wq = llvm.bitcast %q : f32 to i32
    %is0 = llvm.icmp "eq" %tid, %c0 : i32
    %is1 = llvm.icmp "eq" %tid, %c1 : i32
    %s1 = llvm.select %is1, %wf, %wq : i1, i32
    %v = llvm.select %is0, %we, %s1 : i1, i32`+storeByTid+`
  }`)
	x := float32(-130) // 2^-130 is subnormal in f32
	sub := math.Float32frombits(0x00000400)
	out, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{}, uint64(math.Float32bits(x)), uint64(math.Float32bits(sub)))
	if err != nil {
		t.Fatal(err)
	}
	if out[0] != 0 {
		t.Errorf("ex2.ftz(-130) = %#x, want +0", out[0])
	}
	if want := math.Float32bits(float32(math.Exp2(-130))); out[1] != want || want == 0 {
		t.Errorf("ex2(-130) = %#x, want the subnormal %#x", out[1], want)
	}
	if out[2] != 0 {
		t.Errorf("sqrt.ftz(subnormal) = %#x, want +0 (the operand is flushed)", out[2])
	}
}
