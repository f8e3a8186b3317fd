// Package ttlit imports another tool, as the exceptions table allows.
package ttlit

import _ "github.com/ttcompiler/tt/tools/ttopt"
