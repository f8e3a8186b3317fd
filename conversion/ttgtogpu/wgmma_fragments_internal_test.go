package ttgtogpu

import (
	"fmt"
	"math/rand"
	"testing"
)

// fragmentRegistersByThread is fragmentRegisters as the definition reads:
// every element checked for every thread of the CTA.
func fragmentRegistersByThread(lay *regLayout, origins [][2]int32, n int, frag fragment) ([][]int, error) {
	groups := lay.warpgroupOrigins()
	byCoord := map[[2]int32]int{}
	for reg := lay.numRegs - 1; reg >= 0; reg-- {
		byCoord[[2]int32{lay.regs[reg][0], lay.regs[reg][1]}] = reg
	}
	out := make([][]int, len(origins))
	for t, o := range origins {
		out[t] = make([]int, n)
		for i := 0; i < n; i++ {
			er, ec := frag.elem(i)
			reg, ok := byCoord[[2]int32{o[0] + er, o[1] + ec}]
			if !ok {
				return nil, fmt.Errorf("no register holds element (%d, %d) of the fragment", o[0]+er, o[1]+ec)
			}
			for tid := 0; tid < 1<<(lay.laneBits+lay.warpBits); tid++ {
				got := [2]int32{lay.regs[reg][0], lay.regs[reg][1]}
				for b := 0; b < lay.laneBits+lay.warpBits; b++ {
					if tid>>b&1 != 0 {
						got[0] ^= lay.tidBases[b][0]
						got[1] ^= lay.tidBases[b][1]
					}
				}
				g := groups[tid>>7]
				tr, tc := frag.threadPart(tid&31, tid>>5&3)
				want := [2]int32{(o[0] | g[0]) + er + tr, (o[1] | g[1]) + ec + tc}
				if want != got {
					return nil, fmt.Errorf("thread %d holds element (%d, %d) in the register where wgmma puts element (%d, %d)",
						tid, got[0], got[1], want[0], want[1])
				}
			}
			out[t][i] = reg
		}
	}
	return out, nil
}

// TestFragmentRegistersMatchesByThread compares fragmentRegisters with the
// thread-by-thread check on wgmma's accumulator layout (two warpgroups
// along M) and on layouts with a basis changed or two bases swapped.
func TestFragmentRegistersMatchesByThread(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	// 128 x 32 accumulator: registers (col 1, row 8, col 8, col 16),
	// lanes (col 2, col 4, row 1, row 2, row 4), warps (row 16, row 32,
	// row 64).
	regBases := [][]int32{{0, 1}, {8, 0}, {0, 8}, {0, 16}}
	tidBases := [][]int32{{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}, {16, 0}, {32, 0}, {64, 0}}
	build := func(regBases, tidBases [][]int32) *regLayout {
		lay := &regLayout{shape: []int64{128, 32}, numRegs: 1 << len(regBases), tidBases: tidBases, laneBits: 5, warpBits: 3}
		for r := 0; r < lay.numRegs; r++ {
			c := []int32{0, 0}
			for b, v := range regBases {
				if r>>b&1 != 0 {
					c[0] ^= v[0]
					c[1] ^= v[1]
				}
			}
			lay.regs = append(lay.regs, c)
		}
		return lay
	}
	origins := [][2]int32{{0, 0}}
	failures := 0
	for iter := 0; iter < 300; iter++ {
		rb := append([][]int32(nil), regBases...)
		tb := append([][]int32(nil), tidBases...)
		switch iter % 3 {
		case 1:
			i, j := rng.Intn(len(tb)), rng.Intn(len(tb))
			tb[i], tb[j] = tb[j], tb[i]
		case 2:
			tb[rng.Intn(len(tb))] = []int32{int32(rng.Intn(128)), int32(rng.Intn(32))}
		}
		lay := build(rb, tb)
		got, gotErr := fragmentRegisters(lay, origins, 16, accFragment)
		want, wantErr := fragmentRegistersByThread(lay, origins, 16, accFragment)
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("bases %v: got %v, %v; thread by thread %v, %v", tb, got, gotErr, want, wantErr)
		}
		if iter == 0 && gotErr != nil {
			t.Fatalf("wgmma's own layout: %v", gotErr)
		}
		if gotErr != nil {
			failures++
		}
	}
	if failures == 0 {
		t.Fatal("no perturbed layout was rejected")
	}
}
