// Package ttg imports a peer dialect and the IR core: both allowed.
package ttg

import (
	_ "github.com/ttcompiler/tt/dialects/tt"
)
