package triton

import (
	"fmt"
	"strings"
)

// ParseConstexprs reads command-line --constexpr NAME=VALUE values (as
// tt-translate and tt-run take them) into constants by name. A name given
// twice with different values is refused: the last one silently won.
func ParseConstexprs(flags []string) (map[string]ArgSpec, error) {
	consts := map[string]ArgSpec{}
	given := map[string]string{}
	for _, c := range flags {
		n, v, ok := strings.Cut(c, "=")
		if !ok {
			return nil, fmt.Errorf("--constexpr takes NAME=VALUE, got %q", c)
		}
		if prev, ok := given[n]; ok && strings.TrimSpace(prev) != strings.TrimSpace(v) {
			return nil, fmt.Errorf("--constexpr %s is given twice (%s, then %s); it takes one value", n, prev, v)
		}
		spec, err := ParseConstant(v)
		if err != nil {
			return nil, fmt.Errorf("--constexpr %s: %v", n, err)
		}
		consts[n], given[n] = spec, v
	}
	return consts, nil
}
