package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// NvidiaMmaEncoding is `#ttg.nvidia_mma<{versionMajor = 2, versionMinor =
// 0, warpsPerCTA = [..], instrShape = [..]}>`: the result layout of an
// NVIDIA tensor-core dot (v2 mma.sync on Ampere, v3 wgmma on Hopper).
type NvidiaMmaEncoding struct {
	ttgAttr
	VersionMajor, VersionMinor int
	WarpsPerCTA                []int
	CGALayout                  CGALayout
	InstrShape                 []int
}

// NewNvidiaMma returns the NVIDIA MMA layout.
func NewNvidiaMma(ctx *ir.Context, major, minor int, warpsPerCTA []int, cga CGALayout, instrShape []int) *NvidiaMmaEncoding {
	return ir.Unique(ctx, &NvidiaMmaEncoding{ttgAttr: ttgAttr{ctx: ctx}, VersionMajor: major, VersionMinor: minor,
		WarpsPerCTA: clone(warpsPerCTA), CGALayout: cga, InstrShape: clone(instrShape)})
}

func (a *NvidiaMmaEncoding) UniqueKey() any {
	return attrKey{kind: "nvidia_mma", s: newKey().int(a.VersionMajor).int(a.VersionMinor).ints(a.WarpsPerCTA).cga(a.CGALayout).ints(a.InstrShape).String()}
}
func (a *NvidiaMmaEncoding) Mnemonic() string { return "nvidia_mma" }
func (a *NvidiaMmaEncoding) AsmAlias() string { return "mma" }
func (a *NvidiaMmaEncoding) Rank() int        { return len(a.WarpsPerCTA) }
func (a *NvidiaMmaEncoding) CGA() CGALayout   { return a.CGALayout }
func (a *NvidiaMmaEncoding) isDistributed()   {}
func (a *NvidiaMmaEncoding) isMma()           {}

// IsVolta, IsTuring, IsAmpere and IsHopper classify the MMA version.
func (a *NvidiaMmaEncoding) IsVolta() bool  { return a.VersionMajor == 1 }
func (a *NvidiaMmaEncoding) IsTuring() bool { return a.VersionMajor == 2 && a.VersionMinor == 1 }
func (a *NvidiaMmaEncoding) IsAmpere() bool { return a.VersionMajor == 2 }
func (a *NvidiaMmaEncoding) IsHopper() bool { return a.VersionMajor == 3 }

func (a *NvidiaMmaEncoding) RepOrder() []int { return matrixOrder(a.Rank(), true) }
func (a *NvidiaMmaEncoding) RepOrderForOperand(opIdx int) []int {
	return orderForDotOperand(opIdx, a.Rank(), true)
}

func (a *NvidiaMmaEncoding) params() linearlayout.NvidiaMMAParams {
	return linearlayout.NvidiaMMAParams{VersionMajor: a.VersionMajor, VersionMinor: a.VersionMinor,
		WarpsPerCTA: a.WarpsPerCTA, InstrShape: a.InstrShape, CTA: a.CGALayout.LL()}
}

func (a *NvidiaMmaEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	return linearlayout.NvidiaMMA(shape, a.params())
}

func (a *NvidiaMmaEncoding) PrintParams(p ir.AsmPrinter) {
	p.Printf("<{versionMajor = %d, versionMinor = %d, warpsPerCTA = [", a.VersionMajor, a.VersionMinor)
	writeInts(p, a.WarpsPerCTA)
	p.WriteString("]")
	a.CGALayout.print(p)
	p.WriteString(", instrShape = [")
	writeInts(p, a.InstrShape)
	p.WriteString("]}>")
}

// Verify checks the CTA layout; Triton declares no other verifier for
// nvidia_mma (bad instruction shapes fail when the layout is used).
func (a *NvidiaMmaEncoding) Verify() error { return a.CGALayout.verify() }

// parseNvidiaMma reads the dictionary; like Triton 3.6 it ignores keys it
// does not know.
func parseNvidiaMma(r *attrReader) (ir.Attribute, error) {
	d, err := r.dict()
	if err != nil {
		return nil, err
	}
	var major, minor int
	var wpc, instr []int
	var cga cgaKeys
	for _, e := range d.Entries {
		switch e.Name {
		case "versionMajor":
			major, err = r.uint(e.Value, "versionMajor")
		case "versionMinor":
			minor, err = r.uint(e.Value, "versionMinor")
		case "warpsPerCTA":
			wpc, err = r.ints(e.Value, "warpsPerCTA")
		default:
			cga.take(e)
		case "instrShape":
			instr, err = r.ints(e.Value, "instrShape")
		}
		if err != nil {
			return nil, err
		}
	}
	c, err := r.cga(cga, len(wpc))
	if err != nil {
		return nil, err
	}
	return checked(r, NewNvidiaMma(r.p.Context(), major, minor, wpc, c, instr))
}

