package conformance

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
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

// Why chunks of Triton 3.6's lit suite that expect errors fail under tt's
// verifier alone.
const (
	noNVWS    = "the nvws dialect (Blackwell's warp-specialization arefs) is not in tt"
	noProton  = "the proton dialect (profiling) is not in tt"
	noGluon   = "Gluon's dialect and passes are not in tt"
	amdLegal  = "the error is Triton's AMD conversion to LLVM failing to legalize an op, a pass tt has under its own name"
	twoErrors = "MLIR reports a bad slice offset twice (\"expected integer value\", then \"expected ']'\"); tt's parser stops at the first"
)

// expectedErrorFailures pins the chunks (file#index, split at `// -----`)
// of Triton 3.6's lit suite whose expected errors tt's parser and verifier
// do not produce, with why.
var expectedErrorFailures = map[string]string{
	"NVWS/invalid.mlir#0": noNVWS, "NVWS/invalid.mlir#1": noNVWS, "NVWS/invalid.mlir#2": noNVWS, "NVWS/invalid.mlir#3": noNVWS,
	"Proton/scope_id.mlir#11": noProton, "Proton/scope_id.mlir#12": noProton, "Proton/scope_id.mlir#13": noProton,
	"Proton/scope_id.mlir#14": noProton, "Proton/scope_id.mlir#16": noProton, "Proton/scope_id.mlir#17": noProton,
	"Gluon/invalid_auto_encoding.mlir#0": noGluon, "Gluon/invalid_auto_encoding.mlir#1": noGluon,
	"Gluon/invalid_auto_encoding.mlir#2": noGluon, "Gluon/invalid_auto_encoding.mlir#3": noGluon,
	"Gluon/invalid_infer_coalesced_encoding.mlir#0":      noGluon,
	"Conversion/amd/async_ops_to_llvm.mlir#3":            amdLegal,
	"Conversion/amd/async_ops_to_llvm_invalid.mlir#0":    amdLegal,
	"Conversion/amd/async_ops_to_llvm_invalid.mlir#1":    amdLegal,
	"Conversion/amd/async_ops_to_llvm_invalid.mlir#2":    amdLegal,
	"Conversion/amd/invalid_extractslice_to_llvm.mlir#7": twoErrors,
}

// TestExpectedErrorChunks runs every chunk of Triton 3.6's lit suite that
// expects an error under tt-opt --verify-diagnostics, without the RUN
// line's passes: the errors that parsing and verification raise must be
// 3.6's, word for word, at 3.6's lines (the chunks whose errors come from a
// pass tt lacks are pinned). Files split into chunks when their RUN line
// does.
func TestExpectedErrorChunks(t *testing.T) {
	dir := filepath.Join(shared(t), "conformance", "triton-3.6-lit", "test")
	checked, passed := 0, 0
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(src), "expected-error") {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		chunks := []string{string(src)}
		if strings.Contains(string(src), "split-input-file") {
			chunks = strings.Split(string(src), "\n// -----\n")
		}
		for i, chunk := range chunks {
			if !strings.Contains(chunk, "expected-error") {
				continue
			}
			checked++
			key := rel + "#" + strconv.Itoa(i)
			var out, errb bytes.Buffer
			rc := ttopt.Run([]string{"--verify-diagnostics", "--allow-unregistered-dialect"}, strings.NewReader(chunk), &out, &errb)
			why, pinned := expectedErrorFailures[key]
			switch {
			case rc == 0 && pinned:
				t.Errorf("%s passes; it was pinned as failing (%s)", key, why)
			case rc != 0 && !pinned:
				t.Errorf("%s: %s", key, errb.String())
			case rc == 0:
				passed++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no chunk expects an error: the suite is not where it should be")
	}
	t.Logf("%d / %d chunks of Triton 3.6's lit suite that expect errors get them from tt's parser and verifier", passed, checked)
}
