package tt

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Later Tritons (late 2025) replaced the `cacheModifier = ..` and
// `evictionPolicy = ..` clauses of tt.load and tt.store by one
// `cachePolicy` attribute whose dialect decides what it allows:
// `#tt.cache_policy<cache_modifier = ca, eviction_policy = evict_last>`,
// or a target's own, such as `#ttng.cache_policy<cache_modifier = wt>`.
// tt reads that spelling and converts it to Triton 3.6's `cache` and
// `evict` properties, after the later Triton's check that the modifier
// suits the access (Triton 3.6 accepts any modifier on either; the check
// applies to the later spelling only, which 3.6 does not read).

// CachePolicy is implemented by cache-policy attributes.
type CachePolicy interface {
	ir.Attribute
	// CacheSettings returns the Triton 3.6 modifier and eviction policy the
	// attribute stands for.
	CacheSettings() (memory.CacheModifier, memory.EvictionPolicy)
	// VerifyCachePolicy checks the policy for a load (store false) or a
	// store; the error's text follows "invalid cache policy: ".
	VerifyCachePolicy(store bool) error
}

// CachePolicyAttr is `#tt.cache_policy<cache_modifier = M, eviction_policy = E>`.
type CachePolicyAttr struct {
	ir.AttrBase
	Modifier memory.CacheModifier
	Evict    memory.EvictionPolicy
}

// NewCachePolicy returns the uniqued `#tt.cache_policy`.
func NewCachePolicy(ctx *ir.Context, m memory.CacheModifier, e memory.EvictionPolicy) *CachePolicyAttr {
	return ir.Unique(ctx, &CachePolicyAttr{Modifier: m, Evict: e})
}

func (a *CachePolicyAttr) UniqueKey() any    { return *a }
func (a *CachePolicyAttr) Namespace() string { return "tt" }
func (a *CachePolicyAttr) Mnemonic() string  { return "cache_policy" }

func (a *CachePolicyAttr) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<cache_modifier = " + a.Modifier.String() + ", eviction_policy = " + a.Evict.String() + ">")
}

func (a *CachePolicyAttr) CacheSettings() (memory.CacheModifier, memory.EvictionPolicy) {
	return a.Modifier, a.Evict
}

func (a *CachePolicyAttr) VerifyCachePolicy(store bool) error {
	return VerifyCacheModifier(a.Modifier, store)
}

// VerifyCacheModifier checks that m suits a load (store false) or a store:
// loads take none, ca, cg, cs and cv; stores none, wb, cg, cs and wt.
func VerifyCacheModifier(m memory.CacheModifier, store bool) error {
	ok := m == memory.CacheNone || m == memory.CacheCG || m == memory.CacheCS
	kind := "loads"
	if store {
		ok = ok || m == memory.CacheWB || m == memory.CacheWT
		kind = "stores"
	} else {
		ok = ok || m == memory.CacheCA || m == memory.CacheCV
	}
	if ok {
		return nil
	}
	return fmt.Errorf("cache modifier '%s' is not supported for %s", m, kind)
}

// ParseCachePolicyParams reads `<key = value, ...>` with the keys
// `cache_modifier` and, when withEviction, `eviction_policy`, each at most
// once; absent ones are none and evict_normal.
func ParseCachePolicyParams(p ir.DialectParser, withEviction bool) (memory.CacheModifier, memory.EvictionPolicy, error) {
	m, e := memory.CacheNone, memory.EvictNormal
	if err := p.ParseLess(); err != nil {
		return 0, 0, err
	}
	seen := map[string]bool{}
	for {
		loc := p.Loc()
		key, err := p.ParseKeyword()
		if err != nil {
			return 0, 0, err
		}
		enum := memory.CacheModifierEnum
		switch {
		case key == "cache_modifier":
		case key == "eviction_policy" && withEviction:
			enum = memory.EvictionPolicyEnum
		default:
			return 0, 0, p.ErrorfAt(loc, "unexpected key '%s' in cache policy", key)
		}
		if seen[key] {
			return 0, 0, p.ErrorfAt(loc, "duplicate key '%s' in cache policy", key)
		}
		seen[key] = true
		if err := p.ParseEqual(); err != nil {
			return 0, 0, err
		}
		vloc := p.Loc()
		kw, err := p.ParseKeyword()
		if err != nil {
			return 0, 0, err
		}
		v, ok := enum.ValueOf(kw)
		if !ok {
			return 0, 0, p.ErrorfAt(vloc, "expected one of %s for %s, got '%s'", "["+strings.Join(enum.Keywords(), ", ")+"]", key, kw)
		}
		if enum == memory.CacheModifierEnum {
			m = memory.CacheModifier(v)
		} else {
			e = memory.EvictionPolicy(v)
		}
		if !p.ParseOptionalComma() {
			break
		}
	}
	return m, e, p.ParseGreater()
}

func parseAttribute(p ir.DialectParser, mnemonic string, _ ir.Type) (ir.Attribute, error) {
	if mnemonic == "cache_policy" {
		m, e, err := ParseCachePolicyParams(p, true)
		if err != nil {
			return nil, err
		}
		return NewCachePolicy(p.Context(), m, e), nil
	}
	return nil, p.Errorf("unknown attribute `%s` in dialect `tt`", mnemonic)
}

// applyCachePolicy converts a parsed `cachePolicy` attribute of a load or
// store into Triton 3.6's `cache` and `evict` properties. Its diagnostics
// are the later Triton's verifier messages, located at the op.
func applyCachePolicy(st *ir.OperationState, store bool) error {
	a := st.Attr("cachePolicy")
	if a == nil {
		return nil
	}
	cp, ok := a.(CachePolicy)
	if !ok {
		return ir.Errorf(st.Loc, "'%s' op unsupported cache policy attribute %s", st.Name, asm.AttrString(a))
	}
	if err := cp.VerifyCachePolicy(store); err != nil {
		return ir.Errorf(st.Loc, "'%s' op invalid cache policy: %s", st.Name, err.Error())
	}
	if st.Attr("cache") != nil || st.Attr("evict") != nil {
		return ir.Errorf(st.Loc, "'%s' op has both a cachePolicy and cacheModifier/evictionPolicy clauses", st.Name)
	}
	st.Attrs = withoutAttr(st.Attrs, "cachePolicy")
	st.Props = withoutAttr(st.Props, "cachePolicy")
	m, e := cp.CacheSettings()
	st.AddAttr("cache", ir.I32EnumAttr(st.Ctx, m))
	st.AddAttr("evict", ir.I32EnumAttr(st.Ctx, e))
	return nil
}

func withoutAttr(attrs []ir.NamedAttr, name string) []ir.NamedAttr {
	out := attrs[:0:0]
	for _, a := range attrs {
		if a.Name != name {
			out = append(out, a)
		}
	}
	return out
}
