package ttlayout

import (
	"fmt"

	"github.com/ttcompiler/tt/linearlayout"
)

// holder is one register of one thread holding an element.
type holder struct {
	block, thread, reg int
}

// distributed is where a distributed layout puts the elements of a tensor.
type distributed struct {
	shape                      []int64
	regs, lanes, warps, blocks int
	// holders lists, per element in row-major order, the registers that
	// hold it, in the order (block, warp, lane, register).
	holders [][]holder
	// coords are the element coordinates of each (block, warp, lane,
	// register), in that order (the hardware view).
	coords [][]int32
	ll     linearlayout.LinearLayout
}

// standardOuts puts ll's out dims in the order dim0, dim1, ...
func standardOuts(ll linearlayout.LinearLayout, rank int) linearlayout.LinearLayout {
	return ll.TransposeOuts(linearlayout.StandardOutDimNames(rank))
}

func inSize(ll linearlayout.LinearLayout, name string) int {
	if !ll.HasInDim(name) {
		return 1
	}
	return int(ll.InDimSize(name))
}

// linearIndex is the row-major index of c in shape.
func linearIndex(c []int32, shape []int64) int {
	idx := 0
	for i, x := range c {
		idx = idx*int(shape[i]) + int(x)
	}
	return idx
}

func placeDistributed(ll linearlayout.LinearLayout, shape []int64) (*distributed, error) {
	ll = standardOuts(ll, len(shape))
	d := &distributed{
		shape: shape, ll: ll,
		regs: inSize(ll, linearlayout.Register), lanes: inSize(ll, linearlayout.Lane),
		warps: inSize(ll, linearlayout.Warp), blocks: inSize(ll, linearlayout.Block),
	}
	n := 1
	for _, s := range shape {
		n *= int(s)
	}
	if total := d.regs * d.lanes * d.warps * d.blocks; total > maxCells {
		return nil, fmt.Errorf("the layout has %d (block, warp, lane, register) positions; tt-layout shows at most %d", total, maxCells)
	}
	d.holders = make([][]holder, n)
	for b := 0; b < d.blocks; b++ {
		for w := 0; w < d.warps; w++ {
			for l := 0; l < d.lanes; l++ {
				for r := 0; r < d.regs; r++ {
					c := apply(ll, map[string]int32{
						linearlayout.Block: int32(b), linearlayout.Warp: int32(w),
						linearlayout.Lane: int32(l), linearlayout.Register: int32(r),
					}, len(shape))
					d.coords = append(d.coords, c)
					i := linearIndex(c, shape)
					d.holders[i] = append(d.holders[i], holder{block: b, thread: w*d.lanes + l, reg: r})
				}
			}
		}
	}
	return d, nil
}

// apply evaluates ll at the given input values (missing ones are 0) and
// returns the coordinates dim0, dim1, ...
func apply(ll linearlayout.LinearLayout, in map[string]int32, rank int) []int32 {
	var ins []linearlayout.DimValue
	for _, name := range ll.InDimNames() {
		ins = append(ins, linearlayout.DimValue{Name: name, Value: in[name]})
	}
	out := ll.Apply(ins...)
	c := make([]int32, rank)
	for i := range c {
		c[i] = out[i].Value
	}
	return c
}

// shared is where a shared layout puts the elements of a buffer.
type shared struct {
	shape     []int64
	blocks    int
	elemBytes int
	// offsetOf is the offset of each element (row-major), within its
	// block, padding included; blockOf the block.
	offsetOf, blockOf []int
	// size is the elements a block's buffer occupies, padding included.
	size int
	// coords are the element coordinates of each (block, offset).
	coords [][]int32
	ll     linearlayout.LinearLayout
}

// placeShared places the elements of a buffer by the shared layout's
// linear map ll; padding (padded_shared's `[interval:+padding]`) inserts
// padding elements after every interval elements.
func placeShared(ll linearlayout.LinearLayout, shape []int64, elemBytes int, intervals, paddings []int) (*shared, error) {
	ll = standardOuts(ll, len(shape))
	s := &shared{shape: shape, ll: ll, blocks: inSize(ll, linearlayout.Block), elemBytes: elemBytes}
	padded := func(o int) int {
		p := o
		for i, iv := range intervals {
			p += o / iv * paddings[i]
		}
		return p
	}
	n := 1
	for _, x := range shape {
		n *= int(x)
	}
	offsets := inSize(ll, linearlayout.Offset)
	if offsets*s.blocks > maxCells {
		return nil, fmt.Errorf("the buffer has %d (block, offset) positions; tt-layout shows at most %d", offsets*s.blocks, maxCells)
	}
	s.offsetOf = make([]int, n)
	s.blockOf = make([]int, n)
	for i := range s.offsetOf {
		s.offsetOf[i] = -1
	}
	for b := 0; b < s.blocks; b++ {
		for o := 0; o < offsets; o++ {
			c := apply(ll, map[string]int32{linearlayout.Block: int32(b), linearlayout.Offset: int32(o)}, len(shape))
			s.coords = append(s.coords, c)
			i := linearIndex(c, shape)
			if s.offsetOf[i] < 0 {
				s.offsetOf[i], s.blockOf[i] = padded(o), b
			}
		}
	}
	s.size = padded(offsets-1) + 1
	return s, nil
}

// bank is the shared-memory bank (4-byte word modulo 32) of an offset.
func (s *shared) bank(offset int) int { return offset * s.elemBytes / 4 % 32 }

// maxCells bounds what tt-layout tabulates: a 1024x1024 tile.
const maxCells = 1 << 20
