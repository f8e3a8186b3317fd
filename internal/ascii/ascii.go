// Package ascii holds the byte classes that tt's hand-written text
// matchers share. They replaced regexps (regexp's package initialization
// ran in every process that linked one) and keep RE2's classes: white
// space is \s, the bytes space, \t, \n, \f and \r (also PTX's white space),
// and digits are 0-9.
package ascii

// IsSpace reports whether c is white space (RE2's \s).
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return c >= '0' && c <= '9' }

// TrimLeftSpace returns s without its leading white space.
func TrimLeftSpace(s string) string {
	for s != "" && IsSpace(s[0]) {
		s = s[1:]
	}
	return s
}

// SkipNonSpace returns s from its first white space on (RE2's \S* taken).
func SkipNonSpace(s string) string {
	for s != "" && !IsSpace(s[0]) {
		s = s[1:]
	}
	return s
}

// DigitRun returns how many ASCII digits s starts with.
func DigitRun[T string | []byte](s T) int {
	n := 0
	for n < len(s) && IsDigit(s[n]) {
		n++
	}
	return n
}

// Digits reports whether s is one or more ASCII digits (RE2's \d+, whole).
func Digits(s string) bool { return s != "" && DigitRun(s) == len(s) }
