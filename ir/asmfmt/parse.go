package asmfmt

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// ParseState is what the generated parser has read so far; custom
// directives record their results in it.
type ParseState struct {
	f        *Format
	p        ir.OpParser
	St       *ir.OperationState
	operands map[int][]ir.UnresolvedOperand
	types    map[string][]ir.Type // "o3" / "r0" -> types
	allIn    []ir.Type
	allOut   []ir.Type
	haveIn   bool
	haveOut  bool
	regions  []*ir.Region
}

// SetAttr records an inherent attribute.
func (s *ParseState) SetAttr(name string, a ir.Attribute) { s.St.AddAttr(name, a) }

// AddOperands records the operands of the named operand group.
func (s *ParseState) AddOperands(name string, us ...ir.UnresolvedOperand) {
	if i, _ := s.f.spec.operand(name); i >= 0 {
		s.operands[i] = append(s.operands[i], us...)
	}
}

// SetTypes records the types of the named operand or result group.
func (s *ParseState) SetTypes(name string, ts ...ir.Type) {
	if i, _ := s.f.spec.operand(name); i >= 0 {
		s.types[fmt.Sprint("o", i)] = ts
	} else if i, _ := s.f.spec.result(name); i >= 0 {
		s.types[fmt.Sprint("r", i)] = ts
	}
}

func (f *Format) parse(p ir.OpParser, st *ir.OperationState) error {
	s := &ParseState{f: f, p: p, St: st, operands: map[int][]ir.UnresolvedOperand{}, types: map[string][]ir.Type{}}
	for _, r := range f.spec.Regions {
		if !r.Variadic {
			s.regions = append(s.regions, st.AddRegion())
		} else {
			s.regions = append(s.regions, nil)
		}
	}
	for _, e := range f.compiled().els {
		if err := s.element(e); err != nil {
			return err
		}
	}
	return s.resolve()
}

func (s *ParseState) element(e element) error {
	p := s.p
	switch e := e.(type) {
	case literal:
		return s.literal(e.text)
	case space:
		return nil
	case operandVar:
		v := s.f.spec.Operands[e.idx]
		switch v.Kind {
		case Single:
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			s.operands[e.idx] = append(s.operands[e.idx], u)
		case Optional:
			u, ok, err := p.ParseOptionalOperand()
			if err != nil {
				return err
			}
			if ok {
				s.operands[e.idx] = append(s.operands[e.idx], u)
			}
		case Variadic:
			us, err := p.ParseOperandList(ir.DelimNone)
			if err != nil {
				return err
			}
			s.operands[e.idx] = append(s.operands[e.idx], us...)
		}
		return nil
	case attrVar:
		return s.attr(e.a)
	case qualifiedAttr:
		return s.attr(e.a)
	case regionVar:
		return s.region(e.idx)
	case attrDict:
		if e.keyword {
			return p.ParseOptionalAttrDictWithKeyword(s.St)
		}
		return p.ParseOptionalAttrDict(s.St)
	case typeDir:
		return s.typeDir(e)
	case functionalType:
		in, out, err := p.ParseFunctionalType()
		if err != nil {
			return err
		}
		s.setTypes(e.in, in)
		s.setTypes(e.out, out)
		return nil
	case operandsDir:
		us, err := p.ParseOperandList(ir.DelimNone)
		if err != nil {
			return err
		}
		s.distribute(us)
		return nil
	case custom:
		return e.dir.Parse(p, s, e.args)
	case *group:
		ok, err := s.optionalFirst(e.then[0])
		if err != nil {
			return err
		}
		if !ok {
			for _, x := range e.els {
				if err := s.element(x); err != nil {
					return err
				}
			}
			return nil
		}
		if av, isAttr := e.anchor.(attrVar); isAttr && av.a.Kind == UnitAttr && e.then[0] != e.anchor {
			s.St.AddAttr(av.a.Name, ir.Unit(p.Context()))
		}
		for _, x := range e.then[1:] {
			if x == e.anchor {
				if av, isAttr := x.(attrVar); isAttr && av.a.Kind == UnitAttr {
					continue
				}
			}
			if err := s.element(x); err != nil {
				return err
			}
		}
		return nil
	case *oilist:
		var kws []string
		for _, cl := range e.clauses {
			kws = append(kws, cl.kw)
		}
		seen := map[string]bool{}
		for {
			kw, ok := p.ParseOptionalKeyword(kws...)
			if !ok {
				return nil
			}
			if seen[kw] {
				return p.Errorf("`%s` clause can appear at most once in the expansion of the oilist directive", kw)
			}
			seen[kw] = true
			for _, cl := range e.clauses {
				if cl.kw != kw {
					continue
				}
				if len(cl.elems) == 1 {
					if av, ok := cl.elems[0].(attrVar); ok && av.a.Kind == UnitAttr {
						s.St.AddAttr(av.a.Name, ir.Unit(p.Context()))
						continue
					}
				}
				for _, x := range cl.elems {
					if err := s.element(x); err != nil {
						return err
					}
				}
			}
		}
	}
	return fmt.Errorf("asmfmt: cannot parse %T", e)
}

