// Package tool stands for a package under cmd/ (a main package cannot be
// imported at all; a library under cmd must not be either).
package tool
