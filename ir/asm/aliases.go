package asm

import (
	"sort"
	"strconv"

	"github.com/ttcompiler/tt/ir"
)

// aliasInfo is what the alias collector learns about one type or attribute.
type aliasInfo struct {
	key        any // ir.Type or ir.Attribute
	isType     bool
	stem       string // "" = no alias
	depth      int
	deferrable bool
	children   []int
}

// aliasState maps types and attributes to their printed aliases, built by
// walking the IR in the order MLIR's alias initializer does.
type aliasState struct {
	infos []*aliasInfo
	index map[any]int
	names map[any]string // final alias names, e.g. "#blocked1"
	order []*aliasInfo   // aliased entries in definition order
}

func newAliasState() *aliasState {
	return &aliasState{index: map[any]int{}, names: map[any]string{}}
}

// visit records x (a type or attribute) and returns its alias depth and index.
func (s *aliasState) visit(pr *printer, x any, deferrable, elideType bool) (int, int) {
	if i, ok := s.index[x]; ok {
		if !deferrable {
			s.markNonDeferrable(i)
		}
		return s.infos[i].depth, i
	}
	info := &aliasInfo{key: x}
	_, info.isType = x.(ir.Type)
	i := len(s.infos)
	s.infos = append(s.infos, info)
	s.index[x] = i
	if stem := aliasStem(x); stem != "" {
		info.stem = sanitizeIdentifier(stem, "$_-", false)
		info.depth = 1
		info.deferrable = deferrable
	}
	// Visit the children as the printer would print them.
	sub := pr.childCollector(deferrable)
	if t, ok := x.(ir.Type); ok {
		sub.visitTypeChildren(t)
	} else {
		sub.visitAttrChildren(x.(ir.Attribute), elideType)
	}
	info.children = sub.child.childIdx
	if sub.child.maxDepth > 0 {
		info.depth = sub.child.maxDepth + 1
	}
	return info.depth, i
}

func (s *aliasState) markNonDeferrable(i int) {
	info := s.infos[i]
	if !info.deferrable && info.stem != "" {
		return
	}
	info.deferrable = false
	for _, c := range info.children {
		s.markNonDeferrable(c)
	}
}

// aliasStem returns the alias stem of a type or attribute, or "".
func aliasStem(x any) string {
	switch v := x.(type) {
	case ir.Location:
		return "loc"
	case *ir.TupleType:
		if len(v.Types) > 16 {
			return "tuple"
		}
		return ""
	case ir.Aliased:
		return v.AsmAlias()
	}
	return ""
}

// finish sorts the aliased entries by (depth, types first, stem) keeping
// visit order among equals, and numbers duplicate stems.
func (s *aliasState) finish() {
	var list []*aliasInfo
	for _, info := range s.infos {
		if info.stem != "" {
			list = append(list, info)
		}
	}
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.depth != b.depth {
			return a.depth < b.depth
		}
		if a.isType != b.isType {
			return a.isType
		}
		return a.stem < b.stem
	})
	counts := map[string]int{}
	for _, info := range list {
		n := counts[info.stem]
		counts[info.stem]++
		name := info.stem
		if n > 0 {
			name += strconv.Itoa(n)
		}
		if info.isType {
			name = "!" + name
		} else {
			name = "#" + name
		}
		s.names[info.key] = name
	}
	s.order = list
}
