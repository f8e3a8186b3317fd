package interp

import "testing"

// TestTritonHIPHelpers: the helpers Triton's AMD libdevice module calls
// beside OCML are functions of the interpreter.
func TestTritonHIPHelpers(t *testing.T) {
	for _, name := range []string{"fabs", "iabs", "fast_expf", "fast_tanhf", "fast_fdividef", "llrint"} {
		if externs["__triton_hip_"+name] == nil {
			t.Errorf("__triton_hip_%s is not known", name)
		}
	}
}
