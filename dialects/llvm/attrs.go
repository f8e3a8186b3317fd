package llvm

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
)

type llvmAttr struct{ ir.AttrBase }

func (llvmAttr) Namespace() string { return "llvm" }

// FastmathFlags is the bit set of LLVM's fast-math flags.
type FastmathFlags uint32

const (
	FastmathNNaN FastmathFlags = 1 << iota
	FastmathNInf
	FastmathNSZ
	FastmathARCP
	FastmathContract
	FastmathAFN
	FastmathReassoc
	FastmathNone FastmathFlags = 0
	FastmathFast               = FastmathNNaN | FastmathNInf | FastmathNSZ | FastmathARCP | FastmathContract | FastmathAFN | FastmathReassoc
)

var fastmathNames = []string{"nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"}

// FastmathAttr is `#llvm.fastmath<flags>`: `none`, `fast`, or a list of
// flags (`nnan, ninf`).
type FastmathAttr struct {
	llvmAttr
	Flags FastmathFlags
}

func (a *FastmathAttr) UniqueKey() any   { return *a }
func (a *FastmathAttr) Mnemonic() string { return "fastmath" }

// PrintParams prints `<none>`, `<fast>` or `<nnan, ninf>`.
func (a *FastmathAttr) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<" + a.Flags.String() + ">")
}

func (f FastmathFlags) String() string {
	switch f {
	case FastmathNone:
		return "none"
	case FastmathFast:
		return "fast"
	}
	var parts []string
	for i, n := range fastmathNames {
		if f&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, ", ")
}

// Fastmath returns `#llvm.fastmath<flags>`.
func Fastmath(ctx *ir.Context, f FastmathFlags) *FastmathAttr {
	return ir.Unique(ctx, &FastmathAttr{Flags: f})
}

// OverflowFlags is the nsw/nuw bit set of integer arithmetic.
type OverflowFlags uint32

const (
	OverflowNone OverflowFlags = 0
	OverflowNSW  OverflowFlags = 1
	OverflowNUW  OverflowFlags = 2
)

// OverflowAttr is `#llvm.overflow<none>` / `<nsw, nuw>`.
type OverflowAttr struct {
	llvmAttr
	Flags OverflowFlags
}

func (a *OverflowAttr) UniqueKey() any   { return *a }
func (a *OverflowAttr) Mnemonic() string { return "overflow" }

// PrintParams prints `<none>` or `<nsw, nuw>`.
func (a *OverflowAttr) PrintParams(p ir.AsmPrinter) { p.WriteString("<" + a.Flags.String() + ">") }

