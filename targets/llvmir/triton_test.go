package llvmir_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm/nvg"
	"github.com/ttcompiler/tt/dialects/nvvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/targets/llvmir"
)

var sharedDir = func() string {
	if d := os.Getenv("TT_SHARED"); d != "" {
		return d
	}
	wd, _ := os.Getwd()
	return filepath.Join(wd, "..", "..", "..", "shared")
}()

// lastSection returns the last `IR Dump Before` section of a pass dump.
func lastSection(src string) string {
	const marker = "// -----// IR Dump Before"
	i := strings.LastIndex(src, marker)
	if i < 0 {
		return ""
	}
	_, body, _ := strings.Cut(src[i:], "\n")
	return body
}

// TestTritonLLVMDumps translates the LLVM-dialect IR that Triton 3.6 itself
// produced for vector_add and softmax (after convert-triton-gpu-to-llvm,
// sm80 and sm90: nvvm special registers, shuffles and barriers,
// nvg.cluster_id, inline-asm vector loads and stores, struct packing,
// shared memory, control flow) and compiles it with llc.
func TestTritonLLVMDumps(t *testing.T) {
	for _, c := range []struct{ file, arch string }{
		{"vector_add.sm80.passes.mlir", "sm_80"},
		{"vector_add.sm90.passes.mlir", "sm_90"},
		{"softmax.sm80.passes.mlir", "sm_80"},
		{"softmax.sm90.passes.mlir", "sm_90"},
	} {
		t.Run(c.file, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(sharedDir, "kernels", "passes", c.file))
			if err != nil {
				t.Skip("no Triton dumps: ", err)
			}
			ctx := ir.NewContext()
			builtin.Load(ctx)
			gpu.Load(ctx)
			nvvm.Load(ctx)
			nvg.Load(ctx)
			tt.Load(ctx)
			m, err := asm.Parse(ctx, lastSection(string(raw)), asm.ParseConfig{Filename: c.file})
			if err != nil {
				t.Fatal(err)
			}
			target := llvmir.MustTarget(c.arch)
			var buf bytes.Buffer
			if err := llvmir.Emit(m, target, &buf); err != nil {
				t.Fatal(err)
			}
			ll := buf.String()
			for _, want := range []string{"define ptx_kernel void @", "ld.global.v4.b32", "@llvm.nvvm.read.ptx.sreg.tid.x", "maxntidx\", i32 128"} {
				if !strings.Contains(ll, want) {
					t.Errorf("translation lacks %q", want)
				}
			}
			runLLC(t, target, buf.Bytes())
		})
	}
}
