// Package other imports a tool without an exception.
package other

import _ "github.com/ttcompiler/tt/tools/ttopt" // want `tools/other imports tools/ttopt, a peer in the tools layer`
