// Package memory holds the memory-access enums that the tile dialect and
// the per-thread dialects share: cache modifiers, eviction policies,
// memory semantics (orderings) and synchronization scopes, and the kinds
// of atomic read-modify-write. tt.load, tt.atomic_rmw and their
// per-thread counterparts (gpu.load, gpu.atomic_rmw) carry them as the
// same i32 attributes, so that lowering copies them and the emitters read
// them without knowing the tile dialect.
//
// The values and keywords are those of Triton 3.6's TritonAttrDefs.td.
// The package imports only ir; any dialect, pass or target may use it.
package memory

import "github.com/ttcompiler/tt/ir"

// The enum descriptions (keywords and stored values).
var (
	CacheModifierEnum = &ir.EnumInfo{Name: "CacheModifier", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "none", Value: 1}, {Keyword: "ca", Value: 2}, {Keyword: "cg", Value: 3},
		{Keyword: "wb", Value: 4}, {Keyword: "cs", Value: 5}, {Keyword: "wt", Value: 6},
		{Keyword: "cv", Value: 7}}}
	EvictionPolicyEnum = &ir.EnumInfo{Name: "EvictionPolicy", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "evict_normal", Value: 1}, {Keyword: "evict_first", Value: 2},
		{Keyword: "evict_last", Value: 3}}}
	MemSemanticEnum = &ir.EnumInfo{Name: "MemSemantic", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "relaxed", Value: 1}, {Keyword: "acquire", Value: 2}, {Keyword: "release", Value: 3},
		{Keyword: "acq_rel", Value: 4}}}
	MemSyncScopeEnum = &ir.EnumInfo{Name: "MemSyncScope", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "gpu", Value: 1}, {Keyword: "cta", Value: 2}, {Keyword: "sys", Value: 3}}}
	RMWOpEnum = &ir.EnumInfo{Name: "RMWOp", Width: 32, Cases: []ir.EnumCase{
		{Keyword: "and", Value: 1}, {Keyword: "or", Value: 2}, {Keyword: "xor", Value: 3},
		{Keyword: "add", Value: 4}, {Keyword: "fadd", Value: 5}, {Keyword: "max", Value: 6},
		{Keyword: "min", Value: 7}, {Keyword: "umax", Value: 8}, {Keyword: "umin", Value: 9},
		{Keyword: "exch", Value: 10}}}
)

// Typed enum values.
type (
	// CacheModifier is the cache operator of a load or store (PTX's
	// .ca/.cg/.cs/.cv/.wb/.wt).
	CacheModifier int64
	// EvictionPolicy is the L2 eviction priority of an access.
	EvictionPolicy int64
	// MemSemantic is the memory ordering of an atomic.
	MemSemantic int64
	// MemSyncScope is the set of threads an atomic synchronizes with.
	MemSyncScope int64
	// RMWOp is the operation of an atomic read-modify-write.
	RMWOp int64
)

const (
	CacheNone CacheModifier = 1 + iota
	CacheCA
	CacheCG
	CacheWB
	CacheCS
	CacheWT
	CacheCV
)

const (
	EvictNormal EvictionPolicy = 1 + iota
	EvictFirst
	EvictLast
)

const (
	SemRelaxed MemSemantic = 1 + iota
	SemAcquire
	SemRelease
	SemAcqRel
)

const (
	ScopeGPU MemSyncScope = 1 + iota
	ScopeCTA
	ScopeSystem
)

const (
	RMWAnd RMWOp = 1 + iota
	RMWOr
	RMWXor
	RMWAdd
	RMWFAdd
	RMWMax
	RMWMin
	RMWUMax
	RMWUMin
	RMWXchg
)

func (v CacheModifier) String() string  { return CacheModifierEnum.KeywordOf(int64(v)) }
func (v EvictionPolicy) String() string { return EvictionPolicyEnum.KeywordOf(int64(v)) }
func (v MemSemantic) String() string    { return MemSemanticEnum.KeywordOf(int64(v)) }
func (v MemSyncScope) String() string   { return MemSyncScopeEnum.KeywordOf(int64(v)) }
func (v RMWOp) String() string          { return RMWOpEnum.KeywordOf(int64(v)) }
