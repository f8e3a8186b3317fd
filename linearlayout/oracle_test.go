package linearlayout

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The testdata/triton36_*.json files were produced by
// testdata/oracle/gen_triton36.py from an installed Triton 3.6.0 (its
// LinearLayout Python bindings and its Gluon layout builder). They pin this
// package's results to Triton's own.

type oracleLayout struct {
	Bases [][2]json.RawMessage `json:"bases"`
	Outs  [][2]json.RawMessage `json:"outs"`
}

func (o oracleLayout) build(t *testing.T) LinearLayout {
	t.Helper()
	var ins []InBases
	for _, b := range o.Bases {
		var name string
		var vs [][]int32
		mustUnmarshal(t, b[0], &name)
		mustUnmarshal(t, b[1], &vs)
		ins = append(ins, InBases{Name: name, Bases: vs})
	}
	var outs []Dim
	for _, b := range o.Outs {
		var d Dim
		mustUnmarshal(t, b[0], &d.Name)
		mustUnmarshal(t, b[1], &d.Size)
		outs = append(outs, d)
	}
	l, err := NewNonSurjective(ins, outs)
	if err != nil {
		t.Fatalf("bad oracle layout: %v", err)
	}
	return l
}

func mustUnmarshal(t *testing.T, raw json.RawMessage, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("unmarshal %s: %v", raw, err)
	}
}

