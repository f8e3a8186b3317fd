package ttrun

import (
	"bytes"
	"testing"
)

// tt-hoist-epilogue-loads issues the bias row a matmul's epilogue adds
// before the K loop of each consumer's tile (the pairs, the default): the
// simulator still computes A B + bias exactly, on one SM (a CTA walks all
// six tiles, pairs sharing B and a pair that does not) and on two (tiles
// without a partner), and the TTGIR differs from the one without the pass
// (TT_X_HOIST_EPILOGUE=off), which computes the same.
func TestSimHoistedEpilogueBias(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	const m, n, k = 320, 200, 160
	sig := "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64"
	mm := newBiasMatmul(m, n, k, 9)
	t.Setenv("TT_X_HOIST_EPILOGUE", "off")
	offTTGIR, unhoisted := biasMatmulTTGIR(t, sig, 4)
	t.Setenv("TT_X_HOIST_EPILOGUE", "")
	ttgir, hoisted := biasMatmulTTGIR(t, sig, 4)
	if !bytes.Contains(hoisted, []byte("partition1(")) {
		t.Fatalf("the kernel is not the pairs' (no second consumer partition)")
	}
	if bytes.Equal(hoisted, unhoisted) {
		t.Fatalf("the pass changed nothing: the bias load was not issued before the K loop")
	}
	for _, sms := range []int{1, 2} {
		mm.simulate(t, ttgir, 3*2, sms)
	}
	mm.simulate(t, offTTGIR, 3*2, 1)
}
