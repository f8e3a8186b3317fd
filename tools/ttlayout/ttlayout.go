package ttlayout

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/linearlayout"
)

// options are tt-layout's command line. The single-dash spellings of
// triton-tensor-layout (-l, -i, -t, -o, -alias-names, -use-hw-view) are
// accepted as they are.
type options struct {
	layouts       []string // layout attributes given on the command line
	input         string   // -i: a file whose attribute aliases are layouts
	aliases       []string // -alias-names: which of them (all when empty)
	tensorType    string   // -t: tensor<...>
	shape         string   // --shape 128x64
	elem          string   // --elem f16
	output        string   // -o
	svg           string   // --svg
	svgLabels     string   // auto, on, off
	access        string   // --access: a distributed layout reading a shared one
	format        string   // table or triton
	hw            bool     // -use-hw-view
	help, version bool
}

// valueFlags take a value (as -flag=v or -flag v).
var valueFlags = map[string]func(o *options, v string){
	"l":           func(o *options, v string) { o.layouts = append(o.layouts, v) },
	"i":           func(o *options, v string) { o.input = v },
	"alias-names": func(o *options, v string) { o.aliases = append(o.aliases, splitComma(v)...) },
	"t":           func(o *options, v string) { o.tensorType = v },
	"shape":       func(o *options, v string) { o.shape = v },
	"elem":        func(o *options, v string) { o.elem = v },
	"o":           func(o *options, v string) { o.output = v },
	"svg":         func(o *options, v string) { o.svg = v },
	"svg-labels":  func(o *options, v string) { o.svgLabels = v },
	"access":      func(o *options, v string) { o.access = v },
	"format":      func(o *options, v string) { o.format = v },
}

var boolFlags = map[string]func(o *options){
	"use-hw-view": func(o *options) { o.hw = true },
	"hw":          func(o *options) { o.hw = true },
	"help":        func(o *options) { o.help = true },
	"h":           func(o *options) { o.help = true },
	"version":     func(o *options) { o.version = true },
}

func splitComma(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func parseArgs(args []string) (*options, error) {
	o := &options{elem: "f32", format: "table", svgLabels: "auto"}
	once := cli.NewOnce()
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			o.layouts = append(o.layouts, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		val, hasVal := "", false
		if j := strings.IndexByte(name, '='); j >= 0 {
			name, val, hasVal = name[:j], name[j+1:], true
		}
		if set, ok := boolFlags[name]; ok && !hasVal {
			set(o)
			continue
		}
		set, ok := valueFlags[name]
		if !ok {
			return nil, cli.UnknownFlag("tt-layout", a)
		}
		if !hasVal {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("flag '%s' needs a value", a)
			}
			i++
			val = args[i]
		}
		if name != "l" && name != "alias-names" { // those add to a list
			if err := once.Set(name, val); err != nil {
				return nil, err
			}
		}
		set(o, val)
	}
	switch o.format {
	case "table", "triton":
	default:
		return nil, fmt.Errorf("--format=%s: want table or triton", o.format)
	}
	switch o.svgLabels {
	case "auto", "on", "off":
	default:
		return nil, fmt.Errorf("--svg-labels=%s: want auto, on or off", o.svgLabels)
	}
	return o, nil
}

// Run is tt-layout's main.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseArgs(args)
	if err != nil {
		return cli.Usagef(stderr, "tt-layout", "%v", err)
	}
	if o.help {
		io.WriteString(stdout, help)
		return 0
	}
	if o.version {
		io.WriteString(stdout, cli.VersionLine("tt-layout"))
		return 0
	}
	ctx := all.NewContext()
	tensor, err := tensorOf(ctx, o)
	if err != nil {
		return cli.Usagef(stderr, "tt-layout", "%v", err)
	}
	named, err := layoutsOf(ctx, o, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tt-layout: %v\n", err)
		return 1
	}
	var out strings.Builder
	for _, l := range named {
		if err := show(ctx, &out, o, tensor, l, len(named)); err != nil {
			fmt.Fprintf(stderr, "tt-layout: %s: %v\n", l.title(), err)
			return 1
		}
	}
	if o.output == "" || o.output == "-" {
		io.WriteString(stdout, out.String())
		return 0
	}
	if err := cli.WriteFile(o.output, []byte(out.String())); err != nil {
		fmt.Fprintf(stderr, "tt-layout: %v\n", err)
		return 1
	}
	return 0
}

