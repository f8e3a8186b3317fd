package filecheck

import (
	"fmt"
	"io"
	"strings"
)

// DumpMode selects when the annotated input dump is printed.
type DumpMode int

// Dump modes, as --dump-input accepts them.
const (
	DumpFail   DumpMode = iota // on failure (the default)
	DumpNever                  // never
	DumpAlways                 // always, even on success
	DumpHelp                   // print the dump format help and exit
)

// rank orders dump modes by how much they show; when the option is given
// several times the most informative one wins, as in LLVM.
func (m DumpMode) rank() int {
	switch m {
	case DumpNever:
		return 0
	case DumpFail:
		return 1
	case DumpAlways:
		return 2
	}
	return 3
}

// DumpFilter selects which input lines the dump shows (before context is
// added around them).
type DumpFilter int

// Dump filters, as --dump-input-filter accepts them. DumpFilterDefault is
// "error", or "all" with DumpAlways.
const (
	DumpFilterDefault DumpFilter = iota
	DumpFilterError
	DumpFilterAnnotation
	DumpFilterAnnotationFull
	DumpFilterAll
)

// Options are FileCheck's settings. The zero value is usable; DefaultOptions
// returns the values the command line starts from.
type Options struct {
	// CheckPrefixes are the directive prefixes; empty means "CHECK".
	CheckPrefixes []string
	// CommentPrefixes start comment directives; empty means "COM" and "RUN".
	CommentPrefixes []string
	// ImplicitCheckNot patterns are checked as CHECK-NOT between all matches.
	ImplicitCheckNot []string
	// Defines are -D definitions: "NAME=VALUE" for string variables and
	// "#NAME=EXPR" or "#%x,NAME=EXPR" for numeric ones.
	Defines []string

	AllowEmptyInput           bool
	AllowUnusedPrefixes       bool
	AllowDeprecatedDAGOverlap bool
	EnableVarScope            bool
	MatchFullLines            bool
	StrictWhitespace          bool
	IgnoreCase                bool

	// Verbose is 1 for -v (report good matches) and 2 for -vv (also
	// report CHECK-NOT and other non-errors).
	Verbose int

	DumpInput        DumpMode
	DumpInputFilter  DumpFilter
	DumpInputContext int // lines of context around filtered lines
}

// DefaultOptions returns the options of a FileCheck command line without
// flags.
func DefaultOptions() Options {
	return Options{DumpInputContext: 5}
}

var (
	defaultCheckPrefixes   = []string{"CHECK"}
	defaultCommentPrefixes = []string{"COM", "RUN"}
)

func (o *Options) checkPrefixes() []string {
	if len(o.CheckPrefixes) == 0 {
		return defaultCheckPrefixes
	}
	return o.CheckPrefixes
}

func (o *Options) commentPrefixes() []string {
	if len(o.CommentPrefixes) == 0 {
		return defaultCommentPrefixes
	}
	return o.CommentPrefixes
}

// Validate reports invalid -D definitions and prefixes the way LLVM's
// FileCheck does, writing the diagnostics to w. It returns an error
// wrapping ErrUsage when something is invalid.
func (o *Options) Validate(w io.Writer) error {
	bad := false
	for _, d := range o.Defines {
		eq := strings.IndexByte(d, '=')
		switch {
		case eq < 0:
			fmt.Fprintf(w, "Missing equal sign in command-line definition '-D%s'\n", d)
			bad = true
		case eq == 0:
			fmt.Fprintf(w, "Missing variable name in command-line definition '-D%s'\n", d)
			bad = true
		}
	}
	if bad {
		return fmt.Errorf("%w: invalid -D definition", ErrUsage)
	}
	unique := map[string]bool{}
	if len(o.CheckPrefixes) == 0 {
		for _, p := range defaultCheckPrefixes {
			unique[p] = true
		}
	}
	if len(o.CommentPrefixes) == 0 {
		for _, p := range defaultCommentPrefixes {
			unique[p] = true
		}
	}
	for _, group := range []struct {
		kind     string
		prefixes []string
	}{{"check", o.CheckPrefixes}, {"comment", o.CommentPrefixes}} {
		for _, p := range group.prefixes {
			switch {
			case p == "":
				fmt.Fprintf(w, "error: supplied %s prefix must not be the empty string\n", group.kind)
			case !validPrefix(p):
				fmt.Fprintf(w, "error: supplied %s prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '%s'\n", group.kind, p)
			case unique[p]:
				fmt.Fprintf(w, "error: supplied %s prefix must be unique among check and comment prefixes: '%s'\n", group.kind, p)
			default:
				unique[p] = true
				continue
			}
			return fmt.Errorf("%w: invalid %s prefix %q", ErrUsage, group.kind, p)
		}
	}
	return nil
}

func validPrefix(p string) bool {
	for i := 0; i < len(p); i++ {
		if !isPartOfWord(p[i]) {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// isPartOfWord reports whether c can continue a directive-like word.
func isPartOfWord(c byte) bool { return isAlnum(c) || c == '-' || c == '_' }
