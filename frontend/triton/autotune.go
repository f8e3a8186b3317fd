package triton

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/ttcompiler/tt/frontend/python"
)

// A kernel's @triton.autotune and @triton.heuristics decorators, read
// from its source as Triton's Autotuner and Heuristics classes receive
// them. The configurations, key and hooks are evaluated in the kernel
// file's global scope (functions returning configuration lists, list
// comprehensions, is_cuda() through triton.runtime.driver.active all
// work); the launch-time parts (heuristics' lambdas, pruning functions)
// run when a launcher asks, with the launch's arguments.

// Autotune is a kernel's @triton.autotune.
type Autotune struct {
	Configs []*Config
	// Key names the arguments whose values (and the dtypes of the tensor
	// arguments) select a tuning result.
	Key []string
	// ResetToZero and RestoreValue name buffers the kernel updates in
	// place: zeroed, resp. restored, before each benchmarked run.
	ResetToZero, RestoreValue []string
	// Warmup and Rep are do_bench's budgets in ms (0: its 25 and 100).
	Warmup, Rep int
	// CacheResults keeps the winner on disk (tt always does).
	CacheResults bool
	// topK, perfModel and earlyPrune are prune_configs_by's.
	topK                  Object
	perfModel, earlyPrune Object
	src                   *SourceModule
	at                    python.Node
}

// Config is one autotuning configuration (a triton.Config).
type Config struct {
	obj *ConfigObj
	// Params are the meta-parameters it sets, in order.
	Params []string
	// NumWarps, NumStages, NumCTAs are its compile options; MaxNReg is 0
	// when unset.
	NumWarps, NumStages, NumCTAs, MaxNReg int
	// HasPreHook says it has a pre_hook, host code tt does not run.
	HasPreHook bool
}

// Value returns the constant a meta-parameter takes.
func (c *Config) Value(name string) (ArgSpec, bool) {
	v, ok := c.obj.Kwargs.Get(name)
	if !ok {
		return ArgSpec{}, false
	}
	return Constant(unwrap(v)), true
}

// Unsupported says why tt cannot run the configuration (nil when it
// can): a pre_hook is host code.
func (c *Config) Unsupported() error {
	if c.HasPreHook {
		return fmt.Errorf("its pre_hook is host code tt cannot run")
	}
	return nil
}

// String is Triton's rendering of a configuration ("BLOCK_M: 128, ...,
// num_warps: 4, num_ctas: 1, num_stages: 3, maxnreg: None").
func (c *Config) String() string { return c.obj.String() }

// Heuristic is one value a @triton.heuristics decorator computes from the
// launch's arguments.
type Heuristic struct {
	// Name is the parameter it sets.
	Name string
	fn   Object
	// SeesConfig says the decorator sits below @triton.autotune, so it
	// runs after a configuration is chosen and sees its values (Triton
	// applies decorators bottom up).
	SeesConfig bool
}

// Eval computes the heuristic's value from the launch's arguments by name
// (the kernel's arguments, and the configuration's values when it sees
// them).
func (h *Heuristic) Eval(args *Dict) (ArgSpec, error) {
	v, err := hostCall(h.fn, []Object{args}, nil)
	if err != nil {
		return ArgSpec{}, fmt.Errorf("@triton.heuristics value %s: %v", h.Name, err)
	}
	return Constant(unwrap(v)), nil
}

// readTuning reads a kernel's tuning decorators.
func readTuning(fn *JITFunction) (*Autotune, []*Heuristic, error) {
	h := &hostEnv{m: fn.Src}
	var at *Autotune
	var hs []*Heuristic
	for _, dec := range fn.Def.Decorators {
		call, ok := dec.(*python.Call)
		if !ok {
			continue
		}
		callee, err := hostEval(h, call.Func)
		if err != nil {
			continue
		}
		b, ok := callee.(*Builtin)
		if !ok {
			continue
		}
		fail := func(n python.Node, format string, args ...any) error {
			return &python.Error{File: fn.Src.Path, Pos: n.Start(), Msg: "@triton." + b.Name + ": " + fmt.Sprintf(format, args...)}
		}
		switch b.Name {
		case "autotune":
			if at != nil {
				return nil, nil, fail(call, "a kernel takes one @triton.autotune")
			}
			if at, err = readAutotune(h, call, fail); err != nil {
				return nil, nil, err
			}
			at.src, at.at = fn.Src, call
		case "heuristics":
			more, err := readHeuristics(h, call, fail)
			if err != nil {
				return nil, nil, err
			}
			for _, x := range more {
				// Below @triton.autotune (listed after it) the heuristics
				// run inside the autotuner, with its chosen values.
				x.SeesConfig = at != nil
			}
			hs = append(hs, more...)
		}
	}
	return at, hs, nil
}

