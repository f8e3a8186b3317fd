package asmfmt

import (
	"errors"
	"fmt"
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// SegmentsAttr is the property AttrSizedOperandSegments ops carry.
const SegmentsAttr = "operandSegmentSizes"

// Format is a compiled assembly format bound to its Spec.
type Format struct {
	spec *Spec
	// name is the op's, for the panic of a malformed installed format.
	name string
	// The format string is compiled once, when the op is first parsed or
	// printed (compiled): a tool loads hundreds of ops and uses a few.
	once sync.Once
	err  error
	els  []element
	used map[string]bool
	// operandGroups and resultGroups summarize the spec's groups for the
	// verifier, which runs on every op after every pass that changed the
	// IR (counted once here instead of on every op).
	operandGroups, resultGroups groupCounts
}

// Compile compiles the spec's format; it fails on a malformed format.
func Compile(s Spec) (*Format, error) {
	f := &Format{spec: &s}
	f.countGroups()
	if f.compile(); f.err != nil {
		return nil, f.err
	}
	return f, nil
}

// compile compiles the format string into els and used (once).
func (f *Format) compile() {
	f.once.Do(func() {
		f.used = map[string]bool{}
		if f.spec.Format != "" {
			f.els, f.err = compile(f.spec)
			usedAttrs(f.els, f.used)
		}
	})
}

// compiled returns f with its format compiled. A malformed format of an
// installed op is a programming error: it panics (CheckInstalled finds
// them all, for tests).
func (f *Format) compiled() *Format {
	if f.compile(); f.err != nil {
		panic(fmt.Sprintf("asmfmt: %s: %v", f.name, f.err))
	}
	return f
}

// installed lists every format Install made, for CheckInstalled.
var installed struct {
	sync.Mutex
	formats []*Format
}

// CheckInstalled compiles the format of every op installed so far and
// returns the errors of the malformed ones (nil when all compile). Install
// defers compiling to the first use; tests call this to find bad formats
// without parsing or printing every op.
func CheckInstalled() error {
	installed.Lock()
	formats := append([]*Format(nil), installed.formats...)
	installed.Unlock()
	var errs []error
	for _, f := range formats {
		if f.compile(); f.err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", f.name, f.err))
		}
	}
	return errors.Join(errs...)
}

// Install sets def's Parse and Print hooks (when the spec has a format),
// its Inherent attributes, its verifier and its AsmFormat (f, which the
// hooks use). The format string is compiled when the op is first parsed
// or printed; a malformed one panics then.
func Install(def *ir.OpDef, s Spec) *Format {
	// The format and its spec are one allocation: every dialect installs
	// hundreds of them when the process starts.
	fs := &struct {
		f Format
		s Spec
	}{s: s}
	f := &fs.f
	f.spec, f.name = &fs.s, def.Name
	f.countGroups()
	installed.Lock()
	installed.formats = append(installed.formats, f)
	installed.Unlock()
	if n := len(s.Attrs); n > 0 || s.Segments {
		inherent := make([]string, len(def.Inherent), len(def.Inherent)+n+1)
		copy(inherent, def.Inherent)
		for _, a := range s.Attrs {
			inherent = append(inherent, a.Name)
		}
		if s.Segments {
			inherent = append(inherent, SegmentsAttr)
		}
		def.Inherent = inherent
	}
	def.AsmFormat = f
	if s.Format != "" {
		def.Parse = f.parse
		def.Print = printInstalled
	}
	def.Verify = verifyInstalled
	if len(s.Results) > 1 && def.ResultNames == nil {
		def.ResultNames = f.resultNames
	}
	return f
}

// printInstalled and verifyInstalled are the Print and Verify hooks that
// Install sets: they use the format it stored in the op's definition.
func printInstalled(p ir.OpPrinter, op *ir.Operation) {
	op.Def().AsmFormat.(*Format).print(p, op)
}

func verifyInstalled(op *ir.Operation) error { return op.Def().AsmFormat.(*Format).verify(op) }

// resultNames names the first value of each result group after its
// declared name, as ODS does for ops with several declared results and no
// OpAsmOpInterface of their own (`%result, %token = ttng.tmem_alloc`).
func (f *Format) resultNames(op *ir.Operation, set func(ir.Value, string)) {
	for i, r := range f.spec.Results {
		if vs := f.results(op, i); len(vs) > 0 && r.Name != "" {
			set(vs[0], r.Name)
		}
	}
}