func loadOracle(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

func TestTritonOracleOps(t *testing.T) {
	var file struct {
		Cases []struct {
			Op     string       `json:"op"`
			A      oracleLayout `json:"a"`
			B      oracleLayout `json:"b"`
			Result struct {
				oracleLayout
				Surjective bool `json:"surjective"`
				Injective  bool `json:"injective"`
			} `json:"result"`
			Error string `json:"error"`
			Crash string `json:"crash"`
		} `json:"cases"`
	}
	loadOracle(t, "triton36_ops.json", &file)
	counts := map[string]int{}
	for i, c := range file.Cases {
		if c.Error != "" {
			continue
		}
		if c.Crash != "" {
			// Triton aborted (its identity-dims heuristic left the system
			// unsolvable); we fall back to a full solve, which must be right.
			if c.Op == "invert_and_compose" {
				a, b := c.A.build(t), c.B.build(t)
				got, err := a.InvertAndCompose(b)
				if err != nil {
					t.Errorf("case %d: %v", i, err)
					continue
				}
				forAllInputs(a, func(x uint64) {
					if b.ApplyFlat(got.ApplyFlat(x)) != a.ApplyFlat(x) {
						t.Fatalf("case %d: fallback solution is wrong at %d", i, x)
					}
				})
				counts["triton-aborts"]++
			}
			continue
		}
		a := c.A.build(t)
		want := c.Result.build(t)
		var got LinearLayout
		var err error
		switch c.Op {
		case "mul":
			got = a.Mul(c.B.build(t))
		case "compose":
			got = a.Compose(c.B.build(t))
		case "invert_and_compose":
			got, err = a.InvertAndCompose(c.B.build(t))
		case "pseudoinvert":
			got, err = a.PseudoInvert()
		case "invert":
			got, err = a.Invert()
		case "props":
			got = a
		default:
			t.Fatalf("unknown op %q", c.Op)
		}
		if err != nil {
			t.Errorf("case %d %s: %v", i, c.Op, err)
			continue
		}
		if !got.Equal(want) {
			t.Errorf("case %d %s(%v, %v):\n got %v %v\nwant %v %v", i, c.Op, a, c.B.build(t), got, got.OutDims(), want, want.OutDims())
		}
		if got.IsSurjective() != c.Result.Surjective || got.IsInjective() != c.Result.Injective {
			t.Errorf("case %d %s: surjective/injective = %v/%v, Triton says %v/%v", i, c.Op,
				got.IsSurjective(), got.IsInjective(), c.Result.Surjective, c.Result.Injective)
		}
		counts[c.Op]++
	}
	t.Logf("checked against Triton 3.6: %v", counts)
}

type oracleParams struct {
	SPT        []int `json:"spt"`
	TPW        []int `json:"tpw"`
	WPC        []int `json:"wpc"`
	Order      []int `json:"order"`
	Version    json.RawMessage
	Instr      []int `json:"instr"`
	Transposed bool  `json:"transposed"`
	Tiles      []int `json:"tiles"`
	Bits       int   `json:"bits"`
	Dim        int   `json:"dim"`
	Op         int   `json:"op"`
	KWidth     int   `json:"kwidth"`
	Parent     *struct {
		Kind   string       `json:"kind"`
		Params oracleParams `json:"params"`
	} `json:"parent"`
	// Explicit bases (kind "dlinear").
	Register B `json:"register"`
	Lane     B `json:"lane"`
	Warp     B `json:"warp"`
	Block    B `json:"block"`
	CGA      *struct {
		CTAs  []int `json:"ctas"`
		Split []int `json:"split"`
		Order []int `json:"order"`
	} `json:"cga"`
}

func (p oracleParams) cta() CTALayout {
	if p.CGA == nil {
		return CTALayout{}
	}
	return CTALayout{CTAsPerCGA: p.CGA.CTAs, CTASplitNum: p.CGA.Split, CTAOrder: p.CGA.Order}
}

func (p oracleParams) blocked() BlockedParams {
	return BlockedParams{SizePerThread: p.SPT, ThreadsPerWarp: p.TPW, WarpsPerCTA: p.WPC, Order: p.Order, CTA: p.cta()}
}

func (p oracleParams) mma(t *testing.T) NvidiaMMAParams {
	var v []int
	mustUnmarshal(t, p.Version, &v)
	return NvidiaMMAParams{VersionMajor: v[0], VersionMinor: v[1], WarpsPerCTA: p.WPC, InstrShape: p.Instr, CTA: p.cta()}
}

func (p oracleParams) mfma(t *testing.T) MFMAParams {
	var v int
	mustUnmarshal(t, p.Version, &v)
	return MFMAParams{Version: v, WarpsPerCTA: p.WPC, InstrShape: p.Instr, IsTransposed: p.Transposed,
		TilesPerWarp: p.Tiles, ElementBitWidth: p.Bits, CTA: p.cta()}
}

func (p oracleParams) wmma(t *testing.T) WMMAParams {
	var v int
	mustUnmarshal(t, p.Version, &v)
	return WMMAParams{Version: v, IsTranspose: p.Transposed, WarpsPerCTA: p.WPC, InstrShape: p.Instr,
		TilesPerWarp: p.Tiles, CTA: p.cta()}
}

func oracleBuild(t *testing.T, kind string, p oracleParams, shape []int64) (LinearLayout, error) {
	switch kind {
	case "blocked":
		return Blocked(shape, p.blocked())
	case "mma":
		return NvidiaMMA(shape, p.mma(t))
	case "mfma":
		return AMDMFMA(shape, p.mfma(t))
	case "wmma":
		return AMDWMMA(shape, p.wmma(t))
	case "slice":
		parent, err := oracleBuild(t, p.Parent.Kind, p.Parent.Params, SliceParentShape(shape, p.Dim))
		if err != nil {
			return LinearLayout{}, err
		}
		return Slice(parent, p.Dim)
	case "dot":
		pp := p.Parent.Params
		switch p.Parent.Kind {
		case "blocked":
			return FMADotOperand(shape, p.Op, pp.blocked())
		case "mma":
			return NvidiaDotOperand(shape, p.Op, p.KWidth, pp.mma(t))
		case "mfma":
			return MFMADotOperand(shape, p.Op, p.KWidth, pp.mfma(t))
		case "wmma":
			return WMMADotOperand(shape, p.Op, p.KWidth, pp.wmma(t))
		}
	}
	t.Fatalf("unknown layout kind %q", kind)
	return LinearLayout{}, nil
}

func TestTritonOracleLayouts(t *testing.T) {
	var file struct {
		Cases []struct {
			Kind   string               `json:"kind"`
			Shape  []int64              `json:"shape"`
			Params oracleParams         `json:"params"`
			Result map[string][][]int32 `json:"result"`
			Error  string               `json:"error"`
			Crash  string               `json:"crash"`
		} `json:"cases"`
	}
	loadOracle(t, "triton36_layouts.json", &file)
	counts := map[string]int{}
	fails := map[string]int{}
	for i, c := range file.Cases {
		if c.Result == nil {
			continue
		}
		got, err := oracleBuild(t, c.Kind, c.Params, c.Shape)
		if err != nil {
			t.Errorf("case %d %s %v %+v: %v", i, c.Kind, c.Shape, c.Params, err)
			fails[c.Kind]++
			continue
		}
		var ins []InBases
		for _, n := range []string{Register, Lane, Warp, Block} {
			ins = append(ins, InBases{Name: n, Bases: c.Result[n]})
		}
		want, err := NewInferSizes(ins, StandardOutDimNames(len(c.Shape)))
		if err != nil {
			t.Fatalf("case %d: bad oracle layout: %v", i, err)
		}
		if !got.Equal(want) {
			pk := ""
			if c.Params.Parent != nil {
				pk = c.Params.Parent.Kind
			}
			t.Errorf("case %d %s(%s) shape %v params %s:\n got %v\nwant %v", i, c.Kind, pk, c.Shape, jsonString(c.Params), got, want)
			fails[c.Kind]++
			continue
		}
		counts[c.Kind]++
	}
	t.Logf("matched Triton 3.6: %v; mismatched: %v", counts, fails)
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func oracleShared(t *testing.T, kind string, p map[string]any, shape []int64) LinearLayout {
	t.Helper()
	num := func(k string) int { return int(p[k].(float64)) }
	switch kind {
	case "swizzled":
		var order []int
		for _, o := range p["order"].([]any) {
			order = append(order, int(o.(float64)))
		}
		return ok(t)(SwizzledShared(shape, SwizzledSharedParams{Vec: num("vec"), PerPhase: num("per_phase"), MaxPhase: num("max_phase"), Order: order}))
	case "nvmma":
		return ok(t)(NVMMAShared(shape, NVMMASharedParams{SwizzlingByteWidth: num("swizzle"), ElementBitWidth: num("bits"), Transposed: p["transposed"].(bool)}))
	case "slinear":
		bases := func(k string) B {
			var r B
			for _, v := range p[k].([]any) {
				var b []int32
				for _, x := range v.([]any) {
					b = append(b, int32(x.(float64)))
				}
				r = append(r, b)
			}
			return r
		}
		return ok(t)(SharedLinear(bases("offset"), bases("block"), len(shape)))
	}
	t.Fatalf("unknown shared kind %q", kind)
	return LinearLayout{}
}

func TestTritonOracleBankConflicts(t *testing.T) {
	var file struct {
		Cases []struct {
			Shape []int64 `json:"shape"`
			Reg   struct {
				Kind   string       `json:"kind"`
				Params oracleParams `json:"params"`
			} `json:"reg"`
			Smem struct {
				Kind   string         `json:"kind"`
				Params map[string]any `json:"params"`
			} `json:"smem"`
			Bits      int    `json:"bits"`
			Conflicts *int   `json:"conflicts"`
			Error     string `json:"error"`
			Crash     string `json:"crash"`
		} `json:"cases"`
	}
	loadOracle(t, "triton36_bank.json", &file)
	n, linear := 0, 0
	for i, c := range file.Cases {
		if c.Conflicts == nil {
			continue
		}
		if c.Smem.Kind == "slinear" {
			linear++
			// These are layouts chosen by OptimalSwizzling: Triton finds them
			// conflict-free too.
			if *c.Conflicts != 0 {
				t.Errorf("case %d: Triton counts %d conflicts in a layout we chose", i, *c.Conflicts)
			}
		}
		var reg LinearLayout
		if c.Reg.Kind == "dlinear" {
			reg = ok(t)(DistributedLinear(c.Reg.Params.Register, c.Reg.Params.Lane, c.Reg.Params.Warp, c.Reg.Params.Block, len(c.Shape)))
		} else {
			var err error
			if reg, err = oracleBuild(t, c.Reg.Kind, c.Reg.Params, c.Shape); err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
		}
		smem := oracleShared(t, c.Smem.Kind, c.Smem.Params, c.Shape)
		got, err := BankConflicts(reg, smem, c.Bits)
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		if got != *c.Conflicts {
			t.Errorf("case %d: %s %s %v %s %v bits %d: %d conflicts, Triton says %d", i, c.Reg.Kind, jsonString(c.Reg.Params), c.Shape,
				c.Smem.Kind, c.Smem.Params, c.Bits, got, *c.Conflicts)
		}
		n++
	}
	t.Logf("%d bank-conflict counts checked against Triton 3.6 (%d on layouts chosen by OptimalSwizzling)", n, linear)
}
