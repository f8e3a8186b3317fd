// Package asm reads and writes the MLIR textual format: the generic
// operation form with properties, attribute dictionaries, regions,
// successors and block arguments; custom operation forms through the hooks
// of each op's ir.OpDef; the builtin types and attributes; type and
// attribute aliases; and locations.
//
// The printer reproduces MLIR's output byte for byte where tt can know it:
// SSA names (getAsmResultNames hints, `--mlir-use-nameloc-as-prefix`, one
// conflict counter per naming scope, nested regions numbered after their
// parent region as MLIR does), alias numbering (ordered by nesting depth,
// then kind, then name), deferred location aliases, and float spelling
// (APFloat's shortest round-tripping form).
//
// The parser never panics: every malformed input yields a located
// diagnostic (`file:line:col: error: ...`).
package asm
