package cli

import (
	"fmt"
	"io"
)

// UsageExit is the exit code of a command-line error (a bad flag or flag
// value): distinct from 1, which reports a problem with the input.
const UsageExit = 2

// UnknownFlag is every tool's message for an argument it does not know,
// as LLVM's tools word it.
func UnknownFlag(tool, arg string) error {
	return fmt.Errorf("Unknown command line argument '%s'.  Try: '%s --help'", arg, tool)
}

// Usagef reports a command-line error on w as `tool: message` and returns
// UsageExit.
func Usagef(w io.Writer, tool, format string, args ...any) int {
	fmt.Fprintf(w, "%s: %s\n", tool, fmt.Sprintf(format, args...))
	return UsageExit
}
