package tttranslate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// benchCompile compiles a TTIR file to PTX in process: parsing, every
// pass with verification after each, and the PTX emitter, as
// tt-translate does minus process start-up and file output.
func benchCompile(b *testing.B, path string, warps int) {
	src, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("kernel not available: %v", err)
	}
	o := DefaultOptions()
	o.NumWarps = warps
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CompileSource(path, string(src), o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompileVectorAdd(b *testing.B) { benchCompile(b, "../../examples/vector_add.ttir", 4) }
func BenchmarkCompileSoftmax(b *testing.B)   { benchCompile(b, "../../examples/softmax.ttir", 4) }

// The perf kernels of shared/kernels/perf, when present beside the checkout.
func BenchmarkCompileLayernormDropout(b *testing.B) {
	benchCompile(b, "../../../shared/kernels/perf/layernorm_dropout_4096.ttir", 8)
}
func BenchmarkCompileOnlineSoftmax(b *testing.B) {
	benchCompile(b, "../../../shared/kernels/perf/softmax_online_8192x8192.ttir", 4)
}

func BenchmarkCompileMatmulF16(b *testing.B) {
	benchCompile(b, "../../../shared/kernels/perf/matmul_f16_4096_128x128x64_w4.ttir", 4)
}
func BenchmarkCompileMatmulF16Wide(b *testing.B) {
	benchCompile(b, "../../../shared/kernels/perf/matmul_f16_4096_128x256x64_w8.ttir", 8)
}
func BenchmarkCompileMatmulBF16Wide(b *testing.B) {
	benchCompile(b, "../../../shared/kernels/perf/matmul_bf16_4096_128x256x64_w8.ttir", 8)
}
func BenchmarkCompileAttentionD64(b *testing.B) {
	benchCompile(b, "../../../shared/kernels/perf/attention_f16_4096_d64.ttir", 4)
}
func BenchmarkCompileAttentionD128(b *testing.B) {
	benchCompile(b, "../../../shared/kernels/perf/attention_f16_4096_d128.ttir", 8)
}

// BenchmarkCompilePerf compiles every kernel of shared/kernels/perf (its
// manifest gives warps and stages) to PTX in process, one sub-benchmark
// per kernel: what `tt-translate NAME.ttir --no-cache` does minus process
// start-up and output.
func BenchmarkCompilePerf(b *testing.B) {
	dir := "../../../shared/kernels/perf"
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		b.Skipf("perf kernels not available: %v", err)
	}
	var cases []struct {
		Name      string `json:"name"`
		NumWarps  int    `json:"num_warps"`
		NumStages int    `json:"num_stages"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		b.Fatal(err)
	}
	for _, c := range cases {
		b.Run(c.Name, func(b *testing.B) {
			path := filepath.Join(dir, c.Name+".ttir")
			src, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			o := DefaultOptions()
			o.NumWarps = c.NumWarps
			if c.NumStages != 0 {
				o.NumStages = c.NumStages
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := CompileSource(path, string(src), o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
