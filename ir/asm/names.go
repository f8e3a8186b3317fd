package asm

import (
	"sort"
	"strconv"

	"github.com/ttcompiler/tt/ir"
)

// nameScope is one level of MLIR's scoped set of used SSA names.
type nameScope struct {
	parent *nameScope
	used   map[string]bool
}

func (s *nameScope) has(name string) bool {
	for x := s; x != nil; x = x.parent {
		if x.used[name] {
			return true
		}
	}
	return false
}

type blockInfo struct {
	ordering int
	name     string
}

// ssaNames assigns printed names to values and blocks exactly as MLIR's
// SSANameState does.
type ssaNames struct {
	cfg          *PrintConfig
	valueIDs     map[ir.Value]int // -1: has a name in valueNames
	valueNames   map[ir.Value]string
	resultGroups map[*ir.Operation][]int
	blocks       map[*ir.Block]blockInfo
	// opIDs number the ops without results when value users are printed
	// (MLIR gives them the next value number).
	opIDs map[*ir.Operation]int

	scope                                  *nameScope
	nextValueID, nextArgID, nextConflictID int
}

type nameContext struct {
	region                     *ir.Region
	valueID, argID, conflictID int
	parent                     *nameScope
}

func newSSANames(op *ir.Operation, cfg *PrintConfig) *ssaNames {
	n := &ssaNames{
		cfg:          cfg,
		valueIDs:     map[ir.Value]int{},
		valueNames:   map[ir.Value]string{},
		resultGroups: map[*ir.Operation][]int{},
		blocks:       map[*ir.Block]blockInfo{},
		opIDs:        map[*ir.Operation]int{},
	}
	top := &nameScope{used: map[string]bool{}}
	n.scope = top
	var stack []nameContext
	for _, r := range op.Regions() {
		stack = append(stack, nameContext{r, 0, 0, 0, top})
	}
	n.numberOp(op)
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n.nextValueID, n.nextArgID, n.nextConflictID = c.valueID, c.argID, c.conflictID
		cur := &nameScope{parent: c.parent, used: map[string]bool{}}
		n.scope = cur
		n.numberRegion(c.region)
		for _, b := range c.region.Blocks() {
			for o := b.First(); o != nil; o = o.Next() {
				for _, r := range o.Regions() {
					stack = append(stack, nameContext{r, n.nextValueID, n.nextArgID, n.nextConflictID, cur})
				}
			}
		}
	}
	return n
}

// nameFromLoc implements --mlir-use-nameloc-as-prefix: the name of the
// first NameLoc in v's location, else the name v had in the parsed text,
// else the given default.
func (n *ssaNames) nameFromLoc(v ir.Value, name string) string {
	if l := ir.FindNameLoc(v.Loc()); l != nil {
		return l.Name
	}
	if h := ir.NameHint(v); h != "" {
		return h
	}
	return name
}

func (n *ssaNames) numberRegion(r *ir.Region) {
	if !n.cfg.Generic {
		if p := r.ParentOp(); p != nil && p.Def().BlockArgNames != nil {
			p.Def().BlockArgNames(p, r, func(v ir.Value, name string) {
				if n.cfg.UseNameLocAsPrefix {
					name = n.nameFromLoc(v, name)
				}
				n.setName(v, name)
			})
		}
	}
	for i, b := range r.Blocks() {
		n.blocks[b] = blockInfo{ordering: i, name: "^bb" + strconv.Itoa(i)}
		n.numberBlock(b)
	}
}

func (n *ssaNames) numberBlock(b *ir.Block) {
	entry := b.IsEntry()
	for _, a := range b.Arguments() {
		if _, done := n.valueIDs[a]; done {
			continue
		}
		name := ""
		if entry {
			name = "arg" + strconv.Itoa(n.nextArgID)
			n.nextArgID++
		}
		if n.cfg.UseNameLocAsPrefix {
			name = n.nameFromLoc(a, name)
		}
		n.setName(a, name)
	}
	for o := b.First(); o != nil; o = o.Next() {
		n.numberOp(o)
	}
}