// tensorOf is the tensor the layouts are applied to: -t's type, or
// --shape and --elem.
func tensorOf(ctx *ir.Context, o *options) (*ir.RankedTensorType, error) {
	text := o.tensorType
	if text == "" {
		if o.shape == "" {
			return nil, errors.New("give the tensor's shape: --shape 128x64 (or -t 'tensor<128x64xf16>')")
		}
		text = "tensor<" + o.shape + "x" + o.elem + ">"
	}
	t, err := asm.ParseType(ctx, "<tensor type>", text)
	if err != nil {
		return nil, fmt.Errorf("%q is not a tensor type: %v", text, err)
	}
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || rt.Rank() == 0 {
		return nil, fmt.Errorf("%q is not a ranked tensor type", text)
	}
	for _, d := range rt.Dims {
		if d <= 0 || d&(d-1) != 0 {
			return nil, fmt.Errorf("%s: layouts map power-of-two extents, not %d", text, d)
		}
	}
	return rt, nil
}

// namedLayout is a layout and the alias it was given, if any.
type namedLayout struct {
	alias string
	attr  ir.Attribute
}

func (l namedLayout) title() string {
	if l.alias != "" {
		return "#" + l.alias + " = " + asm.AttrString(l.attr)
	}
	return asm.AttrString(l.attr)
}

// layoutsOf collects the layouts to show: those of -i's file (the named
// ones, or every layout alias), then those given on the command line (an
// attribute, or #name of an alias of -i's file).
func layoutsOf(ctx *ir.Context, o *options, stdin io.Reader) ([]namedLayout, error) {
	var out []namedLayout
	defs := map[string]ir.Attribute{}
	if o.input != "" {
		src, err := cli.ReadInput(o.input, stdin)
		if err != nil {
			return nil, err
		}
		aliases, err := asm.AttributeAliases(ctx, string(src), asm.ParseConfig{Filename: o.input})
		if err != nil {
			return nil, err
		}
		for _, a := range aliases {
			defs[a.Name] = a.Value
			if _, isLayout := a.Value.(ttg.LayoutEncoding); isLayout && len(o.aliases) == 0 {
				out = append(out, namedLayout{a.Name, a.Value})
			}
		}
		for _, name := range o.aliases {
			a, ok := defs[strings.TrimPrefix(name, "#")]
			if !ok {
				return nil, fmt.Errorf("can't find the layout attribute #%s in %s", strings.TrimPrefix(name, "#"), o.input)
			}
			out = append(out, namedLayout{strings.TrimPrefix(name, "#"), a})
		}
	}
	for _, text := range o.layouts {
		if a, ok := defs[strings.TrimPrefix(text, "#")]; ok && !strings.Contains(text, "<") {
			out = append(out, namedLayout{strings.TrimPrefix(text, "#"), a})
			continue
		}
		a, err := asm.ParseAttribute(ctx, "<layout>", text)
		if err != nil {
			return nil, err
		}
		out = append(out, namedLayout{"", a})
	}
	if len(out) == 0 {
		return nil, errors.New("no layout given: tt-layout '#ttg.blocked<{...}>' --shape 64x64, or -i FILE")
	}
	return out, nil
}

