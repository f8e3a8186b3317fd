package resources

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// MaxRegistersPerThread bounds the 32-bit registers one tensor may take in
// one thread. The hardware has 255 (ptxas spills the rest to local
// memory), and Triton accepts any tile and lets ptxas spill; but the
// lowering emits per-thread code for every register of every op, so a
// 1,048,576-element tile on 4 warps (8192 registers a thread) takes tt
// seconds and Triton minutes (its issue 8908: 151 s) to produce a kernel
// that spends its time in local memory. The largest tiles real kernels
// use stay far below the bound: the largest tensor of the repository's
// and Triton's kernels, a 128x256 f32 matmul accumulator on 8 warps, is
// 256 registers; the perf set's softmax rows are at most 128. Triton's
// own tests go further: test_index1d broadcasts a 32x32x32 pointer tile
// on one warp, 2048 registers a thread, which tt lowers in a quarter of a
// second. At 2048 a tile is eight times the register file; beyond it tt
// refuses the kernel at once and says what to change.
const MaxRegistersPerThread = 2048

// MaxValuesPerThread bounds a kernel's per-thread code: the registers of
// every tensor its ops define, summed over the function, which is what the
// lowering emits per-thread operations for (and more, for an op that
// expands per element such as a libm function). Each tensor can stay
// under MaxRegistersPerThread while the kernel as a whole is absurd: the
// fuzzer's math-function kernel at 2,048 elements a thread, 102,400
// values, took 40 s to lower for gfx942 and 98 MB of LLVM IR. Real kernels
// stay far below: the largest of the 10,653 specializations Triton's
// language tests compile has 14,628, the perf set's matmuls 7,884-9,016,
// tutorial 06's attention backward pass 7,239.
const MaxValuesPerThread = 1 << 16

// libmWeight is what one per-thread value of an op that the lowering
// expands into a function body per element counts for toward
// MaxValuesPerThread: a libdevice or OCML function called through
// tt.extern_elementwise, and the math ops tt lowers to its own bodies of
// libdevice's functions (libmOps), some 20-60 per-thread operations an
// element where other ops take one to a few. Without it the bound let the
// fuzzer's math-function kernel through at 1,024 elements a thread for
// gfx942 on 4 warps (51,200 values): 641,000 lines of LLVM IR, 4.5 s to
// build, over 10 s of CPU under the fuzzer's verification.
const libmWeight = 8

// libmOps are the calls and math ops the lowering expands into a libm
// body per element on f32 (conversion/ttgtogpu: libm_trig.go for sin and
// cos, erf everywhere, libdevice's log, log2 and tanh on NVIDIA, where AMD
// takes those three from one instruction each). The others (exp, exp2, sqrt,
// rsqrt, fma, floor, ...) lower to one instruction or a few on f32, and
// expand only on f64, which the bound leaves at one a value: the weight
// is an estimate of code size for a bound against absurd kernels, not a
// count.
var libmOps = map[string]bool{
	"tt.extern_elementwise": true,
	"math.sin":              true,
	"math.cos":              true,
	"math.log":              true,
	"math.log2":             true,
	"math.erf":              true,
	"math.tanh":             true,
}

// registersOf is the 32-bit registers a thread holds for a value of type
// t: its elements per thread times the registers an element takes (at
// least one: the lowering's work is per element, packed or not). It is 0
// for values without a distributed layout, and for dot operands: those
// replicate the K extent of a tile into every thread that multiplies it
// (an FMA dot's 128x64 operand is 4096 values a thread on 8 warps), and
// the tiles they come from are checked where they are loaded.
func registersOf(t ir.Type) int64 {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || rt.Encoding == nil {
		return 0
	}
	switch rt.Encoding.(type) {
	case *ttg.DotOperandEncoding:
		return 0
	case ttg.DistributedLayout:
	default:
		return 0
	}
	words := int64(1)
	if bits := elementBits(rt.Elem); bits > 32 {
		words = int64(bits+31) / 32
	}
	return int64(ttg.TotalElemsPerThread(rt)) * words
}

func elementBits(t ir.Type) int {
	if _, ok := t.(*tt.PointerType); ok {
		return 64
	}
	return ir.BitWidth(t)
}

// shortType prints a tensor type without its layout, as a user wrote it.
func shortType(t *ir.RankedTensorType) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range t.Dims {
		fmt.Fprintf(&b, "%dx", d)
	}
	b.WriteString(asm.TypeString(t.Elem))
	b.WriteString(">")
	return b.String()
}

// sourceLoc is where to report a problem with value v defined by op: op's
// location if it points into a file, else that of v's first user that
// does (Triton gives hoisted constants loc(unknown)), else that of the
// nearest enclosing op that does.
func sourceLoc(op *ir.Operation, v ir.Value) ir.Location {
	if ir.FindFileLineCol(op.Loc()) != nil {
		return op.Loc()
	}
	for _, u := range ir.Users(v) {
		if ir.FindFileLineCol(u.Loc()) != nil {
			return u.Loc()
		}
	}
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if ir.FindFileLineCol(p.Loc()) != nil {
			return p.Loc()
		}
	}
	return op.Loc()
}

