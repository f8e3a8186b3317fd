package ttlayout_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/tools/ttlayout"
)

var update = flag.Bool("update", false, "rewrite docs/layouts and docs/img")

// TestMatmulLayoutDocs regenerates docs/LAYOUTS.md's material, tt-layout's
// text and SVG for the layouts of Triton's 128x128x64 matmul kernel
// (../shared/kernels), and checks that the committed files are current.
func TestMatmulLayoutDocs(t *testing.T) {
	kernel := filepath.Join("..", "..", "..", "shared", "kernels", "matmul_f16_128x128x64_w4_s3.ttgir")
	src, err := os.ReadFile(kernel)
	if err != nil {
		t.Skip("../shared is not present")
	}
	alias := func(name string) string {
		for _, l := range strings.Split(string(src), "\n") {
			if v, ok := strings.CutPrefix(l, "#"+name+" = "); ok {
				return v
			}
		}
		t.Fatalf("no #%s in %s", name, kernel)
		return ""
	}
	docs := filepath.Join("..", "..", "docs")
	for _, c := range []struct {
		name, alias, tensor, access string
	}{
		{"matmul-blocked", "blocked", "tensor<64x128xf16>", ""},
		{"matmul-blocked1", "blocked1", "tensor<128x64xf16>", ""},
		{"matmul-mma", "mma", "tensor<128x128xf32>", ""},
		{"matmul-shared-a", "shared", "tensor<128x64xf16>", alias("blocked1")},
		{"matmul-shared-b", "shared", "tensor<64x128xf16>", alias("blocked")},
	} {
		dir := t.TempDir()
		txt, svg := filepath.Join(dir, "out.txt"), filepath.Join(dir, "out.svg")
		args := []string{"-i", kernel, "-alias-names=" + c.alias, "-t", c.tensor, "--svg", svg, "-o", txt}
		if c.access != "" {
			args = append(args, "--access", c.access)
		}
		var stderr bytes.Buffer
		if code := ttlayout.Run(args, nil, &bytes.Buffer{}, &stderr); code != 0 {
			t.Fatalf("%s: %s", c.name, stderr.String())
		}
		for _, f := range []struct{ got, want string }{
			{txt, filepath.Join(docs, "layouts", c.name+".txt")},
			{svg, filepath.Join(docs, "img", c.name+".svg")},
		} {
			got, _ := os.ReadFile(f.got)
			// The kernel's path is machine-independent in the docs.
			got = bytes.ReplaceAll(got, []byte(kernel), []byte("shared/kernels/matmul_f16_128x128x64_w4_s3.ttgir"))
			if *update {
				if err := os.WriteFile(f.want, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(f.want)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s is not tt-layout's current output (go test ./tools/ttlayout -run MatmulLayoutDocs -update)", f.want)
			}
		}
	}
}