// AMDMfmaEncoding is `#ttg.amd_mfma<{version = V, warpsPerCTA = [..],
// instrShape = [M, N, K], isTransposed = B}>` with optional tilesPerWarp
// (printed when not all ones) and elementBitWidth (printed when not 32).
type AMDMfmaEncoding struct {
	ttgAttr
	Version         int
	WarpsPerCTA     []int
	InstrShape      []int
	IsTransposed    bool
	CGALayout       CGALayout
	TilesPerWarp    []int
	ElementBitWidth int
}

// NewAMDMfma returns the MFMA layout; nil tilesPerWarp means all ones and
// elementBitWidth 0 means 32.
func NewAMDMfma(ctx *ir.Context, version int, warpsPerCTA, instrShape []int, isTransposed bool, cga CGALayout, tilesPerWarp []int, elementBitWidth int) *AMDMfmaEncoding {
	if tilesPerWarp == nil {
		tilesPerWarp = ones(len(instrShape))
	}
	if elementBitWidth == 0 {
		elementBitWidth = 32
	}
	return ir.Unique(ctx, &AMDMfmaEncoding{ttgAttr: ttgAttr{ctx: ctx}, Version: version, WarpsPerCTA: clone(warpsPerCTA),
		InstrShape: clone(instrShape), IsTransposed: isTransposed, CGALayout: cga,
		TilesPerWarp: clone(tilesPerWarp), ElementBitWidth: elementBitWidth})
}

func (a *AMDMfmaEncoding) UniqueKey() any {
	return attrKey{kind: "amd_mfma", s: newKey().int(a.Version).ints(a.WarpsPerCTA).ints(a.InstrShape).bool(a.IsTransposed).cga(a.CGALayout).ints(a.TilesPerWarp).int(a.ElementBitWidth).String()}
}
func (a *AMDMfmaEncoding) Mnemonic() string { return "amd_mfma" }
func (a *AMDMfmaEncoding) AsmAlias() string { return "mma" }
func (a *AMDMfmaEncoding) Rank() int        { return len(a.WarpsPerCTA) }
func (a *AMDMfmaEncoding) CGA() CGALayout   { return a.CGALayout }
func (a *AMDMfmaEncoding) isDistributed()   {}
func (a *AMDMfmaEncoding) isMma()           {}
func (a *AMDMfmaEncoding) RepOrder() []int  { return matrixOrder(a.Rank(), true) }
func (a *AMDMfmaEncoding) RepOrderForOperand(opIdx int) []int {
	return orderForDotOperand(opIdx, a.Rank(), true)
}

func (a *AMDMfmaEncoding) params() linearlayout.MFMAParams {
	return linearlayout.MFMAParams{Version: a.Version, WarpsPerCTA: a.WarpsPerCTA, InstrShape: a.InstrShape,
		IsTransposed: a.IsTransposed, TilesPerWarp: rankTiles(a.TilesPerWarp, a.Rank()), ElementBitWidth: a.ElementBitWidth, CTA: a.CGALayout.LL()}
}

func (a *AMDMfmaEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	return linearlayout.AMDMFMA(shape, a.params())
}

func (a *AMDMfmaEncoding) PrintParams(p ir.AsmPrinter) {
	p.Printf("<{version = %d, warpsPerCTA = [", a.Version)
	writeInts(p, a.WarpsPerCTA)
	p.WriteString("], instrShape = [")
	writeInts(p, a.InstrShape)
	p.WriteString("], isTransposed = " + boolStr(a.IsTransposed))
	a.CGALayout.print(p)
	if !allOnes(a.TilesPerWarp) {
		p.WriteString(", tilesPerWarp = [")
		writeInts(p, a.TilesPerWarp)
		p.WriteString("]")
	}
	if a.ElementBitWidth != 32 {
		p.Printf(", elementBitWidth = %d", a.ElementBitWidth)
	}
	p.WriteString("}>")
}

