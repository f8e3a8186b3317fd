// Tests are not checked: nothing can import them.
package gpu_test

import _ "github.com/ttcompiler/tt/transforms/opt"
