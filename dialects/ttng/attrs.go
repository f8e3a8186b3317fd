package ttng

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

type ttngAttr struct{ ir.AttrBase }

func (ttngAttr) Namespace() string { return "ttng" }

type attrKey struct {
	kind string
	s    string
}

// TensorMemorySpace is `#ttng.tensor_memory`, the memory space of Blackwell
// tensor memory (TMEM).
type TensorMemorySpace struct{ ttngAttr }

// TensorMemory returns `#ttng.tensor_memory`.
func TensorMemory(ctx *ir.Context) *TensorMemorySpace { return ir.Unique(ctx, &TensorMemorySpace{}) }

func (a *TensorMemorySpace) UniqueKey() any              { return attrKey{kind: "tensor_memory"} }
func (a *TensorMemorySpace) Mnemonic() string            { return "tensor_memory" }
func (a *TensorMemorySpace) PrintParams(p ir.AsmPrinter) {}

// TensorMemoryEncoding is `#ttng.tensor_memory_encoding<blockM = M, blockN =
// N, colStride = S>` (plus CTASplitM, CTASplitN and twoCTAs when not 1, 1,
// false): a TMEM buffer laid out in blockM x blockN blocks over the 128
// lanes of tensor memory.
type TensorMemoryEncoding struct {
	ttngAttr
	BlockM, BlockN, ColStride int
	CTASplitM, CTASplitN      int
	TwoCTAs                   bool
}

// NewTMEMEncoding returns the tensor memory encoding.
func NewTMEMEncoding(ctx *ir.Context, blockM, blockN, colStride, splitM, splitN int, twoCTAs bool) *TensorMemoryEncoding {
	return ir.Unique(ctx, &TensorMemoryEncoding{BlockM: blockM, BlockN: blockN, ColStride: colStride,
		CTASplitM: splitM, CTASplitN: splitN, TwoCTAs: twoCTAs})
}

func (a *TensorMemoryEncoding) UniqueKey() any {
	return attrKey{kind: "tmem", s: fmt.Sprint(*a)}
}
func (a *TensorMemoryEncoding) Mnemonic() string             { return "tensor_memory_encoding" }
func (a *TensorMemoryEncoding) AsmAlias() string             { return "tmem" }
func (a *TensorMemoryEncoding) IsTensorMemoryEncoding() bool { return true }

func (a *TensorMemoryEncoding) PrintParams(p ir.AsmPrinter) {
	p.Printf("<blockM = %d, blockN = %d, colStride = %d", a.BlockM, a.BlockN, a.ColStride)
	if a.CTASplitM != 1 {
		p.Printf(", CTASplitM = %d", a.CTASplitM)
	}
	if a.CTASplitN != 1 {
		p.Printf(", CTASplitN = %d", a.CTASplitN)
	}
	if a.TwoCTAs {
		p.WriteString(", twoCTAs = true")
	}
	p.WriteString(">")
}

// Verify checks TensorMemoryEncodingAttr::verify.
func (a *TensorMemoryEncoding) Verify() error {
	if a.CTASplitM < 1 || a.CTASplitN < 1 || !numeric.IsPow2(a.CTASplitM) || !numeric.IsPow2(a.CTASplitN) {
		return fmt.Errorf("CTASplitM and CTASplitN must be greater than 0 and a power of 2")
	}
	if a.BlockM != 64 && a.BlockM != 128 {
		return fmt.Errorf("blockM must be 64 or 128 but got %d", a.BlockM)
	}
	if !numeric.IsPow2(a.BlockN) {
		return fmt.Errorf("blockN must be a power of 2 but got %d", a.BlockN)
	}
	if a.BlockN > 512 {
		return fmt.Errorf("blockN must be less than or equal to 512 but got %d", a.BlockN)
	}
	if a.ColStride != 1 && a.ColStride != 2 && a.ColStride != 4 {
		return fmt.Errorf("colStride must be 1, 2, or 4 but got but got %d", a.ColStride)
	}
	return nil
}

// TensorMemoryScalesEncoding is `#ttng.tensor_memory_scales_encoding<>`:
// the TMEM layout tcgen05 expects for block scales.
type TensorMemoryScalesEncoding struct {
	ttngAttr
	CTASplitM, CTASplitN int
}

