package linearlayout

import (
	"fmt"
	"math/bits"
)

// Apply evaluates the layout. Input dims not listed are 0; only the low
// log2(size) bits of each value are used (as in Triton, the map is linear on
// those bits). It panics on a name that is not an input dim. The result has
// one entry per output dim, in output-dim order.
func (l LinearLayout) Apply(ins ...DimValue) []DimValue {
	var flat uint64
	for _, iv := range ins {
		d := l.ins[l.mustIn(iv.Name)]
		flat |= (uint64(uint32(iv.Value)) & mask(d.log2)) << d.start
	}
	v := l.ApplyFlat(flat)
	out := make([]DimValue, len(l.outs))
	for j, d := range l.outs {
		out[j] = DimValue{Name: d.name, Value: l.component(v, j)}
	}
	return out
}

// ApplyMap is Apply with a map argument and result.
func (l LinearLayout) ApplyMap(ins map[string]int32) map[string]int32 {
	var flat uint64
	for name, val := range ins {
		d := l.ins[l.mustIn(name)]
		flat |= (uint64(uint32(val)) & mask(d.log2)) << d.start
	}
	v := l.ApplyFlat(flat)
	out := make(map[string]int32, len(l.outs))
	for j, d := range l.outs {
		out[d.name] = l.component(v, j)
	}
	return out
}

// ApplyValues evaluates the layout at positional input values (one per input
// dim, in input-dim order; missing trailing values are 0) and returns one
// value per output dim.
func (l LinearLayout) ApplyValues(ins ...int32) []int32 {
	if len(ins) > len(l.ins) {
		panic(fmt.Sprintf("linearlayout: ApplyValues got %d values for %d in dims", len(ins), len(l.ins)))
	}
	return l.unpack(l.ApplyFlat(l.PackIn(ins...)))
}

// ApplyFlat is the fast path: in holds all input bits packed, the first input
// dim in the lowest bits (input dim k occupies log2(size) bits starting after
// the bits of dims 0..k-1); the result packs the outputs the same way, the
// first output dim lowest. Bits beyond the input size are ignored. A packed
// layout is what flattening all ins and all outs gives (FlattenIns/Outs).
func (l LinearLayout) ApplyFlat(in uint64) uint64 {
	in &= mask(len(l.bases))
	var r uint64
	for in != 0 {
		r ^= l.bases[bits.TrailingZeros64(in)]
		in &= in - 1
	}
	return r
}

// PackIn packs positional input values as ApplyFlat expects them.
func (l LinearLayout) PackIn(vals ...int32) uint64 {
	var flat uint64
	for k, v := range vals {
		d := l.ins[k]
		flat |= (uint64(uint32(v)) & mask(d.log2)) << d.start
	}
	return flat
}

// UnpackIn splits a packed input into one value per input dim.
func (l LinearLayout) UnpackIn(flat uint64) []int32 {
	r := make([]int32, len(l.ins))
	for k, d := range l.ins {
		r[k] = int32((flat >> d.start) & mask(d.log2))
	}
	return r
}

// PackOut packs positional output values the way ApplyFlat returns them.
func (l LinearLayout) PackOut(vals ...int32) uint64 {
	var flat uint64
	for j, v := range vals {
		d := l.outs[j]
		flat |= (uint64(uint32(v)) & mask(d.log2)) << d.start
	}
	return flat
}

// UnpackOut splits a packed output (as returned by ApplyFlat) into one value
// per output dim.
func (l LinearLayout) UnpackOut(flat uint64) []int32 { return l.unpack(flat) }

// InBitOffset returns the position of input dim name's lowest bit in a packed
// input (see ApplyFlat).
func (l LinearLayout) InBitOffset(name string) int { return l.ins[l.mustIn(name)].start }

// OutBitOffset returns the position of output dim name's lowest bit in a
// packed output (see ApplyFlat).
func (l LinearLayout) OutBitOffset(name string) int { return l.outs[l.mustOut(name)].start }
