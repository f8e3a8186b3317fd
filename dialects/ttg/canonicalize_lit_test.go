package ttg_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/filecheck"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/pattern"
)

// ctaKeysRE matches the pre-3.6 CTA keys of a layout when they are trivial
// (one CTA); 3.6 rejects the keys, so the test drops them.
var ctaKeysRE = regexp.MustCompile(`, CTAsPerCGA = \[[1, ]+\], CTASplitNum = \[[1, ]+\], CTAOrder = \[[0-9, ]+\]`)

// TestCanonicalizeLit runs Triton's test/TritonGPU/canonicalize.mlir
// (`triton-opt -split-input-file -canonicalize | FileCheck`) with the greedy
// driver and every dialect's canonicalization patterns. The file predates
// 3.6 in two ways, which the test undoes: it spells trivial CTA layouts
// with CTAsPerCGA/CTASplitNum/CTAOrder keys (dropped), and one chunk uses
// gpu.barrier, a dialect tt does not have (ttg.local_barrier stands in),
// with a 2-D shared order on a 1-D buffer, which 3.6 rejects.
func TestCanonicalizeLit(t *testing.T) {
	path := filepath.Join(sharedDir, "conformance", "triton-lit", "test", "TritonGPU", "canonicalize.mlir")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("no lit corpus: %v", err)
	}
	src := ctaKeysRE.ReplaceAllString(string(raw), "")
	src = strings.ReplaceAll(src, "gpu.barrier", "ttg.local_barrier")
	// The same chunk's 2-D shared order on a 1-D buffer is an error in 3.6.
	src = strings.ReplaceAll(src, "vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]", "vec = 1, perPhase = 1, maxPhase = 1, order = [0]")
	chunks, lines := splitChunks(src)
	var out []string
	for i, c := range chunks {
		ctx := newContext()
		m, err := asm.Parse(ctx, c, asm.ParseConfig{Filename: "canonicalize.mlir", LineOffset: lines[i] - 1})
		if err != nil {
			t.Fatalf("chunk %d: %v", i, err)
		}
		if err := ir.Verify(m); err != nil {
			t.Fatalf("chunk %d: verify: %v", i, err)
		}
		set := pattern.Freeze(pattern.CanonicalizationPatterns(ctx))
		if _, err := pattern.ApplyGreedily(m, set, pattern.DefaultConfig()); err != nil {
			t.Fatalf("chunk %d: canonicalize: %v", i, err)
		}
		if err := ir.Verify(m); err != nil {
			t.Fatalf("chunk %d: verify after canonicalize: %v", i, err)
		}
		out = append(out, asm.Sprint(m, asm.PrintConfig{}))
	}
	input := strings.Join(out, "// -----\n")
	var diag bytes.Buffer
	if err := filecheck.Check(filecheck.DefaultOptions(), path, []byte(src), "<stdin>", []byte(input), &diag); err != nil {
		t.Fatalf("FileCheck: %v\n%s\noutput:\n%s", err, diag.String(), input)
	}
	t.Logf("canonicalize.mlir: %d chunks canonicalized, FileCheck passes", len(chunks))
}
