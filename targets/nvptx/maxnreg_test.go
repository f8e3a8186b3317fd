package nvptx

import (
	"regexp"
	"strings"
	"testing"
)

// kernelAndHelper is a kernel calling a device function, in a module of
// WARPS warps with MAXNREG spliced into its attributes.
const kernelAndHelper = `module attributes {"ttg.num-warps" = WARPS : i32MAXNREG} {
  llvm.func @helper(%x: i32) -> i32 {
    %y = llvm.add %x, %x : i32
    llvm.return %y : i32
  }
  llvm.func @k(%p: !llvm.ptr<1>, %x: i32) attributes {gpu.kernel} {
    %y = llvm.call @helper(%x) : (i32) -> i32
    llvm.store %y, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}`

// TestMaxNReg: a module's ttg.maxnreg (Triton's maxnreg option) bounds
// each kernel's registers with `.maxnreg`, between the entry's parameters
// and its body as LLVM prints it; device functions get none (Triton's
// test_maxnreg searches for exactly this), and a non-positive bound is a
// located error.
func TestMaxNReg(t *testing.T) {
	src := strings.NewReplacer("WARPS", "4", "MAXNREG", `, "ttg.maxnreg" = 42 : i32`).Replace(kernelAndHelper)
	var out strings.Builder
	if _, err := Emit(parse(t, "maxnreg", src), Options{Arch: "sm_90", ReqNTID: true}, &out); err != nil {
		t.Fatal(err)
	}
	ptx := out.String()
	if !regexp.MustCompile(`\.visible \.entry [^{;]*\.maxnreg 42`).MatchString(ptx) {
		t.Errorf("no .maxnreg 42 on the entry:\n%s", ptx)
	}
	if regexp.MustCompile(`\.func [^{;]*\.maxnreg`).MatchString(ptx) || strings.Count(ptx, ".maxnreg") != 1 {
		t.Errorf(".maxnreg outside the entry:\n%s", ptx)
	}

	out.Reset()
	if _, err := Emit(parse(t, "nomax", strings.Replace(src, `, "ttg.maxnreg" = 42 : i32`, "", 1)), Options{Arch: "sm_90"}, &out); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), ".maxnreg") {
		t.Errorf(".maxnreg without ttg.maxnreg:\n%s", out.String())
	}

	_, err := Emit(parse(t, "zero", strings.Replace(src, "42", "0", 1)), Options{Arch: "sm_90"}, &out)
	if err == nil || !strings.Contains(err.Error(), "'ttg.maxnreg' must be positive") {
		t.Errorf("want a located error for ttg.maxnreg = 0, got %v", err)
	}
}

// TestMinCTAsPerSM: a kernel of one or two warps without ttg.maxnreg
// declares `.minnctapersm 1` on its entry (ptxas would otherwise size its
// registers for 32 resident blocks); four warps, or a user's maxnreg, leave
// ptxas's choice alone.
func TestMinCTAsPerSM(t *testing.T) {
	entry := regexp.MustCompile(`\.visible \.entry [^{;]*\.minnctapersm 1`)
	for _, c := range []struct {
		warps, maxnreg string
		want           bool
	}{{"1", "", true}, {"2", "", true}, {"4", "", false}, {"8", "", false}, {"2", `, "ttg.maxnreg" = 64 : i32`, false}} {
		var out strings.Builder
		mod := strings.NewReplacer("WARPS", c.warps, "MAXNREG", c.maxnreg).Replace(kernelAndHelper)
		if _, err := Emit(parse(t, "minctas", mod), Options{Arch: "sm_90", ReqNTID: true}, &out); err != nil {
			t.Fatal(err)
		}
		ptx := out.String()
		if got := entry.MatchString(ptx); got != c.want || strings.Count(ptx, ".minnctapersm") > 1 {
			t.Errorf("%s warps%s: .minnctapersm 1 on the entry = %v, want %v:\n%s", c.warps, c.maxnreg, got, c.want, ptx)
		}
	}
}
