package transforms

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestSeparateConstOffsetsExact builds random offset computations of the
// shapes tile lowering makes (pid * 2^k + ((tid & m) << s | c), nested
// ors and adds, constants that may or may not overlap the other operand's
// bits, arbitrary arguments), runs separate-const-offset-from-gep and cse,
// and evaluates every store's address and every offset before and after
// on random thread and block indices and arguments: all must be the same.
// Most functions must be rewritten, or the test exercises nothing.
func TestSeparateConstOffsetsExact(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	rewritten := 0
	const funcs = 300
	for f := 0; f < funcs; f++ {
		src := randomOffsetFunc(rng)
		ctx := all.NewContext()
		before, err := asm.ParseString(ctx, src)
		if err != nil {
			t.Fatalf("parse: %v\n%s", err, src)
		}
		after, err := asm.ParseString(ctx, src)
		if err != nil {
			t.Fatal(err)
		}
		n := SeparateConstOffsets(after)
		if n > 0 {
			rewritten++
		}
		CSE(after)
		if err := ir.Verify(after); err != nil {
			t.Fatalf("rewritten IR does not verify: %v\n%s", err, asm.Sprint(after, asm.PrintConfig{}))
		}
		for trial := 0; trial < 64; trial++ {
			env := offsetEnv{
				tid:  uint64(rng.Intn(1024)),
				pid:  uint64(rng.Int63n(1 << 31)),
				args: []uint64{1 << 40, uint64(rng.Uint32()), uint64(rng.Uint32())},
			}
			if trial%4 == 0 {
				env.pid = 1<<31 - 1 - uint64(rng.Intn(4)) // offsets near the sign bit
			}
			want, got := evalStores(t, before, env), evalStores(t, after, env)
			if fmt.Sprint(want) != fmt.Sprint(got) {
				t.Fatalf("function %d, %+v: addresses %x, after the rewrite %x\nbefore:\n%s\nafter:\n%s",
					f, env, want, got, src, asm.Sprint(after, asm.PrintConfig{}))
			}
		}
	}
	if rewritten < funcs/2 {
		t.Errorf("only %d of %d functions rewritten", rewritten, funcs)
	}
}

// randomOffsetFunc writes a function of stores to base[offset] and of
// stores of the offsets themselves, the offsets built at random.
func randomOffsetFunc(rng *rand.Rand) string {
	var sb strings.Builder
	n := 0
	val := func(format string, a ...any) string {
		n++
		name := fmt.Sprintf("%%v%d", n)
		fmt.Fprintf(&sb, "    %s = %s\n", name, fmt.Sprintf(format, a...))
		return name
	}
	konst := func(c uint64) string { return val("llvm.mlir.constant(%d : i32) : i32", int32(uint32(c))) }
	tid := val("gpu.thread_id x : i32")
	pid := val("gpu.block_id x : i32")
	leaves := []string{"%a", "%b", tid, pid}
	k := 1 + rng.Intn(12)
	rows := val("llvm.mul %s, %s : i32", pid, konst(1<<uint(k)))
	s := rng.Intn(4)
	m := uint64(1)<<uint(rng.Intn(k+1)) - 1
	thr := val("llvm.shl %s, %s : i32", val("llvm.and %s, %s : i32", tid, konst(m)), konst(uint64(s)))
	pool := []string{rows, thr}
	var offsets []string
	for i := 0; i < 6; i++ {
		c := uint64(rng.Intn(1 << uint(s+1)))
		if rng.Intn(3) == 0 {
			c = uint64(rng.Intn(1 << uint(k+1))) // may overlap the thread's bits
		}
		if rng.Intn(8) == 0 {
			c = 1 << 31
		}
		flag := ""
		if rng.Intn(2) == 0 {
			flag = "disjoint "
		}
		inner := val("llvm.or %s%s, %s : i32", flag, thr, konst(c))
		var off string
		switch rng.Intn(5) {
		case 0: // the tile's form
			off = val("llvm.add %s, %s : i32", rows, inner)
		case 1: // the operands swapped, and an or outside
			off = val("llvm.or %s, %s : i32", val("llvm.add %s, %s : i32", inner, rows), konst(uint64(rng.Intn(4))))
		case 2: // an unknown leaf
			off = val("llvm.add %s, %s : i32", leaves[rng.Intn(len(leaves))], inner)
		case 3: // an add of a constant
			off = val("llvm.add %s, %s : i32", pool[rng.Intn(len(pool))], konst(uint64(rng.Intn(64))))
		default: // two offsets combined
			a, b := pool[rng.Intn(len(pool))], pool[rng.Intn(len(pool))]
			op := []string{"add", "or"}[rng.Intn(2)]
			off = val("llvm.%s %s, %s : i32", op, a, val("llvm.or %s, %s : i32", b, konst(uint64(rng.Intn(8)))))
		}
		pool = append(pool, off)
		offsets = append(offsets, off)
	}
	for _, off := range offsets {
		g := val("llvm.getelementptr %%base[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32", off)
		fmt.Fprintf(&sb, "    gpu.store %s, %%x : !llvm.ptr<1>, f32\n", g)
		fmt.Fprintf(&sb, "    gpu.store %%out, %s : !llvm.ptr<1>, i32\n", off)
	}
	return "module {\n  llvm.func @f(%base: !llvm.ptr<1>, %a: i32, %b: i32, %out: !llvm.ptr<1>, %x: f32) attributes {gpu.kernel} {\n" +
		sb.String() + "    llvm.return\n  }\n}\n"
}

