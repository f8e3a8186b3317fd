package tttranslate

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// TestStageVerification: tt-translate verifies the IR once a stage by
// default and after every pass with --verify-each. A pass that leaves IR
// that does not verify (here tt-specialize-dot-chains, wrapped to erase
// the kernel's terminator) is caught either way before the next stage
// reads it: by default the error names the stage, with VerifyEach the
// pass.
func TestStageVerification(t *testing.T) {
	src, err := os.ReadFile("../../examples/vector_add.ttir")
	if err != nil {
		t.Fatal(err)
	}
	const broken = "tt-specialize-dot-chains"
	reg := passmgr.NewRegistry()
	for _, p := range passmgr.Default.Passes() {
		if p.Name != broken {
			reg.Register(p)
			continue
		}
		orig := p
		w := *p
		w.Build = func(fs *flag.FlagSet) passmgr.RunFunc {
			run := orig.Build(fs)
			return func(op *ir.Operation, st *passmgr.State) error {
				if err := run(op, st); err != nil {
					return err
				}
				ir.WalkOps(op, func(o *ir.Operation) {
					if o.Name() == "tt.func" {
						o.Region(0).Front().Last().Erase()
					}
				})
				return nil
			}
		}
		reg.Register(&w)
	}
	for _, np := range passmgr.Default.Pipelines() {
		reg.RegisterPipeline(np)
	}
	for _, name := range passmgr.Default.NotBuiltPasses() {
		reason, _ := passmgr.Default.NotBuiltReason(name)
		reg.MarkNotBuilt(name, reason)
	}
	saved := Registry
	Registry = reg
	defer func() { Registry = saved }()

	for _, each := range []bool{false, true} {
		o := DefaultOptions()
		o.Pass.VerifyEach = each
		_, err := CompileSource("vector_add.ttir", string(src), o)
		if err == nil {
			t.Fatalf("verify-each=%v: the broken IR compiled", each)
		}
		msg := err.Error()
		if !strings.Contains(msg, "triton_baseline.py:27:29: error: block with no terminator") {
			t.Errorf("verify-each=%v: not the verifier's error: %v", each, msg)
		}
		stage := strings.Contains(msg, "the IR stage ttgir left does not verify")
		if stage == each {
			t.Errorf("verify-each=%v: the error names the stage: %v, want %v:\n%s", each, stage, !each, msg)
		}
	}

	// The passes as registered: the default verifies the stages' output
	// and compiles.
	Registry = saved
	if _, err := CompileSource("vector_add.ttir", string(src), DefaultOptions()); err != nil {
		t.Fatal(err)
	}
}
