package nvptx

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestTensormapStrideWorkaround: with PTX 8.5 or older asked for,
// global_stride goes to tensormap.replace in 16-byte units (Triton's
// workaround for ptxas); with 8.6 or newer, and by default (which then
// asks for 8.6), in bytes.
func TestTensormapStrideWorkaround(t *testing.T) {
	src, err := os.ReadFile("testdata/golden/tensormap.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		version, wantVersion string
		shifted              bool
	}{{"8.4", "8.4", true}, {"8.5", "8.5", true}, {"8.7", "8.7", false}, {"", "8.6", false}} {
		m := parse(t, "tensormap.mlir", string(src))
		var b bytes.Buffer
		if _, err := Emit(m, Options{Arch: "sm_90a", PTXVersion: c.version}, &b); err != nil {
			t.Fatalf("PTX %q: %v", c.version, err)
		}
		ptx := b.String()
		if !strings.Contains(ptx, ".version "+c.wantVersion+"\n") {
			t.Errorf("PTX %q: want .version %s", c.version, c.wantVersion)
		}
		shift := strings.Contains(ptx, "shr.s64 %rd4, %rd2, 4;") && strings.Contains(ptx, "global_stride.shared::cta.b1024.b64 [%r3], 0, %rd4;")
		inBytes := strings.Contains(ptx, "global_stride.shared::cta.b1024.b64 [%r3], 0, %rd2;")
		if shift != c.shifted || inBytes == c.shifted {
			t.Errorf("PTX %q: stride shifted %v, in bytes %v; want shifted %v\n%s", c.version, shift, inBytes, c.shifted, ptx)
		}
	}
}