func (n *ssaNames) numberOp(op *ir.Operation) {
	groups := []int{0}
	if !n.cfg.Generic && op.Def().ResultNames != nil {
		op.Def().ResultNames(op, func(v ir.Value, name string) {
			if n.cfg.UseNameLocAsPrefix {
				name = n.nameFromLoc(v, name)
			}
			n.setName(v, name)
			if r, ok := v.(*ir.OpResult); ok && r.Index() != 0 {
				groups = append(groups, r.Index())
			}
		})
	}
	if op.NumResults() == 0 {
		if n.cfg.ValueUsers {
			if _, done := n.opIDs[op]; !done {
				n.opIDs[op] = n.nextValueID
				n.nextValueID++
			}
		}
		return
	}
	first := op.Result(0)
	if n.cfg.UseNameLocAsPrefix {
		if _, done := n.valueIDs[first]; !done {
			if name := n.nameFromLoc(first, ""); name != "" {
				n.setName(first, name)
			}
		}
	}
	if _, done := n.valueIDs[first]; !done {
		n.valueIDs[first] = n.nextValueID
		n.nextValueID++
	}
	if len(groups) != 1 {
		sort.Ints(groups)
		n.resultGroups[op] = groups
	}
}

func (n *ssaNames) setName(v ir.Value, name string) {
	if name == "" {
		n.valueIDs[v] = n.nextValueID
		n.nextValueID++
		return
	}
	n.valueIDs[v] = -1
	n.valueNames[v] = n.unique(name)
}

func (n *ssaNames) unique(name string) string {
	name = sanitizeIdentifier(name, "$._-", true)
	if n.scope.has(name) {
		base := name + "_"
		for {
			probe := base + strconv.Itoa(n.nextConflictID)
			n.nextConflictID++
			if !n.scope.has(probe) {
				name = probe
				break
			}
		}
	}
	n.scope.used[name] = true
	return name
}

// sanitizeIdentifier makes name a valid identifier as MLIR does: invalid
// characters become their hex code (spaces become '_'), a leading digit gets
// a '_' prefix, and a trailing digit gets a '_' suffix unless allowed.
func sanitizeIdentifier(name, punct string, allowTrailingDigit bool) string {
	valid := func(c byte) bool {
		return isLetter(c) || isDigit(c) || indexByte(punct, c) >= 0
	}
	copyName := func(prefix string) string {
		b := []byte(prefix)
		for i := 0; i < len(name); i++ {
			c := name[i]
			switch {
			case valid(c):
				b = append(b, c)
			case c == ' ':
				b = append(b, '_')
			default:
				b = append(b, []byte(strconv.FormatUint(uint64(c), 16))...)
			}
		}
		return string(b)
	}
	if name == "" {
		return name
	}
	if isDigit(name[0]) {
		return copyName("_")
	}
	if !allowTrailingDigit && isDigit(name[len(name)-1]) {
		return copyName("") + "_"
	}
	for i := 0; i < len(name); i++ {
		if !valid(name[i]) {
			return copyName("")
		}
	}
	return name
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// valueID returns the printed name of v (with '%'), with `#N` for results of
// multi-result groups when printResultNo is set.
func (n *ssaNames) valueID(v ir.Value, printResultNo bool) string {
	lookup := v
	resultNo := -1
	if r, ok := v.(*ir.OpResult); ok {
		owner := r.Owner()
		if owner.NumResults() != 1 {
			no := r.Index()
			groups, has := n.resultGroups[owner]
			if !has {
				resultNo = no
				lookup = owner.Result(0)
			} else {
				i := sort.Search(len(groups), func(i int) bool { return groups[i] > no })
				var start, size int
				if i == len(groups) {
					start = groups[len(groups)-1]
					size = owner.NumResults() - start
				} else {
					start = groups[i-1]
					size = groups[i] - start
				}
				if size != 1 {
					resultNo = no - start
				}
				lookup = owner.Result(start)
			}
		}
	}
	id, ok := n.valueIDs[lookup]
	if !ok {
		return "<<UNKNOWN SSA VALUE>>"
	}
	s := "%"
	if id >= 0 {
		s += strconv.Itoa(id)
	} else {
		s += n.valueNames[lookup]
	}
	if resultNo >= 0 && printResultNo {
		s += "#" + strconv.Itoa(resultNo)
	}
	return s
}

func (n *ssaNames) blockName(b *ir.Block) string {
	if info, ok := n.blocks[b]; ok {
		return info.name
	}
	return "^INVALIDBLOCK"
}
