package llvmir_test

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/targets/llvmir"
)

// lli is the LLVM interpreter/JIT, or "" where none is installed.
var lli = sync.OnceValue(func() string {
	for _, name := range []string{"lli-19", "/usr/lib/llvm-19/bin/lli", "lli", "/usr/lib/llvm-14/bin/lli", "lli-14"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
})

// gfx942LLVM parses and verifies the module src (named name in
// diagnostics) and returns its LLVM IR for gfx942.
func gfx942LLVM(t *testing.T, name, src string) string {
	t.Helper()
	m, err := asm.Parse(newContext(), src, asm.ParseConfig{Filename: name})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var ll bytes.Buffer
	if err := llvmir.Emit(m, llvmir.MustTarget("gfx942"), &ll); err != nil {
		t.Fatal(err)
	}
	return ll.String()
}

// runLLI runs the LLVM IR program prog with lli and returns the
// whitespace-separated words it prints, which must be n.
func runLLI(t *testing.T, prog string, n int) []string {
	t.Helper()
	cmd := exec.Command(lli(), "-")
	cmd.Stdin = strings.NewReader(prog)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("lli: %v\n%s", err, stderr.String())
	}
	got := strings.Fields(string(out))
	if len(got) != n {
		t.Fatalf("lli printed %d results, want %d", len(got), n)
	}
	return got
}

// cvtForm is one gpu.cvt between integers and floats.
type cvtForm struct {
	src, dst, rounding string
	unsigned, ftz      bool
}

func (c cvtForm) attrs() string {
	s := "rounding = " + c.rounding
	if c.ftz {
		s += ", ftz"
	}
	if c.unsigned {
		s += ", unsigned"
	}
	return s
}

var cvtBigModes = map[string]big.RoundingMode{"rn": big.ToNearestEven, "rz": big.ToZero, "rm": big.ToNegativeInf, "rp": big.ToPositiveInf}

// want is the form's result on the bits b of its operand, from exact
// arithmetic: a float rounded to an integer, clamped, NaN to 0 (and an f32
// subnormal a zero with ftz); an integer rounded to the float's precision.
func (c cvtForm) want(b uint64) uint64 {
	mode := cvtBigModes[c.rounding]
	if c.src == "i32" || c.src == "i64" {
		n := new(big.Int).SetUint64(b)
		if !c.unsigned {
			if c.src == "i32" {
				n.SetInt64(int64(int32(b)))
			} else {
				n.SetInt64(int64(b))
			}
		}
		prec := uint(53)
		if c.dst == "f32" {
			prec = 24
		}
		f, _ := new(big.Float).SetPrec(prec).SetMode(mode).SetInt(n).Float64() // exact
		if c.dst == "f32" {
			return uint64(math.Float32bits(float32(f)))
		}
		return math.Float64bits(f)
	}
	v := math.Float64frombits(b)
	if c.src == "f32" {
		v = float64(math.Float32frombits(uint32(b)))
		if c.ftz && math.Abs(v) < 0x1p-126 {
			v = 0
		}
	}
	width := 32
	if c.dst == "i64" {
		width = 64
	}
	one := big.NewInt(1)
	lo, hi := big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(one, uint(width)), one)
	if !c.unsigned {
		hi = new(big.Int).Sub(new(big.Int).Lsh(one, uint(width-1)), one)
		lo = new(big.Int).Neg(new(big.Int).Add(hi, one))
	}
	var n *big.Int
	switch {
	case math.IsNaN(v):
		return 0
	case math.IsInf(v, 1):
		n = hi
	case math.IsInf(v, -1):
		n = lo
	default:
		x := new(big.Float).SetFloat64(v)
		t, acc := x.Int(nil) // toward zero
		n = t
		away := new(big.Int).Add(t, big.NewInt(int64(x.Sign())))
		switch {
		case acc == big.Exact, mode == big.ToZero:
		case mode == big.ToNegativeInf && x.Sign() < 0, mode == big.ToPositiveInf && x.Sign() > 0:
			n = away
		case mode == big.ToNearestEven:
			frac := new(big.Float).Sub(x, new(big.Float).SetInt(t))
			switch c := frac.Abs(frac).Cmp(big.NewFloat(0.5)); {
			case c > 0, c == 0 && t.Bit(0) == 1:
				n = away
			}
		}
	}
	if n.Cmp(lo) < 0 {
		n = lo
	}
	if n.Cmp(hi) > 0 {
		n = hi
	}
	return new(big.Int).Mod(n, new(big.Int).Lsh(one, uint(width))).Uint64()
}

