package numeric

import (
	"encoding/json"
	"math"
	"testing"
)

// ulpDiff is the distance between two float32 values in units in the last
// place (both finite, same sign region).
func ulpDiff(a, b float32) int64 {
	ia, ib := int64(int32(math.Float32bits(a))), int64(int32(math.Float32bits(b)))
	if ia < 0 {
		ia = math.MinInt32 - ia
	}
	if ib < 0 {
		ib = math.MinInt32 - ib
	}
	d := ia - ib
	if d < 0 {
		d = -d
	}
	return d
}

// maxRandnULP bounds the difference between TritonPairUniformToNormal and
// the GPU's (libdevice, approximate sqrt) Box-Muller.
const maxRandnULP = 8

// GPU results of tl.randint4x, randint, rand, randn, rand4x and randn4x
// (Triton 3.6, sm_90) for many seeds, offsets of type int32 and int64, and
// 10 and 7 rounds.
func TestGoldenRandom(t *testing.T) {
	var data struct {
		Cases []struct {
			Seed        json.Number `json:"seed"`
			OffsetDtype string      `json:"offset_dtype"`
			NRounds     int         `json:"n_rounds"`
			Offsets     []int64     `json:"offsets"`
			Out         [][15]uint32
		} `json:"cases"`
	}
	readJSONGz(t, "rng.json.gz", &data)
	if len(data.Cases) < 20 {
		t.Fatalf("only %d cases", len(data.Cases))
	}
	var worst int64
	n := 0
	for _, c := range data.Cases {
		seed, err := parseSeed(c.Seed)
		if err != nil {
			t.Fatal(err)
		}
		bitsW := 32
		if c.OffsetDtype == "i64" {
			bitsW = 64
		}
		for i, off := range c.Offsets {
			o := uint64(off)
			want := c.Out[i]
			r4 := TritonRandInt4x(seed, o, bitsW, c.NRounds)
			got := [15]uint32{r4[0], r4[1], r4[2], r4[3], TritonRandInt(seed, o, bitsW, c.NRounds),
				math.Float32bits(TritonRand(seed, o, bitsW, c.NRounds))}
			u4 := TritonRand4x(seed, o, bitsW, c.NRounds)
			for k := range u4 {
				got[7+k] = math.Float32bits(u4[k])
			}
			for k := 0; k < 11; k++ {
				if k == 6 {
					continue
				}
				if got[k] != want[k] {
					t.Errorf("seed %s %s offset %d rounds %d: output %d: got %#x, GPU %#x",
						c.Seed, c.OffsetDtype, off, c.NRounds, k, got[k], want[k])
				}
			}
			normals := []float32{TritonRandn(seed, o, bitsW, c.NRounds)}
			n4 := TritonRandn4x(seed, o, bitsW, c.NRounds)
			normals = append(normals, n4[:]...)
			for k, v := range normals {
				w := math.Float32frombits(want[[]int{6, 11, 12, 13, 14}[k]])
				d := ulpDiff(v, w)
				worst = max(worst, d)
				n++
				if d > maxRandnULP {
					t.Errorf("seed %s offset %d: randn output %d: got %v, GPU %v (%d ulp)", c.Seed, off, k, v, w, d)
				}
			}
		}
	}
	t.Logf("randn: %d values, worst difference from the GPU %d ulp", n, worst)
}

func parseSeed(n json.Number) (uint64, error) {
	if i, err := n.Int64(); err == nil {
		return uint64(i), nil
	}
	var u uint64
	err := json.Unmarshal([]byte(n.String()), &u)
	return u, err
}

func TestGoldenUniform(t *testing.T) {
	var data map[string][][2]json.Number
	readJSONGz(t, "uniform.json.gz", &data)
	for dt, rows := range data {
		for _, r := range rows {
			x, err := parseSeed(r[0])
			if err != nil {
				t.Fatal(err)
			}
			w, _ := r[1].Int64()
			var got float32
			if dt == "i32" {
				got = TritonUintToUniformFloat(uint32(x))
			} else {
				got = TritonUint64ToUniformFloat(x)
			}
			if math.Float32bits(got) != uint32(w) {
				t.Errorf("%s %s: got %#x, GPU %#x", dt, r[0], math.Float32bits(got), w)
			}
		}
	}
}