// show prints one layout on the tensor, and draws it when asked.
func show(ctx *ir.Context, out *strings.Builder, o *options, tensor *ir.RankedTensorType, l namedLayout, count int) error {
	enc, ok := l.attr.(ttg.LayoutEncoding)
	if !ok {
		return errors.New("not a tensor layout")
	}
	ll, err := enc.ToLinearLayout(tensor.Dims)
	if err != nil {
		return err
	}
	tensorText := asm.TypeString(ir.RankedTensor(ctx, tensor.Dims, tensor.Elem, nil))
	var text, picture string
	labels := o.svgLabels == "on" || o.svgLabels == "auto" && ir.NumElements(tensor.Dims) <= labelCells
	title := l.title() + " on " + tensorText
	switch enc.(type) {
	case ttg.SharedLayout:
		var intervals, paddings []int
		if p, ok := enc.(*ttg.PaddedSharedEncoding); ok {
			intervals, paddings = p.Intervals, p.Paddings
		}
		s, err := placeShared(ll, tensor.Dims, max(1, ir.BitWidth(tensor.Elem)/8), intervals, paddings)
		if err != nil {
			return err
		}
		if o.format == "triton" {
			text = s.tritonText(o.hw)
		} else {
			text = s.table(o.hw)
			if o.access != "" && intervals != nil {
				return errors.New("--access models unpadded shared layouts; padded_shared's padding is not in its linear map")
			}
			if o.access != "" {
				line, err := accessReport(ctx, tensor, ll, o.access)
				if err != nil {
					return err
				}
				text += line
			}
		}
		if o.svg != "" {
			picture = s.svg(title, labels)
		}
	default:
		d, err := placeDistributed(ll, tensor.Dims)
		if err != nil {
			return err
		}
		if o.format == "triton" {
			text = d.tritonText(o.hw)
		} else {
			text = d.table(o.hw)
		}
		if o.svg != "" {
			picture = d.svg(title, labels)
		}
	}
	if o.format == "triton" {
		fmt.Fprintf(out, "Print layout attribute: %s\n%s", l.title(), text)
		if l.alias != "" {
			out.WriteByte('\n')
		}
	} else {
		fmt.Fprintf(out, "Layout: %s\nTensor: %s\n%s\n", l.title(), tensorText, text)
	}
	if picture != "" {
		path := o.svg
		if count > 1 {
			ext := filepath.Ext(path)
			name := l.alias
			if name == "" {
				name = strconv.Itoa(out.Len())
			}
			path = strings.TrimSuffix(path, ext) + "-" + name + ext
		}
		return cli.WriteFile(path, []byte(picture))
	}
	return nil
}

// accessReport simulates a warp moving the buffer's elements between
// registers in the given distributed layout and the shared layout ll.
func accessReport(ctx *ir.Context, tensor *ir.RankedTensorType, smem linearlayout.LinearLayout, text string) (string, error) {
	a, err := asm.ParseAttribute(ctx, "<access layout>", text)
	if err != nil {
		return "", err
	}
	enc, ok := a.(ttg.DistributedLayout)
	if !ok {
		return "", fmt.Errorf("--access needs a distributed layout, got %s", text)
	}
	reg, err := enc.ToLinearLayout(tensor.Dims)
	if err != nil {
		return "", err
	}
	r, err := linearlayout.SimulateAccess(reg, smem, max(8, ir.BitWidth(tensor.Elem)))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Access by a warp in %s: %d instructions of %d-element vectors, %d wavefronts (at best %d): %d lost to bank conflicts\n",
		text, r.Instructions, r.Vector, r.Wavefronts, r.MinWavefronts, r.Conflicts()), nil
}

const help = `USAGE: tt-layout LAYOUT... --shape DIMS [options]
       tt-layout -i FILE [-alias-names=a,b] -t 'tensor<...>' [options]

Shows where a layout puts each element of a tensor: which thread (and warp
and lane) and which register holds it, for distributed layouts; which offset
and bank, for shared ones. LAYOUT is an attribute (#ttg.blocked<{...}>,
#ttg.nvidia_mma<{...}>, #ttg.nvmma_shared<{...}>, ...) or the name of an
alias of -i's file.

OPTIONS:
  --shape 128x64          the tensor's shape (with --elem, default f32)
  -t 'tensor<128x64xf16>' the tensor's shape and element type
  -l LAYOUT               a layout (as a positional argument)
  -i FILE                 take the layouts from FILE's attribute aliases
  -alias-names=a,b        only these aliases of FILE
  -use-hw-view, --hw      per warp and register (per offset): which element
  --access LAYOUT         for a shared layout: the bank conflicts of a warp
                          moving the tile in this distributed layout
  --svg FILE              also draw the layout (FILE-<alias>.svg for several)
  --svg-labels=auto|on|off  label the cells (auto: up to 4096 elements)
  --format=table|triton   tt's table (default) or triton-tensor-layout's text
  -o FILE                 write the text to FILE
  --help, --version
`
