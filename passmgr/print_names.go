package passmgr

import "fmt"

// CheckPrintNames refuses a name of c.PrintBefore or c.PrintAfter that no
// pass of r has: the IR printing matches pass names, so a misspelt one
// (or a pipeline's name, or a DisplayName) printed nothing, silently, where
// MLIR's tools refuse it.
func (r *Registry) CheckPrintNames(c *Config) error {
	for _, l := range []struct {
		flag  string
		names []string
	}{{"mlir-print-ir-before", c.PrintBefore}, {"mlir-print-ir-after", c.PrintAfter}} {
		for _, n := range l.names {
			if n != "" && r.Lookup(n) == nil {
				return fmt.Errorf("--%s: '%s' does not refer to a registered pass", l.flag, n)
			}
		}
	}
	return nil
}
