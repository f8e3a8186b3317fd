package nvptx

import (
	"regexp"
	"strings"
	"testing"
)

// lineInfoKernel has ops at plain positions, behind a name, inlined from
// another file (a call site), with no position, and in a file whose name
// needs escaping.
const lineInfoKernel = `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%p: !llvm.ptr<1>, %x: i32) attributes {gpu.kernel} {
    %a = llvm.add %x, %x : i32 loc("k.py":16:9)
    %b = llvm.mul %a, %x : i32 loc("b"("k.py":17:4))
    %c = llvm.sub %b, %x : i32 loc(callsite("std.py":30:11 at "k.py":18:8))
    %d = llvm.xor %c, %x : i32 loc(unknown)
    %e = llvm.or %d, %x : i32 loc("odd \"name\".py":3:1)
    llvm.store %e, %p : i32, !llvm.ptr<1> loc("k.py":19:4)
    llvm.return loc("k.py":19:4)
  }
}`

// TestLineInfo: with Options.LineInfo each op's instructions follow the
// `.loc` of its source position (a name's child, an inlined call's
// callee), an op without a position keeps the previous one, each position
// is printed once per run of instructions, and the files are numbered
// from 1 in `.file` directives; without it the PTX has neither.
func TestLineInfo(t *testing.T) {
	var out strings.Builder
	if _, err := Emit(parse(t, "lineinfo", lineInfoKernel), Options{Arch: "sm_90", LineInfo: true}, &out); err != nil {
		t.Fatal(err)
	}
	ptx := out.String()
	var locs []string
	for _, m := range regexp.MustCompile(`(?m)^\t\.loc\t(.*)\n\t(\S+)`).FindAllStringSubmatch(ptx, -1) {
		locs = append(locs, m[1]+" "+m[2])
	}
	want := []string{"1 16 9 add.s32", "1 17 4 mul.lo.s32", "2 30 11 sub.s32", "3 3 1 or.b32", "1 19 4 st.global.b32"}
	if strings.Join(locs, "; ") != strings.Join(want, "; ") {
		t.Errorf(".loc lines and the instruction after each:\n got %q\nwant %q\n%s", locs, want, ptx)
	}
	if !strings.Contains(ptx, "\txor.b32") || strings.Count(ptx, ".loc") != len(want) {
		t.Errorf("the op without a position should print under the previous .loc:\n%s", ptx)
	}
	files := ".file\t1 \"k.py\"\n.file\t2 \"std.py\"\n.file\t3 \"odd \\\"name\\\".py\"\n"
	if !strings.Contains(ptx, files) {
		t.Errorf("want the files\n%s\nin\n%s", files, ptx)
	}

	out.Reset()
	if _, err := Emit(parse(t, "nolineinfo", lineInfoKernel), Options{Arch: "sm_90"}, &out); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), ".loc") || strings.Contains(out.String(), ".file") {
		t.Errorf("line information without Options.LineInfo:\n%s", out.String())
	}
}
