package ttrun

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/ttcompiler/tt/npy"
)

// Triton's tutorial 06 attention backward (the recorded TTIR, head dim 64,
// 4 warps, 5 stages) carries its row offsets through the pipeliner's
// stages; with induction offsets on (reassociate-loop-addresses,
// TT_X_INDUCTION_OFFSETS) tt recomputes them from the loop's induction
// variable instead. The test checks that the rewrite happens (the lowered
// kernel's loop headers take fewer arguments) and that the kernel's three
// outputs (dQ, dK, dV) are bit for bit the same with it as without it in
// the simulator, on one 128-token head.
func TestSimInductionOffsets(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates the attention backward twice")
	}
	const n, d = 128, 64
	dir := t.TempDir()
	ttir := filepath.Join("..", "..", "frontend", "testdata", "reference", "tutorials.06.attn_bwd.ttir")
	ttgir := filepath.Join(dir, "bwd.ttgir")
	translate(t, ttgir, ttir, "--num-warps", "4", "--num-stages", "5", "--target=ttgir")
	headerArgs := func() int {
		ll := translate(t, filepath.Join(dir, "bwd.ll"), ttgir, "--target=llvmir")
		return len(regexp.MustCompile(`= phi `).FindAll(ll, -1))
	}

	rng := rand.New(rand.NewSource(6))
	small := func(name string, count int) string {
		v := make([]float32, count)
		for i := range v {
			v[i] = float32(rng.Intn(17)-8) / 16
		}
		return writeHalfNpy(t, dir, name, v, count/d, d)
	}
	q, k, v, do := small("q.npy", n*d), small("k.npy", n*d), small("v.npy", n*d), small("do.npy", n*d)
	rows := func(name string, x float32) string {
		r := make([]float32, n)
		for i := range r {
			r[i] = x + float32(i%7)/8
		}
		return writeNpy(t, dir, name, r)
	}
	m, delta := rows("m.npy", 2), rows("delta.npy", 0.25)
	run := func(mode string) map[string][]byte {
		t.Setenv("TT_X_INDUCTION_OFFSETS", mode)
		sub := filepath.Join(dir, mode)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		args := []string{ttgir, "--kernel", "_attn_bwd", "--backend", "sim", "--arch", "sm_90", "--no-cache", "--grid", "1,1,1",
			"--arg", "Q=@" + q, "--arg", "K=@" + k, "--arg", "V=@" + v, "--arg", "sm_scale=0.5", "--arg", "DO=@" + do,
			"--arg", "M=@" + m, "--arg", "D=@" + delta,
			"--arg", fmt.Sprint("stride_z=", n*d), "--arg", fmt.Sprint("stride_h=", n*d), "--arg", fmt.Sprint("stride_tok=", d),
			"--arg", "H=1", "--arg", fmt.Sprint("N_CTX=", n)}
		outs := map[string][]byte{}
		for _, name := range []string{"DQ", "DK", "DV"} {
			zero := writeHalfNpy(t, sub, name+"0.npy", make([]float32, n*d), n, d)
			args = append(args, "--arg", name+"=@"+zero, "--out", name+"="+filepath.Join(sub, name+".npy"))
		}
		code, stdout, stderr := runTool(args...)
		if code != 0 {
			t.Fatalf("%s: exit %d\nstdout: %s\nstderr: %s", mode, code, stdout, stderr)
		}
		for _, name := range []string{"DQ", "DK", "DV"} {
			b, err := os.ReadFile(filepath.Join(sub, name+".npy"))
			if err != nil {
				t.Fatal(err)
			}
			outs[name] = b
		}
		return outs
	}
	off := run("off")
	argsOff := headerArgs()
	on := run("on")
	argsOn := headerArgs()
	if argsOn >= argsOff {
		t.Errorf("loop header arguments: %d with induction offsets, %d without; want fewer", argsOn, argsOff)
	}
	for _, name := range []string{"DQ", "DK", "DV"} {
		if !bytes.Equal(off[name], on[name]) {
			t.Errorf("%s differs with induction offsets", name)
		}
	}
	for _, name := range []string{"DQ", "DK", "DV"} {
		a, err := npy.ReadFile(filepath.Join(dir, "off", name+".npy"))
		if err != nil {
			t.Fatal(err)
		}
		bits, err := a.Float16Bits()
		if err != nil {
			t.Fatal(err)
		}
		nonzero := 0
		for _, b := range bits {
			if b&0x7fff != 0 {
				nonzero++
			}
		}
		if nonzero < len(bits)/2 {
			t.Errorf("%s: %d of %d elements nonzero: the kernel did not compute it", name, nonzero, len(bits))
		}
	}
}
