package ttg

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Dialect is the TritonGPU dialect, namespace `ttg`.
var Dialect = &ir.Dialect{
	Name:            "ttg",
	ParseType:       parseType,
	ParseAttribute:  parseAttribute,
	VerifyAttribute: verifyAttribute,
}

// Load registers the ttg dialect in ctx.
func Load(ctx *ir.Context) { ctx.Load(Dialect) }

var attrParsers = map[string]func(*attrReader) (ir.Attribute, error){
	"blocked":             parseBlocked,
	"slice":               parseSlice,
	"dot_op":              parseDotOp,
	"nvidia_mma":          parseNvidiaMma,
	"amd_mfma":            parseAMDMfma,
	"amd_wmma":            parseAMDWmma,
	"linear":              parseLinear,
	"swizzled_shared":     parseSwizzledShared,
	"amd_rotating_shared": parseAMDRotatingShared,
	"nvmma_shared":        parseNVMMAShared,
	"padded_shared":       parsePaddedShared,
	"shared_linear":       parseSharedLinear,
}

func parseAttribute(p ir.DialectParser, mnemonic string, _ ir.Type) (ir.Attribute, error) {
	if mnemonic == "shared_memory" {
		return SharedMemory(p.Context()), nil
	}
	if f, ok := attrParsers[mnemonic]; ok {
		return f(newAttrReader(p, mnemonic))
	}
	return nil, p.ErrorfAt(nameLoc(p, mnemonic), "unknown attribute `%s` in dialect `ttg`", mnemonic)
}

func parseType(p ir.DialectParser, mnemonic string) (ir.Type, error) {
	switch mnemonic {
	case "memdesc":
		return parseMemDescBody(p)
	case "async.token":
		return AsyncToken(p.Context()), nil
	}
	return nil, p.ErrorfAt(nameLoc(p, mnemonic), "unknown type `%s` in dialect `ttg`", mnemonic)
}

// attrText prints an attribute for a diagnostic.
func attrText(a ir.Attribute) string {
	if a == nil {
		return "<<NULL ATTRIBUTE>>"
	}
	return asm.AttrString(a)
}

// typeText prints a type for a diagnostic, quoted as MLIR does.
func typeText(t ir.Type) string { return "'" + asm.TypeString(t) + "'" }

// typeString prints a type for a diagnostic, unquoted.
