// Command other runs its own tool: a package nested in a tool's folder may
// import it.
package main

import _ "github.com/ttcompiler/tt/tools/other"

func main() {}