// TestCvtIntFloatAMDExecuted runs the AMDGCN translation of every gpu.cvt
// between integers and floats on the host with lli (LLVM's saturating
// conversions and integer operations mean the same on every target) and
// compares each result with exact arithmetic: random bit patterns, halfway
// cases, the integer ranges' ends and beyond, NaN, ±inf, ±0, subnormals.
func TestCvtIntFloatAMDExecuted(t *testing.T) {
	if lli() == "" {
		t.Skip("lli not found: the AMDGCN conversions are checked against golden files only")
	}
	r := rand.New(rand.NewSource(21))
	inputs := map[string][]uint64{
		"f32": {0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x3f000000, 0xbf000000, 0x3fc00000, 0xc0200000,
			1, 0x80000001, 0x807fffff, 0x4f000000, 0xcf000000, 0x4f800000, 0x5f000000, 0xdf000000, 0x5f800000, 0x4effffff,
			0x5f7fffff, 0x3effffff, 0xbeffffff},
		"f64": {0, 1 << 63, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0x3fe0000000000000, 0xbfe0000000000000,
			0x41e0000000000000, 0xc1e0000000000000, 0x41dfffffffe00000, 0x41efffffffe00000, 0x43e0000000000000, 0xc3e0000000000000,
			0x43f0000000000000, 0x43efffffffffffff, 0x3fdfffffffffffff, 0xc1e0000000100000, 1},
		"i32": {0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 0x1000001, 0x1000003, 0xfeffffff, 0x2000002, 0x2000006},
		"i64": {0, 1, math.MaxUint64, 1 << 63, 1<<63 - 1, 1<<63 + 1, 1<<53 + 1, 1<<54 + 2, 1<<54 + 6, 1<<24 + 1,
			math.MaxUint64 - 1<<40 + 1, math.MaxUint64 - 1<<39, 1<<63 - 1<<39, 1<<63 - 1<<39 - 1, 1<<63 - 1<<10},
	}
	for len(inputs["i64"]) < 300 {
		b := r.Uint64()
		f := b&0x800fffffffffffff | uint64(1000+r.Intn(90))<<52
		h := uint32(b)&0x807fffff | uint32(100+r.Intn(100))<<23
		inputs["f32"] = append(inputs["f32"], uint64(uint32(b>>32)), uint64(h))
		inputs["f64"] = append(inputs["f64"], b, f)
		inputs["i32"] = append(inputs["i32"], uint64(uint32(b)>>r.Intn(32)))
		inputs["i64"] = append(inputs["i64"], b>>r.Intn(64))
	}
	var forms []cvtForm
	for _, src := range []string{"f32", "f64", "i32", "i64"} {
		dsts := []string{"i32", "i64"}
		if src[0] == 'i' {
			dsts = []string{"f32", "f64"}
		}
		for _, dst := range dsts {
			for _, rnd := range []string{"rn", "rz", "rm", "rp"} {
				for _, u := range []bool{false, true} {
					forms = append(forms, cvtForm{src, dst, rnd, u, false})
					if src == "f32" {
						forms = append(forms, cvtForm{src, dst, rnd, u, true})
					}
				}
			}
		}
	}
	var mod strings.Builder
	mod.WriteString("module {\n")
	for k, c := range forms {
		fmt.Fprintf(&mod, "  llvm.func @c%d(%%x: %s) -> %s {\n    %%0 = gpu.cvt %%x {%s} : %s -> %s\n    llvm.return %%0 : %s\n  }\n",
			k, c.src, c.dst, c.attrs(), c.src, c.dst, c.dst)
	}
	mod.WriteString("}\n")
	ll := gfx942LLVM(t, "t.mlir", mod.String())
	// A host program: each function on each input of its type (a global
	// array of bits), its result's bits printed in hex, one a line.
	var prog strings.Builder
	for _, line := range strings.Split(ll, "\n") {
		if !strings.HasPrefix(line, "target ") {
			prog.WriteString(line + "\n")
		}
	}
	prog.WriteString("declare i32 @printf(i8*, ...)\n@fmt = private constant [6 x i8] c\"%llx\\0A\\00\"\n")
	words := map[string]string{"f32": "i32", "f64": "i64", "i32": "i32", "i64": "i64"}
	lltype := map[string]string{"f32": "float", "f64": "double", "i32": "i32", "i64": "i64"}
	for ty, in := range inputs {
		vals := make([]string, len(in))
		for i, b := range in {
			vals[i] = fmt.Sprintf("%s %d", words[ty], b)
		}
		fmt.Fprintf(&prog, "@in_%s = private constant [%d x %s] [%s]\n", ty, len(in), words[ty], strings.Join(vals, ", "))
	}
	prog.WriteString("define i32 @main() {\nentry:\n  br label %l0\n")
	var want []uint64
	for k, c := range forms {
		in := inputs[c.src]
		w, rw := words[c.src], words[c.dst]
		fmt.Fprintf(&prog, "l%d:\n  %%i%d = phi i64 [0, %%%s], [%%n%d, %%l%d]\n", k, k, map[bool]string{true: "entry", false: fmt.Sprintf("l%d", k-1)}[k == 0], k, k)
		fmt.Fprintf(&prog, "  %%p%d = getelementptr [%d x %s], [%d x %s]* @in_%s, i64 0, i64 %%i%d\n", k, len(in), w, len(in), w, c.src, k)
		fmt.Fprintf(&prog, "  %%w%d = load %s, %s* %%p%d\n  %%x%d = bitcast %s %%w%d to %s\n", k, w, w, k, k, w, k, lltype[c.src])
		fmt.Fprintf(&prog, "  %%r%d = call %s @c%d(%s %%x%d)\n  %%b%d = bitcast %s %%r%d to %s\n", k, lltype[c.dst], k, lltype[c.src], k, k, lltype[c.dst], k, rw)
		ext := fmt.Sprintf("%%b%d", k)
		if rw == "i32" {
			fmt.Fprintf(&prog, "  %%z%d = zext i32 %%b%d to i64\n", k, k)
			ext = fmt.Sprintf("%%z%d", k)
		}
		fmt.Fprintf(&prog, "  call i32 (i8*, ...) @printf(i8* getelementptr ([6 x i8], [6 x i8]* @fmt, i64 0, i64 0), i64 %s)\n", ext)
		fmt.Fprintf(&prog, "  %%n%d = add i64 %%i%d, 1\n  %%d%d = icmp eq i64 %%n%d, %d\n  br i1 %%d%d, label %%l%d, label %%l%d\n", k, k, k, k, len(in), k, k+1, k)
		for _, b := range in {
			want = append(want, c.want(b))
		}
	}
	fmt.Fprintf(&prog, "l%d:\n  ret i32 0\n}\n", len(forms))
	got := runLLI(t, prog.String(), len(want))
	bad, i := 0, 0
	for k, c := range forms {
		for _, b := range inputs[c.src] {
			g, err := strconv.ParseUint(got[i], 16, 64)
			if err != nil || g != want[i] {
				if bad++; bad <= 10 {
					t.Errorf("c%d gpu.cvt {%s} : %s -> %s of %#x = %s, want %#x", k, c.attrs(), c.src, c.dst, b, got[i], want[i])
				}
			}
			i++
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d results wrong", bad, len(want))
	}
}