// NewTMEMScalesEncoding returns the tensor memory scales encoding.
func NewTMEMScalesEncoding(ctx *ir.Context, splitM, splitN int) *TensorMemoryScalesEncoding {
	return ir.Unique(ctx, &TensorMemoryScalesEncoding{CTASplitM: splitM, CTASplitN: splitN})
}

func (a *TensorMemoryScalesEncoding) UniqueKey() any {
	return attrKey{kind: "tmem_scales", s: fmt.Sprint(*a)}
}
func (a *TensorMemoryScalesEncoding) Mnemonic() string             { return "tensor_memory_scales_encoding" }
func (a *TensorMemoryScalesEncoding) AsmAlias() string             { return "tmem_scales" }
func (a *TensorMemoryScalesEncoding) IsTensorMemoryEncoding() bool { return true }

func (a *TensorMemoryScalesEncoding) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<")
	sep := ""
	if a.CTASplitM != 1 {
		p.Printf("CTASplitM = %d", a.CTASplitM)
		sep = ", "
	}
	if a.CTASplitN != 1 {
		p.Printf("%sCTASplitN = %d", sep, a.CTASplitN)
	}
	p.WriteString(">")
}

// parseStruct parses MLIR's `struct(params)` attribute form `<k = v, ...>`
// for integer and bool parameters; kinds maps each known key to 'i' or 'b'.
func parseStruct(p ir.DialectParser, kinds map[string]byte, required []string) (map[string]int64, error) {
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	out := map[string]int64{}
	if !p.ParseOptionalGreater() {
		for {
			key, err := p.ParseKeyword()
			if err != nil {
				return nil, err
			}
			k, ok := kinds[key]
			if _, dup := out[key]; dup || !ok {
				return nil, p.Errorf("duplicate or unknown struct parameter name: %s", key)
			}
			if err := p.ParseEqual(); err != nil {
				return nil, err
			}
			if k == 'b' {
				kw, ok := p.ParseOptionalKeyword("true", "false")
				if !ok {
					return nil, p.Errorf("expected 'true' or 'false'")
				}
				out[key] = map[string]int64{"true": 1, "false": 0}[kw]
			} else {
				v, err := p.ParseInteger()
				if err != nil {
					return nil, err
				}
				out[key] = v
			}
			if !p.ParseOptionalComma() {
				break
			}
		}
		if err := p.ParseGreater(); err != nil {
			return nil, err
		}
	}
	for _, r := range required {
		if _, ok := out[r]; !ok {
			return nil, p.Errorf("struct is missing required parameter: %s", r)
		}
	}
	return out, nil
}

func valueOr(m map[string]int64, k string, def int64) int64 {
	if v, ok := m[k]; ok {
		return v
	}
	return def
}

func parseTMEMEncoding(p ir.DialectParser) (ir.Attribute, error) {
	loc := p.Loc()
	m, err := parseStruct(p, map[string]byte{"blockM": 'i', "blockN": 'i', "colStride": 'i',
		"CTASplitM": 'i', "CTASplitN": 'i', "twoCTAs": 'b'}, []string{"blockM", "blockN", "colStride"})
	if err != nil {
		return nil, err
	}
	a := NewTMEMEncoding(p.Context(), int(m["blockM"]), int(m["blockN"]), int(m["colStride"]),
		int(valueOr(m, "CTASplitM", 1)), int(valueOr(m, "CTASplitN", 1)), m["twoCTAs"] != 0)
	if err := a.Verify(); err != nil {
		return nil, p.ErrorfAt(loc, "%s", err.Error())
	}
	return a, nil
}

func parseTMEMScalesEncoding(p ir.DialectParser) (ir.Attribute, error) {
	m, err := parseStruct(p, map[string]byte{"CTASplitM": 'i', "CTASplitN": 'i'}, nil)
	if err != nil {
		return nil, err
	}
	return NewTMEMScalesEncoding(p.Context(), int(valueOr(m, "CTASplitM", 1)), int(valueOr(m, "CTASplitN", 1))), nil
}
