package ttng

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Dialect is the TritonNvidiaGPU dialect, namespace `ttng`.
var Dialect = &ir.Dialect{
	Name:           "ttng",
	ParseAttribute: parseAttribute,
	Dependents:     []*ir.Dialect{ttg.Dialect},
}

// Load registers the ttng dialect (and ttg, which it builds on) in ctx.
func Load(ctx *ir.Context) { ctx.Load(Dialect) }

func parseAttribute(p ir.DialectParser, mnemonic string, _ ir.Type) (ir.Attribute, error) {
	switch mnemonic {
	case "tensor_memory":
		return TensorMemory(p.Context()), nil
	case "tensor_memory_encoding":
		return parseTMEMEncoding(p)
	case "tensor_memory_scales_encoding":
		return parseTMEMScalesEncoding(p)
	case "cache_policy":
		return parseCachePolicy(p)
	}
	return nil, p.Errorf("unknown attribute `%s` in dialect `ttng`", mnemonic)
}
