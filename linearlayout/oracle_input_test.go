package linearlayout

import (
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteSwizzleOracleInput writes testdata/oracle/swizzle_cases.json, the
// shared layouts chosen by OptimalSwizzling for a set of conversions, so
// that gen_triton36.py can have Triton count their bank conflicts (those
// counts land in triton36_bank.json and are checked by
// TestTritonOracleBankConflicts). It only runs with LL_WRITE_ORACLE_INPUT=1.
func TestWriteSwizzleOracleInput(t *testing.T) {
	if os.Getenv("LL_WRITE_ORACLE_INPUT") == "" {
		t.Skip("set LL_WRITE_ORACLE_INPUT=1 to regenerate")
	}
	type pair struct {
		src, dst LinearLayout
		shape    []int64
	}
	var pairs []pair
	add := func(src, dst LinearLayout, shape []int64) { pairs = append(pairs, pair{src, dst, shape}) }
	add(blk(t, []int64{32, 32}, []int{1, 1}, []int{1, 32}, []int{4, 1}, []int{1, 0}),
		blk(t, []int64{32, 32}, []int{1, 1}, []int{32, 1}, []int{1, 4}, []int{0, 1}), []int64{32, 32})
	load := blk(t, []int64{64, 64}, []int{1, 4}, []int{8, 4}, []int{4, 1}, []int{1, 0})
	store := blk(t, []int64{64, 64}, []int{4, 1}, []int{4, 8}, []int{1, 4}, []int{0, 1})
	add(load, store, []int64{64, 64})
	add(store, load, []int64{64, 64})
	mma := ok(t)(NvidiaMMA([]int64{128, 128}, NvidiaMMAParams{VersionMajor: 2, WarpsPerCTA: []int{2, 2}, InstrShape: []int{16, 8}}))
	add(mma, blk(t, []int64{128, 128}, []int{1, 8}, []int{8, 4}, []int{4, 1}, []int{1, 0}), []int64{128, 128})
	rng := rand.New(rand.NewSource(36))
	for len(pairs) < 24 {
		shape := []int64{1 << (4 + rng.Intn(3)), 1 << (4 + rng.Intn(3))}
		mk := func() LinearLayout {
			tpw0 := 1 << rng.Intn(6)
			order := []int{1, 0}
			if rng.Intn(2) == 0 {
				order = []int{0, 1}
			}
			return blk(t, shape, []int{1 << rng.Intn(3), 1 << rng.Intn(3)}, []int{tpw0, 32 / tpw0}, []int{2, 2}, order)
		}
		add(mk(), mk(), shape)
	}
	var cases []map[string]any
	for _, p := range pairs {
		for _, bits := range []int{32, 16} {
			l, err := OptimalSwizzling(p.src, p.dst, bits, SharedInstrs{})
			if err != nil {
				t.Fatal(err)
			}
			smem := FlatShared(l)
			for _, reg := range []LinearLayout{p.src, p.dst} {
				sim := ok1(t)(SimulateAccess(reg, smem, bits))
				cases = append(cases, map[string]any{
					"shape": p.shape,
					"reg": map[string]any{"kind": "dlinear", "params": map[string]any{
						"register": reg.DimBases(Register), "lane": reg.DimBases(Lane), "warp": reg.DimBases(Warp), "block": reg.DimBases(Block)}},
					"smem": map[string]any{"kind": "slinear", "params": map[string]any{
						"offset": smem.DimBases(Offset), "block": B{}}},
					"bits":              bits,
					"simulated_extra":   sim.Conflicts(),
					"simulated_vector":  sim.Vector,
					"simulated_instrs":  sim.Instructions,
					"simulated_wavefrt": sim.Wavefronts,
				})
			}
		}
	}
	data, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", "oracle", "swizzle_cases.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
