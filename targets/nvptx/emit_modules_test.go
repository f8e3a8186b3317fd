package nvptx

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// parseModules reads per-thread modules into one context, as a
// compilation's modules are.
func parseModules(t *testing.T, srcs ...string) []*ir.Operation {
	t.Helper()
	ctx := all.NewContext()
	gpu.Load(ctx)
	return parseModulesInto(t, func() *ir.Context { return ctx }, srcs...)
}

// parseModulesApart reads each module into a context of its own, as
// tt-translate compiles a kernel's grid-schedule variant.
func parseModulesApart(t *testing.T, srcs ...string) []*ir.Operation {
	t.Helper()
	return parseModulesInto(t, func() *ir.Context {
		ctx := all.NewContext()
		gpu.Load(ctx)
		return ctx
	}, srcs...)
}

func parseModulesInto(t *testing.T, context func() *ir.Context, srcs ...string) []*ir.Operation {
	t.Helper()
	var out []*ir.Operation
	for i, src := range srcs {
		m, err := asm.Parse(context(), src, asm.ParseConfig{Filename: "m" + string(rune('0'+i))})
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		out = append(out, m)
	}
	return out
}

const persistentModule = `module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 12 : i32, ttg.shared = 229448 : i32, ttg.maxnreg = 168 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal @claims() {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<64 x i8>
  llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %s = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    %c = llvm.mlir.addressof @claims : !llvm.ptr<1>
    llvm.return
  }
}`

const gridModule = `module attributes {"ttg.num-warps" = 4 : i32, ttg.shared = 98304 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @k__tt_grid(%p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %s = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    llvm.return
  }
}`

// Two modules' kernels in one PTX module: each entry declares its own
// module's threads and register bound and reports its own shared memory;
// what both declare (the dynamic shared memory) is declared once.
func TestEmitModules(t *testing.T) {
	mods := parseModules(t, persistentModule, gridModule)
	var out strings.Builder
	ks, err := EmitModules(mods, Options{Arch: "sm_90", ReqNTID: true}, &out)
	if err != nil {
		t.Fatal(err)
	}
	ptx := out.String()
	want := []Kernel{
		{Name: "k", NumWarps: 12, NumCTAs: 1, ClusterDims: [3]int{1, 1, 1}, Shared: 229448, Target: "sm_90"},
		{Name: "k__tt_grid", NumWarps: 4, NumCTAs: 1, ClusterDims: [3]int{1, 1, 1}, Shared: 98304, Target: "sm_90"},
	}
	if len(ks) != 2 || ks[0] != want[0] || ks[1] != want[1] {
		t.Errorf("metadata %+v, want %+v", ks, want)
	}
	k, g := strings.Index(ptx, ".entry k("), strings.Index(ptx, ".entry k__tt_grid(")
	if k < 0 || g < k {
		t.Fatalf("entries missing or out of order:\n%s", ptx)
	}
	if head := ptx[k:g]; !strings.Contains(head, ".reqntid 384, 1, 1\n.maxnreg 168") {
		t.Errorf("the first entry does not declare its module's 384 threads and 168 registers:\n%s", head)
	}
	if tail := ptx[g:]; !strings.Contains(tail, ".reqntid 128, 1, 1") || strings.Contains(tail, ".maxnreg") {
		t.Errorf("the second entry does not declare its module's 128 threads alone:\n%s", tail)
	}
	if n := strings.Count(ptx, "global_smem[]"); n != 1 {
		t.Errorf("the dynamic shared memory is declared %d times", n)
	}
	if n := strings.Count(ptx, ".global .align 4 .b8 claims[64]"); n != 1 {
		t.Errorf("the first module's global is declared %d times:\n%s", n, ptx)
	}
}

// What the modules cannot share is refused at the op, with nothing
// written: a global of one name declared two ways, a function of one
// name defined twice (two kernels of one name included).
func TestEmitModulesConflicts(t *testing.T) {
	other := strings.Replace(gridModule, `llvm.func @k__tt_grid`, `llvm.mlir.global internal @claims() {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<32 x i8>
  llvm.func @k__tt_grid`, 1)
	twice := strings.Replace(gridModule, "@k__tt_grid", "@k", 1)
	for _, c := range []struct{ name, src, want string }{
		{"global", other, "global @claims differs"},
		{"kernel", twice, "function @k is defined by two modules"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out strings.Builder
			_, err := EmitModules(parseModules(t, persistentModule, c.src), Options{Arch: "sm_90"}, &out)
			if err == nil || !strings.Contains(err.Error(), c.want) || out.Len() != 0 {
				t.Errorf("error %v (want %q), %d bytes written", err, c.want, out.Len())
			}
			if d, ok := err.(*ir.Diagnostic); !ok || ir.FindFileLineCol(d.Loc) == nil {
				t.Errorf("not a located diagnostic: %v", err)
			}
		})
	}
}

// Modules of different contexts share what they declare alike (their
// attributes are different instances of equal values) and are refused
// what they declare differently, as modules of one context are.
func TestEmitModulesFromTwoContexts(t *testing.T) {
	var out strings.Builder
	if _, err := EmitModules(parseModulesApart(t, persistentModule, gridModule), Options{Arch: "sm_90"}, &out); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "global_smem[]"); n != 1 {
		t.Errorf("the dynamic shared memory is declared %d times", n)
	}
	other := strings.Replace(gridModule, `llvm.func @k__tt_grid`, `llvm.mlir.global internal @claims() {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<32 x i8>
  llvm.func @k__tt_grid`, 1)
	out.Reset()
	if _, err := EmitModules(parseModulesApart(t, persistentModule, other), Options{Arch: "sm_90"}, &out); err == nil || !strings.Contains(err.Error(), "global @claims differs") {
		t.Errorf("a global declared two ways in two contexts: error %v", err)
	}
}
