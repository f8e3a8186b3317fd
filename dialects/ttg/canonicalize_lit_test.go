package ttg_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/filecheck"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/pattern"
)

// canonicalizeFailure is a chunk of canonicalize.mlir expected to fail:
// why (for the reader), evidence (text the failure must contain) and fix
// (old, new pairs turning the chunk into what Triton 3.6 accepts; the
// fixed chunk must pass).
type canonicalizeFailure struct {
	why, evidence string
	fix           []string
}

// canonicalizeFailures are the chunks (from 0, in `// -----` order) of
// the saved test/TritonGPU/canonicalize.mlir that fail. The file is of
// early 2025: its layouts spell trivial CTA layouts with
// CTAsPerCGA/CTASplitNum/CTAOrder keys, which Triton 3.6's parser rejects
// but tt's reads as the trivial layout, so those chunks run.
var canonicalizeFailures = map[int]canonicalizeFailure{
	// Triton 3.6's MemDescType verifier rejects a shared layout whose
	// rank is neither the buffer's nor one less, and so does tt; 3.6's
	// copy of this test gives the 1-D buffer order = [0] (and a token).
	4: {why: "a rank-2 #ttg.swizzled_shared (order = [1, 0]) on a 1-D !ttg.memdesc<256xi32>, which Triton 3.6 rejects too",
		evidence: "rank must be equal to or one less than the shape size. Got 2 and 1",
		fix:      []string{"maxPhase = 1, order = [1, 0]}>", "maxPhase = 1, order = [0]}>"}},
}

// TestCanonicalizeLit runs Triton's test/TritonGPU/canonicalize.mlir
// (`triton-opt -split-input-file -canonicalize | FileCheck`) chunk by
// chunk with the greedy driver and every dialect's canonicalization
// patterns, and checks that exactly the chunks of canonicalizeFailures
// fail, each for its reason.
func TestCanonicalizeLit(t *testing.T) {
	path := filepath.Join(sharedDir, "conformance", "triton-lit", "test", "TritonGPU", "canonicalize.mlir")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("no lit corpus: %v", err)
	}
	chunks, lines := splitChunks(string(raw))
	var failed []int
	for i, c := range chunks {
		err := canonicalizeChunk(path, c, lines[i])
		known, isKnown := canonicalizeFailures[i]
		switch {
		case err == nil && isKnown:
			t.Errorf("chunk %d passes; expected a failure (%s)", i, known.why)
		case err == nil:
		case !isKnown:
			failed = append(failed, i)
			t.Errorf("chunk %d: %v", i, err)
		default:
			failed = append(failed, i)
			if !strings.Contains(err.Error(), known.evidence) {
				t.Errorf("chunk %d fails for another reason than %q:\n%v", i, known.why, err)
			}
			fixed := c
			for k := 0; k+1 < len(known.fix); k += 2 {
				if !strings.Contains(fixed, known.fix[k]) {
					t.Fatalf("chunk %d: the text to fix %q is not in it", i, known.fix[k])
				}
				fixed = strings.ReplaceAll(fixed, known.fix[k], known.fix[k+1])
			}
			if err := canonicalizeChunk(path, fixed, lines[i]); err != nil {
				t.Errorf("chunk %d as Triton 3.6 accepts it: %v", i, err)
			}
		}
	}
	var want []int
	for i := range canonicalizeFailures {
		want = append(want, i)
	}
	sort.Ints(want)
	if fmt.Sprint(failed) != fmt.Sprint(want) {
		t.Errorf("failing chunks %v, want %v", failed, want)
	}
	t.Logf("canonicalize.mlir: %d/%d chunks pass", len(chunks)-len(failed), len(chunks))
}

// canonicalizeChunk parses, verifies and canonicalizes one chunk (text,
// starting at line first of the file at path) and checks the printed
// result against the chunk's CHECK lines.
func canonicalizeChunk(path, text string, first int) error {
	ctx := newContext()
	gpu.Load(ctx)
	m, err := asm.Parse(ctx, text, asm.ParseConfig{Filename: path, LineOffset: first - 1})
	if err != nil {
		return err
	}
	if err := ir.Verify(m); err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	set := pattern.Freeze(pattern.CanonicalizationPatterns(ctx))
	if _, err := pattern.ApplyGreedily(m, set, pattern.DefaultConfig()); err != nil {
		return fmt.Errorf("canonicalize: %w", err)
	}
	if err := ir.Verify(m); err != nil {
		return fmt.Errorf("verify after canonicalize: %w", err)
	}
	out := asm.Sprint(m, asm.PrintConfig{})
	// Blank lines in front keep FileCheck's line numbers the file's.
	check := strings.Repeat("\n", first-1) + text
	var diag bytes.Buffer
	if err := filecheck.Check(filecheck.DefaultOptions(), path, []byte(check), "<stdin>", []byte(out), &diag); err != nil {
		return fmt.Errorf("FileCheck: %v\n%s\noutput:\n%s", err, diag.String(), out)
	}
	return nil
}
