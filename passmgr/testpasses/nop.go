package testpasses

import (
	"flag"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// NopRegistry returns a registry of module passes that do nothing, one
// per name: enough to render and parse a named pipeline's steps in tests
// without the passes themselves.
func NopRegistry(names ...string) *passmgr.Registry {
	reg := passmgr.NewRegistry()
	for _, n := range names {
		reg.Register(&passmgr.Pass{Name: n, Anchor: "builtin.module",
			Build: func(*flag.FlagSet) passmgr.RunFunc {
				return func(*ir.Operation, *passmgr.State) error { return nil }
			}})
	}
	return reg
}
