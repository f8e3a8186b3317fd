// Package ttopt imports a package under cmd.
package ttopt

import _ "github.com/ttcompiler/tt/cmd/tool" // want `tools/ttopt imports cmd/tool, and nothing imports a command`
