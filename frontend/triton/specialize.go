package triton

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ttcompiler/tt/frontend/python"
)

// Specialize builds a kernel's specialization from a signature (entries
// for its first parameters, in order) and constexpr values by name, which
// take precedence; parameters with neither take their defaults as
// Triton's launcher specializes them. The errors name what is missing;
// for a kernel found in a file (k.File set) they are *python.Error values
// located at the parameter without a value, or at the kernel's name when
// the signature or a constexpr names more than it takes: the user reads
// the def beside the message.
func Specialize(k *Kernel, sig []ArgSpec, consts map[string]ArgSpec) ([]ArgSpec, error) {
	errorf := func(pos python.Pos, format string, a ...any) error {
		if k.File == "" {
			return fmt.Errorf(format, a...)
		}
		return &python.Error{File: k.File, Pos: pos, Msg: fmt.Sprintf(format, a...)}
	}
	names := make([]string, len(k.Params))
	for i, p := range k.Params {
		names[i] = p.Name
	}
	if len(sig) > len(k.Params) {
		return nil, errorf(k.Pos, "the signature has %d entries but %s takes %d parameters (%s)", len(sig), k.Name, len(k.Params), strings.Join(names, ", "))
	}
	for _, n := range slices.Sorted(maps.Keys(consts)) {
		if indexOf(names, n) < 0 {
			return nil, errorf(k.Pos, "constexpr %s: kernel %s has no parameter %s (parameters: %s)", n, k.Name, n, strings.Join(names, ", "))
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
			return nil, errorf(prm.Pos, "parameter %s of %s has no signature entry or constexpr value (the signature lists %d of its %d parameters: %s)",
				prm.Name, k.Name, len(sig), len(k.Params), strings.Join(names, ", "))
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
