// Package filecheck is a pure-Go implementation of LLVM's FileCheck: it
// verifies that a text (usually a compiler's output) matches the directives
// written in a check file, with LLVM's semantics, diagnostics and exit
// statuses, so that lit tests written for LLVM's FileCheck run unchanged.
//
// # Using it
//
// Check runs one verification in-process. Main and MainEnv behave like the
// command line
//
//	FileCheck CHECKFILE [options] < input
//
// (MainEnv also takes the value of the FILECHECK_OPTS environment variable,
// whose options are parsed first). ParseArgs exposes the option parser.
// Exit statuses: 0 success, 1 the input does not match (or the command line
// cannot be parsed, as in LLVM), 2 other usage errors such as an invalid
// check file; ExitCode maps Check's errors to them.
//
// # What is supported
//
// Directives: CHECK, CHECK-NEXT, CHECK-SAME, CHECK-NOT, CHECK-DAG,
// CHECK-LABEL, CHECK-EMPTY, CHECK-COUNT-n, the {LITERAL} modifier, and
// COM: / RUN: comments, all under custom prefixes (--check-prefix,
// --check-prefixes, --comment-prefixes). A directive is a prefix that does
// not continue a word, followed by a known suffix and ':'; anything else
// ("CHECK-LABLE:", "CHECK-SAME ->") is ordinary text, while "-NOT" combined
// with another suffix and bad counts are errors, as in LLVM.
//
// Patterns: literal text (horizontal whitespace runs are canonicalized in
// both files unless --strict-whitespace), {{regex}}, [[VAR:regex]] and
// [[VAR]], $-global variables, numeric blocks [[#VAR:]], [[#%x,VAR:]],
// [[#VAR+1]], [[#max(A,B)]], [[#==VAR]], [[#@LINE]] and legacy [[@LINE+N]],
// with %u %d %x %X formats, precision (%.8x) and the 0x alternate form
// (%#x). -D and -D# define variables; --enable-var-scope clears local
// variables at each CHECK-LABEL region.
//
// Matching follows FileCheck::checkInput: CHECK-LABELs first split the
// input, CHECK-DAG groups match without overlapping (unless
// --allow-deprecated-dag-overlap), CHECK-NOTs are checked in the range
// between the surrounding matches, and --implicit-check-not adds CHECK-NOTs
// everywhere. Options --match-full-lines, --ignore-case, --allow-empty,
// --allow-unused-prefixes, -v and -vv behave as in LLVM.
//
// Regular expressions use LLVM's dialect (POSIX extended expressions as the
// BSD regcomp in LLVM parses them, plus \1 to \9 for variables reused on
// their own line), implemented in internal/ere with regexec's
// leftmost-longest matching and its quirks.
//
// Diagnostics are printed as LLVM prints them, including the caret lines,
// "scanning from here" and "possible intended match here" notes, and the
// annotated input dump (--dump-input, --dump-input-filter,
// --dump-input-context). --color is accepted; output is never colored.
//
// # Files
//
//	filecheck.go  Check, errors, canonicalization
//	options.go    Options and their validation
//	cmdline.go    command line, FILECHECK_OPTS, Main
//	parse.go      check file parsing into check strings
//	pattern.go    pattern parsing into a regex with substitutions
//	numeric.go    numeric formats, values and expression evaluation
//	expr.go       numeric expression parsing
//	vars.go       variables and -D definitions
//	match.go      matching one pattern
//	check.go      the matching algorithm (labels, DAG, NOT, NEXT, SAME)
//	report.go     match diagnostics and fuzzy matching
//	dump.go       the annotated input dump
//	source.go     buffers, locations and diagnostic printing
//
// The differential test (diff_test.go) runs the test cases and generated
// patterns through LLVM's FileCheck when it is installed and requires the
// same exit status and first error location.
package filecheck
