package resources_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/analysis/resources"
)

// A zero extent verifies (0 counts as a power of two) but no layout can
// hold it: CheckExtents names the first such value, CheckTensors too.
func TestCheckExtents(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"constant", `module {
  tt.func @k() {
    %c = arith.constant dense<0.0> : tensor<128x0xf32>
    tt.return
  }
}`, "k.mlir:3:10: error: 'arith.constant' op tensor<128x0xf32> has no elements (an extent of 0); a layout needs every extent to be a power of two of at least 1"},
		{"argument", `module {
  tt.func @k(%a: tensor<16xf32>, %b: tensor<0x16xf16>) {
    tt.return
  }
}`, "k.mlir:2:3: error: 'tt.func' op argument #1: tensor<0x16xf16> has no elements"},
		{"none", `module {
  tt.func @k(%a: tensor<16x1xf32>) {
    tt.return
  }
}`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, c.src)
			for name, check := range map[string]func() error{
				"CheckExtents": func() error { return resources.CheckExtents(m) },
				"CheckTensors": func() error { return resources.CheckTensors(m) },
			} {
				err := check()
				switch {
				case c.want == "" && err != nil:
					t.Errorf("%s: %v", name, err)
				case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
					t.Errorf("%s: got %v\nwant %q", name, err, c.want)
				}
			}
		})
	}
}
