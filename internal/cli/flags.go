package cli

import (
	"fmt"
	"io"
	"strings"
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

// FlagError turns an error of Go's flag package into the tools' wording:
// an undefined flag is reported with UnknownFlag, spelled as the user
// wrote it in args (`--foo=1`, not `-foo`).
func FlagError(tool string, err error, args []string) error {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return err
	}
	for _, a := range args {
		bare, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && bare == name {
			return UnknownFlag(tool, a)
		}
	}
	return UnknownFlag(tool, "-"+name)
}
