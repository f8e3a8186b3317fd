package ttng

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// CachePolicyAttr is `#ttng.cache_policy<cache_modifier = M>`, the NVIDIA
// cache policy of a tt.load or tt.store in later Tritons (late 2025),
// which name PTX's cache operators directly. tt converts it to Triton
// 3.6's `cache` property when the op is parsed (see memory.CachePolicy); the
// eviction policy stays evict_normal.
type CachePolicyAttr struct {
	ir.AttrBase
	Modifier memory.CacheModifier
}

// CachePolicy returns the uniqued `#ttng.cache_policy`.
func CachePolicy(ctx *ir.Context, m memory.CacheModifier) *CachePolicyAttr {
	return ir.Unique(ctx, &CachePolicyAttr{Modifier: m})
}

func (a *CachePolicyAttr) UniqueKey() any    { return *a }
func (a *CachePolicyAttr) Namespace() string { return "ttng" }
func (a *CachePolicyAttr) Mnemonic() string  { return "cache_policy" }

func (a *CachePolicyAttr) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<cache_modifier = " + a.Modifier.String() + ">")
}

func (a *CachePolicyAttr) CacheSettings() (memory.CacheModifier, memory.EvictionPolicy) {
	return a.Modifier, memory.EvictNormal
}

func (a *CachePolicyAttr) VerifyCachePolicy(store bool) error {
	return tt.VerifyCacheModifier(a.Modifier, store)
}

func parseCachePolicy(p ir.DialectParser) (ir.Attribute, error) {
	m, _, err := tt.ParseCachePolicyParams(p, false)
	if err != nil {
		return nil, err
	}
	return CachePolicy(p.Context(), m), nil
}
