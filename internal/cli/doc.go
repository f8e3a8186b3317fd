// Package cli holds what every tt command-line tool does the same way:
// its version line, the message for an unknown flag, and writing an
// output file so that a failure never leaves a truncated one behind, and
// reading an input file of bounded size.
package cli
