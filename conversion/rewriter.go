package conversion

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/pattern"
)

// Rewriter is the rewriter conversion patterns receive. Replacing an op
// with values of other types keeps the remaining (not yet converted) users
// valid through casts that are reconciled at the end.
type Rewriter struct {
	*pattern.Rewriter
	c *converter
}

// State returns the conversion's Config.State.
func (rw *Rewriter) State() any { return rw.c.cfg.State }

// TypeConverter returns the conversion's type converter (or nil).
func (rw *Rewriter) TypeConverter() *TypeConverter { return rw.c.cfg.Types }

// ReplaceOp replaces op's results with vals, which may have converted
// types; users expecting the old types see a cast.
func (rw *Rewriter) ReplaceOp(op *ir.Operation, vals []ir.Value) {
	if len(vals) != op.NumResults() {
		panic("conversion: ReplaceOp with the wrong number of values")
	}
	rw.attachForReplace(op)
	// Each value is a group of one, sliced from vals rather than listed
	// afresh: a cast copies its operands.
	for i := range vals {
		rw.replaceResult(op, i, vals[i:i+1:i+1])
	}
	rw.Rewriter.EraseOp(op)
}

// ReplaceOpWithOp replaces op with the results of newOp.
func (rw *Rewriter) ReplaceOpWithOp(op, newOp *ir.Operation) { rw.ReplaceOp(op, newOp.Results()) }

// ReplaceOpN replaces each result of op with a group of values (a 1:N
// type conversion).
func (rw *Rewriter) ReplaceOpN(op *ir.Operation, groups [][]ir.Value) {
	if len(groups) != op.NumResults() {
		panic("conversion: ReplaceOpN with the wrong number of result groups")
	}
	rw.attachForReplace(op)
	for i, g := range groups {
		rw.replaceResult(op, i, g)
	}
	rw.Rewriter.EraseOp(op)
}

// attachForReplace gives the held casts their operands before op's
// results are replaced, when a held cast may hold them (heldcasts.go).
func (rw *Rewriter) attachForReplace(op *ir.Operation) {
	if rw.c.held > 0 && rw.c.settledOp(op) {
		rw.c.attachAll()
	}
}

// replaceResult replaces result i of op with the group g: directly when g
// is one value of the result's type, else through a source cast for the
// users (none is made for a result without users).
func (rw *Rewriter) replaceResult(op *ir.Operation, i int, g []ir.Value) {
	res := op.Result(i)
	if len(g) == 1 && g[0].Type() == res.Type() {
		rw.Rewriter.ReplaceAllUsesWith(res, g[0])
		return
	}
	if !ir.HasUses(res) {
		return
	}
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPoint(op)
	cast := rw.c.newCast(b, g, []ir.Type{res.Type()}, op.Loc(), sourceCast)
	rw.Rewriter.ReplaceAllUsesWith(res, cast.Result(0))
}

// SourceValue returns a value of the original type t standing for the
// converted value v, for ops a pattern creates in the original types (the
// clones of a region it inlines, whose block arguments have those types):
// v itself when it has type t, else a source cast at b's insertion point,
// resolved once those ops are converted.
func (rw *Rewriter) SourceValue(b *ir.Builder, v ir.Value, t ir.Type, loc ir.Location) ir.Value {
	if v.Type() == t {
		return v
	}
	return rw.c.newCast(b, []ir.Value{v}, []ir.Type{t}, loc, sourceCast).Result(0)
}

// ReplaceAllUsesWith is pattern.Rewriter's, after the held casts take
// their operands (heldcasts.go): from may be one of their inputs.
func (rw *Rewriter) ReplaceAllUsesWith(from, to ir.Value) {
	rw.c.attachAll()
	rw.Rewriter.ReplaceAllUsesWith(from, to)
}

// ReplaceUsesIf is pattern.Rewriter's, after the held casts take their
// operands.
func (rw *Rewriter) ReplaceUsesIf(from, to ir.Value, pred func(*ir.OpOperand) bool) {
	rw.c.attachAll()
	rw.Rewriter.ReplaceUsesIf(from, to, pred)
}

// MergeBlocks is pattern.Rewriter's, after the held casts take their
// operands (src's arguments may be among their inputs).
func (rw *Rewriter) MergeBlocks(src, dst *ir.Block, args []ir.Value) {
	rw.c.attachAll()
	rw.Rewriter.MergeBlocks(src, dst, args)
}

// InlineBlockBefore is pattern.Rewriter's, after the held casts take
// their operands.
func (rw *Rewriter) InlineBlockBefore(src *ir.Block, before *ir.Operation, args []ir.Value) {
	rw.c.attachAll()
	rw.Rewriter.InlineBlockBefore(src, before, args)
}

// RemappedN returns the converted values standing for v (several for 1:N
// conversions).
func (rw *Rewriter) RemappedN(v ir.Value) []ir.Value { return rw.c.remap(v) }

// RemappedOne returns the single converted value standing for v, or false
// when v stands for several values or none (RemappedN lists them).
func (rw *Rewriter) RemappedOne(v ir.Value) (ir.Value, bool) {
	if r, multi := rw.c.remap1(v); !multi {
		return r, true
	}
	if r := rw.c.remap(v); len(r) == 1 {
		return r[0], true
	}
	return nil, false
}

// Remapped returns the single converted value standing for v.
func (rw *Rewriter) Remapped(v ir.Value) ir.Value {
	if r := rw.c.remap(v); len(r) == 1 {
		return r[0]
	}
	return v
}

// ConvertRegionTypes converts the argument types of every block of r with
// the conversion's type converter (or tc, if not nil). Users of a changed
// argument that are not converted yet see a cast to the old type. It
// reports false if some argument type has no conversion.
func (rw *Rewriter) ConvertRegionTypes(r *ir.Region, tc *TypeConverter) bool {
	if tc == nil {
		tc = rw.c.cfg.Types
	}
	if tc == nil {
		return true
	}
	for _, b := range r.Blocks() {
		for i := 0; i < b.NumArguments(); i++ {
			a := b.Argument(i)
			old := a.Type()
			to, ok := tc.ConvertTypes(old)
			if !ok {
				return false
			}
			if len(to) == 1 && to[0] == old {
				continue
			}
			var repl []ir.Value
			if len(to) == 1 {
				a.SetType(to[0])
				repl = []ir.Value{a}
			} else {
				repl = b.InsertArguments(i+1, to, a.Loc())
			}
			if ir.HasUses(a) || len(to) != 1 {
				bl := ir.NewBuilder(b.Region().ParentOp().Context())
				bl.SetInsertionPointToStart(b)
				cast := rw.c.newCast(bl, repl, []ir.Type{old}, a.Loc(), sourceCast)
				if len(to) == 1 {
					ir.ReplaceUsesIf(a, cast.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != cast })
				} else {
					ir.ReplaceAllUsesWith(a, cast.Result(0))
				}
			}
			if len(to) != 1 {
				b.EraseArgument(i)
				i += len(to) - 1
			}
		}
	}
	return true
}
