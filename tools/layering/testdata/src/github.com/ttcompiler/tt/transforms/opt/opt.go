// Package opt is a pass package; it may import dialects.
package opt

import _ "github.com/ttcompiler/tt/dialects/tt"
