package transforms

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestSinkDistanceBound: an op sinks past at most maxSinkDistance ops,
// counted in the block as it is when the op is visited: an op that has
// left the gap by then (sunk past the user) no longer counts. The ops
// after the visited one are kept in chunks that split past
// orderChunkMax, which this crosses many times. A gap of
// maxSinkDistance-1 makes a block of maxSinkDistance+2 ops, the longest
// block whose distances sinkBlock does not count.
func TestSinkDistanceBound(t *testing.T) {
	// %a's first user comes after gap barriers; with moved set, %m (made
	// among the barriers, used just after that user) sinks out of the gap
	// before %a is visited, which leaves it as long as without %m. (A
	// barrier separates the two stores, which would otherwise be a run
	// of stores, kept together with the ops sunk into it in front.)
	kernel := func(gap int, moved bool) string {
		var sb strings.Builder
		sb.WriteString("module attributes {\"ttg.num-warps\" = 1 : i32} {\n")
		sb.WriteString("  llvm.func @f(%p: !llvm.ptr<1>, %x: i32) attributes {gpu.kernel} {\n")
		sb.WriteString("    %a = llvm.add %x, %x : i32\n")
		for i := 0; i < gap; i++ {
			if moved && i == 100 {
				sb.WriteString("    %m = llvm.mul %x, %x : i32\n")
			}
			sb.WriteString("    gpu.barrier\n")
		}
		sb.WriteString("    gpu.store %p, %a : !llvm.ptr<1>, i32\n")
		if moved {
			sb.WriteString("    gpu.barrier\n")
			sb.WriteString("    gpu.store %p, %m : !llvm.ptr<1>, i32\n")
		}
		sb.WriteString("    llvm.return\n  }\n}\n")
		return sb.String()
	}
	// sunk reports whether %a's add ended right in front of its user.
	sunk := func(t *testing.T, src string) bool {
		t.Helper()
		out, err := runPipeline(t, "builtin.module(sink-to-uses)", src)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out, "\n")
		for i, l := range lines {
			if name, ok := strings.CutSuffix(strings.TrimSpace(l), " = llvm.add %arg1, %arg1 : i32"); ok {
				return i+1 < len(lines) && strings.Contains(lines[i+1], "gpu.store %arg0, "+name+" ")
			}
		}
		t.Fatalf("no add in the output:\n%s", out)
		return false
	}
	for _, c := range []struct {
		gap   int
		moved bool
		want  bool
	}{
		{maxSinkDistance - 1, false, true},
		{maxSinkDistance, false, true},
		{maxSinkDistance + 1, false, false},
		{maxSinkDistance, true, true},
		{maxSinkDistance + 1, true, false},
	} {
		if got := sunk(t, kernel(c.gap, c.moved)); got != c.want {
			t.Errorf("gap of %d barriers, an op leaving it %v: sunk %v, want %v", c.gap, c.moved, got, c.want)
		}
	}
}

// TestBlockOrderRespread: moving op after op in front of one place runs
// out of keys between neighbours every twenty moves; the keys, respread
// around the place, stay in block order after every move, and a block
// whose every op was moved there stays ordered too. (Keying the whole
// block each time made sink-to-uses quadratic: a 65536-element kernel of
// math functions took 111 s, now 3.)
func TestBlockOrderRespread(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("module attributes {\"ttg.num-warps\" = 1 : i32} {\n")
	sb.WriteString("  llvm.func @f(%p: !llvm.ptr<1>, %x: i32) attributes {gpu.kernel} {\n")
	const n = 300
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "    %%a%d = llvm.add %%x, %%x : i32\n", i)
	}
	sb.WriteString("    gpu.store %p, %x : !llvm.ptr<1>, i32\n    llvm.return\n  }\n}\n")
	m, err := asm.ParseString(all.NewContext(), sb.String())
	if err != nil {
		t.Fatal(err)
	}
	var b *ir.Block
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "llvm.func" {
			b = op.Region(0).Front()
		}
	})
	var ops []*ir.Operation
	for op := b.First(); op != nil; op = op.Next() {
		ops = append(ops, op)
	}
	ord := newBlockOrder(b, numberOps(ops))
	ordered := func(when string) {
		t.Helper()
		for op := b.First(); op.Next() != nil; op = op.Next() {
			if ord.keyOf(op) >= ord.keyOf(op.Next()) {
				t.Fatalf("%s: %s keyed %d, the op after it %d", when, op.Name(), ord.keyOf(op), ord.keyOf(op.Next()))
			}
		}
	}
	store := b.Terminator().Prev()
	// Each add in turn, from the first, moves in front of the store: all
	// of them go to the one place.
	for i := 0; i < n; i++ {
		op := b.First()
		prev := store.Prev()
		op.MoveBefore(store)
		ord.placeBetween(op, prev, store)
		ordered(fmt.Sprintf("move %d", i))
	}
}

// TestStoreRunGap: the stores of a run come together after the
// computations sunk between them when those are short (at most
// maxStoreGap ops), and stay where they are after long ones.
func TestStoreRunGap(t *testing.T) {
	kernel := func(chain int) string {
		var sb strings.Builder
		sb.WriteString("module attributes {\"ttg.num-warps\" = 1 : i32} {\n")
		sb.WriteString("  llvm.func @f(%p: !llvm.ptr<1>, %x: i32) attributes {gpu.kernel} {\n")
		sb.WriteString("    %a = llvm.mul %x, %x : i32\n")
		prev := "%x"
		for i := 0; i < chain; i++ {
			fmt.Fprintf(&sb, "    %%b%d = llvm.add %s, %%x : i32\n", i, prev)
			prev = fmt.Sprintf("%%b%d", i)
		}
		sb.WriteString("    gpu.store %p, %a : !llvm.ptr<1>, i32\n")
		fmt.Fprintf(&sb, "    gpu.store %%p, %s : !llvm.ptr<1>, i32\n", prev)
		sb.WriteString("    llvm.return\n  }\n}\n")
		return sb.String()
	}
	for _, c := range []struct {
		chain    int
		together bool
	}{{2, true}, {maxStoreGap, true}, {maxStoreGap + 1, false}} {
		out, err := runPipeline(t, "builtin.module(sink-to-uses)", kernel(c.chain))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out, "\n")
		first := -1
		for i, l := range lines {
			if strings.Contains(l, "gpu.store") {
				first = i
				break
			}
		}
		together := first >= 0 && strings.Contains(lines[first+1], "gpu.store")
		if together != c.together {
			t.Errorf("%d ops between the stores: together %v, want %v\n%s", c.chain, together, c.together, out)
		}
	}
}