// distribute assigns a flat operand list (the `operands` directive) to the
// operand groups.
func (s *ParseState) distribute(us []ir.UnresolvedOperand) {
	sizes := groupSizes(s.f.spec.Operands, len(us), func() []int64 { return nil })
	k := 0
	for i, n := range sizes {
		for j := 0; j < n && k < len(us); j++ {
			s.operands[i] = append(s.operands[i], us[k])
			k++
		}
	}
}

func (s *ParseState) setTypes(arg element, ts []ir.Type) {
	switch a := arg.(type) {
	case operandVar:
		s.types[fmt.Sprint("o", a.idx)] = ts
	case resultVar:
		s.types[fmt.Sprint("r", a.idx)] = ts
	case operandsDir:
		s.allIn, s.haveIn = ts, true
	case resultsDir:
		s.allOut, s.haveOut = ts, true
	}
}

var punctParsers = map[string]func(ir.DialectParser) error{
	",": ir.DialectParser.ParseComma, ":": ir.DialectParser.ParseColon,
	"(": ir.DialectParser.ParseLParen, ")": ir.DialectParser.ParseRParen,
	"[": ir.DialectParser.ParseLSquare, "]": ir.DialectParser.ParseRSquare,
	"<": ir.DialectParser.ParseLess, ">": ir.DialectParser.ParseGreater,
	"{": ir.DialectParser.ParseLBrace, "}": ir.DialectParser.ParseRBrace,
	"=": ir.DialectParser.ParseEqual, "->": ir.DialectParser.ParseArrow,
	"*": ir.DialectParser.ParseStar,
}

var optPunctParsers = map[string]func(ir.DialectParser) bool{
	",": ir.DialectParser.ParseOptionalComma, ":": ir.DialectParser.ParseOptionalColon,
	"(": ir.DialectParser.ParseOptionalLParen, ")": ir.DialectParser.ParseOptionalRParen,
	"[": ir.DialectParser.ParseOptionalLSquare, "]": ir.DialectParser.ParseOptionalRSquare,
	"<": ir.DialectParser.ParseOptionalLess, ">": ir.DialectParser.ParseOptionalGreater,
	"{": ir.DialectParser.ParseOptionalLBrace, "}": ir.DialectParser.ParseOptionalRBrace,
	"=": ir.DialectParser.ParseOptionalEqual, "->": ir.DialectParser.ParseOptionalArrow,
	"*": ir.DialectParser.ParseOptionalStar, "?": ir.DialectParser.ParseOptionalQuestion,
	"+": ir.DialectParser.ParseOptionalPlus, "|": ir.DialectParser.ParseOptionalVerticalBar,
}

func (s *ParseState) literal(text string) error {
	if f, ok := punctParsers[text]; ok {
		return f(s.p)
	}
	if f, ok := optPunctParsers[text]; ok {
		if !f(s.p) {
			return s.p.Errorf("expected '%s'", text)
		}
		return nil
	}
	return s.p.ParseExpectedKeyword(text)
}

