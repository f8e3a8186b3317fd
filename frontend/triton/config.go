package triton

import (
	"math/big"
	"strings"
)

// ConfigObj is a triton.Config evaluated on the host: the meta-parameters
// of one autotuning configuration and its compile options.
type ConfigObj struct {
	Kwargs                       *Dict
	NumWarps, NumStages, NumCTAs Object
	MaxNReg, PreHook, IROverride Object
}

// newConfigObj is triton.Config(kwargs, num_warps=4, num_stages=3,
// num_ctas=1, maxnreg=None, pre_hook=None, ir_override=None).
func newConfigObj(args []Object, kws []kwArg) (Object, error) {
	names := []string{"kwargs", "num_warps", "num_stages", "num_ctas", "maxnreg", "pre_hook", "ir_override"}
	vals := []Object{nil, big.NewInt(4), big.NewInt(3), big.NewInt(1), None, None, None}
	if len(args) > len(names) {
		return nil, typeErrorf("Config() takes at most %d arguments (%d given)", len(names), len(args))
	}
	set := make([]bool, len(names))
	for i, a := range args {
		vals[i], set[i] = a, true
	}
	for _, kw := range kws {
		i := indexOf(names, kw.Name)
		if i < 0 {
			return nil, typeErrorf("Config() got an unexpected keyword argument '%s'", kw.Name)
		}
		if set[i] {
			return nil, typeErrorf("Config() got multiple values for argument '%s'", kw.Name)
		}
		vals[i], set[i] = kw.Value, true
	}
	if !set[0] {
		return nil, typeErrorf("Config() missing 1 required positional argument: 'kwargs'")
	}
	d, ok := unwrap(vals[0]).(*Dict)
	if !ok {
		return nil, typeErrorf("Config()'s kwargs must be a dict, not %s", typeName(vals[0]))
	}
	for _, k := range d.keys {
		if _, ok := k.(string); !ok {
			return nil, typeErrorf("Config()'s kwargs must have string keys, not %s", typeName(k))
		}
	}
	return &ConfigObj{Kwargs: d, NumWarps: vals[1], NumStages: vals[2], NumCTAs: vals[3], MaxNReg: vals[4], PreHook: vals[5], IROverride: vals[6]}, nil
}

func indexOf(names []string, n string) int {
	for i, s := range names {
		if s == n {
			return i
		}
	}
	return -1
}

func (c *ConfigObj) attr(name string) (Object, bool) {
	switch name {
	case "kwargs":
		return c.Kwargs, true
	case "num_warps":
		return c.NumWarps, true
	case "num_stages":
		return c.NumStages, true
	case "num_ctas":
		return c.NumCTAs, true
	case "maxnreg":
		return c.MaxNReg, true
	case "pre_hook":
		return c.PreHook, true
	case "ir_override":
		return c.IROverride, true
	case "all_kwargs":
		return method(name, func() Object { return c.allKwargs() }), true
	}
	return nil, false
}

// allKwargs is Config.all_kwargs(): the meta-parameters and the options
// that are not None.
func (c *ConfigObj) allKwargs() *Dict {
	d := NewDict()
	for i, k := range c.Kwargs.keys {
		d.Set(k, c.Kwargs.vals[i])
	}
	for _, o := range []struct {
		name string
		v    Object
	}{{"num_warps", c.NumWarps}, {"num_ctas", c.NumCTAs}, {"num_stages", c.NumStages}, {"maxnreg", c.MaxNReg}, {"ir_override", c.IROverride}} {
		if o.v != None {
			d.Set(o.name, o.v)
		}
	}
	return d
}

// String is Config.__str__: "BLOCK_M: 128, num_warps: 4, num_ctas: 1,
// num_stages: 3, maxnreg: None".
func (c *ConfigObj) String() string {
	var parts []string
	for i, k := range c.Kwargs.keys {
		parts = append(parts, str(k)+": "+str(c.Kwargs.vals[i]))
	}
	parts = append(parts, "num_warps: "+str(c.NumWarps), "num_ctas: "+str(c.NumCTAs), "num_stages: "+str(c.NumStages), "maxnreg: "+str(c.MaxNReg))
	return strings.Join(parts, ", ")
}
