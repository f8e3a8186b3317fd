// Package emit is an emitter importing the tile dialect: the layers allow
// it, the design does not.
package emit

import _ "github.com/ttcompiler/tt/dialects/tt" // want `targets/emit imports dialects/tt: per-thread IR and its emitters do not know the tile dialects`