// optionalFirst parses the first element of an optional group if present.
func (s *ParseState) optionalFirst(e element) (bool, error) {
	p := s.p
	switch e := e.(type) {
	case literal:
		if f, ok := optPunctParsers[e.text]; ok {
			return f(p), nil
		}
		_, ok := p.ParseOptionalKeyword(e.text)
		return ok, nil
	case operandVar:
		u, ok, err := p.ParseOptionalOperand()
		if err != nil || !ok {
			return ok, err
		}
		s.operands[e.idx] = append(s.operands[e.idx], u)
		if s.f.spec.Operands[e.idx].Kind == Variadic {
			for p.ParseOptionalComma() {
				u, err := p.ParseOperand()
				if err != nil {
					return true, err
				}
				s.operands[e.idx] = append(s.operands[e.idx], u)
			}
		}
		return true, nil
	case attrVar:
		switch e.a.Kind {
		case UnitAttr:
			_, ok := p.ParseOptionalKeyword(e.a.Name)
			if ok {
				s.St.AddAttr(e.a.Name, ir.Unit(p.Context()))
			}
			return ok, nil
		case EnumAttr:
			kw, ok := p.ParseOptionalKeyword()
			if !ok {
				return false, nil
			}
			return true, s.setEnum(e.a, kw)
		}
		var t ir.Type
		if e.a.Kind == TypedAttr && e.a.Type != nil {
			t = e.a.Type(p.Context())
		}
		a, ok, err := p.ParseOptionalAttribute(t)
		if ok && err == nil {
			s.St.AddAttr(e.a.Name, a)
		}
		return ok, err
	case typeDir:
		t, ok, err := p.ParseOptionalType()
		if err != nil || !ok {
			return ok, err
		}
		ts := []ir.Type{t}
		if v := s.valueOf(e.arg); v != nil && v.Kind == Variadic {
			for p.ParseOptionalComma() {
				t, err := p.ParseType()
				if err != nil {
					return true, err
				}
				ts = append(ts, t)
			}
		}
		s.setTypes(e.arg, ts)
		return true, nil
	case regionVar:
		r := s.regionFor(e.idx)
		return p.ParseOptionalRegion(r, nil)
	}
	return false, fmt.Errorf("asmfmt: %T cannot start an optional group", e)
}

func (s *ParseState) valueOf(arg element) *Value {
	switch a := arg.(type) {
	case operandVar:
		return &s.f.spec.Operands[a.idx]
	case resultVar:
		return &s.f.spec.Results[a.idx]
	}
	return nil
}

func (s *ParseState) regionFor(idx int) *ir.Region {
	if s.regions[idx] == nil {
		return s.St.AddRegion()
	}
	return s.regions[idx]
}

func (s *ParseState) region(idx int) error {
	if s.f.spec.Regions[idx].Variadic {
		for {
			ok, err := s.p.ParseOptionalRegion(s.St.AddRegion(), nil)
			if err != nil || !ok {
				return err
			}
			if !s.p.ParseOptionalComma() {
				return nil
			}
		}
	}
	return s.p.ParseRegion(s.regions[idx], nil)
}

func (s *ParseState) setEnum(a *Attr, kw string) error {
	v, ok := a.Enum.Attr(s.p.Context(), kw)
	if !ok {
		return s.p.Errorf("custom op '%s' expected string or keyword containing one of the following enum values for attribute '%s' [%s]",
			s.St.Name, a.Name, strings.Join(a.Enum.Keywords(), ", "))
	}
	s.St.AddAttr(a.Name, v)
	return nil
}

func (s *ParseState) attr(a *Attr) error {
	p := s.p
	ctx := p.Context()
	switch a.Kind {
	case EnumAttr:
		loc := p.Loc()
		kw, err := p.ParseKeywordOrString()
		if err != nil {
			return p.ErrorfAt(loc, "custom op '%s' expected string or keyword containing one of the following enum values for attribute '%s' [%s]",
				s.St.Name, a.Name, strings.Join(a.Enum.Keywords(), ", "))
		}
		return s.setEnum(a, kw)
	case UnitAttr:
		s.St.AddAttr(a.Name, ir.Unit(ctx))
		return nil
	case ArrayAttr:
		var vals []int64
		if err := p.ParseCommaSeparatedList(ir.DelimSquare, func() error {
			v, err := p.ParseInteger()
			vals = append(vals, v)
			return err
		}); err != nil {
			return err
		}
		s.St.AddAttr(a.Name, ir.DenseIntArray(ctx, a.Type(ctx), vals))
		return nil
	case SymbolAttr:
		n, err := p.ParseSymbolName()
		if err != nil {
			return err
		}
		s.St.AddAttr(a.Name, ir.StringAttrOf(ctx, n))
		return nil
	}
	var t ir.Type
	if a.Kind == TypedAttr && a.Type != nil {
		t = a.Type(ctx)
	}
	v, err := p.ParseAttribute(t)
	if err != nil {
		return err
	}
	s.St.AddAttr(a.Name, v)
	return nil
}

