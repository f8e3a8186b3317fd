package ttlayout

import (
	"strconv"
	"strings"
)

// The text triton-tensor-layout prints (Triton's getLayoutStr), for the
// tools and tests written against it: every element of the tensor in
// nested brackets, as the threads and registers holding it (distributed
// layouts) or as the element stored at that offset (shared layouts); or,
// in the hardware view, per warp and register (per block and offset) the
// element each lane (offset) has.

// padTo pads the decimal form of v on the left to the width of max's.
func padTo(v, max int) string {
	s := strconv.Itoa(v)
	if w := len(strconv.Itoa(max)); len(s) < w {
		s = strings.Repeat(" ", w-len(s)) + s
	}
	return s
}

// widthPad is the number of spaces Triton puts before a number to line it
// up with the widest one.
func widthPad(v, max int) int { return len(strconv.Itoa(max)) - len(strconv.Itoa(v)) }

// unravel is the row-major coordinates of element i of shape; i equal to
// the number of elements gives all zeros.
func unravel(i int, shape []int64) []int {
	c := make([]int, len(shape))
	for j := len(shape) - 1; j >= 0; j-- {
		c[j] = i % int(shape[j])
		i /= int(shape[j])
	}
	return c
}

// nested writes cells (one per element, row-major) in nested brackets, a
// row of the last dimension a line, cells separated by sep.
func nested(b *strings.Builder, shape []int64, cells []string, sep string) {
	rank := len(shape)
	newLine := true
	for i, cell := range cells {
		open := 0
		for _, x := range reverse(unravel(i, shape)) {
			if x != 0 {
				break
			}
			b.WriteByte('[')
			open++
		}
		if newLine {
			b.WriteString(strings.Repeat(" ", rank-open))
			newLine = false
		}
		b.WriteString(cell)
		next := unravel(i+1, shape)
		for _, x := range reverse(next) {
			if x != 0 {
				break
			}
			b.WriteByte(']')
		}
		if next[rank-1] == 0 {
			b.WriteByte('\n')
			newLine = true
		} else {
			b.WriteString(sep)
		}
	}
}

func reverse(c []int) []int {
	out := make([]int, len(c))
	for i, x := range c {
		out[len(c)-1-i] = x
	}
	return out
}

// coordString is "(r,c)" with each coordinate padded to its extent's width.
func coordString(c []int32, shape []int64, sep string) string {
	parts := make([]string, len(c))
	for i, x := range c {
		parts[i] = padTo(int(x), int(shape[i]))
	}
	return "(" + strings.Join(parts, sep) + ")"
}

func (d *distributed) tritonText(hw bool) string {
	var b strings.Builder
	threads := d.warps * d.lanes
	if !hw {
		cells := make([]string, len(d.holders))
		for i, hs := range d.holders {
			parts := make([]string, len(hs))
			for k, h := range hs {
				pad := widthPad(h.block, d.blocks) + widthPad(h.thread, threads) + widthPad(h.reg, d.regs)
				s := strings.Repeat(" ", pad)
				if d.blocks > 1 {
					s += "B" + strconv.Itoa(h.block) + ":"
				}
				parts[k] = s + "T" + strconv.Itoa(h.thread) + ":" + strconv.Itoa(h.reg)
			}
			cells[i] = strings.Join(parts, "|")
		}
		nested(&b, d.shape, cells, ", ")
		return b.String()
	}
	at := func(blk, w, l, r int) []int32 {
		return d.coords[((blk*d.warps+w)*d.lanes+l)*d.regs+r]
	}
	for blk := 0; blk < d.blocks; blk++ {
		if d.blocks > 1 {
			b.WriteString("Block" + strconv.Itoa(blk) + ":\n")
		}
		for w := 0; w < d.warps; w++ {
			b.WriteString("Warp" + strconv.Itoa(w) + ":\n")
			for r := 0; r < d.regs; r++ {
				for l := 0; l < d.lanes; l++ {
					if l > 0 {
						b.WriteString(", ")
					}
					b.WriteString(coordString(at(blk, w, l, r), d.shape, ","))
				}
				b.WriteByte('\n')
			}
		}
	}
	return b.String()
}

func (s *shared) tritonText(hw bool) string {
	var b strings.Builder
	if !hw {
		// At each offset (laid out in the buffer's shape), the element
		// stored there.
		cells := make([]string, len(s.coords))
		for i, c := range s.coords {
			cells[i] = coordString(c, s.shape, ":")
		}
		nested(&b, s.shape, cells[:min(len(cells), len(s.offsetOf))], ",")
		return b.String()
	}
	per := len(s.coords) / s.blocks
	for blk := 0; blk < s.blocks; blk++ {
		b.WriteString("Block: " + strconv.Itoa(blk) + ":\n")
		for o := 0; o < per; o++ {
			b.WriteString("Offset: " + strconv.Itoa(o) + " -> " + coordString(s.coords[blk*per+o], s.shape, ",") + "\n")
		}
	}
	return b.String()
}
