package triton

import (
	"fmt"
	"strings"
)

// Specialize builds a kernel's specialization from a signature (entries
// for its first parameters, in order) and constexpr values by name, which
// take precedence; parameters with neither take their defaults as
// Triton's launcher specializes them. The errors name what is missing.
func Specialize(k *Kernel, sig []ArgSpec, consts map[string]ArgSpec) ([]ArgSpec, error) {
	if len(sig) > len(k.Params) {
		return nil, fmt.Errorf("the signature has %d entries but %s takes %d parameters", len(sig), k.Name, len(k.Params))
	}
	names := make([]string, len(k.Params))
	for i, p := range k.Params {
		names[i] = p.Name
	}
	for n := range consts {
		if indexOf(names, n) < 0 {
			return nil, fmt.Errorf("constexpr %s: kernel %s has no parameter %s (parameters: %s)", n, k.Name, n, strings.Join(names, ", "))
		}
	}
	specs := make([]ArgSpec, len(k.Params))
	for i, prm := range k.Params {
		switch c, ok := consts[prm.Name]; {
		case ok:
			specs[i] = c
		case i < len(sig):
			specs[i] = sig[i]
		case prm.Default != nil:
			specs[i] = LaunchSpec(prm.Default, prm.Constexpr)
		default:
			return nil, fmt.Errorf("parameter %s of %s has no signature entry or constexpr value (parameters: %s)", prm.Name, k.Name, strings.Join(names, ", "))
		}
	}
	return specs, nil
}

// Int returns a constant spec's value when it is an integer.
func (a ArgSpec) Int() (int64, bool) {
	if a.Type != "" || a.Value == nil {
		return 0, false
	}
	return intValue(a.Value)
}