func (s *ParseState) typeDir(e typeDir) error {
	p := s.p
	v := s.valueOf(e.arg)
	if v == nil {
		ts, err := p.ParseTypeList()
		if err != nil {
			return err
		}
		s.setTypes(e.arg, ts)
		return nil
	}
	switch v.Kind {
	case Single:
		var t ir.Type
		var err error
		if v.Class != nil {
			t, err = p.ParseCustomType(v.Class.Parse)
		} else {
			t, err = p.ParseType()
		}
		if err != nil {
			return err
		}
		s.setTypes(e.arg, []ir.Type{t})
		return nil
	}
	var ts []ir.Type
	t, ok, err := p.ParseOptionalType()
	if err != nil {
		return err
	}
	if ok {
		ts = append(ts, t)
		for v.Kind == Variadic && p.ParseOptionalComma() {
			t, err := p.ParseType()
			if err != nil {
				return err
			}
			ts = append(ts, t)
		}
	}
	s.setTypes(e.arg, ts)
	return nil
}

// resolve gives every operand and result its type and fills the state.
func (s *ParseState) resolve() error {
	spec := s.f.spec
	ctx := s.p.Context()
	n := len(spec.Operands)
	opTypes := make([][]ir.Type, n)
	known := make([]bool, n)
	if s.haveIn {
		k := 0
		for i := range spec.Operands {
			cnt := len(s.operands[i])
			if k+cnt > len(s.allIn) {
				break
			}
			opTypes[i], known[i] = s.allIn[k:k+cnt], true
			k += cnt
		}
	}
	for i := range spec.Operands {
		if ts, ok := s.types[fmt.Sprint("o", i)]; ok {
			opTypes[i], known[i] = ts, true
		}
	}
	resTypes := make([][]ir.Type, len(spec.Results))
	resKnown := make([]bool, len(spec.Results))
	if s.haveOut {
		sizes := groupSizes(spec.Results, len(s.allOut), func() []int64 { return nil })
		k := 0
		for i, c := range sizes {
			if k+c > len(s.allOut) {
				break // too few types: the op gets fewer results, as in MLIR
			}
			resTypes[i], resKnown[i] = s.allOut[k:k+c], true
			k += c
		}
	}
	for i := range spec.Results {
		if ts, ok := s.types[fmt.Sprint("r", i)]; ok {
			resTypes[i], resKnown[i] = ts, true
		}
	}
	lookup := func(name string) ir.Type {
		if i, _ := spec.operand(name); i >= 0 && known[i] && len(opTypes[i]) > 0 {
			return opTypes[i][0]
		}
		if i, _ := spec.result(name); i >= 0 && resKnown[i] && len(resTypes[i]) > 0 {
			return resTypes[i][0]
		}
		return nil
	}
	for progress := true; progress; {
		progress = false
		for i, v := range spec.Operands {
			if known[i] || v.Infer == nil {
				continue
			}
			if len(s.operands[i]) == 0 {
				known[i], progress = true, true
				continue
			}
			if t := v.Infer(ctx, lookup); t != nil {
				ts := make([]ir.Type, len(s.operands[i]))
				for j := range ts {
					ts[j] = t
				}
				opTypes[i], known[i], progress = ts, true, true
			}
		}
		for i, v := range spec.Results {
			if resKnown[i] || v.Infer == nil {
				continue
			}
			if t := v.Infer(ctx, lookup); t != nil {
				cnt := 1
				if v.Kind == Variadic {
					cnt = max(0, s.p.NumResults()-len(spec.Results)+1)
				}
				ts := make([]ir.Type, cnt)
				for j := range ts {
					ts[j] = t
				}
				resTypes[i], resKnown[i], progress = ts, true, true
			}
		}
	}
	var segs []int64
	for i, v := range spec.Operands {
		us := s.operands[i]
		if !known[i] {
			if len(us) == 0 {
				opTypes[i] = nil
			} else {
				return s.p.Errorf("cannot infer the type of operand '%s'", v.Name)
			}
		}
		vals, err := s.p.ResolveOperands(us, opTypes[i])
		if err != nil {
			return err
		}
		s.St.Operands = append(s.St.Operands, vals...)
		segs = append(segs, int64(len(us)))
	}
	if spec.Segments {
		s.St.AddAttr(SegmentsAttr, ir.DenseI32Array(ctx, segs))
	}
	if spec.InferResults != nil && !allKnown(resKnown) {
		ts, err := spec.InferResults(s.St)
		if err != nil {
			return s.p.Errorf("%v", err)
		}
		s.St.Types = append(s.St.Types, ts...)
		return nil
	}
	for i, v := range spec.Results {
		if !resKnown[i] {
			if v.Kind == Single {
				return s.p.Errorf("cannot infer the type of result '%s'", v.Name)
			}
			continue
		}
		s.St.Types = append(s.St.Types, resTypes[i]...)
	}
	return nil
}

func allKnown(v []bool) bool {
	for _, x := range v {
		if !x {
			return false
		}
	}
	return true
}
