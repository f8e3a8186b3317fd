// Package lower is a conversion importing a pass package.
package lower

import _ "github.com/ttcompiler/tt/transforms/opt" // want `conversion/lower imports transforms/opt, a package of a higher layer \(transforms above conversion\)`
