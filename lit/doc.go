// Package lit runs lit-style test files (as LLVM's lit does for MLIR and
// Triton tests) with every tool called in-process.
//
// A test file declares its commands in RUN: lines, found anywhere on a line
// as lit finds them, so "// RUN:" (.mlir, .ptx), "; RUN:" (.ll) and
// "# RUN:" all work. A RUN line ending in '\' continues on the next RUN
// line. The RUN lines of a file run in order, as if joined with "&&": the
// test passes when all succeed. REQUIRES:, UNSUPPORTED: and XFAIL: take
// comma-separated boolean feature expressions (XFAIL: * always applies);
// DEFINE: and REDEFINE: declare %{name} substitutions; END. stops parsing.
//
// Substitutions: %s (the test file, absolute), %S and %p (its directory),
// %t (a path in a temporary directory created for the test and removed
// afterwards), %T (that directory), %basename_t, %{pathsep}, %/s %/S %/p
// %/t %/T (with forward slashes), %(line), %(line+N), %(line-N), and %%
// for a literal '%'. Config.Substitutions come first.
//
// The shell is lit's internal shell: pipelines ("|", with pipefail),
// sequences (";" always, "&&" on success, "||" on failure), quoting
// ('single', "double", backslash), redirections (<, >, >>, 2>, 2>>, 2>&1,
// >&2, &>), globs, "not" (inverts the status; "not --crash" accepts a crash
// or a failure), "!" , "env [-u NAME] NAME=value cmd" and "NAME=value cmd".
// Built-in commands: FileCheck and filecheck (the filecheck package, given
// Config.FileCheckOpts as FILECHECK_OPTS unless the command's environment
// sets it), echo, cat, true, false, count, mkdir, rm, cd, export and ":".
// Other commands come from Config.Tools, or from PATH when
// Config.AllowExternal is set; a test naming an unknown command fails
// before running anything (or is UNSUPPORTED with
// Config.MissingToolsUnsupported). Commands run with the test's temporary
// directory as working directory for redirections and built-ins;
// in-process tools see the process's working directory, so RUN lines
// should use absolute paths (which %s and %t are).
//
// RunFile runs one test; RunPaths finds tests in directories (by
// Config.Suffixes, skipping Config.Excludes such as Inputs), runs them in
// parallel and prints "PASS: path" / "FAIL: path" / "UNSUPPORTED: path"
// lines in a deterministic order and a final "N passed, M failed, K
// unsupported" line.
package lit
