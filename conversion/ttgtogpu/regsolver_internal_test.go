package ttgtogpu

import (
	"math/rand"
	"slices"
	"testing"
)

// TestRegSolverMatchesScan checks regAt and canonicalRegs against a scan
// of every register, on random register bases of an 8 x 16 x 4 share:
// zero bases (registers repeating data), repeated and dependent bases
// (the same element in registers far apart), and bases that leave
// elements in no register.
func TestRegSolverMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	shape := []int64{8, 16, 4}
	randomCoord := func() []int32 {
		c := make([]int32, len(shape))
		for d, n := range shape {
			c[d] = int32(rng.Int63n(n))
		}
		return c
	}
	for trial := 0; trial < 300; trial++ {
		var bases [][]int32
		for range rng.Intn(8) {
			switch rng.Intn(4) {
			case 0:
				bases = append(bases, make([]int32, len(shape)))
			case 1:
				if len(bases) > 1 {
					b := slices.Clone(bases[rng.Intn(len(bases))])
					xorInto(b, bases[rng.Intn(len(bases))])
					bases = append(bases, b)
					continue
				}
				fallthrough
			default:
				bases = append(bases, randomCoord())
			}
		}
		lay := &regLayout{shape: shape, numRegs: 1 << len(bases)}
		for r := 0; r < lay.numRegs; r++ {
			c := make([]int32, len(shape))
			for b, v := range bases {
				if r>>b&1 != 0 {
					xorInto(c, v)
				}
			}
			lay.regs = append(lay.regs, c)
		}
		// The lowest register holding each element, by scanning.
		lowest := func(c []int32) (int, bool) {
			for r, rc := range lay.regs {
				if slices.Equal(rc, c) {
					return r, true
				}
			}
			return 0, false
		}
		for x := int32(0); x < int32(shape[0]); x++ {
			for y := int32(0); y < int32(shape[1]); y++ {
				for z := int32(0); z < int32(shape[2]); z++ {
					c := []int32{x, y, z}
					want, wantOK := lowest(c)
					got, ok := lay.regAt(c)
					if ok != wantOK || got != want {
						t.Fatalf("bases %v: regAt(%v) = %d, %v; the scan finds %d, %v", bases, c, got, ok, want, wantOK)
					}
				}
			}
		}
		for _, c := range [][]int32{{-1, 0, 0}, {8, 0, 0}, {0, 16, 0}, {0, 0}} {
			if r, ok := lay.regAt(c); ok {
				t.Fatalf("regAt(%v) = %d outside the share", c, r)
			}
		}
		for r, got := range lay.canonicalRegs() {
			if want, _ := lowest(lay.regs[r]); got != want {
				t.Fatalf("bases %v: canonicalRegs()[%d] = %d, the scan finds %d", bases, r, got, want)
			}
		}
	}
}
