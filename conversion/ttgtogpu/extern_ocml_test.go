package ttgtogpu

import (
	"testing"

	"github.com/ttcompiler/tt/internal/libdevicelist"
	"github.com/ttcompiler/tt/ir"
)

// TestLibdeviceNames: every function of Triton 3.6's libdevice modules,
// CUDA's (__nv_) and AMD's (OCML and __triton_hip_ names), is one tt
// computes, of the same types.
func TestLibdeviceNames(t *testing.T) {
	ctx := ir.NewContext()
	types := map[byte]ir.Type{'f': ir.F32Type(ctx), 'd': ir.F64Type(ctx), 'i': ir.I32(ctx), 'l': ir.I64(ctx)}
	for _, list := range []string{"cuda.txt", "hip.txt"} {
		sigs, err := libdevicelist.Read("../../testdata/libdevice/" + list)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range sigs {
			sym, sig := c.Symbol, c.Types
			nv := libdeviceNameOf(sym, types[sig[0]])
			if _, ok := externTable()[nv]; !ok {
				t.Errorf("%s (%s): %s is not an extern function tt computes", sym, sig, nv)
				continue
			}
			if want := externSignature(nv); want != sig {
				t.Errorf("%s (%s): %s has the signature %q", sym, sig, nv, want)
			}
		}
	}
	// Other symbols are their own; an unknown OCML function maps to no
	// function tt computes, and is refused under its own name.
	for _, sym := range []string{"__nv_expf", "__ocml_exp", "__triton_hip_nosuch", "foo"} {
		if got := libdeviceNameOf(sym, types['f']); got != sym {
			t.Errorf("libdeviceNameOf(%s) = %s, want the symbol itself", sym, got)
		}
	}
	if _, ok := externTable()[libdeviceNameOf("__ocml_nosuch_f32", types['f'])]; ok {
		t.Errorf("__ocml_nosuch_f32 names a function")
	}
}