// callArgsOf evaluates a decorator call's arguments by parameter name.
func callArgsOf(h *hostEnv, call *python.Call, params []string, fail func(python.Node, string, ...any) error) (map[string]Object, error) {
	out := map[string]Object{}
	if len(call.Args) > len(params) {
		return nil, fail(call, "takes %d positional arguments, %d given", len(params), len(call.Args))
	}
	eval := func(n python.Expr, name string) error {
		v, err := hostEval(h, n)
		if err != nil {
			return fail(n, "%s cannot be evaluated: %v", name, err)
		}
		if o, ok := unwrap(v).(*Opaque); ok {
			return fail(n, "%s depends on %s, which tt cannot evaluate", name, o.What)
		}
		out[name] = unwrap(v)
		return nil
	}
	for i, a := range call.Args {
		if err := eval(a, params[i]); err != nil {
			return nil, err
		}
	}
	for _, kw := range call.Keywords {
		if kw.Name == "" || indexOf(params, kw.Name) < 0 {
			return nil, fail(kw.Value, "unexpected argument %q (it takes %s)", kw.Name, strings.Join(params, ", "))
		}
		if err := eval(kw.Value, kw.Name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// autotuneParams are triton.autotune's parameters in Triton 3.6.
var autotuneParams = []string{"configs", "key", "prune_configs_by", "reset_to_zero", "restore_value", "pre_hook",
	"post_hook", "warmup", "rep", "use_cuda_graph", "do_bench", "cache_results"}

func readAutotune(h *hostEnv, call *python.Call, fail func(python.Node, string, ...any) error) (*Autotune, error) {
	args, err := callArgsOf(h, call, autotuneParams, fail)
	if err != nil {
		return nil, err
	}
	at := &Autotune{}
	cs, ok := args["configs"].(*Tuple)
	if !ok {
		return nil, fail(call, "configs must be a list of triton.Config, got %s", typeNameOrMissing(args["configs"]))
	}
	for i, c := range cs.Values {
		obj, ok := unwrap(c).(*ConfigObj)
		if !ok {
			return nil, fail(call, "configs[%d] is a %s, not a triton.Config", i, typeName(c))
		}
		cfg, err := configOf(obj)
		if err != nil {
			return nil, fail(call, "configs[%d] (%s): %v", i, obj, err)
		}
		at.Configs = append(at.Configs, cfg)
	}
	if len(at.Configs) == 0 {
		return nil, fail(call, "configs is empty")
	}
	for _, name := range []string{"key", "reset_to_zero", "restore_value"} {
		v, given := args[name]
		if !given || v == None {
			continue
		}
		names, err := stringList(v)
		if err != nil {
			return nil, fail(call, "%s: %v", name, err)
		}
		switch name {
		case "key":
			at.Key = names
		case "reset_to_zero":
			at.ResetToZero = names
		default:
			at.RestoreValue = names
		}
	}
	if _, given := args["key"]; !given {
		return nil, fail(call, "missing its key (the arguments whose values select a configuration)")
	}
	if p, given := args["prune_configs_by"]; given && p != None {
		d, ok := p.(*Dict)
		if !ok {
			return nil, fail(call, "prune_configs_by must be a dict, got %s", typeName(p))
		}
		for i, k := range d.keys {
			switch k {
			case "perf_model":
				at.perfModel = nilIfNone(d.vals[i])
			case "top_k":
				at.topK = d.vals[i]
			case "early_config_prune":
				at.earlyPrune = nilIfNone(d.vals[i])
			default:
				return nil, fail(call, "prune_configs_by has an unknown entry %s (perf_model, top_k, early_config_prune)", repr(k))
			}
		}
		if at.perfModel != nil && at.topK == nil {
			return nil, fail(call, "prune_configs_by's perf_model needs a top_k")
		}
	}
	for _, name := range []string{"pre_hook", "post_hook", "do_bench"} {
		if v, given := args[name]; given && v != None {
			return nil, fail(call, "%s is host code (it runs torch) that tt cannot run; leave it out", name)
		}
	}
	for _, name := range []string{"warmup", "rep"} {
		if v, given := args[name]; given && v != None {
			n, ok := intValue(v)
			if !ok || n <= 0 {
				return nil, fail(call, "%s must be a positive number of milliseconds", name)
			}
			if name == "warmup" {
				at.Warmup = int(n)
			} else {
				at.Rep = int(n)
			}
		}
	}
	if v, given := args["cache_results"]; given {
		at.CacheResults, _ = truthy(v)
	}
	return at, nil
}

func typeNameOrMissing(v Object) string {
	if v == nil {
		return "nothing"
	}
	return typeName(v)
}

func nilIfNone(v Object) Object {
	if v == None {
		return nil
	}
	return v
}

// stringList reads a list or tuple of strings.
func stringList(v Object) ([]string, error) {
	t, ok := unwrap(v).(*Tuple)
	if !ok {
		return nil, fmt.Errorf("want a list of argument names, got %s", typeName(v))
	}
	var out []string
	for _, e := range t.Values {
		s, ok := unwrap(e).(string)
		if !ok {
			return nil, fmt.Errorf("want argument names (strings), got %s", typeName(e))
		}
		out = append(out, s)
	}
	return out, nil
}

// configOf checks a triton.Config's options.
func configOf(obj *ConfigObj) (*Config, error) {
	c := &Config{obj: obj, HasPreHook: obj.PreHook != None}
	for _, k := range obj.Kwargs.keys {
		c.Params = append(c.Params, k.(string))
	}
	for _, o := range []struct {
		name     string
		v        Object
		dst      *int
		optional bool
	}{{"num_warps", obj.NumWarps, &c.NumWarps, false}, {"num_stages", obj.NumStages, &c.NumStages, false},
		{"num_ctas", obj.NumCTAs, &c.NumCTAs, false}, {"maxnreg", obj.MaxNReg, &c.MaxNReg, true}} {
		if o.optional && o.v == None {
			continue
		}
		n, ok := intValue(o.v)
		if !ok || n < 0 || n > 1<<16 {
			return nil, fmt.Errorf("%s must be a small non-negative int, got %s", o.name, repr(o.v))
		}
		*o.dst = int(n)
	}
	if c.NumWarps < 1 || c.NumWarps&(c.NumWarps-1) != 0 {
		return nil, fmt.Errorf("num_warps must be a power of two, got %d", c.NumWarps)
	}
	if obj.IROverride != None {
		return nil, fmt.Errorf("ir_override replaces the compiler's IR with a file; tt does not support it")
	}
	return c, nil
}

// readHeuristics reads @triton.heuristics(values): a dict of parameter
// names to functions of the launch's arguments.
func readHeuristics(h *hostEnv, call *python.Call, fail func(python.Node, string, ...any) error) ([]*Heuristic, error) {
	args, err := callArgsOf(h, call, []string{"values"}, fail)
	if err != nil {
		return nil, err
	}
	d, ok := args["values"].(*Dict)
	if !ok {
		return nil, fail(call, "values must be a dict of parameter names to functions, got %s", typeNameOrMissing(args["values"]))
	}
	var out []*Heuristic
	for i, k := range d.keys {
		name, ok := k.(string)
		if !ok {
			return nil, fail(call, "keys must be parameter names, got %s", typeName(k))
		}
		switch unwrap(d.vals[i]).(type) {
		case *Lambda, *JITFunction:
		default:
			return nil, fail(call, "the value of %s must be a function of the arguments, got %s", name, typeName(d.vals[i]))
		}
		out = append(out, &Heuristic{Name: name, fn: d.vals[i]})
	}
	return out, nil
}

// Prune applies prune_configs_by to the configurations for a launch:
// early_config_prune(configs, named_args, **kwargs), then, with a
// perf_model, the top_k configurations by its estimate
// (perf_model(**named_args, **kwargs, **config.all_kwargs())).
func (a *Autotune) Prune(named, kwargs *Dict) ([]*Config, error) {
	pruned := a.Configs
	where := func(err error) error {
		return &python.Error{File: a.src.Path, Pos: a.at.Start(), Msg: "@triton.autotune: " + err.Error()}
	}
	if a.earlyPrune != nil {
		objs := &Tuple{}
		for _, c := range pruned {
			objs.Values = append(objs.Values, c.obj)
		}
		r, err := hostCall(a.earlyPrune, []Object{objs, named}, dictKwargs(kwargs))
		if err != nil {
			return nil, where(fmt.Errorf("early_config_prune: %v", err))
		}
		items, err := iterate(r)
		if err != nil {
			return nil, where(fmt.Errorf("early_config_prune returned %s, not a list of configs", typeName(r)))
		}
		pruned = nil
		for _, it := range items {
			c := a.configOfObj(unwrap(it))
			if c == nil {
				return nil, where(fmt.Errorf("early_config_prune returned %s, not one of the configs", typeName(it)))
			}
			pruned = append(pruned, c)
		}
		if len(pruned) == 0 {
			return nil, where(fmt.Errorf("no valid autotuner configs after pruning: early_config_prune should return at least one config"))
		}
	}
	if a.perfModel == nil {
		return pruned, nil
	}
	topK := len(a.Configs)
	switch k := unwrap(a.topK).(type) {
	case float64:
		if k > 1 {
			return nil, where(fmt.Errorf("top_k must be an int or a float <= 1.0, got %v", k))
		}
		topK = int(float64(len(a.Configs)) * k)
	case *big.Int:
		topK = int(k.Int64())
	default:
		return nil, where(fmt.Errorf("top_k must be an int or a float <= 1.0, got %s", typeName(a.topK)))
	}
	if len(pruned) <= topK {
		return pruned, nil
	}
	est := make([]float64, len(pruned))
	for i, c := range pruned {
		kws := dictKwargs(named)
		kws = append(kws, dictKwargs(kwargs)...)
		kws = append(kws, dictKwargs(c.obj.allKwargs())...)
		r, err := hostCall(a.perfModel, nil, kws)
		if err != nil {
			return nil, where(fmt.Errorf("perf_model for %s: %v", c, err))
		}
		f, ok := floatOf(r)
		if !ok {
			return nil, where(fmt.Errorf("perf_model returned %s, not a number", typeName(r)))
		}
		est[i] = f
	}
	order := make([]int, len(pruned))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return est[order[x]] < est[order[y]] })
	out := make([]*Config, 0, topK)
	for _, i := range order[:max(topK, 0)] {
		out = append(out, pruned[i])
	}
	return out, nil
}

func (a *Autotune) configOfObj(o Object) *Config {
	for _, c := range a.Configs {
		if c.obj == o {
			return c
		}
	}
	return nil
}

// dictKwargs turns a dict with string keys into keyword arguments.
func dictKwargs(d *Dict) []kwArg {
	if d == nil {
		return nil
	}
	out := make([]kwArg, 0, d.Len())
	for i, k := range d.keys {
		if s, ok := k.(string); ok {
			out = append(out, kwArg{s, d.vals[i]})
		}
	}
	return out
}

// TuningKey is the autotuner's cache key for a launch: the key
// arguments' values, then the dtypes of the tensor arguments, as
// Triton's Autotuner.run builds it.
func (a *Autotune) TuningKey(args *Dict, params []string) string {
	var parts []string
	for _, k := range a.Key {
		if v, ok := args.Get(k); ok {
			parts = append(parts, repr(v))
		}
	}
	for _, p := range params {
		if v, ok := args.Get(p); ok {
			if t, isTensor := unwrap(v).(*HostTensor); isTensor {
				parts = append(parts, t.DType.String())
			}
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// IntArg, FloatArg and BoolArg are launch argument values for heuristics,
// pruning and tuning keys.
func IntArg(v int64) Object     { return big.NewInt(v) }
func FloatArg(v float64) Object { return v }
func BoolArg(v bool) Object     { return v }

// BufferArg is a buffer argument of a pointer type ("*fp16") and shape,
// as host code sees a torch tensor (dtype, shape, numel(),
// element_size()).
func BufferArg(ptrType string, shape ...int64) (Object, error) {
	t, err := ParseTypeString(ptrType)
	if err != nil {
		return nil, err
	}
	d, ok := t.(*DType)
	if !ok || !d.IsPtr() {
		return nil, fmt.Errorf("%s is not a pointer type", ptrType)
	}
	return &HostTensor{DType: d.ElementTy(), Shape: shape}, nil
}
