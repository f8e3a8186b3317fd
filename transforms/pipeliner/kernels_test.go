package pipeliner_test

import (
	"path/filepath"
	"testing"

	"github.com/ttcompiler/tt/test/passdumps"
)

const kernels = "../../../shared/kernels"

// TestMatmulTTGIR: Triton 3.6's 128x128x64 f16 matmul (num_stages=3,
// contiguous tiles) compiled by ttir-pipeline and ttgir-pipeline for sm_90
// is Triton's own TTGIR, op for op: loads pipelined into 3-slot buffers
// with cp.async, a wgmma kept in flight (warp_group_dot_wait pendings 1),
// the prologue and the predicated kernel loop.
func TestMatmulTTGIR(t *testing.T) {
	base := filepath.Join(kernels, "matmul_f16_128x128x64_w4_s3")
	passdumps.CheckCompile(t, base+".ttir", base+".ttgir",
		"builtin.module(ttir-pipeline,ttgir-pipeline{num-warps=4 capability=90 num-stages=3})",
		"ttg.async_copy_global_to_local", "ttng.warp_group_dot_wait", "{pendings = 1 : i32}", "!ttg.memdesc<3x128x64xf16")
}