// Verify checks AMDMfmaEncodingAttr::verify.
func (a *AMDMfmaEncoding) Verify() error {
	if a.Version < 0 || a.Version > 4 {
		return fmt.Errorf("version must be in the [0, 4] range")
	}
	m, n := -1, -1
	if len(a.InstrShape) >= 2 {
		m, n = a.InstrShape[0], a.InstrShape[1]
	}
	ok := (m == 32 && n == 32) || (m == 16 && n == 16) || (m == 64 && n == 4) || (m == 4 && n == 64)
	if !ok {
		return fmt.Errorf("invalid (mDim, nDim) combination: (%d, %d)", m, n)
	}
	if a.ElementBitWidth != 32 && a.ElementBitWidth != 64 {
		return fmt.Errorf("elementBitWidth must be 32 or 64")
	}
	return a.CGALayout.verify()
}

// parseAMDMfma reads the dictionary, ignoring unknown keys as Triton does.
func parseAMDMfma(r *attrReader) (ir.Attribute, error) {
	d, err := r.dict()
	if err != nil {
		return nil, err
	}
	version, ebw := 0, 32
	var wpc, instr, tiles []int
	var trans bool
	var cga cgaKeys
	for _, e := range d.Entries {
		switch e.Name {
		case "version":
			version, err = r.uint(e.Value, "version")
		case "warpsPerCTA":
			wpc, err = r.ints(e.Value, "warpsPerCTA")
		case "instrShape":
			instr, err = r.ints(e.Value, "instrShape")
		case "isTransposed":
			trans, err = r.bool(e.Value, "isTransposed")
		default:
			cga.take(e)
		case "tilesPerWarp":
			tiles, err = r.ints(e.Value, "tilesPerWarp")
		case "elementBitWidth":
			ebw, err = r.uint(e.Value, "elementBitWidth")
		}
		if err != nil {
			return nil, err
		}
	}
	c, err := r.cga(cga, len(wpc))
	if err != nil {
		return nil, err
	}
	if len(tiles) == 0 {
		tiles = ones(len(instr))
	}
	a := ir.Unique(r.p.Context(), &AMDMfmaEncoding{ttgAttr: ttgAttr{ctx: r.p.Context()}, Version: version, WarpsPerCTA: wpc, InstrShape: instr,
		IsTransposed: trans, CGALayout: c, TilesPerWarp: tiles, ElementBitWidth: ebw})
	return checked(r, a)
}

// AMDWmmaEncoding is `#ttg.amd_wmma<{version = V, isTranspose = B,
// warpsPerCTA = [..]}>` with optional tilesPerWarp and instrShape (printed
// when not [16, 16, 16]).
type AMDWmmaEncoding struct {
	ttgAttr
	Version      int
	IsTranspose  bool
	WarpsPerCTA  []int
	TilesPerWarp []int
	CGALayout    CGALayout
	InstrShape   []int
}

var defaultWmmaInstrShape = []int{16, 16, 16}

// NewAMDWmma returns the WMMA layout; nil tilesPerWarp means all ones, nil
// instrShape means [16, 16, 16].
func NewAMDWmma(ctx *ir.Context, version int, isTranspose bool, warpsPerCTA, tilesPerWarp []int, cga CGALayout, instrShape []int) *AMDWmmaEncoding {
	if instrShape == nil {
		instrShape = defaultWmmaInstrShape
	}
	if tilesPerWarp == nil {
		tilesPerWarp = ones(len(instrShape))
	}
	return ir.Unique(ctx, &AMDWmmaEncoding{ttgAttr: ttgAttr{ctx: ctx}, Version: version, IsTranspose: isTranspose, WarpsPerCTA: clone(warpsPerCTA),
		TilesPerWarp: clone(tilesPerWarp), CGALayout: cga, InstrShape: clone(instrShape)})
}

func (a *AMDWmmaEncoding) UniqueKey() any {
	return attrKey{kind: "amd_wmma", s: newKey().int(a.Version).bool(a.IsTranspose).ints(a.WarpsPerCTA).ints(a.TilesPerWarp).cga(a.CGALayout).ints(a.InstrShape).String()}
}
func (a *AMDWmmaEncoding) Mnemonic() string { return "amd_wmma" }
func (a *AMDWmmaEncoding) AsmAlias() string { return "mma" }
func (a *AMDWmmaEncoding) Rank() int        { return len(a.WarpsPerCTA) }
func (a *AMDWmmaEncoding) CGA() CGALayout   { return a.CGALayout }
func (a *AMDWmmaEncoding) isDistributed()   {}
func (a *AMDWmmaEncoding) isMma()           {}
func (a *AMDWmmaEncoding) RepOrder() []int  { return matrixOrder(a.Rank(), true) }
func (a *AMDWmmaEncoding) RepOrderForOperand(opIdx int) []int {
	return orderForDotOperand(opIdx, a.Rank(), true)
}

