// Package gpu imports a pass package.
package gpu

import _ "github.com/ttcompiler/tt/transforms/opt" // want `dialects/gpu imports transforms/opt, a package of a higher layer \(transforms above dialects\)`
