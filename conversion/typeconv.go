package conversion

import (
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// ConversionFn converts a type: it returns the converted types (nil with
// ok=true means "drop"), or ok=false if it does not apply.
type ConversionFn func(t ir.Type) (types []ir.Type, ok bool)

// MaterializeFn builds a value of type `to` from inputs at the builder's
// insertion point, or returns nil if it cannot.
type MaterializeFn func(b *ir.Builder, to ir.Type, inputs []ir.Value, loc ir.Location) ir.Value

// TypeConverter maps types. Conversions are tried most-recently-added
// first, as in MLIR.
type TypeConverter struct {
	conversions []ConversionFn
	// Source materializations turn converted values back into the original
	// type (for users that are not converted).
	source []MaterializeFn
	// Target materializations turn original values into converted types
	// (for converted users of values that were not converted).
	target []MaterializeFn

	mu    sync.Mutex
	cache map[ir.Type][]ir.Type
	// last and lastTo are the type last asked about and its conversion:
	// ops and their users mostly share types, and comparing the type is
	// a fraction of hashing it into cache.
	last   ir.Type
	lastTo []ir.Type
}

// NewTypeConverter returns a converter with no conversions.
func NewTypeConverter() *TypeConverter {
	return &TypeConverter{cache: map[ir.Type][]ir.Type{}}
}

// AddConversion registers a 1:1 conversion.
func (tc *TypeConverter) AddConversion(fn func(ir.Type) (ir.Type, bool)) {
	tc.conversions = append(tc.conversions, func(t ir.Type) ([]ir.Type, bool) {
		r, ok := fn(t)
		if !ok {
			return nil, false
		}
		return []ir.Type{r}, true
	})
}

// AddConversionN registers a 1:N conversion.
func (tc *TypeConverter) AddConversionN(fn ConversionFn) { tc.conversions = append(tc.conversions, fn) }

// AddSourceMaterialization registers a source materialization.
func (tc *TypeConverter) AddSourceMaterialization(fn MaterializeFn) {
	tc.source = append(tc.source, fn)
}

// AddTargetMaterialization registers a target materialization.
func (tc *TypeConverter) AddTargetMaterialization(fn MaterializeFn) {
	tc.target = append(tc.target, fn)
}

// ConvertTypes returns the types t converts to (possibly several), or
// ok=false if no conversion applies.
func (tc *TypeConverter) ConvertTypes(t ir.Type) ([]ir.Type, bool) {
	tc.mu.Lock()
	if t == tc.last && t != nil {
		r := tc.lastTo
		tc.mu.Unlock()
		return r, true
	}
	if r, ok := tc.cache[t]; ok {
		tc.last, tc.lastTo = t, r
		tc.mu.Unlock()
		return r, true
	}
	tc.mu.Unlock()
	for i := len(tc.conversions) - 1; i >= 0; i-- {
		if r, ok := tc.conversions[i](t); ok {
			tc.mu.Lock()
			tc.cache[t] = r
			tc.mu.Unlock()
			return r, true
		}
	}
	return nil, false
}

// ConvertType returns the single type t converts to, or nil.
func (tc *TypeConverter) ConvertType(t ir.Type) ir.Type {
	r, ok := tc.ConvertTypes(t)
	if !ok || len(r) != 1 {
		return nil
	}
	return r[0]
}

// IsLegal reports whether t converts to itself.
func (tc *TypeConverter) IsLegal(t ir.Type) bool {
	r, ok := tc.ConvertTypes(t)
	return ok && len(r) == 1 && r[0] == t
}

// IsOpLegal reports whether all operand and result types of op are legal
// and, for ops with regions, all block argument types.
func (tc *TypeConverter) IsOpLegal(op *ir.Operation) bool {
	// By index: the conversion asks this of every op it visits, and the
	// type lists would be copied for each.
	for i, n := 0, op.NumOperands(); i < n; i++ {
		var t ir.Type // nil for an operand not set, as OperandTypes has it
		if v := op.Operand(i); v != nil {
			t = v.Type()
		}
		if !tc.IsLegal(t) {
			return false
		}
	}
	for i, n := 0, op.NumResults(); i < n; i++ {
		if !tc.IsLegal(op.Result(i).Type()) {
			return false
		}
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for i, n := 0, b.NumArguments(); i < n; i++ {
				if !tc.IsLegal(b.Argument(i).Type()) {
					return false
				}
			}
		}
	}
	return true
}

// ConvertTypeList converts a list of types (flattening 1:N conversions);
// ok is false if any type has no conversion.
func (tc *TypeConverter) ConvertTypeList(ts []ir.Type) ([]ir.Type, bool) {
	var out []ir.Type
	for _, t := range ts {
		r, ok := tc.ConvertTypes(t)
		if !ok {
			return nil, false
		}
		out = append(out, r...)
	}
	return out, true
}

func (tc *TypeConverter) materialize(list []MaterializeFn, b *ir.Builder, to ir.Type, inputs []ir.Value, loc ir.Location) ir.Value {
	for i := len(list) - 1; i >= 0; i-- {
		if v := list[i](b, to, inputs, loc); v != nil {
			return v
		}
	}
	return nil
}
