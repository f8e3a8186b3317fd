package ir

import (
	"hash/maphash"
	"strconv"
	"strings"
)

// Location describes where an operation or value came from. Locations are
// attributes (so they can be aliased as `#loc3 = loc(...)`).
type Location interface {
	Attribute
	isLocation()
}

type locBase struct{ builtinAttr }

func (locBase) isLocation() {}

// UnknownLoc is `loc(unknown)`.
type UnknownLoc struct{ locBase }

type unknownLocKey struct{}

func (l *UnknownLoc) UniqueKey() any { return unknownLocKey{} }

// Unknown returns the unknown location.
func Unknown(ctx *Context) *UnknownLoc {
	if l := ctx.cache.unknown.Load(); l != nil {
		return l
	}
	l := Unique(ctx, &UnknownLoc{})
	ctx.cache.unknown.Store(l)
	return l
}

// FileLineColLoc is `"file":line:col`, optionally a range
// `"file":line:col to endLine:endCol` (EndLine 0 when not a range).
type FileLineColLoc struct {
	locBase
	File    string
	Line    int
	Col     int
	EndLine int
	EndCol  int
}

func (l *FileLineColLoc) UniqueKey() any { return *l }

// FileLineCol returns the location of a point in a file. It is the only
// way to make one: a FileLineColLoc without an end is canonical only
// through it (a range is uniqued by Unique).
func FileLineCol(ctx *Context, file string, line, col int) *FileLineColLoc {
	return ctx.cache.cachedFileLoc(file, line, col)
}

// NameLoc is `"name"(child)`; Child is UnknownLoc when absent.
type NameLoc struct {
	locBase
	Name  string
	Child Location
}

func (l *NameLoc) UniqueKey() any { return *l }

func (l *NameLoc) uniqueHash() uint64 {
	return MixHash(maphash.String(identitySeed, l.Name), IdentityHash(l.Child))
}

func (l *NameLoc) uniqueEqual(o any) bool {
	m, ok := o.(*NameLoc)
	return ok && l.Name == m.Name && l.Child == m.Child
}

// NameLocOf returns the named location wrapping child (nil means unknown).
func NameLocOf(ctx *Context, name string, child Location) *NameLoc {
	if child == nil {
		child = Unknown(ctx)
	}
	return Unique(ctx, &NameLoc{Name: name, Child: child})
}

// CallSiteLoc is `callsite(callee at caller)`.
type CallSiteLoc struct {
	locBase
	Callee Location
	Caller Location
}

func (l *CallSiteLoc) UniqueKey() any { return *l }

// CallSite returns the call-site location.
func CallSite(ctx *Context, callee, caller Location) *CallSiteLoc {
	return Unique(ctx, &CallSiteLoc{Callee: callee, Caller: caller})
}

// FusedLoc is `fused<metadata>[loc, ...]`.
type FusedLoc struct {
	locBase
	Locs     []Location
	Metadata Attribute // nil when absent
}

type fusedKey struct {
	locs string
	meta Attribute
}

func (l *FusedLoc) UniqueKey() any {
	as := make([]Attribute, len(l.Locs))
	for i, x := range l.Locs {
		as[i] = x
	}
	return fusedKey{attrsKey(as), l.Metadata}
}

// Fused returns the fusion of locs with optional metadata, simplified as
// MLIR's FusedLoc::get does: nested fusions with the same metadata are
// flattened, unknown and duplicate locations dropped; no location left
// gives unknown (without metadata), one location gives itself.
func Fused(ctx *Context, locs []Location, metadata Attribute) Location {
	var flat []Location
	seen := map[Location]bool{}
	var add func(l Location)
	add = func(l Location) {
		if f, ok := l.(*FusedLoc); ok && f.Metadata == metadata {
			for _, x := range f.Locs {
				add(x)
			}
			return
		}
		if _, unk := l.(*UnknownLoc); unk || seen[l] {
			return
		}
		seen[l] = true
		flat = append(flat, l)
	}
	for _, l := range locs {
		add(l)
	}
	if metadata == nil {
		switch len(flat) {
		case 0:
			return Unknown(ctx)
		case 1:
			return flat[0]
		}
	}
	return Unique(ctx, &FusedLoc{Locs: flat, Metadata: metadata})
}

// FindFileLineCol returns the first file location found in a pre-order
// walk of loc (the callee of a call site comes before its caller), or nil.
func FindFileLineCol(loc Location) *FileLineColLoc {
	var found *FileLineColLoc
	WalkLocation(loc, func(l Location) bool {
		if f, ok := l.(*FileLineColLoc); ok {
			found = f
			return false
		}
		return true
	})
	return found
}

// FindNameLoc returns the first NameLoc in a pre-order walk of loc, or nil.
func FindNameLoc(loc Location) *NameLoc {
	var found *NameLoc
	WalkLocation(loc, func(l Location) bool {
		if n, ok := l.(*NameLoc); ok {
			found = n
			return false
		}
		return true
	})
	return found
}

// WalkLocation visits loc and its nested locations in pre-order until fn
// returns false. It reports whether the walk ran to completion.
func WalkLocation(loc Location, fn func(Location) bool) bool {
	if loc == nil {
		return true
	}
	if !fn(loc) {
		return false
	}
	switch l := loc.(type) {
	case *NameLoc:
		return WalkLocation(l.Child, fn)
	case *CallSiteLoc:
		return WalkLocation(l.Callee, fn) && WalkLocation(l.Caller, fn)
	case *FusedLoc:
		for _, x := range l.Locs {
			if !WalkLocation(x, fn) {
				return false
			}
		}
	}
	return true
}

// CallStack returns the frames of loc, innermost first: the location an
// op was written at, then each place the function holding it was called
// from (inlining makes `callsite(callee at caller)`, and a call inlined
// into an inlined body nests on either side, as Triton's front end and
// MLIR's inliner make both). A name is looked through to the location it
// names; unknown locations are no frame; a fused location is one frame.
// A location without a call site is its own one frame, unless unknown.
func CallStack(loc Location) []Location {
	var frames []Location
	var walk func(l Location)
	walk = func(l Location) {
		switch l := l.(type) {
		case nil, *UnknownLoc:
		case *CallSiteLoc:
			walk(l.Callee)
			walk(l.Caller)
		case *NameLoc:
			n := len(frames)
			walk(l.Child)
			if len(frames) == n {
				frames = append(frames, l) // a bare name is still a place to show
			}
		default:
			frames = append(frames, l)
		}
	}
	walk(loc)
	return frames
}

// LocString renders loc in the short form used by diagnostics: `file:line:col`
// for the first file location found, or the MLIR spelling otherwise.
func LocString(loc Location) string {
	if f := FindFileLineCol(loc); f != nil {
		return f.File + ":" + strconv.Itoa(f.Line) + ":" + strconv.Itoa(f.Col)
	}
	var b strings.Builder
	switch l := loc.(type) {
	case *NameLoc:
		b.WriteString(strconv.Quote(l.Name))
	default:
		b.WriteString("loc(unknown)")
	}
	return b.String()
}
