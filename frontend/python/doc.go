// Package python is a lexer and parser for the Python 3 that
// @triton.jit kernels and the files holding them are written in: the
// whole statement and expression grammar of Python 3.12 (less PEP 695
// type parameters), f-strings, decorators, annotations, comprehensions,
// lambdas, match statements. The syntax tree mirrors CPython's ast module
// node for node, and every node carries CPython's line, column, end line
// and end column (columns are UTF-8 byte offsets, as CPython's
// col_offset), so the Triton front end can print Triton's locations.
//
// It is hand-written rather than generated: no maintained Go package
// parses Python 3.12 with CPython's positions, and the positions are
// what Triton's locations and diagnostics need. Constructs a kernel may
// not use (lambda, comprehensions, with, try) parse here and are
// rejected, with their location, by the code generator.
//
// Errors are *Error values (file, position, message, notes) that Render
// prints as `file:line:col: error: message`, the source line and a caret.
// Dump prints a tree in the format of testdata/astdump.py, which prints
// CPython's; TestParseMatchesCPython compares the two on the examples,
// Triton's tutorials and tests, and standard-library modules.
package python
