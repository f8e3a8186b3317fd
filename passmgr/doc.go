// Package passmgr runs passes over IR, the way MLIR's pass manager does.
//
// A Pass is a plain struct value: its command-line name, a summary, the
// operation it anchors on, the dialects it may create, and Build, which
// declares its options on a flag.FlagSet and returns the function that runs
// it. Passes register themselves in a Registry; pipelines are written in
// MLIR's textual syntax,
//
//	builtin.module(tt.func(canonicalize,cse),triton-combine{opt=1})
//
// and nested pass managers run on the immediate children of their parent
// op that carry their anchor name, in parallel goroutines when the children
// are isolated from above.
//
// Named pipelines (Triton's make_ttir, make_ttgir, the lowering) are lists
// of Steps rendered by StepsText: a step whose pass tt does not have yet
// is marked in the registry (MarkNotBuilt, by name, with the reason) and
// becomes a `?name` placeholder that runs nothing, shows in dumps and
// timing reports, and is listed by PassManager.NotBuilt; a step naming a
// pass that is neither registered nor marked fails the pipeline
// (steps.go).
//
// Instrumentation mirrors mlir-opt: IR printing before/after passes,
// a timing report, verification after each pass, pass statistics, and a
// crash reproducer (the IR before the failing pass plus the pipeline that
// re-runs it) written on any failure, including a panic inside a pass.
package passmgr