// CheckTensors checks every tensor value of module (op results and
// function arguments) for an extent of 0 (CheckExtents), against
// Triton's element limit and, when it carries a distributed layout,
// against MaxRegistersPerThread. It returns a located error for the
// first value that fails.
func CheckTensors(module *ir.Operation) error {
	warps := ttg.NumWarps(module)
	return walkTensorTypes(module, func(v ir.Value, rt *ir.RankedTensorType, at *ir.Operation, what string) error {
		if err := checkExtents(v, rt, at, what); err != nil {
			return err
		}
		if n := ir.NumElements(rt.Dims); n > tt.MaxTensorNumElements || n < 0 {
			return ir.Errorf(sourceLoc(at, v), "'%s' op %s%s has %d elements, over Triton's limit of %d (TRITON_MAX_TENSOR_NUMEL); use a smaller block", at.Name(), what, shortType(rt), n, tt.MaxTensorNumElements)
		}
		if regs := registersOf(rt); regs > MaxRegistersPerThread {
			return ir.Errorf(sourceLoc(at, v), "'%s' op %s%s needs %d registers per thread with %d warps (tt's bound is %d); use a smaller block or more warps", at.Name(), what, shortType(rt), regs, warps, MaxRegistersPerThread)
		}
		return nil
	})
}

// CheckCodeSize refuses a function whose per-thread values (the
// registers of every tensor its ops define, libmWeight times for an op that
// expands into a libm body) exceed MaxValuesPerThread,
// with an error located at the function (or, for a function without a
// file location, at its first op that has one).
func CheckCodeSize(module *ir.Operation) error {
	warps := ttg.NumWarps(module)
	var err error
	ir.WalkOps(module, func(fn *ir.Operation) {
		if err != nil || fn.Name() != "tt.func" {
			return
		}
		// A function has many values of few types: registersOf, which
		// derives a layout's elements per thread, runs once per type.
		var values int64
		regs := map[*ir.RankedTensorType]int64{}
		ir.WalkOps(fn, func(op *ir.Operation) {
			for i, n := 0, op.NumResults(); i < n; i++ {
				// Only tensors take registers here (registersOf), and a
				// concrete pointer hashes for less than an ir.Type.
				t, ok := op.Result(i).Type().(*ir.RankedTensorType)
				if !ok {
					continue
				}
				r, ok := regs[t]
				if !ok {
					r = registersOf(t)
					regs[t] = r
				}
				if libmOps[op.Name()] {
					r *= libmWeight
				}
				values += r
			}
		})
		if values > MaxValuesPerThread {
			err = ir.Errorf(functionLoc(fn), "'tt.func' op @%s lowers to %d values a thread with %d warps (tt's bound is %d: its per-thread code would take tens of seconds to build); use smaller blocks or more warps",
				ir.SymbolName(fn), values, warps, MaxValuesPerThread)
		}
	})
	return err
}

// functionLoc is where to report a problem with function fn as a whole:
// its own location if it points into a file, else that of its first op
// that does.
func functionLoc(fn *ir.Operation) ir.Location {
	loc := fn.Loc()
	if ir.FindFileLineCol(loc) != nil {
		return loc
	}
	ir.Walk(fn, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if ir.FindFileLineCol(op.Loc()) != nil {
			loc = op.Loc()
			return ir.Interrupt
		}
		return ir.Advance
	})
	return loc
}

// walkTensorTypes calls check once per distinct ranked tensor type of
// module's values (op results and block arguments), with the first value
// of that type, the op that defines it or owns its block, and, for a
// block argument, "argument #i: " to name it by.
func walkTensorTypes(module *ir.Operation, check func(v ir.Value, rt *ir.RankedTensorType, at *ir.Operation, what string) error) error {
	// The tensor types checked so far (a concrete pointer hashes for
	// less than an ir.Type).
	seen := map[*ir.RankedTensorType]bool{}
	// visit names a block argument (arg >= 0) only for a type not seen
	// before: most arguments repeat a type, and the name is rarely used.
	visit := func(v ir.Value, at *ir.Operation, arg int) error {
		rt, ok := v.Type().(*ir.RankedTensorType)
		if !ok || seen[rt] {
			return nil
		}
		seen[rt] = true
		what := ""
		if arg >= 0 {
			what = fmt.Sprintf("argument #%d: ", arg)
		}
		return check(v, rt, at, what)
	}
	var err error
	ir.Walk(module, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		for i, n := 0, op.NumResults(); i < n; i++ {
			if err = visit(op.Result(i), op, -1); err != nil {
				return ir.Interrupt
			}
		}
		for _, reg := range op.Regions() {
			for _, b := range reg.Blocks() {
				for i, n := 0, b.NumArguments(); i < n; i++ {
					if err = visit(b.Argument(i), op, i); err != nil {
						return ir.Interrupt
					}
				}
			}
		}
		return ir.Advance
	})
	return err
}