func (f OverflowFlags) String() string {
	var parts []string
	if f&OverflowNSW != 0 {
		parts = append(parts, "nsw")
	}
	if f&OverflowNUW != 0 {
		parts = append(parts, "nuw")
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// Overflow returns `#llvm.overflow<flags>`.
func Overflow(ctx *ir.Context, f OverflowFlags) *OverflowAttr {
	return ir.Unique(ctx, &OverflowAttr{Flags: f})
}

// KeywordAttr is an LLVM enum wrapped in its own attribute, printed
// `#llvm.<mnemonic><keyword>`: linkage, cconv and tailcallkind.
type KeywordAttr struct {
	llvmAttr
	Kind    string // "linkage", "cconv", "tailcallkind"
	Keyword string
}

func (a *KeywordAttr) UniqueKey() any   { return *a }
func (a *KeywordAttr) Mnemonic() string { return a.Kind }

// PrintParams prints `<keyword>`.
func (a *KeywordAttr) PrintParams(p ir.AsmPrinter) { p.WriteString("<" + a.Keyword + ">") }

// keywordAttrCases lists the keywords of each KeywordAttr kind.
var keywordAttrCases = map[string][]string{
	"linkage": {"private", "internal", "available_externally", "linkonce", "weak", "common",
		"appending", "extern_weak", "linkonce_odr", "weak_odr", "external"},
	"cconv": {"ccc", "fastcc", "coldcc", "cc_10", "cc_11", "anyregcc", "preserve_mostcc",
		"preserve_allcc", "swiftcc", "cxx_fast_tlscc", "tailcc", "cfguard_checkcc", "swifttailcc",
		"x86_stdcallcc", "x86_fastcallcc", "arm_apcscc", "arm_aapcscc", "arm_aapcs_vfpcc",
		"msp430_intrcc", "x86_thiscallcc", "ptx_kernelcc", "ptx_devicecc", "spir_funccc",
		"spir_kernelcc", "intel_ocl_bicc", "x86_64_sysvcc", "win64cc", "x86_vectorcallcc",
		"hhvmcc", "hhvm_ccc", "x86_intrcc", "avr_intrcc", "avr_builtincc", "amdgpu_vscc",
		"amdgpu_gscc", "amdgpu_cscc", "amdgpu_kernelcc", "x86_regcallcc", "amdgpu_hscc",
		"msp430_builtincc", "amdgpu_lscc", "amdgpu_escc", "aarch64_vectorcallcc",
		"aarch64_sve_vectorcallcc", "wasm_emscripten_invokecc", "amdgpu_gfxcc", "m68k_intrcc"},
	"tailcallkind": {"none", "tail", "musttail", "notail"},
}

// Linkage, CConv and TailCallKind return the KeywordAttr of a keyword.
func Linkage(ctx *ir.Context, kw string) *KeywordAttr { return keywordAttr(ctx, "linkage", kw) }
func CConv(ctx *ir.Context, kw string) *KeywordAttr   { return keywordAttr(ctx, "cconv", kw) }
func TailCallKind(ctx *ir.Context, kw string) *KeywordAttr {
	return keywordAttr(ctx, "tailcallkind", kw)
}

func keywordAttr(ctx *ir.Context, kind, kw string) *KeywordAttr {
	return ir.Unique(ctx, &KeywordAttr{Kind: kind, Keyword: kw})
}

func isKeywordCase(kind, kw string) bool {
	for _, c := range keywordAttrCases[kind] {
		if c == kw {
			return true
		}
	}
	return false
}

// keywordOf returns the keyword of a KeywordAttr of the given kind stored
// under name on op, or def.
func keywordOf(op *ir.Operation, name, def string) string {
	if a, ok := op.Attr(name).(*KeywordAttr); ok {
		return a.Keyword
	}
	return def
}

func parseAttribute(p ir.DialectParser, mnemonic string, _ ir.Type) (ir.Attribute, error) {
	ctx := p.Context()
	switch mnemonic {
	case "fastmath":
		var f FastmathFlags
		err := p.ParseCommaSeparatedList(ir.DelimLess, func() error {
			loc := p.Loc()
			kw, err := p.ParseKeyword()
			if err != nil {
				return err
			}
			switch kw {
			case "none":
			case "fast":
				f |= FastmathFast
			default:
				i := indexOf(fastmathNames, kw)
				if i < 0 {
					return p.ErrorfAt(loc, "expected one of [none, fast, %s] for fastmath flags, got: %s", strings.Join(fastmathNames, ", "), kw)
				}
				f |= 1 << i
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		return Fastmath(ctx, f), nil
	case "overflow":
		var f OverflowFlags
		err := p.ParseCommaSeparatedList(ir.DelimLess, func() error {
			loc := p.Loc()
			kw, err := p.ParseKeyword()
			if err != nil {
				return err
			}
			switch kw {
			case "none":
			case "nsw":
				f |= OverflowNSW
			case "nuw":
				f |= OverflowNUW
			default:
				return p.ErrorfAt(loc, "expected one of [none, nsw, nuw] for integer overflow flags, got: %s", kw)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		return Overflow(ctx, f), nil
	case "constant_range":
		return parseConstantRange(p)
	case "linkage", "cconv", "tailcallkind":
		if err := p.ParseLess(); err != nil {
			return nil, err
		}
		loc := p.Loc()
		kw, err := p.ParseKeyword()
		if err != nil {
			return nil, err
		}
		if !isKeywordCase(mnemonic, kw) {
			return nil, p.ErrorfAt(loc, "expected one of [%s] for %s, got: %s", strings.Join(keywordAttrCases[mnemonic], ", "), mnemonic, kw)
		}
		if err := p.ParseGreater(); err != nil {
			return nil, err
		}
		return keywordAttr(ctx, mnemonic, kw), nil
	}
	if _, ok := loopAttrFields[mnemonic]; ok {
		return parseLoopAttr(p, mnemonic)
	}
	return nil, p.Errorf("unknown LLVM attribute: %s", mnemonic)
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// ConstantRangeAttr is `#llvm.constant_range<i32, 0, 1024>`: the half-open
// range [Lower, Upper) of an integer of Width bits (NVVM and ROCDL
// special-register ops carry it as `range`).
type ConstantRangeAttr struct {
	llvmAttr
	Width        int
	Lower, Upper int64
}

func (a *ConstantRangeAttr) UniqueKey() any   { return *a }
func (a *ConstantRangeAttr) Mnemonic() string { return "constant_range" }

// PrintParams prints `<iN, lower, upper>`.
func (a *ConstantRangeAttr) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<i" + itoa(int64(a.Width)) + ", " + itoa(a.Lower) + ", " + itoa(a.Upper) + ">")
}

// ConstantRange returns `#llvm.constant_range<iW, lower, upper>`.
func ConstantRange(ctx *ir.Context, width int, lower, upper int64) *ConstantRangeAttr {
	return ir.Unique(ctx, &ConstantRangeAttr{Width: width, Lower: lower, Upper: upper})
}

// ParseConstantRange parses the parameters `<iN, lower, upper>` of a
// constant range (the stripped form custom op formats print).
func ParseConstantRange(p ir.DialectParser) (*ConstantRangeAttr, error) {
	a, err := parseConstantRange(p)
	if err != nil {
		return nil, err
	}
	return a.(*ConstantRangeAttr), nil
}

func parseConstantRange(p ir.DialectParser) (ir.Attribute, error) {
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	loc := p.Loc()
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	it, ok := t.(*ir.IntegerType)
	if !ok {
		return nil, p.ErrorfAt(loc, "expected integer type")
	}
	var bounds [2]int64
	for i := range bounds {
		if err := p.ParseComma(); err != nil {
			return nil, err
		}
		if bounds[i], err = p.ParseInteger(); err != nil {
			return nil, err
		}
	}
	if err := p.ParseGreater(); err != nil {
		return nil, err
	}
	return ConstantRange(p.Context(), it.Width, bounds[0], bounds[1]), nil
}
