package amdgpu

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Builders of the buffer ops: optional operands are nil when absent.

// segments counts present operands group by group.
func segments(ctx *ir.Context, groups ...[]ir.Value) ([]ir.Value, ir.NamedAttr) {
	var ops []ir.Value
	sizes := make([]int64, len(groups))
	for i, g := range groups {
		for _, v := range g {
			if v != nil {
				ops = append(ops, v)
				sizes[i]++
			}
		}
	}
	return ops, ir.NamedAttr{Name: "operandSegmentSizes", Value: ir.DenseI32Array(ctx, sizes)}
}

func one(v ir.Value) []ir.Value { return []ir.Value{v} }

// cacheAttrs is the cache modifier property, absent for the default (as
// the parser leaves it, so that the custom form omits it).
func cacheAttrs(ctx *ir.Context, c memory.CacheModifier) []ir.NamedAttr {
	if c == memory.CacheNone || c == 0 {
		return nil
	}
	return []ir.NamedAttr{{Name: "cache", Value: ir.I32EnumAttr(ctx, c)}}
}

// NewBufferLoad builds `amdg.buffer_load base[offsets], mask, other`.
func NewBufferLoad(b *ir.Builder, loc ir.Location, result ir.Type, base, offsets, stride ir.Value, cache memory.CacheModifier, mask, other ir.Value) *ir.Operation {
	ops, seg := segments(b.Ctx, one(base), one(offsets), one(stride), one(mask), one(other))
	return b.CreateOp("amdg.buffer_load", loc, ops, []ir.Type{result}, append(cacheAttrs(b.Ctx, cache), seg)...)
}

// NewBufferStore builds `amdg.buffer_store value, base[offsets], mask`.
func NewBufferStore(b *ir.Builder, loc ir.Location, value, base, offsets, stride ir.Value, cache memory.CacheModifier, mask ir.Value) *ir.Operation {
	ops, seg := segments(b.Ctx, one(value), one(base), one(offsets), one(stride), one(mask))
	return b.CreateOp("amdg.buffer_store", loc, ops, nil, append(cacheAttrs(b.Ctx, cache), seg)...)
}

// NewBufferLoadToLocal builds the direct-to-LDS load into dest.
func NewBufferLoadToLocal(b *ir.Builder, loc ir.Location, dest, base, offsets, mask, other, stride ir.Value, cache memory.CacheModifier, contiguity int64) *ir.Operation {
	ops, seg := segments(b.Ctx, one(dest), one(base), one(offsets), one(mask), one(other), one(stride))
	attrs := append(cacheAttrs(b.Ctx, cache), seg, ir.NamedAttr{Name: "contiguity", Value: ir.I32Attr(b.Ctx, contiguity)})
	return b.CreateOp("amdg.buffer_load_to_local", loc, ops, []ir.Type{ttg.AsyncToken(b.Ctx)}, attrs...)
}

// NewBufferAtomicRMW builds `amdg.buffer_atomic_rmw`.
func NewBufferAtomicRMW(b *ir.Builder, loc ir.Location, result ir.Type, kind memory.RMWOp, base, offsets, value, stride ir.Value, sem memory.MemSemantic, scope memory.MemSyncScope, mask ir.Value) *ir.Operation {
	ops, seg := segments(b.Ctx, one(base), one(offsets), one(value), one(stride), one(mask))
	ctx := b.Ctx
	return b.CreateOp("amdg.buffer_atomic_rmw", loc, ops, []ir.Type{result}, seg,
		ir.NamedAttr{Name: "atomic_rmw_op", Value: ir.I32EnumAttr(ctx, kind)},
		ir.NamedAttr{Name: "sem", Value: ir.I32EnumAttr(ctx, sem)},
		ir.NamedAttr{Name: "scope", Value: ir.I32EnumAttr(ctx, scope)})
}

// NewBufferAtomicCAS builds `amdg.buffer_atomic_cas`.
func NewBufferAtomicCAS(b *ir.Builder, loc ir.Location, result ir.Type, base, offsets, cmp, val, stride ir.Value, sem memory.MemSemantic, scope memory.MemSyncScope) *ir.Operation {
	ops := []ir.Value{base, offsets, cmp, val}
	if stride != nil {
		ops = append(ops, stride)
	}
	ctx := b.Ctx
	return b.CreateOp("amdg.buffer_atomic_cas", loc, ops, []ir.Type{result},
		ir.NamedAttr{Name: "sem", Value: ir.I32EnumAttr(ctx, sem)},
		ir.NamedAttr{Name: "scope", Value: ir.I32EnumAttr(ctx, scope)})
}
