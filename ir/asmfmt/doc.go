// Package asmfmt interprets MLIR's declarative assembly format (the
// `assemblyFormat` strings of ODS op definitions) so that dialect packages
// can give an op its exact custom syntax by writing down its ODS signature
// and format string instead of a hand-written parser and printer.
//
// A Spec names the op's operands, results, attributes and regions the way
// its TableGen definition does, and Install sets the OpDef's Parse, Print
// and Inherent fields (and a verifier of the ODS invariants: operand and
// result counts, required attributes, type constraints); the format string
// is compiled once, when the op is first parsed or printed
// (CheckInstalled compiles them all, for tests). Printing follows mlir-tblgen's generated printers exactly:
// its spacing rules around punctuation, stripped dialect types for
// unqualified type directives, enum attributes as keywords, elision of
// attributes the format prints and of default-valued attributes.
//
// Supported format elements: literals (keywords and punctuation, “ and
// ` `), $operand, $result (in type directives), $attribute, $region,
// attr-dict, attr-dict-with-keyword, type(...), qualified(...),
// functional-type(a, b), operands, results, optional groups (... ^ ...)?,
// oilist(...), and custom<Name>(...) directives supplied by the Spec.
package asmfmt
