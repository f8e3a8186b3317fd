package allocation

import (
	"slices"

	"github.com/ttcompiler/tt/ir"
)

// computeOffsets assigns the offsets of a's buffers, live over ranges, as
// Triton's AllocationAnalysis::computeOffsets does: a first placement of
// the buffers sorted by decreasing size, then rounds of first-fit graph
// coloring of the interference graph that move conflicting buffers up,
// until no two buffers live at the same time overlap.
func computeOffsets(a *Allocation, order []*Buffer, ranges map[*Buffer]Interval) error {
	buffers := slices.Clone(order)
	// Big buffers first: they are the likeliest to overlap many others and
	// should get a slot of their own.
	slices.SortStableFunc(buffers, func(x, y *Buffer) int { return y.Size - x.Size })
	calculateStarts(buffers, ranges)
	// Bumping a buffer can make it overlap buffers it did not overlap
	// before; offsets only grow, so the rounds reach a fixed point. The
	// bound guards against a bug, not against valid input.
	graph := interference(buffers, ranges)
	limit := 4*len(buffers)*len(buffers) + 16
	for round := 0; ; round++ {
		if round > limit {
			return ir.OpErrorf(a.fn, "shared memory allocation did not converge after %d rounds", round)
		}
		colorAndPlace(a, buffers, graph)
		graph = interference(buffers, ranges)
		if len(graph) == 0 {
			return nil
		}
	}
}

// triple is a candidate slot: memory from offset up is free during span.
type triple struct {
	offset int
	span   Interval
}

// calculateStarts places the buffers at their first offsets with the
// triple heuristic of "Algorithms for Compile-Time Memory Optimization":
// repeatedly take the lowest free slot and put there the first buffer
// whose lifetime meets the slot's and no other slot's; the slot splits
// into the space above the buffer and the parts of its span before and
// after the buffer's lifetime. Overlaps this leaves are resolved by the
// coloring.
func calculateStarts(buffers []*Buffer, ranges map[*Buffer]Interval) {
	// Ordered by offset; equal offsets stay in insertion order (a
	// std::multimap).
	slots := []triple{{0, Everything}}
	insert := func(t triple) {
		i := len(slots)
		for i > 0 && slots[i-1].offset > t.offset {
			i--
		}
		slots = slices.Insert(slots, i, t)
	}
	rest := slices.Clone(buffers)
	for len(rest) > 0 && len(slots) > 0 {
		slot := slots[0]
		slots = slots[1:]
		pick := -1
		for i, b := range rest {
			r := ranges[b]
			if !r.Intersects(slot.span) {
				continue
			}
			alone := true
			for _, t := range slots {
				if t.span.Intersects(r) {
					alone = false
					break
				}
			}
			if alone {
				pick = i
				break
			}
		}
		if pick < 0 {
			continue
		}
		b := rest[pick]
		r := ranges[b]
		b.setOffsetAligned(slot.offset)
		insert(triple{b.Offset + b.Size, Interval{max(slot.span.Start, r.Start), min(slot.span.End, r.End)}})
		if slot.span.Start < r.Start {
			insert(triple{slot.offset, Interval{slot.span.Start, r.End}})
		}
		if r.End < slot.span.End {
			insert(triple{slot.offset, Interval{r.Start, slot.span.End}})
		}
		rest = slices.Delete(rest, pick, pick+1)
	}
}

// interference returns, for each buffer, the buffers it conflicts with:
// those whose bytes overlap its own while both are live, or that live in
// another region of the same warp_specialize (regions run concurrently).
func interference(buffers []*Buffer, ranges map[*Buffer]Interval) map[*Buffer][]*Buffer {
	g := map[*Buffer][]*Buffer{}
	for _, x := range buffers {
		for _, y := range buffers {
			if x == y || !x.Interval().Intersects(y.Interval()) {
				continue
			}
			if ranges[x].Intersects(ranges[y]) || concurrent(x.Owner, y.Owner) {
				g[x] = append(g[x], y)
			}
		}
	}
	return g
}

// concurrent reports whether two ops lie in different regions under the
// same ttg.warp_specialize (Triton's AsyncRegions trait).
func concurrent(x, y *ir.Operation) bool {
	wx, wy := asyncParent(x), asyncParent(y)
	return wx != nil && wx == wy && x.ParentRegion() != y.ParentRegion()
}

func asyncParent(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name() == "ttg.warp_specialize" {
			return p
		}
	}
	return nil
}

// colorAndPlace is one round of first-fit coloring: each buffer takes the
// smallest color none of its colored neighbours has (the first buffer
// starts with color 0), then every buffer not of color 0 moves above all
// its neighbours.
func colorAndPlace(a *Allocation, buffers []*Buffer, graph map[*Buffer][]*Buffer) {
	a.size = 0
	colors := map[*Buffer]int{}
	for i, b := range buffers {
		colors[b] = -1
		if i == 0 {
			colors[b] = 0
		}
	}
	available := make([]bool, len(buffers))
	for _, x := range buffers {
		for i := range available {
			available[i] = true
		}
		for _, y := range graph[x] {
			if c := colors[y]; c >= 0 {
				available[c] = false
			}
		}
		c := slices.Index(available, true)
		if c < 0 {
			c = len(available)
		}
		colors[x] = c
	}
	for _, x := range buffers {
		off := 0
		for _, y := range graph[x] {
			off = max(off, y.Offset+y.Size)
		}
		if colors[x] != 0 {
			x.setOffsetAligned(off)
		}
		a.size = max(a.size, x.Offset+x.Size)
	}
}
