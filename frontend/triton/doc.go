// Package triton compiles @triton.jit Python kernels to TTIR without
// Python or Triton: Triton 3.6's front end (ast_to_ttir in
// compiler/code_generator.py with language/core.py, semantic.py,
// math.py, standard.py, random.py) re-done over package python's syntax
// tree and tt's IR builder, producing the IR Triton produces for the same
// kernel and specialization, op for op, with its locations.
//
// The pieces:
//
//   - host.go, hosteval.go, pybuiltins.go, pyops.go: the Python a kernel's
//     file runs at import time and at compile time (module globals,
//     imports of sibling files, decorators, tl.constexpr values,
//     constexpr_functions), evaluated on constants.
//   - values.go, types.go, scope.go: the objects a kernel computes with
//     (constants, tensors, tuples, descriptors, dtypes) and Triton's types.
//   - compiler.go, stmt.go, expr.go, control.go, call.go: the code
//     generator (visit_* of Triton's CodeGenerator): statements, scf.if /
//     scf.for / scf.while with loop-carried values found by a dry run,
//     early returns as cf branches, static_range unrolling, calls of @jit
//     functions as private tt.funcs named by their specialization.
//   - semantic.go, emit.go: semantic.py (promotion, broadcasting, casts,
//     arithmetic with overflow checks) and constant creation as Triton's
//     builder does it (folding what MLIR's createOrFold folds).
//   - builtins_*.go, library.go: the tl.* builtins and their namespaces;
//     prelude/ holds standard.py and random.py as Python the front end
//     compiles like user code.
//   - compile.go: the API (Compile, Options, ArgSpec, ParseSignature in
//     triton.tools.compile's syntax, LaunchSpec for the launcher's
//     specialization of values) and Render for diagnostics.
//
// Errors are *python.Error values located at the construct (file, line,
// column), with Triton's messages and, inside called functions, notes at
// the call sites. A panic inside the generator that is not such an error
// is a bug; Compile reports it as a located "internal error" rather than
// crashing.
package triton
