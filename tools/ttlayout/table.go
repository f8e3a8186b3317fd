package ttlayout

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/linearlayout"
)

// tt-layout's own text: a summary of the layout (threads, registers,
// replication, the linear layout's bases) and a table with the element
// coordinates on its margins, one table per 2-D slice of the tensor.

// grid writes cells (one per element, row-major) as tables of the last
// two dimensions with row and column indices; a 1-D tensor is one row.
func grid(b *strings.Builder, shape []int64, cells []string) {
	rows, cols := int64(1), shape[len(shape)-1]
	if len(shape) >= 2 {
		rows = shape[len(shape)-2]
	}
	width := 1
	for _, c := range cells {
		width = max(width, len(c))
	}
	rowLabel := len(strconv.FormatInt(rows-1, 10))
	slices := len(cells) / int(rows*cols)
	for s := 0; s < slices; s++ {
		if len(shape) > 2 {
			idx := unravel(s*int(rows*cols), shape)[:len(shape)-2]
			parts := make([]string, len(idx))
			for i, x := range idx {
				parts[i] = strconv.Itoa(x)
			}
			fmt.Fprintf(b, "[%s, :, :]\n", strings.Join(parts, ", "))
		}
		b.WriteString(strings.Repeat(" ", rowLabel))
		for c := int64(0); c < cols; c++ {
			fmt.Fprintf(b, "  %*d", width, c)
		}
		b.WriteByte('\n')
		for r := int64(0); r < rows; r++ {
			if len(shape) >= 2 {
				fmt.Fprintf(b, "%*d", rowLabel, r)
			} else {
				b.WriteString(strings.Repeat(" ", rowLabel))
			}
			for c := int64(0); c < cols; c++ {
				fmt.Fprintf(b, "  %*s", width, cells[s*int(rows*cols)+int(r*cols+c)])
			}
			b.WriteByte('\n')
		}
	}
}

// basesText lists the bases of each input dimension of ll.
func basesText(b *strings.Builder, ll linearlayout.LinearLayout, ins ...string) {
	for _, in := range ins {
		if !ll.HasInDim(in) {
			continue
		}
		fmt.Fprintf(b, "  %-9s", in)
		n := ll.InDimSizeLog2(in)
		if n == 0 {
			b.WriteString(" (none)")
		}
		for i := 0; i < n; i++ {
			v := ll.Basis(in, i)
			parts := make([]string, len(v))
			for k, x := range v {
				parts[k] = strconv.Itoa(int(x))
			}
			b.WriteString(" (" + strings.Join(parts, ", ") + ")")
		}
		b.WriteByte('\n')
	}
}

func (d *distributed) table(hw bool) string {
	var b strings.Builder
	threads := d.warps * d.lanes
	copies := d.regs * threads * d.blocks / max(len(d.holders), 1)
	fmt.Fprintf(&b, "Threads: %d (%d warps x %d lanes)", threads, d.warps, d.lanes)
	if d.blocks > 1 {
		fmt.Fprintf(&b, " in each of %d CTAs", d.blocks)
	}
	fmt.Fprintf(&b, ", %d registers a thread; each element is held by %d register(s)\n", d.regs, copies)
	b.WriteString("Bases (input bit -> element coordinates):\n")
	basesText(&b, d.ll, linearlayout.Register, linearlayout.Lane, linearlayout.Warp, linearlayout.Block)
	if hw {
		fmt.Fprintf(&b, "Element held by each lane (columns) in each register (rows):\n")
		for blk := 0; blk < d.blocks; blk++ {
			for w := 0; w < d.warps; w++ {
				if d.blocks > 1 {
					fmt.Fprintf(&b, "CTA %d, ", blk)
				}
				fmt.Fprintf(&b, "warp %d:\n", w)
				cells := make([]string, d.regs*d.lanes)
				for r := 0; r < d.regs; r++ {
					for l := 0; l < d.lanes; l++ {
						c := d.coords[((blk*d.warps+w)*d.lanes+l)*d.regs+r]
						cells[r*d.lanes+l] = coordString(c, d.shape, ",")
					}
				}
				grid(&b, []int64{int64(d.regs), int64(d.lanes)}, cells)
			}
		}
		return b.String()
	}
	fmt.Fprintf(&b, "Thread:register holding each element (thread = %d x warp + lane", d.lanes)
	if d.blocks > 1 {
		b.WriteString("; B<cta>: for CTAs")
	}
	b.WriteString("):\n")
	cells := make([]string, len(d.holders))
	for i, hs := range d.holders {
		parts := make([]string, len(hs))
		for k, h := range hs {
			parts[k] = "T" + strconv.Itoa(h.thread) + ":" + strconv.Itoa(h.reg)
			if d.blocks > 1 {
				parts[k] = "B" + strconv.Itoa(h.block) + ":" + parts[k]
			}
		}
		cells[i] = strings.Join(parts, "|")
	}
	grid(&b, d.shape, cells)
	return b.String()
}

func (s *shared) table(hw bool) string {
	var b strings.Builder
	n := len(s.offsetOf)
	fmt.Fprintf(&b, "Buffer: %d bytes per CTA (%d elements of %d bytes", s.size*s.elemBytes, n/s.blocks, s.elemBytes)
	if s.size != n/s.blocks {
		fmt.Fprintf(&b, ", %d of padding", s.size-n/s.blocks)
	}
	b.WriteString("); a bank is a 4-byte word modulo 32\n")
	b.WriteString("Bases (input bit -> element coordinates):\n")
	basesText(&b, s.ll, linearlayout.Offset, linearlayout.Block)
	if hw {
		b.WriteString("Element at each offset (columns: offset modulo 32):\n")
		cells := make([]string, len(s.coords))
		for i, c := range s.coords {
			cells[i] = coordString(c, s.shape, ",")
		}
		cols := min(32, len(cells))
		grid(&b, []int64{int64(len(cells) / cols), int64(cols)}, cells)
		return b.String()
	}
	b.WriteString("Offset:bank of each element:\n")
	cells := make([]string, n)
	for i, o := range s.offsetOf {
		cells[i] = strconv.Itoa(o) + ":" + strconv.Itoa(s.bank(o))
		if s.blocks > 1 {
			cells[i] = "B" + strconv.Itoa(s.blockOf[i]) + ":" + cells[i]
		}
	}
	grid(&b, s.shape, cells)
	return b.String()
}
