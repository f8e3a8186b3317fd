package conformance

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/tools/ttlit"
	"github.com/ttcompiler/tt/tools/ttopt"
)

// verifierLitFiles are the Triton 3.6 lit files that test its verifiers
// and parsers alone (their RUN line is `triton-opt --split-input-file %s
// --verify-diagnostics`, no pass), under
// ../shared/conformance/triton-3.6-lit/test, with whether each passes
// whole under tt-lit: every expected error produced, with 3.6's words, at
// 3.6's location, and no other.
var verifierLitFiles = map[string]bool{
	"Triton/invalid":                  true,
	"Triton/verify-make-range":        true,
	"Triton/vecadd":                   true,
	"TritonGPU/invalid":               true,
	"TritonGPU/invalid-attributes":    true,
	"TritonGPU/verify-blocked-layout": true,
	"TritonGPU/amd/invalid":           true,
	"TritonNvidiaGPU/invalid":         true,
	"NVWS/invalid":                    false, // the nvws dialect (Blackwell's warp-specialization arefs) is not in tt
}

// passLitFiles are Triton 3.6 lit files of single passes that pass whole
// since tt has the pass or the IR they need: the proxy fence insertion
// after shared-memory allocation, and AMD's epilogue optimization on an
// #ttg.amd_mfma of version 0.
var passLitFiles = map[string]bool{
	"TritonGPU/prox_fence_insertion": true,
	"TritonGPU/optimize_epilogue":    true,
}

// TestVerifierLitFiles runs Triton 3.6's verifier lit files whole with
// tt-lit's configuration and fails if a file's pass/fail status changes.
func TestVerifierLitFiles(t *testing.T) { runLitFiles(t, "Triton 3.6's verifier", verifierLitFiles) }

// TestPassLitFiles does the same for passLitFiles.
func TestPassLitFiles(t *testing.T) { runLitFiles(t, "Triton 3.6's pass", passLitFiles) }

// runLitFiles runs files (relative to Triton 3.6's lit test folder,
// without .mlir) whole under tt-lit and fails where a file's pass/fail
// status is not the recorded one.
func runLitFiles(t *testing.T, what string, files map[string]bool) {
	dir := filepath.Join(shared(t), "conformance", "triton-3.6-lit", "test")
	cfg := ttlit.Config()
	passed := 0
	for name, wantPass := range files {
		res := cfg.RunFile(filepath.Join(dir, name+".mlir"))
		pass := !res.Status.IsFailure()
		if pass {
			passed++
		}
		if pass != wantPass {
			t.Errorf("%s: %s under tt-lit, recorded as passing=%v\n%s", name, res.Status, wantPass, res.Log)
		}
	}
	t.Logf("%d / %d of %s lit files pass whole under tt-lit", passed, len(files), what)
}

// amdVerifierChunks are Triton 3.6 lit files whose expected errors come from
// AMD ops' verifiers, though their RUN line names Triton's conversion to
// LLVM (convert-triton-amdgpu-to-llvm), which tt does not have under that
// name: the verifier rejects each chunk before any pass runs. Each chunk
// runs under tt-opt --verify-diagnostics alone; the map pins the chunks
// that fail, with why.
var amdVerifierChunks = map[string]map[int]string{
	"Conversion/amd/invalid_concat_op": {},
	"Conversion/amd/invalid_extractslice_to_llvm": {
		// MLIR's parser reports a bad offset twice ("expected integer
		// value", then "expected ']'"); tt's parser stops at the first.
		7: "expected ']'",
	},
}

// TestAMDVerifierChunks runs amdVerifierChunks' files chunk by chunk.
func TestAMDVerifierChunks(t *testing.T) {
	dir := filepath.Join(shared(t), "conformance", "triton-3.6-lit", "test")
	for name, failing := range amdVerifierChunks {
		src, err := os.ReadFile(filepath.Join(dir, name+".mlir"))
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range strings.Split(string(src), "\n// -----\n") {
			var out, errb bytes.Buffer
			rc := ttopt.Run([]string{"--verify-diagnostics"}, strings.NewReader(chunk), &out, &errb)
			why, pinned := failing[i]
			switch {
			case rc != 0 && !pinned:
				t.Errorf("%s chunk %d: %s", name, i, errb.String())
			case rc == 0 && pinned:
				t.Errorf("%s chunk %d passes; it was pinned as failing (%s)", name, i, why)
			case rc != 0 && !strings.Contains(errb.String(), why):
				t.Errorf("%s chunk %d fails for another reason than %q:\n%s", name, i, why, errb.String())
			}
		}
	}
}
