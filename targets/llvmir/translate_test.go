package llvmir_test

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/targets/llvmir"
)

var update = flag.Bool("update", false, "rewrite the golden .ll files")

func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	gpu.Load(ctx)
	return ctx
}

func parseFile(t *testing.T, path string) (*ir.Operation, []string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src := string(raw)
	line, _, _ := strings.Cut(src, "\n")
	archs := strings.Fields(strings.TrimPrefix(line, "// RUN-TARGETS:"))
	if !strings.HasPrefix(line, "// RUN-TARGETS:") || len(archs) == 0 {
		t.Fatalf("%s: first line must be `// RUN-TARGETS: arch...`", path)
	}
	m, err := asm.Parse(newContext(), src, asm.ParseConfig{Filename: filepath.Base(path)})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return m, archs
}

// TestGolden translates every testdata/*.mlir for each of its targets,
// compares the LLVM IR with testdata/<name>.<arch>.ll (go test -update
// rewrites them) and compiles it with llc where llc is installed.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.mlir")
	if len(files) == 0 {
		t.Fatal("no test inputs")
	}
	sort.Strings(files)
	covered := map[string]bool{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".mlir")
		m, archs := parseFile(t, f)
		ir.WalkOps(m, func(o *ir.Operation) { covered[o.Name()] = true })
		for _, arch := range archs {
			t.Run(name+"/"+arch, func(t *testing.T) {
				target, err := llvmir.ParseTarget(arch)
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				if err := llvmir.Emit(m, target, &buf); err != nil {
					t.Fatalf("translate: %v", err)
				}
				golden := filepath.Join("testdata", name+"."+arch+".ll")
				if *update {
					if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				} else if want, err := os.ReadFile(golden); err != nil {
					t.Fatalf("%v (run go test -update to create it)", err)
				} else if got := buf.String(); got != string(want) {
					t.Errorf("%s differs from the translation: %s", golden, firstDiff(string(want), got))
				}
				runLLC(t, target, buf.Bytes())
			})
		}
	}
	for _, name := range tensorCoreInputs { // tensorcore_test.go
		m, _ := parseShared(t, name)
		ir.WalkOps(m, func(o *ir.Operation) { covered[o.Name()] = true })
	}
	for _, body := range refusedGPUOps { // errors_test.go checks the refusal
		for _, f := range strings.Fields(body) {
			if strings.HasPrefix(f, "gpu.") {
				covered[f] = true
				break
			}
		}
	}
	for _, def := range gpu.Dialect.Ops {
		if !covered[def.Name] {
			t.Errorf("no translation test uses %s", def.Name)
		}
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "line " + itoa(i+1) + ":\n  want: " + al[i] + "\n  got:  " + bl[i]
		}
	}
	return "lengths differ"
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// llc finds an llc binary, newest first: LLVM 19 knows sm_90 and gfx942
// (and still reads LLVM 14's typed pointers); LLVM 14 falls back to the
// newest processors it knows.
var llc = sync.OnceValue(func() string {
	for _, name := range []string{"llc-19", "/usr/lib/llvm-19/bin/llc", "llc", "/usr/lib/llvm-14/bin/llc", "llc-14"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
})

// llcCPUs returns the processors llc knows for an -march.
var llcCPUs = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for _, march := range []string{"nvptx64", "amdgcn"} {
		cmd := exec.Command(llc(), "-march="+march, "-mcpu=help")
		b, _ := cmd.CombinedOutput()
		out[march] = string(b)
	}
	return out
})

// llcArch returns the processor to give llc for arch: arch itself if llc
// knows it, else the newest one of the same family it knows (LLVM 14
// predates sm_90 and gfx942; the code the translation produces does not
// depend on the difference, inline PTX is opaque to llc).
func llcArch(march, arch string) string {
	known := llcCPUs()[march]
	has := func(cpu string) bool {
		return strings.Contains(known, " "+cpu+" ") || strings.Contains(known, " "+cpu+"\n") || strings.Contains(known, cpu+" ")
	}
	if has(arch) {
		return arch
	}
	var fallbacks []string
	if march == "nvptx64" {
		fallbacks = []string{"sm_90", "sm_89", "sm_87", "sm_86", "sm_80"}
	} else {
		fallbacks = []string{"gfx942", "gfx941", "gfx940", "gfx90a"}
	}
	for _, f := range fallbacks {
		if has(f) {
			return f
		}
	}
	return ""
}

// runLLC compiles the LLVM IR with llc and fails the test on any error.
func runLLC(t *testing.T, target llvmir.Target, ll []byte) {
	t.Helper()
	if llc() == "" {
		t.Skip("llc not found (looked for llc-19, llc, llc-14): translation checked against the golden file only")
	}
	march := "nvptx64"
	if target.Kind == llvmir.AMDGCN {
		march = "amdgcn"
	}
	cpu := llcArch(march, target.Arch)
	if cpu == "" {
		t.Skipf("%s knows no processor of the %s family", llc(), target.Arch)
	}
	if cpu != target.Arch {
		t.Logf("%s does not know %s; compiling for %s", llc(), target.Arch, cpu)
	}
	cmd := exec.Command(llc(), "-march="+march, "-mcpu="+cpu, "-o", "-")
	cmd.Stdin = bytes.NewReader(ll)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("llc -march=%s -mcpu=%s failed: %v\n%s", march, cpu, err, stderr.String())
	}
	if target.Kind == llvmir.NVPTX && !bytes.Contains(out, []byte(".entry")) {
		t.Errorf("llc produced no kernel entry:\n%s", out)
	}
	if target.Kind == llvmir.AMDGCN && !bytes.Contains(out, []byte(".amdhsa_kernel")) {
		t.Errorf("llc produced no HSA kernel:\n%s", out)
	}
}