// offsetEnv is one thread: its indices and the function's integer
// arguments (base address, %a, %b).
type offsetEnv struct {
	tid, pid uint64
	args     []uint64
}

// evalStores evaluates the stores of the one function in m: the address
// of each store to a GEP, and the value of each stored i32.
func evalStores(t *testing.T, m *ir.Operation, env offsetEnv) []uint64 {
	t.Helper()
	var fn *ir.Operation
	ir.Walk(m, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Def() == llvm.FuncOp {
			fn = op
		}
		return ir.Advance
	})
	vals := map[ir.Value]uint64{}
	entry := fn.Region(0).Blocks()[0]
	vals[entry.Argument(0)] = env.args[0]
	vals[entry.Argument(1)] = env.args[1]
	vals[entry.Argument(2)] = env.args[2]
	trunc := func(v uint64, t ir.Type) uint64 {
		if it, ok := t.(*ir.IntegerType); ok {
			return v & lowBits(it.Width)
		}
		return v
	}
	var out []uint64
	for op := entry.First(); op != nil; op = op.Next() {
		get := func(i int) uint64 { return vals[op.Operand(i)] }
		var r uint64
		switch op.Def() {
		case llvm.ConstantOp:
			c, _ := llvm.ConstantInt(op.Result(0))
			if c == nil {
				continue
			}
			r = c.Bits
		case gpu.ThreadIDOp:
			r = env.tid
		case gpu.BlockIDOp:
			r = env.pid
		case llvm.AddOp:
			r = get(0) + get(1)
		case llvm.OrOp:
			r = get(0) | get(1)
		case llvm.AndOp:
			r = get(0) & get(1)
		case llvm.MulOp:
			r = get(0) * get(1)
		case llvm.ShlOp:
			r = get(0) << get(1)
		case llvm.GEPOp:
			r = get(0)
			dyn := 1
			for _, ix := range llvm.GEPRawIndices(op) {
				i := uint64(ix)
				if ix == llvm.DynamicIndex {
					i = uint64(int64(int32(uint32(get(dyn))))) // sign-extended i32
					dyn++
				}
				r += i * 4
			}
		case gpu.StoreOp:
			if op.Operand(0) == ir.Value(entry.Argument(3)) {
				out = append(out, vals[op.Operand(1)])
			} else {
				out = append(out, vals[op.Operand(0)])
			}
			continue
		case llvm.ReturnOp:
			continue
		default:
			t.Fatalf("evalStores: unexpected op %s", op.Name())
		}
		vals[op.Result(0)] = trunc(r, op.Result(0).Type())
	}
	return out
}
