package ttlayout

import (
	"fmt"
	"html"
	"strconv"
	"strings"
)

// The SVG picture: the tensor as a grid (the last two dimensions; slices of
// higher ranks stacked downwards), each element a cell filled with the
// colour of its warp (a hue per warp, lighter for higher lanes) or, for a
// shared buffer, of its bank, and labelled with its thread:register or
// offset when the grid is small enough to read.

const (
	cellW, cellH = 44, 18
	margin       = 40
	// labelCells is the largest grid whose cells are labelled by default.
	labelCells = 4096
)

type svgCell struct {
	class, label string
}

// svgGrid draws cells (row-major over shape) under a title. classes maps a
// CSS class to its fill; legend lines go below the title.
func svgGrid(title string, legend []string, shape []int64, cells []svgCell, classes map[string]string, order []string, labels bool) string {
	rows, cols := int64(1), shape[len(shape)-1]
	if len(shape) >= 2 {
		rows = shape[len(shape)-2]
	}
	slices := len(cells) / int(rows*cols)
	cw, ch := cellW, cellH
	if !labels {
		cw, ch = 8, 8
	}
	top := margin + 16*len(legend)
	sliceH := int(rows)*ch + 24
	width := margin + int(cols)*cw + 20
	for _, l := range append([]string{title}, legend...) {
		width = max(width, 16+8*len(l)) // 13px monospace is about 8px a character
	}
	height := top + slices*sliceH + 10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="monospace">`+"\n", width, height)
	b.WriteString("<style>text{font-size:9px;text-anchor:middle}.h{font-size:13px;text-anchor:start}.i{font-size:8px;fill:#555}")
	for _, c := range order {
		fmt.Fprintf(&b, ".%s{fill:%s}", c, classes[c])
	}
	b.WriteString("</style>\n")
	fmt.Fprintf(&b, "<text class=\"h\" x=\"8\" y=\"18\">%s</text>\n", html.EscapeString(title))
	for i, l := range legend {
		fmt.Fprintf(&b, "<text class=\"h\" x=\"8\" y=\"%d\">%s</text>\n", 34+16*i, html.EscapeString(l))
	}
	for s := 0; s < slices; s++ {
		y0 := top + s*sliceH
		if len(shape) > 2 {
			idx := unravel(s*int(rows*cols), shape)[:len(shape)-2]
			parts := make([]string, len(idx))
			for i, x := range idx {
				parts[i] = strconv.Itoa(x)
			}
			fmt.Fprintf(&b, "<text class=\"i\" x=\"%d\" y=\"%d\">[%s, :, :]</text>\n", margin, y0-4, strings.Join(parts, ", "))
		}
		// Index labels every 8 rows and columns (every one when labelled).
		step := int64(8)
		if labels {
			step = 1
		}
		for c := int64(0); c < cols; c += step {
			fmt.Fprintf(&b, "<text class=\"i\" x=\"%d\" y=\"%d\">%d</text>", margin+int(c)*cw+cw/2, y0+10, c)
		}
		for r := int64(0); r < rows; r += step {
			fmt.Fprintf(&b, "<text class=\"i\" x=\"%d\" y=\"%d\">%d</text>", margin/2, y0+14+int(r)*ch+ch/2+3, r)
		}
		b.WriteByte('\n')
		for r := int64(0); r < rows; r++ {
			y := y0 + 14 + int(r)*ch
			base := s*int(rows*cols) + int(r*cols)
			// Unlabelled cells of one class in a row are drawn as one run.
			for c := int64(0); c < cols; {
				cell := cells[base+int(c)]
				run := int64(1)
				for !labels && c+run < cols && cells[base+int(c+run)].class == cell.class {
					run++
				}
				x := margin + int(c)*cw
				fmt.Fprintf(&b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"%s\"/>", x, y, int(run)*cw, ch, cell.class)
				if labels {
					fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\">%s</text>", x+cw/2, y+ch-5, html.EscapeString(cell.label))
				}
				c += run
			}
			b.WriteByte('\n')
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

func hsl(h, s, l float64) string { return fmt.Sprintf("hsl(%.0f,%.0f%%,%.0f%%)", h, s, l) }

func (d *distributed) svg(title string, labels bool) string {
	classes := map[string]string{}
	var order []string
	cells := make([]svgCell, len(d.holders))
	for i, hs := range d.holders {
		h := hs[0]
		w, l := h.thread/d.lanes, h.thread%d.lanes
		class := "w" + strconv.Itoa(w) + "l" + strconv.Itoa(l)
		if _, ok := classes[class]; !ok {
			classes[class] = hsl(float64(w)*360/float64(d.warps)+20, 65, 88-40*float64(l)/float64(d.lanes))
			order = append(order, class)
		}
		label := "T" + strconv.Itoa(h.thread) + ":" + strconv.Itoa(h.reg)
		if len(hs) > 1 {
			label += "+"
		}
		cells[i] = svgCell{class, label}
	}
	legend := []string{
		fmt.Sprintf("%d warps x %d lanes, %d registers a thread. Colour: warp (hue) and lane (darker = higher).", d.warps, d.lanes, d.regs),
	}
	if labels {
		legend = append(legend, "Label T<thread>:<register> (thread = lanes x warp + lane; '+': also held by other threads).")
	}
	return svgGrid(title, legend, d.shape, cells, classes, order, labels)
}

func (s *shared) svg(title string, labels bool) string {
	classes := map[string]string{}
	var order []string
	cells := make([]svgCell, len(s.offsetOf))
	for i, o := range s.offsetOf {
		bank := s.bank(o)
		class := "b" + strconv.Itoa(bank)
		if _, ok := classes[class]; !ok {
			classes[class] = hsl(float64(bank)*360/32, 70, 80-float64(bank%2)*12)
			order = append(order, class)
		}
		cells[i] = svgCell{class, strconv.Itoa(o)}
	}
	legend := []string{fmt.Sprintf("%d-byte elements. Colour: bank (4-byte word modulo 32, a hue per bank).", s.elemBytes)}
	if labels {
		legend = append(legend, "Label: the element's offset in the buffer (in elements).")
	}
	return svgGrid(title, legend, s.shape, cells, classes, order, labels)
}
