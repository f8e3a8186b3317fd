package passmgr

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// Pass describes one kind of pass.
type Pass struct {
	// Name is the command-line name (`canonicalize`, `tritongpu-coalesce`).
	Name string
	// DisplayName is the pass's class-like name shown in IR dumps and timing
	// reports (MLIR prints e.g. "Canonicalizer"); Name is used if empty.
	DisplayName string
	Summary     string
	// Anchor is the operation name the pass runs on ("builtin.module",
	// "tt.func", ...), or "" for a pass that runs on any operation.
	Anchor string
	// Dependent dialects are loaded into the context before the pipeline
	// runs, because the pass may create their operations.
	Dependent []*ir.Dialect
	// Build declares the pass's options on fs and returns the function
	// that runs the pass with the parsed option values. Build is called
	// once per occurrence of the pass in a pipeline.
	Build func(fs *flag.FlagSet) RunFunc
}

// RunFunc runs a pass on op. It returns an error to fail the pipeline;
// errors should be located *ir.Diagnostic values.
type RunFunc func(op *ir.Operation, st *State) error

func (p *Pass) displayName() string {
	if p.DisplayName != "" {
		return p.DisplayName
	}
	return p.Name
}

// instance is one occurrence of a pass in a pipeline, with its options.
type instance struct {
	pass  *Pass
	fs    *flag.FlagSet
	run   RunFunc
	opts  string // textual options as given, for reproducers
	stats *Statistics
}

// newInstance builds an instance of p with the option text options gives
// from the flag set p declared its options on.
func newInstance(p *Pass, options func(*flag.FlagSet) string) (*instance, error) {
	fs := flag.NewFlagSet(p.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var run RunFunc
	if p.Build != nil {
		run = p.Build(fs)
	}
	if run == nil {
		return nil, fmt.Errorf("pass '%s' has no implementation", p.Name)
	}
	opts := options(fs)
	if err := parseOptions(fs, opts); err != nil {
		return nil, fmt.Errorf("invalid options for pass '%s': %v", p.Name, err)
	}
	return &instance{pass: p, fs: fs, run: run, opts: strings.TrimSpace(opts), stats: &Statistics{}}, nil
}

// parseOptions parses `key=value key2=value2` (MLIR's pass option syntax;
// values may be quoted or braced, list values are comma separated).
func parseOptions(fs *flag.FlagSet, text string) error {
	for _, kv := range splitOptions(text) {
		key, val, hasVal := strings.Cut(kv, "=")
		f := fs.Lookup(key)
		if f == nil {
			var known []string
			fs.VisitAll(func(f *flag.Flag) { known = append(known, f.Name) })
			sort.Strings(known)
			if len(known) == 0 {
				return fmt.Errorf("the pass has no option '%s'", key)
			}
			return fmt.Errorf("no option '%s' (options: %s)", key, strings.Join(known, ", "))
		}
		if !hasVal {
			if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
				val = "true"
			} else {
				return fmt.Errorf("option '%s' needs a value", key)
			}
		}
		val = strings.Trim(val, "'\"")
		if strings.HasPrefix(val, "{") && strings.HasSuffix(val, "}") {
			val = val[1 : len(val)-1]
		}
		if err := fs.Set(key, val); err != nil {
			return fmt.Errorf("option '%s': %v", key, err)
		}
	}
	return nil
}

// splitOptions splits an option string on spaces outside quotes/braces.
func splitOptions(text string) []string {
	var out []string
	depth := 0
	var quote byte
	start := -1
	for i := 0; i <= len(text); i++ {
		var c byte = ' '
		if i < len(text) {
			c = text[i]
		}
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
			continue
		case c == '"' || c == '\'':
			quote = c
		case c == '{' || c == '[' || c == '(':
			depth++
		case c == '}' || c == ']' || c == ')':
			depth--
		}
		if (c == ' ' || c == '\t' || c == '\n') && depth == 0 {
			if start >= 0 {
				out = append(out, text[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return out
}

// optionString renders the instance's non-default options as `{k=v ...}`.
func (in *instance) optionString() string {
	var parts []string
	in.fs.Visit(func(f *flag.Flag) { parts = append(parts, f.Name+"="+f.Value.String()) })
	if len(parts) == 0 {
		return ""
	}
	return "{" + strings.Join(parts, " ") + "}"
}

// Registry maps pass and pipeline names to their definitions.
type Registry struct {
	mu        sync.RWMutex
	passes    map[string]*Pass
	pipelines map[string]*NamedPipeline
	// notBuilt maps the names of passes pipelines use but tt does not
	// have yet to the reason (see MarkNotBuilt).
	notBuilt map[string]string
}

// NamedPipeline is a registered pipeline such as `ttir-pipeline`.
type NamedPipeline struct {
	Name, Summary string
	// Text is the pipeline in textual form; options of the named pipeline
	// are substituted into it by Build, when set, instead.
	Text  string
	Build func(fs *flag.FlagSet) func() string
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return newRegistry(0) }

// newRegistry returns an empty registry with room for n passes.
func newRegistry(n int) *Registry {
	return &Registry{passes: make(map[string]*Pass, n), pipelines: map[string]*NamedPipeline{}, notBuilt: map[string]string{}}
}

// Default is the process-wide registry that pass packages register into.
// It is sized for tt's passes (about 90), which register at every process
// start: the map grew through five sizes.
var Default = newRegistry(128)

// Register adds passes; registering a name twice panics (a program bug).
func (r *Registry) Register(ps ...*Pass) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range ps {
		if _, dup := r.passes[p.Name]; dup {
			panic("passmgr: pass registered twice: " + p.Name)
		}
		r.passes[p.Name] = p
	}
}

// RegisterPipeline adds a named pipeline.
func (r *Registry) RegisterPipeline(p *NamedPipeline) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pipelines[p.Name] = p
}

// Lookup returns the pass with the given name, or nil.
func (r *Registry) Lookup(name string) *Pass {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.passes[name]
}

// LookupPipeline returns the named pipeline, or nil.
func (r *Registry) LookupPipeline(name string) *NamedPipeline {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.pipelines[name]
}

// Passes returns all registered passes sorted by name.
func (r *Registry) Passes() []*Pass {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]*Pass, 0, len(r.passes))
	for _, p := range r.passes {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Pipelines returns all registered pipelines sorted by name.
func (r *Registry) Pipelines() []*NamedPipeline {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]*NamedPipeline, 0, len(r.pipelines))
	for _, p := range r.pipelines {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
