// Package fuzz is tt's robustness harness: it mutates the repository's own
// kernels (examples/, testdata/cases, frontend/testdata/reference, and
// ../shared/kernels when present) and tt's own TTGIR of those with a dot
// for sm_90, sm_80 and gfx942, the way a user's edits and a front end's
// corner cases would - shapes, element types, layouts, warps, stages,
// axis hints, constants, loop bounds, steps and attributes, dot
// precisions and operand types (fp8, i8, bf16, f32 operands converted
// before a dot), shape ops around a dot (a transposed product, an operand
// transposed, flattened, split and joined), loads given a mask and an
// other value, deleted ops and operands - and runs every mutant through
// the whole pipeline (ttir-pipeline, ttgir-pipeline, the lowering, PTX and
// LLVM IR emission for NVIDIA and AMD; one input in eight as a cluster of
// 2 or 4 CTAs on sm_90) in a worker process with a time and a memory
// limit. A panic, a run over the time limit or over the memory limit, and
// IR that a pass leaves and the verifier refuses (the input verified: the
// pass broke it) fail; a located diagnostic is the right answer to bad
// input.
//
//	go test ./test/fuzz                          # CI: a fixed seed set, a few seconds
//	go test ./test/fuzz -run Campaign -campaign=30m -timeout 45m -v   # a long run
//
// Python kernels go the same way (python.go, pyseeds.go,
// mutate_python.go): Triton's tutorials and the unit-test kernels recorded
// in frontend/testdata/reference/test_core.tar.gz, mutated at the source
// and signature level (constexpr values, argument types, a signature that
// does not match the kernel, dtypes, a store under a false if, absurd
// loop bounds and loop hints, axes, block sizes, keyword arguments),
// compiled as tt-translate kernel.py --kernel NAME --signature SIG does;
// every outcome must be code or a diagnostic located in a file.
//
//	go test ./test/fuzz -run PythonCampaign -pycampaign=5m -v
//
// TestPythonWideIntegers (python_wide_test.go) is a deterministic sweep of
// the same kind: every seed with its i32 scalars as i64, on four targets.
//
//	go test ./test/fuzz -run PythonWideIntegers -pywide -timeout 30m -v
//
// Every input that ever failed is kept in testdata/crashers (.mlir, and
// .py with the kernel and signature in its header) and replayed by
// TestCrashers and TestPythonCrashers. A campaign writes new failures
// there itself.
package fuzz
