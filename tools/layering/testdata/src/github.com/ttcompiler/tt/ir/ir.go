// Package ir is planted with a violation: the IR core importing a dialect.
package ir

import _ "github.com/ttcompiler/tt/dialects/tt" // want `ir imports dialects/tt, a package of a higher layer \(dialects above ir\)`
