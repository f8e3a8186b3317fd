package ttrun

import (
	"fmt"
	"sort"
	"strings"
)

// Describer is a backend that says in a line what it is, for --help.
type Describer interface {
	Describe() string
}

// usage is the --help text, listing every registered backend.
func usage() string {
	var b strings.Builder
	b.WriteString(usageHead)
	b.WriteString("\nBackends (--backend NAME; interp is the default):\n")
	backendsMu.Lock()
	names := make([]string, 0, len(backends))
	for n := range backends {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		desc := ""
		if d, ok := backends[n].(Describer); ok {
			desc = d.Describe()
		}
		fmt.Fprintf(&b, "  %-7s %s\n", n, strings.ReplaceAll(desc, "\n", "\n          "))
	}
	backendsMu.Unlock()
	b.WriteString(usageTail)
	return b.String()
}