// Spec returns the spec the format was compiled from.
func (f *Format) Spec() *Spec { return f.spec }

// elided lists the attributes attr-dict must not print.
func (f *Format) elided(op *ir.Operation) []string {
	var out []string
	for n := range f.compiled().used {
		out = append(out, n)
	}
	if f.spec.Segments {
		out = append(out, SegmentsAttr)
	}
	for _, a := range f.spec.Attrs {
		if a.Default != nil {
			if v := op.Attr(a.Name); v != nil && v == a.Default(op.Context()) {
				out = append(out, a.Name)
			}
		}
	}
	return out
}

// segments returns how many operands each declared operand group holds.
func (f *Format) segments(op *ir.Operation) []int {
	return f.segmentsInto(nil, op)
}

// segmentsInto is segments, stored in buf when it is large enough (the
// verifier passes a stack buffer: it runs on every op after every pass
// that changed the IR).
func (f *Format) segmentsInto(buf []int, op *ir.Operation) []int {
	var seg []int64
	if f.spec.Segments {
		if a, ok := op.Attr(SegmentsAttr).(*ir.DenseArrayAttr); ok {
			seg = a.Ints
		}
	}
	return groupSizesInto(buf, f.spec.Operands, op.NumOperands(), seg)
}

// groupSizes splits n values over the declared groups: from an explicit
// segment list when there is one, else by giving the variable-length
// groups what the fixed ones leave (the first ones first).
func groupSizes(vals []Value, n int, seg func() []int64) []int {
	return groupSizesInto(nil, vals, n, seg())
}

// groupSizesInto is groupSizes with the segment list given, and the
// result stored in buf when it has room.
func groupSizesInto(buf []int, vals []Value, n int, s []int64) []int {
	var out []int
	if cap(buf) >= len(vals) {
		out = buf[:len(vals)]
		clear(out)
	} else {
		out = make([]int, len(vals))
	}
	if s != nil && len(s) == len(vals) {
		for i, x := range s {
			out[i] = int(x)
		}
		return out
	}
	rest := n
	for i, v := range vals {
		if v.Kind == Single {
			out[i] = 1
			rest--
		}
	}
	for i, v := range vals {
		if v.Kind == Single || rest <= 0 {
			continue
		}
		if v.Kind == Optional {
			out[i] = 1
			rest--
		} else {
			out[i] = rest
			rest = 0
		}
	}
	return out
}

func (f *Format) operands(op *ir.Operation, idx int) []ir.Value {
	seg := f.segments(op)
	start := 0
	for i := 0; i < idx; i++ {
		start += seg[i]
	}
	end := min(start+seg[idx], op.NumOperands())
	if start >= end {
		return nil
	}
	return op.Operands()[start:end]
}

// Operand returns the values of the named operand group of op.
func (f *Format) Operand(op *ir.Operation, name string) []ir.Value {
	i, _ := f.spec.operand(name)
	if i < 0 {
		return nil
	}
	return f.operands(op, i)
}

// Result returns the values of the named result group of op.
func (f *Format) Result(op *ir.Operation, name string) []ir.Value {
	i, _ := f.spec.result(name)
	if i < 0 {
		return nil
	}
	return f.results(op, i)
}

// resultSegments returns how many results each declared result group holds.
func (f *Format) resultSegments(op *ir.Operation) []int {
	return groupSizesInto(nil, f.spec.Results, op.NumResults(), nil)
}

func (f *Format) results(op *ir.Operation, idx int) []ir.Value {
	seg := f.resultSegments(op)
	start := 0
	for i := 0; i < idx; i++ {
		start += seg[i]
	}
	end := min(start+seg[idx], op.NumResults())
	if start >= end {
		return nil
	}
	return op.Results()[start:end]
}

func (f *Format) regions(op *ir.Operation, idx int) []*ir.Region {
	rs := op.Regions()
	if idx >= len(rs) {
		return nil
	}
	if f.spec.Regions[idx].Variadic {
		return rs[idx:]
	}
	return rs[idx : idx+1]
}
