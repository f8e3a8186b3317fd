package ttgtogpu

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// readSignatures reads a list of testdata/libdevice: a symbol and its
// types in externSignatures' letters a line.
func readSignatures(t *testing.T, path string) [][2]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			sym, sig, _ := strings.Cut(line, " ")
			rows = append(rows, [2]string{sym, sig})
		}
	}
	if err := sc.Err(); err != nil || len(rows) == 0 {
		t.Fatalf("%s: %d signatures, %v", path, len(rows), err)
	}
	return rows
}

// TestLibdeviceNames: every function of Triton 3.6's libdevice modules,
// CUDA's (__nv_) and AMD's (OCML and __triton_hip_ names), is one tt
// computes, of the same types.
func TestLibdeviceNames(t *testing.T) {
	ctx := ir.NewContext()
	types := map[byte]ir.Type{'f': ir.F32Type(ctx), 'd': ir.F64Type(ctx), 'i': ir.I32(ctx), 'l': ir.I64(ctx)}
	for _, list := range []string{"cuda.txt", "hip.txt"} {
		for _, c := range readSignatures(t, "../../testdata/libdevice/"+list) {
			sym, sig := c[0], c[1]
			nv := libdeviceNameOf(sym, types[sig[0]])
			if _, ok := externTable()[nv]; !ok {
				t.Errorf("%s (%s): %s is not an extern function tt computes", sym, sig, nv)
				continue
			}
			if want := externSignatures[nv]; want != sig {
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