func (a *AMDWmmaEncoding) params() linearlayout.WMMAParams {
	return linearlayout.WMMAParams{Version: a.Version, IsTranspose: a.IsTranspose, WarpsPerCTA: a.WarpsPerCTA,
		InstrShape: a.InstrShape, TilesPerWarp: rankTiles(a.TilesPerWarp, a.Rank()), CTA: a.CGALayout.LL()}
}

func (a *AMDWmmaEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	return linearlayout.AMDWMMA(shape, a.params())
}

func (a *AMDWmmaEncoding) PrintParams(p ir.AsmPrinter) {
	p.Printf("<{version = %d, isTranspose = %s, warpsPerCTA = [", a.Version, boolStr(a.IsTranspose))
	writeInts(p, a.WarpsPerCTA)
	p.WriteString("]")
	a.CGALayout.print(p)
	if !allOnes(a.TilesPerWarp) {
		p.WriteString(", tilesPerWarp = [")
		writeInts(p, a.TilesPerWarp)
		p.WriteString("]")
	}
	if !equalInts(a.InstrShape, defaultWmmaInstrShape) {
		p.WriteString(", instrShape = [")
		writeInts(p, a.InstrShape)
		p.WriteString("]")
	}
	p.WriteString("}>")
}

// Verify checks AMDWmmaEncodingAttr::verify.
func (a *AMDWmmaEncoding) Verify() error {
	if a.Version < 1 || a.Version > 3 {
		return fmt.Errorf("WMMA version must be in the [1, 3] range")
	}
	valid := map[int][][]int{
		1: {{16, 16, 16}},
		2: {{16, 16, 16}, {16, 16, 32}},
		3: {{16, 16, 4}, {16, 16, 32}, {16, 16, 64}, {16, 16, 128}},
	}
	ok := false
	for _, s := range valid[a.Version] {
		ok = ok || equalInts(s, a.InstrShape)
	}
	if !ok {
		return fmt.Errorf("invalid WMMA v%d instruction shape", a.Version)
	}
	return a.CGALayout.verify()
}

// parseAMDWmma reads the dictionary, ignoring unknown keys as Triton does.
func parseAMDWmma(r *attrReader) (ir.Attribute, error) {
	d, err := r.dict()
	if err != nil {
		return nil, err
	}
	version := 0
	var trans bool
	var wpc, tiles []int
	instr := clone(defaultWmmaInstrShape)
	var cga cgaKeys
	for _, e := range d.Entries {
		switch e.Name {
		case "version":
			version, err = r.uint(e.Value, "version")
		case "isTranspose":
			trans, err = r.bool(e.Value, "isTranspose")
		case "warpsPerCTA":
			wpc, err = r.ints(e.Value, "warpsPerCTA")
		case "tilesPerWarp":
			tiles, err = r.ints(e.Value, "tilesPerWarp")
		default:
			cga.take(e)
		case "instrShape":
			instr, err = r.ints(e.Value, "instrShape")
		}
		if err != nil {
			return nil, err
		}
	}
	c, err := r.cga(cga, len(wpc))
	if err != nil {
		return nil, err
	}
	if len(tiles) == 0 {
		tiles = ones(len(instr))
	}
	a := ir.Unique(r.p.Context(), &AMDWmmaEncoding{ttgAttr: ttgAttr{ctx: r.p.Context()}, Version: version, IsTranspose: trans, WarpsPerCTA: wpc,
		TilesPerWarp: tiles, CGALayout: c, InstrShape: instr})
	return checked(r, a)
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// rankTiles returns the tilesPerWarp entries a layout of the given rank
// reads. Triton sizes the default from instrShape (three entries for a 2-D
// layout) and indexes it with rank-2 and rank-1, so only the first rank
// entries matter.
func rankTiles(t []int, rank int) []int {
	if len(t) > rank {
		return t[:rank]
	}
	return t
}
